/**
 * Evidence lines and the finding fields a rule fills: each builder states one observation with its
 * figure, its baseline and a sentence for the person on call.
 */
import type { ConcentrationRow } from '../../concentration/find-concentration.js'
import type { Evidence, Finding, ScopeDimension } from '../../model/diagnosis.js'
import { isoFromMicros, type Micros } from '../../model/units.js'
import type { DiagnosisContext, TimeChange } from '../frame/context.js'
import { describeColumnValue } from '../frame/columns.js'
import type { StageStat } from '../detect/stage-stats.js'
import { decimals, fmtUs, measureWords, pct, round, slowWords, stepWords } from './text.js'

/**
 * Stage evidence comparing the slow cohort's mean with the baseline's (ms): "gateway.queue takes
 * 836 ms on average in the requests with the slowest TTFT vs 10 ms in the others: 98% of their
 * extra time". `what` names the measure of the cohort (`TTFT`, `TPOT`).
 */
export function stageEvidence(st: StageStat, what: string): Evidence {
  return {
    stage: st.stage,
    observed: st.slowMeanUs === null ? null : round(st.slowMeanUs / 1000),
    baseline: st.baselineMeanUs === null ? null : round(st.baselineMeanUs / 1000),
    text: `${st.stage} takes ${fmtUs(st.slowMeanUs)} on average in ${slowWords(what)} vs ${fmtUs(st.baselineMeanUs)} in the others: ${pct(st.excessShare)} of their extra time`,
  }
}

/** ISO window of a time change, or null. */
export function changeWindow(change: TimeChange): Finding['window'] {
  return change.windowUs === null
    ? null
    : { start: isoFromMicros(change.windowUs.fromUs), end: isoFromMicros(change.windowUs.toUs) }
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
    text: `without ${subject}, ${measureWords(measure)} P99 would be ${decimals(impact, 2)}× lower`,
  }
}
