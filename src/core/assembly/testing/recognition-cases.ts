/**
 * Which traces are LLM requests: health checks, metric scrapes, model listings and other
 * services' traces are not; duplicate spans count once.
 */
import { DEFAULT_START_US, makeSpan, makeVllmTrace } from '../../model/testing/builders.js'
import { SPAN_KIND, type Span } from '../../model/span.js'
import { asMicros } from '../../model/units.js'
import type { AssemblyCase } from './case.js'

const VLLM_RESOURCE = {
  'service.name': 'unknown_service',
  'service.instance.id': '884f9da2-d88f-4c32-93cc-9d2a5fd8e653',
  'vllm.process_id': '26392',
}

function fastApi(route: string, method = 'GET'): Span[] {
  const traceId = 'dd0d27d3000000000000000000000001'
  const root = makeSpan({
    traceId,
    spanId: '5d223b6100000001',
    name: `${method} ${route}`,
    kind: SPAN_KIND.SERVER,
    endUs: asMicros(DEFAULT_START_US + 10_721),
    scopeName: 'fastapi',
    resource: VLLM_RESOURCE,
    attributes: { 'http.route': route, 'url.path': route, 'http.response.status_code': 200 },
  })
  const endpoint = makeSpan({
    traceId,
    spanId: '5d0d322e00000002',
    parentSpanId: root.spanId,
    name: 'fastapi.endpoint',
    kind: SPAN_KIND.INTERNAL,
    endUs: asMicros(DEFAULT_START_US + 6658),
    scopeName: 'fastapi',
    resource: VLLM_RESOURCE,
  })
  return [root, endpoint]
}

/** An orders service in the same collector stream: no GenAI attribute, no engine, no LLM route. */
function ordersService(): Span[] {
  const traceId = '0de00000000000000000000000000001'
  const root = makeSpan({
    traceId,
    spanId: '0a0a0a0a0a0a0a01',
    name: 'GET /api/orders',
    kind: SPAN_KIND.SERVER,
    endUs: asMicros(DEFAULT_START_US + 900_000),
    resource: { 'service.name': 'orders', 'service.instance.id': 'orders-0' },
    attributes: { 'http.route': '/api/orders', 'http.response.status_code': 500 },
  })
  const db = makeSpan({
    traceId,
    spanId: '0a0a0a0a0a0a0a02',
    parentSpanId: root.spanId,
    name: 'SELECT orders',
    kind: SPAN_KIND.CLIENT,
    endUs: asMicros(DEFAULT_START_US + 850_000),
    resource: { 'service.name': 'orders', 'service.instance.id': 'orders-0' },
    attributes: { 'db.system.name': 'postgresql' },
  })
  return [root, db]
}

export const recognitionCases: AssemblyCase[] = [
  {
    name: "vLLM's own GET /metrics (a Prometheus scrape) is not an LLM request",
    picture: `
      fastapi  |GET /metrics|   + fastapi.endpoint   (resource vllm.process_id)
    `,
    spans: fastApi('/metrics'),
    expected: null,
  },
  {
    name: 'GET /health is not an LLM request',
    picture: `
      fastapi  |GET /health|
    `,
    spans: fastApi('/health'),
    expected: null,
  },
  {
    name: 'GET /v1/models is not an LLM request',
    picture: `
      fastapi  |GET /v1/models|
    `,
    spans: fastApi('/v1/models'),
    expected: null,
  },
  {
    name: 'another service in the same collector stream is not an LLM request',
    picture: `
      orders  |GET /api/orders (500) ············|
                |SELECT orders (postgresql)····|
    `,
    spans: ordersService(),
    expected: null,
  },
  {
    name: 'a configured route makes a gateway without GenAI attributes an LLM request',
    picture: `
      orders  |GET /api/orders ··················|   llmRoutes: ['/api/*']
    `,
    spans: ordersService(),
    options: { llmRoutes: ['/api/*'] },
    expected: {
      status: 500,
      errorType: 'http_500',
      hasGateway: true,
      dims: { route: '/api/orders' },
    },
  },
  {
    name: 'every span exported twice (FastAPI adds its own exporter): counted once',
    picture: `
      probe    |------------------------------------|      ×2
      gateway    |auth|rl|route|------ upstream ----|·|  ×2
      engine                     |fe|queue|prefill|decode|  ×2
    `,
    spans: ((): Span[] => {
      const spans = makeVllmTrace({})
      return [...spans, ...spans.map((s) => ({ ...s }))]
    })(),
    expected: { spanCount: 7, stages: { 'gateway.auth': 500, 'engine.queue': 20_000 } },
  },
]
