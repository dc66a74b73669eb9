/**
 * A change at the end of the data (ADR 0260).
 *
 * A fault that began in the data's last minute has no level of its own yet: the change-point
 * test needs a few steps after a change (excess-scan.ts: `minSegmentSteps`), so no record can be
 * judged on it, and the answer used to be `healthy` 0.5 with a hint (open-end.ts). Yet some of
 * those endings are not noise by any reading: the queue of every engine went up tenfold in the
 * last minute. This test tells such an end from the per-step noise every run has at its end.
 *
 * It compares the last `minSegmentSteps` steps with every earlier stretch of the same length,
 * not with a noise model: the per-step medians of a healthy run are heavy-tailed and correlated
 * from step to step (queues carry over), so the last minute's z against a first-difference noise
 * (open-end.ts) reaches 9 on healthy runs of the fault grid. Against its own history the question has the power of
 * the segment it has: is this stretch above every earlier stretch of the same length, and by how
 * many of the widest earlier swings (`ratio`, 1 = as high as the highest earlier stretch)?
 *
 * ```
 * per-step median   ▁▂▁▃▁▂▁▁▂▄▁▂▁▁▂▁▁▃▁▂▁▁▂▁▁▂▁▁▇█
 * earlier stretches ─────────────────────────────┘└ last stretch
 * ratio = (last − typical stretch) / (highest earlier stretch − typical stretch)
 * ```
 *
 * The end is a change when two measures agree at {@link END_RATIO} (the user's TTFT, TPOT and
 * worst inter-token gap, and the engine queue that carries most waits), or when the worst gap
 * alone cleared it while TPOT, read too, did not: tokens that come in bursts with the decode
 * speed not moved as far. TPOT alone never suffices: on a standing run of the grid (37-72) its
 * last stretch reached 4.1 of its widest swings.
 */
import { medianOf } from '../../stats/quantile.js'
import { bucketQuantile } from '../../timeline/buckets.js'
import type { DiagnosisContext } from '../frame/context.js'
import { minSegmentSteps } from './excess-scan.js'

/**
 * Widest earlier swings the last stretch must clear. Over 445 healthy and standing runs of the
 * grid (the 213 of seeds 7–47 and 232 more from seeds 1001–1012) the highest last stretches were
 * TTFT 1.9, the worst gap 2.1, the queue 2.3 and TPOT 4.1; the second measure of a run never
 * passed 2.2.
 */
export const END_RATIO = 3
/** Earlier stretches needed before the end can be compared with its history. */
const MIN_STRETCHES = 12
/** Requests a step needs for its median (as open-end.ts). */
const MIN_PER_STEP = 5

export type EndMeasure = 'ttft' | 'tpot' | 'itl_max' | 'engine.queue'

export interface EndStretch {
  measure: EndMeasure
  /** Mean of the last steps' medians (µs). */
  lastUs: number
  /** Median of the earlier stretches' means (µs). */
  typicalUs: number
  /** Highest earlier stretch's mean (µs). */
  highestUs: number
  /** (last − typical) / (highest − typical). */
  ratio: number
}

export interface EndChange {
  /** Where the last stretch begins and the data ends (epoch µs). */
  fromUs: number
  toUs: number
  steps: number
  /** The measures that cleared {@link END_RATIO}, highest ratio first. */
  moved: EndStretch[]
  /** The worst gap rose and TPOT did not: tokens held back, not produced slower. */
  stall: boolean
}

/** The last `k` steps up to `end` (exclusive) of one measure's median against every earlier stretch. */
function stretchOf(
  ctx: DiagnosisContext,
  measure: EndMeasure,
  values: Float64Array,
  first: number,
  end: number,
  k: number
): EndStretch | null {
  const { values: p50 } = bucketQuantile(
    ctx.grid,
    ctx.frame.startUs,
    values,
    0.5,
    undefined,
    MIN_PER_STEP
  )
  const s = seriesStretch(p50, first, end, k)
  return s === null ? null : { measure, ...s }
}

/** A per-step series' last `k` steps up to `end` (exclusive) against every earlier stretch. */
function seriesStretch(
  p50: Float64Array,
  first: number,
  end: number,
  k: number
): Omit<EndStretch, 'measure'> | null {
  const mean = (from: number): number => {
    let sum = 0
    for (let i = from; i < from + k; i++) {
      const v = p50[i] as number
      if (v !== v) {
        return NaN
      }
      sum += v
    }
    return sum / k
  }
  const lastUs = mean(end - k)
  if (lastUs !== lastUs) {
    return null
  }
  const earlier: number[] = []
  for (let i = first; i + k <= end - k; i++) {
    const m = mean(i)
    if (m === m) {
      earlier.push(m)
    }
  }
  if (earlier.length < MIN_STRETCHES) {
    return null
  }
  const typicalUs = medianOf(earlier)
  const highestUs = Math.max(...earlier)
  if (!(highestUs > typicalUs)) {
    return null
  }
  return {
    lastUs,
    typicalUs,
    highestUs,
    ratio: (lastUs - typicalUs) / (highestUs - typicalUs),
  }
}

/** The data's steps with requests: from the first to the last (exclusive), or null. */
function dataSteps(traffic: Float64Array): { first: number; end: number } | null {
  const first = traffic.findIndex((n) => n > 0)
  if (first < 0) {
    return null
  }
  let end = traffic.length
  while (end > first && !((traffic[end - 1] as number) > 0)) {
    end--
  }
  return { first, end }
}

/**
 * Any per-step series (not only a latency's median: a root's own series, such as the output
 * tokens per request) over the same last stretch as `end`, by the same test against its own
 * earlier stretches (ADR 0310). Null when the series has too few valued stretches or no spread.
 * The figures are in the series' own unit despite the `Us` names.
 */
export function endStretchOf(
  ctx: DiagnosisContext,
  end: EndChange,
  perStep: Float64Array
): Omit<EndStretch, 'measure'> | null {
  const steps = dataSteps(ctx.traffic)
  return steps === null ? null : seriesStretch(perStep, steps.first, steps.end, end.steps)
}

/** The change at the end of the data, or null when its last stretch is within its history. */
export function endChange(ctx: DiagnosisContext): EndChange | null {
  const { traffic, grid, frame } = ctx
  const steps = dataSteps(traffic)
  if (steps === null) {
    return null
  }
  const { first, end } = steps
  const k = minSegmentSteps(grid)
  const read = (m: EndMeasure, v: Float64Array): EndStretch | null =>
    stretchOf(ctx, m, v, first, end, k)
  const all = [
    read('ttft', frame.ttftUserUs),
    read('tpot', frame.tpotUs),
    read('itl_max', frame.itlMaxUs),
    read('engine.queue', frame.stages['engine.queue']),
  ].filter((s): s is EndStretch => s !== null)
  const moved = all.filter((s) => s.ratio >= END_RATIO).sort((a, b) => b.ratio - a.ratio)
  // TPOT was read and stayed under the line while the worst gap cleared it.
  const stall =
    moved.length === 1 && moved[0]!.measure === 'itl_max' && all.some((s) => s.measure === 'tpot')
  if (!(moved.length >= 2 || stall)) {
    return null
  }
  return {
    fromUs: grid.fromUs + (end - k) * grid.stepUs,
    toUs: grid.fromUs + end * grid.stepUs,
    steps: k,
    moved,
    stall,
  }
}
