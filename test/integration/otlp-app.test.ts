import { readFileSync } from 'node:fs'
import { gzipSync } from 'node:zlib'
import { afterEach, describe, expect, it } from 'vitest'
import { AppError } from '../../src/core/errors.js'
import {
  decodeRpcStatus,
  decodeTraceResponse,
  encodeTracesProtobuf,
} from '../../src/ingest/otlp/protobuf.js'
import { createOtlpApp } from '../../src/server/otlp-app.js'
import { createMemoryStore } from '../../src/storage/memory/memory-store.js'
import { makeLlmTraceRequest } from '../../src/core/otlp/testing/make-llm-request.js'
import { holdSpanWrites, makeDeps, type TestDeps } from '../../src/server/testing/test-deps.js'
import { createIngestPipeline } from '../../src/ingest/pipeline/pipeline.js'
import { createServerTelemetry } from '../../src/server/metrics/telemetry.js'
import { createRequestMetrics } from '../../src/server/metrics/request-metrics.js'

const FIXTURES = new URL('../fixtures/otlp/', import.meta.url)
const read = (name: string): string => readFileSync(new URL(name, FIXTURES), 'utf8')
const JSON_TYPE = { 'Content-Type': 'application/json' }
const PROTO_TYPE = { 'Content-Type': 'application/x-protobuf' }

let open: TestDeps[] = []
function setup(
  options: Parameters<typeof makeDeps>[0] = {}
): TestDeps & { app: ReturnType<typeof createOtlpApp> } {
  const deps = makeDeps(options)
  open.push(deps)
  return { ...deps, app: createOtlpApp(deps) }
}
afterEach(async () => {
  await Promise.all(open.map((d) => d.ingest.close()))
  open = []
})

const post = (
  app: ReturnType<typeof createOtlpApp>,
  path: string,
  body: string | Uint8Array<ArrayBuffer> | Buffer,
  headers: Record<string, string>
): Promise<Response> => Promise.resolve(app.request(path, { method: 'POST', body, headers }))

/**
 * The OTLP app behind the telemetry wrapper the server puts around every receiver's sink, over a
 * real pipeline whose span writes are held, on a clock the test moves (a real epoch: the spans'
 * times are checked against it, ADR 0044).
 */
function wrappedApp(extra: Partial<Parameters<typeof createOtlpApp>[0]>): {
  app: ReturnType<typeof createOtlpApp>
  pipeline: ReturnType<typeof createIngestPipeline>
  held: ReturnType<typeof holdSpanWrites>
  clock: { t: number }
} {
  const clock = { t: Date.now() }
  const now = (): number => clock.t
  const held = holdSpanWrites(createMemoryStore())
  const deps = makeDeps({ store: held.store })
  open.push(deps)
  const pipeline = createIngestPipeline({
    store: held.store,
    logger: deps.logger,
    now,
    quietMs: 1,
    sweepIntervalMs: 0,
    maxHoldMs: 60_000,
  })
  open.push({ ...deps, ingest: pipeline })
  const telemetry = createServerTelemetry({
    now,
    requests: createRequestMetrics({ dimensions: [], maxLabelSets: 1 }),
  })
  const app = createOtlpApp({
    ...deps,
    now,
    ingest: telemetry.instrumentSink(pipeline, 'otlp', 'http'),
    ...extra,
  })
  return { app, pipeline, held, clock }
}

