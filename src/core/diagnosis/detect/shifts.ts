/**
 * Facts about what moved inside a change window against outside it: a column's mean, a resource's
 * level, the token work per request and its drivers, which replicas slowed, the events near it.
 */
import type { ConcentrationRow } from '../../concentration/find-concentration.js'
import type { EventKind } from '../../model/event.js'
import type { StageName } from '../../model/request.js'
import { meanWhere } from '../../stats/quantile.js'
import { changeBuckets, type DiagnosisContext, type TimeChange } from '../frame/context.js'
import type { DictColumn } from '../frame/frame.js'
import type { ResourceKind } from '../metric-families.js'
import { maxOver, meanOutside, meanOver, type ResourceView } from '../resources.js'
import type { StageBreakdown, StageStat } from './stage-stats.js'
import { trafficLevel } from './demand-onset.js'

export function stageStat(b: StageBreakdown, stage: StageName): StageStat | undefined {
  return b.stats.find((s) => s.stage === stage)
}

/** Mean of a per-request column inside vs outside a change window. */
export function shiftOf(
  ctx: DiagnosisContext,
  values: Float64Array,
  change: TimeChange
): { inside: number; outside: number; ratio: number } {
  if (change.elevated === null) {
    return { inside: 0, outside: 0, ratio: 1 }
  }
  const outsideMask = new Uint8Array(ctx.frame.n)
  for (let i = 0; i < ctx.frame.n; i++) {
    outsideMask[i] = change.inWindow[i] === 1 ? 0 : 1
  }
  const inside = meanWhere(values, change.inWindow)
  const outside = meanWhere(values, outsideMask)
  if (inside.count === 0 || outside.count === 0) {
    return { inside: inside.mean, outside: outside.mean, ratio: 1 }
  }
  return {
    inside: inside.mean,
    outside: outside.mean,
    ratio: meanRatio(inside.mean, outside.mean),
  }
}

/** Inside over outside; 10 for a rise from nothing (large, not infinite), 1 when both are 0. */
export function meanRatio(inside: number, outside: number): number {
  return outside > 0 ? inside / outside : inside > 0 ? 10 : 1
}

export interface ResourceLevel {
  view: ResourceView
  /** Mean over the window (or all buckets). */
  inside: number
  /** Mean outside the window (NaN when no window). */
  outside: number
  /** Max of per-bucket max over keys inside the window. */
  peak: number
}

/** A resource's level inside vs outside bucket range (whole window when `range` is null). */
export function resourceLevel(
  ctx: DiagnosisContext,
  kind: ResourceKind,
  range: { from: number; to: number } | null
): ResourceLevel | null {
  const view = ctx.resources.get(kind)
  if (view === undefined) {
    return null
  }
  const from = range?.from ?? 0
  const to = range?.to ?? ctx.grid.count - 1
  return {
    view,
    inside: meanOver(view.mean, from, to),
    outside: range === null ? NaN : meanOutside(view.mean, from, to),
    peak: maxOver(view.max, from, to),
  }
}

/** Per key (replica/node) mean over a bucket range. */
export function levelsByKey(
  view: ResourceView,
  range: { from: number; to: number } | null
): Map<string, number> {
  const out = new Map<string, number>()
  for (const [key, series] of view.byKey) {
    out.set(key, meanOver(series, range?.from ?? 0, range?.to ?? series.length - 1))
  }
  return out
}

/** The most significant row for one dimension value. */
export function findRow(
  rows: readonly ConcentrationRow[],
  dimension: string,
  value: string
): ConcentrationRow | undefined {
  return rows.find((r) => r.dimension === dimension && r.value === value)
}

/** Events of the given kinds within `[fromUs − beforeUs, toUs]`. */
export function eventsAround(
  ctx: DiagnosisContext,
  kinds: readonly EventKind[],
  fromUs: number,
  toUs: number,
  beforeUs = 5 * 60_000_000
): DiagnosisContext['events'][number][] {
  return ctx.events.filter(
    (e) => kinds.includes(e.kind) && e.timeUs >= fromUs - beforeUs && e.timeUs <= toUs
  )
}

