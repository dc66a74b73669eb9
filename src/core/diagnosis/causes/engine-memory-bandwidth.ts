/**
 * `engine.memory_bandwidth` — decode batches saturate GPU memory bandwidth; TPOT rises with batch
 * size.
 *
 * Evidence needed: TPOT per request and the running-requests series (batch size); DCGM
 * `DCGM_FI_PROF_DRAM_ACTIVE` makes it stronger.
 * For: the median TPOT shifted up in a window while the running batch grew, and per step TPOT
 * tracks the batch size or DRAM activity rose over the same steps; DRAM activity high. Where the
 * DRAM gauge changed on its own, the requests' TPOT inside that span against outside it
 * (ADR 0308). Against: the outputs got longer instead (long
 * generations); no batch growth; DRAM with plenty of headroom; more uncached prompt tokens per
 * request (from the prefix-cache counters when the requests carry no cached tokens); more requests
 * made most of the rise in load (queue saturation drove the batch; ADR 0242).
 * Actions (CONTRACT §5.1): lower max batch size; higher-bandwidth/larger-HBM GPUs; quantized KV.
 */
import type { Evidence } from '../../model/diagnosis.js'
import { quantileSorted, sortedFinite } from '../../stats/quantile.js'
import { cliffsDelta, ramp, spearman } from '../../stats/significance.js'
import { bucketOf, bucketQuantile } from '../../timeline/buckets.js'
import {
  detectChangePoints,
  findElevatedSpan,
  type ElevatedSpan,
} from '../../timeline/change-points.js'
import type { CauseRecord } from './record.js'
import { decodeWeight } from './signature.js'
import { missingEvidence } from '../explain/evidence.js'
import { decimals, pct, round } from '../explain/text.js'
import { resourceLevel } from '../detect/shifts.js'
import { isoFromMicros, type Micros } from '../../model/units.js'
import { meanOutside, meanOver } from '../resources.js'
import type { DiagnosisContext, TimeChange } from '../frame/context.js'
import { tenantBurst } from './tenant-noisy-neighbor.js'
import { counterHitRate } from './engine-prefix-cache-miss.js'
import { windowSpanUs } from '../frame/window-span.js'
import { startMask } from '../frame/frame.js'
import { loadEdge } from './load-edge.js'
import { runningAtDecode } from '../frame/running-batch.js'
import { jumpAcross, jumpedLevel, jumpedShare, trafficExtent } from '../detect/traffic-jump.js'

/**
 * Uncached prompt tokens per request, inside the finding's window against outside it, at which
 * the counter-evidence starts / is full. Prefill chunks share the GPU's steps with decode
 * (chunked prefill), so heavier prompts at the same rate slow every stream's tokens: a TPOT rise
 * the prompts (or lost cache hits) made, not the decode batch's memory traffic. Per request, so
 * more traffic (which grows the batch, the bandwidth's own cause) does not count against it.
 */
const PROMPT_LO = 1.2
const PROMPT_HI = 1.6

/** Requests each side of the DRAM's span needs before their TPOT medians are compared. */
const MIN_SIDE = 30

/**
 * Mean uncached prompt tokens per request started inside [fromUs, toUs) and outside it, and what
 * the cached part was read from. Requests that carry cached-token counts give it per request.
 * Requests without any (vLLM's spans have none) are read through the engines' prefix-cache
 * counters: the prompt tokens per request times the share of prompt tokens the cache missed over
 * the same time (the counters count tokens). Without either, every prompt token counts as
 * uncached, which hides a collapse of the hit rate behind prompts of the same length (ADR 0242).
 */