describe('POST /v1/traces', () => {
  it('counts how late the event loop was against the answer time: a request that waited too long is refused, not stored', async () => {
    const deps = makeDeps()
    open.push(deps)
    // The loop was 4.5 s late: the request had waited that long before its handler started,
    // more than the 4 s a body may take to be read and decoded and still be answered in time.
    const app = createOtlpApp({ ...deps, loopLagMs: () => 4500 })
    const res = await post(app, '/v1/traces', read('otlp-trace-example.json'), JSON_TYPE)
    expect(res.status).toBe(429)
    expect(res.headers.get('retry-after')).toBe('2')
    expect(await deps.store.getSpans(['5b8efff798038103d269b633813fc60c'])).toEqual([])
    const onTime = createOtlpApp({ ...deps, loopLagMs: () => 500 })
    const ok = await post(onTime, '/v1/traces', read('otlp-trace-example.json'), JSON_TYPE)
    expect(ok.status).toBe(200)
  })

  it('stores the official JSON example and answers {} (full success)', async () => {
    const { app, store } = setup()
    const res = await post(app, '/v1/traces', read('otlp-trace-example.json'), JSON_TYPE)
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({})
    const spans = await store.getSpans(['5b8efff798038103d269b633813fc60c'])
    expect(spans.map((s) => [s.spanId, s.name])).toEqual([
      ['eee19b7ec3c1b174', "I'm a server span"],
    ])
  })

  it('accepts protobuf, answers an empty protobuf response, and has committed before answering', async () => {
    const { app, store } = setup()
    const body = encodeTracesProtobuf(makeLlmTraceRequest(3))
    const res = await post(app, '/v1/traces', body.slice(), {
      'Content-Type': 'application/x-protobuf; charset=binary',
    })
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('application/x-protobuf')
    expect(new Uint8Array(await res.arrayBuffer())).toHaveLength(0)
    expect((await store.stats()).spans).toBe(12)
  })

  it('accepts gzip bodies (JSON with charset, and protobuf)', async () => {
    const { app, store } = setup()
    const json = gzipSync(JSON.stringify(makeLlmTraceRequest(1, 0)))
    const res1 = await post(app, '/v1/traces', json, {
      'Content-Type': 'application/json; charset=utf-8',
      'Content-Encoding': 'gzip',
    })
    expect(res1.status).toBe(200)
    const proto = gzipSync(encodeTracesProtobuf(makeLlmTraceRequest(1, 1)))
    const res2 = await post(app, '/v1/traces', proto, { ...PROTO_TYPE, 'Content-Encoding': 'gzip' })
    expect(res2.status).toBe(200)
    expect((await store.stats()).spans).toBe(8)
  })

  it('answers partial success in JSON with the rejected count and paths', async () => {
    const { app, store, logger } = setup()
    const res = await post(app, '/v1/traces', read('quirks-trace.json'), JSON_TYPE)
    expect(res.status).toBe(200)
    const body = (await res.json()) as {
      partialSuccess: { rejectedSpans: number; errorMessage: string }
    }
    expect(body.partialSuccess.rejectedSpans).toBe(5)
    expect(body.partialSuccess.errorMessage).toContain(
      'resourceSpans[0].scopeSpans[0].spans[2]: traceId must be'
    )
    expect((await store.stats()).spans).toBe(2)
    expect(logger.lines.some((l) => l.level === 'warn' && l.msg.includes('rejected'))).toBe(true)
  })

  it('answers partial success in protobuf for a protobuf request', async () => {
    const { app } = setup()
    const request = makeLlmTraceRequest(2)
    const rs = request.resourceSpans[0] as { scopeSpans: { spans: Record<string, unknown>[] }[] }
    rs.scopeSpans[0]!.spans[0]!['spanId'] = ''
    const res = await post(app, '/v1/traces', encodeTracesProtobuf(request).slice(), PROTO_TYPE)
    expect(res.status).toBe(200)
    const decoded = decodeTraceResponse(new Uint8Array(await res.arrayBuffer()))
    expect(decoded?.rejectedSpans).toBe(1)
    expect(decoded?.errorMessage).toContain('spanId must be 16 hex digits')
  })

  it.each([
    ['JSON that does not parse', '{"resourceSpans": [', JSON_TYPE],
    ['JSON that is not an object', '[1,2]', JSON_TYPE],
    [
      'gzip that does not decompress',
      'not gzip at all',
      { ...JSON_TYPE, 'Content-Encoding': 'gzip' },
    ],
  ])('answers 400 with a Status body for %s', async (_label, body, headers) => {
    const { app } = setup()
    const res = await post(app, '/v1/traces', body, headers)
    expect(res.status).toBe(400)
    const status = (await res.json()) as { code: number; message: string }
    expect(status.code).toBe(3)
    expect(status.message).toMatch(/^OTLP_DECODE_FAILED: /)
  })

  it('answers 400 with a protobuf Status for undecodable protobuf', async () => {
    const { app } = setup()
    const res = await post(
      app,
      '/v1/traces',
      Uint8Array.from([0x0a, 0xff, 0xff, 0xff, 0x0f]),
      PROTO_TYPE
    )
    expect(res.status).toBe(400)
    const status = decodeRpcStatus(new Uint8Array(await res.arrayBuffer()))
    expect(status.message).toContain('ExportTraceServiceRequest')
  })

  it.each([
    ['a text/plain body', { 'Content-Type': 'text/plain' }],
    ['no Content-Type', {}],
    ['Content-Encoding br', { ...JSON_TYPE, 'Content-Encoding': 'br' }],
  ])('answers 415 for %s', async (_label, headers) => {
    const { app } = setup()
    const res = await post(app, '/v1/traces', '{}', headers as Record<string, string>)
    expect(res.status).toBe(415)
    expect(((await res.json()) as { message: string }).message).toMatch(
      /^OTLP_UNSUPPORTED_MEDIA_TYPE/
    )
  })

  it('answers 413 from Content-Length before reading', async () => {
    const { app } = setup({ maxBodyBytes: 1000 })
    const res = await post(app, '/v1/traces', 'x'.repeat(2000), JSON_TYPE)
    expect(res.status).toBe(413)
    expect(((await res.json()) as { message: string }).message).toContain('at most 1000 bytes')
  })

  it('answers 413 while streaming a body without Content-Length', async () => {
    const { app, store } = setup({ maxBodyBytes: 64 * 1024 })
    let pulled = 0
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled++
        controller.enqueue(new Uint8Array(16 * 1024).fill(32))
        if (pulled > 1000) {
          controller.close()
        }
      },
    })
    const res = await app.request('/v1/traces', {
      method: 'POST',
      body: stream,
      headers: JSON_TYPE,
      duplex: 'half',
    } as RequestInit)
    expect(res.status).toBe(413)
    // It stopped reading soon after the limit instead of buffering all 16 MB.
    expect(pulled).toBeLessThan(20)
    expect((await store.stats()).spans).toBe(0)
  })

  it('answers 413 for a gzip bomb that expands past the limit', async () => {
    const { app } = setup({ maxBodyBytes: 1024 * 1024 })
    const bomb = gzipSync(Buffer.alloc(8 * 1024 * 1024, 32))
    expect(bomb.length).toBeLessThan(64 * 1024)
    const res = await post(app, '/v1/traces', bomb, { ...JSON_TYPE, 'Content-Encoding': 'gzip' })
    expect(res.status).toBe(413)
    expect(((await res.json()) as { message: string }).message).toContain('decompressed body')
  })

  it('answers 429 with Retry-After when the ingest queue is full, and stores nothing of that batch', async () => {
    const held = holdSpanWrites(createMemoryStore())
    const { app, store } = setup({ store: held.store, maxQueueItems: 4 })
    const first = post(app, '/v1/traces', JSON.stringify(makeLlmTraceRequest(1, 0)), JSON_TYPE)
    await new Promise((resolve) => setTimeout(resolve, 20))
    const second = await post(
      app,
      '/v1/traces',
      JSON.stringify(makeLlmTraceRequest(1, 1)),
      JSON_TYPE
    )
    expect(second.status).toBe(429)
    expect(Number(second.headers.get('retry-after'))).toBeGreaterThanOrEqual(1)
    expect(((await second.json()) as { code: number }).code).toBe(8)
    held.release()
    expect((await first).status).toBe(200)
    expect((await store.stats()).spans).toBe(4)
  })

  it('says where an acknowledgement spent its time (Server-Timing), through the telemetry wrapper the server uses', async () => {
    const { app, pipeline, held, clock } = wrappedApp({ loopLagMs: () => 300 })
    const answer = post(app, '/v1/traces', JSON.stringify(makeLlmTraceRequest(1, 0)), JSON_TYPE)
    while (pipeline.counters().queueDepth === 0) {
      await new Promise((resolve) => setTimeout(resolve, 5))
    }
    // The store holds the write for 250 ms of the clock.
    clock.t += 250
    held.release()
    const res = await answer
    expect(res.status).toBe(200)
    // The write queue saw the submit options (timing) through the wrapper: queue and store are
    // there, and what it expected of the wait (nothing measured yet, nothing ahead of the batch).
    expect(res.headers.get('server-timing')).toBe(
      'lag;dur=300, read;dur=0, decode;dur=0, queue;dur=0, store;dur=250, reply;dur=0, total;dur=550, expected;dur=0, step;dur=0'
    )
  })

  it('refuses a batch still waiting for the writer past its answer time, through the telemetry wrapper', async () => {
    const { app, pipeline, held, clock } = wrappedApp({})
    const first = post(app, '/v1/traces', JSON.stringify(makeLlmTraceRequest(1, 0)), JSON_TYPE)
    while (pipeline.counters().queueDepth === 0) {
      await new Promise((resolve) => setTimeout(resolve, 5))
    }
    // Queued behind the held write; by the time the writer gets to it its 8 s are over.
    const second = post(app, '/v1/traces', JSON.stringify(makeLlmTraceRequest(1, 1)), JSON_TYPE)
    while (pipeline.counters().queueDepth < 8) {
      await new Promise((resolve) => setTimeout(resolve, 5))
    }
    clock.t += 9000
    held.release()
    expect((await first).status).toBe(200)
    const late = await second
    expect(late.status).toBe(429)
    expect(((await late.json()) as { message: string }).message).toContain(
      'past the time its client must hear back'
    )
    expect((await held.store.stats()).spans).toBe(4)
  })

  it('refuses a new body before reading it while batches have waited for the writer longer than maxQueueDelayMs, through the telemetry wrapper', async () => {
    const { app, pipeline, held, clock } = wrappedApp({})
    const send = (i: number): Promise<Response> =>
      post(app, '/v1/traces', JSON.stringify(makeLlmTraceRequest(1, i)), JSON_TYPE)
    const first = send(0)
    while (pipeline.counters().queueDepth < 4) {
      await new Promise((resolve) => setTimeout(resolve, 5))
    }
    const second = send(1)
    while (pipeline.counters().queueDepth < 8) {
      await new Promise((resolve) => setTimeout(resolve, 5))
    }
    // The writer is stuck on the first batch: the second has waited 1.5 s, past the 1 s default.
    clock.t += 1500
    const refused = await send(2)
    expect(refused.status).toBe(429)
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1)
    expect(((await refused.json()) as { message: string }).message).toContain(
      'batches have waited at least 1500 ms'
    )
    held.release()
    expect((await first).status).toBe(200)
    expect((await second).status).toBe(200)
    // Once nothing waits any more, bodies are admitted again.
    expect((await send(3)).status).toBe(200)
    expect((await held.store.stats()).spans).toBe(12)
  })

  it('answers 500 and logs the stack when the sink fails unexpectedly', async () => {
    const deps = setup()
    const app = createOtlpApp({
      ...deps,
      ingest: { ...deps.ingest, submitSpans: () => Promise.reject(new Error('disk on fire')) },
    })
    const res = await post(app, '/v1/traces', read('otlp-trace-example.json'), JSON_TYPE)
    expect(res.status).toBe(500)
    expect(JSON.stringify(await res.json())).not.toContain('disk on fire')
    expect(deps.logger.lines.find((l) => l.level === 'error')?.fields).toMatchObject({
      error: expect.stringContaining('disk on fire'),
    })
  })

  it('maps a STORE_UNAVAILABLE rejection to 503 with Retry-After', async () => {
    const deps = setup()
    const app = createOtlpApp({
      ...deps,
      ingest: {
        ...deps.ingest,
        submitSpans: () => Promise.reject(new AppError('STORE_UNAVAILABLE', 'store closed')),
      },
    })
    const res = await post(app, '/v1/traces', read('otlp-trace-example.json'), JSON_TYPE)
    expect(res.status).toBe(503)
    expect(res.headers.get('retry-after')).toBe('1')
  })

  it('answers 404 for other paths', async () => {
    const { app } = setup()
    expect((await app.request('/v1/logs', { method: 'POST' })).status).toBe(404)
  })
})

