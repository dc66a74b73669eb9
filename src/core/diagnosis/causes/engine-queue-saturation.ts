/**
 * `engine.queue_saturation` — demand exceeds engine capacity; the waiting queue grows with
 * traffic on all replicas.
 *
 * Evidence needed: engine spans (`engine.queue`); waiting/running series
 * (`vllm:num_requests_waiting`, `sglang:num_queue_reqs`, …) make it certain.
 * For: `engine.queue` explains the slow TTFT cohort's excess; queue time rose in a change window
 * on most replicas (global), with traffic up and requests waiting in the engines; without a
 * change, the median engine holds waiting requests (a few engines' long queues are their own
 * condition: ADR 0192). The change window is the TTFT P99's, or the span where the requests per
 * step rose past chance when the queue reads stronger there (ADR 0243); a P99 window that is
 * missing or opens with the data gives way to the typical request's own queue's (ADR 0387);
 * without a change and without a breached objective, a queue that stood at its level is a
 * standing condition and no finding (ADR 0330); a rise certain past chance that reads at least
 * as strong is the window itself, not re-voted from the latency, and the P99's longer span is
 * cited as the backlog's drain (ADR 0278). A queue that rose by less
 * than half again on average counts when the typical request's queue rose in every step of the
 * window past the steps' own swing, and only with the traffic's jump (ADR 0319).
 * Against: the rise is local to a replica/node (imbalance, degraded node), one tenant's share of
 * traffic jumped (noisy neighbour), the prompts got longer (long prompts), KV cache full with
 * preemptions (KV pressure); tokens that take longer made most of the rise in load (memory
 * bandwidth drove the queue; ADR 0242).
 * Actions (CONTRACT §5.1): scale out; raise max batch if KV allows; shed or delay low-priority
 * traffic.
 */
import type { Evidence, Finding } from '../../model/diagnosis.js'
import { asMicros, isoFromMicros } from '../../model/units.js'
import { meanWhere, sortedFinite } from '../../stats/quantile.js'
import { cliffsDelta, ramp } from '../../stats/significance.js'
import type { CauseRecord } from './record.js'
import { workloadKind } from './signature.js'
import {
  globalOrLocal,
  levelsByKey,
  meanRatio,
  resourceLevel,
  shiftOf,
  stageStat,
  workDrivers,
} from '../detect/shifts.js'
import {
  changeBuckets,
  changeOfSeries,
  type DiagnosisContext,
  type TimeChange,
} from '../frame/context.js'
import { opensWithData } from '../detect/open-end.js'
import { startMask } from '../frame/frame.js'
import {
  demandChange,
  contextDemandOnset,
  risenTraffic,
  trafficLevel,
  type DemandOnset,
  type RisenTraffic,
} from '../detect/demand-onset.js'
import type { StageStat } from '../detect/stage-stats.js'
import { BURST_Z_HI, BURST_Z_LO } from '../detect/traffic-shift.js'
import {
  changeEvidence,
  changeWindow,
  missingEvidence,
  scopeOf,
  stageEvidence,
} from '../explain/evidence.js'
import { decimals, figure, fmtUs, pct, round } from '../explain/text.js'
import { tenantBurst } from './tenant-noisy-neighbor.js'
import type { ResourceView } from '../resources.js'
import { loadEdge } from './load-edge.js'
import { engineHeldGatewaySlots } from './gateway-slot-edge.js'
import { driftingLoad, loadNormalisedRatio } from '../detect/load-curve.js'
import { riseFigures, riseWeight, seriesRise, type StepRise } from '../detect/step-rise.js'
import { bucketQuantile } from '../../timeline/buckets.js'

/**
 * How far the typical request's engine queue per step must stand above the steps before the
 * window to count as saturation without a large mean rise: from 3 noise units to 6, and by 5 % to
 * 20 % (a rise certain but too small to matter is not worth naming): the
 * reading KV pressure gives its own queue step (ADR 0285), so the two records weigh the same
 * queue alike.
 */
const QUEUE_RISE_Z_LO = 3
const QUEUE_RISE_Z_HI = 6
const QUEUE_RISE_LO = 1.05
const QUEUE_RISE_HI = 1.2
/** Requests a step needs for its median to count (as the step rises read elsewhere). */
const QUEUE_STEP_REQUESTS = 5

