/**
 * The conformance suite every `SpanStore` adapter must pass. Each adapter's test file calls
 * `runSpanStoreConformance(name, makeStore)`; it never runs on its own.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { DIMENSIONS } from '../../core/model/request.js'
import type { MetricSample } from '../../core/model/metric.js'
import type { Span } from '../../core/model/span.js'
import type { Micros } from '../../core/model/units.js'
import type { SpanStore } from '../span-store.js'
import { makeRequest, makeSpan, hexId } from '../../core/model/testing/builders.js'

const T0 = 1_700_000_000_000_000
const SEC = 1_000_000
const us = (n: number): Micros => n as Micros

function sample(
  name: string,
  labels: Record<string, string>,
  tSec: number,
  value: number
): MetricSample {
  return { name, labels, timeUs: us(T0 + tSec * SEC), value }
}

function decodeAll(c: { codes: Int32Array; values: string[] } | undefined): (string | null)[] {
  return [...(c?.codes ?? [])].map((code) => (code < 0 ? null : (c?.values[code] ?? null)))
}

function bySpanId(a: Span, b: Span): number {
  return a.spanId < b.spanId ? -1 : 1
}

/** Registers the shared suite for one adapter. `makeStore` must return a new, empty store. */
export function runSpanStoreConformance(name: string, makeStore: () => Promise<SpanStore>): void {
  describe(`SpanStore conformance: ${name}`, () => {
    let store: SpanStore

    beforeEach(async () => {
      store = await makeStore()
    })
    afterEach(async () => {
      await store.close()
    })

    it('answers an empty store with empty results, no extent and zero counts', async () => {
      expect(await store.getSpans([hexId(1, 32)])).toEqual([])
      expect(await store.getRequest(hexId(1, 32))).toBeNull()
      expect(await store.queryRequests({})).toEqual({ total: 0, rows: [] })
      expect(await store.percentiles({ measures: ['ttft'], quantiles: [0.5] })).toEqual([])
      expect(
        await store.percentiles({
          measures: ['e2e'],
          quantiles: [0.99],
          groupBy: 'replica',
          stepUs: us(60 * SEC),
        })
      ).toEqual([])
      expect(await store.querySeries({ name: 'x' })).toEqual([])
      expect(await store.querySeries({ name: 'x', fn: 'rate' })).toEqual([])
      expect(
        await store.querySeries({ name: 'x', fn: 'histogram_quantile', quantile: 0.9 })
      ).toEqual([])
      expect(await store.listMetrics()).toEqual([])
      expect(await store.queryEvents({})).toEqual([])
      expect(await store.extent()).toBeNull()
      const stats = await store.stats()
      expect({ ...stats, bytes: 0 }).toEqual({
        spans: 0,
        requests: 0,
        metricSamples: 0,
        events: 0,
        bytes: 0,
      })
      expect(stats.bytes === null || Number.isFinite(stats.bytes)).toBe(true)
      const batches: unknown[] = []
      for await (const batch of store.scanRequests({})) {
        batches.push(batch)
      }
      expect(batches).toEqual([])
    })

    it('round-trips spans with nested attributes, events and resources', async () => {
      const a = makeSpan({
        traceId: hexId(1, 32),
        spanId: hexId(1, 16),
        name: 'chat llama',
        kind: 3,
        startUs: us(T0 + 123),
        endUs: us(T0 + 456_789),
        statusCode: 2,
        statusMessage: 'upstream "timeout"\n',
        attributes: {
          'gen_ai.request.model': 'llama-3',
          'gen_ai.usage.input_tokens': 1234,
          'gen_ai.latency.time_to_first_token': 0.125,
          'http.ok': true,
          nothing: null,
          list: [1, 'two', false, [3]],
          nested: { inner: { deep: 'ü ✓', n: -1.5 }, empty: {} },
          'quote\'s "key"': 'x',
        },
        resource: { 'service.name': 'gateway', 'k8s.pod.name': 'gw-0', tags: ['a', 'b'] },
        scopeName: 'tokenline.probe',
        scopeVersion: '1.2.3',
        events: [
          { timeUs: us(T0 + 200), name: 'first_token', attributes: { n: 1, deep: { x: [null] } } },
          { timeUs: us(T0 + 300), name: 'done', attributes: {} },
        ],
      })
      const b = makeSpan({
        traceId: hexId(1, 32),
        spanId: hexId(2, 16),
        parentSpanId: hexId(1, 16),
      })
      const c = makeSpan({ traceId: hexId(2, 32), spanId: hexId(3, 16) })
      const d = makeSpan({ traceId: hexId(3, 32), spanId: hexId(4, 16) })
      await store.insertSpans([a, b])
      await store.insertSpans([c, d])
      await store.insertSpans([])
      expect((await store.getSpans([hexId(1, 32)])).sort(bySpanId)).toEqual([a, b])
      expect(
        (await store.getSpans([hexId(1, 32), hexId(3, 32), hexId(9, 32)])).sort(bySpanId)
      ).toEqual([a, b, d])
      expect(await store.getSpans([])).toEqual([])
      expect((await store.stats()).spans).toBe(4)
    })

    it('lists traces whose spans were stored but never assembled, since a time', async () => {
      const t0 = 1_700_000_000_000_000
      await store.insertSpans([
        makeSpan({ traceId: hexId(20, 32), spanId: hexId(1, 16), startUs: t0 as Micros }),
        makeSpan({
          traceId: hexId(21, 32),
          spanId: hexId(2, 16),
          startUs: (t0 + 5_000_000) as Micros,
        }),
        makeSpan({
          traceId: hexId(22, 32),
          spanId: hexId(3, 16),
          startUs: (t0 + 9_000_000) as Micros,
        }),
      ])
      await store.upsertRequests([makeRequest({ traceId: hexId(21, 32) })])
      const all = await store.unassembledTraceIds((t0 - 1) as Micros, 10)
      expect(all.sort()).toEqual([hexId(20, 32), hexId(22, 32)])
      expect(await store.unassembledTraceIds((t0 + 1) as Micros, 10)).toEqual([hexId(22, 32)])
      expect(await store.unassembledTraceIds((t0 - 1) as Micros, 1)).toHaveLength(1)
    })

    it('returns a span stored twice once, the last stored copy', async () => {
      const first = makeSpan({ traceId: hexId(5, 32), spanId: hexId(1, 16), name: 'first' })
      const other = makeSpan({ traceId: hexId(5, 32), spanId: hexId(2, 16) })
      await store.insertSpans([first, other])
      await store.insertSpans([{ ...first, name: 'retried' }])
      const spans = (await store.getSpans([hexId(5, 32)])).sort(bySpanId)
      expect(spans.map((s) => s.name)).toEqual(['retried', other.name])
    })

    it('deletes up to maxRows rows older than a time, per table', async () => {
      // One write per span: a store may keep a write's spans until its newest one is old enough
      // (the DuckDB store, ADR 0395).
      for (const n of [1, 2, 3]) {
        await store.insertSpans([
          makeSpan({
            traceId: hexId(n, 32),
            spanId: hexId(n, 16),
            startUs: us(T0 + n * SEC),
            endUs: us(T0 + n * SEC + 500_000),
          }),
        ])
      }
      await store.upsertRequests(
        [1, 2, 3].map((n) =>
          makeRequest({
            traceId: hexId(n, 32),
            startUs: us(T0 + n * SEC),
            endUs: us(T0 + n * SEC + 500_000),
          })
        )
      )
      await store.insertMetricSamples([1, 2, 3].map((n) => sample('up', { pod: 'a' }, n, n)))
      const ev = (n: number) => ({
        timeUs: us(T0 + n * SEC),
        kind: 'deploy' as const,
        model: null,
        version: null,
        replica: null,
        node: null,
        message: String(n),
        reason: null,
      })
      await store.insertEvents([ev(1), ev(2), ev(3)])
      for (const table of ['spans', 'requests', 'metric_samples', 'events'] as const) {
        expect(await store.deleteBefore(table, us(T0 + 3 * SEC), 1), table).toBe(1)
        expect(await store.deleteBefore(table, us(T0 + 3 * SEC), 10), table).toBe(1)
        expect(await store.deleteBefore(table, us(T0 + 3 * SEC), 10), table).toBe(0)
      }
      expect(await store.stats()).toMatchObject({
        spans: 1,
        requests: 1,
        metricSamples: 1,
        events: 1,
      })
      expect(
        (await store.getSpans([1, 2, 3].map((n) => hexId(n, 32)))).map((s) => s.traceId)
      ).toEqual([hexId(3, 32)])
      expect((await store.queryEvents({})).map((e) => e.message)).toEqual(['3'])
      expect(await store.extent()).toEqual({ startUs: T0 + 3 * SEC, endUs: T0 + 3 * SEC + 500_000 })
    })

    it('round-trips a request with every field and replaces it on upsert', async () => {
      const full = makeRequest({
        traceId: hexId(7, 32),
        startUs: us(T0),
        endUs: us(T0 + 5 * SEC),
        dims: {
          model: 'm',
          version: 'v1',
          replica: 'r-0',
          node: 'n-1',
          tenant: 't',
          route: '/v1/chat',
          region: 'eu',
          gateway: 'gw',
        },
        stages: { 'client.dns': 10, 'gateway.queue': 2000, 'engine.prefill': 30000, stream: 0 },
        downstreamName: 'postgresql',
        ttftUs: us(150_000),
        ttftSource: 'client',
        tpotUs: us(20_000),
        itlMaxUs: us(90_000),
        e2eUs: us(5 * SEC),
        inputTokens: 512,
        outputTokens: 128,
        cachedTokens: 0,
        status: 200,
        errorType: null,
        retries: 1,
        connectionReused: false,
        tlsResumed: true,
        hasClient: true,
        hasGateway: true,
        hasEngine: false,
        spanCount: 4,
      })
      await store.upsertRequests([full])
      expect(await store.getRequest(full.traceId)).toEqual(full)
      const replaced = makeRequest({
        traceId: full.traceId,
        startUs: us(T0 + SEC),
        errorType: 'http_503',
        status: 503,
        dims: { model: 'other' },
      })
      await store.upsertRequests([replaced])
      expect(await store.getRequest(full.traceId)).toEqual(replaced)
      expect((await store.stats()).requests).toBe(1)
      // The same trace twice in one batch: the later one wins.
      const later = { ...replaced, spanCount: 9 }
      await store.upsertRequests([replaced, later])
      expect(await store.getRequest(full.traceId)).toEqual(later)
      expect((await store.queryRequests({})).total).toBe(1)
      // Requests the caller vouches are new are stored like any other; later upserts replace them.
      const fresh = { ...full, traceId: hexId(77, 32) }
      await store.upsertRequests([fresh], { newTraces: true })
      expect(await store.getRequest(fresh.traceId)).toEqual(fresh)
      await store.upsertRequests([{ ...fresh, spanCount: 2 }])
      expect(await store.getRequest(fresh.traceId)).toEqual({ ...fresh, spanCount: 2 })
      expect((await store.queryRequests({})).total).toBe(2)
    })

    it('filters requests by each dimension, by several values and by time (half-open)', async () => {
      const reqs = DIMENSIONS.flatMap((dim, i) => [
        makeRequest({
          traceId: hexId(i * 2 + 1, 32),
          startUs: us(T0 + i * SEC),
          dims: { [dim]: 'x' },
        }),
        makeRequest({
          traceId: hexId(i * 2 + 2, 32),
          startUs: us(T0 + i * SEC),
          dims: { [dim]: 'y' },
        }),
      ])
      await store.upsertRequests(reqs)
      for (const [i, dim] of DIMENSIONS.entries()) {
        const page = await store.queryRequests({ filters: { [dim]: ['x'] } })
        expect(page.total, dim).toBe(1)
        expect(page.rows.map((r) => r.traceId)).toEqual([hexId(i * 2 + 1, 32)])
        const both = await store.queryRequests({ filters: { [dim]: ['x', 'y'] } })
        expect(both.total, dim).toBe(2)
      }
      const combined = await store.queryRequests({ filters: { model: ['x'], replica: ['x'] } })
      expect(combined.total).toBe(0)
      expect((await store.queryRequests({ filters: { model: [] } })).total).toBe(reqs.length)
      const window = await store.queryRequests({ fromUs: us(T0 + SEC), toUs: us(T0 + 3 * SEC) })
      expect(window.rows.map((r) => r.traceId).sort()).toEqual(
        [3, 4, 5, 6].map((n) => hexId(n, 32))
      )
      await expect(
        store.queryRequests({ filters: { colour: ['x'] } as never })
      ).rejects.toMatchObject({ code: 'QUERY_INVALID' })
    })

    it('sorts by a stage with requests lacking it last, pages with limit and offset', async () => {
      const values = [300, null, 100, 200, null, 100]
      await store.upsertRequests(
        values.map((v, i) =>
          makeRequest({
            traceId: hexId(i + 1, 32),
            startUs: us(T0 + i),
            stages: { 'gateway.queue': v },
          })
        )
      )
      const ids = (rows: { traceId: string }[]) => rows.map((r) => Number.parseInt(r.traceId, 16))
      const asc = await store.queryRequests({ sortBy: 'gateway.queue', sortDir: 'asc' })
      expect(ids(asc.rows)).toEqual([3, 6, 4, 1, 2, 5])
      const desc = await store.queryRequests({ sortBy: 'gateway.queue', sortDir: 'desc' })
      expect(ids(desc.rows)).toEqual([1, 4, 3, 6, 2, 5])
      const page = await store.queryRequests({
        sortBy: 'gateway.queue',
        sortDir: 'desc',
        limit: 2,
        offset: 2,
      })
      expect(page.total).toBe(6)
      expect(ids(page.rows)).toEqual([3, 6])
      const beyond = await store.queryRequests({ limit: 10, offset: 10 })
      expect(beyond).toEqual({ total: 6, rows: [] })
      const byStart = await store.queryRequests({})
      expect(ids(byStart.rows)).toEqual([6, 5, 4, 3, 2, 1])
      await expect(store.queryRequests({ limit: -1 })).rejects.toMatchObject({
        code: 'QUERY_INVALID',
      })
    })

    it('keeps only requests whose measure lies in a value range', async () => {
      const values = [300, null, 100, 200, null, 150]
      await store.upsertRequests(
        values.map((v, i) =>
          makeRequest({
            traceId: hexId(i + 1, 32),
            startUs: us(T0 + i),
            stages: { 'gateway.queue': v },
          })
        )
      )
      const ids = (rows: { traceId: string }[]) => rows.map((r) => Number.parseInt(r.traceId, 16))
      const both = await store.queryRequests({
        valueRange: { measure: 'gateway.queue', minUs: 150, maxUs: 300 },
        sortBy: 'gateway.queue',
        sortDir: 'desc',
      })
      expect(both.total).toBe(2)
      expect(ids(both.rows)).toEqual([4, 6])
      const atLeast = await store.queryRequests({
        valueRange: { measure: 'gateway.queue', minUs: 200 },
        sortBy: 'start',
        sortDir: 'asc',
      })
      expect(ids(atLeast.rows)).toEqual([1, 4])
      const any = await store.queryRequests({ valueRange: { measure: 'gateway.queue' } })
      expect(any.total).toBe(4)
      await expect(
        store.queryRequests({ valueRange: { measure: 'colour' as never } })
      ).rejects.toMatchObject({ code: 'QUERY_INVALID' })
    })

    it('scans requests in start order in batches', async () => {
      await store.upsertRequests(
        [5, 1, 4, 2, 3].map((n) =>
          makeRequest({
            traceId: hexId(n, 32),
            startUs: us(T0 + n * SEC),
            dims: { model: n === 4 ? 'b' : 'a' },
          })
        )
      )
      const batches: string[][] = []
      for await (const batch of store.scanRequests({ filters: { model: ['a'] } }, 2)) {
        batches.push(batch.map((r) => r.traceId))
      }
      expect(batches).toEqual([
        [hexId(1, 32), hexId(2, 32)],
        [hexId(3, 32), hexId(5, 32)],
      ])
    })

    it('computes nearest-rank percentiles exactly', async () => {
      await store.upsertRequests(
        Array.from({ length: 100 }, (_, i) =>
          makeRequest({
            traceId: hexId(i + 1, 32),
            startUs: us(T0 + i),
            ttftUs: us(100 - i),
            e2eUs: i < 10 ? us((i + 1) * 10) : null,
          })
        )
      )
      const rows = await store.percentiles({
        measures: ['ttft', 'e2e'],
        quantiles: [0, 0.07, 0.5, 0.9, 0.95, 0.99, 1],
      })
      expect(rows).toEqual([
        {
          measure: 'ttft',
          group: null,
          bucketStartUs: null,
          count: 100,
          values: [1, 7, 50, 90, 95, 99, 100],
        },
        // n = 10: rank ceil(q·n) → p95 is the 10th value, p50 the 5th, p7 the 1st.
        {
          measure: 'e2e',
          group: null,
          bucketStartUs: null,
          count: 10,
          values: [10, 10, 50, 90, 100, 100, 100],
        },
      ])
      await expect(
        store.percentiles({ measures: ['ttft'], quantiles: [1.5] })
      ).rejects.toMatchObject({ code: 'QUERY_INVALID' })
      await expect(store.percentiles({ measures: ['ttft'], quantiles: [] })).rejects.toMatchObject({
        code: 'QUERY_INVALID',
      })
    })

    it('groups percentiles by a dimension (null group last) and by time step', async () => {
      const reqs = Array.from({ length: 30 }, (_, i) =>
        makeRequest({
          traceId: hexId(i + 1, 32),
          startUs: us(T0 + (i % 3) * 60 * SEC + i),
          dims: { replica: i % 2 === 0 ? 'r-b' : i % 5 === 0 ? null : 'r-a' },
          ttftUs: us(i + 1),
        })
      )
      await store.upsertRequests(reqs)
      const grouped = await store.percentiles({
        measures: ['ttft'],
        quantiles: [0.5, 1],
        groupBy: 'replica',
      })
      const expected = (pred: (i: number) => boolean) => {
        const vals = reqs
          .map((_, i) => i)
          .filter(pred)
          .map((i) => i + 1)
        return {
          count: vals.length,
          values: [vals[Math.ceil(vals.length / 2) - 1], vals[vals.length - 1]],
        }
      }
      expect(grouped).toEqual([
        {
          measure: 'ttft',
          group: 'r-a',
          bucketStartUs: null,
          ...expected((i) => i % 2 === 1 && i % 5 !== 0),
        },
        { measure: 'ttft', group: 'r-b', bucketStartUs: null, ...expected((i) => i % 2 === 0) },
        {
          measure: 'ttft',
          group: null,
          bucketStartUs: null,
          ...expected((i) => i % 2 === 1 && i % 5 === 0),
        },
      ])
      const stepped = await store.percentiles({
        measures: ['ttft'],
        quantiles: [0.5],
        stepUs: us(60 * SEC),
      })
      const base = Math.floor(T0 / (60 * SEC)) * 60 * SEC
      expect(stepped.map((r) => [r.bucketStartUs, r.count])).toEqual([
        [base, 10],
        [base + 60 * SEC, 10],
        [base + 120 * SEC, 10],
      ])
      // Bucket 1 holds i = 1, 4, …, 28 (values 2, 5, …, 29): the 5th of 10 is 14.
      expect(stepped[1]?.values).toEqual([14])
    })

    it('returns raw series filtered by name, labels and time', async () => {
      await store.insertMetricSamples([
        sample('vllm:num_requests_waiting', { pod: 'a' }, 0, 1),
        sample('vllm:num_requests_waiting', { pod: 'a' }, 15, 2),
        sample('vllm:num_requests_waiting', { pod: 'b' }, 0, 5),
        sample('vllm:num_requests_running', { pod: 'a' }, 0, 9),
        sample('vllm:num_requests_waiting', { pod: 'a' }, 30, 3),
      ])
      const all = await store.querySeries({ name: 'vllm:num_requests_waiting' })
      expect(all).toEqual([
        {
          name: 'vllm:num_requests_waiting',
          labels: { pod: 'a' },
          points: [0, 15, 30].map((t, i) => ({ timeUs: T0 + t * SEC, value: i + 1 })),
        },
        {
          name: 'vllm:num_requests_waiting',
          labels: { pod: 'b' },
          points: [{ timeUs: T0, value: 5 }],
        },
      ])
      const a = await store.querySeries({
        name: 'vllm:num_requests_waiting',
        labels: { pod: 'a' },
        fromUs: us(T0 + 10 * SEC),
        toUs: us(T0 + 30 * SEC),
      })
      expect(a).toEqual([
        {
          name: 'vllm:num_requests_waiting',
          labels: { pod: 'a' },
          points: [{ timeUs: T0 + 15 * SEC, value: 2 }],
        },
      ])
      expect((await store.stats()).metricSamples).toBe(5)
    })

    it('computes a per-second rate per step, treating a decrease as a counter reset', async () => {
      const values = [0, 15, 30, 45, 15, 30, 45, 60]
      const start = Math.ceil(T0 / (60 * SEC)) * 60 * SEC
      await store.insertMetricSamples(
        values.map((v, i) => ({
          name: 'vllm:prompt_tokens_total',
          labels: { pod: 'a' },
          timeUs: us(start + i * 15 * SEC),
          value: v,
        }))
      )
      const [series, ...rest] = await store.querySeries({
        name: 'vllm:prompt_tokens_total',
        fn: 'rate',
        stepUs: us(60 * SEC),
      })
      expect(rest).toEqual([])
      expect(series?.labels).toEqual({ pod: 'a' })
      expect(series?.points.map((p) => p.timeUs)).toEqual([start, start + 60 * SEC])
      expect(series?.points[0]?.value).toBeCloseTo(1, 9)
      expect(series?.points[1]?.value).toBeCloseTo(1, 9)
    })

    it('computes histogram_quantile from _bucket series grouped by all labels but le', async () => {
      const start = Math.ceil(T0 / (60 * SEC)) * 60 * SEC
      const bounds: [string, number][] = [
        ['0.1', 10],
        ['0.5', 60],
        ['1', 90],
        ['+Inf', 100],
      ]
      const samples: MetricSample[] = []
      for (const pod of ['a', 'b']) {
        for (const [le, count] of bounds) {
          const labels = { pod, le, model_name: 'm' }
          samples.push({
            name: 'vllm:time_to_first_token_seconds_bucket',
            labels,
            timeUs: us(start),
            value: 0,
          })
          samples.push({
            name: 'vllm:time_to_first_token_seconds_bucket',
            labels,
            timeUs: us(start + 30 * SEC),
            value: pod === 'a' ? count : count * 2,
          })
        }
      }
      samples.push({
        name: 'vllm:time_to_first_token_seconds_sum',
        labels: { pod: 'a', model_name: 'm' },
        timeUs: us(start),
        value: 3,
      })
      await store.insertMetricSamples(samples)
      const q = async (quantile: number, labels?: Record<string, string>) =>
        store.querySeries({
          name: 'vllm:time_to_first_token_seconds',
          fn: 'histogram_quantile',
          quantile,
          labels,
          stepUs: us(60 * SEC),
        })
      const median = await q(0.5)
      expect(median.map((s) => s.labels)).toEqual([
        { model_name: 'm', pod: 'a' },
        { model_name: 'm', pod: 'b' },
      ])
      expect(median[0]?.name).toBe('vllm:time_to_first_token_seconds')
      expect(median[0]?.points).toHaveLength(1)
      expect(median[0]?.points[0]?.timeUs).toBe(start)
      expect(median[0]?.points[0]?.value).toBeCloseTo(0.42, 9)
      expect(median[1]?.points[0]?.value).toBeCloseTo(0.42, 9)
      const p75 = await q(0.75, { pod: 'b' })
      expect(p75).toHaveLength(1)
      expect(p75[0]?.points[0]?.value).toBeCloseTo(0.75, 9)
      // Rank inside the +Inf bucket: the largest finite bound.
      expect((await q(0.99, { pod: 'a' }))[0]?.points[0]?.value).toBe(1)
      expect((await q(0.05, { pod: 'a' }))[0]?.points[0]?.value).toBeCloseTo(0.05, 9)
    })

    it('records metric families and lists stored metric names', async () => {
      await store.upsertMetricFamilies([
        {
          name: 'vllm:e2e_request_latency_seconds',
          type: 'histogram',
          help: 'E2E',
          unit: 'seconds',
        },
      ])
      await store.upsertMetricFamilies([
        {
          name: 'vllm:e2e_request_latency_seconds',
          type: 'histogram',
          help: 'End to end',
          unit: 'seconds',
        },
      ])
      await store.insertMetricSamples([
        sample('vllm:e2e_request_latency_seconds_bucket', { le: '1' }, 0, 1),
        sample('vllm:e2e_request_latency_seconds_count', {}, 0, 1),
        sample('DCGM_FI_DEV_GPU_UTIL', { gpu: '0' }, 0, 50),
      ])
      expect(await store.listMetrics()).toEqual([
        { name: 'DCGM_FI_DEV_GPU_UTIL', type: 'untyped', help: null, unit: null },
        {
          name: 'vllm:e2e_request_latency_seconds',
          type: 'histogram',
          help: 'End to end',
          unit: 'seconds',
        },
      ])
    })

    it('returns events by kind and time, in time order', async () => {
      const ev = (tSec: number, kind: 'deploy' | 'scale' | 'node', extra: object = {}) => ({
        timeUs: us(T0 + tSec * SEC),
        kind,
        model: null,
        version: null,
        replica: null,
        node: null,
        message: null,
        reason: null,
        ...extra,
      })
      const events = [
        ev(30, 'scale', { reason: 'ScalingReplicaSet', replica: 'r-3' }),
        ev(10, 'deploy', { model: 'm', version: 'v2', message: 'rollout' }),
        ev(20, 'node', { node: 'n-1' }),
      ]
      await store.insertEvents(events)
      expect(await store.queryEvents({})).toEqual([events[1], events[2], events[0]])
      expect(await store.queryEvents({ kinds: ['deploy', 'scale'] })).toEqual([
        events[1],
        events[0],
      ])
      expect(await store.queryEvents({ kinds: ['deploy'], fromUs: us(T0 + 11 * SEC) })).toEqual([])
      expect(
        await store.queryEvents({ fromUs: us(T0 + 20 * SEC), toUs: us(T0 + 30 * SEC) })
      ).toEqual([events[2]])
      expect((await store.stats()).events).toBe(3)
    })

    it('reports the extent over requests, spans, metric samples and events', async () => {
      await store.upsertRequests([
        makeRequest({
          traceId: hexId(1, 32),
          startUs: us(T0 + 10 * SEC),
          endUs: us(T0 + 20 * SEC),
        }),
      ])
      expect(await store.extent()).toEqual({ startUs: T0 + 10 * SEC, endUs: T0 + 20 * SEC })
      await store.insertMetricSamples([sample('up', {}, 5, 1)])
      await store.insertEvents([
        {
          timeUs: us(T0 + 40 * SEC),
          kind: 'deploy',
          model: null,
          version: null,
          replica: null,
          node: null,
          message: null,
          reason: null,
        },
      ])
      expect(await store.extent()).toEqual({ startUs: T0 + 5 * SEC, endUs: T0 + 40 * SEC })
      await store.insertSpans([
        makeSpan({
          traceId: hexId(2, 32),
          spanId: hexId(1, 16),
          startUs: us(T0 + SEC),
          endUs: us(T0 + 50 * SEC),
        }),
      ])
      expect(await store.extent()).toEqual({ startUs: T0 + SEC, endUs: T0 + 50 * SEC })
    })

    it('aggregates counts, failures and measure sums per group and time bucket', async () => {
      // A minute-aligned base so 60 s buckets start on it.
      const B = 1_700_000_040 * SEC
      await store.upsertRequests([
        makeRequest({
          traceId: hexId(1, 32),
          startUs: us(B),
          ttftUs: us(100),
          e2eUs: us(1000),
          dims: { replica: 'a' },
        }),
        makeRequest({
          traceId: hexId(2, 32),
          startUs: us(B + 10 * SEC),
          ttftUs: us(300),
          errorType: 'timeout',
          dims: { replica: 'a' },
        }),
        makeRequest({
          traceId: hexId(3, 32),
          startUs: us(B + 70 * SEC),
          e2eUs: us(2000),
          errorType: 'http_500',
          dims: { replica: 'b' },
        }),
        makeRequest({
          traceId: hexId(4, 32),
          startUs: us(B + 75 * SEC),
          ttftUs: us(50),
          errorType: 'connect_timeout',
        }),
        makeRequest({
          traceId: hexId(5, 32),
          startUs: us(B + 200 * SEC),
          ttftUs: us(7),
          dims: { replica: 'a' },
        }),
      ])
      const window = { fromUs: us(B), toUs: us(B + 180 * SEC) }
      expect(await store.aggregateRequests({ ...window, measures: ['ttft', 'e2e'] })).toEqual([
        {
          group: null,
          bucketStartUs: null,
          count: 4,
          errors: 3,
          timeouts: 2,
          measures: [
            { count: 3, sum: 450, min: 50, max: 300 },
            { count: 2, sum: 3000, min: 1000, max: 2000 },
          ],
        },
      ])
      const none = { count: 0, sum: 0, min: null, max: null }
      expect(
        await store.aggregateRequests({
          ...window,
          measures: ['ttft'],
          groupBy: 'replica',
          stepUs: us(60 * SEC),
        })
      ).toEqual([
        {
          group: 'a',
          bucketStartUs: B,
          count: 2,
          errors: 1,
          timeouts: 1,
          measures: [{ count: 2, sum: 400, min: 100, max: 300 }],
        },
        {
          group: 'b',
          bucketStartUs: B + 60 * SEC,
          count: 1,
          errors: 1,
          timeouts: 0,
          measures: [none],
        },
        {
          group: null,
          bucketStartUs: B + 60 * SEC,
          count: 1,
          errors: 1,
          timeouts: 1,
          measures: [{ count: 1, sum: 50, min: 50, max: 50 }],
        },
      ])
      expect(
        await store.aggregateRequests({
          measures: [],
          groupBy: 'replica',
          filters: { replica: ['a'] },
        })
      ).toEqual([
        { group: 'a', bucketStartUs: null, count: 3, errors: 1, timeouts: 1, measures: [] },
      ])
      expect(
        await store.aggregateRequests({ ...window, fromUs: us(B + 500 * SEC), measures: ['ttft'] })
      ).toEqual([])
      await expect(store.aggregateRequests({ measures: ['nope' as never] })).rejects.toMatchObject({
        code: 'QUERY_INVALID',
      })
    })

    it('counts the requests with an e2e per value of every dimension, in the window and filters', async () => {
      const B = 1_700_000_040 * SEC
      expect(await store.countDimensionValues({})).toEqual([])
      const req = (i: number, startUs: number, e2eUs: number | null, dims: object) =>
        makeRequest({
          traceId: hexId(i, 32),
          startUs: us(startUs),
          e2eUs: e2eUs === null ? null : us(e2eUs),
          dims,
        })
      await store.upsertRequests([
        req(1, B, 1000, { model: 'm1', replica: 'a', tenant: 't1' }),
        req(2, B + SEC, 2000, { model: 'm1', replica: 'b', tenant: null }),
        req(3, B + 2 * SEC, 3000, { model: 'm2', replica: 'b', region: 'eu' }),
        // No e2e: not counted (as the filter menus always counted).
        req(4, B + 3 * SEC, null, { model: 'm3', replica: 'c' }),
        // Outside the window.
        req(5, B + 100 * SEC, 1000, { model: 'm4', replica: 'a' }),
      ])
      const sorted = (rows: { dimension: string; value: string; count: number }[]) =>
        [...rows].sort(
          (x, y) => x.dimension.localeCompare(y.dimension) || x.value.localeCompare(y.value)
        )
      const window = { fromUs: us(B), toUs: us(B + 60 * SEC) }
      expect(sorted(await store.countDimensionValues(window))).toEqual([
        { dimension: 'model', value: 'm1', count: 2 },
        { dimension: 'model', value: 'm2', count: 1 },
        { dimension: 'region', value: 'eu', count: 1 },
        { dimension: 'replica', value: 'a', count: 1 },
        { dimension: 'replica', value: 'b', count: 2 },
        { dimension: 'tenant', value: 't1', count: 1 },
      ])
      expect(
        sorted(await store.countDimensionValues({ ...window, filters: { replica: ['b'] } }))
      ).toEqual([
        { dimension: 'model', value: 'm1', count: 1 },
        { dimension: 'model', value: 'm2', count: 1 },
        { dimension: 'region', value: 'eu', count: 1 },
        { dimension: 'replica', value: 'b', count: 2 },
      ])
      // Every dimension agrees with its own grouped count.
      for (const dim of ['model', 'replica', 'tenant', 'region'] as const) {
        const grouped = await store.aggregateRequests({ measures: ['e2e'], groupBy: dim })
        expect(
          sorted((await store.countDimensionValues({})).filter((r) => r.dimension === dim))
        ).toEqual(
          sorted(
            grouped
              .filter((g) => g.group !== null && (g.measures[0]?.count ?? 0) > 0)
              .map((g) => ({
                dimension: dim,
                value: g.group as string,
                count: g.measures[0]?.count ?? 0,
              }))
          )
        )
      }
      await expect(
        store.countDimensionValues({ filters: { 'x; DROP TABLE requests': ['a'] } as never })
      ).rejects.toMatchObject({ code: 'QUERY_INVALID' })
    })

    it('counts a measure in log-spaced bins per time bucket', async () => {
      const B = 1_700_000_040 * SEC
      expect(
        await store.histogramRequests({ measure: 'ttft', stepUs: us(60 * SEC), bins: 2 })
      ).toBeNull()
      await store.upsertRequests([
        makeRequest({ traceId: hexId(1, 32), startUs: us(B), ttftUs: us(100) }),
        makeRequest({ traceId: hexId(2, 32), startUs: us(B + 5 * SEC), ttftUs: us(400) }),
        makeRequest({ traceId: hexId(3, 32), startUs: us(B + 60 * SEC), ttftUs: us(1600) }),
        makeRequest({ traceId: hexId(4, 32), startUs: us(B + 61 * SEC), ttftUs: us(0) }),
        makeRequest({ traceId: hexId(5, 32), startUs: us(B + 62 * SEC) }),
      ])
      expect(
        await store.histogramRequests({
          fromUs: us(B),
          measure: 'ttft',
          stepUs: us(60 * SEC),
          bins: 2,
        })
      ).toEqual({
        lowUs: 100,
        highUs: 1600,
        cells: [
          { bucketStartUs: B, bin: 0, count: 2 },
          { bucketStartUs: B + 60 * SEC, bin: 0, count: 1 },
          { bucketStartUs: B + 60 * SEC, bin: 1, count: 1 },
        ],
      })
      expect(
        await store.histogramRequests({
          toUs: us(B + SEC),
          measure: 'ttft',
          stepUs: us(60 * SEC),
          bins: 3,
        })
      ).toEqual({ lowUs: 50, highUs: 100, cells: [{ bucketStartUs: B, bin: 2, count: 1 }] })
      expect(
        await store.histogramRequests({
          fromUs: us(B + 61 * SEC),
          toUs: us(B + 62 * SEC),
          measure: 'ttft',
          stepUs: us(60 * SEC),
          bins: 3,
        })
      ).toBeNull()
      await expect(
        store.histogramRequests({ measure: 'ttft', stepUs: us(60 * SEC), bins: 0 })
      ).rejects.toMatchObject({ code: 'QUERY_INVALID' })
    })

    it('scans chosen request fields as columns, in start order, with nulls, filters and a window', async () => {
      const r = (n: number, startSec: number, extra: Parameters<typeof makeRequest>[0]) =>
        makeRequest({ ...extra, traceId: hexId(n, 32), startUs: us(T0 + startSec * SEC) })
      await store.upsertRequests([
        r(5, 3, { traceId: '', dims: { model: 'a', region: 'eu' }, ttftUs: us(250), status: 200 }),
        r(2, 1, {
          traceId: '',
          dims: { model: 'a' },
          ttftUs: us(100.5),
          ttftSource: 'client',
          stages: { 'engine.queue': 7 },
          connectionReused: true,
          hasEngine: true,
          errorType: 'timeout',
          retries: 2,
          spanCount: 4,
        }),
        r(1, 1, { traceId: '', dims: { model: 'b' }, connectionReused: false, status: 503 }),
        r(3, 2, { traceId: '', dims: { model: '' }, inputTokens: 0, errorType: 'timeout' }),
        r(4, 9, { traceId: '', dims: { model: 'a' }, tlsResumed: false }),
        r(6, 2, { traceId: '' }),
      ])
      const fields = [
        'start',
        'ttft',
        'engine.queue',
        'input_tokens',
        'status',
        'retries',
        'span_count',
        'connection_reused',
        'tls_resumed',
        'has_engine',
        'model',
        'region',
        'ttft_source',
        'error_type',
      ] as const
      const all = await store.scanRequestColumns({ fields: [...fields, 'start'] })
      const decode = (c: { codes: Int32Array; values: string[] } | undefined) =>
        [...(c?.codes ?? [])].map((code) => (code < 0 ? null : c?.values[code]))
      expect(all.n).toBe(6)
      expect(Object.keys(all.numbers).sort()).toEqual(
        ['engine.queue', 'input_tokens', 'retries', 'span_count', 'start', 'status', 'ttft'].sort()
      )
      // Start order; the tie at 1 s and at 2 s is broken by trace id.
      expect([...(all.numbers.start ?? [])]).toEqual([1, 1, 2, 2, 3, 9].map((s) => T0 + s * SEC))
      expect([...(all.numbers.ttft ?? [])]).toEqual([NaN, 100.5, NaN, NaN, 250, NaN])
      expect([...(all.numbers['engine.queue'] ?? [])]).toEqual([NaN, 7, NaN, NaN, NaN, NaN])
      expect([...(all.numbers.input_tokens ?? [])]).toEqual([NaN, NaN, 0, NaN, NaN, NaN])
      expect([...(all.numbers.status ?? [])]).toEqual([503, NaN, NaN, NaN, 200, NaN])
      expect([...(all.numbers.retries ?? [])]).toEqual([NaN, 2, NaN, NaN, NaN, NaN])
      expect([...(all.numbers.span_count ?? [])]).toEqual([0, 4, 0, 0, 0, 0])
      expect(all.numbers.start).toBeInstanceOf(Float64Array)
      expect([...(all.flags.connection_reused ?? [])]).toEqual([0, 1, -1, -1, -1, -1])
      expect([...(all.flags.tls_resumed ?? [])]).toEqual([-1, -1, -1, -1, -1, 0])
      expect([...(all.flags.has_engine ?? [])]).toEqual([0, 1, 0, 0, 0, 0])
      expect(all.flags.has_engine).toBeInstanceOf(Int8Array)
      expect(decode(all.texts.model)).toEqual(['b', 'a', '', null, 'a', 'a'])
      expect(new Set(all.texts.model?.values).size).toBe(all.texts.model?.values.length)
      expect(all.texts.model?.codes).toBeInstanceOf(Int32Array)
      expect(decode(all.texts.region)).toEqual([null, null, null, null, 'eu', null])
      expect(decode(all.texts.ttft_source)).toEqual([null, 'client', null, null, null, null])
      expect(decode(all.texts.error_type)).toEqual([null, 'timeout', 'timeout', null, null, null])

      const some = await store.scanRequestColumns({
        fromUs: us(T0 + 1 * SEC),
        toUs: us(T0 + 9 * SEC),
        filters: { model: ['a', ''] },
        fields: ['start', 'model', 'has_engine'],
      })
      expect(some.n).toBe(3)
      expect([...(some.numbers.start ?? [])]).toEqual([1, 2, 3].map((s) => T0 + s * SEC))
      expect(decode(some.texts.model)).toEqual(['a', '', 'a'])
      expect([...(some.flags.has_engine ?? [])]).toEqual([1, 0, 0])
      expect(some.numbers.ttft).toBeUndefined()

      const none = await store.scanRequestColumns({
        filters: { model: ['z'] },
        fields: ['ttft', 'model'],
      })
      expect(none.n).toBe(0)
      expect(none.numbers.ttft?.length).toBe(0)
      expect(none.texts.model?.codes.length).toBe(0)
      await expect(store.scanRequestColumns({ fields: ['nope' as never] })).rejects.toMatchObject({
        code: 'QUERY_INVALID',
      })
      await expect(
        store.scanRequestColumns({ filters: { colour: ['red'] } as never, fields: ['ttft'] })
      ).rejects.toMatchObject({ code: 'QUERY_INVALID' })
    })

    it('scans a deterministic hash sample of whole requests when more than `sample` match', async () => {
      const rows = Array.from({ length: 2000 }, (_, i) =>
        makeRequest({
          traceId: hexId(i + 1, 32),
          startUs: us(T0 + Math.floor(i / 2) * SEC),
          dims: { model: i % 4 === 0 ? 'a' : 'b' },
          ttftUs: us(1000 + i),
        })
      )
      await store.upsertRequests(rows)
      const fields = ['start', 'ttft', 'engine.queue', 'model'] as const
      const all = await store.scanRequestColumns({ fields, sample: 2000 })
      expect(all.n).toBe(2000)
      expect(all.total).toBe(2000)
      expect([...(all.numbers.ttft ?? [])]).toEqual(rows.map((r) => r.ttftUs))

      const some = await store.scanRequestColumns({ fields, sample: 200 })
      expect(some.total).toBe(2000)
      // About 200 (binomial, sd ≈ 14), never the whole window.
      expect(some.n).toBeGreaterThan(140)
      expect(some.n).toBeLessThan(260)
      const starts = [...(some.numbers.start ?? [])]
      expect(starts).toEqual([...starts].sort((a, b) => a - b))
      expect([...(some.numbers['engine.queue'] ?? [])].every(Number.isNaN)).toBe(true)
      // Each row is one stored request whole: its ttft (1000 + i) names it, and its start and
      // model are that request's.
      const byTtft = new Map(rows.map((r) => [r.ttftUs, r]))
      const model = some.texts.model as { codes: Int32Array; values: string[] }
      const ttfts = [...(some.numbers.ttft ?? [])]
      ttfts.forEach((t, i) => {
        const r = byTtft.get(t as Micros)
        expect(r?.startUs).toBe(starts[i])
        expect(model.values[model.codes[i] as number]).toBe(r?.dims.model)
      })
      expect(new Set(ttfts).size).toBe(ttfts.length)
      const again = await store.scanRequestColumns({ fields, sample: 200 })
      expect([...(again.numbers.ttft ?? [])]).toEqual(ttfts)

      // The window and filters apply before sampling; total counts what they select.
      const filtered = await store.scanRequestColumns({
        fromUs: us(T0 + 100 * SEC),
        filters: { model: ['a'] },
        fields,
        sample: 100,
      })
      expect(filtered.total).toBe(450)
      expect(filtered.n).toBeGreaterThan(60)
      expect(filtered.n).toBeLessThan(140)
      expect(decodeAll(filtered.texts.model)).toEqual(Array(filtered.n).fill('a'))
      expect(Math.min(...(filtered.numbers.start ?? []))).toBeGreaterThanOrEqual(T0 + 100 * SEC)

      const plain = await store.scanRequestColumns({ fields })
      expect(plain.total).toBeUndefined()
      await expect(store.scanRequestColumns({ fields, sample: 0 })).rejects.toMatchObject({
        code: 'QUERY_INVALID',
      })
    })
  })
}
