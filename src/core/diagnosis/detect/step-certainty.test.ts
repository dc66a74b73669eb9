/**
 * Certainty, not size (ADR 0230). For: a small shift that stands far above its series' per-step
 * noise is supported once it is a material share of the user's latency. Against: a large shift
 * inside a noisy series is not certain; a certain shift of a fraction of a per cent is not
 * material; a scope out of line all window long (a standing condition) has no level in time.
 */
import { describe, expect, it } from 'vitest'
import { createSeededRandom } from '../../stats/seeded-random.js'
import { anomalyLevelOverNoise, certaintySupport, levelOverNoise } from './step-certainty.js'
import type { BucketGrid } from '../../timeline/buckets.js'
import type { RequestFrame } from '../frame/frame.js'

/** 60 steps around `baseUs` with uniform noise of ±`noiseUs`, `shiftUs` higher in steps 40..59. */
function series(baseUs: number, noiseUs: number, shiftUs: number, seed = 1): Float64Array {
  const rnd = createSeededRandom(seed)
  return Float64Array.from({ length: 60 }, (_, b) => {
    return baseUs + noiseUs * (2 * rnd() - 1) + (b >= 40 ? shiftUs : 0)
  })
}

describe('level over noise', () => {
  it('for: a decode 12 % slower in every step of quiet series stands many noise units up', () => {
    // 15.4 ms per token, steps within ±0.2 ms of each other, +1.9 ms for the last 20 steps.
    const units = levelOverNoise(series(15_400, 200, 1_900), 40, 59)!
    expect(units).toBeGreaterThan(10)
    // 1.9 ms of a 15.9 ms TPOT: material, certain, fully supported.
    expect(certaintySupport(units, 1_900 / 15_900)).toBe(1)
  })

  it('against: a shift of 300 ms inside a series that swings by 400 ms is not certain', () => {
    const units = levelOverNoise(series(200_000, 400_000, 300_000), 40, 59)!
    expect(units).toBeLessThan(5)
    expect(certaintySupport(units, 300_000 / 200_000)).toBe(0)
  })

  it('against: a certain shift of a fraction of a per cent of the latency is not material', () => {
    const units = levelOverNoise(series(200, 10, 900), 40, 59)!
    expect(units).toBeGreaterThan(10)
    // 0.9 ms on a 220 ms TTFT: 0.4 %.
    expect(certaintySupport(units, 900 / 220_000)).toBe(0)
    // 4 ms is 1.8 %: nearly in full.
    expect(certaintySupport(units, 4_000 / 220_000)).toBeGreaterThan(0.8)
  })

  it('the noise is measured outside the window: a level that holds is not its own noise', () => {
    // The same shift, measured with too few steps outside to tell.
    expect(levelOverNoise(series(15_400, 200, 1_900), 3, 59)).toBeNull()
    // A constant series before the window does not make any rise infinitely certain (µs floor).
    const flat = Float64Array.from({ length: 20 }, (_, b) => (b >= 10 ? 5_000 : 200))
    expect(levelOverNoise(flat, 10, 19)).toBe(4_800)
  })

  it('against: a scope out of line all window long has no level in time (a standing condition)', () => {
    const frame = { n: 0, startUs: new Float64Array(0) } as unknown as RequestFrame
    const grid: BucketGrid = { fromUs: 0, stepUs: 30_000_000, count: 60 } as BucketGrid
    expect(
      anomalyLevelOverNoise(frame, grid, {
        buckets: null,
        seriesScope: { dimension: 'node', value: 'n2' },
        quantile: 'p50',
        excessUs: new Float64Array(0),
      })
    ).toBeNull()
    expect(certaintySupport(null, 1)).toBe(0)
  })
})
