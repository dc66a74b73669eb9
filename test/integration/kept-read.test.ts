/**
 * A diagnosis read of a window, kept and then brought up to date by reading only the span a
 * commit wrote (ADR 0257), gives the same frame, row for row, as a read of the whole window:
 * against the real DuckDB store, with a sample whose rate falls as the window grows.
 */
import { describe, expect, it } from 'vitest'
import { loadWindow } from '../../src/core/diagnosis/frame/load-window.js'
import { createSilentLogger } from '../../src/core/logger.js'
import { createIngestPipeline } from '../../src/ingest/pipeline/pipeline.js'
import { createApp } from '../../src/server/app.js'
import type { DiagnosisReader } from '../../src/core/diagnosis/frame/read-port.js'
import type { RequestColumnQuery } from '../../src/core/model/query.js'
import type { RequestTimeline } from '../../src/core/model/request.js'
import { hexId, makeRequest } from '../../src/core/model/testing/builders.js'
import type { Micros } from '../../src/core/model/units.js'
import { createDuckDbStore } from '../../src/storage/duckdb/duckdb-store.js'
import { aggregateThroughRollup, requestRollupOf } from '../../src/storage/rollup/request-rollup.js'
import type { SpanStore } from '../../src/storage/span-store.js'

const T0 = 1_750_000_000_000_000
const MIN = 60_000_000
const window = { fromUs: T0 as Micros, toUs: (T0 + 20 * MIN) as Micros }
const SAMPLE = 500

function request(i: number, startUs: number, replica: string, queueUs: number): RequestTimeline {
  return makeRequest({
    traceId: hexId(i + 1, 32),
    startUs: startUs as Micros,
    endUs: (startUs + 900_000) as Micros,
    dims: { replica, tenant: i % 3 === 0 ? null : `t${i % 3}` },
    stages: { 'engine.queue': queueUs, network: i % 4 === 0 ? null : 2000 },
    ttftUs: (40_000 + (i % 50) * 100) as Micros,
    tpotUs: 20_000 as Micros,
    e2eUs: 900_000 as Micros,
    status: i % 17 === 0 ? 500 : 200,
    errorType: i % 17 === 0 ? 'http_500' : null,
    hasEngine: true,
  })
}

/** The store, recording every columnar scan asked of it. */
function recording(store: SpanStore): { reader: DiagnosisReader; asked: RequestColumnQuery[] } {
  const asked: RequestColumnQuery[] = []
  return {
    asked,
    reader: {
      extent: () => store.extent(),
      scanRequestColumns: (q) => {
        asked.push(q)
        return store.scanRequestColumns(q)
      },
      listMetrics: () => store.listMetrics(),
      querySeries: (q) => store.querySeries(q),
      queryEvents: (q) => store.queryEvents(q),
    },
  }
}

async function count(store: SpanStore): Promise<number> {
  const rows = await aggregateThroughRollup(store, { ...window, measures: [] })
  return rows.reduce((n, r) => n + r.count, 0)
}

