/**
 * Hand-written gateway traces through the real OpenTelemetry JS SDK (not our builders): a
 * caller's CLIENT span carrying `gen_ai.response.time_to_first_chunk` without
 * `gen_ai.operation.name` gives the request its client TTFT, an unknown gateway step ("wait for
 * slot") shows up as `gateway.unattributed`, and a non-LLM HTTP service in the same stream
 * never becomes a request.
 */
import type { AddressInfo } from 'node:net'
import { serve, type ServerType } from '@hono/node-server'
import { context, SpanKind, trace, type Tracer } from '@opentelemetry/api'
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-proto'
import { resourceFromAttributes } from '@opentelemetry/resources'
import { BasicTracerProvider, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createOtlpApp } from '../../src/server/otlp-app.js'
import { makeDeps, type TestDeps } from '../../src/server/testing/test-deps.js'

let deps: TestDeps
let server: ServerType
let url: string

beforeAll(async () => {
  deps = makeDeps()
  const app = createOtlpApp(deps)
  server = await new Promise<ServerType>((resolve) => {
    const s = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s))
  })
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/traces`
})

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()))
  await deps.ingest.close()
})

function providerFor(service: string, instance: string): BasicTracerProvider {
  return new BasicTracerProvider({
    resource: resourceFromAttributes({
      'service.name': service,
      'service.instance.id': instance,
    }),
    spanProcessors: [new SimpleSpanProcessor(new OTLPTraceExporter({ url }))],
  })
}

/** caller CLIENT → gateway SERVER → auth, "wait for slot", upstream CLIENT (inference path). */
function gatewayCall(caller: Tracer, gateway: Tracer, t0: number): string {
  const call = caller.startSpan('POST', {
    kind: SpanKind.CLIENT,
    startTime: t0,
    attributes: {
      'url.full': 'https://llm-gw.example/v1/chat/completions',
      'gen_ai.response.time_to_first_chunk': 0.42,
    },
  })
  const inCall = trace.setSpan(context.active(), call)
  const entry = gateway.startSpan(
    'POST /v1/chat/completions',
    {
      kind: SpanKind.SERVER,
      startTime: t0 + 5,
      attributes: { 'http.route': '/v1/chat/completions', 'http.response.status_code': 200 },
    },
    inCall
  )
  const inEntry = trace.setSpan(context.active(), entry)
  gateway.startSpan('auth', { startTime: t0 + 5 }, inEntry).end(t0 + 15)
  gateway.startSpan('wait for slot', { startTime: t0 + 15 }, inEntry).end(t0 + 915)
  gateway
    .startSpan(
      'POST',
      {
        kind: SpanKind.CLIENT,
        startTime: t0 + 915,
        attributes: { 'url.full': 'http://vllm-0:8000/v1/chat/completions' },
      },
      inEntry
    )
    .end(t0 + 1915)
  entry.end(t0 + 1925)
  call.end(t0 + 1935)
  return call.spanContext().traceId
}

describe('hand-written traces through the OpenTelemetry JS SDK', () => {
  it('keeps client TTFT, shows unknown steps as unattributed, keeps other services apart', async () => {
    const callerProvider = providerFor('chat-app', 'app-0')
    const gatewayProvider = providerFor('llm-gateway', 'gw-0')
    const ordersProvider = providerFor('orders', 'orders-0')
    const t0 = Date.now() - 10_000
    const traceId = gatewayCall(
      callerProvider.getTracer('app'),
      gatewayProvider.getTracer('gateway'),
      t0
    )
    const orders = ordersProvider.getTracer('orders')
    const root = orders.startSpan('GET /api/orders', {
      kind: SpanKind.SERVER,
      startTime: t0,
      attributes: { 'http.route': '/api/orders', 'http.response.status_code': 500 },
    })
    orders
      .startSpan(
        'SELECT orders',
        {
          kind: SpanKind.CLIENT,
          startTime: t0 + 1,
          attributes: { 'db.system.name': 'postgresql' },
        },
        trace.setSpan(context.active(), root)
      )
      .end(t0 + 850)
    root.end(t0 + 900)
    for (const p of [callerProvider, gatewayProvider, ordersProvider]) {
      await p.forceFlush()
      await p.shutdown()
    }
    await deps.ingest.flush()

    expect((await deps.store.stats()).requests).toBe(1)
    expect(deps.ingest.counters().tracesNotLlm).toBe(1)
    const request = await deps.store.getRequest(traceId)
    expect(request).toMatchObject({
      ttftUs: 420_000,
      ttftSource: 'client',
      hasGateway: true,
      e2eUs: 1_935_000,
      dims: { route: '/v1/chat/completions', gateway: 'gw-0' },
    })
    expect(request?.stages).toMatchObject({
      'gateway.auth': 10_000,
      'gateway.upstream': 1_000_000,
      'gateway.unattributed': 910_000,
    })
  })
})
