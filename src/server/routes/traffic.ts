import type { Hono } from 'hono'
import { millisFromMicros } from '../../core/model/units.js'
import { apiLimitsOf, type ApiLimits } from '../limits.js'
import type { SpanStore } from '../../storage/span-store.js'
import { aggregateThroughRollup } from '../../storage/rollup/request-rollup.js'
import { chartAnswersOf } from '../chart-answers.js'
import { parseDashboardQuery, resolveStepUs } from './dashboard-query.js'

/**
 * `GET /api/traffic?step=60s` + window and filters → per time bucket: requests started, failed
 * requests (`error_type` set) and timeouts (an `error_type` naming a timeout). Counts, not rates;
 * the dashboard divides by the step. One store aggregate (SQL in DuckDB), so failures are counted
 * over any window and `errors_counted` is always true (kept for older dashboards).
 */
export function registerTrafficRoutes(
  app: Hono,
  deps: { store: SpanStore; now: () => number; limits?: Partial<ApiLimits> }
): void {
  app.get('/api/traffic', async function traffic(c) {
    const query = c.req.queries()
    const q = await parseDashboardQuery(query, deps)
    const stepUs = resolveStepUs(query, q, apiLimitsOf(deps).maxBuckets)
    const aggregate = {
      fromUs: q.fromUs,
      toUs: q.toUs,
      filters: q.filters,
      measures: [],
      stepUs,
    }
    const body = await chartAnswersOf(deps.store).answer(
      `traffic ${JSON.stringify(aggregate)}`,
      aggregate,
      async () => {
        // The same counts from the store's rollup when it keeps one (ADR 0210).
        const rows = await aggregateThroughRollup(deps.store, aggregate)
        return {
          step_ms: millisFromMicros(stepUs),
          errors_counted: true,
          buckets: rows
            .filter((r) => r.bucketStartUs !== null)
            .map((r) => ({
              bucket_start_ms: (r.bucketStartUs ?? 0) / 1000,
              requests: r.count,
              errors: r.errors,
              timeouts: r.timeouts,
            })),
        }
      }
    )
    return c.json(body)
  })
}
