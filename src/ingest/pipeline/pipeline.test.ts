import { describe, expect, it, vi } from 'vitest'
import { makeSpan, makeVllmTrace } from '../../core/model/testing/builders.js'
import { AppError } from '../../core/errors.js'
import { createSilentLogger } from '../../core/logger.js'
import type { Span } from '../../core/model/span.js'
import { createMemoryStore } from '../../storage/memory/memory-store.js'
import type { SpanStore } from '../../storage/span-store.js'
import { createIngestPipeline, type IngestPipelineOptions } from './pipeline.js'
import { DEFAULT_MAX_WRITE_ITEMS } from './write-queue.js'

/** A clock the test moves by hand (epoch ms). */
function manualClock(startMs = 1_700_000_000_000): {
  now: () => number
  advance(ms: number): void
} {
  let t = startMs
  return { now: () => t, advance: (ms) => (t += ms) }
}

function pipelineOn(store: SpanStore, extra: Partial<IngestPipelineOptions> = {}) {
  const clock = manualClock()
  const pipeline = createIngestPipeline({
    store,
    logger: createSilentLogger(),
    now: clock.now,
    sweepIntervalMs: 0,
    ...extra,
  })
  return { pipeline, clock }
}

/** Wraps a store so span writes wait for `release()`, and counts the writes. */
function gatedStore(inner: SpanStore) {
  let open!: () => void
  let gate: Promise<void> = new Promise((r) => (open = r))
  const writes: number[] = []
  const store: SpanStore = {
    ...inner,
    async insertSpans(spans) {
      writes.push(spans.length)
      await gate
      return inner.insertSpans(spans)
    },
  }
  return {
    store,
    writes,
    release() {
      open()
      gate = Promise.resolve()
    },
  }
}

