/**
 * Which value of a traffic dimension (tenant, route, model, region) sent more than its share of
 * the requests, and when: the mix-shift half of "a tenant's burst queues everyone else". ONE
 * statistic answers it wherever a burst is asked about (the excess facts, the noisy-neighbour
 * record, the queue and bandwidth records arguing against themselves; ADR 0193): Kulldorff's scan
 * statistic over time, the binomial likelihood ratio of the value's share of the requests inside
 * a span against outside it, maximised over every span.
 *
 * A share, not a count, so traffic that grew for everyone is no value's burst; a likelihood
 * ratio, not a relative threshold, so a small tenant doubling and a large one rising by a fifth
 * are judged by how certain the rise is (ADR 0185).
 *
 * A span that runs to the end of the data is a step, not a burst that came and went: it is one of
 * as many candidates as there are steps (its start), not of every pair of start and end, so
 * chance reaches less far over it and its z is weighed on its own family's scale
 * ({@link OPEN_END_Z_CREDIT}; ADR 0290).
 */
import type { Dimension } from '../../model/request.js'
import { ramp } from '../../stats/significance.js'
import { bucketOf, type BucketGrid } from '../../timeline/buckets.js'
import type { RequestFrame } from '../frame/frame.js'

export interface TrafficShift {
  dimension: Dimension
  value: string
  buckets: { from: number; to: number }
  /**
   * How certain the rise of the share is: √(2·LLR) of the best span. The maximum over every
   * span, so chance alone reaches 2–4.7 (see {@link BURST_Z_LO}).
   */
  z: number
  /**
   * `z` on the scale of the whole-window scan, which {@link BURST_Z_LO}–{@link BURST_Z_HI} and
   * {@link burstSupport} read: `z` itself, plus {@link OPEN_END_Z_CREDIT} for a span that runs
   * to the end of the data.
   */
  certainty: number
  /** The span runs to the last step of the window: a step that still holds. */
  openEnd: boolean
  /** The value's requests per step inside / outside the span. */
  rateInside: number
  rateOutside: number
  /** The value's share of all requests outside / inside the span. */
  shareOutside: number
  shareInside: number
  /** All requests per step inside / outside the span. */
  totalInside: number
  totalOutside: number
  /** Extra requests the value sent inside the span (over its rate outside it). */
  extra: number
}

/**
 * The scan maximises over every span of every value; on 61 fault-grid runs without a burst the
 * largest z was 2.1–4.7 (seeds 7–19, six tenants), so support starts at 4 and is full at 6, where
 * chance does not reach (ADR 0185).
 */
export const BURST_Z_LO = 4
export const BURST_Z_HI = 6
/**
 * What a span that runs to the end of the data adds to its z before it is read on the
 * whole-window scale. Over 784 dev-grid runs without a burst (seeds 7–137, six tenants, 60 steps)
 * the largest z over such spans stood below the largest over every span by 0.72 at the 90th
 * percentile, 0.76 at the 99th and 0.59 at the maximum (3.09 / 3.78 / 4.47 against 3.81 / 4.54 /
 * 5.06): the smallest of those gaps, so that a step to the end reaches support no more often by
 * chance than a burst anywhere does (ADR 0290).
 */
export const OPEN_END_Z_CREDIT = 0.6
/** A burst lasts at least this long: a shorter one is a spike the queue absorbs. */
export const MIN_BURST_US = 90_000_000
/** Steps of the window the share is measured against (a baseline, not one stray step). */
const MIN_BASELINE_STEPS = 3
/**
 * The value's extra requests must be at least this share of the span's traffic: fewer add no
 * load anyone waits behind, however certain the rise.
 */
const MIN_EXTRA_SHARE = 0.03
/** A value needs this many requests in the window for its share to be measured. */
const MIN_VALUE_REQUESTS = 30
/**
 * The scan is quadratic in the steps: a window of more steps is scanned on merged steps (a week
 * of minutes would be 10⁸ spans per value). A burst shorter than one merged step is a spike.
 */
const MAX_SCAN_STEPS = 240
/** Dimensions with more values than this are identifiers, not traffic classes. */
const MAX_VALUES = 200

const NO_VALUES: ReadonlySet<string> = new Set()

const TRAFFIC_DIMENSIONS: readonly Dimension[] = ['tenant', 'route', 'model', 'region']

/** How much a burst of scan certainty `z` supports a cause it drives (0..1). */
export function burstSupport(z: number): number {
  return ramp(z, BURST_Z_LO, BURST_Z_HI)
}

/** x·ln(x/expected) with 0·ln 0 = 0. */
function xlogx(x: number, expected: number): number {
  return x > 0 ? x * Math.log(x / expected) : 0
}

interface Binned {
  /** Requests per scan bin, all values. */
  total: Float64Array
  /** Scan bin → first and last grid step it holds. */
  firstStep: Int32Array
  lastStep: Int32Array
  /** Grid steps per scan bin. */
  merge: number
  /** Scan bin of each request (−1 outside the grid). */
  bin: Int32Array
}