/** Per value of a dimension, the sum and count of a measure inside and outside a change window. */
export interface SidesByValue {
  inSum: Float64Array
  inN: Float64Array
  outSum: Float64Array
  outN: Float64Array
}

/**
 * {@link SidesByValue} of `values` over `col`'s values; requests without the dimension or the
 * measure (NaN) count on neither side. `floorAtZero` reads a negative value (a stage clipped by
 * clock skew) as none of that stage rather than as time given back.
 */
export function sidesByValue(
  col: DictColumn,
  values: Float64Array,
  inWindow: Uint8Array,
  floorAtZero = false
): SidesByValue {
  const k = col.values.length
  const out: SidesByValue = {
    inSum: new Float64Array(k),
    inN: new Float64Array(k),
    outSum: new Float64Array(k),
    outN: new Float64Array(k),
  }
  for (let i = 0; i < col.codes.length; i++) {
    const c = col.codes[i] as number
    const raw = values[i] as number
    if (c < 0 || raw !== raw) {
      continue
    }
    const v = floorAtZero && raw < 0 ? 0 : raw
    const [sum, n] = inWindow[i] === 1 ? [out.inSum, out.inN] : [out.outSum, out.outN]
    sum[c] = (sum[c] as number) + v
    n[c] = (n[c] as number) + 1
  }
  return out
}

/**
 * Whether the latency anomaly is global (most replicas worse in the window) or local; text for
 * the evidence list.
 */
export function globalOrLocal(
  ctx: DiagnosisContext,
  change: TimeChange,
  values: Float64Array
): { global: boolean; text: string; share: number } {
  const col = ctx.frame.dims.replica
  if (change.elevated === null || col.values.length === 0) {
    return {
      global: true,
      text: 'no per-replica split available: taken as affecting every replica',
      share: 1,
    }
  }
  const k = col.values.length
  const { inSum, inN, outSum, outN } = sidesByValue(col, values, change.inWindow)
  let worse = 0
  let compared = 0
  for (let c = 0; c < k; c++) {
    if ((inN[c] as number) >= 3 && (outN[c] as number) >= 3) {
      compared++
      if (
        (inSum[c] as number) / (inN[c] as number) >=
        1.2 * ((outSum[c] as number) / (outN[c] as number))
      ) {
        worse++
      }
    }
  }
  if (compared === 0) {
    return {
      global: true,
      text: 'replicas could not be compared (too few requests each inside or outside the window)',
      share: 1,
    }
  }
  const share = worse / compared
  const global = share >= 0.6
  return {
    global,
    share,
    text: `${worse} of ${compared} replicas ${worse === 1 ? 'is' : 'are'} at least 20% slower on average inside the window than outside it: ${global ? 'the slowdown is everywhere' : 'the slowdown is local'}`,
  }
}

/**
 * Mean token work per request (uncached prompt + output) in the window over outside it: heavier
 * requests at the same rate load the engines as more requests would.
 */
function workRatio(ctx: DiagnosisContext, inWindow: Uint8Array): number {
  return workDrivers(ctx, inWindow).ratio
}

/** Inside a change window: about as many requests as before, but heavier ones (≥ 1.1× work). */
export function heavierAtSameRate(ctx: DiagnosisContext, change: TimeChange): boolean {
  const range = changeBuckets(change)
  if (range === null) {
    return false
  }
  // Requests per step over the steps the data covers: the empty steps of a window wider than the
  // data are no lower rate. With no data on one side the rate is unknown, and so is "the same".
  const counted = trafficLevel(ctx.traffic, range.from, range.to)
  return counted !== null && counted.level < 1.1 && workRatio(ctx, change.inWindow) >= 1.1
}

/**
 * {@link workDrivers}' reading: the ratio in over out, and the shares of its rise (0..1 each).
 * `cache` is null when the cached tokens are unknown on either side of the window: the work is
 * then read as prompt + output on both sides, and a cache that changed is not seen (ADR 0327).
 * `prompt` and `output` are null the same way when that kind of token is recorded on one side
 * only (or on neither): it is left out of both sides' work.
 */