/**
 * The typical engine's waiting requests over `range` (the whole window when null): the median of
 * the per-engine means, and the engines holding most of the total when the mean is theirs. Null
 * when the series carry fewer than three engines (nothing to compare).
 */
function waitingSpread(
  view: ResourceView,
  range: { from: number; to: number } | null
): { median: number; mean: number; text: string } | null {
  const levels = [...levelsByKey(view, range)]
    .filter(([, v]) => v === v)
    .sort((a, b) => b[1] - a[1])
  if (levels.length < 3) {
    return null
  }
  const mean = levels.reduce((a, [, v]) => a + v, 0) / levels.length
  const mid = levels.length >> 1
  const median =
    levels.length % 2 === 1 ? levels[mid]![1] : (levels[mid - 1]![1] + levels[mid]![1]) / 2
  // The fewest engines that hold half of all waiting requests.
  const total = mean * levels.length
  let held = 0
  const heavy: string[] = []
  for (const [k, v] of levels) {
    if (held >= total / 2) {
      break
    }
    held += v
    heavy.push(k)
  }
  const local = median < mean / 2 && heavy.length <= levels.length / 3
  return {
    median,
    mean,
    text: local
      ? `requests wait mostly on ${heavy.join(', ')} (${figure(mean, 1)} per engine on average, ${figure(median, 1)} on the median engine): the queue is local`
      : `requests wait on most engines (${figure(median, 1)} on the median engine, ${figure(mean, 1)} on average)`,
  }
}

/**
 * Cliff's delta of the engine queue times of the requests inside the window over those outside
 * it: how much more the typical request of the window waited. NaN without both.
 */
function typicalWait(queue: Float64Array, inWindow: Uint8Array): number {
  const outside = new Uint8Array(inWindow.length)
  for (let i = 0; i < inWindow.length; i++) {
    outside[i] = inWindow[i] === 1 ? 0 : 1
  }
  return cliffsDelta(sortedFinite(queue, inWindow), sortedFinite(queue, outside))
}

