/**
 * Slow vs baseline cohorts. The slow cohort is the requests above the window's P99 of a measure
 * (above the SLO target instead, when one is configured and lower). Small windows would leave a
 * P99 cohort of one or two requests, so the cohort holds at least min(30, 5 % of requests).
 */
import {
  findConcentration,
  type CategoricalColumn,
  type ConcentrationRow,
} from '../../concentration/find-concentration.js'
import { sortedFinite, summarize, type QuantileSummary } from '../../stats/quantile.js'

export interface Cohort extends SlowSplit {
  measure: 'ttft' | 'tpot'
  /** The measure per request (µs, NaN = missing). */
  values: Float64Array
  summary: QuantileSummary
  /** Concentration of the slow cohort over every column. */
  rows: ConcentrationRow[]
}

/** The slow/baseline split of one measure, without concentration. */
export interface SlowSplit {
  /** 1 when the request has the measure. */
  eligible: Uint8Array
  /** 1 when the request is in the slow cohort. */
  slow: Uint8Array
  /** Smallest slow value (µs); NaN (unknown, not 0) when the cohort is empty. */
  thresholdUs: number
  slowCount: number
  eligibleCount: number
}

/**
 * Marks the slow requests of `values` (µs, NaN = missing): those above the P99, at least
 * min(30, 5 %) of them, everything above `sloUs` when that is lower, never more than half.
 */
export function splitSlow(values: Float64Array, sloUs: number | null): SlowSplit {
  const n = values.length
  const eligible = new Uint8Array(n)
  let m = 0
  for (let i = 0; i < n; i++) {
    const v = values[i] as number
    if (v === v) {
      eligible[i] = 1
      m++
    }
  }
  const slow = new Uint8Array(n)
  let slowCount = 0
  let thresholdUs = Number.NaN
  if (m >= 2) {
    // A typed-array sort plus two linear passes: much faster than sorting an index array with a
    // comparator, which matters at millions of requests.
    const sorted = sortedFinite(values)
    let want = Math.max(Math.ceil(m * 0.01), Math.min(30, Math.floor(m * 0.05)), 1)
    if (sloUs !== null && sloUs > 0) {
      let above = 0
      while (above < m && (sorted[m - 1 - above] as number) > sloUs) {
        above++
      }
      want = Math.max(want, above)
    }
    // Never call more than half the window slow: the baseline must stay the majority.
    want = Math.min(want, Math.floor(m / 2))
    if (want > 0) {
      thresholdUs = sorted[m - want] as number
      for (let i = 0; i < n; i++) {
        if ((values[i] as number) > thresholdUs) {
          slow[i] = 1
          slowCount++
        }
      }
      // Ties at the threshold fill the cohort up to `want`, in request order.
      for (let i = 0; i < n && slowCount < want; i++) {
        if (values[i] === thresholdUs) {
          slow[i] = 1
          slowCount++
        }
      }
    }
  }
  return { eligible, slow, thresholdUs, slowCount, eligibleCount: m }
}

/**
 * Cuts `values` into slow and baseline cohorts and computes their concentration.
 *
 * @param sloUs optional objective (µs): when lower than the P99, everything above it is slow.
 */
export function buildCohort(
  measure: 'ttft' | 'tpot',
  values: Float64Array,
  columns: readonly CategoricalColumn[],
  sloUs: number | null
): Cohort {
  const split = splitSlow(values, sloUs)
  const rows = split.slowCount > 0 ? findConcentration(columns, split.slow, split.eligible) : []
  return { measure, values, ...split, summary: summarize(values), rows }
}