describe('createIngestPipeline', () => {
  it('assembles spans that arrive one per call in reverse order like one batch', async () => {
    const trace = makeVllmTrace({ retrievalUs: 20_000 })
    const traceId = (trace[0] as Span).traceId

    const oneStore = createMemoryStore()
    const one = pipelineOn(oneStore).pipeline
    await one.submitSpans(trace)
    await one.flush()

    const manyStore = createMemoryStore()
    const many = pipelineOn(manyStore).pipeline
    for (const span of [...trace].reverse()) {
      await many.submitSpans([span])
    }
    await many.flush()

    const expected = await oneStore.getRequest(traceId)
    expect(expected?.hasClient && expected.hasGateway && expected.hasEngine).toBe(true)
    expect(await manyStore.getRequest(traceId)).toEqual(expected)
    expect(many.counters()).toMatchObject({ spansAccepted: trace.length, pendingTraces: 0 })
  })

  it('waits for the quiet period, measured on the injected clock', async () => {
    const store = createMemoryStore()
    const { pipeline, clock } = pipelineOn(store, { quietMs: 5000 })
    const trace = makeVllmTrace()
    await pipeline.submitSpans(trace)
    clock.advance(4999)
    await pipeline.sweep()
    expect(pipeline.counters()).toMatchObject({ requestsAssembled: 0, pendingTraces: 1 })
    clock.advance(1)
    await pipeline.sweep()
    expect(pipeline.counters()).toMatchObject({ requestsAssembled: 1, pendingTraces: 0 })
    expect(await store.getRequest((trace[0] as Span).traceId)).not.toBeNull()
  })

  it('re-assembles a trace when a late span arrives after assembly', async () => {
    const store = createMemoryStore()
    const { pipeline } = pipelineOn(store)
    const trace = makeVllmTrace()
    const traceId = (trace[0] as Span).traceId
    const client = trace.filter((s) => s.scopeName === 'tokenline.probe')
    await pipeline.submitSpans(trace.filter((s) => !client.includes(s)))
    await pipeline.flush()
    // The trace has a gateway entry: without the client span TTFT counts from the gateway.
    expect(await store.getRequest(traceId)).toMatchObject({
      hasClient: false,
      ttftSource: 'gateway',
    })

    await pipeline.submitSpans(client)
    expect(pipeline.counters().pendingTraces).toBe(1)
    await pipeline.flush()
    expect(await store.getRequest(traceId)).toMatchObject({ hasClient: true, ttftSource: 'client' })
    expect((await store.stats()).requests).toBe(1)
  })

  it('group-commits batches queued during a write into one insert', async () => {
    const gated = gatedStore(createMemoryStore())
    const { pipeline } = pipelineOn(gated.store)
    const first = pipeline.submitSpans([makeSpan({ traceId: 'a'.repeat(32) })])
    const rest = [2, 3, 4].map((n) =>
      pipeline.submitSpans([makeSpan({ traceId: String(n).repeat(32) })])
    )
    expect(pipeline.counters().queueDepth).toBe(4)
    gated.release()
    await Promise.all([first, ...rest])
    expect(gated.writes).toEqual([1, 3])
    expect(pipeline.counters()).toMatchObject({ spansAccepted: 4, queueDepth: 0 })
  })

  it('merges at most DEFAULT_MAX_WRITE_ITEMS per write round, so one append never holds the loop for the whole queue', async () => {
    const gated = gatedStore(createMemoryStore())
    const { pipeline } = pipelineOn(gated.store, { maxQueueDelayMs: 60_000 })
    const batch = (n: number): Span[] =>
      Array.from({ length: 2000 }, (_, i) =>
        makeSpan({
          traceId: n.toString(16).padStart(32, '0'),
          spanId: (n * 10_000 + i + 1).toString(16).padStart(16, '0'),
        })
      )
    // One batch in the write, five queued behind it: 10,000 spans waiting.
    const all = [1, 2, 3, 4, 5, 6].map((n) => pipeline.submitSpans(batch(n)))
    gated.release()
    await Promise.all(all)
    expect(DEFAULT_MAX_WRITE_ITEMS).toBe(4000)
    expect(gated.writes).toEqual([2000, 4000, 4000, 2000])
  })

  it('sizes assembly chunks so a request write takes about assembleChunkMs, never below 512 traces', async () => {
    const inner = createMemoryStore()
    const sizes: number[] = []
    const clock = manualClock()
    // A request write that takes 1 ms per request on the pipeline's clock.
    const store: SpanStore = {
      ...inner,
      async upsertRequests(list, options) {
        sizes.push(list.length)
        clock.advance(list.length)
        return inner.upsertRequests(list, options)
      },
    }
    const pipeline = createIngestPipeline({
      store,
      logger: createSilentLogger(),
      now: clock.now,
      sweepIntervalMs: 0,
      assembleChunkMs: 250,
      maxQueueDelayMs: 60_000,
    })
    const traces = (n: number): Span[] =>
      Array.from({ length: n }, () => makeVllmTrace({ engine: false }).slice(0, 1)).flat()
    await pipeline.submitSpans(traces(2000))
    await pipeline.flush()
    // Nothing measured yet: one chunk of up to 4,096; then 250 ms at 1 ms per request is 250,
    // raised to the 512 a request write needs to keep its fixed cost small.
    await pipeline.submitSpans(traces(2000))
    await pipeline.flush()
    expect(sizes).toEqual([2000, 512, 512, 512, 464])
    expect((await inner.stats()).requests).toBe(4000)
  })

  it('refuses a batch when the queue is full and stores none of it', async () => {
    const inner = createMemoryStore()
    const gated = gatedStore(inner)
    const { pipeline } = pipelineOn(gated.store, { maxQueueItems: 10 })
    const accepted = pipeline.submitSpans(makeVllmTrace()) // 7 spans, held in the write
    const refused = pipeline.submitSpans(makeVllmTrace())
    await expect(refused).rejects.toSatisfy((err: unknown) => {
      return (
        err instanceof AppError &&
        err.code === 'INGEST_OVERLOADED' &&
        err.retryAfterSeconds !== undefined &&
        err.retryAfterSeconds >= 1 &&
        err.retryAfterSeconds <= 5
      )
    })
    // A batch that still fits (7 + 3 = 10) is taken.
    const fits = pipeline.submitSpans(makeVllmTrace({ engine: false }).slice(0, 3))
    expect(pipeline.counters().queueDepth).toBe(10)
    gated.release()
    await Promise.all([accepted, fits])
    await pipeline.flush()
    expect((await inner.stats()).spans).toBe(10)
  })

  it('drops content attributes unless keepContent is set', async () => {
    const content = {
      'gen_ai.input.messages': '[{"role":"user","content":"secret"}]',
      'gen_ai.prompt.0.content': 'secret',
      'gen_ai.completion.0.content': 'answer',
      'gen_ai.system_instructions': 'be nice',
      'gen_ai.request.model': 'm',
    }
    const span = makeSpan({
      traceId: 'c'.repeat(32),
      attributes: content,
      events: [
        {
          name: 'gen_ai.content.prompt',
          timeUs: makeSpan().startUs,
          attributes: { 'gen_ai.prompt': 'x' },
        },
      ],
    })
    const before = structuredClone(span)

    const stripped = createMemoryStore()
    await pipelineOn(stripped).pipeline.submitSpans([span])
    const [kept] = await stripped.getSpans([span.traceId])
    expect(kept?.attributes).toEqual({ 'gen_ai.request.model': 'm' })
    expect(kept?.events[0]?.attributes).toEqual({})
    expect(span).toEqual(before)

    const full = createMemoryStore()
    await pipelineOn(full, { keepContent: true }).pipeline.submitSpans([span])
    expect((await full.getSpans([span.traceId]))[0]?.attributes).toEqual(content)
  })

  it('assembles the oldest traces early when too many are pending', async () => {
    const store = createMemoryStore()
    const { pipeline } = pipelineOn(store, { maxPendingTraces: 2 })
    for (let i = 0; i < 5; i++) {
      await pipeline.submitSpans(makeVllmTrace())
    }
    await pipeline.sweep()
    expect(pipeline.counters().pendingTraces).toBeLessThanOrEqual(2)
    expect(pipeline.counters().requestsAssembled).toBeGreaterThanOrEqual(3)
  })

  it('writes metrics and events through the same queue', async () => {
    const store = createMemoryStore()
    const { pipeline } = pipelineOn(store)
    await Promise.all([
      pipeline.submitMetrics(
        [
          {
            name: 'vllm:num_requests_waiting',
            labels: { pod: 'vllm-0' },
            timeUs: makeSpan().startUs,
            value: 3,
          },
        ],
        [{ name: 'vllm:num_requests_waiting', type: 'gauge', help: null, unit: null }]
      ),
      pipeline.submitEvents([
        {
          timeUs: makeSpan().startUs,
          kind: 'deploy',
          model: null,
          version: '2',
          replica: null,
          node: null,
          message: null,
          reason: null,
        },
      ]),
    ])
    expect(await store.stats()).toMatchObject({ metricSamples: 1, events: 1 })
    expect(pipeline.counters()).toMatchObject({ metricSamplesAccepted: 1, eventsAccepted: 1 })
  })

  it('runs the sweep on its own timer and reports background failures to onBackgroundError', async () => {
    const failures: unknown[] = []
    const inner = createMemoryStore()
    let failGets = true
    const store: SpanStore = {
      ...inner,
      async upsertRequests(requests) {
        if (failGets) {
          throw new Error('disk on fire')
        }
        return inner.upsertRequests(requests)
      },
    }
    const pipeline = createIngestPipeline({
      store,
      logger: createSilentLogger(),
      now: Date.now,
      quietMs: 10,
      sweepIntervalMs: 5,
      onBackgroundError: (err) => failures.push(err),
    })
    const trace = makeVllmTrace()
    await pipeline.submitSpans(trace)
    await vi.waitFor(() => expect(failures.length).toBeGreaterThan(0), { timeout: 2000 })
    expect(pipeline.counters().pendingTraces).toBe(1)
    failGets = false
    await vi.waitFor(() => expect(pipeline.counters().requestsAssembled).toBe(1), { timeout: 2000 })
    await pipeline.close()
    await expect(pipeline.submitSpans(trace)).rejects.toMatchObject({ code: 'STORE_UNAVAILABLE' })
  })
})

