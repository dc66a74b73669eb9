/**
 * GenAI gateways (LiteLLM-style): the gateway's own spans only, a CLIENT span per upstream call
 * with GenAI attributes and `gen_ai.response.time_to_first_chunk`, no engine spans.
 */
import { DEFAULT_START_US, makeSpan } from '../../model/testing/builders.js'
import { SPAN_KIND, type Attributes, type Span } from '../../model/span.js'
import { asMicros } from '../../model/units.js'
import { MODEL, TRACE, withAttrs, type AssemblyCase } from './case.js'

const ENTRY = 'b1b1b1b1b1b1b1b1'
const CALL = 'b5b5b5b5b5b5b5b5'
const GATEWAY_RESOURCE = { 'service.name': 'litellm', 'service.instance.id': 'litellm-0' }

function at(offsetUs: number) {
  return asMicros(DEFAULT_START_US + offsetUs)
}

function gatewaySpan(
  spanId: string,
  name: string,
  kind: number,
  fromUs: number,
  toUs: number,
  attributes: Attributes = {}
): Span {
  return makeSpan({
    traceId: TRACE,
    spanId,
    parentSpanId: spanId === ENTRY ? null : ENTRY,
    name,
    kind,
    startUs: at(fromUs),
    endUs: at(toUs),
    scopeName: 'litellm',
    resource: GATEWAY_RESOURCE,
    attributes,
  })
}

/**
 * The first case's picture; `waitUs` of waiting for a slot (no span) before the upstream call
 * moves the call and the entry's end later.
 */
function liteLlmTrace(callAttrs: Attributes = {}, waitUs = 0): Span[] {
  const callStart = 12_000 + waitUs
  return [
    gatewaySpan(ENTRY, 'POST /v1/chat/completions', SPAN_KIND.SERVER, 0, 5_000_000 + waitUs, {
      'http.request.method': 'POST',
      'http.route': '/v1/chat/completions',
      'http.response.status_code': 200,
    }),
    gatewaySpan('b2b2b2b2b2b2b2b2', 'auth', SPAN_KIND.INTERNAL, 1000, 6000),
    gatewaySpan('b3b3b3b3b3b3b3b3', 'rate-limit', SPAN_KIND.INTERNAL, 6000, 8000),
    gatewaySpan('b4b4b4b4b4b4b4b4', 'router', SPAN_KIND.INTERNAL, 8000, 10_000),
    gatewaySpan(CALL, `chat ${MODEL}`, SPAN_KIND.CLIENT, callStart, 4_990_000 + waitUs, {
      'gen_ai.operation.name': 'chat',
      'gen_ai.request.model': MODEL,
      'gen_ai.provider.name': 'openai',
      'server.address': 'vllm-b',
      'server.port': 8000,
      'gen_ai.response.time_to_first_chunk': 0.198,
      'gen_ai.usage.input_tokens': 512,
      'gen_ai.usage.output_tokens': 128,
      ...callAttrs,
    }),
  ]
}

