/**
 * A level shift in a quiet series (ADR 0189, 0191): a stage whose median per step does not move
 * with load or tokens — a dependency's call, a region's round trips — so a rise of a tenth of it
 * is many noise units. Support grows from "a tenth" to "clearly" (40 %) slower, from 4 to 8 noise
 * units, and from adding 1 % to 4 % of the typical TTFT of the requests that pay it (a call 20 %
 * slower that adds 1 % to the first token is noted by its owner, not an incident). A rise that
 * stands far above the series' own per-step noise is supported by that certainty instead of its
 * size (ADR 0230, detect/step-certainty.ts).
 */
import { quantileSorted, sortedFinite } from '../../stats/quantile.js'
import { ramp } from '../../stats/significance.js'
import { bucketQuantile } from '../../timeline/buckets.js'
import {
  detectChangePoints,
  findElevatedSpan,
  type ElevatedSpan,
} from '../../timeline/change-points.js'
import type { DiagnosisContext } from '../frame/context.js'
import { minSegmentSteps } from './excess-scan.js'
import { certaintySupport, levelOverNoise } from './step-certainty.js'
import { WORTH_NAMING_SHARE_HI, WORTH_NAMING_SHARE_LO } from '../thresholds.js'

const RISE_LO = 0.1
const RISE_HI = 0.4
const SCORE_LO = 4
const SCORE_HI = 8
/** Requests a step needs for its median to count. */
const MIN_STEP = 10

export interface QuietShift {
  /** The elevated span in grid steps (inclusive). */
  readonly start: number
  readonly end: number
  readonly baselineUs: number
  readonly elevatedUs: number
  /** Noise units of the change points that open or close the span. */
  readonly score: number
  /** The median TTFT of the requests that pay the rise. */
  readonly typicalTtftUs: number
  /** The rise as a share of that TTFT. */
  readonly userShare: number
  readonly confidence: number
}

/**
 * The span's edges moved to the steps whose median is nearer its level than its baseline. A quiet
 * series shifts as a step, so a step is in the shift when the fault covered most of it: the edge
 * steps the fault covered in part read between the two levels, and segmentation with segments of
 * at least `minSegment` steps joins such a step to calm steps beyond it, whose joint mean still
 * clears the rise a span needs (contract seed 137 `downstream.dependency#0`: the call's median
 * 34 ms before, 75–89 ms inside, 51 ms in the step the fault left 29 s into, then 34 and 36 ms,
 * and the span ran two steps past it, 151 s; ADR 0339). The span keeps at least `minSegment`
 * steps, as {@link findElevatedSpan}'s trim does.
 */
function nearerTheLevel(
  series: Float64Array,
  span: ElevatedSpan,
  minSegment: number
): { start: number; end: number } {
  const mid = (span.baseline + span.elevated) / 2
  const inShift = (i: number): boolean => (series[i] as number) > mid
  let end = span.end
  while (end > span.start + minSegment - 1 && !inShift(end)) {
    end--
  }
  let start = span.start
  while (start < end - minSegment + 1 && !inShift(start)) {
    start++
  }
  return { start, end }
}

/**
 * The span where the median per step of `values` (over `mask`'s requests, or all) rose, sized on
 * the same requests' typical TTFT. Null when the series did not shift or the support is 0.
 */
export function quietShift(
  ctx: DiagnosisContext,
  values: Float64Array,
  mask?: Uint8Array
): QuietShift | null {
  const series = bucketQuantile(ctx.grid, ctx.frame.startUs, values, 0.5, mask, MIN_STEP).values
  // A level of two half-minute steps counts, as in the excess scan (ADR 0182): a fault in the
  // last minute of the data is a segment of its own (ADR 0216).
  const cps = detectChangePoints(series, {
    minRelativeChange: RISE_LO,
    minSegment: minSegmentSteps(ctx.grid),
  })
  const found = findElevatedSpan(cps, RISE_LO)
  if (found === null || !(found.baseline > 0)) {
    return null
  }
  const span = { ...found, ...nearerTheLevel(series, found, minSegmentSteps(ctx.grid)) }
  const score = Math.max(
    0,
    ...cps.changes
      .filter((c) => c.index === span.start || c.index === span.end + 1)
      .map((c) => c.score)
  )
  const typicalTtftUs = quantileSorted(sortedFinite(ctx.frame.ttftUserUs, mask), 0.5)
  const userShare = typicalTtftUs > 0 ? (span.elevated - span.baseline) / typicalTtftUs : 0
  // By its size (a tenth slower and more), or by its certainty: a call 20 % slower that stands
  // ten noise units above its own series in every step is a change, even at 2 % of the TTFT.
  const bySize =
    ramp(span.elevated / span.baseline - 1, RISE_LO, RISE_HI) *
    ramp(userShare, WORTH_NAMING_SHARE_LO, WORTH_NAMING_SHARE_HI)
  const byCertainty = certaintySupport(levelOverNoise(series, span.start, span.end), userShare)
  const confidence = ramp(score, SCORE_LO, SCORE_HI) * Math.max(bySize, byCertainty)
  if (!(confidence > 0)) {
    return null
  }
  return {
    start: span.start,
    end: span.end,
    baselineUs: span.baseline,
    elevatedUs: span.elevated,
    score,
    typicalTtftUs,
    userShare,
    confidence,
  }
}
