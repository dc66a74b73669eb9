import { describe, expect, it } from 'vitest'
import { makeSpan, makeVllmTrace, DEFAULT_START_US } from '../../../test/helpers/builders.js'
import type { RequestTimeline, StageName } from '../model/request.js'
import { SPAN_KIND, STATUS_CODE, type Attributes, type Span } from '../model/span.js'
import { asMicros } from '../model/units.js'
import { assembleRequest, assembleRequestWithNotes } from './assemble-request.js'

const TRACE = '0af7651916cd43dd8448eb211c80319c'
const MODEL = 'meta-llama/Llama-3.1-8B-Instruct'

/** Replaces attributes of the spans whose id starts with `idPrefix` (builder ids: c1 client, a1 gateway, e1 engine…). */
function patch(spans: Span[], idPrefix: string, change: (s: Span) => Partial<Span>): Span[] {
  return spans.map((s) => (s.spanId.startsWith(idPrefix) ? { ...s, ...change(s) } : s))
}
function withAttrs(
  spans: Span[],
  idPrefix: string,
  attrs: Attributes,
  drop: string[] = []
): Span[] {
  return patch(spans, idPrefix, (s) => {
    const next: Attributes = { ...s.attributes, ...attrs }
    for (const k of drop) {
      delete next[k]
    }
    return { attributes: next }
  })
}
function shift(spans: Span[], idPrefix: string, byUs: number): Span[] {
  return patch(spans, idPrefix, (s) => ({
    startUs: asMicros(s.startUs + byUs),
    endUs: asMicros(s.endUs + byUs),
  }))
}

type Expect = {
  stages?: Partial<Record<StageName, number | null>>
} & Partial<Omit<RequestTimeline, 'stages' | 'dims'>> & {
    dims?: Partial<RequestTimeline['dims']>
  }

interface Case {
  name: string
  /** The trace, drawn (µs offsets are from the builder defaults; widths not to scale). */
  picture: string
  spans: Span[]
  expected: Expect
}

// Builder defaults (µs): networkIn 2000, auth 500, ratelimit 200, route 300, upstream connect
// 500, frontend 3000, queue 20 000, prefill 50 000, decode 1 270 000, upstream tail 200, gateway
// tail 100, networkOut 1000; 512 in / 128 out tokens.
const FULL_STAGES = {
  'client.dns': 0,
  'client.connect': 0,
  'client.tls': 0,
  'client.send': null,
  network: 3000,
  'gateway.queue': null,
  'gateway.auth': 500,
  'gateway.ratelimit': 200,
  'gateway.route': 300,
  'gateway.guardrail': null,
  'gateway.upstream': 700,
  downstream: null,
  'engine.frontend': 3000,
  'engine.queue': 20_000,
  'engine.prefill': 50_000,
  'engine.decode': 1_270_000,
  stream: 1300,
} satisfies Record<StageName, number | null>

