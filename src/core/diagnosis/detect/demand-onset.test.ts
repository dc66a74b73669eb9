import { describe, expect, it } from 'vitest'
import { asMicros } from '../../model/units.js'
import { createSeededRandom } from '../../stats/seeded-random.js'
import type { BucketGrid } from '../../timeline/buckets.js'
import { BURST_Z_HI, BURST_Z_LO } from './traffic-shift.js'
import { demandOnset, risenTraffic, STEP_Z, trafficStep } from './demand-onset.js'

const grid: BucketGrid = { fromUs: asMicros(0), stepUs: asMicros(30_000_000), count: 60 }

/** Requests per half-minute step: Poisson around `rate(step)` (normal approximation). */
function poissonSteps(seed: number, rate: (step: number) => number): Float64Array {
  const rnd = createSeededRandom(seed)
  return Float64Array.from({ length: grid.count }, (_, k) => {
    const u = Math.max(1e-9, rnd())
    const g = Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * rnd())
    const m = rate(k)
    return Math.max(0, Math.round(m + Math.sqrt(m) * g))
  })
}

describe('demandOnset', () => {
  it('finds where the requests rose by a third, at its step, past where chance reaches', () => {
    const traffic = poissonSteps(1, (k) => (k >= 6 ? 162 : 120))
    const onset = demandOnset(traffic, grid)
    expect(onset).not.toBeNull()
    expect(onset!.from).toBe(6)
    expect(onset!.to).toBe(59)
    expect(onset!.z).toBeGreaterThan(BURST_Z_HI)
    expect(onset!.rateInside / onset!.rateOutside).toBeCloseTo(1.35, 1)
  })

  it('stays below where support starts on steady traffic, over many seeds', () => {
    for (let seed = 1; seed <= 40; seed++) {
      const onset = demandOnset(
        poissonSteps(seed, () => 120),
        grid
      )
      expect(onset?.z ?? 0).toBeLessThan(BURST_Z_LO)
    }
  })

  it('does not take the start of the data for an onset: traffic that only falls has no rise', () => {
    const traffic = poissonSteps(3, (k) => (k < 10 ? 200 : 120))
    const onset = demandOnset(traffic, grid)
    // The only "rise" left is noise within the calm part: the busy start is not an onset.
    expect(onset === null || onset.z < BURST_Z_LO).toBe(true)
  })

  it("scans a week of minutes on merged steps and answers in the grid's own steps", () => {
    const week: BucketGrid = { fromUs: asMicros(0), stepUs: asMicros(60_000_000), count: 10_080 }
    const traffic = Float64Array.from({ length: week.count }, (_, k) =>
      k >= 6_000 ? 60 + (k % 7) : 40 + (k % 5)
    )
    const started = performance.now()
    const onset = demandOnset(traffic, week)
    expect(performance.now() - started).toBeLessThan(2_000)
    expect(onset).not.toBeNull()
    // Merged steps of 42 minutes: the rise is found within one of them.
    expect(Math.abs(onset!.from - 6_000)).toBeLessThan(42)
    expect(onset!.to).toBe(week.count - 1)
    expect(onset!.rateInside).toBeGreaterThan(55)
    expect(onset!.rateOutside).toBeLessThan(45)
  })

  it('is null when the data is too short to hold a baseline and a span', () => {
    expect(demandOnset(Float64Array.from([0, 120, 130, 125, 0]), grid)).toBeNull()
  })

  it('takes no drift for an onset: flat, then a straight or easing rise to 2× from mid-run', () => {
    // Before ADR 0286 the scan read these at z 6–9: a late span stands above the rest of the
    // data, and above the steps before it, with nothing happening at its start.
    const shapes: ((k: number) => number)[] = [
      (k) => 120 * (1 + Math.max(0, k - 30) / 29),
      (k) => 120 * (1 + (1 - Math.cos((Math.PI * Math.max(0, k - 25)) / 34)) / 2),
      (k) => 120 * (1 + k / 59),
    ]
    for (const rate of shapes) {
      for (let seed = 1; seed <= 20; seed++) {
        expect(demandOnset(poissonSteps(seed, rate), grid)?.z ?? 0).toBeLessThan(BURST_Z_LO)
      }
    }
  })

  it('still finds a burst that falls back, on a drift or not, at full certainty', () => {
    for (let seed = 1; seed <= 10; seed++) {
      const flat = demandOnset(
        poissonSteps(seed, (k) => (k >= 20 && k <= 30 ? 180 : 120)),
        grid
      )
      const drifting = demandOnset(
        poissonSteps(seed, (k) => 120 * (1 + k / 59) * (k >= 20 && k <= 30 ? 1.5 : 1)),
        grid
      )
      for (const onset of [flat, drifting]) {
        expect(onset!.z).toBeGreaterThan(BURST_Z_HI)
        expect(Math.abs(onset!.from - 20)).toBeLessThanOrEqual(1)
        expect(Math.abs(onset!.to - 30)).toBeLessThanOrEqual(1)
      }
    }
  })
})

describe('trafficStep and risenTraffic', () => {
  const window = { from: 40, to: 59 }

  it("reads a drift's late window as no step, and its level as no rise", () => {
    for (let seed = 1; seed <= 20; seed++) {
      const traffic = poissonSteps(seed, (k) => 120 * (1 + Math.max(0, k - 25) / 34))
      const step = trafficStep(traffic, window.from, window.to)
      expect(step.z).toBeLessThan(STEP_Z)
      // The window holds 1.5× the requests of the rest: a level, which the trend explains.
      expect(risenTraffic(traffic, grid, window.from, window.to, 1.5).ratio).toBe(1)
    }
  })

  it('reads a step of a third as a step of its size, and keeps its level', () => {
    const traffic = poissonSteps(2, (k) => (k >= 40 ? 162 : 120))
    const step = trafficStep(traffic, window.from, window.to)
    expect(step.z).toBeGreaterThan(STEP_Z)
    expect(step.ratio).toBeCloseTo(1.35, 1)
    expect(risenTraffic(traffic, grid, window.from, window.to, 1.35).ratio).toBe(1.35)
  })

  it('keeps a fall as it is', () => {
    const traffic = poissonSteps(3, () => 120)
    expect(risenTraffic(traffic, grid, window.from, window.to, 0.8).ratio).toBe(0.8)
  })
})