describe('a kept diagnosis read', () => {
  it('after a commit inside the window reads only the written span and equals a whole read', async () => {
    const store = await createDuckDbStore({ path: ':memory:', threads: 1 })
    const rows = Array.from({ length: 2000 }, (_, i) =>
      request(i, T0 + Math.floor((i / 2000) * 20 * MIN), `r${i % 4}`, 1000 + i)
    )
    await store.upsertRequests(rows)
    const rollup = requestRollupOf(store)
    expect(rollup).not.toBeNull()
    // Counting through the rollup makes it track the buckets each commit writes.
    expect(await count(store)).toBe(2000)
    const generation = rollup?.writeGeneration ?? 0
    const first = await loadWindow(store, { ...window, sample: SAMPLE, keep: true })
    expect(first.total).toBe(2000)
    expect(first.frame.n).toBeLessThan(2000)
    expect(first.kept).not.toBeNull()

    // New requests in minutes 15–16, one of them on a replica never seen, and one request of
    // minute 3 written again with another queue time (a replaced row).
    const added = Array.from({ length: 60 }, (_, i) =>
      request(5000 + i, T0 + 15 * MIN + i * 1_000_000, i === 7 ? 'r-new' : `r${i % 4}`, 777)
    )
    const replaced = rows.find((r) => r.startUs >= T0 + 3 * MIN) as RequestTimeline
    const index = rows.indexOf(replaced)
    await store.upsertRequests([...added, request(index, replaced.startUs, 'r0', 123_456)])
    const written = rollup?.writtenSince(generation, window.fromUs, window.toUs) ?? null
    expect(written).not.toBeNull()
    expect(written?.fromUs).toBe(replaced.startUs)
    expect(written?.toUs).toBeLessThan(T0 + 17 * MIN)

    const total = await count(store)
    expect(total).toBe(2060)
    const { reader, asked } = recording(store)
    const again = await loadWindow(reader, {
      ...window,
      sample: SAMPLE,
      keep: true,
      reuse: { previous: first.kept!, written: written!, total },
    })
    const whole = await loadWindow(store, { ...window, sample: SAMPLE })
    expect(again.total).toBe(whole.total)
    expect(again.frame).toEqual(whole.frame)
    // More requests, a lower rate: the kept rows were thinned, not read again.
    expect(again.kept?.kept).toBeLessThan(first.kept?.kept ?? 0)
    expect(asked.map((q) => [q.fromUs, q.toUs])).toEqual([[written?.fromUs, written?.toUs]])

    // Fewer requests than the kept read saw raise the rate: rows it left out are back, so
    // the whole window is read.
    const fewer = await loadWindow(reader, {
      ...window,
      sample: SAMPLE,
      reuse: { previous: again.kept!, written: { fromUs: T0, toUs: T0 }, total: 1500 },
    })
    expect(asked.at(-1)).toMatchObject({ fromUs: window.fromUs, toUs: window.toUs, sample: SAMPLE })
    expect(fewer.frame.n).toBeGreaterThan(0)
    await store.close()
  }, 180_000)

  it('lets /api/diagnosis after a write read only the written span and answer as a new server does', async () => {
    const store = await createDuckDbStore({ path: ':memory:', threads: 1 })
    await store.upsertRequests(
      Array.from({ length: 600 }, (_, i) =>
        request(i, T0 + Math.floor((i / 600) * 20 * MIN), `r${i % 4}`, 1000 + 10 * i)
      )
    )
    const appOf = () =>
      createApp({
        store,
        ingest: createIngestPipeline({ store, logger: createSilentLogger(), now: () => T0 / 1000 }),
        logger: createSilentLogger(),
        now: () => T0 / 1000 + 30 * 60_000,
        limits: { maxBodyBytes: 1 << 20 },
        version: 'test',
      })
    const app = appOf()
    const asked: RequestColumnQuery[] = []
    const scan = store.scanRequestColumns.bind(store)
    store.scanRequestColumns = (q) => {
      asked.push(q)
      return scan(q)
    }
    const url = `/api/diagnosis?from=${T0 / 1000}&to=${(T0 + 20 * MIN) / 1000}`
    const first = await app.request(url)
    expect(first.status).toBe(200)
    expect(asked.map((q) => [q.fromUs, q.toUs])).toEqual([[window.fromUs, window.toUs]])

    // Slower requests in minutes 12–13 (the rollup tracks writes once it has counted a window).
    await store.upsertRequests(
      Array.from({ length: 40 }, (_, i) =>
        request(900 + i, T0 + 12 * MIN + i * 1_000_000, `r${i % 4}`, 400_000)
      )
    )
    asked.length = 0
    const second = (await (await app.request(url)).json()) as { requests: number }
    expect(second.requests).toBe(640)
    expect(asked).toHaveLength(1)
    expect(asked[0]?.fromUs).toBe(T0 + 12 * MIN)
    expect(asked[0]?.toUs).toBeLessThanOrEqual(T0 + 13 * MIN)
    // A server that never saw the first read gives the same answer.
    asked.length = 0
    const fresh = (await (await appOf().request(url)).json()) as unknown
    expect(asked.map((q) => [q.fromUs, q.toUs])).toEqual([[window.fromUs, window.toUs]])
    expect(second).toEqual(fresh)
    await store.close()
  }, 180_000)
})
