/**
 * One client's bad input never fails another client's batch: out-of-range times are rejected
 * at decode (OTLP partial success), and a store failure on a merged write is narrowed down to
 * the request that caused it.
 */
import { afterEach, describe, expect, it } from 'vitest'
import { createSilentLogger } from '../../src/core/logger.js'
import type { Span } from '../../src/core/model/span.js'
import { createIngestPipeline } from '../../src/ingest/pipeline/pipeline.js'
import { createOtlpApp } from '../../src/server/otlp-app.js'
import { createDuckDbStore } from '../../src/storage/duckdb/duckdb-store.js'
import { createMemoryStore } from '../../src/storage/memory/memory-store.js'
import type { SpanStore } from '../../src/storage/span-store.js'
import { makeLlmTraceRequest } from '../../src/core/otlp/testing/make-llm-request.js'
import { makeSpan } from '../../src/core/model/testing/builders.js'

const closers: (() => Promise<void>)[] = []
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) {
    await close()
  }
})

type Json = Record<string, unknown>

function traceIdsOf(request: { resourceSpans: Json[] }): string[] {
  const ids = new Set<string>()
  for (const rs of request.resourceSpans) {
    for (const ss of rs['scopeSpans'] as Json[]) {
      for (const span of ss['spans'] as Json[]) {
        ids.add(span['traceId'] as string)
      }
    }
  }
  return [...ids]
}

describe('ingest isolation between clients', () => {
  it('a 1e30 end time is rejected for its span only; 40 concurrent batches into DuckDB all succeed', async () => {
    const store = await createDuckDbStore({ path: ':memory:' })
    const ingest = createIngestPipeline({
      store,
      logger: createSilentLogger(),
      now: Date.now,
      sweepIntervalMs: 0,
      // This test is about isolation, not shedding: admit all 40 at once.
      maxInFlightBytes: 1 << 30,
      maxQueueDelayMs: 60_000,
    })
    closers.push(
      () => store.close(),
      () => ingest.close()
    )
    const app = createOtlpApp({ ingest, logger: createSilentLogger(), limits: { maxBodyBytes: 0 } })

    const requests = Array.from({ length: 40 }, (_, i) => makeLlmTraceRequest(5, i * 5))
    const bad = requests[7] as { resourceSpans: Json[] }
    const badSpan = ((bad.resourceSpans[0]?.['scopeSpans'] as Json[])[0]?.['spans'] as Json[])[0]
    // What an exporter with a broken clock sent: a JSON number far past int64 nanoseconds.
    const body = (r: unknown, i: number) =>
      i === 7
        ? JSON.stringify(r).replace(JSON.stringify(badSpan?.['endTimeUnixNano']), '1e30')
        : JSON.stringify(r)
    const responses = await Promise.all(
      requests.map(async (r, i) => {
        const res = await app.request('/v1/traces', {
          method: 'POST',
          body: body(r, i),
          headers: { 'Content-Type': 'application/json' },
        })
        return { status: res.status, body: (await res.json()) as Json }
      })
    )
    expect(responses.map((r) => r.status)).toEqual(requests.map(() => 200))
    expect(responses[7]?.body).toEqual({
      partialSuccess: {
        rejectedSpans: 1,
        errorMessage: expect.stringContaining('endTimeUnixNano must not be later than') as string,
      },
    })
    expect(responses.filter((r) => 'partialSuccess' in r.body)).toHaveLength(1)
    const stored = await store.getSpans(requests.flatMap(traceIdsOf))
    expect(stored).toHaveLength(40 * 5 * 4 - 1)
  })

  it('a store failure on a merged write fails only the guilty batch, with no duplicates', async () => {
    const inner = createMemoryStore()
    const writes: number[] = []
    let open!: () => void
    const gate = new Promise<void>((resolve) => (open = resolve))
    // A fake store: the first write waits so the next batches queue up and merge; any write
    // holding the marked span throws, as DuckDB does on a value it cannot store.
    const store: SpanStore = {
      ...inner,
      async insertSpans(spans) {
        writes.push(spans.length)
        if (writes.length === 1) {
          await gate
        }
        if (spans.some((s) => s.name === 'poison')) {
          throw new Error('Conversion Error: value out of range')
        }
        return inner.insertSpans(spans)
      },
    }
    const ingest = createIngestPipeline({
      store,
      logger: createSilentLogger(),
      now: Date.now,
      sweepIntervalMs: 0,
    })
    closers.push(() => ingest.close())
    const batch = (i: number, name = 'ok'): Span[] =>
      Array.from({ length: 10 }, (_, k) =>
        makeSpan({
          traceId: (i + 1).toString(16).padStart(32, '0'),
          spanId: (i * 100 + k + 1).toString(16).padStart(16, '0'),
          name: k === 3 ? name : 'ok',
        })
      )

    const first = ingest.submitSpans(batch(0))
    const others = Array.from({ length: 64 }, (_, i) =>
      ingest.submitSpans(batch(i + 1, i === 40 ? 'poison' : 'ok'))
    )
    open()
    const results = await Promise.allSettled([first, ...others])

    const failed = results.flatMap((r, i) => (r.status === 'rejected' ? [i] : []))
    expect(failed).toEqual([41])
    expect(String((results[41] as PromiseRejectedResult).reason)).toContain('Conversion Error')
    // The 64 queued batches merged into one write, which failed and was bisected: far fewer
    // writes than one per batch, and every good batch stored exactly once.
    expect(writes[1]).toBe(640)
    expect(writes.length).toBeLessThanOrEqual(2 + 2 * Math.ceil(Math.log2(64)) + 1)
    const ids = Array.from({ length: 65 }, (_, i) => (i + 1).toString(16).padStart(32, '0'))
    const stored = await inner.getSpans(ids)
    expect(stored).toHaveLength(64 * 10)
    expect(new Set(stored.map((s) => s.spanId)).size).toBe(64 * 10)
    expect(ingest.counters().spansAccepted).toBe(640)
  })
})

