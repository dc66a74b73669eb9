/**
 * `engine.kv_cache_pressure` — KV cache near full: preemptions, recomputation, queueing.
 *
 * Evidence needed: KV-usage series (`vllm:kv_cache_usage_perc`, `sglang:token_usage`, …);
 * preemption counters (`vllm:num_preemptions_total`) confirm.
 * For: KV usage near 1 (a saturated resource) with preemptions, worse inside the latency change
 * window; queue/prefill time in the slow cohort. Against: KV usage with headroom (also for a
 * finding the excess scan named from a slower decode; ADR 0242); no preemptions.
 * Scope: the replica(s) whose KV is full when only some are; otherwise everything.
 * Actions (CONTRACT §5.1): more KV blocks / larger-memory GPUs; lower max concurrency; limit
 * context.
 */
import type { Evidence, Finding } from '../../model/diagnosis.js'
import { ramp } from '../../stats/significance.js'
import type { CauseRecord } from './record.js'
import { decodeWeight } from './signature.js'
import { resourceLevel, type ResourceLevel } from '../detect/shifts.js'
import type { DiagnosisContext } from '../frame/context.js'
import { bucketsOfWindow, windowOfBuckets } from '../frame/window-span.js'
import { elevatedSpan, minSegmentSteps } from '../detect/excess-scan.js'
import { opensWithData } from '../detect/open-end.js'
import { riseFigures, riseWeight, stepRise, type StepRise } from '../detect/step-rise.js'
import { changeBuckets } from '../frame/context.js'
import { changeEvidence, changeWindow, missingEvidence, scopeOf } from '../explain/evidence.js'
import { figure, fmtUs, pct, round } from '../explain/text.js'
import { maxOver } from '../resources.js'
import { detectChangePoints } from '../../timeline/change-points.js'
import { bucketQuantile } from '../../timeline/buckets.js'
import { medianOf } from '../../stats/quantile.js'
import { P50_RISE } from '../detect/windows.js'
import { kvExplainsPlace } from './kv-place-edge.js'

/** Preemptions inside the window over outside it that count as starting with it. */
const PREEMPT_RISE = 3

/**
 * The cache's own step: the smallest relative rise of its usage per step that counts, and the
 * steps of data a step needs before it (a level that opens with the data has no before).
 */
const KV_STEP_RELATIVE = 0.15
const MIN_STEPS_BEFORE = 3
/** How clearly the engine queue's median per step rose over the cache's step (noise units, ratio). */
const RISE_Z_LO = 3
const RISE_Z_HI = 6
const RISE_RATIO_LO = 1.05
const RISE_RATIO_HI = 1.2

/**
 * Mean usage per step of a level at which the cache counts as full: the foot of the saturation
 * ramp (`saturation`), where an engine starts running out of blocks for new sequences.
 */
const KV_FULL = 0.85
/** A step's engine-queue median needs this many requests (the latency windows' own figure). */
const QUEUE_MIN_PER_STEP = 5

/**
 * The levels of the cache's usage per step (the finding's own replica's or node's when it is
 * scoped to one) that are full ({@link KV_FULL}) and overlap `range`, segmented by change points
 * as on the cache's own step; null without a usage series or a full level there.
 */
function fullLevels(
  ctx: DiagnosisContext,
  range: { from: number; to: number },
  scope: Finding['scope']
): { start: number; end: number }[] | null {
  const view = ctx.resources.get('kv_usage')
  if (view === undefined) {
    return null
  }
  const own =
    scope.dimension === view.keyDimension && scope.value !== null
      ? view.byKey.get(scope.value)
      : undefined
  const levels = detectChangePoints(Array.from(own ?? view.mean), {
    minRelativeChange: KV_STEP_RELATIVE,
    minSegment: minSegmentSteps(ctx.grid),
  }).segments.filter((s) => s.mean >= KV_FULL && s.start <= range.to && range.from <= s.end)
  return levels.length === 0 ? null : levels
}

/**
 * The last step of the pressure: the end of the last full level of the cache's usage (`levels`,
 * from {@link fullLevels}), or, when the engine queue's median per step stays up past it, the end
 * of that queue's elevated span (a backlog its users still wait in, read as the latency windows
 * read a P50). Preemptions are not read: a counter that keeps rising after the cache has room
 * counts the backlog's sequences being rescheduled, not a cache without blocks.
 */
