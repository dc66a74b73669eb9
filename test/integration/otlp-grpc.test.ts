/**
 * The OTLP/gRPC receiver over a real socket: the OpenTelemetry JS gRPC exporter (plain and gzip),
 * the same spans sent over OTLP/gRPC and OTLP/HTTP stored as identical requests, partial success,
 * the size limit after decompression, and back-pressure with RetryInfo in the trailers.
 */
import { readdirSync, readFileSync } from 'node:fs'
import type { AddressInfo } from 'node:net'
import { gzipSync } from 'node:zlib'
import {
  credentials,
  makeGenericClientConstructor,
  Metadata,
  status,
  type Client,
  type ServiceError,
} from '@grpc/grpc-js'
import { serve, type ServerType } from '@hono/node-server'
import { context, SpanKind, trace } from '@opentelemetry/api'
import { OTLPTraceExporter as GrpcExporter } from '@opentelemetry/exporter-trace-otlp-grpc'
import { OTLPTraceExporter as ProtoExporter } from '@opentelemetry/exporter-trace-otlp-proto'
import { resourceFromAttributes } from '@opentelemetry/resources'
import {
  BasicTracerProvider,
  InMemorySpanExporter,
  SimpleSpanProcessor,
  type ReadableSpan,
  type SpanExporter,
} from '@opentelemetry/sdk-trace-base'
import { afterEach, describe, expect, it } from 'vitest'
import { AppError } from '../../src/core/errors.js'
import {
  decodeTraceResponse,
  decodeTracesProtobuf,
  encodeMetricsProtobuf,
  encodeTracesProtobuf,
} from '../../src/ingest/otlp/protobuf.js'
import { decodeRetryDelayMs } from '../../src/ingest/otlp/rpc-status.js'
import { createOtlpApp } from '../../src/server/otlp-app.js'
import { OTLP_METRICS_EXPORT_PATH, OTLP_TRACE_EXPORT_PATH } from '../../src/server/otlp-grpc.js'
import {
  startOtlpGrpcListener,
  type OtlpGrpcListener,
} from '../../src/server/otlp-grpc-listener.js'
import { parseTokenFile } from '../../src/server/auth.js'
import { createMemoryStore } from '../../src/storage/memory/memory-store.js'
import { makeLlmTraceRequest } from '../../src/core/otlp/testing/make-llm-request.js'
import { holdSpanWrites, makeDeps, type TestDeps } from '../../src/server/testing/test-deps.js'
import { createDecodePool } from '../../src/ingest/otlp/decode-pool.js'

const cleanups: (() => Promise<void>)[] = []
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) {
    await c()
  }
})

async function grpcReceiver(
  options: Parameters<typeof makeDeps>[0] = {},
  override: Partial<TestDeps> = {}
): Promise<TestDeps & { address: string }> {
  const deps = { ...makeDeps(options), ...override }
  const listener: OtlpGrpcListener = await startOtlpGrpcListener(deps, {
    host: '127.0.0.1',
    otlpGrpcPort: 0,
  })
  cleanups.push(async () => {
    await listener.close()
    await deps.ingest.close()
  })
  return { ...deps, address: listener.url!.replace('http://', '') }
}

async function httpReceiver(): Promise<TestDeps & { url: string }> {
  const deps = makeDeps()
  const app = createOtlpApp(deps)
  const server = await new Promise<ServerType>((resolve) => {
    const s = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s))
  })
  cleanups.push(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()))
    await deps.ingest.close()
  })
  const port = (server.address() as AddressInfo).port
  return { ...deps, url: `http://127.0.0.1:${port}/v1/traces` }
}

/** A raw unary client for one OTLP method: bytes in, bytes out (what an exporter sends). */
type RawCall = (
  body: Uint8Array,
  options?: { gzip?: boolean; token?: string }
) => Promise<{ response: Buffer } | { error: ServiceError }>