const cases: Case[] = [
  {
    name: 'vLLM-shaped full trace: probe → gateway steps → upstream → llm_request',
    picture: `
      0      2000  3000 3500                                  1346500     1347800
      probe  |------------------------------------------------------------------|  chat <model>
      gateway      |auth|rl|route|------------------------------------------|·|     POST /v1/chat/completions
      upstream                   |·|---------------------------------------|·|      POST (server.address vllm-0…)
      engine                       |fe|queue|prefill|decode................|        llm_request
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
        replica: null,
      },
    },
  },
  {
    name: 'only the client span',
    picture: `
      probe  |------------------------------------|  chat <model>
    `,
    spans: makeVllmTrace({ gateway: false, engine: false }),
    expected: {
      stages: { ...nullStages(), 'client.dns': 0, 'client.connect': 0, 'client.tls': 0 },
      ttftUs: asMicros(77_800),
      ttftSource: 'client',
      tpotUs: asMicros(10_000),
      e2eUs: asMicros(1_347_800),
      inputTokens: 512,
      outputTokens: 128,
      status: 200,
      retries: 0,
      dims: { model: MODEL, region: 'eu-west-1', replica: null, route: null },
    },
  },
  {
    name: 'client pays DNS, TCP and TLS on a new connection',
    picture: `
      probe  |dns|conn|tls|·net·|------- gateway -------|·net·|
    `,
    spans: makeVllmTrace({
      dnsUs: 4000,
      connectUs: 30_000,
      tlsUs: 60_000,
      connectionReused: false,
    }),
    expected: {
      stages: { 'client.dns': 4000, 'client.connect': 30_000, 'client.tls': 60_000, network: 3000 },
      connectionReused: false,
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
      stages: { 'gateway.upstream': 5700, downstream: null },
      retries: 1,
      status: 200,
    },
  },
  {
    name: 'probe timed out: error.type wins, status from the client span',
    picture: `
      probe  |--------------------X   error.type = timeout, status 504
    `,
    spans: makeVllmTrace({ status: 504, errorType: 'timeout' }),
    expected: { status: 504, errorType: 'timeout' },
  },
  {
    name: 'HTTP error without error.type becomes http_<status>',
    picture: `
      gateway |----X  status 429
    `,
    spans: withAttrs(makeVllmTrace({ client: false, engine: false, status: 429 }), 'a1', {}),
    expected: { status: 429, errorType: 'http_429' },
  },
  {
    name: 'engine span status ERROR and no HTTP status anywhere',
    picture: `
      engine  |------X   status ERROR
    `,
    spans: patch(makeVllmTrace({ client: false, gateway: false }), 'e1', () => ({
      statusCode: STATUS_CODE.ERROR,
    })),
    expected: { status: null, errorType: 'engine_error' },
  },
  {
    name: 'gateway TTFT from gen_ai.server.time_to_first_token',
    picture: `
      gateway |--ttft 80 ms--|-----------|
    `,
    spans: withAttrs(makeVllmTrace({ client: false }), 'a1', {
      'gen_ai.server.time_to_first_token': 0.08,
    }),
    expected: { ttftUs: asMicros(80_000), ttftSource: 'gateway' },
  },
  {
    name: 'gateway TTFT from a first-token event',
    picture: `
      gateway |------•------------|   event "gen_ai.first_token" 90 ms after start
    `,
    spans: patch(makeVllmTrace({ client: false }), 'a1', (s) => ({
      events: [
        { name: 'gen_ai.first_token', timeUs: asMicros(s.startUs + 90_000), attributes: {} },
      ],
    })),
    expected: { ttftUs: asMicros(90_000), ttftSource: 'gateway' },
  },
]

function nullStages(): Record<StageName, null> {
  return Object.fromEntries(Object.keys(FULL_STAGES).map((k) => [k, null])) as Record<
    StageName,
    null
  >
}

describe('assembleRequest', () => {
  it.each(cases)('$name', ({ spans, expected }) => {
    const got = assembleRequest(spans)
    expect(got).not.toBeNull()
    const { stages, dims, ...rest } = expected
    expect(got).toMatchObject(rest)
    if (stages !== undefined) {
      expect(got?.stages).toMatchObject(stages)
    }
    if (dims !== undefined) {
      expect(got?.dims).toMatchObject(dims)
    }
  })

  it('gives the same result for any span order', () => {
    const spans = makeVllmTrace({ retrievalUs: 10_000, failedAttempts: 2 })
    const forward = assembleRequest(spans)
    expect(assembleRequest([...spans].reverse())).toEqual(forward)
  })

  it('does not mutate its input', () => {
    const spans = makeVllmTrace({ retrievalUs: 10_000 })
    const before = structuredClone(spans)
    assembleRequest(shift(spans, 'e1', 3_000_000))
    assembleRequest(spans)
    expect(spans).toEqual(before)
  })

  it('returns null for no spans and for traces without a recognised span', () => {
    expect(assembleRequest([])).toBeNull()
    expect(
      assembleRequest([makeSpan({ name: 'cron tick' }), makeSpan({ kind: SPAN_KIND.CLIENT })])
    ).toBeNull()
  })

  it('recognises an engine span by any gen_ai.latency.* attribute', () => {
    const got = assembleRequest([
      makeSpan({ name: 'Req abc', attributes: { 'gen_ai.latency.time_in_queue': 0.25 } }),
    ])
    expect(got?.hasEngine).toBe(true)
    expect(got?.stages['engine.queue']).toBe(250_000)
  })

  it('derives prefill from inference − decode when prefill is missing', () => {
    const spans = withAttrs(makeVllmTrace({ client: false, gateway: false }), 'e1', {}, [
      'gen_ai.latency.time_in_model_prefill',
    ])
    expect(assembleRequest(spans)?.stages['engine.prefill']).toBe(50_000)
  })

  it('notes what it clamped', () => {
    const spans = withAttrs(makeVllmTrace({ client: false, gateway: false }), 'e1', {
      'gen_ai.latency.time_to_first_token': 0.05,
    })
    const result = assembleRequestWithNotes(spans)
    expect(result?.request.stages['engine.frontend']).toBe(0)
    expect(result?.notes).toEqual([
      { code: 'negative_clamped', field: 'engine.frontend', rawUs: -20_000 },
    ])
  })

  it('splits a nested auth-service call out of the auth step (self time)', () => {
    const spans = makeVllmTrace({ traceId: TRACE, authUs: 5000 })
    const auth = spans.find((s) => s.name === 'auth') as Span
    const call = makeSpan({
      traceId: TRACE,
      parentSpanId: auth.spanId,
      name: 'GET /verify',
      kind: SPAN_KIND.CLIENT,
      startUs: asMicros(auth.startUs + 1000),
      endUs: asMicros(auth.startUs + 4000),
      attributes: { 'server.address': 'authz.svc' },
    })
    const got = assembleRequest([...spans, call])
    expect(got?.stages['gateway.auth']).toBe(2000)
    expect(got?.stages.downstream).toBe(3000)
    expect(got?.downstreamName).toBe('authz.svc')
  })

  it('keeps a guardrail model call inside its step as downstream, not upstream', () => {
    const spans = makeVllmTrace({ traceId: TRACE })
    const gw = spans.find((s) => s.spanId.startsWith('a1')) as Span
    const route = spans.find((s) => s.name === 'route') as Span
    // The guardrail runs before the route step in this drawing; only its nesting matters.
    const guard = makeSpan({
      traceId: TRACE,
      spanId: 'f1f1f1f1f1f1f1f1',
      parentSpanId: gw.spanId,
      name: 'guardrail prompt-safety',
      startUs: route.startUs,
      endUs: route.endUs,
    })
    const call = makeSpan({
      traceId: TRACE,
      parentSpanId: guard.spanId,
      name: 'POST',
      kind: SPAN_KIND.CLIENT,
      startUs: asMicros(route.startUs + 50),
      endUs: asMicros(route.startUs + 250),
      attributes: {
        'url.full': 'http://llama-guard:8000/v1/chat/completions',
        'server.address': 'llama-guard',
      },
    })
    const got = assembleRequest([...spans, guard, call])
    expect(got?.stages.downstream).toBe(200)
    expect(got?.downstreamName).toBe('llama-guard')
    expect(got?.stages['gateway.upstream']).toBe(700)
    expect(got?.retries).toBe(0)
  })

  it('probe straight to the engine: stream from the chain, no gateway stages', () => {
    const got = assembleRequest(makeVllmTrace({ gateway: false }))
    expect(got?.stages).toMatchObject({ stream: 1300, network: null, 'gateway.upstream': null })
    expect(got?.hasGateway).toBe(false)
  })

  it('takes the gateway below an app GenAI client span, not the app server span above it', () => {
    const spans = makeVllmTrace({ traceId: TRACE, client: false })
    const app = makeSpan({
      traceId: TRACE,
      spanId: 'aaaaaaaaaaaaaaa1',
      name: 'POST /ask',
      kind: SPAN_KIND.SERVER,
      startUs: asMicros(DEFAULT_START_US - 50_000),
      endUs: asMicros(DEFAULT_START_US + 1_400_000),
      attributes: { 'http.route': '/ask' },
    })
    const sdk = makeSpan({
      traceId: TRACE,
      spanId: 'aaaaaaaaaaaaaaa2',
      parentSpanId: app.spanId,
      name: `chat ${MODEL}`,
      kind: SPAN_KIND.CLIENT,
      startUs: DEFAULT_START_US,
      endUs: asMicros(DEFAULT_START_US + 1_347_800),
      attributes: {
        'gen_ai.operation.name': 'chat',
        'gen_ai.response.time_to_first_chunk': 0.0778,
      },
    })
    const linked = patch(spans, 'a1', () => ({ parentSpanId: sdk.spanId }))
    const got = assembleRequest([app, sdk, ...linked])
    expect(got).toMatchObject({
      hasClient: true,
      ttftSource: 'client',
      ttftUs: 77_800,
      e2eUs: 1_347_800,
      dims: { route: '/v1/chat/completions' },
    })
    expect(got?.stages.network).toBe(3000)
  })
})
