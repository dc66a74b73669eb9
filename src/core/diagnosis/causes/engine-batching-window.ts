/**
 * `engine.batching_window` — requests wait for a dynamic batching window; worst at LOW traffic,
 * GPU not busy.
 *
 * Evidence needed: engine spans (`engine.queue`); waiting-requests and GPU series sharpen it.
 * For: the engine queue's floor (its fastest tenth per step) stepped up, more than its median in
 * proportion, by a wait that holds over enough steps to be certain (ADR 0215), against the
 * spread of the steps outside it too (ADR 0356), or, on a span that ends the data, by its
 * requests below the earlier requests' fastest tenth (ADR 0364); on any span the steps' rise counts
 * only as far as that count, read against every request outside the span, confirms that every
 * request waited (ADR 0390); or its median
 * stepped up by a fixed wait (P90 rising about as much as P50), with no more traffic and no
 * backlog (a window switched on); or the median request's engine queue time is a large part of
 * the median TTFT although hardly any requests are waiting and
 * the GPU is not busy (queueing without a queue is the anomaly); queue time is higher in quiet
 * steps than busy ones (negative correlation with traffic). Against: many waiting requests or a
 * busy GPU (that is saturation); queue time rising with traffic; a typical step's P90 rising
 * faster than its median by more than two standard errors (a tail growing with load); over a
 * queue that was empty before, a floor that did not rise with the median (ADR 0302). A backlog
 * that stood on both sides is said as such, not as "no backlog" (ADR 0330).
 * Actions (CONTRACT §5.1): shrink the batch wait window for interactive traffic; separate
 * latency- and throughput-class pools.
 */
import type { Evidence } from '../../model/diagnosis.js'
import { medianShift, quantileSorted, sortedFinite } from '../../stats/quantile.js'
import { binomialLowerLog10, ramp, spearman } from '../../stats/significance.js'
import { bucketOf, bucketQuantile } from '../../timeline/buckets.js'
import { detectChangePoints, findElevatedSpan } from '../../timeline/change-points.js'
import { asMicros, isoFromMicros } from '../../model/units.js'
import { type DiagnosisContext, changeBuckets } from '../frame/context.js'
import { meanOutside, meanOver } from '../resources.js'
import { trafficLevel } from '../detect/demand-onset.js'
import type { CauseRecord, RuleResult } from './record.js'
import { resourceLevel, stageStat } from '../detect/shifts.js'
import { stepsInOut } from '../detect/step-rise.js'
import { minSegmentSteps } from '../detect/excess-scan.js'
import { FAMILY_ALPHA } from '../detect/peer-share.js'
import { decimals, figure, fmtUs, pct, round } from '../explain/text.js'
import { missingEvidence } from '../explain/evidence.js'

/** Rise of the median engine queue per step (inside / outside) at which support starts / is full. */
const ONSET_LO = 1.5
const ONSET_HI = 3
/**
 * The same rise in units of its own standard error, from the change-point detector's per-step
 * noise and the number of steps on each side, at which support starts / is full. The start is the
 * detector's own line for a split (4); a rise that holds for many steps is certain even when each
 * step is within the noise, so a long segment at a level counts, not the size of one step against
 * the noise (ADR 0215, which replaces the per-step measure of ADR 0184).
 */
const ONSET_Z_LO = 4
const ONSET_Z_HI = 8
/**
 * Orders of magnitude beyond the per-request floor test's bound at which its support is full: the
 * bound is where chance stops for a span scanned over every position; two more decades are the
 * routing lines' span between a bound and full support (ADR 0364).
 */
const FLOOR_COUNT_DECADES = 2

/** Added wait (µs) at which support starts / is full. */
const ADDED_LO = 5_000
const ADDED_HI = 30_000
/**
 * How much more the P90 may rise than the P50 for the rise to count as a shift of the whole
 * distribution (a fixed wait) rather than a tail that grows with load (saturation).
 */
