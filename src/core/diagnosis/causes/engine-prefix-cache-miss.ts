/**
 * `engine.prefix_cache_miss` — prefix-cache hit rate dropped; prefill recomputes shared prefixes.
 *
 * Evidence needed: prefix-cache counters (`vllm:prefix_cache_hits_total` /
 * `…queries_total`), cached prompt tokens over prompt tokens (`vllm:prompt_tokens_cached_total`,
 * `sglang:cached_tokens_total`), `sglang:cache_hit_rate`, or cached-token counts on the requests.
 * For: the hit rate fell (a level shift of its own: the miss rate, the share of prompt tokens
 * prefilled again, rose past the rate's own swing; ADR 0282), and the requests in
 * that span were slower (TTFT, TPOT or prefill + queue). The hit rate is read from the counters
 * first and from the requests' cached-token counts when the counters show no fall of their own
 * (scraped once a minute, they miss a fall in the data's last minute; ADR 0216). Against: a stable
 * hit rate in every source; latency that did not
 * move; prompts that got much longer.
 * Actions (CONTRACT §5.1): keep shared prefixes stable (no per-request data in system prompts);
 * prefix-aware routing.
 */
import type { Evidence } from '../../model/diagnosis.js'
import { asMicros, isoFromMicros } from '../../model/units.js'
import { bucketsOfWindow, windowOfBuckets, windowSpanUs } from '../frame/window-span.js'
import type { ResourceKind } from '../metric-families.js'
import { fallEdgesUs } from './prefix-fall-edges.js'
import { type DiagnosisContext, type TimeChange, changeBuckets } from '../frame/context.js'
import type { CauseRecord } from './record.js'
import { shiftOf, stageStat, heavierAtSameRate } from '../detect/shifts.js'
import {
  changeEvidence,
  changeWindow,
  missingEvidence,
  stageEvidence,
} from '../explain/evidence.js'
import { decimals, figure, fmtUs, round } from '../explain/text.js'
import { meanOutside, meanOver, type ResourceView } from '../resources.js'
import { medianShift } from '../../stats/quantile.js'
import { ramp } from '../../stats/significance.js'
import { bucketMean, bucketOf } from '../../timeline/buckets.js'
import {
  detectChangePoints,
  findElevatedSpan,
  type ElevatedSpan,
  type Segment,
} from '../../timeline/change-points.js'
import { minSegmentSteps } from '../detect/excess-scan.js'
import {
  riseFigures,
  riseWeight,
  seriesRise,
  stepRise,
  type StepRise,
} from '../detect/step-rise.js'
import { prefillHeldTheGaps } from './prefill-gap-edge.js'

/**
 * The rise of the miss rate (1 − hit rate: the share of prompt tokens prefilled again) inside the
 * fall over outside it, at which support starts / is full. The work a fall adds is the miss
 * rate's ratio, not the hit rate's: 0.78 → 0.62 prefills 1.7× the tokens, 0.30 → 0.24 only
 * 1.09× (ADR 0282). Full support at 30 % more tokens prefilled, the point at which the latency's
 * rise inside the span is full support too (below): the root and its consequence on one scale.
 */
const MISS_RISE_LO = 1.1
const MISS_RISE_HI = 1.3
/**
 * The fall in noise units of the rate's own per-step swing, from "could be the steps' swing" to
 * "stands out" (the unit of step-rise.ts; the range of the output tokens' rise, ADR 0227).
 */
const FALL_Z_LO = 3
const FALL_Z_HI = 6
/**
 * Smallest relative rise of the miss rate the change points place a fall's edges on. This finds
 * the span, it does not support the cause: a half-minute step's hit rate swings by itself enough
 * to move the miss rate 15–20 % (grid 11-114: 0.48 → 0.37 three minutes before a fall to 0), and
 * an edge placed on such a dip opens the window minutes early.
 */
const SPAN_MIN_CHANGE = 0.2
/** Latency ratio (inside the fall over outside it) at which support starts / is full. */
const LATENCY_LO = 1.05
const LATENCY_HI = 1.3
/**
 * Noise units from which the prefill's median per step counts as risen with the fall: the
 * fall's own range (the step-rise unit, as the long-prompt influx reads its prefill).
 */
const PREFILL_Z_LO = FALL_Z_LO
const PREFILL_Z_HI = FALL_Z_HI

/** Absolute fall (hit-rate points) read when too few steps give the rate's swing. */
const ABS_DROP_LO = 0.05
const ABS_DROP_HI = 0.15

