/**
 * Log-spaced value bins shared by every adapter's `histogramRequests` and the heatmap route, so
 * all of them put a value in the same bin.
 */
import { AppError } from '../../core/errors.js'
import type { AggregateQuery, HistogramQuery } from '../../core/model/query.js'
import { validatePercentileQuery } from './validate.js'

export interface LogBins {
  /** Smallest positive value (µs); bin 0 also takes everything at or below it. */
  lowUs: number
  /** Largest value (µs): the last bin's upper bound. */
  highUs: number
  bins: number
  logLow: number
  /** Width of one bin in natural-log units. */
  logWidth: number
}

/**
 * Bins between the smallest positive and the largest value; `null` when nothing is positive.
 * A single distinct value gets `lowUs = highUs / 2` so the bins have a width.
 */
export function logBins(
  minPositive: number | null,
  max: number | null,
  bins: number
): LogBins | null {
  if (minPositive === null || max === null || !(max > 0)) {
    return null
  }
  const lowUs = minPositive < max ? minPositive : max / 2
  const logLow = Math.log(lowUs)
  return { lowUs, highUs: max, bins, logLow, logWidth: (Math.log(max) - logLow) / bins }
}

/** Bin index of a value: upper bounds inclusive, clamped to `0..bins-1`. */
export function logBinOf(value: number, b: LogBins): number {
  if (value <= b.lowUs) {
    return 0
  }
  // The epsilon keeps a value equal to a bound below it despite log() rounding.
  const i = Math.ceil((Math.log(value) - b.logLow) / b.logWidth - 1e-9) - 1
  return Math.min(b.bins - 1, Math.max(0, i))
}

/** Upper bound of each bin (µs); the last is exactly `highUs`. */
export function logBinBounds(b: LogBins): number[] {
  const bounds = Array.from({ length: b.bins }, (_, i) => Math.exp(b.logLow + b.logWidth * (i + 1)))
  bounds[b.bins - 1] = b.highUs
  return bounds
}

/** Throws `QUERY_INVALID` for unknown measures or dimensions, or a bad step (the percentile checks, minus quantiles). */
export function validateAggregateQuery(query: AggregateQuery): void {
  validatePercentileQuery({ ...query, quantiles: [0.5] })
}

/** Throws `QUERY_INVALID` for an unknown measure, a bad step or bin count. */
export function validateHistogramQuery(query: HistogramQuery): void {
  validatePercentileQuery({ ...query, measures: [query.measure], quantiles: [0.5] })
  if (!(Number.isFinite(query.stepUs) && query.stepUs > 0)) {
    throw new AppError('QUERY_INVALID', `expected a step > 0 µs, got ${String(query.stepUs)}`)
  }
  if (!(Number.isInteger(query.bins) && query.bins >= 1 && query.bins <= 10_000)) {
    throw new AppError(
      'QUERY_INVALID',
      `expected bins to be an integer 1..10000, got ${String(query.bins)}`
    )
  }
}
