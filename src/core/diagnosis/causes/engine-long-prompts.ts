/**
 * `engine.long_prompts` — an influx of long inputs makes prefill (TTFT) slow and blocks the queue.
 *
 * Evidence needed: engine spans (prefill, queue) and input token counts.
 * For: prefill (and queue) explain the slow TTFT cohort's excess, AND prompts got longer inside
 * the latency change window (an influx), or the slow cohort is concentrated in a long-prompt
 * bucket that is rare in the baseline; or, where the TTFT P99 did not move (a modest influx under
 * a tail made by bursts), the share of long prompts rose over a span beyond chance and the TTFT
 * and prefill P90 of that span's steps rose with it (ADR 0281). Against: long prompts that were
 * always there with steady latency (merely high for the prompts' length → healthy).
 * Actions (CONTRACT §5.1): cap or split input length; chunked prefill; route long prompts to a
 * separate pool.
 */
import type { Evidence, Finding } from '../../model/diagnosis.js'
import { quantileSorted, sortedFinite } from '../../stats/quantile.js'
import type { DiagnosisContext } from '../frame/context.js'
import { riseFigures, riseWeight, stepRise, type StepRise } from '../detect/step-rise.js'
import { windowOfBuckets } from '../frame/window-span.js'
import {
  BURST_Z_HI,
  BURST_Z_LO,
  scanRequestShare,
  type GridShareSpan,
} from '../detect/traffic-shift.js'
import { pickHoldingValue } from '../../concentration/narrowest-scope.js'
import { ramp } from '../../stats/significance.js'
import type { CauseRecord } from './record.js'
import { workloadKind } from './signature.js'
import {
  resourceLevel,
  shiftOf,
  stageStat,
  heavierAtSameRate,
  workDrivers,
} from '../detect/shifts.js'
import { changeBuckets } from '../frame/context.js'
import {
  changeEvidence,
  changeWindow,
  rowEvidence,
  scopeOf,
  stageEvidence,
} from '../explain/evidence.js'
import { decimals, fmtUs, pct, round } from '../explain/text.js'
import type { ScopeDimension } from '../../model/diagnosis.js'
import { prefillHeldTheGaps } from './prefill-gap-edge.js'

export const engineLongPromptsCause: CauseRecord = {
  cause: 'engine.long_prompts',
  label: 'Long prompts slow prefill',
  measure: 'ttft',
  chain: ['prompt tokens', 'prefill', 'engine queue'],
  explains: ['engine.queue_saturation', 'node.degraded', 'engine.memory_bandwidth'],
  // A prefill runs in the same engine step as the running streams' decode: longer prefills
  // stall the streams beside them, which reads as a buffering proxy (ADR 0544).
  explainsWhen: { 'proxy.stream_buffering': prefillHeldTheGaps },
  breachStages: ['engine.prefill'],
  needs: 'engine spans (prefill, queue) and input token counts.',
  predicts:
    "prefill (and queue) explain the slow cohort's excess AND prompts got longer inside the change window (an influx); or the share of prompts above the window's 90th percentile rose over a span (the binomial scan, z 4–6) and the TTFT and prefill P90 of its steps rose with it (3–6 noise units). Scope: a tenant or route when one sends them (≥ 80 % of the slow).",
  against:
    'long prompts that were always there with steady latency (healthy); a full KV cache with preemptions.',
  actions: [
    'cap or split input length',
    'enable chunked prefill',
    'route long prompts to a separate pool',
  ],
  excess: {
    'cache-drop': 0.3,
    'prompt-tokens': 1,
    workload: (x) =>
      ({ outputs: 0, prompts: 1, rate: 0.3, drift: 0.3, unclear: 0.4 })[workloadKind(x)],
  },
  evaluate(ctx) {
    if (ctx.frame.inputTokens.every((v) => v !== v)) {
      return { skipped: 'no input token counts on the requests' }
    }
    const share = longShareSpan(ctx)
    const byChange = judgeByChange(ctx, share)
    // The influx reading is at most full support: it can only win below it.
    if (byChange !== null && byChange.confidence >= 1) {
      return byChange
    }
    const influx = promptInflux(ctx, share)
    if (influx === null || influx.confidence <= (byChange?.confidence ?? 0)) {
      return byChange
    }
    return influx
  },
}

type Judged = {
  confidence: number
  scope: Finding['scope']
  window: Finding['window']
  evidence: Evidence[]
  ownWindow?: boolean
}

/**
 * The rule read on the TTFT P99's change window (null when it names nothing). Its window is the
 * long prompts' share span when that overlaps the change window: the P99's change and the votes
 * of the latency spans carry the queue the long prompts left, which drains after they stop
 * (contract seed 37 `engine.long_prompts#1`: the change window ended 103 s after the influx).
 */