/** "1.7× the prompt tokens prefilled again" (the miss rate's ratio). */
function reprefilled(inside: number, outside: number): string {
  const r = missRise(inside, outside)
  return Number.isFinite(r)
    ? `${decimals(r, 1)}× the prompt tokens computed again`
    : 'prompt tokens computed again where none were'
}

/** The miss rate per step: the share of prompt tokens prefilled again. */
function missSeries(rate: HitRate): Float64Array {
  return rate.perBucket.map((v) => (v === v ? 1 - v : NaN))
}

/** Miss rate inside over outside: how many more prompt tokens were prefilled again. */
function missRise(inside: number, outside: number): number {
  const missOut = 1 - outside
  const missIn = 1 - inside
  return missOut > 0 ? missIn / missOut : missIn > 0 ? Infinity : 1
}

export interface HitRate {
  /** Per bucket, 0..1; NaN where nothing was looked up. */
  perBucket: Float64Array
  /** What it was read from (evidence). */
  source: string
  /** Read from the engine's counters or gauge (true) or from the requests' cached tokens. */
  fromMetrics: boolean
  /** The counters' kinds (hits and lookups) when read from counters: their scrapes place edges. */
  counters?: readonly [ResourceKind, ResourceKind]
}

/**
 * The hit rate per bucket from every source present, the engine's own first: its counters (or
 * gauge) count every lookup, the requests' cached-token counts only the requests seen. The
 * requests' share comes second but is kept: counters scraped once a minute leave half-minute
 * steps empty, and a fall in the last minute of the data has no counter rate at all, while the
 * requests resolve every step (ADR 0216).
 */
function hitRates(ctx: DiagnosisContext): HitRate[] {
  const out: HitRate[] = []
  const hits = ctx.resources.get('prefix_hits')
  const queries = ctx.resources.get('prefix_queries')
  const cachedPair = hits && queries ? null : cachedTokenPair(ctx)
  const num = hits && queries ? hits : cachedPair?.num
  const den = hits && queries ? queries : cachedPair?.den
  const rateView = ctx.resources.get('prefix_hit_rate')
  if (num && den) {
    // Counters give the rate over each bucket: hits over lookups of the whole fleet.
    const ratio = new Float64Array(ctx.grid.count).fill(NaN)
    for (let b = 0; b < ctx.grid.count; b++) {
      const h = num.mean[b] as number
      const q = den.mean[b] as number
      if (q > 0) {
        ratio[b] = Math.min(1, h / q)
      }
    }
    out.push({
      perBucket: ratio,
      source: `${num.metric} / ${den.metric}`,
      fromMetrics: true,
      counters:
        hits && queries ? ['prefix_hits', 'prefix_queries'] : ['prompt_cached', 'prompt_total'],
    })
  } else if (rateView) {
    // SGLang's hit-rate gauge is a snapshot: its mean per bucket is the rate.
    out.push({ perBucket: rateView.mean, source: rateView.metric, fromMetrics: true })
  }
  // SGLang and others report cached tokens per request: their share of the prompt tokens.
  const points: { timeUs: number; value: number }[] = []
  for (let i = 0; i < ctx.frame.n; i++) {
    const c = ctx.frame.cachedTokens[i] as number
    const t = ctx.frame.inputTokens[i] as number
    if (c === c && t > 0) {
      points.push({ timeUs: ctx.frame.startUs[i] as number, value: c / t })
    }
  }
  if (points.length >= 30) {
    out.push({
      perBucket: bucketMean(ctx.grid, points),
      source: 'cached_tokens / input_tokens',
      fromMetrics: false,
    })
  }
  return out
}

/**
 * The fleet's hit rate per bucket from the engines' own counters (or gauge) alone; null without
 * them. For the records that weigh lost hits when the requests carry no cached-token counts.
 */
export function counterHitRate(ctx: DiagnosisContext): HitRate | null {
  return hitRates(ctx).find((r) => r.fromMetrics) ?? null
}

/** Requests that started inside bucket range [from, to], as a change window. */
function spanChange(ctx: DiagnosisContext, from: number, to: number): TimeChange {
  const inWindow = new Uint8Array(ctx.frame.n)
  for (let i = 0; i < ctx.frame.n; i++) {
    const b = bucketOf(ctx.grid, ctx.frame.startUs[i] as number)
    inWindow[i] = b >= from && b <= to ? 1 : 0
  }
  const fromUs = asMicros(ctx.grid.fromUs + from * ctx.grid.stepUs)
  const toUs = asMicros(
    Math.min(ctx.input.window.toUs, ctx.grid.fromUs + (to + 1) * ctx.grid.stepUs)
  )
  return {
    ...ctx.ttftChange,
    windowUs: { fromUs, toUs },
    inWindow,
    // Only the span matters to the comparisons made with it; the levels are the hit rate's.
    elevated: { start: from, end: to, baseline: NaN, elevated: NaN, ratio: NaN },
  }
}

