/**
 * `engine.batching_window` — requests wait for a dynamic batching window; worst at LOW traffic,
 * GPU not busy.
 *
 * Evidence needed: engine spans (`engine.queue`); waiting-requests and GPU series sharpen it.
 * For: engine queue time is a large part of TTFT although hardly any requests are waiting and
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
import type { CauseRecord } from './record.js'
import { changeBuckets, resourceLevel, stageStat } from '../detect/shifts.js'
import { fmtUs, pct, round } from '../explain/text.js'
import { missingEvidence } from '../explain/evidence.js'

export const engineBatchingWindowCause: CauseRecord = {
  cause: 'engine.batching_window',
  label: 'Requests wait for the batching window',
  measure: 'ttft',
  chain: ['batch wait window', 'engine queue'],
  explains: [],
  needs: 'engine spans (`engine.queue`); waiting-requests and GPU (SM activity) series sharpen it.',
  predicts:
    'engine queue time is a large part of TTFT (≥ 20–45 %) although hardly any requests wait (< 0.5–2 per replica) and the GPU is not busy: queueing without a queue. Worse when traffic is quiet (only judged when traffic really swings). Needs an anomaly: without a waiting-requests series and without queue time falling as traffic rises, a batch window cannot be told from ordinary queueing; the rule stays below 0.3.',
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
