import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createSilentLogger } from '../../core/logger.js'
import { makeRequest } from '../../core/model/testing/builders.js'
import type { Micros } from '../../core/model/units.js'
import { createIngestPipeline } from '../../ingest/pipeline/pipeline.js'
import { createDuckDbStore } from '../../storage/duckdb/duckdb-store.js'
import { requestRollupOf } from '../../storage/rollup/request-rollup.js'
import type { SpanStore } from '../../storage/span-store.js'
import { createApp } from '../app.js'

// The slowest-first page bounded by the rollup (ADR 0212) against the store's plain sort: the
// same rows in the same order, ties and missing values included, and the same total.
const T0 = 1_700_000_000_000_000
const MIN = 60_000_000

describe('GET /api/requests, slowest first over a rollup', () => {
  let store: SpanStore
  let app: ReturnType<typeof createApp>
  beforeAll(async () => {
    store = await createDuckDbStore({ path: ':memory:' })
    let seed = 7
    const rand = (): number => {
      seed = (seed * 1103515245 + 12345) % 2147483648
      return seed / 2147483648
    }
    await store.upsertRequests(
      Array.from({ length: 4000 }, (_, i) => {
        // Ties: values on a 1 ms grid; every 9th request has no TPOT.
        const ttftUs = 1000 * Math.round(20 + rand() * 400)
        return makeRequest({
          traceId: (i + 1).toString(16).padStart(32, '0'),
          startUs: (T0 + Math.floor(rand() * 20 * MIN)) as Micros,
          ttftUs: ttftUs as Micros,
          tpotUs: (i % 9 === 0 ? null : 1000 * Math.round(5 + rand() * 30)) as Micros | null,
          e2eUs: (ttftUs * 4) as Micros,
          dims: { tenant: `t${i % 3}` },
        })
      })
    )
    const now = () => T0 / 1000 + 30 * 60_000
    app = createApp({
      store,
      ingest: createIngestPipeline({ store, logger: createSilentLogger(), now }),
      logger: createSilentLogger(),
      now,
      limits: { maxBodyBytes: 1 << 20 },
      version: 'test',
    })
  })
  afterAll(async () => {
    await store.close()
  })

  const ids = async (query: string): Promise<{ total: number; ids: string[] }> => {
    const res = await app.request(`/api/requests?${query}`)
    expect(res.status).toBe(200)
    const body = (await res.json()) as { total: number; rows: { trace_id: string }[] }
    return { total: body.total, ids: body.rows.map((r) => r.trace_id) }
  }

  it.each([
    ['sort=ttft&dir=desc&limit=20', 'ttft'],
    ['sort=tpot&dir=desc&limit=20&offset=40', 'tpot'],
    ['sort=e2e&dir=desc&limit=50&tenant=t1', 'e2e'],
  ] as const)('%s: the plain sort’s rows and total', async (query, measure) => {
    const from = T0 / 1000 + 60_000
    const to = T0 / 1000 + 19 * 60_000
    const rollupReads = (): number => {
      const stats = requestRollupOf(store)?.stats
      return (stats?.bucketsFilled ?? 0) + (stats?.bucketsServed ?? 0)
    }
    const before = rollupReads()
    const got = await ids(`${query}&from=${from}&to=${to}`)
    // The rollup was read: the bounded path answered, not the plain sort alone.
    expect(rollupReads()).toBeGreaterThan(before)
    const params = new URLSearchParams(query)
    const plain = await store.queryRequests({
      fromUs: (from * 1000) as Micros,
      toUs: (to * 1000) as Micros,
      sortBy: measure,
      sortDir: 'desc',
      limit: Number(params.get('limit')),
      offset: Number(params.get('offset') ?? 0),
      ...(params.has('tenant') ? { filters: { tenant: [params.get('tenant') as string] } } : {}),
    })
    expect(got.ids).toEqual(plain.rows.map((r) => r.traceId))
    expect(got.total).toBe(plain.total)
  })
})
