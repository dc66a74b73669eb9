import type { Hono } from 'hono'
import { z } from 'zod'
import { DIMENSIONS, HEADLINE_MEASURES } from '../../core/model/request.js'
import { millisFromMicros, type Micros } from '../../core/model/units.js'
import type { ReadDeps } from '../app-deps.js'
import { apiLimitsOf } from '../limits.js'
import {
  allValues,
  checkBucketCount,
  parseChoices,
  parseFilters,
  parseParam,
  parseStepUs,
  parseWindow,
  type RawQuery,
} from '../params.js'
import { AppError } from '../../core/errors.js'
import type { PercentileRow } from '../../core/model/query.js'
import { RELATIVE_ERROR } from '../../storage/rollup/log-histogram.js'
import { requestRollupOf } from '../../storage/rollup/request-rollup.js'
import { chartAnswersOf } from '../chart-answers.js'
import { COUNT_MEASURE_SET, quantileKey } from './json-views.js'
import { PERCENTILE_MEASURES } from './measures.js'

const DEFAULT_QUANTILES = [0.5, 0.9, 0.95, 0.99]
/** More quantiles than this in one request is a mistake. */
const MAX_QUANTILES = 32

function parseQuantiles(query: RawQuery): number[] {
  const values = allValues(query, 'q')
  if (values.length === 0) {
    return DEFAULT_QUANTILES
  }
  if (values.length > MAX_QUANTILES) {
    throw new AppError(
      'QUERY_INVALID',
      `q must list at most ${MAX_QUANTILES} quantiles (actual: ${values.length})`
    )
  }
  return values.map((v) => {
    const q = Number(v)
    if (!(q >= 0 && q <= 1) || v === '') {
      throw new AppError(
        'QUERY_INVALID',
        `q must be quantiles in 0..1, comma-separated (actual: ${JSON.stringify(v)})`
      )
    }
    return q
  })
}

/**
 * `GET /api/percentiles`: exact quantiles per measure, optionally per group and time bucket;
 * with `approx=true`, within `relative_error` of them when the store's rollup can answer.
 */
export function registerPercentileRoutes(app: Hono, deps: ReadDeps): void {
  app.get('/api/percentiles', async function percentiles(c) {
    const query = c.req.queries()
    const window = await parseWindow(query, deps.now(), deps.store, apiLimitsOf(deps))
    const measures = parseChoices(query, 'measure', PERCENTILE_MEASURES)
    const quantiles = parseQuantiles(query)
    const groupBy = parseParam(
      query,
      'group_by',
      z.enum(DIMENSIONS),
      `one of ${DIMENSIONS.join(', ')}`
    )
    const stepUs = parseStepUs(query)
    if (stepUs !== undefined) {
      checkBucketCount(window.fromUs, window.toUs, stepUs, apiLimitsOf(deps).maxBuckets)
    }
    const approx =
      parseParam(query, 'approx', z.enum(['true', 'false']), 'true or false') === 'true'
    const asked = {
      ...window,
      filters: parseFilters(query, apiLimitsOf(deps)),
      measures: measures.length > 0 ? measures : [...HEADLINE_MEASURES],
      quantiles,
      ...(groupBy === undefined ? {} : { groupBy }),
      ...(stepUs === undefined ? {} : { stepUs }),
    }
    // `approx=true` lets the store's rollup answer from log histograms (ADR 0210); the answer
    // then names its relative error bound. Anything the rollup cannot answer stays exact.
    const body = await chartAnswersOf(deps.store).answer(
      `percentiles ${JSON.stringify({ asked, approx })}`,
      asked,
      async () => {
        const fromRollup = approx ? await requestRollupOf(deps.store)?.percentiles(asked) : null
        const rows = fromRollup ?? (await deps.store.percentiles(asked))
        return percentilesBody(rows, quantiles, fromRollup ? RELATIVE_ERROR : 0)
      }
    )
    return c.json(body)
  })
}

function percentilesBody(
  rows: readonly PercentileRow[],
  quantiles: readonly number[],
  relativeError: number
): unknown {
  return {
    relative_error: relativeError,
    rows: rows.map((row) => {
      const values: Record<string, number | null> = {}
      const isCount = COUNT_MEASURE_SET.has(row.measure)
      quantiles.forEach((q, i) => {
        const v = row.values[i]
        values[quantileKey(q)] =
          v === undefined || v === null ? null : isCount ? v : millisFromMicros(v as Micros)
      })
      return {
        measure: row.measure,
        group: row.group,
        bucket_start_ms: row.bucketStartUs === null ? null : millisFromMicros(row.bucketStartUs),
        count: row.count,
        values_ms: values,
      }
    }),
  }
}
