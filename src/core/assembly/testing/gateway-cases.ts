/** Gateway tier: steps, upstream and downstream calls, `gateway.unattributed`. */
import { DEFAULT_START_US, makeSpan, makeVllmTrace } from '../../model/testing/builders.js'
import { SPAN_KIND, type Span } from '../../model/span.js'
import { asMicros } from '../../model/units.js'
import {
  FULL_STAGES,
  MODEL,
  TRACE,
  nullStages,
  patch,
  withAttrs,
  type AssemblyCase,
} from './case.js'

/** A gateway in front of vLLM whose FastAPI span (same process as llm_request) joined the trace. */
function gatewayToVllmApiServer(): Span[] {
  const spans = makeVllmTrace({ traceId: TRACE })
  const engine = spans.find((s) => s.name === 'llm_request') as Span
  const api = makeSpan({
    traceId: TRACE,
    spanId: 'f0f0f0f0f0f0f0f0',
    parentSpanId: engine.parentSpanId,
    name: 'POST /v1/chat/completions',
    kind: SPAN_KIND.SERVER,
    startUs: asMicros(engine.startUs - 300),
    endUs: asMicros(engine.endUs + 100),
    scopeName: 'fastapi',
    resource: engine.resource,
    attributes: { 'http.route': '/v1/chat/completions', 'http.response.status_code': 200 },
  })
  return [...spans, api]
}