function judgeByChange(ctx: DiagnosisContext, share: LongShare | null): Judged | null {
  const prefill = stageStat(ctx.ttftStages, 'engine.prefill')
  const queue = stageStat(ctx.ttftStages, 'engine.queue')
  const change = ctx.ttftChange
  // Longer prompts queue the requests behind them too; at the same request rate that queueing
  // is theirs entirely.
  const queueWeight = heavierAtSameRate(ctx, change) ? 1 : 0.5
  const stageShare = (prefill?.excessShare ?? 0) + queueWeight * (queue?.excessShare ?? 0)
  const tokens = shiftOf(ctx, ctx.frame.inputTokens, change)
  const longRow = ctx.ttft.rows.find(
    (r) => r.dimension === 'prompt_length' && r.significant && r.value.startsWith('>=')
  )
  // An influx: prompts got longer, or longer prompts made most of the rise in work per request
  // (the queue grows with work, not with the prompt length as such).
  const drivers = change.elevated ? workDrivers(ctx, change.inWindow) : null
  const influx = change.elevated
    ? Math.max(
        ramp(tokens.ratio, 1.3, 2.5),
        ramp(drivers!.ratio, 1.1, 1.4) *
          // Prompts not recorded on both sides cannot carry the rise.
          ramp(drivers!.prompt ?? 0, 0.4, 0.8) *
          // the prompts themselves must have grown: an influx of long inputs
          ramp(tokens.ratio, 1.1, 1.3)
      )
    : 0
  let confidence = ramp(stageShare, 0.3, 0.6) * influx
  // A full KV cache with preemptions is the more specific explanation of the queueing.
  const kv = resourceLevel(ctx, 'kv_usage', changeBuckets(change))
  const pre = resourceLevel(ctx, 'preemptions', changeBuckets(change))
  const kvFull = kv !== null && kv.peak >= 0.95 && (pre === null || pre.inside > 0)
  if (kvFull) {
    confidence *= 0.5
  }
  if (confidence <= 0) {
    return null
  }
  const evidence: Evidence[] = []
  if (prefill) {
    evidence.push(stageEvidence(prefill, 'TTFT'))
  }
  evidence.push({
    metric: 'input_tokens',
    observed: round(tokens.inside, 0),
    baseline: round(tokens.outside, 0),
    text: `prompts average ${Math.round(tokens.inside)} tokens inside the change window vs ${Math.round(tokens.outside)} outside (${decimals(tokens.ratio, 1)}×)`,
  })
  const ce = changeEvidence(change, 'ttft')
  if (ce) {
    evidence.push(ce)
  }
  if (longRow) {
    evidence.push(rowEvidence(longRow, 'TTFT'))
  }
  const scope = pickHoldingValue(ctx.ttft.rows, ['tenant', 'route'], 0.8)
  const own =
    share !== null && change.elevated !== null
      ? share.scan.buckets.from <= change.elevated.end &&
        change.elevated.start <= share.scan.buckets.to
      : false
  return {
    confidence,
    scope: scope ? scopeOf(scope.dimension as ScopeDimension, scope.value) : scopeOf(null, null),
    window: own
      ? windowOfBuckets(ctx.grid, share!.scan.buckets, ctx.input.window.toUs)
      : changeWindow(change),
    evidence,
    ownWindow: own,
  }
}

/**
 * A prompt is long above the window's 90th percentile of prompt lengths: no length is long in
 * itself (a RAG service's usual prompt is a chat service's outlier), and outside an influx about
 * a tenth of the requests stand above it in every step, so a rise of that share is read against
 * the window's own mix.
 */
const LONG_PROMPT_QUANTILE = 0.9
/** Shortest span the scan of the long prompts' share considers. */
const MIN_INFLUX_SPAN_US = 120_000_000
/** Steps of data an influx needs before it: the start of the data is not an onset (ADR 0199). */
const MIN_STEPS_BEFORE = 3
/**
 * The TTFT P90's rise in noise units of a mean of the span's steps, from "could be the steps'
 * own swing" to "stands out" (the unit and range of the output tokens' rise, ADR 0227).
 */
const RISE_Z_LO = 3
const RISE_Z_HI = 6
/**
 * A rise past noise still has to matter to a user: the span's TTFT P90 from 5 % to 20 % above
 * the other steps' (the long generations' TPOT reads 3–15 %; a first token is read against a
 * smaller, noisier base).
 */
const RISE_RATIO_LO = 1.05
const RISE_RATIO_HI = 1.2

/** The span where the share of long prompts rose most certainly, and what "long" was. */
interface LongShare {
  scan: GridShareSpan
  longMin: number
}