export const engineQueueSaturationCause: CauseRecord = {
  cause: 'engine.queue_saturation',
  label: 'Engine queue saturated',
  measure: 'ttft',
  chain: ['traffic', 'engine queue'],
  explains: [],
  // More requests than the engines take also fill their batches, and a fuller batch costs more
  // per token: a decode that slowed less than the traffic rose is the queue's doing (ADR 0242).
  // Requests that wait in the engines keep their gateway slots longer, so a gateway in front with
  // a fixed number of slots queues too: its queue is the engines' when their time made most of
  // the rise in the slots it needed (ADR 0543).
  explainsWhen: {
    'engine.memory_bandwidth': loadEdge('traffic'),
    'gateway.queueing': engineHeldGatewaySlots,
  },
  // `gateway.upstream` is the gateway's wait for the engine behind it (CONTRACT §4 names the
  // dependencies a request calls `downstream`): where only the gateway is traced, the engine's
  // time is seen whole, and a breach with nothing changed is demand against that engine (ADR 0383).
  breachStages: ['engine.queue', 'engine.unattributed', 'gateway.upstream'],
  needs: 'engine spans; `vllm:num_requests_waiting` (or aliases) makes it certain.',
  predicts:
    "`engine.queue` explains the slow TTFT cohort's excess; queue time rose in a change window on most replicas (global); requests wait in the engines (without a change: on the median engine, and only with an objective breached, since a queue that stood at its level the whole time is a standing condition); traffic rose. The change window is the TTFT P99's (the typical request's engine queue per step's own when the P99's is missing or opens with the data), or the span where the requests per step rose (a Poisson scan past chance, z 4–6), whichever the queue reads stronger in; a rise certain past chance (z ≥ 6) that reads at least as strong is the window (the demand's span, not the backlog's), and a TTFT P99 that stays up after it is cited as the drain. With the traffic's jump, a queue whose mean rose under 1.5× counts as far as the typical request's queue per step rose past the steps before (3–6 noise units, 1.05–1.2×).",
  against:
    "the rise is local (imbalance, degraded node); one tenant's share of traffic jumped (noisy neighbour); KV full with preemptions (KV pressure); prompts got longer (long prompts); tokens that take longer made most of the rise in the engines' load (memory bandwidth, which then drove the queue).",
  actions: [
    'scale out the replicas',
    'raise the max batch size if KV cache allows',
    'shed or delay low-priority traffic',
  ],
  excess: {
    'server-uncovered': (x) => (x.facts.gatewayShare >= 0.5 ? 0.3 : 0.5),
    'tenant-burst': 0.5,
    'backend-load': (x) => (x.facts.scopeTrafficLift >= 1.5 ? 0.3 : 0),
    'kv-pressure': 0.3,
    'prompt-tokens': 0.4,
    // A latency that followed a drift of the requests is the load's level, not a change (ADR 0292).
    workload: (x) =>
      ({ outputs: 0.5, prompts: 0.5, rate: 1, drift: 0, unclear: 0.5 })[workloadKind(x)],
    // The same work got slower: saturation only when more requests came.
    // A rise the data cannot measure (no step outside the window) is none it shows.
    'engine-rate': (x) =>
      x.facts.rateRatio === null ? 0 : 0.5 * ramp(x.facts.rateRatio, 1.05, 1.3),
  },
  uncovered: { engine: 0.45 },
  // More work that arrived everywhere fills every engine's queue: the requests of a region or
  // route it happened to concentrate in are not its scope.
  excessScope(x) {
    return x.carrier === 'workload' ? { scope: scopeOf(null, null), evidence: [] } : null
  },
  evaluate(ctx) {
    const q = stageStat(ctx.ttftStages, 'engine.queue')
    if (!q || (q.presence ?? 0) === 0) {
      return { skipped: 'no engine spans: engine queue time unknown' }
    }
    // Two onsets can carry the queue's rise: where the TTFT P99 jumped, and where the requests
    // came. Saturation is judged in both, and the demand's reading counts only as far as its rise
    // is past what chance reaches over every span (ADR 0243).
    const byLatency = judgeInLatencyOrQueue(ctx, q)
    const onset = contextDemandOnset(ctx)
    // A span past chance is an onset only as far as the requests jumped at its start: a drift
    // stands above the rest of the data over any late span (ADR 0292).
    // An onset whose jump could not be measured shows no step to judge the queue from.
    const certain = onset === null ? 0 : ramp(onset.z, BURST_Z_LO, BURST_Z_HI) * (onset.jumped ?? 0)
    if (onset === null || certain === 0) {
      return byLatency
    }
    const byDemand = judgeIn(
      ctx,
      q,
      demandChange(ctx.frame, ctx.grid, onset, ctx.ttftChange),
      onset
    )
    byDemand.confidence *= certain
    if (certain === 1 && byDemand.confidence >= byLatency.confidence) {
      // A rise past every span chance reaches is the cause's own series: the queue's window is
      // where more requests came than before, not where the latency they left behind settled
      // (the consensus would re-vote it with spans that carry the backlog's drain). A tie goes
      // to the demand, the root, rather than to the P99 it moved (ADR 0278).
      const drained = drainEvidence(ctx, onset)
      return {
        ...byDemand,
        evidence: drained === null ? byDemand.evidence : [...byDemand.evidence, drained],
        ownWindow: true,
      }
    }
    return byDemand.confidence > byLatency.confidence ? byDemand : byLatency
  },
}

/**
 * The saturation rule over the TTFT P99's change window, or, when that window shows no start
 * (none, or it opens with the data), over the typical request's own engine queue per step, where
 * that has a change window with a before. A window that opens with the data has no step outside
 * it before the change: its "outside" is the steps after it, which a queue that rose and stayed
 * up shares, and the rise it reads is none (grid 307-50: the P99's window from the data's first
 * step while the fault began at its seventh). The queue's own series is the cause's, and steadier
 * than the P99 (as the stage rule reads a stage's own P90, stage-rule.ts); judged there the same
 * way, with every test of the latency's reading (ADR 0387).
 */
