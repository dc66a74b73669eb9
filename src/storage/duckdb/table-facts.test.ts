import { describe, expect, it } from 'vitest'
import type { ChangeEvent } from '../../core/model/event.js'
import { makeRequest, makeSpan } from '../../core/model/testing/builders.js'
import { asMicros } from '../../core/model/units.js'
import { createDuckDbStore, duckDbSharedOf, type DuckDbShared } from './duckdb-store.js'

// The counts, the extent and the metric names a DuckDB store keeps once read (ADR 0392): read
// again, they come without a scan of any table (a change made behind the store's back, through
// its shared connection, does not show); every write through the store shows at once, and a
// read that ran beside a write is not kept.
const T0 = 1_700_000_000_000_000
const SEC = 1_000_000

const open = async () => {
  const store = await createDuckDbStore({ path: ':memory:', threads: 1 })
  return { store, shared: duckDbSharedOf(store) as DuckDbShared }
}

const request = (id: number, startUs: number) =>
  makeRequest({
    traceId: `fac7${String(id).padStart(28, '0')}`,
    startUs: asMicros(startUs),
    endUs: asMicros(startUs + 2 * SEC),
  })

const sample = (name: string, timeUs: number) => ({
  name,
  labels: {},
  timeUs: asMicros(timeUs),
  value: 1,
})

const event = (timeUs: number): ChangeEvent => ({
  timeUs: asMicros(timeUs),
  kind: 'deploy',
  model: null,
  version: 'v2',
  replica: null,
  node: null,
  message: null,
  reason: null,
})

describe('facts a DuckDB store keeps', () => {
  it('answers stats, extent and the metric list again without reading a table', async () => {
    const { store, shared } = await open()
    try {
      await store.upsertRequests([request(1, T0), request(2, T0 + 10 * SEC)])
      await store.insertMetricSamples([sample('vllm:num_requests_waiting', T0 + SEC)])
      await store.upsertMetricFamilies([
        { name: 'vllm:num_requests_waiting', type: 'gauge', help: 'waiting', unit: null },
        { name: 'vllm:kv_cache_usage_perc', type: 'gauge', help: null, unit: null },
      ])
      const stats = await store.stats()
      const extent = await store.extent()
      const metrics = await store.listMetrics()
      expect(stats.requests).toBe(2)
      expect(stats.metricSamples).toBe(1)
      expect(extent).toEqual({ startUs: T0, endUs: T0 + 12 * SEC })
      expect(metrics).toEqual([
        { name: 'vllm:kv_cache_usage_perc', type: 'gauge', help: null, unit: null },
        { name: 'vllm:num_requests_waiting', type: 'gauge', help: 'waiting', unit: null },
      ])

      // Behind the store's back: a rescan would see empty tables.
      await shared.write(async (c) => {
        await c.run('DELETE FROM request_rows')
        await c.run('DELETE FROM metric_samples')
        await c.run('DELETE FROM metric_families')
      })
      expect(await store.stats()).toEqual(stats)
      expect(await store.extent()).toEqual(extent)
      expect(await store.listMetrics()).toEqual(metrics)
    } finally {
      await store.close()
    }
  })

  it('shows every write through the store at once', async () => {
    const { store } = await open()
    try {
      expect(await store.extent()).toBeNull()
      expect(await store.listMetrics()).toEqual([])

      await store.insertSpans([makeSpan({ startUs: asMicros(T0 - 5 * SEC) })])
      expect((await store.stats()).spans).toBe(1)
      expect(await store.extent()).toEqual({ startUs: T0 - 5 * SEC, endUs: T0 - 5 * SEC + 1000 })

      await store.upsertRequests([request(1, T0)])
      expect((await store.stats()).requests).toBe(1)
      expect((await store.extent())?.endUs).toBe(T0 + 2 * SEC)

      await store.insertMetricSamples([sample('a', T0 + 20 * SEC)])
      expect((await store.stats()).metricSamples).toBe(1)
      expect((await store.extent())?.endUs).toBe(T0 + 20 * SEC)
      expect((await store.listMetrics()).map((m) => m.name)).toEqual(['a'])
      await store.insertMetricSamples([sample('b', T0 + 21 * SEC)])
      expect((await store.listMetrics()).map((m) => m.name)).toEqual(['a', 'b'])
      await store.upsertMetricFamilies([{ name: 'b', type: 'counter', help: 'bees', unit: null }])
      expect((await store.listMetrics())[1]).toEqual({
        name: 'b',
        type: 'counter',
        help: 'bees',
        unit: null,
      })

      await store.insertEvents([event(T0 + 30 * SEC)])
      expect((await store.stats()).events).toBe(1)
      expect((await store.extent())?.endUs).toBe(T0 + 30 * SEC)

      // Retention: the span goes, and so does the only sample of `a`.
      expect(await store.deleteBefore('spans', asMicros(T0), 100)).toBe(1)
      expect((await store.stats()).spans).toBe(0)
      expect((await store.extent())?.startUs).toBe(T0)
      expect(await store.deleteBefore('metric_samples', asMicros(T0 + 21 * SEC), 100)).toBe(1)
      expect((await store.stats()).metricSamples).toBe(1)
      expect((await store.listMetrics()).map((m) => m.name)).toEqual(['b'])
    } finally {
      await store.close()
    }
  })

  it('does not keep a read that ran beside a write', async () => {
    const { store } = await open()
    try {
      await store.upsertRequests([request(1, T0)])
      // Asked before the write is queued, answered before or after its commit: either way the
      // next ask sees the write.
      const [before] = await Promise.all([
        store.stats(),
        store.upsertRequests([request(2, T0 + SEC)]),
      ])
      expect([1, 2]).toContain(before.requests)
      expect((await store.stats()).requests).toBe(2)

      const [names] = await Promise.all([
        store.listMetrics(),
        store.insertMetricSamples([sample('late', T0)]),
      ])
      expect(names.length).toBeLessThanOrEqual(1)
      expect((await store.listMetrics()).map((m) => m.name)).toEqual(['late'])
    } finally {
      await store.close()
    }
  })
})
