/**
 * SGLang and TGI: their own spans (no `gen_ai.*` attributes), shaped as their tracing code emits
 * them (test/fixtures/engines/SOURCE.md). Times are µs from T0.
 */
import { makeSpan } from '../../model/testing/builders.js'
import { SPAN_KIND, STATUS_CODE, type Attributes, type Span } from '../../model/span.js'
import { asMicros } from '../../model/units.js'
import { nullStages, type AssemblyCase } from './case.js'

const T0 = 1_700_000_000_000_000
const SGLANG_TRACE = '4bf92f3577b34da6a3ce929d0e0e4736'
/** SGLang's id generator without a traceparent: 64 random bits, upper half zero. */
const SGLANG_ZERO_TRACE = '00000000000000007d1e44c09a5f3b28'
const TGI_TRACE = '0af7651916cd43dd8448eb211c80319c'

interface SpanDraft {
  id: string
  parent?: string | null
  name: string
  from: number
  to: number
  attrs?: Attributes
  kind?: Span['kind']
}

function build(traceId: string, resource: Attributes, scope: string, drafts: SpanDraft[]): Span[] {
  return drafts.map((d) =>
    makeSpan({
      traceId,
      spanId: d.id.padEnd(16, '0'),
      parentSpanId: d.parent === undefined || d.parent === null ? null : d.parent.padEnd(16, '0'),
      name: d.name,
      kind: d.kind ?? SPAN_KIND.INTERNAL,
      startUs: asMicros(T0 + d.from),
      endUs: asMicros(T0 + d.to),
      attributes: d.attrs ?? {},
      resource,
      scopeName: scope,
    })
  )
}

const SGLANG_RESOURCE = { 'service.name': 'sglang', 'telemetry.sdk.language': 'python' }
const SCHED = 'Scheduler [TP 0] (host:4c4c4544 | pid:2188)'
const THREAD_ATTRS = {
  host_id: '4c4c4544004a3610',
  pid: 2188,
  thread_label: 'Scheduler',
  tp_rank: 0,
}

/** One SGLang request; `stages` are the scheduler's slices (the tokenizer's are fixed). */
function sglang(traceId: string, callerSpanId: string | null, stages: SpanDraft[]): Span[] {
  return build(traceId, SGLANG_RESOURCE, 'sglang server', [
    { id: 'b0', parent: callerSpanId, name: 'Bootstrap Room 0x0', from: 0, to: 2_412_000 },
    {
      id: 'b1',
      parent: 'b0',
      name: ' Req 3f2a9c1e',
      from: 0,
      to: 2_412_000,
      attrs: { rid: '3f2a9c1e0b6d4e21a8a55d0c7b1e9f44' },
    },
    {
      id: 'b2',
      parent: 'b1',
      name: 'Tokenizer (host:4c4c4544 | pid:2101)',
      from: 0,
      to: 2_412_000,
      attrs: { host_id: '4c4c4544004a3610', pid: 2101, thread_label: 'Tokenizer' },
    },
    { id: 'b3', parent: 'b2', name: 'tokenize', from: 0, to: 3000 },
    { id: 'b4', parent: 'b2', name: 'dispatch', from: 3000, to: 4000 },
    { id: 'b5', parent: 'b1', name: SCHED, from: 4000, to: 2_410_000, attrs: THREAD_ATTRS },
    ...stages.map((s) => ({ ...s, parent: s.parent ?? 'b5' })),
  ])
}

const SGLANG_STAGES: SpanDraft[] = [
  { id: 'c1', name: 'request_process', from: 4000, to: 5000 },
  { id: 'c2', name: 'prefill_waiting', from: 5000, to: 187_000 },
  { id: 'c3', name: 'prefill_forward', from: 187_000, to: 251_000 },
  // One decode_loop slice per decode step (three here), each starting where the last ended.
  { id: 'c4', name: 'decode_loop', from: 251_000, to: 971_000 },
  { id: 'c5', name: 'decode_loop', from: 971_000, to: 1_691_000 },
  { id: 'c6', name: 'decode_loop', from: 1_691_000, to: 2_410_000 },
]

const SGLANG_EXPECTED_STAGES = {
  ...nullStages(),
  'engine.frontend': 4000,
  'engine.queue': 183_000,
  'engine.prefill': 64_000,
  'engine.decode': 2_159_000,
  // Req 2 412 000 − (4000 + 183 000 + 64 000 + 2 159 000): the scheduler's last 2 ms.
  'engine.unattributed': 2000,
}

