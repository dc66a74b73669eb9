import { describe, expect, it } from 'vitest'
import {
  gatewayStepStage,
  layoutWaterfall,
  ttftInstantMs,
  ttftLabel,
  type WaterfallSpan,
} from './waterfall.js'

function span(
  o: Partial<WaterfallSpan> & Pick<WaterfallSpan, 'span_id' | 'name' | 'start_ms' | 'end_ms'>
): WaterfallSpan {
  return { parent_span_id: null, kind: 1, attributes: {}, resource: {}, ...o }
}

//  client  [0 ................................ 1000]
//  gateway   [10 ............................. 990]
//  auth       [12..20]
//  retrieval          [20..60]                       (downstream, before upstream)
//  audit                              [500..520]     (after upstream start: not critical)
//  upstream               [60 ................ 980]
//  engine                  [70: queue 100 | prefill 50 | decode ...]
const SPANS: WaterfallSpan[] = [
  span({
    span_id: 'c',
    name: 'chat m',
    kind: 3,
    scope_name: 'tokenline.probe',
    start_ms: 0,
    end_ms: 1000,
  }),
  span({
    span_id: 'g',
    parent_span_id: 'c',
    name: 'POST /v1/chat/completions',
    kind: 2,
    start_ms: 10,
    end_ms: 990,
  }),
  span({ span_id: 'a', parent_span_id: 'g', name: 'auth', start_ms: 12, end_ms: 20 }),
  span({ span_id: 'r', parent_span_id: 'g', name: 'retrieval', kind: 3, start_ms: 20, end_ms: 60 }),
  span({
    span_id: 'x',
    parent_span_id: 'g',
    name: 'audit-log',
    kind: 3,
    start_ms: 500,
    end_ms: 520,
  }),
  span({ span_id: 'u', parent_span_id: 'g', name: 'POST', kind: 3, start_ms: 60, end_ms: 980 }),
  span({
    span_id: 'e',
    parent_span_id: 'u',
    name: 'llm_request',
    kind: 2,
    start_ms: 70,
    end_ms: 970,
    attributes: {
      'gen_ai.latency.time_in_queue': 0.1,
      'gen_ai.latency.time_in_model_prefill': 0.05,
      'gen_ai.latency.time_to_first_token': 0.16,
      'gen_ai.latency.time_in_model_decode': 0.7,
    },
  }),
]

describe('layoutWaterfall', () => {
  const layout = layoutWaterfall(SPANS, 240)

  it('orders parents before children, siblings by start', () => {
    expect(layout.rows.map((r) => r.spanId)).toEqual(['c', 'g', 'a', 'r', 'u', 'e', 'x'])
    expect(layout.rows.map((r) => r.depth)).toEqual([0, 1, 2, 2, 2, 3, 2])
    expect(layout.totalMs).toBe(1000)
    expect(layout.ttftMs).toBe(240)
  })

  it('classifies spans by the contract rules', () => {
    const layer = Object.fromEntries(layout.rows.map((r) => [r.spanId, r.layer]))
    expect(layer).toEqual({
      c: 'client',
      g: 'gateway',
      a: 'gateway.step',
      r: 'downstream',
      x: 'downstream',
      u: 'upstream',
      e: 'engine',
    })
  })

  it('marks the TTFT critical path', () => {
    const critical = layout.rows.filter((r) => r.critical).map((r) => r.spanId)
    expect(critical.sort()).toEqual(['a', 'c', 'e', 'g', 'r', 'u'])
  })

  it('splits the engine span into its phases', () => {
    const engine = layout.rows.find((r) => r.spanId === 'e')
    expect(
      engine?.segments.map((s) => [s.stage, Math.round(s.startMs), Math.round(s.durationMs)])
    ).toEqual([
      ['engine.queue', 70, 100],
      ['engine.prefill', 170, 50],
      ['engine.frontend', 220, 10],
      ['engine.decode', 230, 700],
      // 900 ms span, 860 ms of latency attributes: the rest is drawn, not hidden.
      ['engine.unattributed', 930, 40],
    ])
  })

  it('returns nothing for no spans', () => {
    expect(layoutWaterfall([], null).rows).toEqual([])
  })
})

describe('gatewayStepStage', () => {
  it.each([
    ['Auth check', 'gateway.auth'],
    ['rate_limit', 'gateway.ratelimit'],
    ['ratelimit', 'gateway.ratelimit'],
    ['select replica', 'gateway.route'],
    ['admission', 'gateway.queue'],
    ['moderation', 'gateway.guardrail'],
    ['serialize', null],
  ])('%s → %s', (name, stage) => {
    expect(gatewayStepStage(name)).toBe(stage)
  })
})

describe('ttftInstantMs: TTFT counted from the span its source names', () => {
  // caller  [0 ..... (no GenAI attributes: not the client)
  // entry       [40 ....................................]   SERVER (gateway)
  // call               [52 ........................]        CLIENT chat m → vllm-b
  // engine                  [60 ...............]             llm_request
  const traced: WaterfallSpan[] = [
    span({ span_id: 'u', name: 'GET /page', kind: 2, start_ms: 0, end_ms: 5000 }),
    span({
      span_id: 'g',
      parent_span_id: 'u',
      name: 'POST /v1/chat/completions',
      kind: 2,
      start_ms: 40,
      end_ms: 5040,
    }),
    span({
      span_id: 'k',
      parent_span_id: 'g',
      name: 'chat m',
      kind: 3,
      start_ms: 52,
      end_ms: 5030,
      attributes: { 'gen_ai.operation.name': 'chat' },
    }),
    span({
      span_id: 'e',
      parent_span_id: 'k',
      name: 'llm_request',
      kind: 2,
      start_ms: 60,
      end_ms: 5020,
    }),
  ]

  it('gateway: from the entry (the trace starts at the entry here)', () => {
    expect(ttftInstantMs(traced.slice(1), 210, 'gateway', 40)).toBe(210)
  })

  it('engine: from the engine span, wherever the trace starts', () => {
    expect(ttftInstantMs(traced, 180, 'engine', 0)).toBe(60 + 180)
  })

  it('client: from the outermost GenAI client span', () => {
    expect(ttftInstantMs(traced, 210, 'client', 0)).toBe(52 + 210)
  })

  it('no TTFT: no instant', () => {
    expect(ttftInstantMs(traced, null, 'gateway', 0)).toBeNull()
  })

  it('labels the source', () => {
    expect(ttftLabel('gateway')).toBe('TTFT (gateway)')
    expect(ttftLabel(null)).toBe('TTFT')
  })

  it('without engine spans, the GenAI upstream call is the upstream layer and on the critical path', () => {
    const layout = layoutWaterfall(traced.slice(0, 3), 200)
    const call = layout.rows.find((r) => r.spanId === 'k')
    expect(call?.layer).toBe('upstream')
    expect(call?.critical).toBe(true)
  })
})
