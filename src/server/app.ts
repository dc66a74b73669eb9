/**
 * The UI/API app (default port 4320): the query API of docs/api.md, `POST /api/events`, and the
 * dashboard's static files. No socket here: `server/main.ts` binds it, tests call `app.request()`.
 */
import { Hono } from 'hono'
import { timing } from 'hono/timing'
import type { AppDeps, SecurityOptions } from './app-deps.js'
import { httpErrorReply } from './http-errors.js'
import { requireToken, type Scope } from './auth.js'
import {
  checkHostAndOrigin,
  LOOPBACK_HOSTS,
  requireWriteMediaType,
  securityHeaders,
} from './browser-guard.js'
import { registerEventRoutes } from './routes/events.js'
import { registerHealthRoutes } from './routes/health.js'
import { registerImportRoutes } from './routes/import.js'
import { registerHeatmapRoutes } from './routes/heatmap.js'
import { registerPercentileRoutes } from './routes/percentiles.js'
import { registerRequestRoutes } from './routes/requests.js'
import { registerSeriesRoutes } from './routes/series.js'
import { registerDimensionsRoutes } from './routes/dimensions.js'
import { registerDiagnosisRoutes } from './routes/diagnosis.js'
import { createInFlight } from './in-flight.js'
import { registerStaticRoutes } from './routes/static.js'
import { registerStagesRoutes } from './routes/stages.js'
import { registerTrafficRoutes } from './routes/traffic.js'
import { registerSloRoutes } from './routes/slo.js'
import { registerMetricsRoutes } from './routes/metrics.js'
import { registerOpenApiRoutes } from './routes/openapi.js'
import { registerWhatIfRoutes } from './routes/whatif.js'

const DEFAULT_SECURITY: SecurityOptions = {
  grants: null,
  allowedHosts: LOOPBACK_HOSTS,
  allowedOrigins: [],
}

/** The scope an API/UI request needs; `null` for the dashboard's static files (no data). */
function apiScopeFor(method: string, path: string): Scope | null {
  const isApi = path === '/api' || path.startsWith('/api/') || path === '/metrics'
  if (method === 'GET' || method === 'HEAD') {
    return isApi ? 'read' : null
  }
  if (method === 'POST' && (path === '/api/events' || path === '/api/import')) {
    return 'ingest'
  }
  return 'admin'
}

/** Routes whose answer covers every tenant at once: closed to tenant-limited tokens. */
// The twin and the comparison read every tenant's requests (the load a replica carries is all of
// them), so they are closed too.
const ALL_TENANT_ROUTES = new Set(['/api/alerts', '/metrics', '/api/whatif', '/api/compare'])

/**
 * Creates the UI/API app.
 *
 * @example
 * const app = createApp({ store, ingest, logger, now: Date.now, limits: { maxBodyBytes: 16 << 20 }, version })
 * const res = await app.request('/api/requests?sort=ttft&limit=10&window=all')
 */
export function createApp(deps: AppDeps): Hono {
  const app = new Hono()
  const security = deps.security ?? DEFAULT_SECURITY

  // Headers first, so refusals carry them too.
  app.use('*', securityHeaders())
  app.use('*', checkHostAndOrigin(security))
  if (security.grants !== null) {
    app.use(
      '*',
      requireToken(security.grants, (c) => apiScopeFor(c.req.method, c.req.path), {
        tenantAllowed: (c) => !ALL_TENANT_ROUTES.has(c.req.path),
      })
    )
  }
  app.use('/api/*', requireWriteMediaType())
  // Time in the handler, so a page's wait can be split into server work and queueing before it.
  app.use('/api/*', timing({ totalDescription: 'handler' }))
  const inFlight = createInFlight()
  app.use('/api/*', inFlight.middleware)

  registerHealthRoutes(app, deps)
  registerRequestRoutes(app, deps)
  registerPercentileRoutes(app, deps)
  registerHeatmapRoutes(app, deps)
  registerSeriesRoutes(app, deps)
  registerEventRoutes(app, deps)
  // ---- Routes owned by other modules: add one `register<Name>Routes(app, deps)` line each. ----
  registerImportRoutes(app, deps)
  registerDimensionsRoutes(app, deps)
  registerStagesRoutes(app, deps)
  registerTrafficRoutes(app, deps)
  registerDiagnosisRoutes(app, deps, inFlight)
  registerSloRoutes(app, deps)
  registerWhatIfRoutes(app, deps)
  registerMetricsRoutes(app, deps)
  registerOpenApiRoutes(app, deps)
  // ---- end of other modules' routes ----
  // Static files last: the index.html fallback must not shadow any /api route.
  registerStaticRoutes(app, deps)

  app.notFound(function apiNotFound(c) {
    return c.json(
      { error: { code: 'NOT_FOUND', message: `no route for ${c.req.method} ${c.req.path}` } },
      404
    )
  })

  app.onError(function apiError(err, c) {
    const reply = httpErrorReply(err)
    if (!reply.known) {
      deps.logger.error('API request failed', {
        path: c.req.path,
        error: err instanceof Error ? (err.stack ?? err.message) : String(err),
      })
    }
    const headers: Record<string, string> =
      reply.retryAfterSeconds === null ? {} : { 'Retry-After': String(reply.retryAfterSeconds) }
    return c.json({ error: { code: reply.code, message: reply.message } }, reply.status, headers)
  })

  return app
}