/**
 * The span widened over the segments beside it that sit nearer its level than its baseline (ADR
 * 0345). The segmentation may cut a fall into a deeper first level and a shallower rest (grid
 * case 241-38: a miss rate of 0.59, then 0.74 for a minute and 0.70 for five); the rise a span
 * needs ({@link SPAN_MIN_CHANGE}) says whether the rate fell at all, not how long, and a level
 * nearer the fallen one than the one before is the same fall. The midpoint is the quiet shift's
 * edge rule (ADR 0339), read on whole levels.
 */
function nearerLevels(
  segments: readonly Segment[],
  span: ElevatedSpan
): { from: number; to: number } {
  const mid = (span.baseline + span.elevated) / 2
  const i = segments.findIndex((s) => s.start <= span.start && span.start <= s.end)
  const j = segments.findIndex((s) => s.start <= span.end && span.end <= s.end)
  let a = i
  let b = j
  while (a > 0 && (segments[a - 1] as Segment).mean >= mid) {
    a--
  }
  while (b >= 0 && b < segments.length - 1 && (segments[b + 1] as Segment).mean >= mid) {
    b++
  }
  return {
    from: a < i && a >= 0 ? (segments[a] as Segment).start : span.start,
    to: b > j ? (segments[b] as Segment).end : span.end,
  }
}

/**
 * Where the hit rate fell: the span where the miss rate (1 − hit rate) rose, found on the hit
 * rate itself so the window is the cache's, not the noisiest latency series'. Falls back on the
 * TTFT change window when the rate has no level shift of its own.
 */
function fall(
  ctx: DiagnosisContext,
  rate: HitRate
): { from: number; to: number; inside: number; outside: number; own: boolean } | null {
  const miss = missSeries(rate)
  // A fall that comes back inside a long window is a pulse: its edges only show as a pair.
  const levels = detectChangePoints(miss, {
    minRelativeChange: SPAN_MIN_CHANGE,
    minSegment: minSegmentSteps(ctx.grid),
    pulse: true,
  })
  const span = findElevatedSpan(levels, SPAN_MIN_CHANGE)
  // The span first takes in the levels nearer its fallen level (ADR 0345), then keeps only its
  // certain part (ADR 0347).
  const near = span ? nearerLevels(levels.segments, span) : null
  const range = near
    ? certainPart(miss, near.from, near.to, minSegmentSteps(ctx.grid))
    : changeBuckets(ctx.ttftChange)
  if (range === null) {
    return null
  }
  const inside = meanOver(rate.perBucket, range.from, range.to)
  const outside = meanOutside(rate.perBucket, range.from, range.to)
  if (!Number.isFinite(inside) || !Number.isFinite(outside)) {
    return null
  }
  return { ...range, inside, outside, own: span !== null }
}

/**
 * Standard errors from which the two parts of one split of a fall's span differ (`certainPart`):
 * where chance stops for a statistic scanned over every position (ADR 0185). A span the change
 * points placed well has no certain level inside it, and its split points are a scan.
 */
const SPLIT_Z = 4
/**
 * Steps the part a split leaves out needs: a level of its own, read over as many steps as the
 * noise unit asks of the steps it is read against (step-rise.ts). A shorter part at the span's
 * edge is a step of the edge or of the swing, not a stretch the change points joined to the fall
 * (grid 239-1: the fall's last two steps, 0.64 and 0.69 against 0.76, would be cut off).
 */
const LEVEL_MIN_STEPS = 6

/** The sorted finite steps of `series` inside [from, to]. */
function stepsOf(series: Float64Array, from: number, to: number): Float64Array {
  const out: number[] = []
  for (let k = from; k <= to; k++) {
    const v = series[k] as number
    if (v === v) {
      out.push(v)
    }
  }
  return Float64Array.from(out).sort()
}

