/**
 * The open ends of the data.
 *
 * The end. A change needs a level of a few steps (excess-scan.ts:
 * `minSegmentSteps`), so a fault that began in the last minute can never be a segment, whatever
 * the change-point test would say of it a few minutes later. "Healthy" is a claim about the whole
 * window; where its last steps sit above the rest, the data cannot back that claim yet.
 *
 * The test is one-sided and weaker than a change point on purpose: it does not name a cause (it
 * has no shape or scope to name one by), it only keeps "healthy" from being confident about
 * minutes it could not judge.
 *
 * The start. The start of the data is where the recording began, not where anything started. A
 * window that opens before the data holds a level of its own has no "before" to compare with:
 *
 * ```
 * data          |▇▇▇▇▇▇▁▁▁▁▁▁▁▁▁▁▁▁▁▁▁▁▁▁|      |▁▁▁▁▁▁▇▇▇▇▇▇▇▇▇▇▇▇▇▇▁▁▁▁|
 * window         ^^^^^^ opens at the data     before ^^^^^^^^^^^^^^ window
 * the data shows  an end, not an onset        an onset: a change inside the data
 * ```
 *
 * The first is the tail of whatever ran before the recording (a burst, a warm-up, or simply how
 * the system was); the data cannot tell which, so it is not an incident's onset.
 */
import type { Finding } from '../../model/diagnosis.js'
import { microsFromIso } from '../../model/units.js'
import { medianOf } from '../../stats/quantile.js'
import { bucketQuantile } from '../../timeline/buckets.js'
import type { DiagnosisContext } from '../frame/context.js'
import { minSegmentSteps } from './excess-scan.js'

/**
 * Noise units (of the mean of the last steps) above which the open end is "slower than the rest":
 * about a 2 % one-sided chance for a level that did not move, a hint and not a finding.
 */
export const OPEN_END_Z = 2

export interface OpenEnd {
  measure: 'ttft' | 'tpot'
  /** Mean of the last steps' medians minus the median of the earlier steps' medians (µs). */
  shiftUs: number
  /** That shift in noise units of a mean of `steps` steps. */
  z: number
  steps: number
}

/** How far the last too-short-to-test steps of one measure's median sit above the rest. */
function openEndOf(
  ctx: DiagnosisContext,
  measure: 'ttft' | 'tpot',
  values: Float64Array
): OpenEnd | null {
  const k = minSegmentSteps(ctx.grid)
  const { values: p50 } = bucketQuantile(ctx.grid, ctx.frame.startUs, values, 0.5, undefined, 5)
  const series = Array.from(p50)
  const last = series.slice(-k).filter((v) => v === v)
  const rest = series.slice(0, -k).filter((v) => v === v)
  if (last.length < k || rest.length < 3 * k) {
    return null
  }
  const level = medianOf(rest)
  const diffs: number[] = []
  for (let i = 1; i < rest.length; i++) {
    diffs.push(Math.abs((rest[i] as number) - (rest[i - 1] as number)))
  }
  // MAD of first differences, scaled to one step's noise (a difference holds two steps' noise).
  const noise = (1.4826 * medianOf(diffs)) / Math.SQRT2
  if (!(noise > 0)) {
    return null
  }
  const shiftUs = last.reduce((a, v) => a + v, 0) / last.length - level
  return { measure, shiftUs, z: (shiftUs / noise) * Math.sqrt(last.length), steps: last.length }
}

/** The measure whose last steps sit at least {@link OPEN_END_Z} noise units high, or null. */
export function openEnd(ctx: DiagnosisContext): OpenEnd | null {
  const found = [
    openEndOf(ctx, 'ttft', ctx.frame.ttftUserUs),
    openEndOf(ctx, 'tpot', ctx.frame.tpotUs),
  ].filter((x): x is OpenEnd => x !== null && x.z >= OPEN_END_Z)
  return found.sort((a, b) => b.z - a.z)[0] ?? null
}

export interface OpenStart {
  /** Where the data's first step begins (epoch µs). */
  dataFromUs: number
  /** Where the window that opened with the data ends (epoch µs). */
  endUs: number
}

/**
 * Whether `window` opens at the start of the data: fewer than `minSegmentSteps` steps with
 * requests precede it (the least the change-point test takes for a level), while at least as
 * many follow it, so the data shows the window ending, not starting. A window that also runs to
 * the data's end holds no change in time at all and is left to what it stands on (a saturated
 * resource, a concentration). Null when the window does not open with the data.
 */
export function opensWithData(ctx: DiagnosisContext, window: Finding['window']): OpenStart | null {
  if (window === null) {
    return null
  }
  const fromUs = microsFromIso(window.start)
  const toUs = microsFromIso(window.end)
  const { grid, traffic } = ctx
  const first = traffic.findIndex((n) => n > 0)
  if (fromUs === null || toUs === null || first < 0) {
    return null
  }
  let last = traffic.length - 1
  while (last > first && !((traffic[last] as number) > 0)) {
    last--
  }
  const k = minSegmentSteps(grid)
  const dataFromUs = grid.fromUs + first * grid.stepUs
  const dataToUs = grid.fromUs + (last + 1) * grid.stepUs
  const before = Math.floor((fromUs - dataFromUs) / grid.stepUs)
  const after = Math.floor((dataToUs - toUs) / grid.stepUs)
  return before < k && after >= k ? { dataFromUs, endUs: toUs } : null
}