export const genAiGatewayCases: AssemblyCase[] = [
  {
    name: 'LiteLLM-style gateway: TTFT from the entry, deployment from server.address',
    picture: `
      0   1000 6000 8000 10000 12000        210000                    4990000 5000000   (µs)
      entry |·|auth|rate-limit|router|·|chat <model> ───────────────────────|·|   SERVER
                                        |  first chunk at 198 ms ^           CLIENT → vllm-b
      TTFT (gateway) = 12 000 + 198 000 − 0 = 210 000
      gateway.upstream = 198 000 (call start → first chunk); gateway.stream = the rest of the call
    `,
    spans: liteLlmTrace(),
    expected: {
      ttftUs: asMicros(210_000),
      ttftSource: 'gateway',
      hasClient: false,
      hasGateway: true,
      hasEngine: false,
      e2eUs: asMicros(5_000_000),
      tpotUs: null,
      itlMaxUs: null,
      inputTokens: 512,
      outputTokens: 128,
      stages: {
        'gateway.auth': 5000,
        'gateway.ratelimit': 2000,
        'gateway.route': 2000,
        'gateway.upstream': 198_000,
        'gateway.stream': 4_978_000 - 198_000,
        'gateway.unattributed': 1000 + 2000 + 10_000,
        'engine.decode': null,
        stream: null,
      },
      dims: {
        replica: 'vllm-b',
        model: MODEL,
        route: '/v1/chat/completions',
        gateway: 'litellm-0',
      },
    },
  },
  {
    name: "the gateway's wait for a slot (no span) counts inside TTFT: TTFT is from the entry",
    picture: `
      entry |·|auth|rl|router|········ 800 ms, no span ········|chat ──── first chunk 198 ms …|·|
      TTFT (gateway) = 812 000 + 198 000 = 1 010 000; gateway.unattributed = 13 000 + 800 000
    `,
    spans: liteLlmTrace({}, 800_000),
    expected: {
      ttftUs: asMicros(1_010_000),
      ttftSource: 'gateway',
      stages: {
        'gateway.unattributed': 813_000,
        'gateway.upstream': 198_000,
        'gateway.stream': 4_780_000,
      },
    },
  },
  {
    name: 'a retried call: the first chunk of the attempt that answered counts',
    picture: `
      entry |auth|rl|router|attempt 1 → vllm-a (503, 50 ms)|attempt 2 → vllm-b, chunk 198 ms …|·|
    `,
    spans: [
      ...liteLlmTrace({}, 60_000),
      gatewaySpan('b6b6b6b6b6b6b6b6', `chat ${MODEL}`, SPAN_KIND.CLIENT, 12_000, 62_000, {
        'gen_ai.operation.name': 'chat',
        'server.address': 'vllm-a',
        'http.response.status_code': 503,
        'gen_ai.response.time_to_first_chunk': 0.01,
      }),
    ],
    expected: {
      ttftUs: asMicros(72_000 + 198_000),
      ttftSource: 'gateway',
      retries: 1,
      dims: { replica: 'vllm-b' },
    },
  },
  {
    name: "LiteLLM's hidden_params name the deployment (api_base host) when no server.address does",
    picture: `
      entry |auth|rl|router|chat (hidden_params.api_base = http://vllm-a.llm.svc:8000/v1) …|·|
    `,
    spans: withAttrs(
      liteLlmTrace({
        hidden_params: JSON.stringify({
          model_id: 'f3c2e1',
          api_base: 'http://vllm-a.llm.svc:8000/v1',
        }),
      }),
      CALL.slice(0, 2),
      {},
      ['server.address', 'server.port']
    ),
    expected: { dims: { replica: 'vllm-a.llm.svc' } },
  },
  {
    name: "LiteLLM's router deployment id when api_base is absent",
    picture: `
      entry |auth|rl|router|chat (hidden_params.model_id = f3c2e1) …|·|
    `,
    spans: withAttrs(
      liteLlmTrace({ hidden_params: JSON.stringify({ model_id: 'f3c2e1' }) }),
      CALL.slice(0, 2),
      {},
      ['server.address', 'server.port']
    ),
    expected: { dims: { replica: 'f3c2e1' } },
  },
  {
    name: 'an IP address keeps its port (two deployments on one host)',
    picture: `
      entry |auth|rl|router|chat → 10.0.0.7:8001 …|·|
    `,
    spans: withAttrs(liteLlmTrace({ 'server.address': '10.0.0.7', 'server.port': 8001 }), 'b5', {}),
    expected: { dims: { replica: '10.0.0.7:8001' } },
  },
  {
    name: 'the provider name when the call names no address',
    picture: `
      entry |auth|rl|router|chat (gen_ai.provider.name = openai) …|·|
    `,
    spans: withAttrs(liteLlmTrace(), 'b5', {}, ['server.address', 'server.port']),
    expected: { dims: { replica: 'openai' } },
  },
  {
    name: "an engine span that names its replica wins over the gateway's server.address",
    picture: `
      entry |…|chat → vllm-b ─────────────────|·|
                 |llm_request (k8s.pod.name vllm-0)|
    `,
    spans: [
      ...liteLlmTrace(),
      makeSpan({
        traceId: TRACE,
        spanId: 'e9e9e9e9e9e9e9e9',
        parentSpanId: CALL,
        name: 'llm_request',
        kind: SPAN_KIND.SERVER,
        startUs: at(20_000),
        endUs: at(4_980_000),
        resource: { 'service.name': 'vllm', 'k8s.pod.name': 'vllm-0' },
        attributes: {
          'gen_ai.latency.time_to_first_token': 0.18,
          'gen_ai.latency.time_in_queue': 0.01,
          'gen_ai.latency.time_in_model_prefill': 0.1,
          'gen_ai.latency.time_in_model_decode': 4.7,
        },
      }),
    ],
    expected: { dims: { replica: 'vllm-0' }, ttftUs: asMicros(210_000), ttftSource: 'gateway' },
  },
  {
    name: 'without a first chunk on the call, the engine first token is placed on the entry clock',
    picture: `
      entry |auth|rl|router|chat (no chunk) ─────────────|·|
                              20 000 |llm_request, TTFT 180 ms …|
      TTFT (gateway) = 20 000 + 180 000
    `,
    spans: [
      ...withAttrs(liteLlmTrace(), 'b5', {}, ['gen_ai.response.time_to_first_chunk']),
      makeSpan({
        traceId: TRACE,
        spanId: 'e9e9e9e9e9e9e9e9',
        parentSpanId: CALL,
        name: 'llm_request',
        kind: SPAN_KIND.SERVER,
        startUs: at(20_000),
        endUs: at(4_980_000),
        resource: { 'service.name': 'vllm', 'k8s.pod.name': 'vllm-0' },
        attributes: { 'gen_ai.latency.time_to_first_token': 0.18 },
      }),
    ],
    expected: { ttftUs: asMicros(200_000), ttftSource: 'gateway' },
  },
]
