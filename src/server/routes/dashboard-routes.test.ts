import { execFileSync } from 'node:child_process'
import { closeSync, openSync, utimesSync } from 'node:fs'
import { mkdtemp, mkdir, open, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Hono } from 'hono'
import { gunzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AppError } from '../../core/errors.js'
import type { Micros } from '../../core/model/units.js'
import { createMemoryStore } from '../../storage/memory/memory-store.js'
import type { SpanStore } from '../../storage/span-store.js'
import { makeRequest } from '../../core/model/testing/builders.js'
import { registerDimensionsRoutes } from './dimensions.js'
import { registerStagesRoutes } from './stages.js'
import { registerStaticRoutes } from './static.js'
import { registerTrafficRoutes } from './traffic.js'

const T0 = 1_700_000_040_000 // epoch ms, a minute boundary
const us = (ms: number) => (ms * 1000) as Micros

function makeApp(store: SpanStore, webRoot?: string): Hono {
  const app = new Hono()
  const deps = { store, now: () => T0 + 600_000, webRoot }
  registerStagesRoutes(app, deps)
  registerTrafficRoutes(app, deps)
  registerDimensionsRoutes(app, deps)
  registerStaticRoutes(app, deps)
  app.onError((err, c) =>
    c.json(
      { error: { code: err instanceof AppError ? err.code : 'INTERNAL', message: err.message } },
      err instanceof AppError ? 400 : 500
    )
  )
  return app
}

describe('dashboard aggregate routes', () => {
  let store: SpanStore
  let app: Hono
  beforeAll(async () => {
    store = createMemoryStore()
    const rows = []
    // Minute 0: 4 requests on r1 (queue 100 ms, decode 400 ms), one failed by timeout.
    // Minute 1: 2 requests on r2 (queue 1000 ms), one of them with a 50 ms downstream call.
    for (let i = 0; i < 4; i++) {
      rows.push(
        makeRequest({
          traceId: `a${i}`,
          startUs: us(T0 + i * 1000),
          endUs: us(T0 + i * 1000 + 500),
          e2eUs: us(500),
          dims: { replica: 'r1', model: 'm' },
          stages: { 'engine.queue': us(100), 'engine.decode': us(400) },
          errorType: i === 0 ? 'timeout' : null,
        })
      )
    }
    for (let i = 0; i < 2; i++) {
      rows.push(
        makeRequest({
          traceId: `b${i}`,
          startUs: us(T0 + 60_000 + i * 1000),
          endUs: us(T0 + 60_000 + i * 1000 + 1500),
          e2eUs: us(1500),
          dims: { replica: 'r2', model: 'm' },
          stages: { 'engine.queue': us(1000), downstream: i === 0 ? us(50) : null },
        })
      )
    }
    await store.upsertRequests(rows)
    app = makeApp(store)
  })
  afterAll(() => store.close())

  it('/api/stages gives per-bucket stage means, p99 and counts', async () => {
    const res = await app.request(`/api/stages?step=60s&from=${T0}&to=${T0 + 120_000}`)
    expect(res.status).toBe(200)
    const body = (await res.json()) as {
      step_ms: number
      buckets: {
        bucket_start_ms: number
        count: number
        stages: Record<string, { count: number; mean_ms: number; p99_ms: number }>
      }[]
    }
    expect(body.step_ms).toBe(60_000)
    expect(body.buckets.map((b) => [b.bucket_start_ms, b.count])).toEqual([
      [T0, 4],
      [T0 + 60_000, 2],
    ])
    expect(body.buckets[0]?.stages['engine.queue']).toEqual({ count: 4, mean_ms: 100, p99_ms: 100 })
    expect(body.buckets[1]?.stages['downstream']?.count).toBe(1)
    expect(body.buckets[1]?.stages['engine.decode']?.count ?? 0).toBe(0)

    // p99=false: the same means and counts, every p99 null (not computed), never 0.
    const means = (await (
      await app.request(`/api/stages?step=60s&from=${T0}&to=${T0 + 120_000}&p99=false`)
    ).json()) as typeof body
    expect(means.buckets[0]?.stages['engine.queue']).toEqual({
      count: 4,
      mean_ms: 100,
      p99_ms: null,
    })
    expect(means.buckets.map((b) => b.count)).toEqual(body.buckets.map((b) => b.count))
    expect((await app.request('/api/stages?step=60s&p99=maybe')).status).toBe(400)
  })

  it('/api/traffic counts requests, errors and timeouts per bucket, with filters', async () => {
    const res = await app.request(`/api/traffic?step=1m&from=${T0}&to=${T0 + 120_000}`)
    const body = (await res.json()) as { buckets: unknown[] }
    expect(body.buckets).toEqual([
      { bucket_start_ms: T0, requests: 4, errors: 1, timeouts: 1 },
      { bucket_start_ms: T0 + 60_000, requests: 2, errors: 0, timeouts: 0 },
    ])
    const filtered = (await (await app.request(`/api/traffic?step=1m&replica=r2`)).json()) as {
      buckets: { requests: number }[]
    }
    expect(filtered.buckets.map((b) => b.requests)).toEqual([2])
  })

  it('/api/dimensions lists values with counts, most frequent first', async () => {
    const body = (await (await app.request('/api/dimensions?window=all')).json()) as {
      dimensions: Record<string, unknown>
    }
    expect(body.dimensions['replica']).toEqual([
      { value: 'r1', count: 4 },
      { value: 'r2', count: 2 },
    ])
    expect(body.dimensions['tenant']).toEqual([])
  })

  it('rejects a bad step or window with 400', async () => {
    expect((await app.request('/api/stages?step=fast')).status).toBe(400)
    expect(
      (await app.request(`/api/traffic?step=1ms&from=${T0}&to=${T0 + 86_400_000}`)).status
    ).toBe(400)
    expect((await app.request('/api/traffic?from=yesterday')).status).toBe(400)
  })
})