const TGI_RESOURCE = { 'service.name': 'text-generation-inference.router' }
const TGI_TIMINGS = {
  total_time: '2.418127331s',
  validation_time: '1.230417ms',
  queue_time: '187.011642ms',
  inference_time: '2.229885272s',
  time_per_token: '17.420978ms',
}

/** One TGI chat request: API server → handler → validate, queued, one infer per batch iteration. */
function tgi(route: string, handler: string, handlerAttrs: Attributes, inner = true): Span[] {
  const stages: SpanDraft[] = [
    { id: 'c3', parent: 'c2', name: 'async_stream', from: 1000, to: 2_419_000 },
    { id: 'c4', parent: 'c3', name: 'generate_stream', from: 1000, to: 2_419_000 },
    { id: 'c5', parent: 'c4', name: 'validate', from: 1000, to: 2000 },
    { id: 'c6', parent: 'c4', name: 'schedule', from: 2000, to: 2_419_000 },
    { id: 'c7', parent: 'c6', name: 'queued', from: 2000, to: 189_000 },
    { id: 'c8', parent: 'c6', name: 'infer', from: 189_000, to: 253_000 },
    { id: 'c9', parent: 'c8', name: 'send_generation', from: 251_000, to: 251_040 },
    { id: 'ca', parent: 'c6', name: 'infer', from: 253_000, to: 1_336_000 },
    { id: 'cb', parent: 'ca', name: 'send_generation', from: 1_335_000, to: 1_335_040 },
    { id: 'cc', parent: 'c6', name: 'infer', from: 1_336_000, to: 2_419_000 },
  ]
  return build(TGI_TRACE, TGI_RESOURCE, 'opentelemetry-otlp', [
    {
      id: 'c1',
      parent: 'b7ad6b71',
      name: `POST ${route}`,
      kind: SPAN_KIND.SERVER,
      from: 0,
      to: 2_420_000,
      attrs: { 'http.method': 'POST', 'http.route': route, 'http.status_code': '200' },
    },
    { id: 'c2', parent: 'c1', name: handler, from: 0, to: 2_419_000, attrs: handlerAttrs },
    ...(inner ? stages : []),
  ])
}

/** A TGI batch trace: root `batch` and its forward child; linked to requests only by span links. */
function tgiBatch(child: 'prefill' | 'decode'): Span[] {
  return build('5d1c3e0a9f8b7c6d5e4f3a2b1c0d9e8f', TGI_RESOURCE, 'opentelemetry-otlp', [
    { id: 'd1', name: 'batch', from: 189_000, to: 253_000, attrs: { batch_size: 6 } },
    { id: 'd2', parent: 'd1', name: child, from: 189_000, to: 252_000 },
  ])
}

/** Puts a gateway in front: its SERVER entry and upstream CLIENT call, parent of the engine's root. */
function behindGateway(spans: Span[]): Span[] {
  const traceId = (spans[0] as Span).traceId
  const from = Math.min(...spans.map((s) => s.startUs)) - T0
  const to = Math.max(...spans.map((s) => s.endUs)) - T0
  const gateway = build(traceId, { 'service.name': 'gateway' }, 'gateway', [
    {
      id: 'a1',
      name: 'POST /v1/chat/completions',
      kind: SPAN_KIND.SERVER,
      from: from - 5000,
      to: to + 3000,
      attrs: { 'http.route': '/v1/chat/completions' },
    },
    {
      id: 'a2',
      parent: 'a1',
      name: 'POST',
      kind: SPAN_KIND.CLIENT,
      from: from - 1000,
      to: to + 1000,
      attrs: { 'url.full': 'http://engine-0:8000/v1/chat/completions' },
    },
  ])
  const ids = new Set(spans.map((s) => s.spanId))
  const upstreamId = (gateway[1] as Span).spanId
  return [
    ...gateway,
    ...spans.map((s) =>
      s.parentSpanId === null || !ids.has(s.parentSpanId) ? { ...s, parentSpanId: upstreamId } : s
    ),
  ]
}

