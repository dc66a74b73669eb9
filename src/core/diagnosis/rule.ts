/**
 * The rule port and the helpers rules share. A rule looks at the shared context and returns a
 * finding with a confidence 0..1 (null when its evidence is simply absent), or `{ skipped }` when
 * the data it needs is missing — then the engine reports the gap instead of guessing.
 */
import type { ConcentrationRow } from '../concentration/find-concentration.js'
import type { Cause, Evidence, Finding, ScopeDimension } from '../model/diagnosis.js'
import type { EventKind } from '../model/event.js'
import type { StageName } from '../model/request.js'
import { isoFromMicros, type Micros } from '../model/units.js'
import { meanWhere, quantileSorted, sortedFinite } from '../stats/quantile.js'
import type { Cohort } from './frame/cohort.js'
import type { DiagnosisContext, TimeChange } from './frame/context.js'
import type { ResourceKind } from './metric-families.js'
import { describeColumnValue } from './frame/columns.js'
import { maxOver, meanOutside, meanOver, type ResourceView } from './resources.js'
import type { StageBreakdown, StageStat } from './detect/stage-stats.js'

export type RuleResult = Omit<Finding, 'cause' | 'actions'> | { skipped: string } | null

export interface Rule {
  cause: Cause
  actions: readonly string[]
  evaluate(ctx: DiagnosisContext): RuleResult
}

/** µs → "123 ms" / "1.23 s". */
export function fmtUs(us: number): string {
  if (!Number.isFinite(us)) {
    return 'n/a'
  }
  const ms = us / 1000
  return Math.abs(ms) >= 1000 ? `${(ms / 1000).toFixed(2)} s` : `${ms.toFixed(ms < 10 ? 1 : 0)} ms`
}

/** Rounds for JSON evidence (3 significant decimals are plenty, and keeps output stable). */
export function round(v: number, digits = 3): number {
  if (!Number.isFinite(v)) {
    return 0
  }
  const f = 10 ** digits
  return Math.round(v * f) / f
}

export function pct(v: number): string {
  return `${Math.round(v * 100)}%`
}

/** How evidence names a measure: `ttft` → "TTFT"; a stage name stays as it is. */
const MEASURE_WORDS: Record<string, string> = {
  ttft: 'TTFT',
  tpot: 'TPOT',
  itl_max: 'ITL max',
  e2e: 'E2E',
}

function measureWords(measure: string): string {
  return MEASURE_WORDS[measure] ?? measure
}

/** "the requests with the slowest TTFT" for a measure; "the stalled-stream requests" otherwise. */
function slowWords(measure: string): string {
  return /^(ttft|tpot|e2e)$/i.test(measure)
    ? `the requests with the slowest ${measure.toUpperCase()}`
    : `the ${measure} requests`
}

/** A bucket width in words: 60 s → "minute", 20 s → "20-second step". */
function stepWords(stepUs: number): string {
  if (stepUs % 60_000_000 === 0) {
    const minutes = stepUs / 60_000_000
    return minutes === 1 ? 'minute' : `${minutes}-minute step`
  }
  return `${Math.round(stepUs / 1_000_000)}-second step`
}

export function stageStat(b: StageBreakdown, stage: StageName): StageStat | undefined {
  return b.stats.find((s) => s.stage === stage)
}

/**
 * Stage evidence comparing the slow cohort's mean with the baseline's (ms): "gateway.queue takes
 * 836 ms on average in the requests with the slowest TTFT vs 10 ms in the others: 98% of their
 * extra time". `what` names the measure of the cohort (`TTFT`, `TPOT`).
 */
export function stageEvidence(st: StageStat, what: string): Evidence {
  return {
    stage: st.stage,
    observed: round(st.slowMeanUs / 1000),
    baseline: round(st.baselineMeanUs / 1000),
    text: `${st.stage} takes ${fmtUs(st.slowMeanUs)} on average in ${slowWords(what)} vs ${fmtUs(st.baselineMeanUs)} in the others: ${pct(st.excessShare)} of their extra time`,
  }
}

/** ISO window of a time change, or null. */
export function changeWindow(change: TimeChange): Finding['window'] {
  return change.windowUs === null
    ? null
    : { start: isoFromMicros(change.windowUs.fromUs), end: isoFromMicros(change.windowUs.toUs) }
}

/** Bucket index range of a change's elevated span, or null. */
export function changeBuckets(change: TimeChange): { from: number; to: number } | null {
  return change.elevated === null ? null : { from: change.elevated.start, to: change.elevated.end }
}

