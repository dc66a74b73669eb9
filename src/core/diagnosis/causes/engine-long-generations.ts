/**
 * `engine.long_generations` — a few very long outputs in the batch slow every co-batched request
 * (TPOT tail).
 *
 * Evidence needed: TPOT per request and output token counts.
 * For: the SHARE of very long generations (outputs far beyond the usual length) rose inside a
 * window, and TPOT of everyone rose with it (per step, TPOT tracks the long generations in
 * flight). The slow-TPOT requests need not be long themselves: they are the victims.
 * Against: long outputs whose share did not change (steady mix); a TPOT rise explained by more
 * traffic rather than by longer outputs (memory bandwidth / saturation).
 * Actions (CONTRACT §5.1): cap `max_tokens`; split long generations to their own pool.
 */
import type { Evidence } from '../../model/diagnosis.js'
import { medianAndSpread, quantileSorted, sortedFinite } from '../../stats/quantile.js'
import { ramp, rankShiftZ, spearman, twoProportionZTest } from '../../stats/significance.js'
import { bucketCounts, bucketOf, bucketQuantile } from '../../timeline/buckets.js'
import { detectChangePoints, findElevatedSpan } from '../../timeline/change-points.js'
import type { CauseRecord } from './record.js'
import { decodeWeight, workloadKind } from './signature.js'
import { LONG_OUTPUT_RATIO } from '../thresholds.js'
import { changeEvidence, changeWindow } from '../explain/evidence.js'
import { decimals, pct, round } from '../explain/text.js'
import { costDrivers, stageStat, workDrivers, type CostDrivers } from '../detect/shifts.js'
import { isoFromMicros, type Micros } from '../../model/units.js'
import { meanOutside, meanOver } from '../resources.js'
import { trafficLevel } from '../detect/demand-onset.js'
import type { DiagnosisContext } from '../frame/context.js'
import { startMask } from '../frame/frame.js'
import { BURST_Z_HI, BURST_Z_LO, scanRequestShare } from '../detect/traffic-shift.js'

/**
 * The queue path's rise in output tokens per request, in noise units of a mean of the window's
 * steps, from "could be the heavy tail's draw" to "stands out" (ADR 0227; the noise unit as in
 * ADR 0214).
 */
const OUTPUT_Z_LO = 3
const OUTPUT_Z_HI = 6
/** Requests a step needs for its mean output to count, and valued steps each side needs. */
const MIN_STEP_REQUESTS = 5
const MIN_STEPS_IN = 2
const MIN_STEPS_OUT = 10

/**
 * How far the mean output tokens per request of the steps inside [fromUs, toUs) stand above the
 * median step outside it, in noise units of a mean of that many steps (the noise being the
 * robust spread, 1.4826 × MAD, of the outside steps). Heavy-tailed output lengths make a few
 * minutes' mean swing by itself; NaN when too few steps tell.
 */
export function outputRiseNoiseUnits(ctx: DiagnosisContext, fromUs: number, toUs: number): number {
  const sums = new Float64Array(ctx.grid.count)
  const counts = new Float64Array(ctx.grid.count)
  for (let i = 0; i < ctx.frame.n; i++) {
    const o = ctx.frame.outputTokens[i] as number
    const b = bucketOf(ctx.grid, ctx.frame.startUs[i] as number)
    if (o === o && b >= 0) {
      sums[b] = (sums[b] as number) + o
      counts[b] = (counts[b] as number) + 1
    }
  }
  const inside: number[] = []
  const outside: number[] = []
  for (let b = 0; b < ctx.grid.count; b++) {
    if ((counts[b] as number) < MIN_STEP_REQUESTS) {
      continue
    }
    const mid = ctx.grid.fromUs + (b + 0.5) * ctx.grid.stepUs
    ;(mid >= fromUs && mid < toUs ? inside : outside).push(
      (sums[b] as number) / (counts[b] as number)
    )
  }
  if (inside.length < MIN_STEPS_IN || outside.length < MIN_STEPS_OUT) {
    return NaN
  }
  const { median, spread } = medianAndSpread(outside)
  const noise = spread / Math.sqrt(inside.length)
  const meanIn = inside.reduce((a, v) => a + v, 0) / inside.length
  return noise > 0 ? (meanIn - median) / noise : meanIn > median ? Infinity : 0
}

/** Shortest span the scan of the long outputs' share considers. */
const MIN_SHARE_SPAN_US = 120_000_000