describe('ingest load shedding over OTLP/HTTP', () => {
  it('answers 503 + Retry-After as an OTLP Status before reading the body when memory is over its budget', async () => {
    let rss = 100 * 1024 * 1024
    const store = createMemoryStore()
    const ingest = createIngestPipeline({
      store,
      logger: createSilentLogger(),
      now: Date.now,
      sweepIntervalMs: 0,
      memoryLimitBytes: 1024 * 1024 * 1024,
      readRssBytes: () => rss,
    })
    closers.push(() => ingest.close())
    const app = createOtlpApp({ ingest, logger: createSilentLogger(), limits: { maxBodyBytes: 0 } })
    const send = () =>
      app.request('/v1/traces', {
        method: 'POST',
        body: JSON.stringify(makeLlmTraceRequest(2)),
        headers: { 'Content-Type': 'application/json' },
      })
    expect((await send()).status).toBe(200)
    // Between the soft limit (80 %) and the budget, with nothing else unanswered, refusing would
    // free nothing: the body goes in (ADR 0300).
    rss = 900 * 1024 * 1024
    await new Promise((r) => setTimeout(r, 120))
    expect((await send()).status).toBe(200)
    rss = 1100 * 1024 * 1024
    await new Promise((r) => setTimeout(r, 120))
    const refused = await send()
    expect(refused.status).toBe(503)
    expect(refused.headers.get('retry-after')).toBe('2')
    const status = (await refused.json()) as { code: number; message: string }
    expect(status.code).toBe(14)
    expect(status.message).toMatch(/^INGEST_MEMORY_LIMITED: .*ingest\.memoryLimitBytes/)
    // The same spans sent again are stored once.
    expect(ingest.counters().spansAccepted).toBe(8)
  })
})