describe('createIngestPipeline reads the store only when it must', () => {
  const countingStore = (): { store: SpanStore; reads: () => number } => {
    const inner = createMemoryStore()
    let reads = 0
    return {
      reads: () => reads,
      store: {
        ...inner,
        async getSpans(ids) {
          reads++
          return inner.getSpans(ids)
        },
      },
    }
  }

  it('assembles a new trace from the spans it holds, without reading the store', async () => {
    const { store, reads } = countingStore()
    const pipeline = createIngestPipeline({
      store,
      logger: createSilentLogger(),
      now: Date.now,
      sweepIntervalMs: 0,
    })
    await pipeline.submitSpans(makeVllmTrace())
    await pipeline.flush()
    expect(pipeline.counters().requestsAssembled).toBe(1)
    expect(reads()).toBe(0)
    await pipeline.close()
  })

  it('reads the stored spans back when a late span arrives for an assembled trace', async () => {
    const { store, reads } = countingStore()
    const pipeline = createIngestPipeline({
      store,
      logger: createSilentLogger(),
      now: Date.now,
      sweepIntervalMs: 0,
    })
    const trace = makeVllmTrace()
    const engine = trace.find((s) => s.name === 'llm_request')!
    await pipeline.submitSpans(trace.filter((s) => s !== engine))
    await pipeline.flush()
    const before = await store.getRequest(engine.traceId)
    expect(before?.hasEngine).toBe(false)
    await pipeline.submitSpans([engine])
    await pipeline.flush()
    expect(reads()).toBeGreaterThan(0)
    const after = await store.getRequest(engine.traceId)
    expect(after?.hasEngine).toBe(true)
    expect(after?.hasGateway).toBe(true)
    await pipeline.close()
  })

  it('falls back to the store when it may hold no more spans in memory', async () => {
    const { store, reads } = countingStore()
    const pipeline = createIngestPipeline({
      store,
      logger: createSilentLogger(),
      now: Date.now,
      sweepIntervalMs: 0,
      maxHeldSpans: 3,
    })
    const a = makeVllmTrace()
    const b = makeVllmTrace()
    await pipeline.submitSpans([...a, ...b])
    await pipeline.flush()
    expect(reads()).toBeGreaterThan(0)
    const ra = await store.getRequest(a[0]!.traceId)
    const rb = await store.getRequest(b[0]!.traceId)
    expect(ra?.spanCount).toBe(a.length)
    expect(rb?.spanCount).toBe(b.length)
    await pipeline.close()
  })
})

describe('createIngestPipeline bounds the spans it holds', () => {
  it('assembles the oldest traces early when it holds more spans than its cap', async () => {
    const store = createMemoryStore()
    const pipeline = createIngestPipeline({
      store,
      logger: createSilentLogger(),
      now: () => 0,
      quietMs: 60_000,
      sweepIntervalMs: 0,
      maxHeldSpans: 10,
    })
    for (let i = 0; i < 5; i++) {
      await pipeline.submitSpans(makeVllmTrace())
    }
    await vi.waitFor(() => expect(pipeline.counters().requestsAssembled).toBeGreaterThan(0))
    // Nothing was quiet yet: only the span cap can have triggered assembly.
    expect(pipeline.counters().pendingTraces).toBeLessThan(5)
    await pipeline.flush()
    expect(pipeline.counters().requestsAssembled).toBe(5)
    await pipeline.close()
  })
})
