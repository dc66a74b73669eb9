/** Client tier: the probe's phases, `network`, `client.unattributed`, client TTFT from any span. */
import { DEFAULT_START_US, makeSpan, makeVllmTrace } from '../../model/testing/builders.js'
import { SPAN_KIND } from '../../model/span.js'
import { asMicros } from '../../model/units.js'
import { MODEL, TRACE, nullStages, patch, type AssemblyCase } from './case.js'

const appAbove = (): AssemblyCase['spans'] => {
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
  return [app, sdk, ...patch(spans, 'a1', () => ({ parentSpanId: sdk.spanId }))]
}

export const clientCases: AssemblyCase[] = [
  {
    name: 'only the client span: all of it is client.unattributed',
    picture: `
      0                                     1347800
      probe  |······························|  chat <model>   (no server span explains any of it)
    `,
    spans: makeVllmTrace({ gateway: false, engine: false }),
    expected: {
      stages: {
        ...nullStages(),
        'client.dns': 0,
        'client.connect': 0,
        'client.tls': 0,
        'client.unattributed': 1_347_800,
      },
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
      stages: {
        'client.dns': 4000,
        'client.connect': 30_000,
        'client.tls': 60_000,
        network: 3000,
        'client.unattributed': null,
      },
      connectionReused: false,
    },
  },
  {
    name: 'probe straight to the engine: client minus engine is client.unattributed',
    picture: `
      0  2000  3500                           1346500  1347800
      probe  |··|·|fe|queue|prefill|decode.........|·······|
      engine        |----------------------------------|        llm_request
                 ^^^^ 3500 before + 1300 after = 4800 unattributed; stream = 1300
    `,
    spans: makeVllmTrace({ gateway: false }),
    expected: {
      stages: {
        network: null,
        'gateway.upstream': null,
        'gateway.unattributed': null,
        'client.unattributed': 4800,
        'engine.unattributed': 0,
        stream: 1300,
      },
      hasGateway: false,
    },
  },
  {
    name: 'accept queue of 300 ms in front of the engine (mock-server --misbehave delay-accept=300)',
    picture: `
      0                302000 303500                            1646500 1647800
      probe  |·········· accept queue ··········|fe|queue|prefill|decode·····|·|
      engine                                   |-----------------------------|
             ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^ client.unattributed 304 800 (TTFT 377.8 ms,
                                                 engine TTFT 73 ms)
    `,
    spans: makeVllmTrace({ gateway: false, networkInUs: 302_000 }),
    expected: {
      stages: {
        'client.unattributed': 304_800,
        'engine.frontend': 3000,
        'engine.queue': 20_000,
        'engine.prefill': 50_000,
        'engine.unattributed': 0,
      },
      ttftUs: asMicros(377_800),
      ttftSource: 'client',
    },
  },
  {
    name: 'the gateway sits below an app GenAI client span, not the app server span above it',
    picture: `
      app     |POST /ask ··········································|
      sdk       |chat <model> (gen_ai.operation.name, ttft 77.8 ms)|
      gateway     |auth|rl|route|------- upstream -------|·|
      engine                      |fe|queue|prefill|decode|
    `,
    spans: appAbove(),
    expected: {
      hasClient: true,
      ttftSource: 'client',
      ttftUs: asMicros(77_800),
      e2eUs: asMicros(1_347_800),
      stages: { network: 3000, 'client.unattributed': null },
      dims: { route: '/v1/chat/completions' },
    },
  },
  {
    name: 'a CLIENT span with time_to_first_chunk but no gen_ai.operation.name is the client',
    picture: `
      caller  |POST (time_to_first_chunk 0.25 s, no operation name)|   CLIENT span
      gateway   |auth|rl|route|------- upstream -------|·|
      engine                    |fe|queue|prefill|decode|
    `,
    spans: [
      makeSpan({
        traceId: TRACE,
        spanId: 'cccccccccccccccc',
        name: 'POST',
        kind: SPAN_KIND.CLIENT,
        startUs: DEFAULT_START_US,
        endUs: asMicros(DEFAULT_START_US + 1_347_800),
        attributes: { 'gen_ai.response.time_to_first_chunk': 0.25 },
      }),
      ...patch(makeVllmTrace({ traceId: TRACE, client: false }), 'a1', () => ({
        parentSpanId: 'cccccccccccccccc',
      })),
    ],
    expected: {
      ttftUs: asMicros(250_000),
      ttftSource: 'client',
      hasClient: true,
      e2eUs: asMicros(1_347_800),
      stages: { network: 3000 },
    },
  },
  {
    name: 'a first chunk on a span inside the entry (not a client span) counts from the entry',
    picture: `
      app      |POST /ask ···························|   SERVER
      chain      |llm.chain (INTERNAL, ttft 0.3 s)|       the TTFT sits on an INTERNAL span
      gateway      |auth|rl|route|--- upstream ---|·|
    `,
    spans: [
      makeSpan({
        traceId: TRACE,
        spanId: 'dddddddddddddddd',
        name: 'POST /ask',
        kind: SPAN_KIND.SERVER,
        startUs: DEFAULT_START_US,
        endUs: asMicros(DEFAULT_START_US + 1_400_000),
        attributes: { 'http.route': '/ask' },
      }),
      makeSpan({
        traceId: TRACE,
        spanId: 'eeeeeeeeeeeeeeee',
        parentSpanId: 'dddddddddddddddd',
        name: 'llm.chain',
        kind: SPAN_KIND.INTERNAL,
        startUs: DEFAULT_START_US,
        endUs: asMicros(DEFAULT_START_US + 1_347_800),
        attributes: { 'gen_ai.response.time_to_first_chunk': 0.3 },
      }),
      ...patch(makeVllmTrace({ traceId: TRACE, client: false }), 'a1', () => ({
        parentSpanId: 'eeeeeeeeeeeeeeee',
      })),
    ],
    expected: { ttftUs: asMicros(300_000), ttftSource: 'gateway', hasClient: false },
  },
]