function rawClient(address: string, path: string): RawCall {
  const Ctor = makeGenericClientConstructor(
    {
      Export: {
        path,
        requestStream: false,
        responseStream: false,
        requestSerialize: (b: Buffer) => b,
        requestDeserialize: (b: Buffer) => b,
        responseSerialize: (b: Buffer) => b,
        responseDeserialize: (b: Buffer) => b,
      },
    },
    'Otlp'
  )
  const clients: Client[] = []
  cleanups.push(async () => clients.forEach((c) => c.close()))
  return (body, options = {}) => {
    const client = new Ctor(address, credentials.createInsecure(), {
      'grpc.default_compression_algorithm': options.gzip === true ? 2 : 0,
      'grpc.max_send_message_length': 64 * 1024 * 1024,
    })
    clients.push(client)
    return new Promise((resolve) => {
      const call = (
        client as unknown as {
          Export: (
            b: Buffer,
            m: Metadata,
            cb: (err: ServiceError | null, res?: Buffer) => void
          ) => void
        }
      ).Export
      const metadata = new Metadata()
      if (options.token !== undefined) {
        metadata.set('authorization', `Bearer ${options.token}`)
      }
      call.call(client, Buffer.from(body), metadata, (err, res) =>
        resolve(err !== null ? { error: err } : { response: res! })
      )
    })
  }
}

/** Spans as the SDK ends them: a gateway SERVER span and an engine `llm_request` child, per call. */
function recordSpans(calls: number): ReadableSpan[] {
  const memory = new InMemorySpanExporter()
  const provider = new BasicTracerProvider({
    resource: resourceFromAttributes({
      'service.name': 'vllm',
      'service.instance.id': 'vllm-0',
      'k8s.pod.name': 'vllm-0',
    }),
    spanProcessors: [new SimpleSpanProcessor(memory)],
  })
  const tracer = provider.getTracer('vllm.tracing.otel', '0.0.0')
  const t0 = Date.now() - 60_000
  for (let i = 0; i < calls; i++) {
    const start = t0 + i * 1_000
    const root = tracer.startSpan('POST /v1/chat/completions', {
      kind: SpanKind.SERVER,
      startTime: start,
      attributes: { 'http.route': '/v1/chat/completions', 'http.response.status_code': 200 },
    })
    const engine = tracer.startSpan(
      'llm_request',
      {
        kind: SpanKind.SERVER,
        startTime: start + 2,
        attributes: {
          'gen_ai.response.model': 'tiny-llama',
          'gen_ai.latency.time_in_queue': 0.004,
          'gen_ai.latency.time_to_first_token': 0.05 + i * 0.01,
          'gen_ai.latency.time_in_model_prefill': 0.03,
          'gen_ai.latency.time_in_model_decode': 0.4,
          'gen_ai.latency.e2e': 0.45 + i * 0.01,
          'gen_ai.usage.prompt_tokens': 100 + i,
          'gen_ai.usage.completion_tokens': 40,
          'gen_ai.request.id': `chatcmpl-${i}`,
        },
      },
      trace.setSpan(context.active(), root)
    )
    engine.end(start + 452 + i * 10)
    root.end(start + 460 + i * 10)
  }
  return memory.getFinishedSpans()
}

function exportWith(exporter: SpanExporter, spans: ReadableSpan[]): Promise<void> {
  return new Promise((resolve, reject) => {
    exporter.export(spans, (result) => {
      if (result.code === 0) {
        resolve()
      } else {
        reject(result.error ?? new Error('export failed'))
      }
    })
  })
}

async function storedRequests(deps: TestDeps): Promise<unknown[]> {
  await deps.ingest.flush()
  const page = await deps.store.queryRequests({ sortBy: 'start', sortDir: 'asc', limit: 100 })
  return page.rows
}

