import type { Hono } from 'hono'
import { z } from 'zod'
import { AppError } from '../../core/errors.js'
import type { ReadDeps } from '../app-deps.js'
import { parseChoices, parseFilters, parseIntParam, parseParam, parseWindow } from '../params.js'
import { toRequestJson, toSpanJson } from './json-views.js'
import { SORT_MEASURES } from './measures.js'

const TRACE_ID_RE = /^[0-9a-f]{32}$/

/** `GET /api/requests` (list, sort, paging, filters) and `GET /api/requests/:traceId`. */
export function registerRequestRoutes(app: Hono, deps: ReadDeps): void {
  app.get('/api/requests', async function listRequests(c) {
    const query = c.req.queries()
    const window = await parseWindow(query, deps.now(), deps.store)
    const [sortBy] = parseChoices(query, 'sort', SORT_MEASURES)
    const dir = parseParam(query, 'dir', z.enum(['asc', 'desc']), 'asc or desc') ?? 'desc'
    const page = await deps.store.queryRequests({
      ...window,
      filters: parseFilters(query),
      sortBy: sortBy ?? 'start',
      sortDir: dir,
      limit: parseIntParam(query, 'limit', 1, 1000, 50),
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
    if (request === null) {
      throw new AppError('NOT_FOUND', `no request with trace id ${traceId} in the store`)
    }
    const spans = await deps.store.getSpans([traceId])
    spans.sort((a, b) => a.startUs - b.startUs || a.spanId.localeCompare(b.spanId))
    return c.json({ request: toRequestJson(request), spans: spans.map(toSpanJson) })
  })
}