function uncachedPrompt(
  ctx: DiagnosisContext,
  fromUs: number,
  toUs: number
): { inside: number; outside: number; source: string } {
  let sumIn = 0
  let nIn = 0
  let sumOut = 0
  let nOut = 0
  let counted = 0
  for (let i = 0; i < ctx.frame.n; i++) {
    const p = ctx.frame.inputTokens[i] as number
    if (!(p === p)) {
      continue
    }
    const c = ctx.frame.cachedTokens[i] as number
    if (c === c) {
      counted++
    }
    const u = Math.max(0, p - (c === c ? c : 0))
    const t = ctx.frame.startUs[i] as number
    if (t >= fromUs && t < toUs) {
      sumIn += u
      nIn++
    } else {
      sumOut += u
      nOut++
    }
  }
  const inside = nIn > 0 ? sumIn / nIn : NaN
  const outside = nOut > 0 ? sumOut / nOut : NaN
  const rate = counted === 0 ? counterHitRate(ctx) : null
  if (rate !== null) {
    const from = bucketOf(ctx.grid, fromUs)
    const to = bucketOf(ctx.grid, toUs - 1)
    const hitIn = meanOver(rate.perBucket, from, to)
    const hitOut = meanOutside(rate.perBucket, from, to)
    if (Number.isFinite(hitIn) && Number.isFinite(hitOut)) {
      return { inside: inside * (1 - hitIn), outside: outside * (1 - hitOut), source: rate.source }
    }
  }
  return { inside, outside, source: counted > 0 ? 'cached_tokens' : 'input_tokens' }
}

/** Relative rise of the fleet's DRAM activity (per step mean) that counts as the gauge's own change. */
const DRAM_RISE = 0.2

/**
 * Steps in common over the longer of the TPOT's and the DRAM's elevated spans at which the two
 * start / fully count as one change. A scrape interval of slack at either edge still leaves most
 * of a span of a few steps in common; two unrelated changes rarely share half their steps.
 */
const COINCIDE_LO = 0.5
const COINCIDE_HI = 0.8

/**
 * Cliff's δ of the requests' TPOT inside the DRAM's span against outside it at which the rise
 * starts / fully counts: a medium and a large effect in Romano et al.'s (2006) reading. The
 * typical request slowed, not a few.
 */
const TYPICAL_LO = 0.33
const TYPICAL_HI = 0.474

/**
 * TPOT median ratio at which a rise the DRAM gauge times starts / fully counts. Without the gauge
 * the ramp is 1.2–1.6: the TPOT must rise 20 % before its change points tell it from drift. With
 * the gauge's own change saying when, that detection margin is not needed, and the ramp moves
 * down by it; what is left to exclude is the few per cent a batch that grows with the load alone
 * adds to each decode step (it reads every sequence's KV once more).
 */
const LED_RISE_LO = 1.1
const LED_RISE_HI = 1.5

/** Steps two inclusive spans have in common over the longer one's length. */
function coincidence(a: ElevatedSpan, b: ElevatedSpan): number {
  const common = Math.min(a.end, b.end) - Math.max(a.start, b.start) + 1
  const longer = Math.max(a.end - a.start + 1, b.end - b.start + 1)
  return common > 0 ? common / longer : 0
}

/**
 * A TPOT rise read where the DRAM gauge changed: its span, with the requests' median TPOT inside
 * it against outside as the ratio, and how far the typical request slowed (Cliff's δ). The gauge
 * is the mechanism's own series, so a rise too small or too short-lived for the TPOT's change
 * points alone (1.35× for four minutes in 36, ADR 0308) is still seen. Null without a DRAM span,
 * or when the TPOT did not rise inside it.
 */
function dramLed(
  ctx: DiagnosisContext,
  dramSpan: ElevatedSpan | null
): { span: ElevatedSpan; delta: number } | null {
  if (dramSpan === null) {
    return null
  }
  const fromUs = ctx.grid.fromUs + dramSpan.start * ctx.grid.stepUs
  const toUs = ctx.grid.fromUs + (dramSpan.end + 1) * ctx.grid.stepUs
  const inside = startMask(ctx.frame, fromUs, toUs)
  const outside = new Uint8Array(ctx.frame.n)
  for (let i = 0; i < ctx.frame.n; i++) {
    outside[i] = inside[i] === 1 ? 0 : 1
  }
  const a = sortedFinite(ctx.frame.tpotUs, inside)
  const b = sortedFinite(ctx.frame.tpotUs, outside)
  if (a.length < MIN_SIDE || b.length < MIN_SIDE) {
    return null
  }
  const elevated = quantileSorted(a, 0.5)
  const baseline = quantileSorted(b, 0.5)
  if (!(baseline > 0) || !(elevated > baseline)) {
    return null
  }
  return {
    span: { ...dramSpan, baseline, elevated, ratio: elevated / baseline },
    delta: cliffsDelta(a, b),
  }
}

