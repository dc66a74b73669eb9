import type { Hono } from 'hono'
import { z } from 'zod'
import { STAGE_NAMES, type StageName } from '../../core/model/request.js'
import { millisFromMicros, type Micros } from '../../core/model/units.js'
import { apiLimitsOf, type ApiLimits } from '../limits.js'
import type { SpanStore } from '../../storage/span-store.js'
import { aggregateThroughRollup } from '../../storage/rollup/request-rollup.js'
import type { AggregateQuery, RequestMeasure } from '../../core/model/query.js'
import { chartAnswersOf } from '../chart-answers.js'
import { parseParam } from '../params.js'
import { parseDashboardQuery, resolveStepUs } from './dashboard-query.js'

interface StageStat {
  count: number
  mean_ms: number | null
  p99_ms: number | null
}

interface StageBucket {
  bucket_start_ms: number
  count: number
  stages: Partial<Record<StageName, StageStat>>
}

/**
 * `GET /api/stages?step=60s` + window and filters → per time bucket, per stage: requests that
 * have the stage, its exact mean (sum / count from the store's aggregate) and its exact p99 (ms;
 * null with `p99=false`).
 * The dashboard stacks the means.
 */
export function registerStagesRoutes(
  app: Hono,
  deps: { store: SpanStore; now: () => number; limits?: Partial<ApiLimits> }
): void {
  app.get('/api/stages', async function stages(c) {
    const query = c.req.queries()
    const q = await parseDashboardQuery(query, deps)
    const stepUs = resolveStepUs(query, q, apiLimitsOf(deps).maxBuckets)
    const window = { fromUs: q.fromUs, toUs: q.toUs, filters: q.filters, stepUs }
    const measures: RequestMeasure[] = ['e2e', ...STAGE_NAMES]
    // A quantile per stage and bucket costs more than all the sums (ADR 0165): `p99=false`
    // skips it when the caller draws only means, and every p99_ms is then null (not computed).
    const withP99 = parseParam(query, 'p99', z.enum(['true', 'false']), 'true or false') !== 'false'
    const body = await chartAnswersOf(deps.store).answer(
      `stages ${JSON.stringify({ window, withP99 })}`,
      window,
      () => stagesBody(deps.store, window, measures, withP99)
    )
    return c.json(body)
  })
}

async function stagesBody(
  store: SpanStore,
  window: Omit<AggregateQuery, 'measures'> & { stepUs: Micros },
  measures: RequestMeasure[],
  withP99: boolean
): Promise<{ step_ms: number; buckets: StageBucket[] }> {
  const { stepUs } = window
  const [sums, p99s] = await Promise.all([
    // Exact sums from the store's rollup when it keeps one (ADR 0210).
    aggregateThroughRollup(store, { ...window, measures }),
    withP99 ? store.percentiles({ ...window, measures: [...STAGE_NAMES], quantiles: [0.99] }) : [],
  ])
  const p99 = new Map(p99s.map((r) => [`${r.measure}|${r.bucketStartUs}`, r.values[0]]))
  const buckets: StageBucket[] = []
  for (const row of sums) {
    if (row.bucketStartUs === null) {
      continue
    }
    // Requests without an e2e still count for the stages they have.
    let count = row.measures[0]?.count ?? 0
    const stats: Partial<Record<StageName, StageStat>> = {}
    STAGE_NAMES.forEach((stage, i) => {
      const m = row.measures[i + 1]
      if (!m || m.count === 0) {
        return
      }
      count = Math.max(count, m.count)
      const p = p99.get(`${stage}|${row.bucketStartUs}`)
      stats[stage] = {
        count: m.count,
        mean_ms: m.sum / m.count / 1000,
        p99_ms: p !== undefined && Number.isFinite(p) ? p / 1000 : null,
      }
    })
    if (count === 0) {
      continue
    }
    buckets.push({ bucket_start_ms: millisFromMicros(row.bucketStartUs), count, stages: stats })
  }
  return { step_ms: millisFromMicros(stepUs), buckets }
}