const SPREAD_LO = 1.6
const SPREAD_HI = 2.8
/**
 * Standard errors of the tail's extra rise (P90's rise less P50's) that are within its noise and
 * not counted against a window: a per-step P90 on long outputs moves by hundreds of ms from step
 * to step, and over the six steps before a window that opens at the third minute, a 100 ms extra
 * rise is within its noise (ADR 0267).
 */
const TAIL_SE = 2
/**
 * The queue's floor: the quantile whose rise says that every request waits, even the luckiest.
 * A batch window adds its wait to all of them; a queue that grows with load scales each request's
 * wait, and its fastest tenth hardly moves (for an exponential wait, P10 is a seventh of P50).
 * The floor is also the least noisy part of the queue, so a window is seen there first.
 */
const FLOOR_Q = 0.1
/**
 * How much more the floor must rise than the median, both relative to their own levels, for the
 * rise to count as a wait added to every request: a queue that scales with load lifts every
 * quantile by the same factor (1); an added wait lifts the floor by the same time as the median,
 * which is several times its level (ADR 0215).
 */
const FLOOR_LIFT_LO = 1
const FLOOR_LIFT_HI = 2
/**
 * Requests waiting per replica, on average, from which an arriving request typically finds
 * another ahead of it: the engine holds a standing backlog, and "no more waiting" no longer means
 * "nobody waiting".
 */
const STANDING_BACKLOG = 1
/**
 * The same test in time, where the queue was empty before (its median or floor outside is zero):
 * the share of the median's rise that the floor rose by. A wait drawn between half and all of
 * the window lifts the floor by about two thirds of the median's rise; a backlog, in which some
 * requests still find a free slot, leaves the floor near zero (ADR 0302).
 */
const FLOOR_SHARE_LO = 0.2
const FLOOR_SHARE_HI = 0.5

/** Mean of a per-step series over bucket range [from, to] and outside it. */
function inOut(
  series: Float64Array,
  from: number,
  to: number
): { inside: number; outside: number } {
  return { inside: meanOver(series, from, to), outside: meanOutside(series, from, to) }
}

/**
 * Median over the steps of a per-step series inside [from, to] against outside it: the level most
 * steps sit at, and the standard error of that shift from the steps' robust spread. A per-step P90
 * of the queue jumps tenfold in the minute a backlog forms behind a few heavy requests, and the
 * mean over steps follows those minutes wherever they fall.
 */
function typicalShift(
  series: Float64Array,
  from: number,
  to: number
): { inside: number; outside: number; shift: number; se: number } {
  const inside = new Uint8Array(series.length)
  const outside = new Uint8Array(series.length)
  for (let i = 0; i < series.length; i++) {
    inside[i] = i >= from && i <= to ? 1 : 0
    outside[i] = 1 - (inside[i] as number)
  }
  const a = sortedFinite(series, inside)
  const b = sortedFinite(series, outside)
  if (a.length === 0 || b.length === 0) {
    return { inside: NaN, outside: NaN, shift: NaN, se: NaN }
  }
  const { shift, se } = medianShift(a, b, 0)
  return { inside: quantileSorted(a, 0.5), outside: quantileSorted(b, 0.5), shift, se }
}

interface Onset {
  from: number
  to: number
  /** The rise of the series the span was found on, in units of its standard error. */
  z: number
  /** Support from the rise's size and certainty, 0..1. */
  support: number
  /** Set when the span was found on the queue's floor: its level outside and inside. */
  floor: { outside: number; inside: number } | null
  /** The floor read per request, where it carries the onset's certainty (ADR 0364). */
  count: FloorCount | null
}

interface FloorCount {
  /** Requests in the span. */
  n: number
  /** Of them, the ones that waited less than the fastest tenth of the requests outside the span. */
  below: number
  /** The share of the requests outside below it (a tenth, less ties). */
  share: number
  /** The fastest tenth of the requests outside the span (µs). */
  threshold: number
  /** log10 of the chance of so few below it, binomial at the share outside. */
  log10P: number
  /** Which requests the fastest tenth was read on, as the evidence says it. */
  reference: 'before' | 'outside it'
}

