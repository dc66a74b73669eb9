/**
 * `engine.batching_window` — requests wait for a dynamic batching window; worst at LOW traffic,
 * GPU not busy.
 *
 * Evidence needed: engine spans (`engine.queue`); waiting-requests and GPU series sharpen it.
 * For: the median engine queue per step stepped up by a fixed wait (P90 rising about as much as
 * P50) with no more traffic and no backlog (a window switched on); or engine queue time is a large part of TTFT although hardly any requests are waiting and
 * the GPU is not busy (queueing without a queue is the anomaly); queue time is higher in quiet
 * steps than busy ones (negative correlation with traffic). Against: many waiting requests or a
 * busy GPU (that is saturation); queue time rising with traffic.
 * Actions (CONTRACT §5.1): shrink the batch wait window for interactive traffic; separate
 * latency- and throughput-class pools.
 */
import type { Evidence } from '../../model/diagnosis.js'
import { meanWhere } from '../../stats/quantile.js'
import { ramp, spearman } from '../../stats/significance.js'
import { bucketQuantile } from '../../timeline/buckets.js'
import { detectChangePoints, findElevatedSpan } from '../../timeline/change-points.js'
import { asMicros, isoFromMicros } from '../../model/units.js'
import { type DiagnosisContext, changeBuckets } from '../frame/context.js'
import { meanOutside, meanOver } from '../resources.js'
import type { CauseRecord, RuleResult } from './record.js'
import { resourceLevel, stageStat } from '../detect/shifts.js'
import { fmtUs, pct, round } from '../explain/text.js'
import { missingEvidence } from '../explain/evidence.js'

/** Rise of the median engine queue per step (inside / outside) at which support starts / is full. */
const ONSET_LO = 1.5
const ONSET_HI = 3
/**
 * The same rise in units of the per-step median's noise at which support starts / is full. A
 * batch window adds a fixed wait whatever the ordinary queueing is, so under load (a median queue
 * of 100 ms) a window that adds 80 ms to every request is only 1.8× the median, yet stands 7×
 * above the step-to-step noise: the ratio alone called such a window "healthy" (ADR 0184).
 */
const ONSET_Z_LO = 3
const ONSET_Z_HI = 6
/** Added wait (µs) at the median at which support starts / is full. */
const ADDED_LO = 5_000
const ADDED_HI = 30_000
/**
 * How much more the P90 may rise than the P50 for the rise to count as a shift of the whole
 * distribution (a fixed wait) rather than a tail that grows with load (saturation).
 */
const SPREAD_LO = 1.6
const SPREAD_HI = 2.8

/** Mean of a per-step series over bucket range [from, to] and outside it. */
function inOut(
  series: Float64Array,
  from: number,
  to: number
): { inside: number; outside: number } {
  return { inside: meanOver(series, from, to), outside: meanOutside(series, from, to) }
}

/**
 * A batch window switched on (or widened) within the data: the median engine queue per step
 * steps up, the whole distribution moves by about the same wait (P90 rises little more than
 * P50), and neither traffic nor the engines' backlog grew with it. Null when the median queue
 * did not step up.
 */