/**
 * The change points' span, or its higher part where one split of it leaves two levels that
 * differ for certain: their medians' difference over the standard error of their pooled robust
 * spread (`medianShift`) at least {@link SPLIT_Z}, each part at least `minSteps` long, and the
 * lower part a level of its own ({@link LEVEL_MIN_STEPS}) not above the steps outside the span
 * for certain (it is the rate before or after the fall). The change points ask a relative size
 * of the rate (SPAN_MIN_CHANGE) to split a segment; a fall just under it that follows a dip is
 * joined to the steps before it, and the span's mean then dilutes the fall with them (grid
 * 239-92: the miss rate 0.58 → 0.70 from step 40, joined to steps 11–39, read 1.12× over the
 * span). Certainty, not size, finds the level inside: the steps' own swing says whether the two
 * parts differ. One split, not every sub-span: the best of all sub-spans of a long span finds a
 * certain-looking stretch in its swing.
 */
function certainPart(
  miss: Float64Array,
  from: number,
  to: number,
  minSteps: number
): { from: number; to: number } {
  const outside = Float64Array.from([
    ...stepsOf(miss, 0, from - 1),
    ...stepsOf(miss, to + 1, miss.length - 1),
  ]).sort()
  let best = { from, to }
  let bestZ = SPLIT_Z
  for (let k = from + minSteps; k <= to - minSteps + 1; k++) {
    const before = stepsOf(miss, from, k - 1)
    const after = stepsOf(miss, k, to)
    if (before.length < minSteps || after.length < minSteps) {
      continue
    }
    const z = medianShift(after, before, 0).z
    const lower = z > 0 ? before : after
    // The part left out must be the rate before (or after) the fall, not a step of it: a fall
    // whose first steps are a mid level (a scrape interval that holds the edge) keeps them.
    const risenLower = outside.length >= minSteps && medianShift(lower, outside, 0).z >= SPLIT_Z
    if (Math.abs(z) >= bestZ && lower.length >= LEVEL_MIN_STEPS && !risenLower) {
      best = z > 0 ? { from: k, to } : { from, to: k - 1 }
      bestZ = Math.abs(z)
    }
  }
  return best
}

/** Cached prompt tokens over prompt tokens, both per-second rates of their counters. */
function cachedTokenPair(ctx: DiagnosisContext): { num: ResourceView; den: ResourceView } | null {
  const num = ctx.resources.get('prompt_cached')
  const den = ctx.resources.get('prompt_total')
  return num && den ? { num, den } : null
}

