import type { Dimension, RequestTimeline } from '../../core/model/request.js'
import type { DimensionFilters, RequestMeasure, ValueRange } from '../../core/model/query.js'
import { measureValue } from './request-fields.js'

/**
 * True when the request matches every dimension filter. A filter with an empty list is ignored;
 * a request without the dimension (`null`) never matches a non-empty filter.
 */
export function matchesFilters(
  request: RequestTimeline,
  filters: DimensionFilters | undefined
): boolean {
  for (const [dim, values] of Object.entries(filters ?? {}) as [
    Dimension,
    string[] | undefined,
  ][]) {
    if (!values || values.length === 0) {
      continue
    }
    const value = request.dims[dim]
    if (value === null || !values.includes(value)) {
      return false
    }
  }
  return true
}

/**
 * Request order shared by all adapters: by the measure in the given direction, requests without
 * the measure last (either direction), ties broken by trace id ascending.
 */
export function compareRequests(
  measure: RequestMeasure,
  dir: 'asc' | 'desc'
): (a: RequestTimeline, b: RequestTimeline) => number {
  const sign = dir === 'asc' ? 1 : -1
  return (a, b) => {
    const va = measureValue(a, measure)
    const vb = measureValue(b, measure)
    if (va !== vb) {
      if (va === null) {
        return 1
      }
      if (vb === null) {
        return -1
      }
      return (va - vb) * sign
    }
    return a.traceId < b.traceId ? -1 : a.traceId > b.traceId ? 1 : 0
  }
}

/** True when the request's measure lies in `[minUs, maxUs)`; no range matches everything. */
export function inValueRange(request: RequestTimeline, range: ValueRange | undefined): boolean {
  if (range === undefined) {
    return true
  }
  const v = measureValue(request, range.measure)
  if (v === null) {
    return false
  }
  return (
    (range.minUs === undefined || v >= range.minUs) &&
    (range.maxUs === undefined || v < range.maxUs)
  )
}