function judgeInLatencyOrQueue(
  ctx: DiagnosisContext,
  q: StageStat
): ReturnType<typeof judgeIn> & { ownWindow?: boolean } {
  const byLatency = judgeIn(ctx, q, ctx.ttftChange, null)
  const latency = changeWindow(ctx.ttftChange)
  if (latency !== null && opensWithData(ctx, latency) === null) {
    return byLatency
  }
  const values = typicalQueue(ctx)
  const own = changeOfSeries(ctx.frame, ctx.grid, values)
  const window = changeWindow(own)
  if (window === null || opensWithData(ctx, window) !== null) {
    return byLatency
  }
  const byQueue = judgeIn(ctx, q, own, null, { measure: 'engine.queue', quantile: 'p50' })
  // The queue's window is the cause's own series: the latency's consensus, which opens with the
  // data here, would re-vote it back to that start (ADR 0275).
  return byQueue.confidence > byLatency.confidence ? { ...byQueue, ownWindow: true } : byLatency
}

/**
 * The saturation rule read over one change window: the TTFT P99's own (`onset` null), or the
 * span where demand rose (`onset`), whose rise is then cited instead of the P99's.
 */
function judgeIn(
  ctx: DiagnosisContext,
  q: StageStat,
  change: TimeChange,
  onset: DemandOnset | null,
  /** The series `change` was found on, as its evidence names it. */
  series: { measure: string; quantile: string } = { measure: 'ttft', quantile: 'p99' }
): {
  confidence: number
  scope: Finding['scope']
  window: Finding['window']
  evidence: Evidence[]
} {
  const range = changeBuckets(change)
  // The span these lines were read over, by its times: the finding's window may be voted
  // afterwards from the latency, and "in the window" then named another span than the one
  // whose traffic rose 1.28× (contract seed 17's demand span against a window read at 1.10×).
  const over =
    change.windowUs === null
      ? 'in the window'
      : `from ${isoFromMicros(change.windowUs.fromUs)} to ${isoFromMicros(change.windowUs.toUs)}`
  // A demand span is read against the requests before it, the level the demand rose from (as its
  // scan reads it): after it the queue it filled still drains, and counting that drain as the
  // usual level halves the rise of a queue that stayed full for the whole span (ADR 0278).
  const queueShift =
    onset === null
      ? shiftOf(ctx, ctx.frame.stages['engine.queue'], change)
      : shiftFromBefore(ctx, ctx.frame.stages['engine.queue'], change)
  const scope = globalOrLocal(ctx, change, ctx.frame.stages['engine.queue'])
  const waiting = resourceLevel(ctx, 'waiting', range)
  // Counted over the steps the data covers, as the rise itself is: a window wider than the data
  // holds steps no request could fall in, and counting them printed a rise the data never showed.
  const counted = range ? trafficLevel(ctx.traffic, range.from, range.to) : null
  // More requests in the window than outside it is a level, and a drift has one over any late
  // span: the traffic rose as far as it jumped (ADR 0292).
  const risen = range
    ? risenTraffic(ctx.traffic, ctx.grid, range.from, range.to, contextDemandOnset(ctx))
    : null
  const rose = (risen?.ratio ?? 1) >= 1.1
  const share = ramp(q.excessShare ?? 0, 0.3, 0.6)
  // Saturation without a change: waiting requests on every engine for the whole window. The
  // mean over engines cannot tell that from two engines of a slow node holding a long queue
  // each while the rest wait for nothing; that is the node's condition, not engine-wide demand.
  // The typical engine must hold the queue as well as the average: the median only lowers it.
  const spread = waiting ? waitingSpread(waiting.view, range) : null
  const waitingSat = waiting ? ramp(Math.min(spread?.median ?? Infinity, waiting.inside), 1, 4) : 0
  // A load that drifted without a jump queues more along its curve: the queue's rise is read
  // at the median load, and what the drift explains (waiting requests included) is no change
  // (ADR 0298).
  const drift = rose ? null : driftingLoad(ctx.frame, ctx.grid)
  const queueRatio =
    drift === null
      ? queueShift.ratio
      : loadNormalisedRatio(
          ctx.frame,
          ctx.grid,
          ctx.frame.stages['engine.queue'],
          drift,
          change.inWindow
        )
  // A weak surge fills the queue by less than half again on average, the mean carried by a few
  // long waits, while the typical request's wait rises in every step of the window: certain past
  // the steps' own swing, with more requests come at once, it is as much a reading as a large
  // ratio (ADR 0319). Without the traffic's jump it counts for nothing: a queue that is merely
  // certain is any standing condition's.
  const certain =
    change.elevated !== null && rose
      ? queueCertainty(ctx, change.elevated.start, change.elevated.end)
      : null
  const sized = change.elevated ? ramp(queueRatio, 1.5, 3) : 0
  // Without a change and without a breached objective, a queue that stood at its level the whole
  // time is served as fast as it fills: demand did not exceed capacity, the wait is merely high
  // and steady, a standing condition and not a finding (CONTRACT §5; ADR 0330).
  const standingOnly = change.elevated === null && !ctx.sloBreached
  const anomaly = Math.max(
    sized,
    certain?.weight ?? 0,
    drift === null && !standingOnly ? waitingSat * 0.8 : 0
  )
  let confidence = share * anomaly * (scope.global ? 1 : 0.3)
  const evidence: Evidence[] = [stageEvidence(q, 'TTFT')]
  const ce =
    onset === null
      ? changeEvidence(change, series.measure, series.quantile)
      : demandEvidence(ctx, onset)
  if (ce) {
    evidence.push(ce)
  }
  // Said where the certainty, not the size, carries the reading.
  if (certain !== null && certain.weight > sized) {
    const r = certain.rise
    evidence.push({
      metric: 'engine.queue.p50',
      observed: round(r.inside / 1000),
      baseline: round(r.outside / 1000),
      text: `the typical request's engine queue per step averaged ${fmtUs(r.inside)} ${over} vs ${fmtUs(r.outside)} in the steps before (${riseFigures(r, 2)}): every step of the window waited longer`,
    })
  }
  const noSplit = change.elevated === null && spread !== null
  evidence.push({
    dimension: 'replica',
    observed: noSplit ? round(spread.median) : round(scope.share),
    baseline: noSplit ? round(spread.mean) : null,
    text: noSplit ? spread.text : scope.text,
  })
  if (waiting) {
    confidence *=
      waiting.inside >= 1 ||
      (Number.isFinite(waiting.outside) && waiting.inside > 2 * waiting.outside + 0.5)
        ? 1
        : 0.4
    evidence.push({
      metric: waiting.view.metric,
      observed: round(waiting.inside),
      baseline: round(waiting.outside),
      text: `${waiting.view.metric} averages ${figure(waiting.inside, 1)} per replica${Number.isFinite(waiting.outside) ? ` ${over} vs ${figure(waiting.outside, 1)} outside` : ''}`,
    })
  } else {
    confidence *= 0.8
    evidence.push(missingEvidence('waiting requests (vllm:num_requests_waiting)'))
  }
  if (range && counted === null) {
    evidence.push({
      metric: 'requests_per_step',
      observed: null,
      baseline: null,
      text: `requests per step ${over}: unknown against the rest, the data holds no step outside the window to compare with`,
    })
  } else if (range && counted !== null) {
    const trafficRatio = counted.level
    evidence.push({
      metric: 'requests_per_step',
      observed: round(counted.rateIn),
      baseline: round(counted.rateOut),
      text:
        risen !== null && risen.jumped === null
          ? `requests per step ${decimals(trafficRatio, 2)}× the rest of the data ${over}, but the window starts with the data: no jump into it can be measured, and the start of the data is no rise`
          : `traffic ${trafficRatio >= 1 ? 'rose' : 'fell'} ${decimals(trafficRatio, 2)}× ${over}${risen !== null && trafficRatio >= 1.1 ? jumpText(ctx, risen) : ''}`,
    })
    // Saturation is more demand than capacity: more requests, or heavier ones. A queue that
    // grows with neither grows because capacity shrank (KV pressure, a slow engine); one that
    // grows with heavier requests at the same rate is the heavier work's doing (longer
    // prompts or outputs, fewer cached tokens), and those causes say which.
    const drivers = workDrivers(ctx, change.inWindow)
    const work = drivers.ratio
    evidence.push({
      metric: 'tokens_per_request',
      observed: round(work),
      baseline: 1,
      // Without cached-token counts on both sides the work is read gross (ADR 0327): say so
      // rather than call it uncached.
      text: `token work per request ${decimals(work, 2)}× ${over} (${drivers.cache === null ? 'prompt + output tokens; cached tokens not recorded on both sides' : 'uncached prompt + output tokens'})`,
    })
    if (!rose) {
      // Same number of requests, or as many more as their trend brought: heavier ones (their own
      // causes say which) or less capacity. A queue that follows a drift of the load is the
      // load's level, not a change (ADR 0292).
      confidence *= work >= 1.1 ? 0.25 : 0.4
    }
    // Saturation is demand above capacity for the whole window, so the typical request of the
    // window waits longer than the typical one outside it. A load that touches capacity for
    // half a minute (a burst on the diurnal peak) queues only the requests caught in it: a
    // tail that lifts the cohort's mean queue time and the P99, while most requests of the
    // window wait no more than before. Cliff's delta reads the typical request, not the tail:
    // no effect (0) is no saturation; one past what is read as negligible (0.147) is (ADR 0245).
    const typical = typicalWait(ctx.frame.stages['engine.queue'], change.inWindow)
    if (typical === typical) {
      confidence *= ramp(typical, 0, 0.147)
      evidence.push({
        stage: 'engine.queue',
        observed: round(typical),
        baseline: 0,
        text:
          typical < 0.147
            ? `the typical request of the window waits no longer in the engine queue than outside it (Cliff's δ ${decimals(typical, 2)}): only the requests caught in a short peak queued`
            : `the typical request of the window waits longer in the engine queue than outside it (Cliff's δ ${decimals(typical, 2)})`,
      })
    }
  }
  const burst = tenantBurst(ctx, change)
  if (burst !== null && burst.lift >= 2 && burst.shareIn >= 0.3) {
    // One tenant's burst explains the extra demand: that is a noisy neighbour.
    confidence *= 0.5
    evidence.push({
      dimension: 'tenant',
      observed: round(burst.shareIn),
      baseline: round(burst.shareOut),
      text: `tenant ${burst.tenant} sends ${Math.round(burst.shareIn * 100)}% of the window's requests vs ${Math.round(burst.shareOut * 100)}% before`,
    })
  }
  const kv = resourceLevel(ctx, 'kv_usage', range)
  const pre = resourceLevel(ctx, 'preemptions', range)
  if (kv !== null && kv.peak >= 0.95 && pre !== null && pre.inside > 0) {
    // KV full with preemptions: the queue is a symptom of KV pressure, not of raw demand.
    confidence *= 0.6
  }
  // vLLM splits waiting requests by reason: "deferred" ones wait on LoRA slots or KV
  // transfers, not on scheduling capacity, so more replicas would not drain them.
  const deferred = resourceLevel(ctx, 'waiting_deferred', range)
  if (waiting && deferred !== null && waiting.inside > 0) {
    const deferredShare = Math.min(1, deferred.inside / waiting.inside)
    if (deferredShare >= 0.5) {
      confidence *= 1 - 0.6 * ramp(deferredShare, 0.5, 0.9)
    }
    evidence.push({
      metric: `${deferred.view.metric}{reason="deferred"}`,
      observed: round(deferredShare),
      baseline: null,
      text: `${pct(deferredShare)} of the waiting requests are deferred (LoRA budget, KV transfer), not waiting for capacity`,
    })
  }
  return {
    confidence,
    scope: { dimension: null, value: null },
    window: changeWindow(change),
    evidence,
  }
}