describe('POST /v1/metrics', () => {
  it('stores the official example and reports nothing rejected', async () => {
    const { app, store } = setup()
    const res = await post(app, '/v1/metrics', read('otlp-metrics-example.json'), JSON_TYPE)
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({})
    const names = (await store.listMetrics()).map((m) => m.name)
    expect(names).toEqual(expect.arrayContaining(['my_counter', 'my_gauge', 'my_histogram']))
    expect((await store.stats()).metricSamples).toBe(12)
  })

  it('answers partial success with rejectedDataPoints', async () => {
    const { app } = setup()
    const body = {
      resourceMetrics: [
        {
          scopeMetrics: [
            {
              metrics: [
                {
                  name: 'ok',
                  gauge: { dataPoints: [{ asDouble: 1, timeUnixNano: '1760000000000000000' }] },
                },
                { name: 'bad', gauge: { dataPoints: [{ asDouble: 1 }] } },
              ],
            },
          ],
        },
      ],
    }
    const res = await post(app, '/v1/metrics', JSON.stringify(body), JSON_TYPE)
    expect(await res.json()).toEqual({
      partialSuccess: {
        rejectedDataPoints: 1,
        errorMessage: expect.stringContaining('metrics[1].gauge.dataPoints[0]'),
      },
    })
  })
})