/**
 * The binomial scan (ADR 0193) of the share of prompts above {@link LONG_PROMPT_QUANTILE} over
 * the requests with a known prompt length; null when it did not rise, or rose within
 * {@link MIN_STEPS_BEFORE} steps of the data's start.
 */
function longShareSpan(ctx: DiagnosisContext): LongShare | null {
  const { frame, grid } = ctx
  const lengths = sortedFinite(frame.inputTokens)
  if (lengths.length < 50) {
    return null
  }
  const longMin = quantileSorted(lengths, LONG_PROMPT_QUANTILE)
  const known = new Uint8Array(frame.n)
  const isLong = new Uint8Array(frame.n)
  for (let i = 0; i < frame.n; i++) {
    const v = frame.inputTokens[i] as number
    known[i] = v === v ? 1 : 0
    isLong[i] = v > longMin ? 1 : 0
  }
  const scan = scanRequestShare(frame, grid, known, isLong, MIN_INFLUX_SPAN_US)
  if (scan === null) {
    return null
  }
  const first = ctx.traffic.findIndex((t) => t > 0)
  return first < 0 || scan.buckets.from - first < MIN_STEPS_BEFORE ? null : { scan, longMin }
}

/**
 * The influx read on the cause's own series: where the share of long prompts rose most certainly
 * (the binomial scan of ADR 0193 over the requests with a known prompt length), and what the
 * steps of that span did to TTFT and prefill at P90. The TTFT P99 of a window with bursts is made
 * by the bursts' queues and may not move at all while a third of the requests prefill 3× longer;
 * the span's own P90 shows it. Its window is the share's span: the latency re-votes nothing.
 */
export function promptInflux(
  ctx: DiagnosisContext,
  share: LongShare | null = longShareSpan(ctx)
): Judged | null {
  if (share === null) {
    return null
  }
  const { frame, grid } = ctx
  const { scan, longMin } = share
  const { from, to } = scan.buckets
  const ttft = stepRise(grid, frame.startUs, frame.ttftUs, 0.9, from, to)
  const prefill = stepRise(grid, frame.startUs, frame.stages['engine.prefill'], 0.9, from, to)
  const certain = ramp(scan.z, BURST_Z_LO, BURST_Z_HI)
  const risen = p90Weight(ttft)
  // The mechanism: the long prompts' extra time is prefill. Without engine spans the TTFT's rise
  // cannot be put on prefill, and a slower engine would read the same from outside.
  const carried = prefill.units === prefill.units ? p90Weight(prefill) : 0.6
  let confidence = certain * risen * carried
  // As on the change window: a full KV cache with preemptions explains prefill done twice.
  const kv = resourceLevel(ctx, 'kv_usage', { from, to })
  const pre = resourceLevel(ctx, 'preemptions', { from, to })
  if (kv !== null && kv.peak >= 0.95 && (pre === null || pre.inside > 0)) {
    confidence *= 0.5
  }
  if (!(confidence > 0)) {
    return null
  }
  const window = windowOfBuckets(grid, { from, to }, ctx.input.window.toUs)
  const shareIn = scan.xIn / scan.nIn
  const shareOut = scan.xOut / scan.nOut
  const evidence: Evidence[] = [
    {
      metric: 'long_prompt_share',
      observed: round(shareIn),
      baseline: round(shareOut),
      text: `${pct(shareIn)} of requests carry prompts over ${Math.round(longMin)} tokens (the window's 90th percentile) from ${window.start} to ${window.end}, vs ${pct(shareOut)} in the rest of the window (scan z=${decimals(scan.z, 1)})`,
    },
    riseEvidence('ttft.p90', 'TTFT', ttft),
  ]
  if (prefill.units === prefill.units) {
    evidence.push(riseEvidence('engine.prefill.p90', 'prefill', prefill))
  }
  const scope = pickHoldingValue(ctx.ttft.rows, ['tenant', 'route'], 0.8)
  return {
    confidence,
    scope: scope ? scopeOf(scope.dimension as ScopeDimension, scope.value) : scopeOf(null, null),
    window,
    evidence,
    ownWindow: true,
  }
}

/** How clearly a P90 rose: past the steps' own swing, and by enough to matter. */
const p90Weight = (r: StepRise): number =>
  riseWeight(r, [RISE_Z_LO, RISE_Z_HI], [RISE_RATIO_LO, RISE_RATIO_HI])

function riseEvidence(metric: string, label: string, r: StepRise): Evidence {
  return {
    metric,
    observed: round(r.inside / 1000),
    baseline: round(r.outside / 1000),
    text: `${label} P90 per step ${fmtUs(r.inside)} in those minutes vs ${fmtUs(r.outside)} in the others (${riseFigures(r, 1)})`,
  }
}
