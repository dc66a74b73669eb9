import { describe, expect, it } from 'vitest'
import { createRng } from '../../core/stats/seeded-random.js'
import { denoisedRates } from './fit.js'

/** Per-minute counts of Poisson arrivals at `ratePerSec(minute)`. */
function counts(minutes: number, ratePerSec: (m: number) => number, seed: number): number[] {
  const rng = createRng(seed)
  return Array.from({ length: minutes }, (_, m) => {
    let c = 0
    for (let t = rng.exp(1 / ratePerSec(m)); t < 60; t += rng.exp(1 / ratePerSec(m))) {
      c++
    }
    return c
  })
}

const sd = (v: number[]): number => {
  const mean = v.reduce((a, b) => a + b, 0) / v.length
  return Math.sqrt(v.reduce((a, b) => a + (b - mean) ** 2, 0) / v.length)
}

describe('denoisedRates', () => {
  const widths = new Array<number>(20).fill(60)

  it('takes the counting noise out of a steady rate', () => {
    const c = counts(20, () => 1.5, 3)
    const { ratePerSec, weight } = denoisedRates(c, widths)
    // Raw per-minute rates swing by Poisson's sqrt(90)/60 ≈ 0.16 req/s; the rate itself does not.
    expect(sd(c.map((x) => x / 60))).toBeGreaterThan(0.08)
    expect(sd(ratePerSec)).toBeLessThan(0.5 * sd(c.map((x) => x / 60)))
    expect(weight).toBeLessThan(0.3)
    const total = ratePerSec.reduce((a, b) => a + b * 60, 0)
    expect(total / c.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 1)
  })

  it('keeps a change of rate well above the counting noise', () => {
    const c = counts(20, (m) => (m < 10 ? 0.7 : 2.8), 4)
    const { ratePerSec, weight } = denoisedRates(c, widths)
    const before = ratePerSec.slice(0, 8).reduce((a, b) => a + b, 0) / 8
    const after = ratePerSec.slice(12).reduce((a, b) => a + b, 0) / 8
    expect(after / before).toBeGreaterThan(3)
    expect(weight).toBeGreaterThan(0.5)
  })

  it('says per bin how much of its own count it kept (the share its mix is drawn from itself)', () => {
    const steady = denoisedRates(
      counts(20, () => 1.5, 3),
      widths
    )
    const jump = denoisedRates(
      counts(20, (m) => (m < 10 ? 0.7 : 2.8), 4),
      widths
    )
    expect(steady.keep).toHaveLength(20)
    expect(steady.keep.reduce((a, b) => a + b, 0) / 20).toBeCloseTo(steady.weight, 10)
    expect(Math.max(...steady.keep)).toBeLessThan(0.3)
    expect(Math.min(...jump.keep)).toBeGreaterThan(0.5)
  })
})