/** The typical request's engine queue per step (its median, on steps with enough requests). */
function typicalQueue(ctx: DiagnosisContext): Float64Array {
  return bucketQuantile(
    ctx.grid,
    ctx.frame.startUs,
    ctx.frame.stages['engine.queue'],
    0.5,
    undefined,
    QUEUE_STEP_REQUESTS
  ).values
}

/**
 * The typical request's engine queue per step over steps `from..to` against the steps before them
 * (stepRise's noise units), and how clearly it rose (0..1); null when too few steps tell. The
 * steps after the window are left out: the latency's window can end while the surge goes on, and
 * its backlog still drains after the demand falls (ADR 0278), so they are not the level the queue
 * rose from.
 */
function queueCertainty(
  ctx: DiagnosisContext,
  from: number,
  to: number
): { rise: StepRise; weight: number } | null {
  const values = typicalQueue(ctx)
  const before = values.map((v, b) => (b > to ? NaN : v))
  const rise = seriesRise(before, from, to)
  if (!(rise.units === rise.units)) {
    return null
  }
  return {
    rise,
    weight: riseWeight(rise, [QUEUE_RISE_Z_LO, QUEUE_RISE_Z_HI], [QUEUE_RISE_LO, QUEUE_RISE_HI]),
  }
}

/**
 * ", a jump of 41 requests per step at 09:20 (z=6.2)" or ": against: along its trend, no jump at
 * 09:20 (4 ± 11 requests per step); a drift is no onset".
 */