interface Drivers {
  ratio: number
  prompt: number | null
  cache: number | null
  output: number | null
}

/**
 * What made the requests heavier inside a window: the token work per request (uncached prompt +
 * output) over outside it, and which part of its rise came from longer prompts, from fewer
 * cached prompt tokens, or from longer outputs (shares of the rise, 0..1 each; `cache` null
 * when the cached tokens are unknown).
 */
export function workDrivers(ctx: DiagnosisContext, inWindow: Uint8Array): Drivers {
  // Without tokens on a side the ratio reads as no heavier (1) and every share is unknown.
  return (
    weighedDrivers(ctx, inWindow, 1, 1, cacheShares(ctx, inWindow)) ?? {
      ratio: 1,
      prompt: null,
      cache: null,
      output: null,
    }
  )
}

/**
 * The share of the prompt tokens the cache served, on each side of a window, read on the
 * requests that recorded their cached tokens only (a producer that records none, like a real
 * vLLM, leaves it unknown; one replica of several that does, or records that stop, read as no
 * hits would look like a cache collapse). The recording requests stand for the side's others:
 * the side's cached tokens are its prompt tokens times this share. Null when either side has
 * no recording request with prompt tokens: the cache cannot be compared across the window.
 */
function cacheShares(
  ctx: DiagnosisContext,
  inWindow: Uint8Array
): { inside: number; outside: number } | null {
  const f = ctx.frame
  // prompt and cached tokens of the recording requests, inside then outside
  const sums = [0, 0, 0, 0]
  for (let i = 0; i < f.n; i++) {
    const p = f.inputTokens[i] as number
    const c = f.cachedTokens[i] as number
    if (p !== p || c !== c) {
      continue
    }
    const k = inWindow[i] === 1 ? 0 : 2
    sums[k] = (sums[k] as number) + p
    // A count above its prompt (a producer's other meaning of "cached") is the whole prompt.
    sums[k + 1] = (sums[k + 1] as number) + Math.min(c, p)
  }
  const [pIn, cIn, pOut, cOut] = sums as [number, number, number, number]
  return pIn > 0 && pOut > 0 ? { inside: cIn / pIn, outside: cOut / pOut } : null
}

/**
 * {@link Drivers} of the work per request with a prompt token weighing `wPrompt` and an output
 * token `wOutput`; null when either side of the window has no request with tokens. The cached
 * tokens per request are each side's prompt tokens times its {@link cacheShares}; without them
 * on both sides, the work is prompt + output on both (the unknown alike on each side, the
 * comparison still holds) and the cache's share of the rise is unknown. `cache` is
 * {@link cacheShares} of the same window, read once by the caller (costDrivers needs it too).
 */
