/**
 * The real OpenTelemetry JS SDK exporting to the OTLP app over a socket: protobuf and JSON
 * exporters, gzip on and off. What is stored must be what was sent.
 */
import type { AddressInfo } from 'node:net'
import { serve, type ServerType } from '@hono/node-server'
import { context, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api'
import { OTLPTraceExporter as HttpExporter } from '@opentelemetry/exporter-trace-otlp-http'
import { OTLPTraceExporter as ProtoExporter } from '@opentelemetry/exporter-trace-otlp-proto'
import { resourceFromAttributes } from '@opentelemetry/resources'
import {
  BasicTracerProvider,
  SimpleSpanProcessor,
  type SpanExporter,
} from '@opentelemetry/sdk-trace-base'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createOtlpApp } from '../../src/server/otlp-app.js'
import { makeDeps, type TestDeps } from '../../src/server/testing/test-deps.js'

let deps: TestDeps
let server: ServerType
let url: string
/** Content-Type and Content-Encoding of every request that reached the app. */
const seen: { type: string | null; encoding: string | null }[] = []

beforeAll(async () => {
  deps = makeDeps()
  const app = createOtlpApp(deps)
  server = await new Promise<ServerType>((resolve) => {
    const fetch = (req: Request): Response | Promise<Response> => {
      seen.push({
        type: req.headers.get('content-type'),
        encoding: req.headers.get('content-encoding'),
      })
      return app.fetch(req)
    }
    const s = serve({ fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s))
  })
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/traces`
})

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()))
  await deps.ingest.close()
})

const EXPORTERS: [string, (compression: 'gzip' | 'none') => SpanExporter][] = [
  ['protobuf', (compression) => new ProtoExporter({ url, compression: compression as never })],
  ['JSON', (compression) => new HttpExporter({ url, compression: compression as never })],
]

describe.each(EXPORTERS)('OTLP %s exporter', (format, makeExporter) => {
  it.each(['none', 'gzip'] as const)(
    'stores exactly what it sent (compression %s)',
    async (compression) => {
      const provider = new BasicTracerProvider({
        resource: resourceFromAttributes({
          'service.name': `sdk-${format}-${compression}`,
          'service.instance.id': 'vllm-7',
          'k8s.node.name': 'gpu-3',
        }),
        spanProcessors: [new SimpleSpanProcessor(makeExporter(compression))],
      })
      seen.length = 0
      const tracer = provider.getTracer('tokenline.test', '1.2.3')
      const started = Date.now()
      const root = tracer.startSpan('POST /v1/chat/completions', {
        kind: SpanKind.SERVER,
        startTime: started,
        attributes: { 'http.route': '/v1/chat/completions', 'http.response.status_code': 200 },
      })
      const parentContext = trace.setSpan(context.active(), root)
      const engine = tracer.startSpan(
        'llm_request',
        {
          kind: SpanKind.SERVER,
          startTime: started + 5,
          attributes: {
            'gen_ai.latency.time_to_first_token': 0.151,
            'gen_ai.usage.prompt_tokens': 512,
            'gen_ai.request.id': 'cmpl-1',
            'tokenline.connection.reused': true,
            tags: ['a', 'b'],
          },
        },
        parentContext
      )
      engine.addEvent('first_token', { index: 0 }, started + 100)
      engine.setStatus({ code: SpanStatusCode.ERROR, message: 'aborted' })
      engine.end(started + 900)
      root.end(started + 910)
      await provider.forceFlush()
      await provider.shutdown()

      expect(seen.length).toBeGreaterThan(0)
      for (const request of seen) {
        expect(request.type).toContain(
          format === 'protobuf' ? 'application/x-protobuf' : 'application/json'
        )
        expect(request.encoding).toBe(compression === 'gzip' ? 'gzip' : null)
      }
      const traceId = root.spanContext().traceId
      const stored = await deps.store.getSpans([traceId])
      expect(stored).toHaveLength(2)
      const byName = Object.fromEntries(stored.map((s) => [s.name, s]))
      const storedRoot = byName['POST /v1/chat/completions']!
      const storedEngine = byName['llm_request']!
      expect(storedRoot).toMatchObject({
        traceId,
        spanId: root.spanContext().spanId,
        parentSpanId: null,
        kind: 2,
        startUs: started * 1000,
        endUs: (started + 910) * 1000,
        attributes: { 'http.route': '/v1/chat/completions', 'http.response.status_code': 200 },
        scopeName: 'tokenline.test',
        scopeVersion: '1.2.3',
      })
      expect(storedRoot.resource).toEqual({
        'service.name': `sdk-${format}-${compression}`,
        'service.instance.id': 'vllm-7',
        'k8s.node.name': 'gpu-3',
      })
      expect(storedEngine).toMatchObject({
        spanId: engine.spanContext().spanId,
        parentSpanId: root.spanContext().spanId,
        kind: 2,
        statusCode: 2,
        statusMessage: 'aborted',
        attributes: {
          'gen_ai.latency.time_to_first_token': 0.151,
          'gen_ai.usage.prompt_tokens': 512,
          'gen_ai.request.id': 'cmpl-1',
          'tokenline.connection.reused': true,
          tags: ['a', 'b'],
        },
        events: [{ timeUs: (started + 100) * 1000, name: 'first_token', attributes: { index: 0 } }],
      })
    }
  )
})
