import type { Hono } from 'hono'
import { millisFromMicros } from '../../core/model/units.js'
import type { SpanStore } from '../../storage/span-store.js'
import { parseDashboardQuery, resolveStepUs } from './dashboard-query.js'

/**
 * Above this many requests in the window, failures are not counted: the store port has no
 * aggregate over `error_type`, and reading every row would make the panel slow on large windows.
 * The response then carries `errors: null`, and the dashboard says to zoom in.
 */
export const MAX_SCANNED_REQUESTS = 300_000

/**
 * `GET /api/traffic?step=60s` + window and filters → per time bucket: requests started, failed
 * requests (`error_type` set) and timeouts (an `error_type` naming a timeout). Counts, not rates;
 * the dashboard divides by the step.
 */
export function registerTrafficRoutes(
  app: Hono,
  deps: { store: SpanStore; now: () => number }
): void {
  app.get('/api/traffic', async function traffic(c) {
    const query = c.req.queries()
    const q = await parseDashboardQuery(query, deps.store, deps.now())
    const stepUs = resolveStepUs(query, q)
    const window = { fromUs: q.fromUs, toUs: q.toUs, filters: q.filters }
    // Request counts come from the store's aggregate (SQL in DuckDB), not from reading rows.
    const rows = await deps.store.percentiles({
      ...window,
      measures: ['start'],
      quantiles: [0.5],
      stepUs,
    })
    const buckets = new Map<
      number,
      { requests: number; errors: number | null; timeouts: number | null }
    >()
    let total = 0
    for (const row of rows) {
      if (row.bucketStartUs === null) continue
      buckets.set(row.bucketStartUs, { requests: row.count, errors: null, timeouts: null })
      total += row.count
    }
    const errorsCounted = total <= MAX_SCANNED_REQUESTS
    if (errorsCounted) {
      for (const b of buckets.values()) {
        b.errors = 0
        b.timeouts = 0
      }
      for await (const batch of deps.store.scanRequests(window, 20_000)) {
        for (const r of batch) {
          if (r.errorType === null) continue
          const b = buckets.get(Math.floor(r.startUs / stepUs) * stepUs)
          if (!b) continue
          b.errors = (b.errors ?? 0) + 1
          if (r.errorType.includes('timeout')) b.timeouts = (b.timeouts ?? 0) + 1
        }
      }
    }
    return c.json({
      step_ms: millisFromMicros(stepUs),
      errors_counted: errorsCounted,
      buckets: [...buckets.entries()]
        .sort((a, b) => a[0] - b[0])
        .map(([start, b]) => ({ bucket_start_ms: start / 1000, ...b })),
    })
  })
}
