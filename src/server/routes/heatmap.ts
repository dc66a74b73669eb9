import type { Hono } from 'hono'
import { z } from 'zod'
import { millisFromMicros, microsFromMillis, type Micros } from '../../core/model/units.js'
import type { RequestMeasure } from '../../storage/span-store.js'
import type { AppDeps } from '../app.js'
import { parseChoices, parseFilters, parseParam, parseStepUs, parseWindow } from '../params.js'
import { durationOf } from './json-views.js'
import { DURATION_MEASURE_NAMES } from './measures.js'
import { checkBucketCount } from './percentiles.js'

/** Steps tried in order when none is given: the first that yields ≤ {@link AUTO_COLUMNS} columns. */
const AUTO_STEPS_MS = [10, 30, 60, 300, 900, 1800, 3600, 10800, 21600, 43200, 86400, 604800].map(
  (s) => s * 1000
)
const AUTO_COLUMNS = 120

/** Heatmap of one measure: counts per (time bucket, log-spaced value bucket). */
export interface Heatmap {
  measure: RequestMeasure
  stepMs: number
  timesMs: number[]
  boundsMs: number[]
  counts: number[][]
}

function autoStepUs(spanUs: number): Micros {
  const ms =
    AUTO_STEPS_MS.find((step) => spanUs / 1000 / step <= AUTO_COLUMNS) ??
    AUTO_STEPS_MS[AUTO_STEPS_MS.length - 1]!
  return microsFromMillis(ms)
}

/**
 * Bins (time, value) pairs. Value buckets are log-spaced between the smallest positive and the
 * largest value: `bounds[i]` is bucket i's upper bound; bucket 0 also takes everything below.
 */
export function binHeatmap(
  times: Float64Array,
  values: Float64Array,
  n: number,
  fromUs: number,
  stepUs: number,
  columns: number,
  buckets: number
): { boundsUs: number[]; counts: number[][] } {
  const counts = Array.from({ length: columns }, () => new Array<number>(buckets).fill(0))
  let lo = Number.POSITIVE_INFINITY
  let hi = 0
  for (let i = 0; i < n; i++) {
    const v = values[i] as number
    if (v > 0 && v < lo) {
      lo = v
    }
    if (v > hi) {
      hi = v
    }
  }
  if (n === 0 || hi <= 0) {
    return { boundsUs: [], counts: counts.map(() => []) }
  }
  if (!(lo < hi)) {
    lo = hi / 2
  }
  const logLo = Math.log(lo)
  const width = (Math.log(hi) - logLo) / buckets
  const boundsUs = Array.from({ length: buckets }, (_, b) => Math.exp(logLo + width * (b + 1)))
  boundsUs[buckets - 1] = hi
  for (let i = 0; i < n; i++) {
    const column = Math.floor(((times[i] as number) - fromUs) / stepUs)
    const row = counts[column]
    if (row === undefined) {
      continue
    }
    const v = values[i] as number
    // Upper bounds are inclusive; the epsilon keeps a value equal to a bound below it despite log() rounding.
    const b =
      v <= lo
        ? 0
        : Math.min(buckets - 1, Math.max(0, Math.ceil((Math.log(v) - logLo) / width - 1e-9) - 1))
    row[b] = (row[b] as number) + 1
  }
  return { boundsUs, counts }
}

/** `GET /api/heatmap`: aggregated server side, so the page gets a grid, not every request. */
export function registerHeatmapRoutes(app: Hono, deps: AppDeps): void {
  app.get('/api/heatmap', async function heatmap(c) {
    const query = c.req.queries()
    const window = await parseWindow(query, deps.now(), deps.store)
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
    checkBucketCount(window.fromUs, window.toUs, stepUs)
    const firstUs = Math.floor(window.fromUs / stepUs) * stepUs
    const columns = Math.max(1, Math.ceil((window.toUs - firstUs) / stepUs))
    let times = new Float64Array(1024)
    let values = new Float64Array(1024)
    let n = 0
    for await (const batch of deps.store.scanRequests(
      { ...window, filters: parseFilters(query) },
      5000
    )) {
      for (const r of batch) {
        const v = durationOf(r, measure)
        if (v === null) {
          continue
        }
        if (n === times.length) {
          const grownTimes = new Float64Array(n * 2)
          grownTimes.set(times)
          times = grownTimes
          const grownValues = new Float64Array(n * 2)
          grownValues.set(values)
          values = grownValues
        }
        times[n] = r.startUs
        values[n] = v
        n++
      }
    }
    const { boundsUs, counts } = binHeatmap(times, values, n, firstUs, stepUs, columns, buckets)
    return c.json({
      measure,
      step_ms: millisFromMicros(stepUs),
      times_ms: Array.from({ length: columns }, (_, i) =>
        millisFromMicros((firstUs + i * stepUs) as Micros)
      ),
      bounds_ms: boundsUs.map((b) => b / 1000),
      counts,
    })
  })
}
