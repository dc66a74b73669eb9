import type { Hono } from 'hono'
import { DIMENSIONS } from '../../core/model/request.js'
import type { SpanStore } from '../../storage/span-store.js'
import { parseDashboardQuery } from './dashboard-query.js'

const MAX_VALUES = 500

/**
 * `GET /api/dimensions` (window and filters optional; default the whole data) → the distinct
 * values of every request dimension with their request counts, most frequent first. The
 * dashboard's filter menus read it.
 */
export function registerDimensionsRoutes(
  app: Hono,
  deps: { store: SpanStore; now: () => number }
): void {
  app.get('/api/dimensions', async function dimensions(c) {
    const query = c.req.queries()
    const q = await parseDashboardQuery(query, deps.store, deps.now(), true)
    const out: Record<string, { value: string; count: number }[]> = {}
    await Promise.all(
      DIMENSIONS.map(async (dim) => {
        const rows = await deps.store.percentiles({
          fromUs: q.fromUs,
          toUs: q.toUs,
          filters: q.filters,
          measures: ['e2e'],
          quantiles: [0.5],
          groupBy: dim,
        })
        out[dim] = rows
          .filter((r) => r.group !== null && r.count > 0)
          .map((r) => ({ value: r.group as string, count: r.count }))
          .sort((a, b) => b.count - a.count || a.value.localeCompare(b.value))
          .slice(0, MAX_VALUES)
      })
    )
    return c.json({ dimensions: out })
  })
}