describe('static dashboard files', () => {
  let dir: string
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'tl-web-'))
    await mkdir(join(dir, 'assets'))
    await writeFile(join(dir, 'index.html'), '<!doctype html><title>Tokenline</title>')
    await writeFile(join(dir, 'assets', 'index-abc.js'), 'console.log(1)')
  })
  afterAll(() => rm(dir, { recursive: true, force: true }))

  it('serves hashed assets immutable and index.html revalidated, with fallback', async () => {
    const app = makeApp(createMemoryStore(), dir)
    const asset = await app.request('/assets/index-abc.js')
    expect(asset.status).toBe(200)
    expect(asset.headers.get('content-type')).toContain('javascript')
    expect(asset.headers.get('cache-control')).toContain('immutable')
    for (const path of ['/', '/?range=1h&replica=r1', '/some/page']) {
      const res = await app.request(path)
      expect(res.status).toBe(200)
      expect(res.headers.get('cache-control')).toBe('no-cache')
      expect(await res.text()).toContain('<title>Tokenline</title>')
    }
    expect((await app.request('/assets/missing-123.js')).status).toBe(404)
    // A path escaping the root never reads outside it: it gets the page, not the file.
    const escape = await app.request('/..%2f..%2f..%2f..%2fetc/hostname')
    expect(await escape.text()).toContain('<title>Tokenline</title>')
    // API paths fall through to the API (here: nothing registered → 404).
    expect((await app.request('/api/nothing')).status).toBe(404)
  })

  it('sends text files gzipped to a browser that accepts it, and plain to one that does not', async () => {
    const app = makeApp(createMemoryStore(), dir)
    const zipped = await app.request('/assets/index-abc.js', {
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    })
    expect(zipped.headers.get('content-encoding')).toBe('gzip')
    expect(zipped.headers.get('vary')).toBe('accept-encoding')
    expect(zipped.headers.get('cache-control')).toContain('immutable')
    expect(gunzipSync(Buffer.from(await zipped.arrayBuffer())).toString()).toBe('console.log(1)')
    const plain = await app.request('/assets/index-abc.js')
    expect(plain.headers.get('content-encoding')).toBeNull()
    expect(await plain.text()).toBe('console.log(1)')
  })

  it("answers the page's files while libuv's pool is held by other work (the store's queries)", async () => {
    const app = makeApp(createMemoryStore(), dir)
    // Every thread of the pool blocks on opening a FIFO no one writes to: no CPU, held until
    // released. The store's DuckDB queries run in this pool; on a first look they hold it.
    const threads = Number(process.env['UV_THREADPOOL_SIZE'] ?? 4)
    const fifos = Array.from({ length: threads }, (_, i) => join(dir, `held-${i}`))
    execFileSync('mkfifo', fifos)
    const held = fifos.map((f) => open(f, 'r'))
    let released = false
    const release = (): void => {
      if (!released) {
        released = true
        for (const f of fifos) {
          closeSync(openSync(f, 'w'))
        }
      }
    }
    // On a build that reads files in the pool the answers come only once it is released.
    const timer = setTimeout(release, 5_000)
    try {
      const answered = await Promise.all(
        ['/assets/index-abc.js', '/'].map(async (path) => {
          const res = await app.request(path, { headers: { 'accept-encoding': 'gzip' } })
          await res.arrayBuffer()
          return { status: res.status, released }
        })
      )
      expect(answered).toEqual([
        { status: 200, released: false },
        { status: 200, released: false },
      ])
    } finally {
      clearTimeout(timer)
      release()
      for (const handle of await Promise.all(held)) {
        await handle.close()
      }
      await Promise.all(fifos.map((f) => rm(f)))
    }
  })

  it('serves a file rebuilt while the server runs', async () => {
    const page = await mkdtemp(join(tmpdir(), 'tl-web-rebuilt-'))
    try {
      const file = join(page, 'index.html')
      await writeFile(file, '<title>old</title>')
      const app = makeApp(createMemoryStore(), page)
      expect(await (await app.request('/')).text()).toBe('<title>old</title>')
      await writeFile(file, '<title>new</title>')
      utimesSync(file, new Date(Date.now() + 60_000), new Date(Date.now() + 60_000))
      const res = await app.request('/', { headers: { 'accept-encoding': 'gzip' } })
      expect(gunzipSync(Buffer.from(await res.arrayBuffer())).toString()).toBe('<title>new</title>')
    } finally {
      await rm(page, { recursive: true, force: true })
    }
  })

  it('keeps the preload of /api/health only when the API needs no token', async () => {
    const page = await mkdtemp(join(tmpdir(), 'tl-web-preload-'))
    try {
      await writeFile(
        join(page, 'index.html'),
        '<head><link rel="preload" href="/api/health" as="fetch" crossorigin="anonymous" />\n<title>Tokenline</title></head>'
      )
      const open = new Hono()
      registerStaticRoutes(open, { webRoot: page })
      expect(await (await open.request('/')).text()).toContain('rel="preload" href="/api/health"')
      const guarded = new Hono()
      registerStaticRoutes(guarded, { webRoot: page, security: { grants: [] } })
      const text = await (await guarded.request('/')).text()
      expect(text).not.toContain('preload')
      expect(text).toContain('<title>Tokenline</title>')
    } finally {
      await rm(page, { recursive: true, force: true })
    }
  })

  it("names the data's extent in the page's shell, read at each ask, but not with tokens", async () => {
    const page = await mkdtemp(join(tmpdir(), 'tl-web-extent-'))
    try {
      await writeFile(
        join(page, 'index.html'),
        '<head><title>Tokenline</title></head><body></body>'
      )
      const store = createMemoryStore()
      const open = new Hono()
      registerStaticRoutes(open, { webRoot: page, store })
      const meta = async (app: Hono, headers: Record<string, string> = {}) => {
        const res = await app.request('/?range=1h', { headers })
        const body =
          res.headers.get('content-encoding') === 'gzip'
            ? gunzipSync(Buffer.from(await res.arrayBuffer())).toString()
            : await res.text()
        expect(body).toContain('<title>Tokenline</title>')
        return /<meta name="tokenline-extent" content="([^"]*)" \/><\/head>/.exec(body)?.[1] ?? null
      }
      // An empty store says so (the page then asks /api/health and shows what to send).
      expect(await meta(open)).toBe('empty')
      await store.upsertRequests([
        makeRequest({ traceId: 'x1', startUs: us(T0), endUs: us(T0 + 500), e2eUs: us(500) }),
      ])
      expect(await meta(open)).toBe(`${T0},${T0 + 500}`)
      // A later write moves it: the page is not kept, compressed or not.
      await store.upsertRequests([
        makeRequest({
          traceId: 'x2',
          startUs: us(T0 + 60_000),
          endUs: us(T0 + 61_000),
          e2eUs: us(1000),
        }),
      ])
      expect(await meta(open, { 'accept-encoding': 'gzip' })).toBe(`${T0},${T0 + 61_000}`)
      expect(await meta(open)).toBe(`${T0},${T0 + 61_000}`)
      // A window given in the URL needs none: the page is sent without reading the store.
      const page2 = await open.request(`/?from=${T0}&to=${T0 + 60_000}`)
      expect(await page2.text()).not.toContain('tokenline-extent')
      // With tokens the page is served to anyone: it names nothing of the data.
      const guarded = new Hono()
      registerStaticRoutes(guarded, { webRoot: page, store, security: { grants: [] } })
      expect(await meta(guarded)).toBeNull()
      // A store that cannot say: no tag, the page asks.
      const failing = new Hono()
      registerStaticRoutes(failing, {
        webRoot: page,
        store: { extent: () => Promise.reject(new Error('closed')) },
      })
      expect(await meta(failing)).toBeNull()
    } finally {
      await rm(page, { recursive: true, force: true })
    }
  })

  it('answers 503 with a hint when the dashboard is not built', async () => {
    const app = makeApp(createMemoryStore(), join(dir, 'nope'))
    const res = await app.request('/')
    expect(res.status).toBe(503)
    expect(await res.text()).toContain('npm run build:web')
  })
})