/**
 * Evidence for a latency change over time: "TTFT P99 of each minute averaged 617 ms from 08:30 to
 * 08:41, up from 319 ms in the calmest part of the window". The baseline is the lowest level the
 * change detection found, the elevated figure the mean per-step quantile inside the span.
 */
export function changeEvidence(
  change: TimeChange,
  measure: string,
  quantile = 'p99'
): Evidence | null {
  if (change.elevated === null || change.windowUs === null) {
    return null
  }
  const stepUs =
    (change.windowUs.toUs - change.windowUs.fromUs) /
    (change.elevated.end - change.elevated.start + 1)
  return {
    metric: `${measure}.${quantile}`,
    observed: round(change.elevated.elevated / 1000),
    baseline: round(change.elevated.baseline / 1000),
    text: `${measureWords(measure)} ${quantile.toUpperCase()} of each ${stepWords(stepUs)} averaged ${fmtUs(change.elevated.elevated)} from ${isoFromMicros(change.windowUs.fromUs)} to ${isoFromMicros(change.windowUs.toUs)}, up from ${fmtUs(change.elevated.baseline)} in the calmest part of the window`,
  }
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
    ratio: outside.mean > 0 ? inside.mean / outside.mean : inside.mean > 0 ? 10 : 1,
  }
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

/**
 * Evidence for a concentration row: "requests on replica r3 make up 100% of the requests with the
 * slowest TTFT vs 12% of the others (8.6× over-represented, p<0.001)". `measure` names the slow
 * cohort (`TTFT`, `TPOT`, or a word such as `stalled-stream`).
 */
