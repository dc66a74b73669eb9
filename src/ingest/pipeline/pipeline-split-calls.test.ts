/**
 * The pipeline's side of one-request-per-call: second copies of spans are not stored again,
 * the two traces of a vLLM call sent without traceparent become one request even when their
 * spans arrive in different batches, and non-LLM traces are counted apart.
 */
import { describe, expect, it } from 'vitest'
import { makeSpan, makeVllmTrace } from '../../core/model/testing/builders.js'
import { createSilentLogger } from '../../core/logger.js'
import { SPAN_KIND, type Span } from '../../core/model/span.js'
import { asMicros } from '../../core/model/units.js'
import { createMemoryStore } from '../../storage/memory/memory-store.js'
import { createIngestPipeline } from './pipeline.js'

const VLLM_RESOURCE = {
  'service.name': 'unknown_service',
  'service.instance.id': '884f9da2-d88f-4c32-93cc-9d2a5fd8e653',
  'vllm.process_id': '26392',
}

function setup() {
  let t = 1_700_000_000_000
  const store = createMemoryStore()
  const pipeline = createIngestPipeline({
    store,
    logger: createSilentLogger(),
    now: () => t,
    quietMs: 5000,
    sweepIntervalMs: 0,
  })
  return { store, pipeline, advance: (ms: number) => (t += ms) }
}

/** A vLLM call without traceparent: the API-server trace and the engine trace. */
function splitCall(): { api: Span[]; engine: Span[] } {
  const engine = makeVllmTrace({
    traceId: 'a697f62799501f0d74d3722887da1c23',
    client: false,
    gateway: false,
  }).map((s) => ({ ...s, resource: VLLM_RESOURCE }))
  const e = engine[0] as Span
  const api = makeSpan({
    traceId: '3e6e6ea102846e37b05598d3e18b0963',
    spanId: '026aafd79d159531',
    name: 'POST /v1/chat/completions',
    kind: SPAN_KIND.SERVER,
    startUs: asMicros(e.startUs - 3000),
    endUs: asMicros(e.endUs + 1000),
    scopeName: 'fastapi',
    resource: VLLM_RESOURCE,
    attributes: {
      'http.route': '/v1/chat/completions',
      'server.address': '127.0.0.1',
      'server.port': 28000,
    },
  })
  return { api: [api], engine }
}

