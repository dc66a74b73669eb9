/** Retention deletes only rows older than each table's age, in small batches, on both stores. */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { createSilentLogger } from '../../src/core/logger.js'
import type { Micros } from '../../src/core/model/units.js'
import { parseSloSettings } from '../../src/config/slo.js'
import { createChdbExecutor, isChdbAvailable } from '../../src/storage/clickhouse/chdb-executor.js'
import { createClickHouseStore } from '../../src/storage/clickhouse/clickhouse-store.js'
import { createClickHouseSloStore } from '../../src/storage/clickhouse/slo-store.js'
import { createDuckDbSloStore } from '../../src/storage/duckdb/slo-store.js'
import { createMemorySloStore } from '../../src/storage/memory/slo-store.js'
import { createRetention } from '../../src/alerts/retention.js'
import { createDuckDbStore } from '../../src/storage/duckdb/duckdb-store.js'
import { createMemoryStore } from '../../src/storage/memory/memory-store.js'
import type { SloStore } from '../../src/storage/slo-store.js'
import type { SpanStore } from '../../src/storage/span-store.js'
import { makeSpan } from '../../src/core/model/testing/builders.js'
import { makeTimeline } from '../../src/core/slo/testing/slo-requests.js'

const NOW_MS = Date.UTC(2025, 3, 1, 0, 0, 0)
const HOUR_US = 3_600_000_000
const ago = (hours: number): Micros => (NOW_MS * 1000 - hours * HOUR_US) as Micros

const stores: [string, () => Promise<{ store: SpanStore; sloStore: SloStore }>][] = [
  ['memory', async () => ({ store: createMemoryStore(), sloStore: createMemorySloStore() })],
  [
    'duckdb',
    async () => {
      const store = await createDuckDbStore({ path: ':memory:' })
      return { store, sloStore: await createDuckDbSloStore(store) }
    },
  ],
]
// ClickHouse through the optional chdb package, when it is installed.
if (await isChdbAvailable()) {
  const dir = mkdtempSync(join(tmpdir(), 'tokenline-chdb-retention-'))
  afterAll(() => rmSync(dir, { recursive: true, force: true }))
  let n = 0
  stores.push([
    'clickhouse (chdb)',
    async () => {
      const store = await createClickHouseStore({
        executor: await createChdbExecutor(dir),
        database: `retention_${process.pid}_${++n}`,
      })
      return { store, sloStore: createClickHouseSloStore(store) }
    },
  ])
}

describe.each(stores)('retention on the %s store', (_name, makeStore) => {
  it('deletes old rows per table and keeps the rest', async () => {
    const { store, sloStore } = await makeStore()
    try {
      // 7 old and 3 recent of everything; batches of 2 force several rounds.
      const hours = [30, 29, 28, 27, 26, 25, 24.5, 2, 1, 0.5]
      const requests = hours.map((h) =>
        makeTimeline({ startUs: ago(h), ttftMs: 100, e2eMs: 500, dims: { model: 'm' } })
      )
      await store.upsertRequests(requests)
      // One write per trace, as exporters send them: the DuckDB store deletes whole writes
      // (ADR 0395).
      for (const r of requests) {
        await store.insertSpans([makeSpan({ traceId: r.traceId, startUs: r.startUs })])
      }
      await store.insertMetricSamples(
        hours.map((h) => ({
          name: 'vllm:num_requests_waiting',
          labels: { pod: 'p' },
          timeUs: ago(h),
          value: h,
        }))
      )
      await store.insertEvents(
        hours.map((h) => ({
          timeUs: ago(h),
          kind: 'deploy' as const,
          model: null,
          version: null,
          replica: null,
          node: null,
          message: null,
          reason: null,
        }))
      )
      await sloStore.insertSamples(
        requests.map((r, i) => ({
          traceId: r.traceId,
          tier: 't',
          kind: 'slow' as const,
          reasons: ['slowest:ttft'],
          keptAtUs: r.startUs,
          request: { ...r, startUs: ago(i < 2 ? 24 * 40 : 1) },
          spans: [],
          resources: [],
        }))
      )
      const settings = parseSloSettings({
        retention: {
          spans: '1d',
          requests: '1d',
          metricSamples: '1d',
          samples: '30d',
          batchRows: 2,
        },
      }).retention
      const retention = createRetention({ store, sloStore, settings, logger: createSilentLogger() })
      const run = await retention.runOnce(NOW_MS)
      expect(run.deleted).toEqual({ spans: 7, requests: 7, metric_samples: 7, samples: 2 })
      expect(run.more).toBe(false)
      const stats = await store.stats()
      expect(stats).toMatchObject({ spans: 3, requests: 3, metricSamples: 3, events: 10 })
      const left = await store.queryRequests({})
      expect(left.rows.every((r) => r.startUs >= ago(24))).toBe(true)
      expect((await sloStore.stats()).samples).toBe(8)
      // A second run finds nothing more to delete.
      expect((await retention.runOnce(NOW_MS)).deleted).toEqual({})
      expect(retention.totals()).toEqual({ spans: 7, requests: 7, metric_samples: 7, samples: 2 })
    } finally {
      await store.close()
    }
  })

  it('stops after its batch budget and reports more to do', async () => {
    const { store, sloStore } = await makeStore()
    try {
      await store.insertEvents(
        Array.from({ length: 9 }, (_, i) => ({
          timeUs: ago(50 + i),
          kind: 'scale' as const,
          model: null,
          version: null,
          replica: null,
          node: null,
          message: null,
          reason: null,
        }))
      )
      const settings = parseSloSettings({ retention: { events: '1d', batchRows: 2 } }).retention
      const retention = createRetention({
        store,
        sloStore,
        settings,
        logger: createSilentLogger(),
        maxBatchesPerRun: 2,
      })
      const run = await retention.runOnce(NOW_MS)
      expect(run).toMatchObject({ deleted: { events: 4 }, more: true })
      expect((await store.stats()).events).toBe(5)
    } finally {
      await store.close()
    }
  })
})