/**
 * Grid steps over which the share of long outputs rose most certainly (the scan of
 * traffic-shift.ts over the requests with a known output length), when that span overlaps the
 * change points' span [from, to]; null when the scan finds none or another one.
 */
export function longShareSpan(
  ctx: DiagnosisContext,
  isLong: Uint8Array,
  from: number,
  to: number
): { from: number; to: number } | null {
  const known = new Uint8Array(ctx.frame.n)
  for (let i = 0; i < ctx.frame.n; i++) {
    const o = ctx.frame.outputTokens[i] as number
    known[i] = o === o ? 1 : 0
  }
  const scan = scanRequestShare(ctx.frame, ctx.grid, known, isLong, MIN_SHARE_SPAN_US)
  if (scan === null || scan.buckets.to < from || scan.buckets.from > to) {
    return null
  }
  return scan.buckets
}

/** A share to one decimal under 10 % ("0.4 %"), so a small share never reads as none. */
function pctFine(v: number): string {
  return v > 0 && v < 0.1 ? `${(100 * v).toFixed(1)}%` : pct(v)
}

/** {@link pctFine}, or "–" for a share with no requests to be read on (nothing outside the span). */
function shareWords(v: number): string {
  return Number.isFinite(v) ? pctFine(v) : '–'
}

/**
 * Where the queue path reads the work: the TTFT change's window, widened to the span over which
 * the long outputs' share rose when the two overlap. Long outputs fill the slots before the queue
 * they make reaches the TTFT's change points, and the steps between would otherwise be read as
 * the "before" of the change (ADR 0376).
 */
function workWindow(
  ctx: DiagnosisContext,
  windowUs: { fromUs: number; toUs: number },
  inWindow: Uint8Array,
  isLong: Uint8Array,
  shareChange: { start: number; end: number } | null
): { fromUs: number; toUs: number; inWindow: Uint8Array } {
  const span =
    shareChange === null ? null : longShareSpan(ctx, isLong, shareChange.start, shareChange.end)
  if (span === null) {
    return { ...windowUs, inWindow }
  }
  const spanFromUs = ctx.grid.fromUs + span.from * ctx.grid.stepUs
  const spanToUs = ctx.grid.fromUs + (span.to + 1) * ctx.grid.stepUs
  if (spanToUs <= windowUs.fromUs || spanFromUs >= windowUs.toUs) {
    return { ...windowUs, inWindow }
  }
  const fromUs = Math.min(windowUs.fromUs, spanFromUs)
  const toUs = Math.max(windowUs.toUs, spanToUs)
  return { fromUs, toUs, inWindow: startMask(ctx.frame, fromUs, toUs) }
}