function pressureEnd(ctx: DiagnosisContext, levels: { start: number; end: number }[]): number {
  const k = minSegmentSteps(ctx.grid)
  let end = Math.max(...levels.map((s) => s.end))
  const queue = ctx.frame.stages['engine.queue']
  if (queue !== undefined) {
    const { grid, frame } = ctx
    const ttft = bucketQuantile(grid, frame.startUs, frame.ttftUserUs, 0.5, undefined, 5)
    const typical = ttft.values.filter((v) => v === v)
    const series = bucketQuantile(grid, frame.startUs, queue, 0.5, undefined, QUEUE_MIN_PER_STEP)
    // Against what a first token takes, as the latency windows read an excess: a queue near zero
    // has no level of its own to be relative to.
    const span =
      typical.length === 0
        ? null
        : elevatedSpan(series.values, Math.max(1, medianOf(typical)), P50_RISE, 4, k)
    if (span !== null && span.from <= end + 1 && span.to > end) {
      end = span.to
    }
  }
  return end
}

/**
 * The start of the full level that holds the window's first step, when that level began earlier
 * (ADR 0345): the cache stepped up to full there, with a before in the data (at least
 * {@link MIN_STEPS_BEFORE} steps of it below full), and preemptions started with it. An engine
 * preempts only when no block is left, so from that step on the cache was out of room: the
 * pressure had begun, whatever the latency showed. A mild shortage adds tens of milliseconds to
 * the typical request, below what a latency span needs to count, until the backlog it feeds shows
 * in the tail (grid case 239-84: the cache full from the fault's first step, the TTFT P99 up only
 * in its last minute). Null otherwise: the latency's start stands.
 */
function pressureOnset(
  ctx: DiagnosisContext,
  levels: { start: number; end: number }[],
  from: number
): number | null {
  const level = levels.find((l) => l.start < from && from <= l.end)
  const view = ctx.resources.get('kv_usage')
  if (level === undefined || view === undefined) {
    return null
  }
  const first = view.mean.findIndex((v) => v === v)
  if (first < 0 || level.start - first < MIN_STEPS_BEFORE) {
    return null
  }
  const pre = resourceLevel(ctx, 'preemptions', { from: level.start, to: level.end })
  return pre !== null && preemptingIn(pre) ? level.start : null
}

interface OwnStep {
  range: { from: number; to: number }
  /** How clearly the requests' wait rose with it (0..1). */
  risen: number
  evidence: Evidence[]
}

/**
 * The pressure read on its own series when no P99 changed: the span where the mean KV usage per
 * step stepped up (a change point, as the excess scan reads a latency), with preemptions starting
 * with it, and what the engine queue's median per step did over those steps against the others.
 * A cache that fills slowly adds a little wait to every request: the TTFT P99, made by the
 * window's bursts, may not move while the queue the preemptions refill rises throughout.
 */
function ownStep(ctx: DiagnosisContext): OwnStep | null {
  const view = ctx.resources.get('kv_usage')
  if (view === undefined) {
    return null
  }
  const span = elevatedSpan(view.mean, 0, KV_STEP_RELATIVE, 4, minSegmentSteps(ctx.grid))
  const first = view.mean.findIndex((v) => v === v)
  if (span === null || first < 0 || span.from - first < MIN_STEPS_BEFORE) {
    return null
  }
  const range = { from: span.from, to: span.to }
  const level = saturation(ctx, range)
  if (level === null || level.pre === null || !preemptingIn(level.pre)) {
    return null
  }
  const queue = ctx.frame.stages['engine.queue']
  if (queue === undefined) {
    return null
  }
  const rise = stepRise(ctx.grid, ctx.frame.startUs, queue, 0.5, range.from, range.to)
  const risen = riseWeight(rise, [RISE_Z_LO, RISE_Z_HI], [RISE_RATIO_LO, RISE_RATIO_HI])
  if (!(risen > 0)) {
    return null
  }
  // The users' side of the same steps: the queue is part of their first token.
  const ttft = stepRise(
    ctx.grid,
    ctx.frame.startUs,
    ctx.frame.ttftUserUs,
    0.5,
    range.from,
    range.to
  )
  return {
    range,
    risen,
    evidence: [
      riseEvidence('engine.queue.p50', 'engine.queue', rise),
      riseEvidence('ttft.p50', 'TTFT', ttft),
    ],
  }
}

