import type { Hono } from 'hono'
import { z } from 'zod'
import { AppError } from '../../core/errors.js'
import { millisFromMicros } from '../../core/model/units.js'
import type { ReadDeps } from '../app-deps.js'
import { apiLimitsOf } from '../limits.js'
import {
  checkBucketCount,
  lastValue,
  parseParam,
  parseStepUs,
  parseWindow,
  type RawQuery,
} from '../params.js'

const LABEL_PREFIX = 'label.'

/** More label matchers than this in one request is a mistake. */
const MAX_LABELS = 32

function parseLabels(query: RawQuery): Record<string, string> {
  const labels: Record<string, string> = {}
  const keys = Object.keys(query).filter((k) => k.startsWith(LABEL_PREFIX))
  if (keys.length > MAX_LABELS) {
    throw new AppError(
      'QUERY_INVALID',
      `label.* must name at most ${MAX_LABELS} labels (actual: ${keys.length})`
    )
  }
  for (const key of keys) {
    if (key.startsWith(LABEL_PREFIX) && key.length > LABEL_PREFIX.length) {
      labels[key.slice(LABEL_PREFIX.length)] = lastValue(query, key) ?? ''
    }
  }
  return labels
}

/** `GET /api/series` (metric series, raw/rate/histogram_quantile) and `GET /api/metrics`. */
export function registerSeriesRoutes(app: Hono, deps: ReadDeps): void {
  app.get('/api/series', async function series(c) {
    const query = c.req.queries()
    const name = lastValue(query, 'name')
    if (name === undefined || name === '') {
      throw new AppError('QUERY_INVALID', 'name must be a metric name (actual: missing)')
    }
    const window = await parseWindow(query, deps.now(), deps.store, apiLimitsOf(deps))
    const fn =
      parseParam(
        query,
        'fn',
        z.enum(['raw', 'rate', 'histogram_quantile']),
        'raw, rate or histogram_quantile'
      ) ?? 'raw'
    const quantile = parseParam(query, 'q', z.coerce.number().min(0).max(1), 'a quantile in 0..1')
    const stepUs = parseStepUs(query)
    if (stepUs !== undefined) {
      checkBucketCount(window.fromUs, window.toUs, stepUs, apiLimitsOf(deps).maxBuckets)
    }
    const result = await deps.store.querySeries({
      ...window,
      name,
      labels: parseLabels(query),
      fn,
      ...(fn === 'histogram_quantile' ? { quantile: quantile ?? 0.99 } : {}),
      ...(stepUs === undefined ? {} : { stepUs }),
    })
    return c.json({
      series: result.map((s) => ({
        name: s.name,
        labels: s.labels,
        points: s.points.map((p) => [millisFromMicros(p.timeUs), p.value]),
      })),
    })
  })

  app.get('/api/metrics', async function metrics(c) {
    const families = await deps.store.listMetrics()
    return c.json({
      metrics: families.map((f) => ({ name: f.name, type: f.type, help: f.help, unit: f.unit })),
    })
  })
}