export function rowEvidence(row: ConcentrationRow, measure: string): Evidence {
  return {
    dimension: row.dimension,
    observed: round(row.slowShare),
    baseline: round(row.baselineShare),
    text: `${describeColumnValue(row.dimension, row.value)} make up ${pct(row.slowShare)} of ${slowWords(measure)} vs ${pct(row.baselineShare)} of the others (${row.lift.toFixed(1)}× over-represented, ${row.pValue < 0.001 ? 'p<0.001' : `p=${row.pValue.toFixed(3)}`})`,
  }
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

/** Evidence citing a change event. */
export function eventEvidence(e: DiagnosisContext['events'][number]): Evidence {
  const what = [
    e.version && `version ${e.version}`,
    e.replica && `replica ${e.replica}`,
    e.node && `node ${e.node}`,
  ]
    .filter(Boolean)
    .join(', ')
  return {
    event: e.kind,
    observed: isoFromMicros(e.timeUs as Micros),
    baseline: null,
    text: `${e.kind} event at ${isoFromMicros(e.timeUs as Micros)}${what ? ` (${what})` : ''}${e.message ? `: ${e.message}` : ''}`,
  }
}

/** Missing-data evidence ("no metrics for …"). */
export function missingEvidence(what: string): Evidence {
  return { metric: what, observed: null, baseline: null, text: `no metrics for ${what}` }
}

/** Builds a scope object. */
export function scopeOf(dimension: ScopeDimension | null, value: string | null): Finding['scope'] {
  return dimension === null || value === null
    ? { dimension: null, value: null }
    : { dimension, value }
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
  const inSum = new Float64Array(k)
  const inN = new Float64Array(k)
  const outSum = new Float64Array(k)
  const outN = new Float64Array(k)
  for (let i = 0; i < ctx.frame.n; i++) {
    const c = col.codes[i] as number
    const v = values[i] as number
    if (c < 0 || v !== v) {
      continue
    }
    if (change.inWindow[i] === 1) {
      inSum[c] = (inSum[c] as number) + v
      inN[c] = (inN[c] as number) + 1
    } else {
      outSum[c] = (outSum[c] as number) + v
      outN[c] = (outN[c] as number) + 1
    }
  }
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
 * Tail impact of a scope: the cohort measure's P99 over all requests divided by its P99 over the
 * requests outside `dimension=value`. ≈ 1 when the value only reshuffles a tail that would exist
 * anyway; ≥ 1.5 when the value creates the tail. This is what separates "a far region is a bit
 * slower" from "this region's users wait".
 */
export function tailImpact(
  ctx: DiagnosisContext,
  cohort: Cohort,
  dimension: string,
  value: string
): number {
  const column = ctx.columns.find((c) => c.dimension === dimension)
  if (!column) {
    return 1
  }
  const code = column.values.indexOf(value)
  const outside = new Uint8Array(ctx.frame.n)
  for (let i = 0; i < ctx.frame.n; i++) {
    outside[i] = column.codes[i] === code ? 0 : 1
  }
  const rest = quantileSorted(sortedFinite(cohort.values, outside), 0.99)
  return rest > 0 ? cohort.summary.p99 / rest : 1
}

/**
 * Tail impact of extra time: P99 of the cohort measure divided by its P99 once each request's
 * `extraUs` (time above the typical) is taken away.
 */
export function tailImpactOfExtra(cohort: Cohort, extraUs: Float64Array): number {
  const reduced = new Float64Array(cohort.values.length)
  for (let i = 0; i < reduced.length; i++) {
    const v = cohort.values[i] as number
    const x = extraUs[i] as number
    reduced[i] = v === v ? Math.max(0, v - (x === x && x > 0 ? x : 0)) : NaN
  }
  const rest = quantileSorted(sortedFinite(reduced), 0.99)
  return rest > 0 ? cohort.summary.p99 / rest : 1
}

/** Per request: how far a stage sum exceeds its median (µs, ≥ 0). */
export function extraOverMedian(values: Float64Array): Float64Array {
  const median = quantileSorted(sortedFinite(values), 0.5)
  const out = new Float64Array(values.length)
  for (let i = 0; i < values.length; i++) {
    const v = values[i] as number
    out[i] = v === v && v > median ? v - median : 0
  }
  return out
}

/**
 * Evidence for a tail impact ratio: "without the requests on replica r3, TTFT P99 would be 2.39×
 * lower". `what` is a phrase or a `dimension=value` pair (then put in words).
 */
export function impactEvidence(what: string, measure: string, impact: number): Evidence {
  const pair = /^([a-z_]+)=(.+)$/.exec(what)
  const subject = pair === null ? what : `the ${describeColumnValue(pair[1]!, pair[2]!)}`
  return {
    metric: `${measure}.p99_impact`,
    observed: round(impact),
    baseline: 1,
    text: `without ${subject}, ${measureWords(measure)} P99 would be ${impact.toFixed(2)}× lower`,
  }
}

/**
 * Mean token work per request (uncached prompt + output) in the window over outside it: heavier
 * requests at the same rate load the engines as more requests would.
 */
export function workRatio(ctx: DiagnosisContext, inWindow: Uint8Array): number {
  return workDrivers(ctx, inWindow).ratio
}

/** Inside a change window: about as many requests as before, but heavier ones (≥ 1.1× work). */
export function heavierAtSameRate(ctx: DiagnosisContext, change: TimeChange): boolean {
  const range = changeBuckets(change)
  if (range === null) {
    return false
  }
  const trafficOut = meanOutside(ctx.traffic, range.from, range.to)
  const trafficRatio = trafficOut > 0 ? meanOver(ctx.traffic, range.from, range.to) / trafficOut : 1
  return trafficRatio < 1.1 && workRatio(ctx, change.inWindow) >= 1.1
}

/**
 * What made the requests heavier inside a window: the token work per request (uncached prompt +
 * output) over outside it, and which part of its rise came from longer prompts, from fewer
 * cached prompt tokens, or from longer outputs (shares of the rise, 0..1 each).
 */
export function workDrivers(
  ctx: DiagnosisContext,
  inWindow: Uint8Array
): { ratio: number; prompt: number; cache: number; output: number } {
  const f = ctx.frame
  const sums = [0, 0, 0, 0, 0, 0]
  let nIn = 0
  let nOut = 0
  for (let i = 0; i < f.n; i++) {
    const p = f.inputTokens[i] as number
    const c = f.cachedTokens[i] as number
    const o = f.outputTokens[i] as number
    if (p !== p && o !== o) {
      continue
    }
    const k = inWindow[i] === 1 ? 0 : 3
    sums[k] = (sums[k] as number) + (p === p ? p : 0)
    // Cached tokens count only against a known prompt (as in the work itself).
    sums[k + 1] = (sums[k + 1] as number) + (p === p && c === c ? c : 0)
    sums[k + 2] = (sums[k + 2] as number) + (o === o ? o : 0)
    if (k === 0) {
      nIn++
    } else {
      nOut++
    }
  }
  if (nIn === 0 || nOut === 0) {
    return { ratio: 1, prompt: 0, cache: 0, output: 0 }
  }
  const [pi, ci, oi, po, co, oo] = sums.map((v, k) => v / (k < 3 ? nIn : nOut)) as number[]
  const wIn = (pi as number) - (ci as number) + (oi as number)
  const wOut = (po as number) - (co as number) + (oo as number)
  const rise = wIn - wOut
  const part = (d: number): number => (rise > 0 ? Math.min(1, Math.max(0, d / rise)) : 0)
  return {
    ratio: wOut > 0 ? wIn / wOut : 1,
    prompt: part((pi as number) - (po as number)),
    cache: part((co as number) - (ci as number)),
    output: part((oi as number) - (oo as number)),
  }
}