describe('OTLP/gRPC receiver with the OpenTelemetry JS gRPC exporter', () => {
  it.each(['none', 'gzip'] as const)(
    'stores what it sent (compression %s)',
    async (compression) => {
      const grpc = await grpcReceiver()
      const spans = recordSpans(3)
      const exporter = new GrpcExporter({
        url: `http://${grpc.address}`,
        compression: compression as never,
      })
      await exportWith(exporter, spans)
      await exporter.shutdown()
      const traceIds = [...new Set(spans.map((s) => s.spanContext().traceId))]
      const stored = await grpc.store.getSpans(traceIds)
      expect(stored.map((s) => s.spanId).sort()).toEqual(
        spans.map((s) => s.spanContext().spanId).sort()
      )
      const engine = stored.find(
        (s) => s.name === 'llm_request' && s.attributes['gen_ai.request.id'] === 'chatcmpl-1'
      )
      expect(engine).toMatchObject({
        kind: 2,
        scopeName: 'vllm.tracing.otel',
        resource: { 'service.name': 'vllm', 'k8s.pod.name': 'vllm-0' },
        attributes: { 'gen_ai.usage.prompt_tokens': 101, 'gen_ai.latency.e2e': 0.46 },
      })
    }
  )

  it('stores the same requests as OTLP/HTTP for the same spans', async () => {
    const spans = recordSpans(5)
    const grpc = await grpcReceiver()
    const http = await httpReceiver()
    const grpcExporter = new GrpcExporter({ url: `http://${grpc.address}` })
    const httpExporter = new ProtoExporter({ url: http.url })
    await exportWith(grpcExporter, spans)
    await exportWith(httpExporter, spans)
    await grpcExporter.shutdown()
    await httpExporter.shutdown()
    const viaGrpc = await storedRequests(grpc)
    const viaHttp = await storedRequests(http)
    expect(viaGrpc).toHaveLength(5)
    expect(viaGrpc).toEqual(viaHttp)
    expect(await grpc.store.stats()).toEqual(await http.store.stats())
  })
})

describe('a real vLLM export replayed over OTLP/gRPC and OTLP/HTTP', () => {
  const dir = new URL('../fixtures/real-vllm/bodies/', import.meta.url)
  const bodies = readdirSync(dir)
    .filter((f) => f.endsWith('.body'))
    .sort()
    .map((f) => new Uint8Array(readFileSync(new URL(f, dir))))

  it('stores the same spans and requests either way', async () => {
    const grpc = await grpcReceiver()
    const http = makeDeps()
    cleanups.push(() => http.ingest.close())
    const app = createOtlpApp(http)
    const call = rawClient(grpc.address, OTLP_TRACE_EXPORT_PATH)
    for (const body of bodies) {
      expect(await call(body)).toEqual({ response: Buffer.alloc(0) })
      const res = await app.request('/v1/traces', {
        method: 'POST',
        body: body.slice(),
        headers: { 'Content-Type': 'application/x-protobuf' },
      })
      expect(res.status).toBe(200)
    }
    const traceIds = [
      ...new Set(bodies.flatMap((b) => decodeTracesProtobuf(b).spans.map((s) => s.traceId))),
    ]
    const order = (a: { spanId: string; startUs: number }, b: typeof a): number =>
      a.spanId === b.spanId ? a.startUs - b.startUs : a.spanId < b.spanId ? -1 : 1
    const viaGrpc = (await grpc.store.getSpans(traceIds)).sort(order)
    const viaHttp = (await http.store.getSpans(traceIds)).sort(order)
    expect(viaGrpc.length).toBeGreaterThan(40)
    expect(viaGrpc).toEqual(viaHttp)
    expect(viaGrpc.some((s) => s.name === 'llm_request')).toBe(true)
    expect(await storedRequests(grpc)).toEqual(await storedRequests(http))
  })
})