function riseEvidence(metric: string, label: string, r: StepRise): Evidence {
  return {
    metric,
    observed: round(r.inside / 1000),
    baseline: round(r.outside / 1000),
    text: `${label} P50 per step ${fmtUs(r.inside)} while the cache ran full vs ${fmtUs(r.outside)} in the other steps (${riseFigures(r, 2)})`,
  }
}

/** Preemptions that start with the range: some inside, and several times the rate outside it. */
function preemptingIn(pre: ResourceLevel): boolean {
  return (
    pre.inside > 0 && (!Number.isFinite(pre.outside) || pre.inside > PREEMPT_RISE * pre.outside)
  )
}

/**
 * How full the cache was over `range` (0..1 support): its peak usage, or a lower peak when
 * preemptions started with the range (an engine preempts only with no block left, and a scrape
 * between two preemptions reads the cache just freed). Null without a KV-usage series.
 */
function saturation(
  ctx: DiagnosisContext,
  range: { from: number; to: number } | null
): { sat: number; kv: ResourceLevel; pre: ResourceLevel | null } | null {
  const kv = resourceLevel(ctx, 'kv_usage', range)
  if (!kv) {
    return null
  }
  const pre = resourceLevel(ctx, 'preemptions', range)
  const preempting = pre !== null && preemptingIn(pre)
  const sat = Math.max(
    ramp(kv.peak, 0.85, 0.97),
    preempting && range !== null ? ramp(kv.peak, 0.6, 0.8) : 0
  )
  return { sat, kv, pre }
}