function jumpText(ctx: DiagnosisContext, risen: RisenTraffic): string {
  const j = risen.onset?.jump ?? null
  const at = (step: number): string =>
    isoFromMicros(asMicros(ctx.grid.fromUs + step * ctx.grid.stepUs))
  if (risen.onset !== null && j !== null) {
    return `, within a step of the requests from ${at(risen.onset.from)} (${figure(j.jump, 1)} more per step at once, z=${j.z === null ? '–' : figure(j.z, 1)})`
  }
  return risen.jumped !== null && risen.jumped >= 0.5
    ? `, a step at the window's start (${pct(risen.jumped)} of the rise at once)`
    : risen.jumped === null
      ? // No step before the window to read the jump against: unknown, not "0 % at once".
        `: against: along their trend, no step at the window's start could be read; a drift is no onset`
      : `: against: along their trend, ${pct(risen.jumped)} of the rise at once at the window's start; a drift is no onset`
}

/** "Requests per step rose from 120 to 162 at 09:03 (scan z=8.1)". */
function demandEvidence(ctx: DiagnosisContext, onset: DemandOnset): Evidence {
  const at = isoFromMicros(asMicros(ctx.grid.fromUs + onset.from * ctx.grid.stepUs))
  return {
    metric: 'requests_per_step',
    observed: round(onset.rateInside),
    baseline: round(onset.rateOutside),
    text: `requests per step rose from ${figure(onset.rateOutside, 1)} to ${figure(onset.rateInside, 1)} at ${at} (scan z=${figure(onset.z, 1)}): the queue is judged from where the demand rose`,
  }
}

