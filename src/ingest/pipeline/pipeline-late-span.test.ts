import { describe, expect, it } from 'vitest'
import { makeSpan, makeVllmTrace } from '../../core/model/testing/builders.js'
import { createSilentLogger } from '../../core/logger.js'
import type { Span } from '../../core/model/span.js'
import { asMicros } from '../../core/model/units.js'
import { createDuckDbStore } from '../../storage/duckdb/duckdb-store.js'
import type { SpanStore, StartRange } from '../../storage/span-store.js'
import { createIngestPipeline } from './pipeline.js'

/** The real store, with the range each `getSpans` call was bounded to noted. */
function noting(inner: SpanStore): { store: SpanStore; reads: (StartRange | undefined)[] } {
  const reads: (StartRange | undefined)[] = []
  return {
    reads,
    store: {
      ...inner,
      getSpans(traceIds, startsWithin) {
        reads.push(startsWithin)
        return inner.getSpans(traceIds, startsWithin)
      },
    },
  }
}

describe('a late span of an assembled trace', () => {
  it('updates the request from a read bounded to the starts of the trace spans', async () => {
    const duck = await createDuckDbStore({ path: ':memory:' })
    const { store, reads } = noting(duck)
    const pipeline = createIngestPipeline({
      store,
      logger: createSilentLogger(),
      now: () => 1_700_000_000_000,
      sweepIntervalMs: 0,
    })
    // Another trace stored an hour later: outside the bound, so not read with the late span.
    const trace = makeVllmTrace()
    const other = makeVllmTrace({ traceId: 'b'.repeat(32) }).map((s) => ({
      ...s,
      startUs: asMicros(s.startUs + 3_600_000_000),
      endUs: asMicros(s.endUs + 3_600_000_000),
    }))
    await pipeline.submitSpans([...trace, ...other])
    await pipeline.flush()
    const root = trace.find((s) => s.parentSpanId === null) as Span
    const before = await duck.getRequest(root.traceId)
    expect(before?.endUs).toBe(Math.max(...trace.map((s) => s.endUs)))

    // It starts after every span of the trace and ends 30 s after them.
    const late = makeSpan({
      traceId: root.traceId,
      spanId: 'feedfacefeedface',
      parentSpanId: root.spanId,
      name: 'late',
      startUs: asMicros(before!.endUs + 1_000),
      endUs: asMicros(before!.endUs + 30_000_000),
    })
    await pipeline.submitSpans([late])
    await pipeline.flush()

    const after = await duck.getRequest(root.traceId)
    // The spans stored before were read back (same start), the late one added (its end).
    expect(after?.startUs).toBe(before?.startUs)
    expect(after?.endUs).toBe(late.endUs)
    expect(after?.stages).toEqual(before?.stages)
    expect(reads).toEqual([
      { fromUs: Math.min(...trace.map((s) => s.startUs)), toUs: late.startUs },
    ])
    expect(pipeline.counters().tracesReadFromStore).toBe(1)
    await pipeline.close()
  })

  it('is not read back when it is a copy of a span the trace was assembled from', async () => {
    const duck = await createDuckDbStore({ path: ':memory:' })
    const { store, reads } = noting(duck)
    const pipeline = createIngestPipeline({
      store,
      logger: createSilentLogger(),
      now: () => 1_700_000_000_000,
      sweepIntervalMs: 0,
    })
    const trace = makeVllmTrace()
    await pipeline.submitSpans(trace)
    await pipeline.flush()
    const traceId = (trace[0] as Span).traceId
    const before = await duck.getRequest(traceId)

    // An exporter's retry of the stored batch: the same spans again.
    await pipeline.submitSpans(trace.slice(0, 2))
    await pipeline.flush()
    expect(reads).toEqual([])
    expect(await duck.getRequest(traceId)).toEqual(before)
    expect(pipeline.counters().tracesReadFromStore).toBe(0)

    // A new span of it after the retry is still read with the others and updates the request.
    const root = trace.find((s) => s.parentSpanId === null) as Span
    const late = makeSpan({
      traceId,
      spanId: 'feedfacefeedface',
      parentSpanId: root.spanId,
      name: 'late',
      startUs: asMicros(before!.endUs + 1_000),
      endUs: asMicros(before!.endUs + 30_000_000),
    })
    await pipeline.submitSpans([trace[0] as Span, late])
    await pipeline.flush()
    expect(reads).toHaveLength(1)
    expect((await duck.getRequest(traceId))?.endUs).toBe(late.endUs)
    expect(await duck.getSpans([traceId])).toHaveLength(trace.length + 1)
    await pipeline.close()
  })
})
