import type { Hono } from 'hono'
import { DIMENSIONS } from '../../core/model/request.js'
import type { ApiLimits } from '../limits.js'
import type { SpanStore } from '../../storage/span-store.js'
import { createDimensionValuesCache } from '../dimension-values-cache.js'
import { parseDashboardQuery } from './dashboard-query.js'

const MAX_VALUES = 500

/**
 * `GET /api/dimensions` (window and filters optional; default the whole data) → the distinct
 * values of every request dimension with their request counts (requests that have an e2e, as
 * before), most frequent first. The dashboard's filter menus read it. One read of the window
 * for all dimensions (`countDimensionValues`, ADR 0239): no quantiles, no rows. Kept per window
 * and filters until a commit writes requests within the window (ADR 0413).
 */
export function registerDimensionsRoutes(
  app: Hono,
  deps: { store: SpanStore; now: () => number; limits?: Partial<ApiLimits> }
): void {
  const cache = createDimensionValuesCache(deps.store, deps.now)
  app.get('/api/dimensions', async function dimensions(c) {
    const query = c.req.queries()
    const q = await parseDashboardQuery(query, deps, true)
    const out: Record<string, { value: string; count: number }[]> = Object.fromEntries(
      DIMENSIONS.map((d) => [d, []])
    )
    const found = await cache.count({
      fromUs: q.fromUs,
      toUs: q.toUs,
      filters: q.filters,
    })
    for (const { dimension, value, count } of found) {
      out[dimension]?.push({ value, count })
    }
    for (const dim of DIMENSIONS) {
      out[dim] = (out[dim] ?? [])
        .sort((a, b) => b.count - a.count || a.value.localeCompare(b.value))
        .slice(0, MAX_VALUES)
    }
    return c.json({ dimensions: out })
  })
}