/**
 * Where the queue rose: first on its floor (every request waits more, ADR 0215), else on its
 * median (ADR 0184). The certainty of a rise is its size against the standard error of a mean
 * over that many steps on each side, not against one step's noise.
 */
function onsetSpan(ctx: DiagnosisContext, queue: Float64Array): Onset | null {
  const floor = bucketQuantile(ctx.grid, ctx.frame.startUs, queue, FLOOR_Q).values
  const minSegment = minSegmentSteps(ctx.grid)
  const onFloor = spanOf(floor, minSegment)
  if (onFloor !== null) {
    const level = inOut(floor, onFloor.from, onFloor.to)
    // The count is the window's own claim, that every request waited, the luckiest too; a
    // level of a few steps is not: a busier stretch lifts it while the luckiest requests are
    // still served at once (ADR 0390: a minute of long prompts lifted the floor on half the
    // replicas, the rest's stayed). So the count bounds the steps' support wherever it can be
    // read. On a span that ends the data, after a before at least as long as itself, it is the
    // support: there its null was measured to hold (39 fault-free dev runs, worst 10⁻⁵·⁵ against
    // the bound's 10⁻⁶·³). Over spans in the middle a busy stretch lifts many requests' waits
    // at once, more than a binomial allows (two of the same runs reach 10⁻⁸ and 10⁻⁶·⁴), and a
    // before of a step or two reads the data's start, not the queue (ADR 0364): there the count
    // is too lenient to carry an onset, and only holds back one it cannot confirm.
    const last = floor.length - 1
    const span = onFloor.to - onFloor.from + 1
    const count = floorCount(ctx, queue, onFloor.from, onFloor.to)
    const carries = onFloor.to === last && onFloor.from >= span
    // The steps' floors are a tenth of each step's requests; the requests themselves are ten times
    // as many draws. The count is read against chance over every span the change points could
    // have chosen (Bonferroni at the routing lines' family-wise rate), since the span was chosen
    // where the floor stood highest (ADR 0364).
    const spans = (floor.length * (floor.length + 1)) / 2
    const bound = Math.log10(spans / FAMILY_ALPHA)
    const perRequest =
      count === null ? null : ramp(-count.log10P, bound, bound + FLOOR_COUNT_DECADES)
    const perStep = ramp(onFloor.z, ONSET_Z_LO, ONSET_Z_HI)
    const support =
      perRequest === null ? perStep : carries ? perRequest : Math.min(perStep, perRequest)
    return {
      ...onFloor,
      support,
      floor: level,
      count: perRequest !== null && perRequest !== perStep && support === perRequest ? count : null,
    }
  }
  const p50 = bucketQuantile(ctx.grid, ctx.frame.startUs, queue, 0.5).values
  const onMedian = spanOf(p50, minSegment)
  if (onMedian === null) {
    return null
  }
  const mid = inOut(p50, onMedian.from, onMedian.to)
  const ratio = mid.outside > 0 ? mid.inside / mid.outside : ONSET_HI
  return {
    ...onMedian,
    support: Math.max(ramp(ratio, ONSET_LO, ONSET_HI), ramp(onMedian.z, ONSET_Z_LO, ONSET_Z_HI)),
    floor: null,
    count: null,
  }
}

/**
 * The floor read per request: of the requests in the span, how many waited less than the fastest
 * tenth of the requests outside it (before it, for a span that ends the data). A window adds its
 * wait to every request, so hardly any fall below that floor; without a change each falls below
 * it with the share the requests outside did, and the count is binomial (ADR 0364). The requests
 * after a span in the middle count too: a before of the data's first minutes alone reads where
 * the data starts, lower than the queue's usual floor (ADR 0390). Null when either side holds no
 * request, or when no request outside is below that floor.
 */
