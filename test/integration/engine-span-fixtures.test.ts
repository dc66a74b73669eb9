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
    expect(spans).toHaveLength(15)
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
})

describe('TGI spans', () => {
  const { spans, rejected } = decodeTracesJson(read('tgi/spans.otlp.json'))
  const byName = new Map(spans.map((s) => [s.name, s]))

  it('decode without rejects', () => {
    expect(rejected).toEqual([])
    expect(spans).toHaveLength(12)
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

  it('time the queue and the inference as spans of the request, the batch as its own trace', () => {
    const queued = byName.get('queued')!
    const infer = byName.get('infer')!
    const batch = byName.get('batch')!
    expect(queued.traceId).toBe(infer.traceId)
    expect(batch.traceId).not.toBe(infer.traceId)
    expect(batch.parentSpanId).toBeNull()
    expect(queued.endUs).toBe(infer.startUs)
  })
})
