/**
 * Window, filter and step parameters of the dashboard's aggregate routes (/api/stages,
 * /api/traffic, /api/dimensions): the shared parsers of `server/params.ts`, plus a bucket-count
 * guard so one request cannot ask for millions of buckets.
 */
import { AppError } from '../../core/errors.js'
import { asMicros, type Micros } from '../../core/model/units.js'
import type { SpanStore } from '../../storage/span-store.js'
import type { DimensionFilters } from '../../core/model/query.js'
import { apiLimitsOf, type ApiLimits } from '../limits.js'
import { parseFilters, parseStepUs, parseWindow, WINDOW_PARAMS, type RawQuery } from '../params.js'

export interface DashboardQuery {
  fromUs?: Micros
  toUs?: Micros
  filters: DimensionFilters
}

/**
 * Reads window and filters. `defaultAll`: without `from`/`to`/`since`/`window`, use the whole
 * data extent instead of the API's default last 30 minutes (filter menus list every value).
 */
export async function parseDashboardQuery(
  query: RawQuery,
  deps: { store: SpanStore; now: () => number; limits?: Partial<ApiLimits> },
  defaultAll = false
): Promise<DashboardQuery> {
  const hasWindow = WINDOW_PARAMS.some((k) => query[k] !== undefined)
  const limits = apiLimitsOf(deps)
  const window = await parseWindow(
    defaultAll && !hasWindow ? { ...query, window: ['all'] } : query,
    deps.now(),
    deps.store,
    limits
  )
  return { ...window, filters: parseFilters(query, limits) }
}

/** Bucket width in µs from `step` (default: about 120 buckets over the window, at least 1 s). */
export function resolveStepUs(query: RawQuery, q: DashboardQuery, maxBuckets: number): Micros {
  const spanUs = q.fromUs !== undefined && q.toUs !== undefined ? Math.max(1, q.toUs - q.fromUs) : 0
  const given = parseStepUs(query)
  const stepUs =
    given ?? asMicros(Math.max(1_000_000, Math.ceil(spanUs / 120 / 1_000_000) * 1_000_000))
  if (spanUs / stepUs > maxBuckets) {
    throw new AppError(
      'QUERY_INVALID',
      `step must give at most ${maxBuckets} buckets over the window (limit api.maxBuckets; actual: ${query['step']?.at(-1)} → ${Math.ceil(spanUs / stepUs)} buckets)`
    )
  }
  return stepUs
}