function floorCount(
  ctx: DiagnosisContext,
  queue: Float64Array,
  from: number,
  to: number
): FloorCount | null {
  const outside: number[] = []
  let after = 0
  const inside: number[] = []
  for (let i = 0; i < queue.length; i++) {
    const v = queue[i] as number
    if (!Number.isFinite(v)) {
      continue
    }
    const b = bucketOf(ctx.grid, ctx.frame.startUs[i] as number)
    if (b >= 0 && (b < from || b > to)) {
      outside.push(v)
      after += b > to ? 1 : 0
    } else if (b >= from && b <= to) {
      inside.push(v)
    }
  }
  if (outside.length === 0 || inside.length === 0) {
    return null
  }
  const sorted = Float64Array.from(outside).sort()
  const threshold = quantileSorted(sorted, FLOOR_Q)
  const share = outside.filter((v) => v < threshold).length / outside.length
  // A queue of ties at zero outside has no request below its floor, and a count against it
  // says nothing: unknown, not "none below" (ADR 0390).
  if (share === 0) {
    return null
  }
  const below = inside.filter((v) => v < threshold).length
  return {
    n: inside.length,
    below,
    share,
    threshold,
    log10P: binomialLowerLog10(below, inside.length, share),
    reference: after > 0 ? 'outside it' : 'before',
  }
}

/** A tail probability from its log10, as "3e-10". */
function pValueText(log10P: number): string {
  const exponent = Math.floor(log10P)
  return `${decimals(10 ** (log10P - exponent), 0)}e${exponent}`
}

function spanOf(
  series: Float64Array,
  minSegment: number
): { from: number; to: number; z: number } | null {
  const changes = detectChangePoints(series, { minRelativeChange: 0.5, minSegment })
  const span = findElevatedSpan(changes, 0.5)
  if (span === null || !(changes.noise > 0)) {
    return null
  }
  // A window switches on: a span that opens at the data's first step has no before, and the
  // start of the data is not an onset (a level that falls there is a window switched off).
  const first = series.findIndex((v) => Number.isFinite(v))
  if (span.start <= first) {
    return null
  }
  const level = inOut(series, span.start, span.end)
  const [inside, outside] = stepsInOut(series, span.start, span.end)
  if (inside.length === 0 || outside.length === 0) {
    return null
  }
  // The change points read the noise from the steps' differences (their median), so that a
  // spike does not hide a split; but the floor per step is skewed (single steps at two or three
  // times its level), and a short span is as few steps as a run of spikes. Its certainty is read
  // against the spread of the steps outside it too, spikes and all (ADR 0356).
  const noise = Math.max(changes.noise, spreadOf(outside))
  const se = noise * Math.sqrt(1 / inside.length + 1 / outside.length)
  return { from: span.start, to: span.end, z: (level.inside - level.outside) / se }
}

/** Standard deviation of `values` (not a robust spread: the spikes are what it must keep). */
function spreadOf(values: readonly number[]): number {
  const mean = values.reduce((sum, v) => sum + v, 0) / values.length
  return Math.sqrt(values.reduce((sum, v) => sum + (v - mean) ** 2, 0) / values.length)
}

/**
 * A batch window switched on (or widened) within the data: the engine queue's floor (or its
 * median) per step steps up, the whole distribution moves by about the same wait (P90 rises
 * little more than P50, the floor much more than the median in proportion), and neither traffic
 * nor the engines' backlog grew with it. Null when the queue did not step up.
 */
