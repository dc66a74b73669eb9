/**
 * Which values of which dimensions hold the slow requests (Honeycomb's BubbleUp idea): for every
 * value of every column, compare its share of the slow cohort with its share of the baseline
 * cohort. A value is reported only when the difference is significant (two-proportion z-test on
 * the slow rate inside vs outside the value) and backed by a minimum count, so a handful of
 * requests never names a scope.
 */
import { ramp, twoProportionZTest } from '../stats/significance.js'

/** A categorical column: `values[codes[i]]`, code -1 = missing. */
export interface CategoricalColumn {
  dimension: string
  codes: Int32Array
  values: readonly string[]
}

export interface ConcentrationRow {
  dimension: string
  value: string
  /** Slow requests with this value. */
  slowCount: number
  /** Baseline (not slow) requests with this value. */
  baselineCount: number
  /** Share of the slow cohort with this value, 0..1. */
  slowShare: number
  /** Share of the baseline cohort with this value, 0..1. */
  baselineShare: number
  /** slowShare / baselineShare (baseline share floored at one request, so always finite). */
  lift: number
  /** z of "the slow rate inside this value is higher than outside it". */
  z: number
  pValue: number
  /** Fraction of this value's requests that are slow. */
  slowRate: number
  /**
   * Relative risk: slow rate inside the value / slow rate outside it (+0.5 smoothing). Unlike
   * lift it is not capped by the value's size, so a value holding most traffic can still score.
   */
  risk: number
  significant: boolean
}

export interface ConcentrationOptions {
  /** Fewest slow requests a value needs before it can be significant (default 5). */
  minSlowCount?: number
  /** Largest one-sided p-value that counts (default 1e-4: many values are tested at once). */
  maxPValue?: number
  /** Smallest lift that counts (default 1.5). */
  minLift?: number
}

/**
 * Computes a row per (column, value) seen among eligible requests, sorted: significant rows
 * first, by lift descending.
 *
 * @param slow 1 = slow cohort, 0 = baseline, per request.
 * @param eligible 1 = the request has the measure the cohorts were cut on (others are ignored).
 */
export function findConcentration(
  columns: readonly CategoricalColumn[],
  slow: Uint8Array,
  eligible: Uint8Array,
  options: ConcentrationOptions = {}
): ConcentrationRow[] {
  const minSlow = options.minSlowCount ?? 5
  const maxP = options.maxPValue ?? 1e-4
  const minLift = options.minLift ?? 1.5
  let slowTotal = 0
  let baseTotal = 0
  for (let i = 0; i < slow.length; i++) {
    if (eligible[i] === 1) {
      if (slow[i] === 1) {
        slowTotal++
      } else {
        baseTotal++
      }
    }
  }
  const rows: ConcentrationRow[] = []
  if (slowTotal === 0 || baseTotal === 0) {
    return rows
  }
  for (const column of columns) {
    const k = column.values.length
    const slowBy = new Float64Array(k)
    const baseBy = new Float64Array(k)
    for (let i = 0; i < column.codes.length; i++) {
      const code = column.codes[i] as number
      if (code < 0 || eligible[i] !== 1) {
        continue
      }
      if (slow[i] === 1) {
        slowBy[code] = (slowBy[code] as number) + 1
      } else {
        baseBy[code] = (baseBy[code] as number) + 1
      }
    }
    for (let c = 0; c < k; c++) {
      const s = slowBy[c] as number
      const b = baseBy[c] as number
      if (s + b === 0) {
        continue
      }
      const slowShare = s / slowTotal
      const baselineShare = b / baseTotal
      const lift = slowShare / Math.max(baselineShare, 1 / baseTotal)
      const test = twoProportionZTest(s, s + b, slowTotal - s, slowTotal + baseTotal - s - b)
      rows.push({
        dimension: column.dimension,
        value: column.values[c] as string,
        slowCount: s,
        baselineCount: b,
        slowShare,
        baselineShare,
        lift,
        z: test.z,
        pValue: test.pValue,
        slowRate: s / (s + b),
        risk: relativeRisk(s, s + b, slowTotal - s, slowTotal + baseTotal - s - b),
        significant:
          s >= minSlow &&
          test.pValue <= maxP &&
          (lift >= minLift ||
            s / (s + b) >=
              minLift * ((slowTotal - s) / Math.max(1, slowTotal + baseTotal - s - b))),
      })
    }
  }
  rows.sort((a, b) =>
    a.significant !== b.significant
      ? a.significant
        ? -1
        : 1
      : b.lift - a.lift || b.slowCount - a.slowCount
  )
  return rows
}

/**
 * Slow rate inside a value over the slow rate outside it, each with +0.5 smoothing so that a
 * value with no slow request, or one holding all of them, still reads a finite ratio.
 */
export function relativeRisk(slowIn: number, nIn: number, slowOut: number, nOut: number): number {
  return (slowIn + 0.5) / (nIn + 1) / ((slowOut + 0.5) / (nOut + 1))
}

/**
 * The concentration score of a place or a version: how much more likely its requests are to be
 * slow (relative risk, ramped 2–6) times its share of the slow cohort (ramped 0.5–0.8). The node
 * and version records score a row by it, and the explaining-away of a cold start asks the same
 * question without the young requests (ADR 0373).
 */
export function placeConcentration(risk: number, slowShare: number): number {
  return ramp(risk, 2, 6) * ramp(slowShare, 0.5, 0.8)
}