export const enginePrefixCacheMissCause: CauseRecord = {
  cause: 'engine.prefix_cache_miss',
  label: 'Prefix-cache hit rate dropped',
  measure: 'ttft',
  chain: ['prefix-cache hits', 'uncached prompt tokens', 'prefill', 'engine queue'],
  explains: ['engine.queue_saturation', 'engine.memory_bandwidth', 'node.degraded'],
  // A prefill runs in the same engine step as the running streams' decode: longer prefills
  // stall the streams beside them, which reads as a buffering proxy (ADR 0544).
  explainsWhen: { 'proxy.stream_buffering': prefillHeldTheGaps },
  needs:
    "prefix-cache hits/queries counters or `sglang:cache_hit_rate`, and/or the requests' cached-token share (read too when the counters show no fall: they are scraped less often than the steps).",
  predicts:
    'the hit rate fell in a span of its own: the miss rate (the share of prompt tokens prefilled again) rose 1.1–1.3× past 3–6 noise units of its own per-step swing (≥ 5–15 points when too few steps give the swing), and the requests in that span wait longer: prefill and the queue behind it (TTFT), and the decode steps that prefill chunks share (TPOT).',
  against:
    'a stable hit rate; latency that did not move while the rate fell; prompts that also got much longer (that lowers the hit rate by itself).',
  actions: [
    'keep shared prefixes stable (no per-request data in system prompts)',
    'use prefix-aware routing',
  ],
  counter(ctx, finding) {
    // Whichever detector named the miss, the hit rate must have fallen where it says, in some
    // source that covers the window.
    const range = bucketsOfWindow(ctx.grid, finding.window)
    if (range === null) {
      return null
    }
    let rate: HitRate | null = null
    let inside = NaN
    let outside = NaN
    for (const r of hitRates(ctx)) {
      const i = meanOver(r.perBucket, range.from, range.to)
      const o = meanOutside(r.perBucket, range.from, range.to)
      if (!Number.isFinite(i) || !Number.isFinite(o) || o <= 0) {
        continue
      }
      // Fallen: half the rise where support starts, past the rate's own swing where enough
      // steps give it (a one-minute window's miss rate swings 5 % by itself), else by points.
      const swing = seriesRise(missSeries(r), range.from, range.to)
      const certain =
        swing.units === swing.units ? swing.units >= FALL_Z_LO : o - i >= ABS_DROP_LO / 2
      if (missRise(i, o) >= 1 + (MISS_RISE_LO - 1) / 2 && certain) {
        return null
      }
      if (rate === null) {
        rate = r
        inside = i
        outside = o
      }
    }
    if (rate === null) {
      return null
    }
    return {
      factor: 0.3,
      evidence: {
        metric: rate.source,
        observed: round(inside),
        baseline: round(outside),
        text: `against: the prefix-cache hit rate did not fall (${figure(inside, 2)} in the finding's window vs ${figure(outside, 2)} outside, ${rate.source})`,
      },
    }
  },
  excess: {
    // The carrier asks only that the cached share of the excess's requests fell 15 points; their
    // window and scope were chosen for their latency, and uncached long prompts are what makes a
    // replica's queue grow by chance (grid 269-77: one replica's share 0.44 → 0.26 over 107
    // requests in a healthy run). The fall must stand out of the share's own per-step swing, as
    // a fall of the record's own does (ADR 0357); where the steps cannot tell (no window, too few
    // steps), the carrier is read as before.
    'cache-drop': (x) =>
      x.facts.cachedFallUnits === x.facts.cachedFallUnits
        ? ramp(x.facts.cachedFallUnits, FALL_Z_LO, FALL_Z_HI)
        : 1,
  },
  evaluate(ctx) {
    const rates = hitRates(ctx)
    if (rates.length === 0) {
      return {
        skipped:
          'no metrics for prefix-cache hits (vllm:prefix_cache_hits_total) and no cached-token counts',
      }
    }
    // The first source whose rate fell in a span of its own; else the first that can be read
    // inside the latency's change window.
    const falls = rates.map((r) => ({ rate: r, f: fall(ctx, r) }))
    const picked =
      falls.find((x) => x.f !== null && x.f.own && x.f.outside > 0) ??
      falls.find((x) => x.f !== null && x.f.outside > 0)
    if (picked === undefined || picked.f === null) {
      return null
    }
    const { rate, f } = picked
    // A fall in a span of its own is weighed against the rate's own swing from step to step; one
    // read inside the latency's window, or on too few steps, on its size in points.
    const swing = f.own ? seriesRise(missSeries(rate), f.from, f.to) : null
    const certain =
      swing !== null && swing.units === swing.units
        ? ramp(swing.units, FALL_Z_LO, FALL_Z_HI)
        : ramp(f.outside - f.inside, ABS_DROP_LO, ABS_DROP_HI)
    const drop = ramp(missRise(f.inside, f.outside), MISS_RISE_LO, MISS_RISE_HI) * certain
    if (drop === 0) {
      return null
    }
    const change = spanChange(ctx, f.from, f.to)
    // What the lost hits cost: the prompt tokens are computed again (prefill), the requests
    // behind them queue, and the decode steps that prefill chunks share slow down. The hit rate
    // names the root; the latency inside its span says it mattered.
    const ttft = shiftOf(ctx, ctx.frame.ttftUserUs, change)
    const tpot = shiftOf(ctx, ctx.frame.tpotUs, change)
    const work = new Float64Array(ctx.frame.n)
    for (let i = 0; i < ctx.frame.n; i++) {
      const p = ctx.frame.stages['engine.prefill'][i] as number
      const q = ctx.frame.stages['engine.queue'][i] as number
      work[i] = (p === p ? p : 0) + (q === q ? q : 0)
    }
    const engine = shiftOf(ctx, work, change)
    const latency = Math.max(ttft.ratio, tpot.ratio, engine.outside > 0 ? engine.ratio : 1)
    // The means carry the queue's heavy tail: a few requests caught in a burst move them more
    // than every request's extra prefill does. Over a fall of its own the typical request's
    // prefill, its median per step against the other steps, is the uncached tokens' own cost.
    const prefillStep = f.own
      ? stepRise(ctx.grid, ctx.frame.startUs, ctx.frame.stages['engine.prefill'], 0.5, f.from, f.to)
      : null
    const typical = prefillStep === null ? 0 : prefillWeight(prefillStep)
    let confidence = drop * Math.max(ramp(latency, LATENCY_LO, LATENCY_HI), typical)
    const prefill = stageStat(ctx.ttftStages, 'engine.prefill')
    const queue = stageStat(ctx.ttftStages, 'engine.queue')
    const queuePart = heavierAtSameRate(ctx, ctx.ttftChange) ? (queue?.excessShare ?? 0) : 0
    if (prefill && !f.own) {
      // Without a fall of its own the window is the latency's: the prefill must carry it.
      confidence *= Math.max(0.4, ramp((prefill.excessShare ?? 0) + queuePart, 0.2, 0.5))
    }
    if (!rate.fromMetrics) {
      confidence *= 0.9
    }
    const window = f.own ? fallWindow(ctx, rate, f) : changeWindow(ctx.ttftChange)
    // The fall is dated where its window starts: inside the scrape interval that holds its edge
    // when the rate comes from counters (ADR 0309), not at the start of that interval's step.
    const fellAt =
      window?.start ?? isoFromMicros(asMicros(ctx.grid.fromUs + f.from * ctx.grid.stepUs))
    const evidence: Evidence[] = [
      {
        metric: rate.source,
        observed: round(f.inside),
        baseline: round(f.outside),
        text: f.own
          ? `prefix-cache hit rate fell from ${figure(f.outside, 2)} to ${figure(f.inside, 2)} at ${fellAt}: ${reprefilled(f.inside, f.outside)} (${rate.source})`
          : `prefix-cache hit rate ${figure(f.inside, 2)} inside the change window vs ${figure(f.outside, 2)} outside (${rate.source})`,
      },
      {
        metric: 'ttft.mean',
        observed: round(ttft.inside / 1000),
        baseline: round(ttft.outside / 1000),
        text: `while it was low, TTFT averaged ${fmtUs(ttft.inside)} vs ${fmtUs(ttft.outside)} otherwise${tpot.outside > 0 ? `, TPOT ${fmtUs(tpot.inside)} vs ${fmtUs(tpot.outside)}` : ''}`,
      },
    ]
    // Longer, new prompts lower the hit rate by themselves; a prefix miss is a drop at equal length.
    const tokens = shiftOf(ctx, ctx.frame.inputTokens, change)
    if (tokens.ratio >= 1.5) {
      confidence *= 0.5
      evidence.push({
        metric: 'input_tokens',
        observed: round(tokens.inside, 0),
        baseline: round(tokens.outside, 0),
        text: `prompts also got ${decimals(tokens.ratio, 1)}× longer, which lowers the hit rate by itself`,
      })
    }
    if (prefillStep !== null && typical > 0) {
      evidence.push({
        stage: 'engine.prefill',
        metric: 'engine.prefill.p50',
        observed: round(prefillStep.inside / 1000),
        baseline: round(prefillStep.outside / 1000),
        text: `engine.prefill P50 per step ${fmtUs(prefillStep.inside)} while it was low vs ${fmtUs(prefillStep.outside)} in the other steps (${riseFigures(prefillStep, 2)})`,
      })
    }
    if (prefill && (prefill.excessShare ?? 0) > 0.05) {
      evidence.push(stageEvidence(prefill, 'TTFT'))
    }
    const ce = changeEvidence(ctx.ttftChange, 'ttft')
    if (ce) {
      evidence.push(ce)
    }
    if (!rates.some((r) => r.fromMetrics)) {
      evidence.push(missingEvidence('prefix-cache hits (vllm:prefix_cache_hits_total)'))
    }
    if (confidence <= 0) {
      return null
    }
    return {
      confidence,
      scope: { dimension: null, value: null },
      window,
      evidence,
    }
  },
}

/**
 * The window of a fall of its own: its steps on the grid, its edges placed inside the scrape
 * intervals that hold them when the rate comes from counters (ADR 0309).
 */
function fallWindow(
  ctx: DiagnosisContext,
  rate: HitRate,
  f: { from: number; to: number }
): { start: string; end: string } | null {
  const steps = windowOfBuckets(ctx.grid, f, ctx.input.window.toUs)
  const span = windowSpanUs(steps)
  const edges =
    rate.counters === undefined || span === null
      ? null
      : fallEdgesUs(ctx, rate.counters[0], rate.counters[1], { fromUs: span.from, toUs: span.to })
  return edges === null
    ? steps
    : { start: isoFromMicros(asMicros(edges.startUs)), end: isoFromMicros(asMicros(edges.endUs)) }
}

/** How clearly the typical prefill rose: past the steps' own swing, by the latency's ratio scale. */
const prefillWeight = (r: StepRise): number =>
  riseWeight(r, [PREFILL_Z_LO, PREFILL_Z_HI], [LATENCY_LO, LATENCY_HI])
