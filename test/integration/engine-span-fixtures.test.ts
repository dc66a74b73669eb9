/**
 * SGLang's and TGI's span shapes (test/fixtures/engines/, written from their source; see its
 * SOURCE.md) decode without rejects, and hold the facts span recognition has to rely on.
 */
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { decodeTracesJson } from '../../src/core/otlp/decode-traces.js'
import { encodeTracesProtobuf, decodeTracesProtobuf } from '../../src/ingest/otlp/protobuf.js'

const read = (path: string): string =>
  readFileSync(new URL(`../fixtures/engines/${path}`, import.meta.url), 'utf8')

describe('SGLang spans', () => {
  const text = read('sglang/spans.otlp.json')
  const { spans, rejected } = decodeTracesJson(text)

  it('decode as JSON and as protobuf alike, without rejects', () => {
    expect(rejected).toEqual([])
    expect(spans).toHaveLength(19)
    const viaProtobuf = decodeTracesProtobuf(encodeTracesProtobuf(JSON.parse(text) as object))
    expect(viaProtobuf.spans).toEqual(spans)
  })

  it('carry no model, no replica and only INTERNAL spans', () => {
    expect(new Set(spans.map((s) => s.kind))).toEqual(new Set([1]))
    expect(spans[0]!.resource).toMatchObject({ 'service.name': 'sglang' })
    expect(spans.some((s) => Object.keys(s.attributes).some((k) => k.startsWith('gen_ai.')))).toBe(
      false
    )
  })

  it('hang the request under the caller, and use 64-bit trace ids without a traceparent', () => {
    const rooms = spans.filter((s) => s.name.startsWith('Bootstrap Room'))
    expect(rooms.map((s) => s.parentSpanId)).toEqual(['00f067aa0ba902b7', null])
    expect(rooms[1]!.traceId).toMatch(/^0{16}[0-9a-f]{16}$/)
    const reqs = spans.filter((s) => / Req [0-9a-f]{8}$/.test(s.name))
    expect(reqs.map((s) => s.attributes['rid'])).toHaveLength(2)
    const stages = spans.filter((s) => s.traceId === rooms[0]!.traceId).map((s) => s.name)
    expect(stages).toEqual(
      expect.arrayContaining(['prefill_waiting', 'prefill_forward', 'decode_loop'])
    )
  })

  it('slice decode into one decode_loop per step, each starting where the last ended', () => {
    const loops = spans
      .filter((s) => s.traceId === '4bf92f3577b34da6a3ce929d0e0e4736' && s.name === 'decode_loop')
      .sort((a, b) => a.startUs - b.startUs)
    expect(loops.length).toBeGreaterThan(1)
    for (let i = 1; i < loops.length; i++) {
      expect(loops[i]!.startUs).toBe(loops[i - 1]!.endUs)
    }
  })
})

describe('TGI spans', () => {
  const { spans, rejected } = decodeTracesJson(read('tgi/spans.otlp.json'))
  const byName = new Map(spans.map((s) => [s.name, s]))

  it('decode without rejects', () => {
    expect(rejected).toEqual([])
    // 13 request spans and three batch traces of two spans.
    expect(spans).toHaveLength(19)
  })

  it('put the HTTP SERVER span over the handler span, which carries Debug-formatted durations', () => {
    const server = byName.get('POST /v1/chat/completions')!
    expect(server.kind).toBe(2)
    expect(server.resource).toEqual({ 'service.name': 'text-generation-inference.router' })
    const handler = byName.get('chat_completions')!
    expect(handler.parentSpanId).toBe(server.spanId)
    expect(handler.attributes).toMatchObject({
      queue_time: expect.stringMatching(/^\d+(\.\d+)?(ns|µs|ms|s)$/),
      inference_time: expect.stringMatching(/^\d+(\.\d+)?(ns|µs|ms|s)$/),
      time_per_token: expect.stringMatching(/^\d+(\.\d+)?(ns|µs|ms|s)$/),
    })
  })

  it('time the queue and each batch iteration as spans of the request, each batch as its own trace', () => {
    const queued = byName.get('queued')!
    const infers = spans.filter((s) => s.name === 'infer').sort((a, b) => a.startUs - b.startUs)
    const batches = spans.filter((s) => s.name === 'batch')
    expect(infers.length).toBeGreaterThan(1)
    expect(batches).toHaveLength(infers.length)
    for (const infer of infers) {
      expect(infer.traceId).toBe(queued.traceId)
      expect(infer.parentSpanId).toBe(byName.get('schedule')!.spanId)
    }
    for (const batch of batches) {
      expect(batch.traceId).not.toBe(queued.traceId)
      expect(batch.parentSpanId).toBeNull()
    }
    // The first iteration is the prefill batch, the later ones decode batches.
    const children = (b: (typeof batches)[number]) =>
      spans.filter((s) => s.parentSpanId === b.spanId && s.traceId === b.traceId).map((s) => s.name)
    expect(batches.map(children)).toEqual([['prefill'], ['decode'], ['decode']])
    expect(queued.endUs).toBe(infers[0]!.startUs)
    for (let i = 1; i < infers.length; i++) {
      expect(infers[i]!.startUs).toBe(infers[i - 1]!.endUs)
    }
  })
})
