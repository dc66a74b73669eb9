/**
 * Tokens, scopes, tenant-limited reads, Host/Origin checks, write media types and security
 * headers on both apps, through `app.request()` (no socket).
 */
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { decodeTraces } from '../../src/core/otlp/decode-traces.js'
import type { SecurityOptions } from '../../src/server/app-deps.js'
import { createApp } from '../../src/server/app.js'
import { parseTokenFile } from '../../src/server/auth.js'
import { LOOPBACK_HOSTS } from '../../src/server/browser-guard.js'
import { decodeRpcStatus } from '../../src/ingest/otlp/protobuf.js'
import { createOtlpApp } from '../../src/server/otlp-app.js'
import { makeLlmTraceRequest } from '../../src/core/otlp/testing/make-llm-request.js'
import { makeDeps, type TestDeps } from '../../src/server/testing/test-deps.js'

const FIRST_MS = 1_760_000_000_000
const NOW_MS = FIRST_MS + 10 * 60 * 1000

const TOKENS = {
  ingest: 'ingest-token-0123456789',
  read: 'read-token-0123456789ab',
  admin: 'admin-token-0123456789a',
  acme: 'acme-read-token-0123456',
}

const TOKEN_FILE = `# scope token
ingest ${TOKENS.ingest}
read   ${TOKENS.read}
admin  ${TOKENS.admin}
read:tenant=tenant-1 ${TOKENS.acme}
`

let deps: TestDeps
let app: ReturnType<typeof createApp>
let otlp: ReturnType<typeof createOtlpApp>
let security: SecurityOptions

function bearer(token: string): Record<string, string> {
  return { authorization: `Bearer ${token}` }
}

async function get(path: string, token?: string, headers: Record<string, string> = {}) {
  return app.request(path, { headers: { ...(token ? bearer(token) : {}), ...headers } })
}

beforeAll(async () => {
  deps = makeDeps({ nowMs: NOW_MS })
  const webRoot = mkdtempSync(join(tmpdir(), 'tokenline-web-'))
  mkdirSync(join(webRoot, 'assets'))
  writeFileSync(join(webRoot, 'index.html'), '<!doctype html><title>Tokenline</title>')
  security = {
    grants: parseTokenFile(TOKEN_FILE, 'tokens.txt'),
    allowedHosts: [...LOOPBACK_HOSTS, 'tokenline.internal'],
    allowedOrigins: ['https://grafana.example:3000'],
  }
  app = createApp({ ...deps, webRoot, security })
  otlp = createOtlpApp({ ...deps, security })
  const { spans } = decodeTraces(makeLlmTraceRequest(40))
  await deps.ingest.submitSpans(spans)
  await deps.ingest.flush()
})

afterAll(async () => {
  await deps.ingest.close()
})

describe('token file', () => {
  it.each([
    ['read', 'expected "scope token"'],
    ['root abcdefghijklmnopqrstu', 'scope must be ingest, read, read:tenant=NAME or admin'],
    ['read short', 'at least 16 characters'],
    ['# only a comment', 'holds no token'],
  ])('refuses %j naming the problem', (text, message) => {
    expect(() => parseTokenFile(text, 'tokens.txt')).toThrow(message)
  })

  it('never echoes a token in an error', () => {
    expect(() => parseTokenFile('root s3cr3t-s3cr3t-s3cr3t', 'f')).not.toThrow(/s3cr3t/)
  })
})