export const gatewayCases: AssemblyCase[] = [
  {
    name: 'vLLM-shaped full trace: probe → gateway steps → upstream → llm_request',
    picture: `
      0      2000  3000 3500                                  1346500     1347800
      probe  |------------------------------------------------------------------|  chat <model>
      gateway      |auth|rl|route|------------------------------------------|·|     POST /v1/chat/completions
      upstream                   |·|---------------------------------------|·|      POST (server.address vllm-0…)
      engine                       |fe|queue|prefill|decode................|        llm_request
                                                              gateway tail ^ 100 = gateway.unattributed
    `,
    spans: makeVllmTrace({ traceId: TRACE }),
    expected: {
      traceId: TRACE,
      stages: FULL_STAGES,
      ttftUs: asMicros(77_800),
      ttftSource: 'client',
      tpotUs: asMicros(10_000),
      itlMaxUs: asMicros(20_000),
      e2eUs: asMicros(1_347_800),
      startUs: DEFAULT_START_US,
      endUs: asMicros(DEFAULT_START_US + 1_347_800),
      inputTokens: 512,
      outputTokens: 128,
      cachedTokens: null,
      status: 200,
      errorType: null,
      retries: 0,
      connectionReused: true,
      tlsResumed: false,
      hasClient: true,
      hasGateway: true,
      hasEngine: true,
      spanCount: 7,
      downstreamName: null,
      dims: {
        model: MODEL,
        version: '0.6.3',
        replica: 'vllm-0',
        node: 'gpu-node-1',
        tenant: 'team-a',
        route: '/v1/chat/completions',
        region: 'eu-west-1',
        gateway: 'gateway-0',
      },
    },
  },
  {
    name: 'only the gateway (upstream known by its inference path; no engine to subtract)',
    picture: `
      2000  3000                                     1346800
      gateway |auth|rl|route|-------------------------|·|   POST /v1/chat/completions
      upstream             |--------------------------|     POST http://vllm-0…/v1/chat/completions
    `,
    spans: makeVllmTrace({ client: false, engine: false }),
    expected: {
      stages: {
        ...nullStages(),
        'gateway.auth': 500,
        'gateway.ratelimit': 200,
        'gateway.route': 300,
        'gateway.upstream': 1_343_700,
        'gateway.unattributed': 100,
      },
      ttftUs: null,
      ttftSource: null,
      tpotUs: null,
      e2eUs: asMicros(1_344_800),
      status: 200,
      dims: {
        tenant: 'team-a',
        route: '/v1/chat/completions',
        gateway: 'gateway-0',
        // No engine span names the replica: the upstream call's server.address does.
        replica: 'vllm-0.vllm.svc',
      },
    },
  },
  {
    name: 'a gateway step no rule knows ("wait for slot") is gateway.unattributed, not lost',
    picture: `
      gateway  |auth|rl|route|······ wait for slot 800 ms ······|---- upstream ----|·|
                              ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^ + tail 100 = 800 100 unattributed
    `,
    spans: patch(makeVllmTrace({ retrievalUs: 800_000 }), 'a6', (s) => ({
      name: 'wait for slot',
      kind: SPAN_KIND.INTERNAL,
      attributes: {},
      resource: s.resource,
    })),
    expected: {
      stages: { ...FULL_STAGES, downstream: null, 'gateway.unattributed': 800_100 },
      e2eUs: asMicros(2_147_800),
    },
  },
  {
    name: 'engine called without a CLIENT span: its time is taken out of the entry',
    picture: `
      gateway  |auth|rl|route|·|fe|queue|prefill|decode|·|·|   (engine is the entry's child)
                              ^ 500                   ^ 200 ^ 100  = 800 unattributed
    `,
    spans: patch(
      makeVllmTrace({ client: false }).filter((s) => !s.spanId.startsWith('a5')),
      'e1',
      (s) => ({ parentSpanId: `a1${s.traceId.slice(-14)}` })
    ),
    expected: {
      stages: {
        'gateway.upstream': null,
        'gateway.unattributed': 800,
        'engine.unattributed': 0,
      },
    },
  },
  {
    name: "a gateway in front of vLLM: the engine's FastAPI span is not a second gateway",
    picture: `
      gateway   |auth|rl|route|------------- upstream -------------|·|
      fastapi                   |··|fe|queue|prefill|decode·····|·|      same process as llm_request
      engine                       |fe|queue|prefill|decode·····|
      upstream − API-server span = 1 343 700 − 1 343 400 = 300; engine.unattributed = 300 + 100
    `,
    spans: gatewayToVllmApiServer(),
    expected: {
      hasGateway: true,
      dims: { gateway: 'gateway-0', route: '/v1/chat/completions', replica: 'vllm-0' },
      stages: {
        ...FULL_STAGES,
        'gateway.upstream': 300,
        'engine.unattributed': 400,
      },
    },
  },
  {
    name: 'LiteLLM tenant attribute on the gateway entry',
    picture: `
      gateway |-------------------|   metadata.user_api_key_team_id = team-litellm
    `,
    spans: withAttrs(makeVllmTrace({}), 'a1', { 'metadata.user_api_key_team_id': 'team-litellm' }, [
      'tenant.id',
    ]),
    expected: { dims: { tenant: 'team-litellm' } },
  },
  {
    name: 'a downstream retrieval call before the model call',
    picture: `
      gateway  |auth|rl|route|retrieval 30 ms|---- upstream ----|·|
    `,
    spans: makeVllmTrace({ retrievalUs: 30_000 }),
    expected: {
      stages: { ...FULL_STAGES, downstream: 30_000 },
      downstreamName: 'retriever.search.svc',
      e2eUs: asMicros(1_377_800),
    },
  },
  {
    name: 'gateway retried: a failed attempt to another replica, then the one that worked',
    picture: `
      gateway  |auth|rl|route|attempt 1 (503) 5 ms|attempt 2 ---- llm_request ----|·|
    `,
    spans: makeVllmTrace({ failedAttempts: 1 }),
    expected: {
      stages: { 'gateway.upstream': 5700, downstream: null, 'gateway.unattributed': 100 },
      retries: 1,
      status: 200,
    },
  },
  {
    name: 'OTel Python HTTP spans in the older semconv (http.target, http.url, net.peer.name)',
    picture: `
      0     1000                                    900000 901000
      entry |·|POST (CLIENT) http.url …/v1/chat/completions|·|   SERVER, http.target with a query
    `,
    spans: [
      makeSpan({
        traceId: TRACE,
        spanId: 'c1c1c1c1c1c1c1c1',
        name: 'POST /v1/chat/completions',
        kind: SPAN_KIND.SERVER,
        startUs: DEFAULT_START_US,
        endUs: asMicros(DEFAULT_START_US + 901_000),
        resource: { 'service.name': 'py-gateway', 'service.instance.id': 'py-gw-0' },
        attributes: {
          'http.method': 'POST',
          'http.target': '/v1/chat/completions?user=a',
          'http.status_code': 200,
        },
      }),
      makeSpan({
        traceId: TRACE,
        spanId: 'c2c2c2c2c2c2c2c2',
        parentSpanId: 'c1c1c1c1c1c1c1c1',
        name: 'POST',
        kind: SPAN_KIND.CLIENT,
        startUs: asMicros(DEFAULT_START_US + 1000),
        endUs: asMicros(DEFAULT_START_US + 900_000),
        resource: { 'service.name': 'py-gateway', 'service.instance.id': 'py-gw-0' },
        attributes: {
          'http.method': 'POST',
          'http.url': 'http://vllm-c.llm.svc:8000/v1/chat/completions',
          'net.peer.name': 'vllm-c.llm.svc',
          'net.peer.port': 8000,
          'http.status_code': 200,
        },
      }),
    ],
    expected: {
      hasGateway: true,
      status: 200,
      e2eUs: asMicros(901_000),
      stages: { 'gateway.upstream': 899_000, 'gateway.unattributed': 2000 },
      dims: { route: '/v1/chat/completions', replica: 'vllm-c.llm.svc', gateway: 'py-gw-0' },
    },
  },
]