export const engineLongGenerationsCause: CauseRecord = {
  cause: 'engine.long_generations',
  label: 'Long generations slow the batch',
  measure: 'tpot',
  chain: ['output tokens', 'decode batch'],
  explains: ['engine.memory_bandwidth', 'proxy.stream_buffering', 'engine.queue_saturation'],
  needs: 'output token counts and TPOT.',
  predicts:
    "the share of very long generations (≥ 8× the median output, ≥ 1024 tokens) jumped (level shift) and everyone's median TPOT rose with it; per step TPOT tracks the long generations in flight. The slow-TPOT requests are the victims, not the long ones.",
  against:
    'a steady share of long outputs, or a rise in it within chance (the long requests inside the span 3–6 standard errors above the share outside it, two-proportion z); TPOT rising because traffic rose (≥ 1.5×).',
  actions: ['cap max_tokens', 'split long generations into their own pool'],
  excess: {
    'engine-gaps': (x) => (x.facts.outputRatio >= LONG_OUTPUT_RATIO ? 0.6 : 0),
    'client-gaps': (x) => (x.facts.tpotMoved ? 0.5 : 0),
    decode: decodeWeight({ longOutputs: 1 }),
    workload: (x) => (workloadKind(x) === 'outputs' ? 1 : 0),
  },
  evaluate(ctx) {
    const out = sortedFinite(ctx.frame.outputTokens)
    if (out.length === 0 || ctx.tpot.eligibleCount === 0) {
      return { skipped: 'no output token counts or TPOT on the requests' }
    }
    const median = quantileSorted(out, 0.5)
    const longMin = Math.max(8 * median, 1024)
    const isLong = new Uint8Array(ctx.frame.n)
    // Long generations in flight per step: count each long request over the steps it spans.
    const inflight = new Float64Array(ctx.grid.count)
    let longCount = 0
    for (let i = 0; i < ctx.frame.n; i++) {
      if ((ctx.frame.outputTokens[i] as number) >= longMin) {
        isLong[i] = 1
        longCount++
        const a = bucketOf(ctx.grid, ctx.frame.startUs[i] as number)
        const e2e = ctx.frame.e2eUs[i] as number
        const b = bucketOf(ctx.grid, (ctx.frame.startUs[i] as number) + (e2e === e2e ? e2e : 0))
        for (let k = Math.max(0, a); k <= (b < 0 ? ctx.grid.count - 1 : b); k++) {
          inflight[k] = (inflight[k] as number) + 1
        }
      }
    }
    if (longCount < 5) {
      return null
    }
    // Share of new requests that are long, per step: an influx shows as a level shift.
    const longStarts = bucketCounts(ctx.grid, ctx.frame.startUs, isLong)
    const share = ctx.traffic.map((t, b) => (t >= 5 ? (longStarts[b] as number) / t : NaN))
    const shareChange = findElevatedSpan(detectChangePoints(share, { minRelativeChange: 0.5 }), 0.5)
    // Long outputs also hold their slots for the whole generation: at the same request rate the
    // queue then grows with the output tokens, which counts for this cause too.
    const change = ctx.ttftChange
    let viaQueue = 0
    let drivers: ReturnType<typeof workDrivers> | null = null
    let cost: CostDrivers | null = null
    let outputZ = NaN
    if (change.elevated !== null && change.windowUs !== null) {
      // What fills the queue is the time requests hold their slots: output tokens weighed by the
      // engine's decode time per token, prompt tokens by its prefill time per token (ADR 0323).
      // Without engine spans those costs are unknown and the tokens count alike, as before.
      const read = workWindow(ctx, change.windowUs, change.inWindow, isLong, shareChange)
      cost = costDrivers(ctx, read.inWindow)
      drivers = cost ?? workDrivers(ctx, read.inWindow)
      const q = stageStat(ctx.ttftStages, 'engine.queue')
      // A burst of long outputs within what the lengths' own draw gives from step to step is no
      // change of workload; unknown (too few steps) keeps the path as it was.
      outputZ = outputRiseNoiseUnits(ctx, read.fromUs, read.toUs)
      viaQueue =
        ramp(drivers.ratio, 1.1, 1.4) *
        // Outputs not recorded on both sides cannot carry the rise.
        ramp(drivers.output ?? 0, 0.4, 0.8) *
        ramp(q?.excessShare ?? 0, 0.3, 0.6) *
        (outputZ === outputZ ? ramp(outputZ, OUTPUT_Z_LO, OUTPUT_Z_HI) : 1)
    }
    const queueEvidence = (): Evidence => ({
      metric: cost !== null ? 'engine_time_per_request' : 'tokens_per_request',
      observed: round(drivers?.ratio ?? 1),
      baseline: 1,
      text: `${cost !== null ? 'engine time per request' : 'token work per request'} ${decimals(drivers?.ratio ?? 1, 2)}× in the change window${cost !== null ? ` (prompt tokens at ${Math.round(cost.prefillPerTokenUs)} µs and output tokens at ${decimals(cost.decodePerTokenUs / 1000, 1)} ms each, the engine's own prefill and decode time per token outside it)` : ''}, ${drivers?.output == null ? '–' : pct(drivers.output)} of the rise from longer outputs${outputZ === outputZ ? ` (output tokens per request ${decimals(outputZ, 1)} noise units above the other steps)` : ''}; the engine queue carries the slow first tokens`,
    })
    if (shareChange === null) {
      if (viaQueue <= 0) {
        return sparseInflux(ctx, isLong, longMin, median)
      }
      const ce = changeEvidence(change, 'ttft')
      return {
        confidence: viaQueue,
        scope: { dimension: null, value: null },
        window: changeWindow(change),
        evidence: ce ? [queueEvidence(), ce] : [queueEvidence()],
      }
    }
    const from = shareChange.start
    const to = shareChange.end
    // Everyone's TPOT (the median, not the tail) moves when co-batched with long generations.
    const tpotP50 = bucketQuantile(ctx.grid, ctx.frame.startUs, ctx.frame.tpotUs, 0.5).values
    const tpotIn = meanOver(tpotP50, from, to)
    const tpotOut = meanOutside(tpotP50, from, to)
    const tpotRatio = tpotOut > 0 ? tpotIn / tpotOut : 1
    const rho = spearman(Array.from(tpotP50), Array.from(inflight))
    // Over the steps the data covers: the empty steps of a window wider than the data are no
    // lower rate, and with no data on one side no rise is known.
    const trafficRatio = trafficLevel(ctx.traffic, from, to)?.level ?? 1
    // The record's own evidence is the share of long generations: a span the change points
    // found on a handful of long requests is no rise until the counts inside it stand beyond
    // what the share outside gives by chance. Without that, the TPOT rise is another cause's.
    let longIn = 0
    let startsIn = 0
    let longAll = 0
    let startsAll = 0
    for (let b = 0; b < ctx.grid.count; b++) {
      const t = ctx.traffic[b] as number
      const l = longStarts[b] as number
      longAll += l
      startsAll += t
      if (b >= from && b <= to) {
        longIn += l
        startsIn += t
      }
    }
    const shareZ = twoProportionZTest(longIn, startsIn, longAll - longIn, startsAll - startsIn).z
    const byTpot =
      ramp(tpotRatio, 1.03, 1.15) *
      Math.max(0.5, ramp(rho, 0.2, 0.6)) *
      (trafficRatio >= 1.5 ? 0.5 : 1) *
      ramp(shareZ, OUTPUT_Z_LO, OUTPUT_Z_HI)
    const confidence = Math.max(byTpot, viaQueue)
    if (confidence <= 0) {
      return null
    }
    const shareIn = meanOver(share, from, to)
    const shareOut = meanOutside(share, from, to)
    // The window is the span of the long outputs' share itself, by the scan of that share (the
    // binomial likelihood ratio inside against outside, maximised over spans; ADR 0193). The
    // change points' span above is relative to a share near zero, so one stray long request
    // after the influx extends it; the scan weighs it as one request of hundreds (ADR 0275).
    const span = longShareSpan(ctx, isLong, from, to) ?? { from, to }
    const startUs = ctx.grid.fromUs + span.from * ctx.grid.stepUs
    const endUs = ctx.grid.fromUs + (span.to + 1) * ctx.grid.stepUs
    const evidence: Evidence[] = [
      {
        metric: 'long_generation_share',
        observed: round(shareIn),
        baseline: round(shareOut),
        text: `${pctFine(shareIn)} of requests generate ≥ ${Math.round(longMin)} tokens (median ${Math.round(median)}) from ${isoFromMicros(startUs as Micros)}, vs ${shareWords(shareOut)} before (${longIn} of ${startsIn} requests inside; ${decimals(shareZ, 1)} standard errors above the rest)`,
      },
      {
        metric: 'tpot.p50',
        observed: round(tpotIn / 1000),
        baseline: round(tpotOut / 1000),
        text: `median TPOT ${decimals(tpotIn / 1000, 1)} ms while they run vs ${Number.isFinite(tpotOut) ? (tpotOut / 1000).toFixed(1) : '–'} ms otherwise; it rises and falls with the long generations in flight (rank correlation ${decimals(rho, 2)} over the window's time steps)`,
      },
    ]
    if (viaQueue > byTpot) {
      evidence.push(queueEvidence())
    }
    return {
      confidence,
      scope: { dimension: null, value: null },
      window: {
        start: isoFromMicros(startUs as Micros),
        end: isoFromMicros(Math.min(endUs, ctx.input.window.toUs) as Micros),
      },
      evidence,
      // The share of long outputs is the cause's own series: the latency spans, which carry the
      // queue the long generations leave behind for minutes, do not re-vote it.
      ownWindow: true,
    }
  },
}

/**
 * What a share of long outputs that the scan finds just past chance (z 4, ADR 0185) weighs, up to
 * 1 where chance does not reach (z 6): 0.45 raw is 0.70 calibrated (explain/calibration.ts), so a
 * certain rise in output lengths with a barely certain long share is named at moderate confidence,
 * not as a sure cause.
 */
const SPARSE_SHARE_WEIGHT = 0.45

/**
 * A few long outputs a minute are too sparse a share for the change points (their per-step share
 * is 0, 1 or 2 requests of 120): the scan of that share over spans (ADR 0193) reads the influx
 * by its certainty instead, as ADR 0319 reads a weak surge. Its span is the cause's own window,
 * and the work per request is read over that span against the steps outside it: against the
 * TTFT's change window alone, whose outside holds the influx's own earlier minutes, the long
 * outputs weigh alike on both sides (ADR 0331).
 */
function sparseInflux(
  ctx: DiagnosisContext,
  isLong: Uint8Array,
  longMin: number,
  median: number
): ReturnType<CauseRecord['evaluate']> {
  const change = ctx.ttftChange
  if (change.elevated === null) {
    return null
  }
  const known = new Uint8Array(ctx.frame.n)
  for (let i = 0; i < ctx.frame.n; i++) {
    const o = ctx.frame.outputTokens[i] as number
    known[i] = o === o ? 1 : 0
  }
  const scan = scanRequestShare(ctx.frame, ctx.grid, known, isLong, MIN_SHARE_SPAN_US)
  // The TTFT's change lies in the influx: a queue that rose before the long outputs came, or
  // after they left, is not theirs.
  if (
    scan === null ||
    scan.z < BURST_Z_LO ||
    change.elevated.start < scan.buckets.from ||
    change.elevated.start > scan.buckets.to
  ) {
    return null
  }
  const inSpan = new Uint8Array(ctx.frame.n)
  for (let i = 0; i < ctx.frame.n; i++) {
    const b = bucketOf(ctx.grid, ctx.frame.startUs[i] as number)
    inSpan[i] = b >= scan.buckets.from && b <= scan.buckets.to ? 1 : 0
  }
  const cost = costDrivers(ctx, inSpan)
  const drivers = cost ?? workDrivers(ctx, inSpan)
  const q = stageStat(ctx.ttftStages, 'engine.queue')
  const rankZ = outputRankZ(ctx, inSpan)
  const confidence =
    ramp(drivers.ratio, 1.1, 1.4) *
    ramp(drivers.output ?? 0, 0.4, 0.8) *
    ramp(q?.excessShare ?? 0, 0.3, 0.6) *
    ramp(rankZ, OUTPUT_Z_LO, OUTPUT_Z_HI) *
    (SPARSE_SHARE_WEIGHT + (1 - SPARSE_SHARE_WEIGHT) * ramp(scan.z, BURST_Z_LO, BURST_Z_HI))
  if (confidence <= 0) {
    return null
  }
  const startUs = ctx.grid.fromUs + scan.buckets.from * ctx.grid.stepUs
  const endUs = ctx.grid.fromUs + (scan.buckets.to + 1) * ctx.grid.stepUs
  const shareIn = scan.nIn > 0 ? scan.xIn / scan.nIn : 0
  const shareOut = scan.nOut > 0 ? scan.xOut / scan.nOut : NaN
  const evidence: Evidence[] = [
    {
      metric: 'long_generation_share',
      observed: round(shareIn),
      baseline: round(shareOut),
      text: `${pctFine(shareIn)} of requests generate ≥ ${Math.round(longMin)} tokens (median ${Math.round(median)}) from ${isoFromMicros(startUs as Micros)}, vs ${shareWords(shareOut)} outside it (${scan.xIn} of ${scan.nIn} requests inside, ${scan.xOut} of ${scan.nOut} outside; ${decimals(scan.z, 1)} noise units by the scan of that share, at the edge of chance); the output lengths inside stand ${decimals(rankZ, 1)} standard errors above those outside (rank test)`,
    },
    {
      metric: cost !== null ? 'engine_time_per_request' : 'tokens_per_request',
      observed: round(drivers.ratio),
      baseline: 1,
      text: `${cost !== null ? 'engine time per request' : 'token work per request'} ${decimals(drivers.ratio, 2)}× while they come, ${drivers.output == null ? '–' : pct(drivers.output)} of it from longer outputs; the engine queue carries ${pct(q?.excessShare ?? null)} of the slow first tokens' extra time`,
    },
  ]
  const ce = changeEvidence(change, 'ttft')
  return {
    confidence,
    scope: { dimension: null, value: null },
    window: {
      start: isoFromMicros(startUs as Micros),
      end: isoFromMicros(Math.min(endUs, ctx.input.window.toUs) as Micros),
    },
    evidence: ce ? [...evidence, ce] : evidence,
    ownWindow: true,
  }
}

/**
 * How certainly the output lengths inside the span stand above those outside it: the rank test's
 * z (Cliff's δ over its standard error with no change, (n₁ + n₂ + 1) / (3 n₁ n₂)). Ranks are not
 * swung by the few very long outputs that make a step's mean noisy, so the certainty holds with
 * fewer steps outside than {@link outputRiseNoiseUnits} asks; NaN when a side has no lengths.
 */
function outputRankZ(ctx: DiagnosisContext, inSpan: Uint8Array): number {
  const inside: number[] = []
  const outside: number[] = []
  for (let i = 0; i < ctx.frame.n; i++) {
    const o = ctx.frame.outputTokens[i] as number
    if (o === o) {
      ;(inSpan[i] === 1 ? inside : outside).push(o)
    }
  }
  return rankShiftZ(inside, outside)
}
