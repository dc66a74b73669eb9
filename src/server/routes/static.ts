import { serveStatic } from '@hono/node-server/serve-static'
import type { Hono } from 'hono'
import type { AppDeps } from '../app.js'

/**
 * Serves the built dashboard from `deps.webRoot` at `/`. Paths that are not files fall back to
 * `index.html` so client-side routes (`/requests/<id>`) load the app; `/api/*` never does.
 */
export function registerStaticRoutes(app: Hono, deps: AppDeps): void {
  const root = deps.webRoot
  if (root === undefined) {
    return
  }
  app.use('*', async function staticFiles(c, next) {
    if (c.req.path.startsWith('/api/') || (c.req.method !== 'GET' && c.req.method !== 'HEAD')) {
      return next()
    }
    return serveStatic({ root })(c, next)
  })
  app.get('*', async function indexFallback(c, next) {
    if (c.req.path.startsWith('/api/')) {
      return next()
    }
    return serveStatic({ root, path: 'index.html' })(c, next)
  })
}
