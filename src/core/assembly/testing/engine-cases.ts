/**
 * Engine tier: vLLM / SGLang engine spans, the engine's own API server (vLLM's FastAPI spans,
 * never a gateway), `engine.unattributed`, replica identity, clock skew.
 */
import { makeSpan, makeVllmTrace } from '../../model/testing/builders.js'
import { SPAN_KIND, type Span } from '../../model/span.js'
import { asMicros } from '../../model/units.js'
import {
  FULL_STAGES,
  MODEL,
  TRACE,
  nullStages,
  patch,
  shift,
  withAttrs,
  type AssemblyCase,
} from './case.js'

/** vLLM's resource: one process, shared by its FastAPI and engine tracers. */
const VLLM_RESOURCE = {
  'service.name': 'unknown_service',
  'service.instance.id': '884f9da2-d88f-4c32-93cc-9d2a5fd8e653',
  'vllm.process_id': '26392',
}

/** The engine's FastAPI SERVER span around `llm_request`: 3 ms before it, 1 ms after. */
function apiServer(
  engine: Span,
  traceId: string,
  parentSpanId: string | null,
  route: string
): Span {
  return makeSpan({
    traceId,
    spanId: `f0${traceId.slice(-14)}`,
    parentSpanId,
    name: `POST ${route}`,
    kind: SPAN_KIND.SERVER,
    startUs: asMicros(engine.startUs - 3000),
    endUs: asMicros(engine.endUs + 1000),
    scopeName: 'fastapi',
    resource: engine.resource,
    attributes: {
      'http.request.method': 'POST',
      'http.route': route,
      'url.path': route,
      'http.response.status_code': 200,
    },
  })
}

function vllmWithTraceparent(): Span[] {
  const spans = patch(makeVllmTrace({ traceId: TRACE, gateway: false }), 'e1', () => ({
    resource: VLLM_RESOURCE,
  }))
  const engine = spans.find((s) => s.name === 'llm_request') as Span
  // With a traceparent, FastAPI's span and llm_request are siblings under the caller's span.
  return [...spans, apiServer(engine, TRACE, engine.parentSpanId, '/v1/chat/completions')]
}

function vllmWithoutTraceparent(): Span[] {
  const engineTrace = patch(
    makeVllmTrace({ traceId: 'a697f62799501f0d74d3722887da1c23', client: false, gateway: false }),
    'e1',
    () => ({ resource: VLLM_RESOURCE })
  )
  const engine = engineTrace[0] as Span
  // Without one, they land in two traces; the pipeline hands both to the assembly together.
  return [
    apiServer(engine, '3e6e6ea102846e37b05598d3e18b0963', null, '/v1/completions'),
    ...engineTrace,
  ]
}

