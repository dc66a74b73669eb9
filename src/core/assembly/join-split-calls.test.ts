import { describe, expect, it } from 'vitest'
import { makeSpan } from '../model/testing/builders.js'
import { SPAN_KIND, type Span } from '../model/span.js'
import { asMicros } from '../model/units.js'
import { joinSplitCalls } from './join-split-calls.js'

const T0 = 1_796_097_690_000_000
const VLLM = { 'service.instance.id': '884f9da2', 'vllm.process_id': '26392' }

function api(id: number, route: string, startMs: number, endMs: number, resource = VLLM): Span[] {
  const traceId = `a${id}`.padEnd(32, '0')
  return [
    makeSpan({
      traceId,
      spanId: `a${id}`.padEnd(16, '0'),
      name: `POST ${route}`,
      kind: SPAN_KIND.SERVER,
      startUs: asMicros(T0 + startMs * 1000),
      endUs: asMicros(T0 + endMs * 1000),
      resource,
      attributes: { 'http.route': route },
    }),
  ]
}

function engine(id: number, requestId: string | null, startMs: number, endMs: number): Span[] {
  return [
    makeSpan({
      traceId: `e${id}`.padEnd(32, '0'),
      spanId: `e${id}`.padEnd(16, '0'),
      name: 'llm_request',
      kind: SPAN_KIND.SERVER,
      startUs: asMicros(T0 + startMs * 1000),
      endUs: asMicros(T0 + endMs * 1000),
      resource: VLLM,
      attributes: requestId === null ? {} : { 'gen_ai.request.id': requestId },
    }),
  ]
}

/** The API-server span with its engine span below it, in one trace: a whole call. */
function wholeCall(id: number): Span[] {
  const [server] = api(id, '/v1/chat/completions', 0, 100)
  const [llm] = engine(id, null, 1, 99)
  return [{ ...llm!, traceId: server!.traceId, parentSpanId: server!.spanId }, server!]
}

describe('joinSplitCalls', () => {
  it('pairs each API-server span with the engine span it contains, closest first', () => {
    // 1 |------------------------|        2    |------------------------|
    // 1   |--------------------|  (fits 1 and 2: 1 is closer)
    // 2          |--------------------|   (fits only 2)
    const traces = [api(1, '/v1/chat/completions', 0, 100), api(2, '/v1/chat/completions', 5, 130)]
    traces.push(engine(1, null, 6, 99), engine(2, null, 20, 128))
    const groups = joinSplitCalls(traces)
    expect(groups).toHaveLength(2)
    expect(groups.map((g) => g.spans.map((s) => s.traceId[0]! + s.traceId[1]!))).toEqual([
      ['a1', 'e1'],
      ['a2', 'e2'],
    ])
  })

  it('uses the request id to tell a chat call from a completion', () => {
    const traces = [
      api(1, '/v1/completions', 0, 100),
      api(2, '/v1/chat/completions', 0, 100),
      engine(1, 'chatcmpl-92a93c35f61e88ff', 2, 99),
      engine(2, 'cmpl-b1543901feefadb1-0', 3, 98),
    ]
    const groups = joinSplitCalls(traces).map((g) => g.spans.map((s) => s.traceId.slice(0, 2)))
    expect(groups).toEqual([
      ['a1', 'e2'],
      ['a2', 'e1'],
    ])
  })

  it('leaves alone halves from another process, outside the span, or with a parent', () => {
    const other = { 'service.instance.id': 'other', 'vllm.process_id': '1' }
    const withParent = engine(3, null, 10, 20).map((s) => ({
      ...s,
      parentSpanId: 'b7ad6b7169203331',
    }))
    const groups = joinSplitCalls([
      api(1, '/v1/chat/completions', 0, 100, other),
      engine(1, null, 10, 90),
      api(2, '/v1/chat/completions', 200, 300),
      engine(2, null, 250, 350),
      withParent,
    ])
    expect(groups.map((g) => g.spans.length)).toEqual([1, 1, 1, 1, 1])
    expect(groups.map((g) => g.unpaired)).toEqual([true, true, true, true, false])
  })

  it('takes no whole call for a half, whichever order its spans come in', () => {
    // The engine span below the API server, the child first (as exporters send them, by end
    // time), then the same spans reversed: neither is a half, and neither pairs with the root
    // engine span of another trace inside it.
    const call = wholeCall(7)
    for (const spans of [call, [...call].reverse()]) {
      const groups = joinSplitCalls([spans, engine(8, null, 2, 98)])
      expect(groups.map((g) => [g.spans.length, g.unpaired])).toEqual([
        [2, false],
        [1, true],
      ])
    }
  })

  it('never pairs non-LLM routes', () => {
    const groups = joinSplitCalls([api(1, '/metrics', 0, 100), engine(1, null, 10, 90)])
    expect(groups.map((g) => g.spans.length)).toEqual([1, 1])
  })
})
