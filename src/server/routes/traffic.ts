import type { Hono } from 'hono'
import { millisFromMicros } from '../../core/model/units.js'
import type { SpanStore } from '../../storage/span-store.js'
import { parseDashboardQuery, resolveStepUs } from './dashboard-query.js'

/**
 * `GET /api/traffic?step=60s` + window and filters → per time bucket: requests started, failed
 * requests (`error_type` set) and timeouts (an `error_type` naming a timeout). Counts, not rates;
 * the dashboard divides by the step.
 */
export function registerTrafficRoutes(app: Hono, deps: { store: SpanStore; now: () => number }): void {
  app.get('/api/traffic', async function traffic(c) {
    const query = c.req.queries()
    const q = await parseDashboardQuery(query, deps.store, deps.now())
    const stepUs = resolveStepUs(query, q)
    const buckets = new Map<number, { requests: number; errors: number; timeouts: number }>()
    for await (const batch of deps.store.scanRequests({ fromUs: q.fromUs, toUs: q.toUs, filters: q.filters }, 10_000)) {
      for (const r of batch) {
        const key = Math.floor(r.startUs / stepUs) * stepUs
        let b = buckets.get(key)
        if (!b) {
          b = { requests: 0, errors: 0, timeouts: 0 }
          buckets.set(key, b)
        }
        b.requests++
        if (r.errorType !== null) {
          b.errors++
          if (r.errorType.includes('timeout')) b.timeouts++
        }
      }
    }
    return c.json({
      step_ms: millisFromMicros(stepUs),
      buckets: [...buckets.entries()]
        .sort((a, b) => a[0] - b[0])
        .map(([start, b]) => ({ bucket_start_ms: start / 1000, ...b })),
    })
  })
}