function windowOnset(ctx: DiagnosisContext): RuleResult {
  const queue = ctx.frame.stages['engine.queue']
  const p50 = bucketQuantile(ctx.grid, ctx.frame.startUs, queue, 0.5).values
  const changes = detectChangePoints(p50, { minRelativeChange: 0.5 })
  const span = findElevatedSpan(changes, 0.5)
  if (span === null) {
    return null
  }
  const { start: from, end: to } = span
  const mid = inOut(p50, from, to)
  const p90 = inOut(bucketQuantile(ctx.grid, ctx.frame.startUs, queue, 0.9).values, from, to)
  const added = mid.inside - mid.outside
  const ratio = mid.outside > 0 ? mid.inside / mid.outside : ONSET_HI
  if (!(added > 0)) {
    return null
  }
  const spread = (p90.inside - p90.outside) / added
  const traffic = inOut(ctx.traffic, from, to)
  const trafficRatio = traffic.outside > 0 ? traffic.inside / traffic.outside : 1
  const z = changes.noise > 0 ? added / changes.noise : 0
  let confidence =
    Math.max(ramp(ratio, ONSET_LO, ONSET_HI), ramp(z, ONSET_Z_LO, ONSET_Z_HI)) *
    ramp(added, ADDED_LO, ADDED_HI) *
    (1 - ramp(spread, SPREAD_LO, SPREAD_HI)) *
    (1 - ramp(trafficRatio, 1.1, 1.3))
  const fromUs = ctx.grid.fromUs + from * ctx.grid.stepUs
  const toUs = Math.min(ctx.input.window.toUs, ctx.grid.fromUs + (to + 1) * ctx.grid.stepUs)
  const evidence: Evidence[] = [
    {
      stage: 'engine.queue',
      observed: round(mid.inside / 1000),
      baseline: round(mid.outside / 1000),
      text: `the median engine.queue per step rose from ${fmtUs(mid.outside)} to ${fmtUs(mid.inside)} at ${isoFromMicros(asMicros(fromUs))}, and its P90 by ${fmtUs(p90.inside - p90.outside)}: every request waits about ${fmtUs(added)} more, a fixed wait rather than a growing tail`,
    },
    {
      metric: 'requests_per_step',
      observed: round(traffic.inside),
      baseline: round(traffic.outside),
      text: `traffic ${trafficRatio.toFixed(2)}× meanwhile: the wait did not come with more requests`,
    },
  ]
  const waiting = resourceLevel(ctx, 'waiting', { from, to })
  if (waiting) {
    // A batch window makes requests wait without a backlog; a backlog that grew is saturation.
    const grew = Number.isFinite(waiting.outside) && waiting.inside > 1.5 * waiting.outside + 0.5
    confidence *= grew ? 0.3 : 1
    evidence.push({
      metric: waiting.view.metric,
      observed: round(waiting.inside),
      baseline: Number.isFinite(waiting.outside) ? round(waiting.outside) : null,
      text: grew
        ? `against: ${waiting.view.metric} grew to ${round(waiting.inside, 1)} per replica from ${round(waiting.outside, 1)}: a backlog, not a window`
        : `${waiting.view.metric} ${round(waiting.inside, 1)} per replica vs ${round(waiting.outside, 1)} outside: no backlog behind the wait`,
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

export const engineBatchingWindowCause: CauseRecord = {
  cause: 'engine.batching_window',
  label: 'Requests wait for the batching window',
  measure: 'ttft',
  chain: ['batch wait window', 'engine queue'],
  // A queue that grows by a fixed wait with no backlog and no more traffic is the window's.
  explains: ['engine.queue_saturation'],
  needs: 'engine spans (`engine.queue`); waiting-requests and GPU (SM activity) series sharpen it.',
  predicts:
    'switched on within the data: the median engine queue per step steps up (≥ 1.5–3×, ≥ 5–30 ms) by about the same wait as its P90, with no more traffic and no backlog. Standing: engine queue time is a large part of TTFT (≥ 20–45 %) although hardly any requests wait (< 0.5–2 per replica) and the GPU is not busy: queueing without a queue. Worse when traffic is quiet (only judged when traffic really swings). Needs an anomaly: without a waiting-requests series and without queue time falling as traffic rises, a batch window cannot be told from ordinary queueing; the rule stays below 0.3.',
  against: 'a backlog of waiting requests; a busy GPU (SM activity); a full KV cache.',
  actions: [
    'shrink the batch wait window for interactive traffic',
    'separate latency- and throughput-class pools',
  ],
  evaluate(ctx) {
    const q = stageStat(ctx.ttftStages, 'engine.queue')
    if (!q || q.presence === 0) {
      return { skipped: 'no engine spans: engine queue time unknown' }
    }
    const onset = windowOnset(ctx)
    if (onset !== null) {
      return onset
    }
    const queue = meanWhere(ctx.frame.stages['engine.queue'])
    const ttft = meanWhere(ctx.frame.ttftUserUs)
    const queueShare = ttft.mean > 0 ? queue.mean / ttft.mean : 0
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
    const base = ramp(queueShare, 0.2, 0.45) * ramp(queue.mean, 5_000, 30_000)
    if (base === 0) {
      return null
    }
    const evidence: Evidence[] = [
      {
        stage: 'engine.queue',
        observed: round(queue.mean / 1000),
        baseline: round(ttft.mean / 1000),
        text: `engine.queue averages ${fmtUs(queue.mean)}, ${pct(queueShare)} of the mean TTFT (${fmtUs(ttft.mean)})`,
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
        text: `only ${round(waiting.inside, 2)} requests wait per replica on average: the queue time is not a backlog`,
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
        text: `queue time ${rho < 0 ? 'falls' : 'rises'} as traffic rises (rank correlation ${rho.toFixed(2)} over the window's time steps)`,
      })
    }
    // Queue time alone is ordinary queueing: without a waiting-requests series ("queueing without
    // a queue") or queue time falling as traffic rises, there is no anomaly to stand on.
    const quietWorse = trafficCv >= 0.25 && Number.isFinite(rho) && rho <= -0.3
    if (!waiting && !quietWorse) {
      confidence = Math.min(confidence, 0.25)
      evidence.push({
        metric: 'corr(engine.queue p50, traffic)',
        observed: Number.isFinite(rho) ? round(rho) : null,
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
