/**
 * `GET /api/openapi.json` against the app itself: the documented operations and the registered
 * `/api/*` routes are the same set, and every documented parameter with a checkable type (an
 * enum, a number, a time or a duration) is really validated by its route: a value no schema
 * accepts is answered 400 naming the parameter.
 */
import { describe, expect, it } from 'vitest'
import { createSilentLogger } from '../../src/core/logger.js'
import { createSloService } from '../../src/alerts/service.js'
import { parseSloSettings } from '../../src/config/slo.js'
import { createApp } from '../../src/server/app.js'
import { API_ROUTES } from '../../src/server/openapi/api-routes.js'
import { openApiPathOf } from '../../src/server/openapi/document.js'
import { createMemoryStore } from '../../src/storage/memory/memory-store.js'
import { createMemorySloStore } from '../../src/storage/memory/slo-store.js'
import { countingSink } from '../../src/ingest/testing/sinks.js'

const NOW_MS = 1_760_000_000_000

async function makeApp() {
  const store = createMemoryStore()
  const logger = createSilentLogger()
  const slo = await createSloService({
    store,
    sloStore: createMemorySloStore(),
    settings: parseSloSettings({}),
    logger,
    now: () => NOW_MS,
  })
  return createApp({
    store,
    ingest: countingSink(),
    logger,
    now: () => NOW_MS,
    limits: { maxBodyBytes: 1 << 20 },
    version: '1.2.3-test',
    slo,
  })
}

type Operation = {
  operationId: string
  parameters?: { name: string; in: string; schema: Record<string, unknown> }[]
  responses: Record<string, unknown>
}

/** A value the parameter's schema refuses, or `null` when any string is valid. */
function invalidValueFor(name: string, schema: Record<string, unknown>): string | null {
  const item = (schema['type'] === 'array' ? schema['items'] : schema) as Record<string, unknown>
  if (Array.isArray(item['enum'])) {
    return 'not-a-choice'
  }
  if (item['type'] === 'number' || item['type'] === 'integer') {
    return 'not-a-number'
  }
  // Times and durations are strings to a client; the server reads them.
  if (['from', 'to', 'since', 'step'].includes(name)) {
    return 'not-a-time'
  }
  return null
}

describe('GET /api/openapi.json', () => {
  it('documents exactly the /api routes the app registers', async () => {
    const app = await makeApp()
    const res = await app.request('/api/openapi.json')
    expect(res.status).toBe(200)
    const doc = (await res.json()) as {
      openapi: string
      info: { version: string }
      paths: Record<string, Record<string, Operation>>
    }
    expect(doc.openapi).toBe('3.1.0')
    expect(doc.info.version).toBe('1.2.3-test')
    const registered = new Set(
      app.routes
        .filter((r) => r.path.startsWith('/api/') && (r.method === 'GET' || r.method === 'POST'))
        .map((r) => `${r.method.toLowerCase()} ${openApiPathOf(r.path)}`)
    )
    const documented = new Set(
      Object.entries(doc.paths).flatMap(([path, ops]) =>
        Object.keys(ops).map((method) => `${method} ${path}`)
      )
    )
    expect([...registered].filter((r) => !documented.has(r))).toEqual([])
    expect([...documented].filter((d) => !registered.has(d))).toEqual([])
    const ids = Object.values(doc.paths).flatMap((ops) =>
      Object.values(ops).map((o) => o.operationId)
    )
    expect(new Set(ids).size).toBe(ids.length)
    for (const [path, ops] of Object.entries(doc.paths)) {
      for (const op of Object.values(ops)) {
        expect(op.responses['200']).toBeDefined()
        const declared = (op.parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name)
        expect(declared.sort()).toEqual([...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort())
      }
    }
  })

  const checks = API_ROUTES.filter((r) => r.method === 'get' && r.pathParams === undefined)
  it.each(checks.map((r) => [r.path, r] as const))(
    '%s validates every documented parameter it can',
    async (_path, route) => {
      const app = await makeApp()
      const doc = (await (await app.request('/api/openapi.json')).json()) as {
        paths: Record<string, Record<string, Operation>>
      }
      const op = doc.paths[openApiPathOf(route.path)]?.get
      const base = route.query?.some((p) => p.required) ? 'name=x&' : ''
      for (const p of op?.parameters ?? []) {
        const bad = invalidValueFor(p.name, p.schema)
        if (bad === null) {
          continue
        }
        const res = await app.request(`${route.path}?${base}${p.name}=${bad}`)
        const body = (await res.json()) as { error?: { message: string } }
        expect({ param: p.name, status: res.status }).toEqual({ param: p.name, status: 400 })
        expect(body.error?.message).toContain(p.name)
      }
    }
  )
})
