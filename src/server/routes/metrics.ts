import type { Hono } from 'hono'
import { DEFAULTS } from '../../config/defaults.js'
import type { AppDeps } from '../app-deps.js'
import {
  negotiateExposition,
  OPENMETRICS_CONTENT_TYPE,
  PROMETHEUS_CONTENT_TYPE,
  renderExposition,
} from '../metrics/exposition.js'
import { createServerMetrics } from '../metrics/server-metrics.js'

/**
 * `GET /metrics`: Prometheus text 0.0.4, or OpenMetrics 1.0.0 when `Accept` prefers it
 * (docs/integrations.md). An app built without `deps.metrics` exposes the same families with
 * default settings and no write instrumentation.
 */
export function registerMetricsRoutes(
  app: Hono,
  deps: Pick<AppDeps, 'store' | 'ingest' | 'slo' | 'logger' | 'now' | 'version' | 'metrics'>
): void {
  const metrics =
    deps.metrics ??
    createServerMetrics({
      store: deps.store,
      slo: deps.slo,
      logger: deps.logger,
      now: deps.now,
      settings: DEFAULTS.metrics,
      version: deps.version,
    })
  app.get('/metrics', async function exposition(c) {
    const format = negotiateExposition(c.req.header('accept'))
    const text = renderExposition(await metrics.collect(deps.ingest), format)
    return c.body(text, 200, {
      'content-type': format === 'openmetrics' ? OPENMETRICS_CONTENT_TYPE : PROMETHEUS_CONTENT_TYPE,
      'cache-control': 'no-store',
    })
  })
}