function binRequests(frame: RequestFrame, grid: BucketGrid): Binned {
  const merge = Math.max(1, Math.ceil(grid.count / MAX_SCAN_STEPS))
  const bins = Math.ceil(grid.count / merge)
  const total = new Float64Array(bins)
  const bin = new Int32Array(frame.n)
  for (let i = 0; i < frame.n; i++) {
    const b = bucketOf(grid, frame.startUs[i] as number)
    const s = b < 0 ? -1 : Math.floor(b / merge)
    bin[i] = s
    if (s >= 0) {
      total[s] = (total[s] as number) + 1
    }
  }
  const firstStep = new Int32Array(bins)
  const lastStep = new Int32Array(bins)
  for (let s = 0; s < bins; s++) {
    firstStep[s] = s * merge
    lastStep[s] = Math.min(grid.count - 1, (s + 1) * merge - 1)
  }
  return { total, firstStep, lastStep, merge, bin }
}

export interface ShareSpan {
  /** Scan steps, inclusive. */
  from: number
  to: number
  /** √(2·LLR) of the share inside the span against outside it. */
  z: number
  /** `z` plus the open-end credit the caller gave, when the span runs to the last step. */
  certainty: number
  xIn: number
  nIn: number
  xOut: number
  nOut: number
}

/**
 * Kulldorff's scan statistic over time, binomial: the span of at least `minSteps` steps (and at
 * least {@link MIN_BASELINE_STEPS} outside it) over which `x` out of `n` per step rose most
 * certainly above its share outside the span. `accept(xIn, nIn, rateOutside, inSteps)` can
 * refuse a span (too small to matter). Spans are ranked by their certainty: z, plus
 * `openEndCredit` for a span that runs to the last step (its family's chance maximum is lower).
 * Null when no span's share rose or `x` is too thin.
 */
export function scanShareRise(
  x: ArrayLike<number>,
  n: ArrayLike<number>,
  minSteps: number,
  accept?: (xIn: number, nIn: number, rateOutside: number, inSteps: number) => boolean,
  openEndCredit = 0
): ShareSpan | null {
  const steps = n.length
  if (steps < minSteps + MIN_BASELINE_STEPS) {
    return null
  }
  const cum = new Float64Array(steps + 1)
  const cumT = new Float64Array(steps + 1)
  for (let s = 0; s < steps; s++) {
    cum[s + 1] = (cum[s] as number) + (x[s] as number)
    cumT[s + 1] = (cumT[s] as number) + (n[s] as number)
  }
  const allX = cum[steps] as number
  const allT = cumT[steps] as number
  if (allX < MIN_VALUE_REQUESTS || allX >= allT) {
    return null
  }
  const p = allX / allT
  let best: ShareSpan | null = null
  for (let a = 0; a < steps; a++) {
    for (let e = a + minSteps - 1; e < steps; e++) {
      const inSteps = e - a + 1
      if (steps - inSteps < MIN_BASELINE_STEPS) {
        break
      }
      const xIn = (cum[e + 1] as number) - (cum[a] as number)
      const nIn = (cumT[e + 1] as number) - (cumT[a] as number)
      const xOut = allX - xIn
      const nOut = allT - nIn
      if (nIn <= 0 || nOut <= 0 || xIn / nIn <= xOut / nOut) {
        continue
      }
      const llr =
        xlogx(xIn, nIn * p) +
        xlogx(nIn - xIn, nIn * (1 - p)) +
        xlogx(xOut, nOut * p) +
        xlogx(nOut - xOut, nOut * (1 - p))
      const z = Math.sqrt(Math.max(0, 2 * llr))
      const certainty = e === steps - 1 ? z + openEndCredit : z
      if (best !== null && certainty <= best.certainty) {
        continue
      }
      if (accept !== undefined && !accept(xIn, nIn, xOut / (steps - inSteps), inSteps)) {
        continue
      }
      best = { from: a, to: e, z, certainty, xIn, nIn, xOut, nOut }
    }
  }
  return best
}

/**
 * The span over which one value of `dimension` most certainly sent more than its share of the
 * requests (values in `skip` are not candidates, though they count in the traffic), or null
 * when no value's share rose (certainty below {@link BURST_Z_LO}, or its extra
 * requests under 3 % of the span's traffic). The traffic dimensions' steps that hold to the end
 * of the data are weighed on their own family's scale ({@link OPEN_END_Z_CREDIT}); a replica's
 * share (the router's) is not a traffic class and keeps the whole-window scale.
 */
