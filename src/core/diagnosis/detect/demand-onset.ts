/**
 * Where the demand rose: the span of steps whose requests per step stand above the rest of the
 * window, and how certain that rise is.
 *
 * Saturation is more demand than capacity, so its onset is where the requests came, not where the
 * TTFT P99 happened to jump: a queue that grows with a modest rise in traffic lifts every request
 * a little, and its P99 per step is the noisiest thing to find that onset by (a change found
 * minutes off the rise reads "traffic 1.03×" across a window that is half before it). The count of
 * requests started in a step is Poisson, so the certainty of a rise is exact rather than measured
 * against a guessed noise: Kulldorff's scan statistic, the Poisson likelihood ratio of the rate
 * inside a span against the rate outside it, maximised over every span (the same statistic as a
 * tenant's share in traffic-shift.ts, on the count instead of the share; ADR 0243).
 *
 * A level is not a change: traffic that drifts up stands above the rest of the data over any late
 * span, at a scan z far past chance. The span the scan picks is kept as the demand's onset only as
 * far as the requests jumped at its start (traffic-jump.ts): the jump is the whole rise, or a step
 * certain on its own on top of the trend (ADR 0292).
 */
import type { Micros } from '../../model/units.js'
import type { BucketGrid } from '../../timeline/buckets.js'
import { startMask, type RequestFrame } from '../frame/frame.js'
import type { DiagnosisContext, TimeChange } from '../frame/context.js'
import { ramp } from '../../stats/significance.js'
import { minSegmentSteps } from './excess-scan.js'
import { BURST_Z_HI, BURST_Z_LO } from './traffic-shift.js'
import {
  jumpedLevel,
  jumpedShare,
  trafficExtent,
  trafficJump,
  type TrafficJump,
} from './traffic-jump.js'

export interface DemandOnset {
  /** Bucket range (inclusive) of the span with the most certain rise. */
  from: number
  to: number
  /** √(2·LLR) of that span: the maximum over every span, so chance alone reaches a few units. */
  z: number
  /** Requests per step inside / outside the span. */
  rateInside: number
  rateOutside: number
  /** The requests' jump at `from` (lines on each side); null when a side is too short. */
  jump: TrafficJump | null
  /**
   * How far the rise is that jump rather than a trend, 0..1 ({@link jumpedShare}); null when the
   * jump could not be measured.
   */
  jumped: number | null
}

/** Steps of the window the rate is measured against: a baseline, not one stray step. */
const MIN_BASELINE_STEPS = 3
/**
 * The scan is quadratic in the steps: a longer window is scanned on merged steps, as the share
 * scan is (traffic-shift.ts); a rise shorter than a merged step is a spike there.
 */
const MAX_SCAN_STEPS = 240

/** c·ln(c/e), 0 at c = 0. */
function xlogx(c: number, e: number): number {
  return c > 0 ? c * Math.log(c / e) : 0
}

/**
 * √(2·LLR) of `cin` requests over `len` steps against `cout` over `outSteps` under one common
 * Poisson rate; 0 when the inside is not the higher rate or either side has no steps.
 */
function riseZ(cin: number, len: number, cout: number, outSteps: number): number {
  if (len <= 0 || outSteps <= 0 || !(cin / len > cout / outSteps)) {
    return 0
  }
  const total = cin + cout
  const ein = (total * len) / (len + outSteps)
  return Math.sqrt(Math.max(0, 2 * (xlogx(cin, ein) + xlogx(cout, total - ein))))
}

/**
 * The span of `traffic` (requests per step) whose rate rose most certainly against the rest.
 * A span needs {@link MIN_BASELINE_STEPS} steps of data before it and must rise above them too:
 * the start of the data is not an onset (ADR 0199). Null when no span rose or the data is too
 * short.
 */
export function demandOnset(traffic: Float64Array, grid: BucketGrid): DemandOnset | null {
  const span = scanSpan(traffic, grid)
  if (span === null) {
    return null
  }
  const { first } = trafficExtent(traffic)
  const jump = trafficJump(traffic, span.from, first, span.to)
  return { ...span, jump, jumped: jumpedShare(span.rateInside - span.rateOutside, jump) }
}

const ONSET = new WeakMap<DiagnosisContext, DemandOnset | null>()

/**
 * The demand onset of a diagnosis's own traffic, scanned once per context: saturation and the
 * excess facts of every anomaly read it, and the scan is the costly part.
 */
export function contextDemandOnset(ctx: DiagnosisContext): DemandOnset | null {
  if (!ONSET.has(ctx)) {
    ONSET.set(ctx, demandOnset(ctx.traffic, ctx.grid))
  }
  return ONSET.get(ctx) ?? null
}

type ScanSpan = Omit<DemandOnset, 'jump' | 'jumped'>

function scanSpan(traffic: Float64Array, grid: BucketGrid): ScanSpan | null {
  const merge = Math.max(1, Math.ceil(traffic.length / MAX_SCAN_STEPS))
  if (merge === 1) {
    return scan(traffic, minSegmentSteps(grid))
  }
  const merged = new Float64Array(Math.ceil(traffic.length / merge))
  traffic.forEach((v, k) => {
    const b = Math.floor(k / merge)
    merged[b] = (merged[b] as number) + Math.max(0, v)
  })
  const onset = scan(merged, minSegmentSteps(grid))
  if (onset === null) {
    return null
  }
  // Back to the grid's steps: the rates stay per step, the span covers its merged steps.
  const from = onset.from * merge
  const to = Math.min(traffic.length - 1, (onset.to + 1) * merge - 1)
  return {
    from,
    to,
    z: onset.z,
    rateInside: onset.rateInside / merge,
    rateOutside: onset.rateOutside / merge,
  }
}

