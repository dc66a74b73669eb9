import type { Hono } from 'hono'
import type { AppDeps } from '../app-deps.js'
import { buildOpenApiDocument } from '../openapi/document.js'

/** `GET /api/openapi.json`: the OpenAPI 3.1 document of `/api/*` (built once). */
export function registerOpenApiRoutes(app: Hono, deps: Pick<AppDeps, 'version'>): void {
  const document = buildOpenApiDocument(deps.version)
  app.get('/api/openapi.json', function openApi(c) {
    return c.json(document)
  })
}