export const nativeCases: AssemblyCase[] = [
  {
    name: 'SGLang request (traceparent from a caller not in the trace): stages from its slices',
    picture: `
      Bootstrap Room |········································|  parent: caller span (absent)
       Req 3f2a9c1e  |········································|  ← engine (rid)
      Tokenizer      |tok|dsp|                                   thread container
      Scheduler [TP 0]       |rp|prefill_waiting|prefill_fwd|decode_loop|decode_loop|decode_loop|·|
                      └ fe ─┘└──── queue ─────┘└─ prefill ─┘└───────── decode ─────────────┘
                                                            ^ TTFT 251 ms
    `,
    spans: sglang(SGLANG_TRACE, '00f067aa0ba902b7', SGLANG_STAGES),
    expected: {
      traceId: SGLANG_TRACE,
      stages: SGLANG_EXPECTED_STAGES,
      ttftUs: asMicros(251_000),
      ttftSource: 'engine',
      e2eUs: asMicros(2_412_000),
      hasEngine: true,
      hasGateway: false,
      hasClient: false,
      // No model on SGLang's spans: the ingest pipeline takes it from the metrics' model_name.
      // Replica: the TP-0 scheduler's host_id (8 hex digits) and pid, as SGLang prints them.
      dims: { model: null, route: null, gateway: null, replica: '4c4c4544:2188', node: null },
      spanCount: 12,
    },
  },
  {
    name: 'SGLang without a traceparent: trace id with 16 leading zeros is one request',
    picture: `
      Bootstrap Room 0x0 (root)  → Req → threads → slices   trace 0000000000000000…
    `,
    spans: sglang(SGLANG_ZERO_TRACE, null, SGLANG_STAGES),
    expected: { traceId: SGLANG_ZERO_TRACE, stages: SGLANG_EXPECTED_STAGES, hasEngine: true },
  },
  {
    name: 'SGLang replica: k8s.pod.name from OTEL_RESOURCE_ATTRIBUTES before the thread spans',
    picture: `
       Req 3f2a9c1e  |·······|   resource k8s.pod.name=sglang-2
    `,
    spans: sglang(SGLANG_TRACE, null, SGLANG_STAGES).map((s) => ({
      ...s,
      resource: { ...s.resource, 'k8s.pod.name': 'sglang-2' },
    })),
    expected: { dims: { replica: 'sglang-2' } },
  },
  {
    name: 'SGLang replica from the tokenizer thread when no scheduler thread was exported',
    picture: `
       Req 3f2a9c1e  |·······|
      Tokenizer (host:4c4c4544 | pid:2101)  |tok|dsp|   (no Scheduler thread span)
    `,
    spans: sglang(SGLANG_TRACE, null, []).filter((s) => !s.name.startsWith('Scheduler')),
    expected: { dims: { replica: '4c4c4544:2101' }, stages: { 'engine.frontend': 4000 } },
  },
  {
    name: 'SGLang chunked prefill: chunks count as prefill, first token at the prefill_forward end',
    picture: `
      Scheduler  |rp|prefill_waiting|chunk|chunk|prefill_forward|decode_loop|
                                     └───── prefill 73 ms ─────┘^ TTFT 260 ms
    `,
    spans: sglang(SGLANG_TRACE, null, [
      { id: 'c1', name: 'request_process', from: 4000, to: 5000 },
      { id: 'c2', name: 'prefill_waiting', from: 5000, to: 187_000 },
      { id: 'c3', name: 'chunked_prefill', from: 187_000, to: 220_000 },
      { id: 'c4', name: 'chunked_prefill', from: 220_000, to: 240_000 },
      { id: 'c5', name: 'prefill_forward', from: 240_000, to: 260_000 },
      { id: 'c6', name: 'decode_loop', from: 260_000, to: 2_410_000 },
    ]),
    expected: {
      stages: { 'engine.prefill': 73_000, 'engine.decode': 2_150_000, 'engine.queue': 183_000 },
      ttftUs: asMicros(260_000),
    },
  },
  {
    name: 'SGLang request with only thread spans: containers are no stages',
    picture: `
       Req 3f2a9c1e  |········································|
      Tokenizer      |tok|dsp|
      Scheduler [TP 0]       |········ (no slices exported) ·······|
    `,
    spans: sglang(SGLANG_TRACE, null, []),
    expected: {
      stages: {
        'engine.frontend': 4000,
        'engine.queue': null,
        'engine.prefill': null,
        'engine.decode': null,
        'engine.unattributed': 2_408_000,
      },
      ttftUs: null,
      hasEngine: true,
    },
  },
  {
    name: 'TGI chat request: handler timings + queued/infer spans, API server is the frontend',
    picture: `
      POST /v1/chat/completions (SERVER) |········································|·|
      chat_completions (queue_time=…)    |········································|
        validate                          |v|
        queued                              |····· queue ·····|
        infer (prefill batch)                                 |prefill|
        infer, infer (decode batches)                                 |decode·········|
        send_generation                                            ^ TTFT 251 ms
    `,
    spans: tgi('/v1/chat/completions', 'chat_completions', TGI_TIMINGS),
    expected: {
      stages: {
        ...nullStages(),
        // validation_time "1.230417ms" and queue_time "187.011642ms", rounded to µs.
        'engine.frontend': 1230,
        'engine.queue': 187_012,
        'engine.prefill': 64_000,
        'engine.decode': 2_166_000,
        // API server 2 420 000 − (1230 + 187 012 + 64 000 + 2 166 000)
        'engine.unattributed': 1758,
      },
      ttftUs: asMicros(251_000),
      ttftSource: 'engine',
      e2eUs: asMicros(2_420_000),
      status: 200,
      hasEngine: true,
      hasGateway: false,
      dims: { route: '/v1/chat/completions', model: null, gateway: null },
    },
  },
  {
    name: 'TGI handler that failed before recording timings: recognised below its SERVER span',
    picture: `
      POST /generate (SERVER)  |······························|
      generate (ERROR)         |·····························|   no *_time fields
        queued, infer…            |queue|prefill|decode······|
    `,
    spans: tgi('/generate', 'generate', {}).map((s) =>
      s.name === 'generate' ? { ...s, statusCode: STATUS_CODE.ERROR } : s
    ),
    expected: {
      hasEngine: true,
      stages: {
        'engine.frontend': 1000,
        'engine.queue': 187_000,
        'engine.prefill': 64_000,
        'engine.decode': 2_166_000,
      },
      dims: { route: '/generate' },
    },
  },
  {
    name: 'TGI handler timings without stage spans: queue from queue_time, the rest unattributed',
    picture: `
      POST /v1/completions (SERVER)  |·········································|
      completions (queue_time=…)     |··· (inference_time: prefill + decode) ··|
    `,
    spans: tgi('/v1/completions', 'completions', { ...TGI_TIMINGS, queue_time: '180µs' }, false),
    expected: {
      stages: {
        'engine.frontend': 1230,
        'engine.queue': 180,
        'engine.prefill': null,
        'engine.decode': null,
        'engine.unattributed': 2_420_000 - 1230 - 180,
      },
      ttftUs: null,
    },
  },
  {
    name: 'SGLang behind a gateway: the upstream call holds the engine; its slices still stage it',
    picture: `
      gateway   |·|==================== upstream ====================|·|
      SGLang        |Bootstrap Room → Req → threads → slices ········|
                 5000 ·  1000 upstream before + 1000 after · 3000       (µs)
    `,
    spans: behindGateway(sglang(SGLANG_TRACE, null, SGLANG_STAGES)),
    expected: {
      hasGateway: true,
      stages: {
        ...SGLANG_EXPECTED_STAGES,
        'gateway.upstream': 2000,
        'gateway.unattributed': 6000,
      },
      e2eUs: asMicros(2_420_000),
      // From the gateway's entry: 5000 µs before the engine starts + the engine's 251 ms.
      ttftUs: asMicros(256_000),
      ttftSource: 'gateway',
    },
  },
  {
    name: 'TGI behind a gateway: its API server is the engine side, not a second gateway',
    picture: `
      gateway   |·|==================== upstream ====================|·|
      TGI           |POST /v1/chat/completions → chat_completions ···|
    `,
    spans: behindGateway(tgi('/v1/chat/completions', 'chat_completions', TGI_TIMINGS)),
    expected: {
      hasGateway: true,
      stages: {
        'gateway.upstream': 2000,
        'gateway.unattributed': 6000,
        'engine.queue': 187_012,
        'engine.prefill': 64_000,
        'engine.decode': 2_166_000,
        'engine.unattributed': 1758,
      },
      e2eUs: asMicros(2_428_000),
      ttftSource: 'gateway',
    },
  },
  {
    name: 'TGI prefill batch trace: never a request',
    picture: `
      batch (batch_size=6) |··········|   own trace; links to the requests' infer spans
        prefill            |·········|
    `,
    spans: tgiBatch('prefill'),
    expected: null,
  },
  {
    name: 'TGI decode batch trace: never a request',
    picture: `
      batch |··········|
        decode |·······|
    `,
    spans: tgiBatch('decode'),
    expected: null,
  },
  {
    name: 'TGI /health: no LLM request',
    picture: `
      GET /health (SERVER) |·|
    `,
    spans: build(TGI_TRACE, TGI_RESOURCE, 'opentelemetry-otlp', [
      {
        id: 'e1',
        name: 'GET /health',
        kind: SPAN_KIND.SERVER,
        from: 0,
        to: 800,
        attrs: { 'http.method': 'GET', 'http.route': '/health', 'http.status_code': '200' },
      },
      { id: 'e2', parent: 'e1', name: 'health', from: 0, to: 700 },
    ]),
    expected: null,
  },
]