export const engineKvCachePressureCause: CauseRecord = {
  cause: 'engine.kv_cache_pressure',
  label: 'KV cache pressure',
  measure: null,
  chain: ['KV cache full', 'preemptions', 'engine queue and decode'],
  explains: ['engine.queue_saturation', 'engine.memory_bandwidth'],
  // A full cache everywhere whose queue ran longest on one replica is not a degraded node.
  explainsWhen: { 'node.degraded': kvExplainsPlace },
  needs:
    'KV usage (`vllm:kv_cache_usage_perc`, `sglang:token_usage`, …); preemptions (`vllm:num_preemptions_total`) confirm.',
  predicts:
    'KV usage near 1 (peak ≥ 0.85–0.97) with preemptions, during the latency change window; preemptions that start with the change stand for a full cache even when a scrape read it at 0.6–0.8. Scope: the replica when only one of ≥ 3 is full.',
  against:
    "headroom in KV (its usage series over the finding's window, whichever detector named it, with no preemptions starting); no preemptions; full KV without any latency change.",
  actions: [
    'add KV blocks or use larger-memory GPUs',
    'lower max concurrency (max_num_seqs)',
    'limit context length',
  ],
  counter(ctx, finding) {
    // Whichever detector named it (a slower decode everywhere reads as pressure too), a cache
    // that its own series shows with room to spare over the finding's time is not full.
    const range = bucketsOfWindow(ctx.grid, finding.window)
    const level = range === null ? null : saturation(ctx, range)
    if (level === null || level.sat > 0) {
      return null
    }
    return {
      factor: 0.3,
      evidence: {
        metric: level.kv.view.metric,
        observed: round(level.kv.peak),
        baseline: round(level.kv.outside),
        text: `against: KV cache usage peaks at ${pct(level.kv.peak)} in the finding's window, with no preemptions starting: the cache had room`,
      },
    }
  },
  windowEnd(ctx, finding) {
    const range = bucketsOfWindow(ctx.grid, finding.window)
    if (range === null || finding.window === null) {
      return finding.window
    }
    // Without a full level overlapping the window (a cache that ran at 0.6–0.8 while preempting)
    // the cache gives no edge to place.
    const levels = fullLevels(ctx, range, finding.scope)
    const end = levels === null ? null : pressureEnd(ctx, levels)
    // The start of the first full level (ADR 0331), only where the latency gives no before: for a
    // window the latency opens with the data, which would be set aside as a stretch the recording
    // began inside, a cache below full in those first steps is the before the latency did not
    // show. Elsewhere the latency's start stands, since a cache that fills over minutes reaches
    // its full level after the queue has begun to move (contract seed 113 `#0`: 136 s late).
    const start =
      levels === null || opensWithData(ctx, finding.window) === null
        ? null
        : Math.min(...levels.map((l) => l.start))
    // The latency's own edges stand where the cache was full at them, except for an onset the
    // latency shows late: see pressureOnset.
    const onset = levels === null ? null : pressureOnset(ctx, levels, range.from)
    const from = onset !== null ? onset : start === null || start <= range.from ? range.from : start
    // A pressure the cache shows from its onset on ends where the cache does (ADR 0321's end),
    // though the latency's tail moved only in some of its minutes; otherwise only ever earlier.
    const to = end === null || (end >= range.to && onset === null) ? range.to : end
    if (from === range.from && to === range.to) {
      return finding.window
    }
    const placed = windowOfBuckets(ctx.grid, { from, to }, ctx.input.window.toUs)
    return {
      start: from === range.from ? finding.window.start : placed.start,
      end: to === range.to ? finding.window.end : placed.end,
    }
  },
  excess: {
    'kv-pressure': 1,
    decode: decodeWeight({ everywhere: 0.4 }),
    'engine-rate': 0.2,
  },
  evaluate(ctx) {
    const latency = changeBuckets(ctx.ttftChange) ?? changeBuckets(ctx.tpotChange)
    const latencyWindow = changeWindow(ctx.ttftChange) ?? changeWindow(ctx.tpotChange)
    // A latency window that opens with the data shows a level that ended, not one that began
    // (ADR 0199, 0336): a cache with room in it says nothing of a step the cache's own series
    // shows later, which is read as when no latency changed (ADR 0348).
    const endedOnly =
      latency !== null &&
      opensWithData(ctx, latencyWindow) !== null &&
      saturation(ctx, latency)?.sat === 0
    const own = latency === null || endedOnly ? ownStep(ctx) : null
    const changed = own === null ? latency : null
    const range = changed ?? own?.range ?? null
    const level = saturation(ctx, range)
    if (!level) {
      return { skipped: 'no metrics for KV cache usage (vllm:kv_cache_usage_perc)' }
    }
    const { sat, kv, pre } = level
    const peaks = [...kv.view.byKey.entries()].map(
      ([k, s]) => [k, maxOver(s, range?.from ?? 0, range?.to ?? s.length - 1)] as const
    )
    const full = peaks.filter(([, p]) => p >= 0.9)
    if (sat === 0) {
      return null
    }
    const evidence: Evidence[] = [
      {
        metric: kv.view.metric,
        observed: round(kv.peak),
        baseline: Number.isFinite(kv.outside) ? round(kv.outside) : round(kv.inside),
        text: `KV cache usage peaks at ${pct(kv.peak)} (mean ${pct(kv.inside)}${Number.isFinite(kv.outside) ? `, ${pct(kv.outside)} outside the window` : ''}); ${full.length} of ${peaks.length} replicas at ≥ 90%`,
      },
    ]
    let confidence = sat
    if (pre) {
      const preRate = pre.inside
      confidence *= preRate > 0 ? Math.max(0.6, ramp(preRate, 0, 0.2)) : 0.35
      evidence.push({
        metric: pre.view.metric,
        observed: round(preRate),
        baseline: round(pre.outside),
        text: `preemptions at ${figure(preRate, 2)}/s`,
      })
    } else {
      confidence *= 0.7
      evidence.push(missingEvidence('preemptions (vllm:num_preemptions_total)'))
    }
    // Full KV cache that does not coincide with slow requests is capacity well used, not a cause.
    // On its own step, the queue's rise over the same steps is that coincidence.
    const anomaly = Math.max(
      changed ? 1 : 0,
      own?.risen ?? 0,
      ctx.sloBreached ? 1 : 0,
      kv.inside >= 0.9 ? 0.7 : 0.4
    )
    confidence *= anomaly
    const ce =
      changed === null
        ? null
        : (changeEvidence(ctx.ttftChange, 'ttft') ?? changeEvidence(ctx.tpotChange, 'tpot'))
    if (ce) {
      evidence.push(ce)
    }
    if (own) {
      evidence.push(...own.evidence)
    }
    const fullKeys = full.map(([k]) => k)
    const scoped = kv.view.keyDimension !== 'series' && fullKeys.length === 1 && peaks.length >= 3
    return {
      confidence,
      scope: scoped
        ? scopeOf(kv.view.keyDimension === 'node' ? 'node' : 'replica', fullKeys[0] ?? null)
        : scopeOf(null, null),
      window: own ? windowOfBuckets(ctx.grid, own.range, ctx.input.window.toUs) : latencyWindow,
      evidence,
      ownWindow: own !== null,
    }
  },
}
