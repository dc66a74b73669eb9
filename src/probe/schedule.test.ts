import { describe, expect, it } from 'vitest'
import { createSeededRandom } from '../core/stats/seeded-random.js'
import { generateArrivals, parseRateList } from './schedule.js'

const take = (gen: Generator<number>, n: number): number[] => {
  const out: number[] = []
  for (const v of gen) {
    out.push(v)
    if (out.length === n) {
      break
    }
  }
  return out
}

describe('generateArrivals', () => {
  it('spaces constant arrivals evenly at the rate', () => {
    expect(take(generateArrivals({ kind: 'constant', ratePerS: 4, seed: 1 }), 3)).toEqual([
      250, 500, 750,
    ])
  })

  it('draws Poisson arrivals whose mean gap matches the rate, reproducibly', () => {
    const a = take(generateArrivals({ kind: 'poisson', ratePerS: 10, seed: 7 }), 5000)
    const b = take(generateArrivals({ kind: 'poisson', ratePerS: 10, seed: 7 }), 5000)
    expect(a).toEqual(b)
    const meanGap = (a[a.length - 1] as number) / a.length
    expect(meanGap).toBeGreaterThan(95)
    expect(meanGap).toBeLessThan(105)
  })

  it('ramps linearly: a 0→10 req/s ramp over 10 s holds 50 arrivals', () => {
    const times = take(
      generateArrivals({
        kind: 'constant',
        ratePerS: 0,
        rampToPerS: 10,
        rampDurationMs: 10_000,
        seed: 1,
      }),
      60
    )
    expect(times.filter((t) => t <= 10_000 + 1e-6)).toHaveLength(50)
    // after the ramp the rate stays at 10 req/s
    expect((times[59] as number) - (times[58] as number)).toBeCloseTo(100, 6)
  })
})

describe('createSeededRandom / parseRateList', () => {
  it('yields values in [0, 1)', () => {
    const rng = createSeededRandom(3)
    for (let i = 0; i < 1000; i++) {
      const v = rng()
      expect(v).toBeGreaterThanOrEqual(0)
      expect(v).toBeLessThan(1)
    }
  })
  it.each([
    ['1,2,4', [1, 2, 4]],
    ['0.5, 3', [0.5, 3]],
    ['1,x', null],
    ['1,-2', null],
  ])('parses %s', (text, expected) => {
    expect(parseRateList(text)).toEqual(expected)
  })
})
