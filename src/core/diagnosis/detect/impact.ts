/**
 * Impact maths: how much lower a measure's P99 would be without a scope's requests or without
 * time above the typical. Separates "a value holds a slightly larger slice of the tail" from "this
 * value creates the tail".
 */
import { quantileSorted, sortedFinite } from '../../stats/quantile.js'
import type { Cohort } from '../frame/cohort.js'
import type { DiagnosisContext } from '../frame/context.js'

/**
 * Tail impact of a scope: the cohort measure's P99 over all requests divided by its P99 over the
 * requests outside `dimension=value`. ≈ 1 when the value only reshuffles a tail that would exist
 * anyway; ≥ 1.5 when the value creates the tail. This is what separates "a far region is a bit
 * slower" from "this region's users wait". With `within`, both P99s are read over the requests it
 * marks only (the minutes the scope was slow in, ADR 0369).
 */
export function tailImpact(
  ctx: DiagnosisContext,
  cohort: Cohort,
  dimension: string,
  value: string,
  within?: Uint8Array
): number {
  const column = ctx.columns.find((c) => c.dimension === dimension)
  if (!column) {
    return 1
  }
  const code = column.values.indexOf(value)
  const outside = new Uint8Array(ctx.frame.n)
  for (let i = 0; i < ctx.frame.n; i++) {
    outside[i] = column.codes[i] === code || (within !== undefined && within[i] !== 1) ? 0 : 1
  }
  const rest = quantileSorted(sortedFinite(cohort.values, outside), 0.99)
  const all =
    within === undefined
      ? cohort.summary.p99
      : quantileSorted(sortedFinite(cohort.values, within), 0.99)
  return rest > 0 ? all / rest : 1
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
