import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Hono } from 'hono'
import { afterAll, describe, expect, it, vi } from 'vitest'
import { makeRequest } from '../core/model/testing/builders.js'
import { asMicros } from '../core/model/units.js'
import { createDuckDbStore } from '../storage/duckdb/duckdb-store.js'
import type { SpanStore } from '../storage/span-store.js'
import { registerDimensionsRoutes } from './routes/dimensions.js'

// `/api/dimensions` kept per window and filters until a commit writes requests inside the
// window (ADR 0413), over DuckDB stores: asked again it reads no row, it answers what a server
// that reads the rows answers before and after every write, and a restarted server reads back
// the answers the last close saved when no write to `requests` came between.
const T0_MS = 1_700_000_040_000
const MIN_MS = 60_000
const FROM_MS = T0_MS
const TO_MS = T0_MS + 10 * MIN_MS
const WINDOW = `/api/dimensions?from=${FROM_MS}&to=${TO_MS}`
const FILTERED = `${WINDOW}&replica=r1`

const dir = mkdtempSync(join(tmpdir(), 'tokenline-dimensions-'))
afterAll(() => rmSync(dir, { recursive: true, force: true, maxRetries: 10, retryDelay: 50 }))

let ids = 0
const request = (atMs: number, replica: string, model = 'm') =>
  makeRequest({
    traceId: (++ids).toString(16).padStart(32, '0'),
    startUs: asMicros(atMs * 1000),
    endUs: asMicros(atMs * 1000 + 500_000),
    e2eUs: asMicros(500_000),
    dims: { replica, model },
  })

const appOf = (store: SpanStore) => {
  const app = new Hono()
  registerDimensionsRoutes(app, { store, now: () => T0_MS + 20 * MIN_MS })
  return app
}

const ask = async (app: Hono, url: string) => {
  const res = await app.request(url)
  expect(res.status).toBe(200)
  return (await res.json()) as { dimensions: Record<string, { value: string; count: number }[]> }
}

/** What a server that has kept nothing answers: a new route over the same store. */
const read = (store: SpanStore, url: string) => ask(appOf(store), url)

describe('the dimension values a server keeps', () => {
  it('answers again without a read, the same as a read, until a write inside the window', async () => {
    const store = await createDuckDbStore({ path: ':memory:', threads: 1 })
    try {
      await store.upsertRequests([
        request(T0_MS + 1000, 'r1'),
        request(T0_MS + 2000, 'r1', 'big'),
        request(T0_MS + MIN_MS, 'r2'),
      ])
      const app = appOf(store)
      const counts = vi.spyOn(store, 'countDimensionValues')
      const first = await ask(app, WINDOW)
      const filtered = await ask(app, FILTERED)
      expect(first.dimensions['replica']).toEqual([
        { value: 'r1', count: 2 },
        { value: 'r2', count: 1 },
      ])
      expect(filtered.dimensions['model']).toEqual([
        { value: 'big', count: 1 },
        { value: 'm', count: 1 },
      ])
      expect(counts).toHaveBeenCalledTimes(2)

      // Asked again: no read of the requests, the same answers.
      expect(await ask(app, WINDOW)).toEqual(first)
      expect(await ask(app, FILTERED)).toEqual(filtered)
      expect(counts).toHaveBeenCalledTimes(2)

      // A write after the window changes neither answer: still no read. (New traces: a write
      // that may replace rows the rollup does not track could have moved them from any time.)
      await store.upsertRequests([request(TO_MS + MIN_MS, 'r3')], { newTraces: true })
      expect(await ask(app, WINDOW)).toEqual(first)
      expect(await ask(app, FILTERED)).toEqual(filtered)
      expect(counts).toHaveBeenCalledTimes(2)
      counts.mockRestore()
      expect(await read(store, WINDOW)).toEqual(first)
      expect(await read(store, FILTERED)).toEqual(filtered)

      // A write inside it shows at the next ask, as a read shows it.
      await store.upsertRequests([request(T0_MS + 2 * MIN_MS, 'r2'), request(T0_MS + 3000, 'r1')])
      const after = await ask(app, WINDOW)
      expect(after.dimensions['replica']).toEqual([
        { value: 'r1', count: 3 },
        { value: 'r2', count: 2 },
      ])
      expect(after).toEqual(await read(store, WINDOW))
      expect(await ask(app, FILTERED)).toEqual(await read(store, FILTERED))
      // The whole data (no window): every write touches it.
      const all = await ask(app, '/api/dimensions')
      await store.upsertRequests([request(TO_MS + 2 * MIN_MS, 'r4')])
      const allAfter = await ask(app, '/api/dimensions')
      expect(allAfter).not.toEqual(all)
      expect(allAfter).toEqual(await read(store, '/api/dimensions'))
    } finally {
      await store.close()
    }
  })

  it('a restarted server reads back what the last close saved, unless requests were written', async () => {
    const path = join(dir, 'store.duckdb')
    const first = await createDuckDbStore({ path, threads: 1 })
    await first.upsertRequests([request(T0_MS + 1000, 'r1'), request(T0_MS + MIN_MS, 'r2')])
    const before = await ask(appOf(first), WINDOW)
    await first.close()

    const second = await createDuckDbStore({ path, threads: 1 })
    const counts = vi.spyOn(second, 'countDimensionValues')
    expect(await ask(appOf(second), WINDOW)).toEqual(before)
    expect(counts).not.toHaveBeenCalled()
    await second.upsertRequests([request(T0_MS + 2000, 'r2')])
    await second.close()

    // Written after the save: what it saved at close is current, and is read back.
    const third = await createDuckDbStore({ path, threads: 1 })
    const after = await ask(appOf(third), WINDOW)
    expect(after.dimensions['replica']).toEqual([
      { value: 'r2', count: 2 },
      { value: 'r1', count: 1 },
    ])
    await third.close()
  })
})