describe('OTLP/gRPC receiver with tokens configured', () => {
  const INGEST = 'ingest-token-0123456789abcdef'
  const READ = 'read-token-0123456789abcdef00'
  it('needs an ingest-scoped bearer token, like OTLP/HTTP', async () => {
    const grants = parseTokenFile(`ingest ${INGEST}\nread ${READ}\n`, 'tokens')
    const grpc = await grpcReceiver(
      {},
      { security: { grants, allowedHosts: ['127.0.0.1'], allowedOrigins: [] } }
    )
    const call = rawClient(grpc.address, OTLP_TRACE_EXPORT_PATH)
    const body = encodeTracesProtobuf(makeLlmTraceRequest(1))
    const none = await call(body)
    expect('error' in none && none.error.code).toBe(status.UNAUTHENTICATED)
    const wrong = await call(body, { token: 'not-a-token-at-all-0000' })
    expect('error' in wrong && wrong.error.code).toBe(status.UNAUTHENTICATED)
    const reader = await call(body, { token: READ })
    expect('error' in reader && reader.error.code).toBe(status.PERMISSION_DENIED)
    expect((await grpc.store.stats()).spans).toBe(0)
    const ok = await call(body, { token: INGEST })
    expect('response' in ok).toBe(true)
    await grpc.ingest.flush()
    expect((await grpc.store.stats()).spans).toBeGreaterThan(0)
  })
})

describe('OTLP/gRPC receiver decoding in a worker thread', () => {
  it('stores, answers partial success and refuses undecodable bytes as when decoding inline', async () => {
    const pool = createDecodePool({ workers: 1 })
    let decoded = 0
    const decoder = {
      ...pool,
      traces: (...args: Parameters<typeof pool.traces>) => (decoded++, pool.traces(...args)),
    }
    const deps = { ...makeDeps(), decoder }
    const listener = await startOtlpGrpcListener(deps, { host: '127.0.0.1', otlpGrpcPort: 0 })
    cleanups.push(async () => {
      await listener.close()
      await deps.ingest.close()
      await pool.close()
    })
    const call = rawClient(listener.url!.replace('http://', ''), OTLP_TRACE_EXPORT_PATH)
    const request = makeLlmTraceRequest(2)
    const rs = request.resourceSpans[0] as { scopeSpans: { spans: Record<string, unknown>[] }[] }
    rs.scopeSpans[0]!.spans[0]!['spanId'] = ''
    const out = await call(encodeTracesProtobuf(request))
    const answer = decodeTraceResponse(new Uint8Array((out as { response: Buffer }).response))
    expect(answer?.rejectedSpans).toBe(1)
    expect((await deps.store.stats()).spans).toBe(7)
    expect(decoded).toBe(1)
    const bad = await call(Uint8Array.of(0x0a, 0xff))
    expect((bad as { error: ServiceError }).error.code).toBe(status.INVALID_ARGUMENT)
    expect((bad as { error: ServiceError }).error.details).toContain('OTLP_DECODE_FAILED')
  })
})