describe('ingest pipeline: one request per LLM call', () => {
  it('stores a span sent twice (in one batch and across batches) once', async () => {
    const { store, pipeline } = setup()
    const trace = makeVllmTrace({})
    await pipeline.submitSpans([...trace, ...trace])
    await pipeline.submitSpans(trace.map((s) => ({ ...s })))
    await pipeline.flush()
    expect(pipeline.counters()).toMatchObject({
      spansAccepted: trace.length,
      spansDuplicate: 2 * trace.length,
      requestsAssembled: 1,
    })
    expect((await store.stats()).spans).toBe(trace.length)
    const request = await store.getRequest((trace[0] as Span).traceId)
    expect(request?.spanCount).toBe(trace.length)
  })

  it('drops copies of interleaved traces in one write, and a failed write records none of its spans', async () => {
    const { store, pipeline } = setup()
    const a = makeVllmTrace({ traceId: 'a'.repeat(32) })
    const b = makeVllmTrace({ traceId: 'b'.repeat(32) })
    const [a0, a1] = a as [Span, Span, ...Span[]]
    const [b0] = b as [Span, ...Span[]]
    const insertSpans = store.insertSpans.bind(store)
    let failNext = true
    store.insertSpans = async (spans) => {
      if (failNext) {
        failNext = false
        throw new Error('disk full')
      }
      await insertSpans(spans)
    }
    // The copies come back later in the write, after the other trace's spans, as a retry does.
    const write = [a0, b0, a1, { ...a0 }, ...b, ...a.slice(2), { ...b0 }]
    await expect(pipeline.submitSpans(write)).rejects.toThrow('disk full')
    await pipeline.submitSpans(write)
    expect(pipeline.counters()).toMatchObject({
      spansAccepted: a.length + b.length,
      spansDuplicate: 3,
    })
    await pipeline.submitSpans([{ ...a1 }, { ...b0 }])
    await pipeline.flush()
    expect(pipeline.counters()).toMatchObject({
      spansAccepted: a.length + b.length,
      spansDuplicate: 5,
      requestsAssembled: 2,
    })
    expect((await store.stats()).spans).toBe(a.length + b.length)
  })

  it('joins the two traces of a call without traceparent into one request', async () => {
    const { store, pipeline } = setup()
    const { api, engine } = splitCall()
    await pipeline.submitSpans([...engine, ...api])
    await pipeline.flush()
    const stats = await store.stats()
    expect(stats.requests).toBe(1)
    const request = await store.getRequest(api[0]!.traceId)
    expect(request).toMatchObject({ hasEngine: true, hasGateway: false, spanCount: 2 })
    expect(request?.dims.route).toBe('/v1/chat/completions')
    expect(await store.getRequest(engine[0]!.traceId)).toBeNull()
  })

  it('waits one more quiet period for the other half arriving in a later batch', async () => {
    const { store, pipeline, advance } = setup()
    const { api, engine } = splitCall()
    await pipeline.submitSpans(engine)
    advance(6000)
    await pipeline.sweep()
    // Deferred: the engine half has no partner yet.
    expect((await store.stats()).requests).toBe(0)
    await pipeline.submitSpans(api)
    advance(6000)
    await pipeline.sweep()
    expect((await store.stats()).requests).toBe(1)
    expect(await store.getRequest(api[0]!.traceId)).not.toBeNull()
  })

  it('assembles a half alone once its extra quiet period passed', async () => {
    const { store, pipeline, advance } = setup()
    const { engine } = splitCall()
    await pipeline.submitSpans(engine)
    advance(6000)
    await pipeline.sweep()
    advance(6000)
    await pipeline.sweep()
    expect(await store.getRequest(engine[0]!.traceId)).toMatchObject({ hasEngine: true })
  })

  it('counts health checks and other services apart, never as requests', async () => {
    const { store, pipeline } = setup()
    const health = makeSpan({
      traceId: 'fcb7fa66000000000000000000000001',
      name: 'GET /health',
      kind: SPAN_KIND.SERVER,
      resource: VLLM_RESOURCE,
      attributes: { 'http.route': '/health' },
    })
    const orders = makeSpan({
      traceId: '0de00000000000000000000000000002',
      name: 'GET /api/orders',
      kind: SPAN_KIND.SERVER,
      attributes: { 'http.route': '/api/orders', 'http.response.status_code': 500 },
    })
    await pipeline.submitSpans([health, orders])
    await pipeline.flush()
    expect(pipeline.counters().tracesNotLlm).toBe(2)
    expect(pipeline.notLlmSources()).toEqual(
      expect.arrayContaining([
        { service: 'unknown_service', name: 'GET /health', traces: 1 },
        expect.objectContaining({ name: 'GET /api/orders', traces: 1 }),
      ])
    )
    expect((await store.stats()).requests).toBe(0)
    expect((await store.stats()).spans).toBe(2)
  })

  it('routes configured as LLM routes make such traces requests', async () => {
    const store = createMemoryStore()
    const pipeline = createIngestPipeline({
      store,
      logger: createSilentLogger(),
      now: () => 0,
      sweepIntervalMs: 0,
      llmRoutes: ['/api/orders'],
    })
    await pipeline.submitSpans([
      makeSpan({
        name: 'GET /api/orders',
        kind: SPAN_KIND.SERVER,
        attributes: { 'http.route': '/api/orders' },
      }),
    ])
    await pipeline.flush()
    expect((await store.stats()).requests).toBe(1)
  })
})
