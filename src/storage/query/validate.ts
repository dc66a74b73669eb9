import { AppError } from '../../core/errors.js'
import { DIMENSIONS } from '../../core/model/request.js'
import type { Micros } from '../../core/model/units.js'
import type { PercentileQuery, RequestQuery, SeriesQuery } from '../../core/model/query.js'
import { REQUEST_MEASURES } from '../../core/model/query.js'

/** Default `stepUs` of `rate` and `histogram_quantile`: 60 s. */
export const DEFAULT_SERIES_STEP_US = 60_000_000 as Micros

const MEASURE_SET: ReadonlySet<string> = new Set(REQUEST_MEASURES)
const DIMENSION_SET: ReadonlySet<string> = new Set(DIMENSIONS)

function invalid(message: string): AppError {
  return new AppError('QUERY_INVALID', message)
}

function checkStep(stepUs: number | undefined): void {
  if (stepUs !== undefined && !(Number.isFinite(stepUs) && stepUs > 0)) {
    throw invalid(`expected a step > 0 µs, got ${String(stepUs)}`)
  }
}

function checkQuantile(q: number): void {
  if (!(Number.isFinite(q) && q >= 0 && q <= 1)) {
    throw invalid(`expected a quantile between 0 and 1, got ${String(q)}`)
  }
}

function checkFilters(filters: RequestQuery['filters']): void {
  for (const key of Object.keys(filters ?? {})) {
    if (!DIMENSION_SET.has(key)) {
      throw invalid(`expected a filter dimension (${DIMENSIONS.join(', ')}), got "${key}"`)
    }
  }
}

/** Throws `QUERY_INVALID` when paging or sorting is not usable. */
export function validateRequestQuery(query: RequestQuery): void {
  checkFilters(query.filters)
  if (query.sortBy !== undefined && !MEASURE_SET.has(query.sortBy)) {
    throw invalid(`expected a sort measure (${REQUEST_MEASURES.join(', ')}), got "${query.sortBy}"`)
  }
  const range = query.valueRange
  if (range !== undefined) {
    if (!MEASURE_SET.has(range.measure)) {
      throw invalid(
        `expected a range measure (${REQUEST_MEASURES.join(', ')}), got "${range.measure}"`
      )
    }
    for (const bound of [range.minUs, range.maxUs]) {
      if (bound !== undefined && !Number.isFinite(bound)) {
        throw invalid(`expected finite range bounds, got ${String(bound)}`)
      }
    }
  }
  if (query.sortDir !== undefined && query.sortDir !== 'asc' && query.sortDir !== 'desc') {
    throw invalid(`expected sort direction asc or desc, got "${String(query.sortDir)}"`)
  }
  for (const [name, value] of [
    ['limit', query.limit],
    ['offset', query.offset],
  ] as const) {
    if (value !== undefined && !(Number.isInteger(value) && value >= 0)) {
      throw invalid(`expected ${name} to be an integer ≥ 0, got ${String(value)}`)
    }
  }
}

/** Throws `QUERY_INVALID` for unknown measures or dimensions, bad quantiles or steps. */
export function validatePercentileQuery(query: PercentileQuery): void {
  checkFilters(query.filters)
  for (const measure of query.measures) {
    if (!MEASURE_SET.has(measure)) {
      throw invalid(`expected a measure (${REQUEST_MEASURES.join(', ')}), got "${measure}"`)
    }
  }
  if (query.quantiles.length === 0) {
    throw invalid('expected at least one quantile')
  }
  query.quantiles.forEach(checkQuantile)
  if (query.groupBy !== undefined && !DIMENSION_SET.has(query.groupBy)) {
    throw invalid(`expected group-by dimension (${DIMENSIONS.join(', ')}), got "${query.groupBy}"`)
  }
  checkStep(query.stepUs)
}

/** Throws `QUERY_INVALID` for a missing name, a bad function, quantile or step. */
export function validateSeriesQuery(query: SeriesQuery): void {
  if (typeof query.name !== 'string' || query.name === '') {
    throw invalid('expected a metric name')
  }
  const fn = query.fn ?? 'raw'
  if (fn !== 'raw' && fn !== 'rate' && fn !== 'histogram_quantile') {
    throw invalid(`expected fn raw, rate or histogram_quantile, got "${String(fn)}"`)
  }
  if (fn === 'histogram_quantile') {
    if (query.quantile === undefined) {
      throw invalid('expected a quantile for histogram_quantile')
    }
    checkQuantile(query.quantile)
  }
  checkStep(query.stepUs)
}
