import type { Hono } from 'hono'
import { z } from 'zod'
import { AppError } from '../../core/errors.js'
import type { ReadDeps } from '../app-deps.js'
import type { ValueRange } from '../../core/model/query.js'
import { tenantOf } from '../auth.js'
import { apiLimitsOf } from '../limits.js'
import {
  parseChoices,
  parseFilters,
  parseIntParam,
  parseParam,
  parseWindow,
  type RawQuery,
} from '../params.js'
import { COUNT_MEASURE_SET, toRequestJson, toSpanJson } from './json-views.js'
import { PERCENTILE_MEASURES, SORT_MEASURES } from './measures.js'

const TRACE_ID_RE = /^[0-9a-f]{32}$/

const msSchema = z.coerce.number().nonnegative()

/**
 * `range_measure=<measure>&min_ms=&max_ms=`: keep requests whose measure lies in [min, max) (a heatmap
 * rectangle). Bounds are milliseconds for durations; counts are taken as they are.
 */
function parseValueRange(query: RawQuery): ValueRange | undefined {
  const [measure] = parseChoices(query, 'range_measure', PERCENTILE_MEASURES)
  const min = parseParam(query, 'min_ms', msSchema, 'a number ≥ 0')
  const max = parseParam(query, 'max_ms', msSchema, 'a number ≥ 0')
  if (measure === undefined) {
    if (min !== undefined || max !== undefined) {
      throw new AppError(
        'QUERY_INVALID',
        'min_ms and max_ms need range_measure=<measure> (e.g. range_measure=ttft)'
      )
    }
    return undefined
  }
  const scale = COUNT_MEASURE_SET.has(measure) ? 1 : 1000
  return {
    measure,
    minUs: min === undefined ? undefined : min * scale,
    maxUs: max === undefined ? undefined : max * scale,
  }
}

/** `GET /api/requests` (list, sort, paging, filters) and `GET /api/requests/:traceId`. */
export function registerRequestRoutes(app: Hono, deps: ReadDeps): void {
  app.get('/api/requests', async function listRequests(c) {
    const query = c.req.queries()
    const window = await parseWindow(query, deps.now(), deps.store, apiLimitsOf(deps))
    const [sortBy] = parseChoices(query, 'sort', SORT_MEASURES)
    const dir = parseParam(query, 'dir', z.enum(['asc', 'desc']), 'asc or desc') ?? 'desc'
    const page = await deps.store.queryRequests({
      ...window,
      filters: parseFilters(query, apiLimitsOf(deps)),
      valueRange: parseValueRange(query),
      sortBy: sortBy ?? 'start',
      sortDir: dir,
      limit: parseIntParam(query, 'limit', 1, apiLimitsOf(deps).maxRows, 50),
      offset: parseIntParam(query, 'offset', 0, 1_000_000_000, 0),
    })
    return c.json({ total: page.total, rows: page.rows.map(toRequestJson) })
  })

  app.get('/api/requests/:traceId', async function getRequest(c) {
    const traceId = c.req.param('traceId').toLowerCase()
    if (!TRACE_ID_RE.test(traceId)) {
      throw new AppError(
        'QUERY_INVALID',
        `traceId must be 32 hex digits (actual: ${JSON.stringify(c.req.param('traceId'))})`
      )
    }
    const request = await deps.store.getRequest(traceId)
    const tenant = tenantOf(c.req.raw)
    // A tenant-limited token learns nothing of other tenants' traces, not even that they exist.
    if (request === null || (tenant !== null && request.dims.tenant !== tenant)) {
      throw new AppError('NOT_FOUND', `no request with trace id ${traceId} in the store`)
    }
    const spans = await deps.store.getSpans([traceId])
    spans.sort((a, b) => a.startUs - b.startUs || a.spanId.localeCompare(b.spanId))
    return c.json({ request: toRequestJson(request), spans: spans.map(toSpanJson) })
  })
}