function windowOnset(ctx: DiagnosisContext): RuleResult {
  const queue = ctx.frame.stages['engine.queue']
  const onset = onsetSpan(ctx, queue)
  if (onset === null) {
    return null
  }
  const { from, to } = onset
  const p50Steps = bucketQuantile(ctx.grid, ctx.frame.startUs, queue, 0.5).values
  const p90Steps = bucketQuantile(ctx.grid, ctx.frame.startUs, queue, 0.9).values
  const mid = inOut(p50Steps, from, to)
  const medianRise = mid.inside - mid.outside
  // On the floor, the wait every request gained is the floor's rise; the median's own rise is
  // noisier and, at the floor's onset, may be within its noise.
  const added = onset.floor ? onset.floor.inside - onset.floor.outside : medianRise
  if (!(added > 0)) {
    return null
  }
  // Whether the tail rose with the median is read on the steps' typical levels: on long outputs
  // the mean of the per-step P90 is a few backlog minutes' (a P90 of 5–10 s in 2 of 30 steps),
  // which made a wait added to every request read as a tail growing 3–4.6× faster than its median.
  // Only the part of the tail's extra rise beyond its own noise argues against the window: a
  // counter-test that its noise alone can pass is no evidence (ADR 0267).
  const p50Typical = typicalShift(p50Steps, from, to)
  const p90Typical = typicalShift(p90Steps, from, to)
  const typicalRise = p50Typical.shift
  const tailExtra = p90Typical.shift - typicalRise
  const tailSe = Math.hypot(p90Typical.se, p50Typical.se)
  const tailCertain = Math.max(0, tailExtra - TAIL_SE * (Number.isFinite(tailSe) ? tailSe : 0))
  const spread = typicalRise > 0 ? 1 + tailCertain / typicalRise : 1
  // Over the steps the data covers: the empty steps of a window wider than the data are no
  // lower rate, and with no data on one side no rise is known.
  const traffic = trafficLevel(ctx.traffic, from, to)
  const trafficRatio = traffic?.level ?? 1
  let confidence =
    onset.support *
    ramp(added, ADDED_LO, ADDED_HI) *
    (1 - ramp(spread, SPREAD_LO, SPREAD_HI)) *
    (1 - ramp(trafficRatio, 1.1, 1.3))
  const fromUs = ctx.grid.fromUs + from * ctx.grid.stepUs
  const toUs = Math.min(ctx.input.window.toUs, ctx.grid.fromUs + (to + 1) * ctx.grid.stepUs)
  const at = isoFromMicros(asMicros(fromUs))
  const evidence: Evidence[] = []
  // A queue that scales with load lifts its floor by the same factor as its median; a wait added
  // to every request lifts the floor more. Judged whichever series found the onset.
  const floorLevel =
    onset.floor ??
    inOut(bucketQuantile(ctx.grid, ctx.frame.startUs, queue, FLOOR_Q).values, from, to)
  // Where nobody waited before (a level of zero outside), the rise in proportion is undefined;
  // the rise in time still tells the two apart: a window adds its wait to the luckiest request
  // too, while a backlog (slower tokens holding the slots, more requests) lifts the median and
  // leaves the requests that found a free slot at no wait (ADR 0302).
  const relative = floorLevel.outside > 0 && mid.outside > 0
  const floorRise = floorLevel.inside - floorLevel.outside
  const lift = relative
    ? (floorLevel.inside / floorLevel.outside - 1) / Math.max(mid.inside / mid.outside - 1, 1e-9)
    : floorRise / Math.max(medianRise, 1e-9)
  const floorSupport = relative
    ? ramp(lift, FLOOR_LIFT_LO, FLOOR_LIFT_HI)
    : ramp(lift, FLOOR_SHARE_LO, FLOOR_SHARE_HI)
  confidence *= floorSupport
  const floorAgainst: Evidence | null =
    floorSupport < 1
      ? {
          stage: 'engine.queue',
          observed: round(floorLevel.inside / 1000),
          baseline: round(floorLevel.outside / 1000),
          text: `against: the fastest tenth of requests' engine.queue per step went from ${fmtUs(floorLevel.outside)} to ${fmtUs(floorLevel.inside)} while the median rose by ${fmtUs(medianRise)}: the luckiest requests did not wait the window, a backlog rather than a wait added to every request`,
        }
      : null
  if (onset.floor) {
    const { outside, inside } = onset.floor
    evidence.push({
      stage: 'engine.queue',
      observed: round(inside / 1000),
      baseline: round(outside / 1000),
      text: `the fastest tenth of requests' engine.queue per step rose from ${fmtUs(outside)} to ${fmtUs(inside)} at ${at} (z=${figure(onset.z, 1)} over ${to - from + 1} steps), the median from ${fmtUs(mid.outside)} to ${fmtUs(mid.inside)}: every request waits about ${fmtUs(added)} more, a fixed wait rather than a growing tail`,
    })
  } else {
    evidence.push({
      stage: 'engine.queue',
      observed: round(mid.inside / 1000),
      baseline: round(mid.outside / 1000),
      text: `the median engine.queue per step rose from ${fmtUs(mid.outside)} to ${fmtUs(mid.inside)} at ${at}, and its P90 by ${fmtUs(p90Typical.shift)} on a typical step: every request waits about ${fmtUs(added)} more, a fixed wait rather than a growing tail`,
    })
  }
  if (onset.count !== null) {
    const { n, below, share, threshold, log10P, reference } = onset.count
    // The count either carried the onset (ADR 0364) or held it back (ADR 0390).
    const carried = onset.support >= ramp(onset.z, ONSET_Z_LO, ONSET_Z_HI)
    const counted = `${below} of ${n} requests from ${at} waited less than ${fmtUs(threshold)} in engine.queue, the fastest tenth of the requests ${reference}, where chance gives ${figure(n * share, 1)} (P=${pValueText(log10P)})`
    evidence.push({
      stage: 'engine.queue',
      observed: below,
      baseline: round(n * share),
      text: carried
        ? `${counted}: the window's wait reached the luckiest requests`
        : `against: ${counted}, not beyond chance over the spans the scan could choose: the luckiest requests did not all wait`,
    })
  }
  if (floorAgainst !== null) {
    evidence.push(floorAgainst)
  }
  evidence.push(
    traffic === null
      ? {
          metric: 'requests_per_step',
          observed: null,
          baseline: null,
          text: 'requests per step meanwhile: unknown against the rest, the data holds no step outside the window',
        }
      : {
          metric: 'requests_per_step',
          observed: round(traffic.rateIn),
          baseline: round(traffic.rateOut),
          text: `traffic ${decimals(trafficRatio, 2)}× meanwhile: the wait did not come with more requests`,
        }
  )
  const waiting = resourceLevel(ctx, 'waiting', { from, to })
  if (waiting) {
    // A batch window makes requests wait without a backlog; a backlog that grew is saturation.
    const grew = Number.isFinite(waiting.outside) && waiting.inside > 1.5 * waiting.outside + 0.5
    confidence *= grew ? 0.3 : 1
    // Requests waiting on both sides: a backlog stood the whole time, and what did not change is
    // its size, not its presence. A window over it stays named (ADR 0330): every run with engine
    // metrics here holds such a backlog, the injected windows included.
    const standing =
      waiting.inside >= STANDING_BACKLOG &&
      Number.isFinite(waiting.outside) &&
      waiting.outside >= STANDING_BACKLOG
    evidence.push({
      metric: waiting.view.metric,
      observed: round(waiting.inside),
      baseline: round(waiting.outside),
      text: grew
        ? `against: ${waiting.view.metric} grew to ${figure(waiting.inside, 1)} per replica from ${figure(waiting.outside, 1)}: a backlog, not a window`
        : standing
          ? `${waiting.view.metric} ${figure(waiting.inside, 1)} per replica vs ${figure(waiting.outside, 1)} outside: a standing backlog that did not grow with the wait`
          : `${waiting.view.metric} ${figure(waiting.inside, 1)} per replica vs ${figure(waiting.outside, 1)} outside: no backlog behind the wait`,
    })
  } else {
    confidence *= 0.8
  }
  const kv = resourceLevel(ctx, 'kv_usage', { from, to })
  if (kv !== null && kv.peak >= 0.95) {
    confidence *= 0.3
  }
  if (!(confidence > 0)) {
    return null
  }
  return {
    confidence,
    scope: { dimension: null, value: null },
    window: { start: isoFromMicros(asMicros(fromUs)), end: isoFromMicros(asMicros(toUs)) },
    evidence,
  }
}