/**
 * Requests running on a replica, the request itself included, from which it shares its decode
 * steps with another: a decode step reads the KV of every sequence in the batch, so only a request
 * decoding beside others can be slowed by the batch's memory traffic.
 */
const SHARED_BATCH = 2

/**
 * The requests whose TPOT can carry a decode batch's memory traffic: those running beside another
 * on their replica when their decode began (from the spans, {@link runningAtDecode}), and those
 * whose batch the spans do not tell. A request decoding alone reads only its own KV and keeps its
 * speed; at low load the alone and the batched requests are two modes of the TPOT, and the median
 * per step flips between them with the share that happened to share (contract seed 137
 * `engine.memory_bandwidth#0`, one or two requests running per replica: the median of every
 * request rose in 4 of the fault's 15 minutes, 15 → 46 ms, that of the batched ones in all 15,
 * 16 → 52 ms; ADR 0339). `alone`: how many were left out.
 */
function sharedDecode(ctx: DiagnosisContext): { mask: Uint8Array; alone: number } {
  const running = runningAtDecode(ctx)
  const mask = new Uint8Array(ctx.frame.n)
  let alone = 0
  for (let i = 0; i < ctx.frame.n; i++) {
    const k = running[i] as number
    if (k < SHARED_BATCH) {
      alone++
    } else {
      mask[i] = 1
    }
  }
  return { mask, alone }
}

/**
 * The elevated span of the median TPOT per step, read on the requests that shared a decode
 * ({@link sharedDecode}); on every request when those show no span: at low load outside the
 * fault no batch may run at all, and then there is no batched level to rise from, the alone
 * requests' speed is the level. `alone` is 0 when every request was read.
 */
function medianTpotSpan(ctx: DiagnosisContext): {
  series: Float64Array
  span: ElevatedSpan | null
  alone: number
} {
  const spanOf = (series: Float64Array): ElevatedSpan | null =>
    findElevatedSpan(detectChangePoints(series, { minRelativeChange: 0.2 }), 0.2)
  const shared = sharedDecode(ctx)
  if (shared.alone > 0) {
    const series = bucketQuantile(
      ctx.grid,
      ctx.frame.startUs,
      ctx.frame.tpotUs,
      0.5,
      shared.mask
    ).values
    const span = spanOf(series)
    if (span !== null) {
      return { series, span, alone: shared.alone }
    }
  }
  const series = bucketQuantile(ctx.grid, ctx.frame.startUs, ctx.frame.tpotUs, 0.5).values
  return { series, span: spanOf(series), alone: 0 }
}

function windowOf(
  ctx: DiagnosisContext,
  fromUs: number,
  toUs: number
): Pick<TimeChange, 'windowUs' | 'inWindow'> {
  return {
    windowUs: { fromUs: fromUs as Micros, toUs: toUs as Micros },
    inWindow: startMask(ctx.frame, fromUs, toUs),
  }
}