function scan(traffic: Float64Array, minSegment: number): ScanSpan | null {
  const n = traffic.length
  const { first, last } = trafficExtent(traffic)
  const steps = last - first + 1
  if (steps < minSegment + MIN_BASELINE_STEPS) {
    return null
  }
  const prefix = new Float64Array(n + 1)
  for (let i = 0; i < n; i++) {
    prefix[i + 1] = (prefix[i] as number) + Math.max(0, traffic[i] as number)
  }
  const total = (prefix[last + 1] as number) - (prefix[first] as number)
  let best: ScanSpan | null = null
  for (let a = first + MIN_BASELINE_STEPS; a <= last; a++) {
    const before = (prefix[a] as number) - (prefix[first] as number)
    const beforeSteps = a - first
    for (let b = a + minSegment - 1; b <= last; b++) {
      const len = b - a + 1
      const cin = (prefix[b + 1] as number) - (prefix[a] as number)
      // An onset rises from what came before it: against the rest of the window (the span is
      // the busy part of it) and against the steps before it alone (traffic that was as high
      // before is not rising, and a busy start of the data is not an onset).
      const z = Math.min(
        riseZ(cin, len, total - cin, steps - len),
        riseZ(cin, len, before, beforeSteps)
      )
      if (z > 0 && (best === null || z > best.z)) {
        best = {
          from: a,
          to: b,
          z,
          rateInside: cin / len,
          rateOutside: (total - cin) / (steps - len),
        }
      }
    }
  }
  return best
}

/**
 * A demand span as a {@link TimeChange} over `p99` (kept from the change it stands in for, so its
 * evidence still describes the latency): the requests inside it, its epoch range and its rise.
 */
export function demandChange(
  frame: RequestFrame,
  grid: BucketGrid,
  onset: DemandOnset,
  like: TimeChange
): TimeChange {
  const fromUs = (grid.fromUs + onset.from * grid.stepUs) as Micros
  const toUs = (grid.fromUs + (onset.to + 1) * grid.stepUs) as Micros
  const inWindow = startMask(frame, fromUs, toUs)
  return {
    p99: like.p99,
    result: like.result,
    elevated: {
      start: onset.from,
      end: onset.to,
      baseline: onset.rateOutside,
      elevated: onset.rateInside,
      ratio: onset.rateOutside > 0 ? onset.rateInside / onset.rateOutside : Infinity,
    },
    windowUs: { fromUs, toUs },
    inWindow,
  }
}

/**
 * Requests per step inside steps [from, to] and over the rest, each counted over the steps the
 * data covers (its first request's step to its last's): a window wider than the data holds steps
 * no request could fall in, and counting them would read as a lower rate on that side. Null when
 * either side covers no step of the data: its rate is unknown, not zero.
 */
export function trafficLevel(
  traffic: Float64Array,
  from: number,
  to: number
): { rateIn: number; rateOut: number; level: number } | null {
  const { first, last } = trafficExtent(traffic)
  if (!((traffic[first] as number) > 0)) {
    return null
  }
  let inside = 0
  let outside = 0
  let inSteps = 0
  let outSteps = 0
  for (let k = first; k <= last; k++) {
    const v = Math.max(0, traffic[k] as number)
    if (k >= from && k <= to) {
      inside += v
      inSteps++
    } else {
      outside += v
      outSteps++
    }
  }
  if (inSteps === 0 || outSteps === 0) {
    return null
  }
  const rateIn = inside / inSteps
  const rateOut = outside / outSteps
  return { rateIn, rateOut, level: rateIn / rateOut }
}

export interface RisenTraffic {
  /**
   * The window's requests per step over the rest's, as counted (a level); null when either side
   * covers no step of the data: unknown, and then `ratio` is 1, no rise the data shows.
   */
  level: number | null
  /** The part of that level that is a change: 1 + (level − 1) · jumped; a fall as counted. */
  ratio: number
  /**
   * How far the level is a jump rather than the trend, 0..1; null when no jump into the window
   * can be measured (it starts at the data's first step: there is no before), and then `ratio` is
   * 1: the data shows no rise, whatever its level (ADR 0297).
   */
  jumped: number | null
  /** The demand onset the window lies in, when that is what made the rise a change. */
  onset: DemandOnset | null
}

/**
 * How much the traffic of steps [from, to] rose: the one reading every cause that says "traffic
 * rose" shares, so a drift is none of theirs. The window's level over the rest counts as far as
 * the requests jumped at its start ({@link jumpedShare}), or as far as a demand onset past chance
 * that overlaps the window jumped at its own start: a queue lags the requests, and a latency
 * window can begin minutes into a step's plateau (ADR 0292).
 */
export function risenTraffic(
  traffic: Float64Array,
  grid: BucketGrid,
  from: number,
  to: number,
  demand: DemandOnset | null = demandOnset(traffic, grid)
): RisenTraffic {
  const counted = trafficLevel(traffic, from, to)
  if (counted === null || !(counted.rateOut > 0)) {
    return { level: null, ratio: 1, jumped: null, onset: null }
  }
  const { rateIn, rateOut, level } = counted
  const { first } = trafficExtent(traffic)
  if (level <= 1) {
    return { level, ratio: level, jumped: 1, onset: null }
  }
  const own = jumpedShare(rateIn - rateOut, trafficJump(traffic, from, first, to))
  const onset = demand
  const lies =
    onset !== null &&
    onset.jumped !== null &&
    ramp(onset.z, BURST_Z_LO, BURST_Z_HI) > 0 &&
    onset.from <= to &&
    onset.to >= from &&
    onset.jumped > (own ?? 0)
  const jumped = lies ? onset.jumped : own
  return { level, ratio: jumpedLevel(level, jumped), jumped, onset: lies ? onset : null }
}
