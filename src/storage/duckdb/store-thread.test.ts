import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { isAppError } from '../../core/errors.js'
import type { Micros } from '../../core/model/units.js'
import { runSpanStoreConformance } from '../span-store.case.js'
import { makeRequest, makeSpan } from '../../../test/helpers/builders.js'
import { createDuckDbStore } from './duckdb-store.js'
import { openDuckDbStoreThread } from './store-thread.js'

const dir = mkdtempSync(join(tmpdir(), 'tokenline-duckdb-thread-'))
let n = 0
afterAll(() => rmSync(dir, { recursive: true, force: true }))

// The whole port, with span and request writes crossing as column batches.
runSpanStoreConformance('duckdb on its own thread', () =>
  openDuckDbStoreThread({ path: join(dir, `store-${++n}.duckdb`) })
)

describe('openDuckDbStoreThread', () => {
  it('stores what the store on the event loop stores, value for value', async () => {
    const spans = [
      makeSpan({
        traceId: 'a'.repeat(32),
        spanId: '1'.repeat(16),
        statusMessage: 'é ünïcode',
        resource: { 'service.name': 'gw' },
      }),
      makeSpan({
        traceId: 'a'.repeat(32),
        spanId: '2'.repeat(16),
        parentSpanId: '1'.repeat(16),
        scopeVersion: null,
        attributes: { 'gen_ai.usage.input_tokens': 12, ok: true, list: [1, 'x'] },
      }),
    ]
    const requests = [
      makeRequest({
        traceId: 'a'.repeat(32),
        retries: 2,
        ttftUs: 1234.5 as Micros,
        dims: { model: 'm', replica: 'r-1' },
        stages: { 'engine.queue': 250 as Micros },
      }),
      makeRequest({
        traceId: 'b'.repeat(32),
        connectionReused: true,
        hasEngine: true,
        status: 200,
      }),
    ]
    const direct = await createDuckDbStore({ path: ':memory:' })
    const threaded = await openDuckDbStoreThread({ path: join(dir, 'same.duckdb') })
    try {
      for (const store of [direct, threaded]) {
        await store.insertSpans(spans)
        await store.upsertRequests(requests, { newTraces: true })
      }
      expect(await threaded.getSpans(['a'.repeat(32)])).toEqual(
        await direct.getSpans(['a'.repeat(32)])
      )
      const all = { sortBy: 'start', sortDir: 'asc' } as const
      expect(await threaded.queryRequests(all)).toEqual(await direct.queryRequests(all))
    } finally {
      await direct.close()
      await threaded.close()
    }
  })

  it("rejects a write the database refuses with DuckDB's reason, and keeps serving", async () => {
    const store = await openDuckDbStoreThread({ path: ':memory:' })
    try {
      const bad = makeSpan({ name: null as unknown as string })
      const err = await store.insertSpans([bad]).then(
        () => null,
        (e: unknown) => e
      )
      expect(String(err)).toMatch(/NOT NULL/)
      await store.insertSpans([makeSpan()])
      expect((await store.stats()).spans).toBe(1)
    } finally {
      await store.close()
    }
  })

  it('stores a write sent in parts whole, or none of it when a later part cannot be encoded', async () => {
    const store = await openDuckDbStoreThread({ path: ':memory:' })
    try {
      const spans = (n: number, traceAt: number): ReturnType<typeof makeSpan>[] =>
        Array.from({ length: n }, (_, i) =>
          makeSpan({ traceId: (traceAt + Math.floor(i / 4)).toString(16).padStart(32, '0') })
        )
      const whole = spans(10_000, 1)
      await store.insertSpans(whole)
      expect((await store.stats()).spans).toBe(10_000)
      // JSON.stringify cannot encode a BigInt: the third part fails after two were sent.
      const broken = spans(10_000, 100_000)
      broken[9_000] = makeSpan({ attributes: { n: 1n as unknown as number } })
      const err = await store.insertSpans(broken).then(
        () => null,
        (e: unknown) => e
      )
      expect(String(err)).toMatch(/BigInt/)
      expect((await store.stats()).spans).toBe(10_000)
      await store.insertSpans(spans(5, 200_000))
      expect((await store.stats()).spans).toBe(10_005)
    } finally {
      await store.close()
    }
  })

  it('fails every later call with STORE_UNAVAILABLE once closed, and closes only once', async () => {
    const store = await openDuckDbStoreThread({ path: ':memory:' })
    await store.insertSpans([makeSpan()])
    await Promise.all([store.close(), store.close()])
    const err = await store.extent().then(
      () => null,
      (e: unknown) => e
    )
    expect(isAppError(err) && err.code).toBe('STORE_UNAVAILABLE')
  })

  it('gives a scan stopped early back its reader, so later calls still run', async () => {
    const store = await openDuckDbStoreThread({ path: ':memory:' })
    try {
      await store.upsertRequests(
        Array.from({ length: 30 }, (_, i) =>
          makeRequest({ traceId: i.toString(16).padStart(32, '0'), startUs: (1000 + i) as Micros })
        ),
        { newTraces: true }
      )
      const pages: number[] = []
      for await (const page of store.scanRequests({}, 10)) {
        pages.push(page.length)
        break
      }
      expect(pages).toEqual([10])
      const counted: number[] = []
      for await (const page of store.scanRequests({}, 10)) {
        counted.push(page.length)
      }
      expect(counted).toEqual([10, 10, 10])
      expect((await store.stats()).requests).toBe(30)
    } finally {
      await store.close()
    }
  })
})