/** Median of the known values (µs); NaN when none is known. */
function typicalOf(values: Float64Array): number {
  const sorted = sortedFinite(values)
  return sorted.length > 0 ? quantileSorted(sorted, 0.5) : NaN
}

export const engineBatchingWindowCause: CauseRecord = {
  cause: 'engine.batching_window',
  label: 'Requests wait for the batching window',
  measure: 'ttft',
  chain: ['batch wait window', 'engine queue'],
  // A queue that grows by a fixed wait with no backlog and no more traffic is the window's.
  explains: ['engine.queue_saturation'],
  needs: 'engine spans (`engine.queue`); waiting-requests and GPU (SM activity) series sharpen it.',
  predicts:
    'switched on within the data: the fastest tenth of the engine queue per step steps up (≥ 1.5×, by 4–8 standard errors over the steps on each side, in the larger of the steps’ noise and the spread of the steps outside, or, on a span that ends the data, fewer of its requests below the earlier requests’ fastest tenth than a binomial allows over every span the scan could choose; on any span the steps’ rise counts only as far as that count, read against every request outside the span, confirms it, ≥ 5–30 ms, more than the median in proportion: every request waits, the luckiest too), or the median steps up (≥ 1.5–3×) by about the same wait as its P90 (the P90 of a typical step rising faster than its median counts against only beyond two standard errors); with no more traffic and no backlog; a backlog that stood on both sides (≥ 1 waiting per replica) is said, not held against it. Standing: the median engine queue time is a large part of the median TTFT (≥ 20–45 %: every request waits, not a few in a backlog) although hardly any requests wait (< 0.5–2 per replica) and the GPU is not busy: queueing without a queue. Worse when traffic is quiet (only judged when traffic really swings). Needs an anomaly: without a waiting-requests series and without queue time falling as traffic rises, a batch window cannot be told from ordinary queueing; the rule stays below 0.3.',
  against:
    'a backlog of waiting requests; a busy GPU (SM activity); a full KV cache; over a queue that was empty before, a floor that rose by less than a fifth to a half of the median’s rise in time (the luckiest requests did not wait: a backlog, such as the one slower tokens leave, not a window); as many requests of the floor’s span below the fastest tenth of the requests outside it as chance over the spans the scan could choose allows (the luckiest requests were still served at once: a busier stretch, not a window).',
  actions: [
    'shrink the batch wait window for interactive traffic',
    'separate latency- and throughput-class pools',
  ],
  evaluate(ctx) {
    const q = stageStat(ctx.ttftStages, 'engine.queue')
    if (!q || (q.presence ?? 0) === 0) {
      return { skipped: 'no engine spans: engine queue time unknown' }
    }
    const onset = windowOnset(ctx)
    if (onset !== null) {
      return onset
    }
    // A batch window makes every request wait, so the typical request shows it: the medians,
    // not the means. A backlog now and then (a slow replica's bursts, heavy-tailed work) puts
    // a few long waits into the mean while most requests never queue (ADR 0228).
    const queue = typicalOf(ctx.frame.stages['engine.queue'])
    const ttft = typicalOf(ctx.frame.ttftUserUs)
    const queueShare = ttft > 0 ? queue / ttft : 0
    const perStep = bucketQuantile(
      ctx.grid,
      ctx.frame.startUs,
      ctx.frame.stages['engine.queue'],
      0.5
    )
    const rho = spearman(Array.from(perStep.values), Array.from(ctx.traffic))
    // When latency moved, judge the queue where it moved: a backlog there is saturation.
    const range = changeBuckets(ctx.ttftChange)
    const waiting = resourceLevel(ctx, 'waiting', range)
    // SM activity says how busy the GPU really is; DCGM's GPU_UTIL reads ~100 % as soon as any
    // kernel runs, so it only weakly argues against an idle GPU.
    const sm = resourceLevel(ctx, 'sm_active', null)
    const gpu = sm ?? resourceLevel(ctx, 'gpu_util', null)
    const gpuWeight = sm ? 0.7 : 0.3
    const base = ramp(queueShare, 0.2, 0.45) * ramp(queue, 5_000, 30_000)
    if (base === 0) {
      return null
    }
    const evidence: Evidence[] = [
      {
        stage: 'engine.queue',
        observed: round(queue / 1000),
        baseline: round(ttft / 1000),
        text: `the median request waits ${fmtUs(queue)} in engine.queue, ${pct(queueShare)} of the median TTFT (${fmtUs(ttft)})`,
      },
    ]
    let confidence = base
    if (waiting) {
      const idle = 1 - ramp(waiting.inside, 0.5, 2)
      confidence *= idle
      evidence.push({
        metric: waiting.view.metric,
        observed: round(waiting.inside),
        baseline: null,
        text: `only ${figure(waiting.inside, 2)} requests wait per replica on average: the queue time is not a backlog`,
      })
    } else {
      confidence *= 0.6
      evidence.push(missingEvidence('waiting requests (vllm:num_requests_waiting)'))
    }
    if (gpu) {
      confidence *= 1 - gpuWeight * ramp(gpu.inside, 0.5, 0.85)
      evidence.push({
        metric: gpu.view.metric,
        observed: round(gpu.inside),
        baseline: null,
        text: `GPU busy ${pct(gpu.inside)} on average`,
      })
    } else {
      evidence.push(missingEvidence('GPU activity (DCGM_FI_DEV_GPU_UTIL)'))
    }
    // Only a real swing in traffic can show "worse when quiet"; per-step noise cannot.
    const traffic = Array.from(ctx.traffic).filter((t) => t > 0)
    const trafficMean = traffic.reduce((s, t) => s + t, 0) / Math.max(1, traffic.length)
    const trafficCv =
      Math.sqrt(
        traffic.reduce((s, t) => s + (t - trafficMean) ** 2, 0) / Math.max(1, traffic.length)
      ) / Math.max(trafficMean, 1e-9)
    if (trafficCv >= 0.25 && Number.isFinite(rho) && rho !== 0) {
      confidence *= rho <= -0.3 ? 1 : rho >= 0.3 ? 0.3 : 0.7
      evidence.push({
        metric: 'corr(engine.queue p50, traffic)',
        observed: round(rho),
        baseline: 0,
        text: `queue time ${rho < 0 ? 'falls' : 'rises'} as traffic rises (rank correlation ${decimals(rho, 2)} over the window's time steps)`,
      })
    }
    // Queue time alone is ordinary queueing: without a waiting-requests series ("queueing without
    // a queue") or queue time falling as traffic rises, there is no anomaly to stand on.
    const quietWorse = trafficCv >= 0.25 && Number.isFinite(rho) && rho <= -0.3
    if (!waiting && !quietWorse) {
      confidence = Math.min(confidence, 0.25)
      evidence.push({
        metric: 'corr(engine.queue p50, traffic)',
        observed: round(rho),
        baseline: null,
        text: 'a batch window cannot be told from ordinary queueing here: no waiting-requests series and no swing in traffic that shows queue time falling as traffic rises',
      })
    }
    const kv = resourceLevel(ctx, 'kv_usage', range)
    if (kv !== null && kv.peak >= 0.95) {
      confidence *= 0.3
      evidence.push({
        metric: kv.view.metric,
        observed: round(kv.peak),
        baseline: null,
        text: `KV cache full (${pct(kv.peak)}): requests queue for memory, not for a batch window`,
      })
    }
    return { confidence, scope: { dimension: null, value: null }, window: null, evidence }
  },
}