export function shareBurst(
  frame: RequestFrame,
  grid: BucketGrid,
  dimension: Dimension,
  skip: ReadonlySet<string> = NO_VALUES,
  binned: Binned = binRequests(frame, grid)
): TrafficShift | null {
  const col = frame.dims[dimension]
  const k = col.values.length
  const steps = binned.total.length
  const stepUs = grid.stepUs * binned.merge
  const minSteps = Math.max(2, Math.ceil(MIN_BURST_US / stepUs))
  const credit = TRAFFIC_DIMENSIONS.includes(dimension) ? OPEN_END_Z_CREDIT : 0
  if (k < 2 || k > MAX_VALUES || steps < minSteps + MIN_BASELINE_STEPS) {
    return null
  }
  const counts = new Float64Array(k * steps)
  for (let i = 0; i < frame.n; i++) {
    const s = binned.bin[i] as number
    const c = col.codes[i] as number
    if (s >= 0 && c >= 0) {
      counts[c * steps + s] = (counts[c * steps + s] as number) + 1
    }
  }
  let best: TrafficShift | null = null
  for (let c = 0; c < k; c++) {
    if (skip.has(col.values[c] as string)) {
      continue
    }
    const x = counts.subarray(c * steps, (c + 1) * steps)
    const span = scanShareRise(
      x,
      binned.total,
      minSteps,
      (xIn, nIn, rateOutside, inSteps) => {
        // The value's extra requests must be a load someone waits behind, however certain.
        return xIn - rateOutside * inSteps >= MIN_EXTRA_SHARE * nIn
      },
      credit
    )
    if (span === null || (best !== null && span.certainty <= best.certainty)) {
      continue
    }
    const { buckets, stepsInside, stepsOutside } = onGrid(span, binned, grid)
    const rateOutside = span.xOut / stepsOutside
    best = {
      dimension,
      value: col.values[c] as string,
      buckets,
      z: span.z,
      certainty: span.certainty,
      openEnd: span.to === steps - 1,
      shareInside: span.xIn / span.nIn,
      shareOutside: span.xOut / span.nOut,
      rateInside: span.xIn / stepsInside,
      rateOutside,
      totalInside: span.nIn / stepsInside,
      totalOutside: span.nOut / stepsOutside,
      extra: span.xIn - rateOutside * stepsInside,
    }
  }
  return best !== null && best.certainty >= BURST_Z_LO ? best : null
}

/**
 * The most certain burst of any traffic dimension (by its certainty), or null. A tenant's burst
 * is found by the same scan whether the excess facts, the noisy-neighbour record or a record
 * arguing against itself asks; `minZ` is how certain the asker needs it, on the whole-window
 * scale (default: where support starts).
 */
export function findTrafficShift(
  frame: RequestFrame,
  grid: BucketGrid,
  minZ: number = BURST_Z_LO,
  dimensions: readonly Dimension[] = TRAFFIC_DIMENSIONS
): TrafficShift | null {
  const binned = binRequests(frame, grid)
  let best: TrafficShift | null = null
  for (const dimension of dimensions) {
    const shift = shareBurst(frame, grid, dimension, NO_VALUES, binned)
    if (
      shift !== null &&
      shift.certainty >= minZ &&
      (best === null || shift.certainty > best.certainty)
    ) {
      best = shift
    }
  }
  return best
}

/** A {@link ShareSpan} placed on the diagnosis grid. */
export interface GridShareSpan extends ShareSpan {
  buckets: { from: number; to: number }
  /** Grid steps inside / outside the span. */
  stepsInside: number
  stepsOutside: number
}

/**
 * The same scan over any per-request property: among the requests where `known` is 1, the span
 * of at least `minSpanUs` over which the share with `hit` = 1 rose most certainly (the share of
 * requests opening a new connection, say). Null when it did not rise or is too thin to tell.
 */
export function scanRequestShare(
  frame: RequestFrame,
  grid: BucketGrid,
  known: Uint8Array,
  hit: Uint8Array,
  minSpanUs: number
): GridShareSpan | null {
  const binned = binRequests(frame, grid)
  const steps = binned.total.length
  const x = new Float64Array(steps)
  const n = new Float64Array(steps)
  for (let i = 0; i < frame.n; i++) {
    const s = binned.bin[i] as number
    if (s >= 0 && known[i] === 1) {
      n[s] = (n[s] as number) + 1
      x[s] = (x[s] as number) + (hit[i] === 1 ? 1 : 0)
    }
  }
  const minSteps = Math.max(2, Math.ceil(minSpanUs / (grid.stepUs * binned.merge)))
  const span = scanShareRise(x, n, minSteps)
  if (span === null) {
    return null
  }
  return onGrid(span, binned, grid)
}

/**
 * A span of scan bins placed on the grid's steps, the unit every rate per step is read in: a
 * merged bin holds `merge` steps, the last one may hold fewer.
 */
function onGrid(span: ShareSpan, binned: Binned, grid: BucketGrid): GridShareSpan {
  const from = binned.firstStep[span.from] as number
  const to = binned.lastStep[span.to] as number
  return {
    ...span,
    buckets: { from, to },
    stepsInside: to - from + 1,
    stepsOutside: grid.count - (to - from + 1),
  }
}
