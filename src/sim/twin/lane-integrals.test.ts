import { describe, expect, it } from 'vitest'
import { createRng } from '../../core/stats/seeded-random.js'
import { LaneIntegrals } from './lane-integrals.js'

type Added = [from: number, to: number, perUs: number][]

/** ∫ over [a, b) of the densities added to one lane, summed interval by interval. */
function bruteIntegral(added: Added, a: number, b: number): number {
  let total = 0
  for (const [from, to, perUs] of added) {
    total += perUs * Math.max(0, Math.min(b, to) - Math.max(a, from))
  }
  return total
}

function bruteDensity(added: Added, t: number): number {
  let total = 0
  for (const [from, to, perUs] of added) {
    total += from <= t && t < to ? perUs : 0
  }
  return total
}

describe('LaneIntegrals', () => {
  it('reads every lane exactly at any instants, with no grid to round them to', () => {
    const rng = createRng(11)
    const lanes = 6
    const lane = new LaneIntegrals(lanes, 4)
    const added: Added[] = Array.from({ length: lanes }, () => [])
    for (let k = 0; k < 400; k++) {
      const l = Math.floor(rng.next() * lanes)
      const from = rng.range(0, 10_000)
      const to = from + rng.range(0.001, 2_000)
      const perUs = rng.range(-1, 5)
      lane.add(l, from, to, perUs)
      added[l]!.push([from, to, perUs])
    }
    // Some intervals share an end, as a step's requests do.
    lane.add(2, 500, 700, 1)
    lane.add(2, 700, 900, 1)
    added[2]!.push([500, 700, 1], [700, 900, 1])
    for (let k = 0; k < 300; k++) {
      const l = Math.floor(rng.next() * lanes)
      const a = rng.range(-500, 12_500)
      const b = a + rng.range(0, 3_000)
      expect(lane.integral(l, a, b)).toBeCloseTo(bruteIntegral(added[l]!, a, b), 6)
      expect(lane.densityAt(l, a)).toBeCloseTo(bruteDensity(added[l]!, a), 9)
    }
    expect(lane.densityAt(2, 700)).toBeCloseTo(bruteDensity(added[2]!, 700), 9)
    const times = Float64Array.from({ length: 200 }, () => rng.range(-100, 12_100)).sort()
    const out = new Float64Array(times.length)
    for (let l = 0; l < lanes; l++) {
      lane.densitiesAt(l, times, out)
      times.forEach((t, j) => expect(out[j]).toBe(lane.densityAt(l, t)))
    }
    expect(lane.fromUs).toBe(Math.min(...added.flat().map((x) => x[0])))
  })

  it('keeps a short interval inside a long window its own', () => {
    const lane = new LaneIntegrals(3)
    lane.add(1, 0, 20_000_000_000, 0.5)
    lane.add(1, 10_000_000_023, 10_000_000_027, 2)
    expect(lane.integral(1, 10_000_000_020, 10_000_000_030)).toBeCloseTo(5 + 8, 6)
    expect(lane.densityAt(1, 10_000_000_025)).toBe(2.5)
    expect(lane.integral(0, 0, 100)).toBe(0)
    expect(lane.densityAt(2, 5)).toBe(0)
    expect(() => lane.add(0, 1, 2, 1)).toThrow()
  })
})