describe('authentication on the UI/API app', () => {
  it('answers 401 with WWW-Authenticate: Bearer without or with a wrong token', async () => {
    for (const res of [
      await get('/api/health'),
      await get('/api/health', 'not-a-token-at-all-xx'),
      await app.request('/api/health', { headers: { authorization: `Basic ${TOKENS.read}` } }),
    ]) {
      expect(res.status).toBe(401)
      expect(res.headers.get('www-authenticate')).toMatch(/^Bearer/)
    }
  })

  it('guards every API route, reads and writes', async () => {
    for (const path of [
      '/api/requests',
      '/api/diagnosis',
      '/api/percentiles',
      '/api/heatmap',
      '/api/series?name=x',
      '/api/events',
      '/api/metrics',
      '/api/dimensions',
      '/api/slo',
      '/api/nope',
    ]) {
      expect((await get(path)).status, path).toBe(401)
    }
    const post = await app.request('/api/events', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    })
    expect(post.status).toBe(401)
  })

  it('serves the dashboard shell without a token (it holds no data)', async () => {
    const res = await get('/')
    expect(res.status).toBe(200)
    expect(await res.text()).toContain('Tokenline')
  })

  it('lets read and admin tokens read, not an ingest token (403)', async () => {
    expect((await get('/api/health', TOKENS.read)).status).toBe(200)
    expect((await get('/api/health', TOKENS.admin)).status).toBe(200)
    const res = await get('/api/health', TOKENS.ingest)
    expect(res.status).toBe(403)
    expect(res.headers.get('www-authenticate')).toContain('insufficient_scope')
  })

  it('lets ingest and admin tokens post events, not a read token', async () => {
    const line = JSON.stringify({ time: new Date(FIRST_MS).toISOString(), kind: 'deploy' })
    const post = (token: string) =>
      app.request('/api/events', {
        method: 'POST',
        headers: { ...bearer(token), 'content-type': 'application/x-ndjson' },
        body: line + '\n',
      })
    expect((await post(TOKENS.ingest)).status).toBe(200)
    expect((await post(TOKENS.admin)).status).toBe(200)
    expect((await post(TOKENS.read)).status).toBe(403)
  })
})

describe('tenant-limited read tokens', () => {
  it('see only their tenant in lists, aggregates, filters and the diagnosis', async () => {
    const all = (await (await get('/api/requests?window=all&limit=100', TOKENS.read)).json()) as {
      total: number
    }
    expect(all.total).toBe(40)
    const mine = (await (await get('/api/requests?window=all&limit=100', TOKENS.acme)).json()) as {
      total: number
      rows: { dims: Record<string, string> }[]
    }
    expect(mine.total).toBe(8)
    expect(new Set(mine.rows.map((r) => r.dims['tenant']))).toEqual(new Set(['tenant-1']))
    const dims = (await (await get('/api/dimensions', TOKENS.acme)).json()) as {
      dimensions: Record<string, { value: string }[]>
    }
    expect(dims.dimensions['tenant']!.map((d) => d.value)).toEqual(['tenant-1'])
    const diagnosis = (await (await get('/api/diagnosis?window=all', TOKENS.acme)).json()) as {
      requests: number
    }
    expect(diagnosis.requests).toBe(8)
  })

  it('are refused another tenant, all-tenant routes, and other tenants’ traces', async () => {
    expect((await get('/api/requests?tenant=tenant-2', TOKENS.acme)).status).toBe(403)
    expect((await get('/api/requests?tenant=tenant-1,tenant-2', TOKENS.acme)).status).toBe(403)
    expect((await get('/api/requests?tenant=tenant-1', TOKENS.acme)).status).toBe(200)
    expect((await get('/api/alerts', TOKENS.acme)).status).toBe(403)
    expect((await get('/api/whatif?window=all', TOKENS.acme)).status).toBe(403)
    expect((await get('/api/compare?at=deploy', TOKENS.acme)).status).toBe(403)
    const list = (await (await get('/api/requests?window=all&limit=100', TOKENS.read)).json()) as {
      rows: { trace_id: string; dims: Record<string, string> }[]
    }
    const other = list.rows.find((r) => r.dims['tenant'] !== 'tenant-1')!
    const own = list.rows.find((r) => r.dims['tenant'] === 'tenant-1')!
    expect((await get(`/api/requests/${other.trace_id}`, TOKENS.acme)).status).toBe(404)
    expect((await get(`/api/requests/${own.trace_id}`, TOKENS.acme)).status).toBe(200)
    expect((await get(`/api/requests/${other.trace_id}`, TOKENS.read)).status).toBe(200)
  })
})

