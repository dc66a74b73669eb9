import { afterEach, describe, expect, it } from 'vitest'
import { minuteOfRequests } from '../core/slo/testing/slo-requests.js'
import { createSilentLogger } from '../core/logger.js'
import { createIngestPipeline } from '../ingest/pipeline/pipeline.js'
import { runDiagnosis } from '../core/diagnosis/run-diagnosis.js'
import { asMicros } from '../core/model/units.js'
import { createDuckDbStore } from '../storage/duckdb/duckdb-store.js'
import { createMemoryStore } from '../storage/memory/memory-store.js'
import type { SpanStore } from '../storage/span-store.js'
import { createApp } from './app.js'
import { createDiagnosisCache } from './diagnosis-cache.js'
import type { DiagnoseResult } from '../core/diagnosis/diagnose.js'

const T0 = Date.UTC(2025, 1, 3, 10, 0, 0) * 1000
const MIN = 60_000_000

const opened: SpanStore[] = []
afterEach(async () => {
  await Promise.all(opened.splice(0).map((s) => s.close()))
})

async function duckDb(): Promise<SpanStore> {
  const store = await createDuckDbStore({ path: ':memory:' })
  opened.push(store)
  await store.upsertRequests(minuteOfRequests(T0, 100, 2))
  return store
}

describe('diagnosis cache', () => {
  it('answers a query again until the store commits to any table the diagnosis reads', async () => {
    const store = await duckDb()
    const cache = createDiagnosisCache<DiagnoseResult>(store)
    let runs = 0
    const run = () => {
      runs++
      return runDiagnosis(store, { fromUs: asMicros(T0), toUs: asMicros(T0 + 10 * MIN) })
    }
    const [a, b] = await Promise.all([cache.get('w', run), cache.get('w', run)])
    expect(runs).toBe(1)
    expect(b).toBe(a)
    expect(await cache.get('w', run)).toBe(a)
    expect(runs).toBe(1)
    expect(cache.stats).toEqual({ hits: 2, runs: 1 })
    await cache.get('other', run)
    expect(runs).toBe(2)

    // A change event inside the window: the kept diagnosis may be wrong now.
    await store.insertEvents([
      {
        timeUs: asMicros(T0 + 30_000_000),
        kind: 'deploy',
        model: null,
        version: 'v2',
        replica: null,
        node: null,
        message: null,
        reason: null,
      },
    ])
    await cache.get('w', run)
    expect(runs).toBe(3)
    await store.insertMetricSamples([
      { name: 'vllm:num_requests_waiting', labels: {}, timeUs: asMicros(T0), value: 1 },
    ])
    await cache.get('w', run)
    expect(runs).toBe(4)

    // More requests: the answer counts them.
    await store.upsertRequests(minuteOfRequests(T0 + MIN, 100, 2))
    const after = await cache.get('w', run)
    expect(runs).toBe(5)
    expect(after.diagnosis.requests).toBe(2 * a.diagnosis.requests)
  })

  it('does not keep a failed run, and diagnoses every time over a store that counts no commits', async () => {
    const store = await duckDb()
    const cache = createDiagnosisCache<DiagnoseResult>(store)
    await expect(cache.get('w', () => Promise.reject(new Error('boom')))).rejects.toThrow('boom')
    let runs = 0
    const run = () => {
      runs++
      return runDiagnosis(store, {})
    }
    await cache.get('w', run)
    expect(runs).toBe(1)

    const memory = createMemoryStore()
    const uncached = createDiagnosisCache<DiagnoseResult>(memory)
    const runMemory = () => {
      runs++
      return runDiagnosis(memory, {})
    }
    await uncached.get('w', runMemory)
    await uncached.get('w', runMemory)
    expect(runs).toBe(3)
  })

  it('GET /api/diagnosis and /api/concentration: a repeated query after new requests counts them', async () => {
    const store = await duckDb()
    const nowMs = T0 / 1000 + 10 * 60_000
    const app = createApp({
      store,
      ingest: createIngestPipeline({ store, logger: createSilentLogger(), now: () => nowMs }),
      logger: createSilentLogger(),
      now: () => nowMs,
      limits: { maxBodyBytes: 1 << 20 },
      version: 'test',
    })
    const requests = async (): Promise<unknown> => {
      const res = await app.request(
        `/api/diagnosis?from=${T0 / 1000}&to=${T0 / 1000 + 10 * 60_000}`
      )
      expect(res.status).toBe(200)
      return ((await res.json()) as { requests: unknown }).requests
    }
    const first = await requests()
    expect(await requests()).toBe(first)
    await store.upsertRequests(minuteOfRequests(T0 + MIN, 100, 2))
    expect(await requests()).toBe(2 * Number(first))

    // The concentration the same way: a repeat answers the same, new requests are counted.
    const concentration = async (): Promise<number> => {
      const res = await app.request(
        `/api/concentration?from=${T0 / 1000}&to=${T0 / 1000 + 10 * 60_000}&measure=ttft`
      )
      expect(res.status).toBe(200)
      return ((await res.json()) as { total: number }).total
    }
    const total = await concentration()
    expect(await concentration()).toBe(total)
    await store.upsertRequests(minuteOfRequests(T0 + 2 * MIN, 100, 2))
    expect(await concentration()).toBe(total + 100)
  })
})