/**
 * "The users' wait outlasts the demand": the TTFT P99's elevated span overlaps the demand span and
 * ends after it, where the backlog the extra requests left had drained. Null when it ends with the
 * demand or does not overlap it (then nothing is said about a drain the data does not show).
 */
function drainEvidence(ctx: DiagnosisContext, onset: DemandOnset): Evidence | null {
  const e = ctx.ttftChange.elevated
  if (e === null || e.start > onset.to || e.end <= onset.to) {
    return null
  }
  const { fromUs, stepUs } = ctx.grid
  const demandEndUs = Math.min(ctx.input.window.toUs, fromUs + (onset.to + 1) * stepUs)
  const drainedUs = Math.min(ctx.input.window.toUs, fromUs + (e.end + 1) * stepUs)
  const seconds = Math.round((drainedUs - demandEndUs) / 1e6)
  const open = drainedUs >= ctx.input.window.toUs
  return {
    metric: 'ttft.p99',
    observed: isoFromMicros(asMicros(drainedUs)),
    baseline: isoFromMicros(asMicros(demandEndUs)),
    text: open
      ? `the users' wait outlasts the demand: the TTFT P99 is still elevated at the end of the data, ${seconds} s after the requests per step fell back at ${isoFromMicros(asMicros(demandEndUs))} (the backlog had not drained)`
      : `the users' wait outlasts the demand: the TTFT P99 stays elevated until ${isoFromMicros(asMicros(drainedUs))}, ${seconds} s after the requests per step fell back at ${isoFromMicros(asMicros(demandEndUs))}; the backlog drained then`,
  }
}

/**
 * Mean of `values` over the change's requests against the requests started before its window;
 * ratio 1 when either side has none.
 */
function shiftFromBefore(
  ctx: DiagnosisContext,
  values: Float64Array,
  change: TimeChange
): { ratio: number } {
  if (change.windowUs === null) {
    return { ratio: 1 }
  }
  const before = startMask(ctx.frame, -Infinity, change.windowUs.fromUs)
  for (let i = 0; i < ctx.frame.n; i++) {
    if (change.inWindow[i] === 1) {
      before[i] = 0
    }
  }
  const inside = meanWhere(values, change.inWindow)
  const prior = meanWhere(values, before)
  return inside.count === 0 || prior.count === 0
    ? { ratio: 1 }
    : { ratio: meanRatio(inside.mean, prior.mean) }
}