function weighedDrivers(
  ctx: DiagnosisContext,
  inWindow: Uint8Array,
  wPrompt: number,
  wOutput: number,
  cache: ReturnType<typeof cacheShares>
): Drivers | null {
  const f = ctx.frame
  // Per side (inside, outside): prompt tokens and the requests that recorded a prompt, output
  // tokens and the requests that recorded an output. Each kind is averaged over the requests that
  // recorded it: a request with no prompt count has an unknown prompt, not an empty one.
  const sums = [0, 0, 0, 0, 0, 0, 0, 0]
  for (let i = 0; i < f.n; i++) {
    const p = f.inputTokens[i] as number
    const o = f.outputTokens[i] as number
    const k = inWindow[i] === 1 ? 0 : 4
    if (p === p) {
      sums[k] = (sums[k] as number) + wPrompt * p
      sums[k + 1] = (sums[k + 1] as number) + 1
    }
    if (o === o) {
      sums[k + 2] = (sums[k + 2] as number) + wOutput * o
      sums[k + 3] = (sums[k + 3] as number) + 1
    }
  }
  const [pIn, npIn, oIn, noIn, pOut, npOut, oOut, noOut] = sums as [
    number,
    number,
    number,
    number,
    number,
    number,
    number,
    number,
  ]
  if (npIn + noIn === 0 || npOut + noOut === 0) {
    return null
  }
  // A kind recorded on one side only is left out of both: a recording that started or stopped
  // inside the window is no change in the work, and that kind's share of the rise is unknown.
  const prompts = npIn > 0 && npOut > 0
  const outputs = noIn > 0 && noOut > 0
  if (!prompts && !outputs) {
    return null
  }
  const pi = prompts ? pIn / npIn : 0
  const po = prompts ? pOut / npOut : 0
  const oi = outputs ? oIn / noIn : 0
  const oo = outputs ? oOut / noOut : 0
  const shares = prompts ? cache : null
  const ci = shares === null ? 0 : pi * shares.inside
  const co = shares === null ? 0 : po * shares.outside
  const wIn = pi - ci + oi
  const wOut = po - co + oo
  const rise = wIn - wOut
  const part = (d: number): number => (rise > 0 ? Math.min(1, Math.max(0, d / rise)) : 0)
  return {
    ratio: wOut > 0 ? wIn / wOut : 1,
    prompt: prompts ? part(pi - po) : null,
    cache: shares === null ? null : part(co - ci),
    output: outputs ? part(oi - oo) : null,
  }
}

/** What {@link costDrivers} reads: {@link workDrivers}' shares, of the engine time per request. */
export interface CostDrivers extends Drivers {
  /** Engine time per uncached prompt token and per output token outside the window (µs). */
  prefillPerTokenUs: number
  decodePerTokenUs: number
}

/**
 * The engine time a request holds a slot for, per request, in the window over outside it, and
 * which part of its rise came from longer prompts, fewer cached tokens or longer outputs.
 * {@link workDrivers} adds prompt and output tokens as if they cost alike; the engine takes a
 * prompt in one prefill pass and an output token per decode step, so on a long-prompts workload
 * outputs 2.6× longer moved that sum 1.10× while the slot time rose far more. Each token kind
 * is weighed by the engine's own time per token (engine.prefill over uncached prompt tokens,
 * engine.decode over output tokens) on the requests outside the window, the same weights on
 * both sides: a slower engine inside the window is no heavier work. Null when either weight is
 * unknown (no engine spans, or none outside the window): the tokens alone cannot say what they
 * cost.
 */
export function costDrivers(ctx: DiagnosisContext, inWindow: Uint8Array): CostDrivers | null {
  const f = ctx.frame
  const prefill = f.stages['engine.prefill']
  const decode = f.stages['engine.decode']
  // The prefill weight is per token of the work weighedDrivers reads: per uncached prompt token
  // with the cache known on both sides, per prompt token without (ADR 0327).
  const shares = cacheShares(ctx, inWindow)
  let prefillUs = 0
  let prefillTokens = 0
  let decodeUs = 0
  let decodeTokens = 0
  for (let i = 0; i < f.n; i++) {
    if (inWindow[i] === 1) {
      continue
    }
    const p = f.inputTokens[i] as number
    const c = f.cachedTokens[i] as number
    const o = f.outputTokens[i] as number
    const pre = prefill[i] as number
    const dec = decode[i] as number
    if (pre === pre && p === p) {
      prefillUs += pre
      // A request's own cached count where it recorded one, else its side's share of hits.
      prefillTokens += shares === null ? p : c === c ? Math.max(0, p - c) : p * (1 - shares.outside)
    }
    if (dec === dec && o === o) {
      decodeUs += dec
      decodeTokens += o
    }
  }
  if (prefillTokens === 0 || decodeTokens === 0) {
    return null
  }
  const wPrompt = prefillUs / prefillTokens
  const wOutput = decodeUs / decodeTokens
  const drivers = weighedDrivers(ctx, inWindow, wPrompt, wOutput, shares)
  return drivers === null
    ? null
    : { ...drivers, prefillPerTokenUs: wPrompt, decodePerTokenUs: wOutput }
}