export const engineCases: AssemblyCase[] = [
  {
    name: 'only the engine span',
    picture: `
      engine  |fe|queue|prefill|decode.........|   llm_request (no parent)
    `,
    spans: makeVllmTrace({ client: false, gateway: false }),
    expected: {
      stages: {
        ...nullStages(),
        'engine.frontend': 3000,
        'engine.queue': 20_000,
        'engine.prefill': 50_000,
        'engine.decode': 1_270_000,
        'engine.unattributed': 0,
      },
      ttftUs: asMicros(73_000),
      ttftSource: 'engine',
      tpotUs: asMicros(10_000),
      itlMaxUs: null,
      e2eUs: asMicros(1_343_000),
      status: null,
      errorType: null,
      retries: null,
      connectionReused: null,
      hasClient: false,
      hasGateway: false,
      hasEngine: true,
      dims: {
        model: MODEL,
        replica: 'vllm-0',
        route: null,
        region: null,
        gateway: null,
        tenant: null,
      },
    },
  },
  {
    name: 'engine span without latency attributes: all of it is engine.unattributed',
    picture: `
      engine  |·········· llm_request ··········|   (no gen_ai.latency.*)
    `,
    spans: [
      makeSpan({
        name: 'llm_request',
        kind: SPAN_KIND.SERVER,
        endUs: asMicros(1_700_000_000_000_000 + 40_000),
      }),
    ],
    expected: { stages: { 'engine.queue': null, 'engine.unattributed': 40_000 } },
  },
  {
    name: 'vLLM API server (FastAPI) in the same trace is the engine frontend, not a gateway',
    picture: `
      probe     |·|·|------------------------------------------|·|   chat <model>
      fastapi       |·|fe|queue|prefill|decode...............|·|     POST /v1/chat/completions (same process)
      engine          |fe|queue|prefill|decode...............|       llm_request (sibling: same parent)
                    ^^^ 3000                                   ^ 1000 = engine.unattributed 4000
    `,
    spans: vllmWithTraceparent(),
    expected: {
      hasGateway: false,
      hasEngine: true,
      stages: {
        network: null,
        'gateway.unattributed': null,
        'client.unattributed': 800,
        'engine.unattributed': 4000,
        'engine.queue': 20_000,
      },
      status: 200,
      dims: {
        route: '/v1/chat/completions',
        replica: '884f9da2-d88f-4c32-93cc-9d2a5fd8e653',
        gateway: null,
      },
    },
  },
  {
    name: 'one call whose API-server span and llm_request landed in two traces',
    picture: `
      trace 3e6e…  |·|fe|queue|prefill|decode...............|·|   POST /v1/completions
      trace a697…    |fe|queue|prefill|decode...............|     llm_request (no traceparent)
    `,
    spans: vllmWithoutTraceparent(),
    expected: {
      traceId: '3e6e6ea102846e37b05598d3e18b0963',
      hasGateway: false,
      hasEngine: true,
      e2eUs: asMicros(1_347_000),
      ttftSource: 'engine',
      stages: { 'engine.unattributed': 4000, 'engine.decode': 1_270_000 },
      dims: { route: '/v1/completions', model: MODEL },
      spanCount: 2,
    },
  },
  {
    name: 'the API server alone (engine spans lost): one request, all engine.unattributed',
    picture: `
      fastapi  |········ POST /v1/chat/completions ········|   resource vllm.process_id
    `,
    spans: [vllmWithoutTraceparent()[0] as Span],
    expected: {
      hasEngine: true,
      ttftUs: null,
      e2eUs: asMicros(1_347_000),
      stages: { 'engine.unattributed': 1_347_000, 'engine.queue': null },
      dims: { replica: '884f9da2-d88f-4c32-93cc-9d2a5fd8e653' },
    },
  },
  {
    name: 'SGLang attribute names: input_tokens/output_tokens and cached_tokens',
    picture: `
      engine  |fe|queue|prefill|decode|   (scope sglang)
    `,
    spans: makeVllmTrace({ client: false, gateway: false, sglang: true, cachedTokens: 384 }),
    expected: { inputTokens: 512, outputTokens: 128, cachedTokens: 384, tpotUs: asMicros(10_000) },
  },
  {
    name: 'replica from host.name + vllm.process_id, node from host.name',
    picture: `
      engine  |---------|   resource host.name=gpu-7, vllm.process_id=4242
    `,
    spans: patch(makeVllmTrace({ client: false, gateway: false }), 'e1', () => ({
      resource: { 'service.name': 'vllm', 'host.name': 'gpu-7', 'vllm.process_id': 4242 },
    })),
    expected: { dims: { replica: 'gpu-7:4242', node: 'gpu-7', version: null } },
  },
  {
    name: 'replica from k8s.pod.name before a per-process service.instance.id',
    picture: `
      engine  |---------|   resource k8s.pod.name=vllm-3, service.instance.id=<uuid>
    `,
    spans: patch(makeVllmTrace({ client: false, gateway: false }), 'e1', () => ({
      resource: { ...VLLM_RESOURCE, 'k8s.pod.name': 'vllm-3' },
    })),
    expected: { dims: { replica: 'vllm-3' } },
  },
  {
    name: 'engine host clock 5 s ahead: engine re-centred in its upstream call',
    picture: `
      probe     |---------------------------------------|
      upstream        |----------------------------|
      engine                        |----------------------------|   (+5 s on its own clock)
      → shifted to the middle of upstream; durations (upstream, network) never compare clocks
    `,
    spans: shift(makeVllmTrace({}), 'e1', 5_000_000),
    expected: {
      // upstream 1 343 700 − engine 1 343 000 = 700 slack; centred engine ends 350 before upstream.
      stages: { ...FULL_STAGES, stream: 1450, 'gateway.upstream': 700, network: 3000 },
    },
  },
  {
    name: 'engine clock skew without a path to the client: stream clamped to 0',
    picture: `
      probe    |-------------------|
      engine                           |------------|   (no parent link; ends after the client)
    `,
    spans: patch(shift(makeVllmTrace({ gateway: false }), 'e1', 5_000_000), 'e1', () => ({
      parentSpanId: null,
    })),
    expected: { stages: { stream: 0 } },
  },
  {
    name: 'prefill derived from inference − decode when prefill is missing',
    picture: `
      engine  |fe|queue|(inference − decode)|decode|
    `,
    spans: withAttrs(makeVllmTrace({ client: false, gateway: false }), 'e1', {}, [
      'gen_ai.latency.time_in_model_prefill',
    ]),
    expected: { stages: { 'engine.prefill': 50_000 } },
  },
]