describe('OTLP/gRPC receiver, raw calls', () => {
  it('answers partial success in the ExportTraceServiceResponse', async () => {
    const grpc = await grpcReceiver()
    const request = makeLlmTraceRequest(2)
    const rs = request.resourceSpans[0] as { scopeSpans: { spans: Record<string, unknown>[] }[] }
    rs.scopeSpans[0]!.spans[0]!['spanId'] = ''
    const out = await rawClient(grpc.address, OTLP_TRACE_EXPORT_PATH)(encodeTracesProtobuf(request))
    expect('response' in out).toBe(true)
    const decoded = decodeTraceResponse(new Uint8Array((out as { response: Buffer }).response))
    expect(decoded?.rejectedSpans).toBe(1)
    expect(decoded?.errorMessage).toContain('spanId must be 16 hex digits')
    expect((await grpc.store.stats()).spans).toBe(7)
  })

  it('takes metrics on MetricsService/Export', async () => {
    const grpc = await grpcReceiver()
    const body = encodeMetricsProtobuf({
      resourceMetrics: [
        {
          scopeMetrics: [
            {
              metrics: [
                {
                  name: 'vllm:num_requests_running',
                  gauge: { dataPoints: [{ timeUnixNano: String(Date.now() * 1e6), asDouble: 3 }] },
                },
              ],
            },
          ],
        },
      ],
    })
    const out = await rawClient(grpc.address, OTLP_METRICS_EXPORT_PATH)(body, { gzip: true })
    expect(out).toEqual({ response: Buffer.alloc(0) })
    expect((await grpc.store.stats()).metricSamples).toBe(1)
  })

  it('answers INVALID_ARGUMENT for bytes that are not a request', async () => {
    const grpc = await grpcReceiver()
    const out = await rawClient(grpc.address, OTLP_TRACE_EXPORT_PATH)(Uint8Array.of(0x0a, 0xff))
    expect((out as { error: ServiceError }).error.code).toBe(status.INVALID_ARGUMENT)
    expect((out as { error: ServiceError }).error.details).toContain('OTLP_DECODE_FAILED')
  })

  it('enforces maxBodyBytes after decompression (a gzip bomb is refused)', async () => {
    const grpc = await grpcReceiver({ maxBodyBytes: 1024 * 1024 })
    const big = encodeTracesProtobuf(makeLlmTraceRequest(1))
    const padded = new Uint8Array(2 * 1024 * 1024 + big.length)
    padded.set(big)
    // Trailing zero bytes are not valid protobuf fields, but the size check must come first.
    expect(gzipSync(padded).length).toBeLessThan(64 * 1024)
    const out = await rawClient(grpc.address, OTLP_TRACE_EXPORT_PATH)(padded, { gzip: true })
    expect((out as { error: ServiceError }).error.code).toBe(status.RESOURCE_EXHAUSTED)
    expect((await grpc.store.stats()).spans).toBe(0)
  })

  it('answers RESOURCE_EXHAUSTED with RetryInfo when the ingest queue is full, storing nothing of that batch', async () => {
    const held = holdSpanWrites(createMemoryStore())
    const grpc = await grpcReceiver({ store: held.store, maxQueueItems: 4 })
    const call = rawClient(grpc.address, OTLP_TRACE_EXPORT_PATH)
    const first = call(encodeTracesProtobuf(makeLlmTraceRequest(1, 0)))
    await new Promise((resolve) => setTimeout(resolve, 50))
    const second = await call(encodeTracesProtobuf(makeLlmTraceRequest(1, 1)))
    const error = (second as { error: ServiceError }).error
    expect(error.code).toBe(status.RESOURCE_EXHAUSTED)
    const details = error.metadata.get('grpc-status-details-bin')[0]
    expect(details).toBeInstanceOf(Buffer)
    expect(decodeRetryDelayMs(details as Buffer)).toBeGreaterThanOrEqual(1000)
    held.release()
    expect('response' in (await first)).toBe(true)
    expect((await held.store.stats()).spans).toBe(4)
  })

  it('answers UNAVAILABLE with RetryInfo when the store is unavailable', async () => {
    const base = makeDeps()
    cleanups.push(() => base.ingest.close())
    const grpc = await grpcReceiver(
      {},
      {
        ingest: {
          ...base.ingest,
          submitSpans: () => Promise.reject(new AppError('STORE_UNAVAILABLE', 'store closed')),
        },
      }
    )
    const out = await rawClient(
      grpc.address,
      OTLP_TRACE_EXPORT_PATH
    )(encodeTracesProtobuf(makeLlmTraceRequest(1)))
    const error = (out as { error: ServiceError }).error
    expect(error.code).toBe(status.UNAVAILABLE)
    expect(decodeRetryDelayMs(error.metadata.get('grpc-status-details-bin')[0] as Buffer)).toBe(
      1000
    )
  })

  it('answers INTERNAL without the cause and logs the stack for an unexpected failure', async () => {
    const base = makeDeps()
    cleanups.push(() => base.ingest.close())
    const grpc = await grpcReceiver(
      {},
      { ingest: { ...base.ingest, submitSpans: () => Promise.reject(new Error('disk on fire')) } }
    )
    const out = await rawClient(
      grpc.address,
      OTLP_TRACE_EXPORT_PATH
    )(encodeTracesProtobuf(makeLlmTraceRequest(1)))
    const error = (out as { error: ServiceError }).error
    expect(error.code).toBe(status.INTERNAL)
    expect(error.details).not.toContain('disk on fire')
    expect(error.metadata.get('grpc-status-details-bin')).toEqual([])
    expect(grpc.logger.lines.find((l) => l.level === 'error')?.fields).toMatchObject({
      error: expect.stringContaining('disk on fire'),
    })
  })
})
