import { describe, expect, it } from 'vitest'
import { asMicros } from '../../model/units.js'
import type { BucketGrid } from '../../timeline/buckets.js'
import { poissonSteps as poissonStepsOf } from '../testing/make-timeline.js'
import { BURST_Z_HI, BURST_Z_LO } from './traffic-shift.js'
import { demandOnset } from './demand-onset.js'

const grid: BucketGrid = { fromUs: asMicros(0), stepUs: asMicros(30_000_000), count: 60 }

/** Requests per half-minute step over the grid: Poisson around `rate(step)`. */
const poissonSteps = (seed: number, rate: (step: number) => number): Float64Array =>
  poissonStepsOf(seed, grid.count, rate)

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
})
