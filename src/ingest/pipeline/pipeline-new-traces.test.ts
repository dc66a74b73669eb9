import { describe, expect, it } from 'vitest'
import { makeSpan, makeVllmTrace } from '../../core/model/testing/builders.js'
import { createSilentLogger } from '../../core/logger.js'
import type { Span } from '../../core/model/span.js'
import { asMicros } from '../../core/model/units.js'
import { createDuckDbStore, duckDbSharedOf } from '../../storage/duckdb/duckdb-store.js'
import type { SpanStore } from '../../storage/span-store.js'
import { createIngestPipeline } from './pipeline.js'

const HOUR_US = 3600 * 1_000_000

/** The trace moved by `shiftUs` under another trace id. */
function moved(trace: readonly Span[], traceId: string, shiftUs: number): Span[] {
  return trace.map((s) => ({
    ...s,
    traceId,
    startUs: asMicros(s.startUs + shiftUs),
    endUs: asMicros(s.endUs + shiftUs),
  }))
}

/** A span of `trace` that arrives after it was assembled (same trace, a new span id). */
function lateSpan(trace: readonly Span[]): Span {
  const root = trace.find((s) => s.parentSpanId === null) as Span
  return makeSpan({
    traceId: root.traceId,
    spanId: 'feedfacefeedface',
    parentSpanId: root.spanId,
    name: 'late',
    startUs: asMicros(root.startUs + 10),
    endUs: asMicros(root.startUs + 20),
  })
}

/** Records, per `upsertRequests` call, whether it was told the traces are new. */
function recording(inner: SpanStore): { store: SpanStore; calls: boolean[] } {
  const calls: boolean[] = []
  return {
    calls,
    store: {
      ...inner,
      upsertRequests(requests, options) {
        calls.push(options?.newTraces === true)
        return inner.upsertRequests(requests, options)
      },
    },
  }
}

async function requestRows(store: SpanStore, traceId: string): Promise<number> {
  const shared = duckDbSharedOf(store)
  if (shared === null) {
    throw new Error('expected a DuckDB store')
  }
  const result = await shared.read((c) =>
    c.runAndReadAll('SELECT count(*) FROM requests WHERE trace_id = ?', [traceId])
  )
  return Number(result.getRowsJS()[0]?.[0])
}

function pipelineOn(store: SpanStore) {
  return createIngestPipeline({
    store,
    logger: createSilentLogger(),
    now: () => 1_700_000_000_000,
    sweepIntervalMs: 0,
  })
}

describe('requests of new traces', () => {
  it('are written without a search for rows to replace only when no run can have stored them', async () => {
    const duck = await createDuckDbStore({ path: ':memory:' })
    const trace = makeVllmTrace()
    const traceId = (trace[0] as Span).traceId

    // An empty store: the trace is new.
    const first = recording(duck)
    const one = pipelineOn(first.store)
    await one.submitSpans(trace)
    await one.flush()
    expect(first.calls).toEqual([true])
    // A late span of a trace this run assembled: its request is replaced, not duplicated.
    await one.submitSpans([lateSpan(trace)])
    await one.flush()
    expect(first.calls).toEqual([true, false])
    expect(await requestRows(duck, traceId)).toBe(1)
    await one.close()

    // A restart: the new run has not seen the trace, but it starts before the stored data's end
    // + 1 h, so the same trace sent again (an exporter's retry) replaces the stored request.
    const second = recording(duck)
    const two = pipelineOn(second.store)
    await two.submitSpans(trace)
    await two.flush()
    expect(second.calls).toEqual([false])
    expect(await requestRows(duck, traceId)).toBe(1)
    // A trace starting over an hour after the stored data is new.
    const later = moved(trace, 'a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1', 2 * HOUR_US)
    await two.submitSpans(later)
    await two.flush()
    expect(second.calls).toEqual([false, true])
    expect(await requestRows(duck, 'a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1')).toBe(1)
    await two.close()
    await duck.close()
  }, 30_000)
})