describe('authentication on the OTLP app', () => {
  const body = JSON.stringify({ resourceSpans: [] })
  const post = (headers: Record<string, string>) =>
    otlp.request('/v1/traces', {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body,
    })

  it('needs an ingest or admin token on every route', async () => {
    const none = await post({})
    expect(none.status).toBe(401)
    expect(none.headers.get('www-authenticate')).toMatch(/^Bearer/)
    expect((await post(bearer(TOKENS.read))).status).toBe(403)
    expect((await post(bearer(TOKENS.ingest))).status).toBe(200)
    expect((await post(bearer(TOKENS.admin))).status).toBe(200)
    expect((await otlp.request('/v1/logs')).status).toBe(401)
  })

  it('answers refusals as OTLP Status, in the request’s encoding', async () => {
    const json = (await (await post({})).json()) as { code: number; message: string }
    expect(json).toMatchObject({ code: 16, message: expect.stringContaining('bearer token') })
    const res = await otlp.request('/v1/traces', {
      method: 'POST',
      headers: { 'content-type': 'application/x-protobuf', ...bearer(TOKENS.read) },
      body: new Uint8Array(0),
    })
    expect(res.status).toBe(403)
    expect(res.headers.get('content-type')).toBe('application/x-protobuf')
    const status = decodeRpcStatus(new Uint8Array(await res.arrayBuffer()))
    expect(status.code).toBe(7)
  })

  it('refuses a browser page’s POST (Origin) even with a token', async () => {
    const res = await post({ ...bearer(TOKENS.ingest), origin: 'http://evil.example' })
    expect(res.status).toBe(403)
  })
})

describe('browser safety', () => {
  it('refuses a text/plain, form or untyped POST (415), as a cross-site page would send', async () => {
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data']) {
      for (const path of ['/api/events', '/api/import']) {
        const res = await app.request(path, {
          method: 'POST',
          headers: { ...bearer(TOKENS.admin), 'content-type': type },
          body: '{"time":"2025-10-09T12:00:00Z","kind":"deploy"}',
        })
        expect(res.status, `${type} ${path}`).toBe(415)
      }
    }
    const untyped = await app.request('/api/events', {
      method: 'POST',
      headers: bearer(TOKENS.admin),
      body: new Uint8Array([123, 125]),
    })
    expect(untyped.status).toBe(415)
  })

  it('refuses a foreign Origin (CSRF) and allows the configured ones', async () => {
    const post = (origin: string) =>
      app.request('/api/events', {
        method: 'POST',
        headers: {
          ...bearer(TOKENS.admin),
          origin,
          'content-type': 'application/json',
        },
        body: JSON.stringify({ time: new Date(FIRST_MS).toISOString(), kind: 'deploy' }),
      })
    expect((await post('http://evil.example')).status).toBe(403)
    expect((await post('null')).status).toBe(403)
    expect((await post('http://localhost:4320')).status).toBe(200)
    expect((await post('https://grafana.example:3000')).status).toBe(200)
  })

  it('refuses a foreign Host (DNS rebinding) and serves allowed ones', async () => {
    const rebinding = await app.request('http://evil.example:4320/api/health', {
      headers: bearer(TOKENS.read),
    })
    expect(rebinding.status).toBe(403)
    expect(((await rebinding.json()) as { error: { message: string } }).error.message).toContain(
      'server.allowedHosts'
    )
    for (const host of ['127.0.0.1', 'localhost', '[::1]', 'tokenline.internal']) {
      const res = await app.request(`http://${host}:4320/api/health`, {
        headers: bearer(TOKENS.read),
      })
      expect(res.status, host).toBe(200)
    }
  })

  it('sends security headers on every answer, refusals included', async () => {
    for (const res of [
      await get('/'),
      await get('/api/health', TOKENS.read),
      await get('/api/x'),
    ]) {
      expect(res.headers.get('x-content-type-options')).toBe('nosniff')
      expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'")
      expect(res.headers.get('content-security-policy')).toContain("script-src 'self'")
      expect(res.headers.get('referrer-policy')).toBe('no-referrer')
      expect(res.headers.get('x-frame-options')).toBe('DENY')
    }
  })
})
