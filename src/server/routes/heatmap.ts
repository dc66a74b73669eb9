import type { Hono } from 'hono'
import { requestRollupOf } from '../../storage/rollup/request-rollup.js'
import { z } from 'zod'
import { millisFromMicros, microsFromMillis, type Micros } from '../../core/model/units.js'
import { logBinBounds, logBins } from '../../storage/query/log-bins.js'
import type { RequestHistogram } from '../../core/model/query.js'
import type { ReadDeps } from '../app-deps.js'
import { chartAnswersOf } from '../chart-answers.js'
import { apiLimitsOf } from '../limits.js'
import {
  checkBucketCount,
  parseChoices,
  parseFilters,
  parseParam,
  parseStepUs,
  parseWindow,
} from '../params.js'
import { DURATION_MEASURE_NAMES } from './measures.js'

/** Steps tried in order when none is given: the first that yields ≤ {@link AUTO_COLUMNS} columns. */
const AUTO_STEPS_MS = [10, 30, 60, 300, 900, 1800, 3600, 10800, 21600, 43200, 86400, 604800].map(
  (s) => s * 1000
)
const AUTO_COLUMNS = 120

function autoStepUs(spanUs: number): Micros {
  const ms =
    AUTO_STEPS_MS.find((step) => spanUs / 1000 / step <= AUTO_COLUMNS) ??
    AUTO_STEPS_MS[AUTO_STEPS_MS.length - 1]!
  return microsFromMillis(ms)
}

/**
 * Lays a store histogram out as the response grid: `counts[column][bin]`, columns from `firstUs`
 * by `stepUs`; cells outside the columns are dropped. Bounds are the bins' upper bounds (µs).
 */
export function heatmapGrid(
  histogram: RequestHistogram | null,
  firstUs: number,
  stepUs: number,
  columns: number,
  bins: number
): { boundsUs: number[]; counts: number[][] } {
  if (!histogram) {
    return { boundsUs: [], counts: Array.from({ length: columns }, () => []) }
  }
  const counts = Array.from({ length: columns }, () => new Array<number>(bins).fill(0))
  for (const cell of histogram.cells) {
    const row = counts[Math.floor((cell.bucketStartUs - firstUs) / stepUs)]
    if (row === undefined || cell.bin >= bins) {
      continue
    }
    row[cell.bin] = (row[cell.bin] as number) + cell.count
  }
  const spec = logBins(histogram.lowUs, histogram.highUs, bins)
  return { boundsUs: spec ? logBinBounds(spec) : [], counts }
}

/** `GET /api/heatmap`: aggregated server side, so the page gets a grid, not every request. */
export function registerHeatmapRoutes(app: Hono, deps: ReadDeps): void {
  app.get('/api/heatmap', async function heatmap(c) {
    const query = c.req.queries()
    const window = await parseWindow(query, deps.now(), deps.store, apiLimitsOf(deps))
    const [measure = 'ttft'] = parseChoices(query, 'measure', DURATION_MEASURE_NAMES)
    const buckets =
      parseParam(query, 'buckets', z.coerce.number().int().min(2).max(200), 'an integer 2..200') ??
      40
    const given = parseStepUs(query)
    if (window.fromUs === undefined || window.toUs === undefined) {
      return c.json({
        measure,
        step_ms: given === undefined ? null : millisFromMicros(given),
        times_ms: [],
        bounds_ms: [],
        counts: [],
      })
    }
    const stepUs = given ?? autoStepUs(window.toUs - window.fromUs)
    checkBucketCount(window.fromUs, window.toUs, stepUs, apiLimitsOf(deps).maxBuckets)
    const firstUs = Math.floor(window.fromUs / stepUs) * stepUs
    const columns = Math.max(1, Math.ceil((window.toUs - firstUs) / stepUs))
    const asked = {
      ...window,
      filters: parseFilters(query, apiLimitsOf(deps)),
      measure,
      stepUs,
      bins: buckets,
    }
    // `approx=true`: from the rollup's log histograms when the store keeps one (ADR 0210), a
    // value within 1 % of a bin edge may count in the next bin; else binned by the store (SQL in
    // DuckDB): the rows never reach this process.
    const approx =
      parseParam(query, 'approx', z.enum(['true', 'false']), 'true or false') === 'true'
    const body = await chartAnswersOf(deps.store).answer(
      `heatmap ${JSON.stringify({ asked, approx })}`,
      asked,
      async () => {
        const fromRollup = approx ? await requestRollupOf(deps.store)?.histogram(asked) : undefined
        const histogram =
          fromRollup === undefined ? await deps.store.histogramRequests(asked) : fromRollup
        const { boundsUs, counts } = heatmapGrid(histogram, firstUs, stepUs, columns, buckets)
        return {
          measure,
          step_ms: millisFromMicros(stepUs),
          times_ms: Array.from({ length: columns }, (_, i) =>
            millisFromMicros((firstUs + i * stepUs) as Micros)
          ),
          bounds_ms: boundsUs.map((b) => b / 1000),
          counts,
        }
      }
    )
    return c.json(body)
  })
}
