import type { Hono } from 'hono'
import { STAGE_NAMES, type StageName } from '../../core/model/request.js'
import { millisFromMicros } from '../../core/model/units.js'
import type { RequestMeasure, SpanStore } from '../../storage/span-store.js'
import { parseDashboardQuery, resolveStepUs } from './dashboard-query.js'

// Mean of a stage per bucket, estimated from evenly spaced quantiles (midpoint rule): the store
// port computes exact quantiles but no means, and ten quantiles bound the error well for the
// stacked chart, which shows where time goes rather than exact sums.
const MEAN_QUANTILES = [0.05, 0.15, 0.25, 0.35, 0.45, 0.55, 0.65, 0.75, 0.85, 0.95]
const QUANTILES = [...MEAN_QUANTILES, 0.99]

interface StageStat {
  count: number
  mean_ms: number | null
  p99_ms: number | null
}

/**
 * `GET /api/stages?step=60s` + window and filters → per time bucket, per stage: requests that
 * have the stage, its estimated mean and its exact p99 (ms). The dashboard stacks the means.
 */
export function registerStagesRoutes(
  app: Hono,
  deps: { store: SpanStore; now: () => number }
): void {
  app.get('/api/stages', async function stages(c) {
    const query = c.req.queries()
    const q = await parseDashboardQuery(query, deps.store, deps.now())
    const stepUs = resolveStepUs(query, q)
    const measures: RequestMeasure[] = ['e2e', ...STAGE_NAMES]
    const rows = await deps.store.percentiles({
      fromUs: q.fromUs,
      toUs: q.toUs,
      filters: q.filters,
      measures,
      quantiles: QUANTILES,
      stepUs,
    })
    const buckets = new Map<
      number,
      { bucket_start_ms: number; count: number; stages: Partial<Record<StageName, StageStat>> }
    >()
    for (const row of rows) {
      if (row.bucketStartUs === null) continue
      const key = row.bucketStartUs
      let b = buckets.get(key)
      if (!b) {
        b = { bucket_start_ms: millisFromMicros(row.bucketStartUs), count: 0, stages: {} }
        buckets.set(key, b)
      }
      if (row.measure === 'e2e') {
        b.count = Math.max(b.count, row.count)
        continue
      }
      const stage = row.measure as StageName
      const meanValues = row.values
        .slice(0, MEAN_QUANTILES.length)
        .filter((v) => Number.isFinite(v))
      const p99 = row.values[MEAN_QUANTILES.length]
      b.stages[stage] = {
        count: row.count,
        mean_ms:
          row.count > 0 && meanValues.length > 0
            ? meanValues.reduce((a, v) => a + v, 0) / meanValues.length / 1000
            : null,
        p99_ms: row.count > 0 && p99 !== undefined && Number.isFinite(p99) ? p99 / 1000 : null,
      }
    }
    for (const b of buckets.values()) {
      // Requests without an e2e still count for the stages they have.
      for (const s of Object.values(b.stages)) b.count = Math.max(b.count, s?.count ?? 0)
    }
    return c.json({
      step_ms: millisFromMicros(stepUs),
      buckets: [...buckets.values()].sort((a, b) => a.bucket_start_ms - b.bucket_start_ms),
    })
  })
}
