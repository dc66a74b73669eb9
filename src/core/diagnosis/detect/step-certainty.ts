/**
 * Certainty, not size (ADR 0230): how far a level in time stands above the step-to-step noise of
 * its own series, and the support that certainty gives a shift too small to be named by its size.
 *
 * ```
 * value per step   ·  ·   ·  ·  ·   ·  ·  ┌─·──·─·──·─·──┐
 *                  ·   ·   ·  ·  ·  ·  ·  │   window     │
 *                 ───────────────────────┘              └───
 *                  outside steps: their median is the level before, their spread the noise
 *
 *   level over noise = (median of the window's steps − median of the outside steps)
 *                      / robust spread (1.4826 × MAD) of the outside steps
 * ```
 *
 * Unlike a z of the mean difference (the scan's `clusterZ`, a change point's score), which grows
 * with the square root of the requests and steps averaged, this does not grow with the window's
 * length: it says whether the shift shows in each step on its own, the way a person reads the
 * series. A level one replica's queue swings into for a few minutes is a few noise units; a
 * decode 12 % slower everywhere, or a dependency call 3 ms slower on every request, is ten or
 * more, however small it is against the user's latency.
 */
import { medianAndSpread, quantileSorted } from '../../stats/quantile.js'
import { ramp } from '../../stats/significance.js'
import { bucketQuantile, type BucketGrid } from '../../timeline/buckets.js'
import type { RequestFrame } from '../frame/frame.js'
import { elementMask } from '../frame/frame.js'
import type { MeasureAnomaly } from './excess-scan.js'

/** Outside steps the noise is measured on: a median absolute deviation of fewer says little. */
const MIN_OUTSIDE_STEPS = 4
/** A step's value needs this many requests (the scan's own series use five). */
const MIN_STEP_REQUESTS = 5

/**
 * Level over noise at which a change in time starts to be / is fully certain. On the fault grid
 * a level one replica's queue swings into reaches about 5 on healthy and standing runs; the
 * weakest injected faults (1.2×–1.5×) stand 9 to 20 above their noise, a gateway queue hundreds.
 */
const CERTAIN_LO = 5
const CERTAIN_HI = 10

/**
 * Share of the user's typical latency a certain median shift must reach to be worth naming at
 * all / to count in full: a few milliseconds every request pays on a 200 ms first token is what a
 * slower dependency or gateway queue first looks like; under half a per cent it is not worth a
 * person's time however certain it is.
 */
const MATERIAL_LO = 0.005
const MATERIAL_HI = 0.02

/**
 * Level over noise of `series` in steps `from..to` (inclusive) against the steps outside; NaN
 * steps are skipped. Null when either side has too few steps to tell.
 */
export function levelOverNoise(series: Float64Array, from: number, to: number): number | null {
  const inside: number[] = []
  const outside: number[] = []
  series.forEach((v, b) => {
    if (v === v) {
      ;(b >= from && b <= to ? inside : outside).push(v)
    }
  })
  if (inside.length === 0 || outside.length < MIN_OUTSIDE_STEPS) {
    return null
  }
  const level = quantileSorted(Float64Array.from(inside).sort(), 0.5)
  const before = medianAndSpread(outside)
  // Values are in µs: a spread under 1 µs is a constant series, not infinite certainty.
  return (level - before.median) / Math.max(1, before.spread)
}

/**
 * Support (0..1) for a shift from its certainty: full when it stands {@link CERTAIN_HI} noise
 * units above its series and is at least {@link MATERIAL_HI} of the user's typical latency
 * (`userShare`), 0 under {@link CERTAIN_LO} units or {@link MATERIAL_LO} of the latency.
 */
export function certaintySupport(levelOverNoiseUnits: number | null, userShare: number): number {
  if (levelOverNoiseUnits === null) {
    return 0
  }
  return (
    ramp(levelOverNoiseUnits, CERTAIN_LO, CERTAIN_HI) * ramp(userShare, MATERIAL_LO, MATERIAL_HI)
  )
}

/**
 * Level over noise of an excess anomaly's own series (its scope's step median, or P99, of the
 * excess) in its window. Null when it has no window in time: a scope out of line all window long
 * has no before to stand above (a standing condition, not a change).
 */
export function anomalyLevelOverNoise(
  frame: RequestFrame,
  grid: BucketGrid,
  a: Pick<MeasureAnomaly, 'buckets' | 'seriesScope' | 'quantile' | 'excessUs'>
): number | null {
  if (a.buckets === null) {
    return null
  }
  const mask = a.seriesScope
    ? elementMask(frame, [a.seriesScope.dimension], [a.seriesScope.value])
    : undefined
  const q = a.quantile === 'p50' ? 0.5 : 0.99
  const series = bucketQuantile(grid, frame.startUs, a.excessUs, q, mask, MIN_STEP_REQUESTS)
  return levelOverNoise(series.values, a.buckets.from, a.buckets.to)
}