export const engineMemoryBandwidthCause: CauseRecord = {
  cause: 'engine.memory_bandwidth',
  label: 'GPU memory bandwidth saturated',
  measure: 'tpot',
  chain: ['decode batch', 'memory bandwidth'],
  explains: [],
  // Tokens that take longer hold every request longer, so the same traffic queues: a queue that
  // grew more from the slower tokens than from the requests is the bandwidth's doing (ADR 0242).
  explainsWhen: { 'engine.queue_saturation': loadEdge('service') },
  breachStages: ['engine.decode'],
  needs:
    'TPOT; the running-requests series (batch size; traffic is the fallback); `DCGM_FI_PROF_DRAM_ACTIVE` strengthens it.',
  predicts:
    "median TPOT shifted up ≥ 20 % while the running batch grew, TPOT per step tracks the batch (Spearman) or DRAM activity rose over the same steps, DRAM busy; where the DRAM gauge's own change times it, a smaller rise of the typical request's TPOT inside that span (from 1.1×, Cliff's δ ≥ 0.33).",
  against:
    "outputs got longer (long generations); one tenant's burst grew the batch; heavier uncached prompts per request in the window (≥ 1.2–1.6×: prefill chunks slow the decode steps they share; the cached part from the requests, else from the prefix-cache counters); more requests made most of the rise in the engines' load and waited for slots, their queue's P90 counted in engine steps up 1.5× or more (then the queue they saturate drove the fuller batch; requests that still joined the next step met no queue, and the fuller batch is this cause's).",
  counter(ctx, finding) {
    const span = windowSpanUs(finding.window)
    if (span === null) {
      return null
    }
    const prompt = uncachedPrompt(ctx, span.from, span.to)
    const ratio = prompt.outside > 0 ? prompt.inside / prompt.outside : NaN
    const against = ramp(ratio, PROMPT_LO, PROMPT_HI)
    if (!(against > 0)) {
      return null
    }
    return {
      factor: 1 - 0.7 * against,
      evidence: {
        metric: 'uncached_prompt_tokens',
        observed: round(prompt.inside, 0),
        baseline: round(prompt.outside, 0),
        text: `against: uncached prompt tokens per request were ${decimals(ratio, 2)}× those outside the window (${Math.round(prompt.inside)} vs ${Math.round(prompt.outside)}, read from ${prompt.source}): prefill chunks share the decode steps, so the prompts slowed the tokens, not the batch's memory traffic`,
      },
    }
  },
  actions: [
    'lower the max batch size',
    'use higher-bandwidth / larger-HBM GPUs',
    'quantize the KV cache',
  ],
  excess: { decode: decodeWeight({ longOutputs: 0.4, everywhere: 0.7 }) },
  evaluate(ctx) {
    if (ctx.tpot.eligibleCount === 0) {
      return { skipped: 'no TPOT on the requests' }
    }
    const dramView = ctx.resources.get('dram_active')
    const dramSpan =
      dramView === undefined
        ? null
        : findElevatedSpan(
            detectChangePoints(dramView.mean, { minRelativeChange: DRAM_RISE }),
            DRAM_RISE
          )
    const running = ctx.resources.get('running')
    const batch = running ? running.mean : ctx.traffic
    const read = medianTpotSpan(ctx)
    const rho = spearman(Array.from(read.series), Array.from(batch))
    const tpotSpan = read.span
    const led = tpotSpan !== null ? null : dramLed(ctx, dramSpan)
    const span = tpotSpan ?? led?.span ?? null
    if (span === null) {
      return null
    }
    const range = { from: span.start, to: span.end }
    // TPOT tracks the batch: per step over the whole run (rank correlation), or, read on the
    // gauge of the mechanism itself, DRAM activity rose over the same steps as the TPOT. A short
    // rise among many calm steps ranks weakly however well it coincides: the calm steps' noise
    // decides most of the ranks (contract seed 89 `engine.memory_bandwidth#0`: 0.38 for TPOT 3.9×
    // over the same seven minutes as DRAM 0.22 → 0.94; ADR 0308).
    const together = dramSpan === null ? 0 : coincidence(span, dramSpan)
    const tracking =
      led !== null
        ? ramp(led.delta, TYPICAL_LO, TYPICAL_HI)
        : Math.max(ramp(rho, 0.4, 0.8), ramp(together, COINCIDE_LO, COINCIDE_HI))
    const batchIn = meanOver(batch, range.from, range.to)
    const batchOut = meanOutside(batch, range.from, range.to)
    const batchLevel = batchOut > 0 ? batchIn / batchOut : 1
    // The batch grew as a change only as far as it jumped where the TPOT did: a batch that drifts
    // with the load carries the TPOT along with it, a level and no event (ADR 0292). The jump is
    // read across the span's first step, not from it: the TPOT's span opens with the step its rise
    // began inside of, where the batch, which fills as the slower tokens hold requests longer, and
    // its scrapes are only part of the way up (contract seed 167 `engine.memory_bandwidth#1`: the
    // batch 4.5, 5.7, 12 per replica across the TPOT's first step, read as no jump; ADR 0389).
    const batchRatio = jumpedLevel(
      batchLevel,
      batchLevel > 1
        ? jumpedShare(
            batchIn - batchOut,
            jumpAcross(batch, range.from, trafficExtent(ctx.traffic).first, range.to)
          )
        : 1
    )
    const dram = resourceLevel(ctx, 'dram_active', range)
    // Longer outputs also grow the batch; then the cause is the long generations.
    const out = sortedFinite(ctx.frame.outputTokens)
    const longMin = Math.max(8 * quantileSorted(out, 0.5), 1024)
    let longIn = 0
    let longOut = 0
    let nIn = 0
    let nOut = 0
    const fromUs = ctx.grid.fromUs + range.from * ctx.grid.stepUs
    const toUs = ctx.grid.fromUs + (range.to + 1) * ctx.grid.stepUs
    for (let i = 0; i < ctx.frame.n; i++) {
      const t = ctx.frame.startUs[i] as number
      const long = (ctx.frame.outputTokens[i] as number) >= longMin ? 1 : 0
      if (t >= fromUs && t < toUs) {
        nIn++
        longIn += long
      } else {
        nOut++
        longOut += long
      }
    }
    const longShift = nIn > 0 && nOut > 0 ? (longIn / nIn + 0.002) / (longOut / nOut + 0.002) : 1
    let confidence =
      (led !== null ? ramp(span.ratio, LED_RISE_LO, LED_RISE_HI) : ramp(span.ratio, 1.2, 1.6)) *
      tracking *
      ramp(batchRatio, 1.2, 2) *
      (longShift >= 3 ? 0.3 : 1)
    const evidence: Evidence[] = [
      {
        metric: 'tpot.p50',
        observed: round(span.elevated / 1000),
        baseline: round(span.baseline / 1000),
        text: `median TPOT${read.alone > 0 ? ` of the requests that shared their replica's decode (${read.alone} that decoded alone left out)` : ''} rose from ${decimals(span.baseline / 1000, 1)} ms to ${decimals(span.elevated / 1000, 1)} ms from ${isoFromMicros(fromUs as Micros)}`,
      },
      {
        metric: running ? running.metric : 'requests_per_step',
        observed: round(batchIn),
        baseline: round(batchOut),
        text: `${running ? 'running batch' : 'traffic'} ${decimals(batchLevel, 1)}× larger meanwhile${batchRatio < batchLevel - 0.05 ? ` (${decimals(batchRatio, 1)}× as a jump at the window's start; the rest along its trend)` : ''}; TPOT rises and falls with it (rank correlation ${decimals(rho, 2)} over the window's time steps)`,
      },
    ]
    if (led !== null) {
      evidence.push({
        metric: 'tpot',
        observed: round(led.delta),
        baseline: 0,
        text: `the typical request's TPOT is higher while DRAM activity is up than outside it (Cliff's δ ${decimals(led.delta, 2)}): the tokens slowed where the memory was busy`,
      })
    } else if (dramSpan !== null && together > 0) {
      evidence.push({
        metric: 'dram_active',
        observed: round(together),
        baseline: null,
        text: `DRAM activity rose over the same steps as the TPOT (${pct(together)} of the longer of the two spans in common)`,
      })
    }
    if (dram) {
      confidence *= 0.6 + 0.4 * ramp(dram.peak, 0.6, 0.85)
      evidence.push({
        metric: dram.view.metric,
        observed: round(dram.peak),
        baseline: round(dram.outside),
        text: `GPU memory bandwidth busy up to ${pct(dram.peak)}`,
      })
    } else {
      confidence *= 0.7
      evidence.push(missingEvidence('DRAM activity (DCGM_FI_PROF_DRAM_ACTIVE)'))
    }
    const burst = tenantBurst(ctx, { ...ctx.tpotChange, ...windowOf(ctx, fromUs, toUs) })
    if (burst !== null && burst.lift >= 2 && burst.shareIn >= 0.3) {
      // The batch grew because one tenant flooded the fleet: the burst is the cause.
      confidence *= 0.4
      evidence.push({
        dimension: 'tenant',
        observed: round(burst.shareIn),
        baseline: round(burst.shareOut),
        text: `tenant ${burst.tenant} sends ${pct(burst.shareIn)} of these requests vs ${pct(burst.shareOut)} before`,
      })
    }
    if (!running) {
      evidence.push(
        missingEvidence(
          'running requests (vllm:num_requests_running); traffic used as the batch proxy'
        )
      )
    }
    if (confidence <= 0) {
      return null
    }
    return {
      confidence,
      scope: { dimension: null, value: null },
      window: { start: isoFromMicros(fromUs as Micros), end: isoFromMicros(toUs as Micros) },
      evidence,
      // The median TPOT per step is the slowed decode itself, which carries no backlog. When its
      // span has the TPOT P99 change's steps, the consensus took it for the P99's and re-voted it
      // with the TTFT spans, which carry the queue the slower tokens left (ADR 0278).
      ownWindow: true,
    }
  },
}
