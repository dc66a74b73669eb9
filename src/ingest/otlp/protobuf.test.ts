import { readFileSync } from 'node:fs'
import protobuf from 'protobufjs/minimal.js'
import { describe, expect, it } from 'vitest'
import { makeLlmTraceRequest } from '../../core/otlp/testing/make-llm-request.js'
import { AppError } from '../../core/errors.js'
import { decodeMetricsJson } from '../../core/otlp/decode-metrics.js'
import { decodeTraces, decodeTracesJson } from '../../core/otlp/decode-traces.js'
import {
  decodeMetricsProtobuf,
  decodeRpcStatus,
  decodeTraceResponse,
  decodeTracesProtobuf,
  decodeTracesProtobufGenerated,
  encodeMetricsProtobuf,
  encodeRpcStatus,
  encodeTraceResponse,
  encodeTracesProtobuf,
} from './protobuf.js'
import { otlp } from './generated/otlp.js'
import { keptReader } from './trace-reader.js'
import type { Span } from '../../core/model/span.js'
import { encodeSpanBody } from '../../storage/duckdb/span-bodies.js'

const FIXTURES = new URL('../../../test/fixtures/otlp/', import.meta.url)
const read = (name: string): string => readFileSync(new URL(name, FIXTURES), 'utf8')

describe('protobuf adapter', () => {
  it('round-trips LLM request traces: encode → decode equals the JSON decode', () => {
    const request = makeLlmTraceRequest(5)
    const fromProto = decodeTracesProtobuf(encodeTracesProtobuf(request))
    expect(fromProto.rejected).toEqual([])
    expect(fromProto.spans).toHaveLength(20)
    expect(fromProto).toEqual(decodeTraces(request))
  })

  it('gives each body its own ids when bodies of the same layout follow one another', () => {
    // Shared id strings are found by position in the current body: a body whose ids sit where
    // the previous body's did must not get the previous body's strings.
    for (const first of [0, 3, 6]) {
      const request = makeLlmTraceRequest(3, first)
      const fromProto = decodeTracesProtobuf(encodeTracesProtobuf(request))
      expect(fromProto).toEqual(decodeTraces(request))
      const spanIds = fromProto.spans.map((s) => s.spanId)
      expect(new Set(spanIds).size).toBe(spanIds.length)
    }
  })

  it('round-trips the official trace example (upper-case hex ids)', () => {
    const text = read('otlp-trace-example.json')
    expect(decodeTracesProtobuf(encodeTracesProtobuf(JSON.parse(text)))).toEqual(
      decodeTracesJson(text)
    )
  })

  it('round-trips the official metrics example', () => {
    const text = read('otlp-metrics-example.json')
    expect(decodeMetricsProtobuf(encodeMetricsProtobuf(JSON.parse(text)))).toEqual(
      decodeMetricsJson(text)
    )
  })

  it('keeps nanosecond times exact to the microsecond', () => {
    const request = makeLlmTraceRequest(1)
    const span = (
      request.resourceSpans[0] as { scopeSpans: { spans: Record<string, unknown>[] }[] }
    ).scopeSpans[0]!.spans[0]!
    span['startTimeUnixNano'] = '1760000000123456999'
    span['endTimeUnixNano'] = '4102444800123456999'
    const [decoded] = decodeTracesProtobuf(encodeTracesProtobuf(request)).spans
    expect(decoded?.startUs).toBe(1760000000123456)
    expect(decoded?.endUs).toBe(4102444800123456)
  })

  it('rejects spans with missing ids like the JSON path does', () => {
    const request = makeLlmTraceRequest(1)
    const span = (
      request.resourceSpans[1] as { scopeSpans: { spans: Record<string, unknown>[] }[] }
    ).scopeSpans[0]!.spans[1]!
    delete span['traceId']
    const result = decodeTracesProtobuf(encodeTracesProtobuf(request))
    expect(result.spans).toHaveLength(3)
    expect(result.rejected).toEqual([
      {
        path: 'resourceSpans[1].scopeSpans[0].spans[1]',
        reason: expect.stringContaining('traceId must be 32 hex digits'),
      },
    ])
  })

  it('throws OTLP_DECODE_FAILED for bytes that are not protobuf', () => {
    const garbage = Uint8Array.from([0x0a, 0xff, 0xff, 0xff, 0xff, 0x0f, 0x01])
    expect(() => decodeTracesProtobuf(garbage)).toThrow(AppError)
    expect(() => decodeMetricsProtobuf(garbage)).toThrow(/ExportMetricsServiceRequest/)
  })

  it('encodes responses: empty on full success, partialSuccess otherwise', () => {
    expect(encodeTraceResponse(null)).toHaveLength(0)
    expect(decodeTraceResponse(encodeTraceResponse({ rejected: 2, errorMessage: 'bad' }))).toEqual({
      rejectedSpans: 2,
      errorMessage: 'bad',
    })
    expect(decodeRpcStatus(encodeRpcStatus(3, 'nope'))).toEqual({ code: 3, message: 'nope' })
  })
})

describe('one-pass trace reader', () => {
  it('gives messages with an equal plain resource one frozen resource object, as the JSON path does', () => {
    const bytes = encodeTracesProtobuf(makeLlmTraceRequest(1, 0))
    const a = decodeTracesProtobuf(bytes).spans
    const b = decodeTracesProtobuf(bytes).spans
    expect(b.map((s) => s.resource)).toEqual(a.map((s) => s.resource))
    for (let i = 0; i < a.length; i++) {
      expect(b[i]?.resource).toBe(a[i]?.resource)
      expect(Object.isFrozen(a[i]?.resource)).toBe(true)
    }
  })

  it('makes the span body the JSON path makes for the same requests, byte for byte', () => {
    // A capture of one request per message held a resource object per request: each write's
    // body listed every one of them (ADR 0508).
    const fromProtobuf: Span[] = []
    const fromJson: Span[] = []
    for (let i = 0; i < 50; i++) {
      const request = makeLlmTraceRequest(1, i)
      fromProtobuf.push(...decodeTracesProtobuf(encodeTracesProtobuf(request)).spans)
      fromJson.push(...decodeTracesJson(JSON.stringify(request)).spans)
    }
    const pb = encodeSpanBody(fromProtobuf, 'none').body
    const json = encodeSpanBody(fromJson, 'none').body
    expect(Buffer.from(pb).equals(Buffer.from(json))).toBe(true)
  })

  function withQuirks(): object {
    const request = makeLlmTraceRequest(3) as { resourceSpans: Record<string, unknown>[] }
    const rs = request.resourceSpans[2] as { scopeSpans: { spans: Record<string, unknown>[] }[] }
    const engine = rs.scopeSpans[0]!.spans[0]!
    engine['attributes'] = [
      { key: 'neg', value: { intValue: '-42' } },
      { key: 'big', value: { intValue: '9007199254740991' } },
      { key: 'blob', value: { bytesValue: Buffer.from([0, 1, 2, 250]) } },
      {
        key: 'nested',
        value: {
          kvlistValue: {
            values: [
              {
                key: 'a',
                value: { arrayValue: { values: [{ boolValue: false }, { doubleValue: 0.5 }] } },
              },
            ],
          },
        },
      },
      { key: 'empty', value: {} },
      { key: 'dup', value: { stringValue: 'first' } },
      { key: 'dup', value: { stringValue: 'second' } },
    ]
    engine['events'] = [{ name: 'no time' }, { name: 'tick', timeUnixNano: '1760000000000000001' }]
    engine['status'] = { code: 2, message: 'boom' }
    const gateway = (
      request.resourceSpans[1] as { scopeSpans: { spans: Record<string, unknown>[] }[] }
    ).scopeSpans[0]!.spans
    gateway[0]!['kind'] = 9
    gateway[1]!['endTimeUnixNano'] = '1'
    return request
  }

  it('gives exactly what the generated code + decodeTraces give, rejects included', () => {
    const bytes = encodeTracesProtobuf(withQuirks())
    const reader = decodeTracesProtobuf(bytes)
    expect(reader.rejected.map((r) => r.path)).toEqual([
      'resourceSpans[1].scopeSpans[0].spans[0]',
      'resourceSpans[1].scopeSpans[0].spans[1]',
    ])
    expect(reader).toEqual(decodeTracesProtobufGenerated(bytes))
    const engine = reader.spans.find((s) => s.name === 'llm_request')
    expect(engine?.attributes).toEqual({
      neg: -42,
      big: 9007199254740991,
      blob: 'AAEC+g==',
      nested: { a: [false, 0.5] },
      empty: null,
      dup: 'second',
    })
  })

  // Each case is one edit to a well-formed span: the reader's fast path must hand everything
  // unusual to the shared check, so spans and rejects stay exactly the reference decoder's.
  it.each<[string, (span: Record<string, unknown>) => void]>([
    ['all-zero parent id (no parent)', (s) => (s['parentSpanId'] = '0000000000000000')],
    ['4-byte parent id', (s) => (s['parentSpanId'] = '0a0b0c0d')],
    ['all-zero trace id', (s) => (s['traceId'] = '00000000000000000000000000000000')],
    ['8-byte trace id', (s) => (s['traceId'] = '0102030405060708')],
    ['all-zero span id', (s) => (s['spanId'] = '0000000000000000')],
    ['zero end time', (s) => (s['endTimeUnixNano'] = '0')],
    ['end before start', (s) => (s['endTimeUnixNano'] = '1000')],
    ['negative kind', (s) => (s['kind'] = -1)],
    ['kind 5', (s) => (s['kind'] = 5)],
    ['status code 3', (s) => (s['status'] = { code: 3 })],
    ['status message only', (s) => (s['status'] = { message: 'slow' })],
    ['a name past the intern limit', (s) => (s['name'] = 'n'.repeat(200))],
    ['a non-ASCII name', (s) => (s['name'] = 'génération ✓')],
  ])('%s: the same spans and rejects as the reference decoder', (_, edit) => {
    const request = makeLlmTraceRequest(2) as { resourceSpans: Record<string, unknown>[] }
    const rs = request.resourceSpans[1] as { scopeSpans: { spans: Record<string, unknown>[] }[] }
    edit(rs.scopeSpans[0]!.spans[0]!)
    const bytes = encodeTracesProtobuf(request)
    // Twice: the second read takes its repeated strings from the intern table.
    expect(decodeTracesProtobuf(bytes)).toEqual(decodeTracesProtobufGenerated(bytes))
    expect(decodeTracesProtobuf(bytes)).toEqual(decodeTracesProtobufGenerated(bytes))
  })

  it('rejects a span without a start time as missing (the generated code reads a zero Long)', () => {
    const request = makeLlmTraceRequest(2) as { resourceSpans: Record<string, unknown>[] }
    const rs = request.resourceSpans[1] as { scopeSpans: { spans: Record<string, unknown>[] }[] }
    delete rs.scopeSpans[0]!.spans[0]!['startTimeUnixNano']
    expect(decodeTracesProtobuf(encodeTracesProtobuf(request)).rejected).toEqual([
      {
        path: 'resourceSpans[1].scopeSpans[0].spans[0]',
        reason: 'startTimeUnixNano must be a positive integer of nanoseconds (actual: missing)',
      },
    ])
  })

  it('keeps a late time out with the same reason as the reference decoder', () => {
    const bytes = encodeTracesProtobuf(makeLlmTraceRequest(2))
    const bounds = { latestUs: 1 }
    const reader = decodeTracesProtobuf(bytes, bounds)
    expect(reader.spans).toEqual([])
    expect(reader).toEqual(decodeTracesProtobufGenerated(bytes, bounds))
  })

  it('reads a scope that comes after its spans on the wire', () => {
    // ScopeSpans { spans = 2 (one span), scope = 1 { name = "late" } } inside ResourceSpans inside the request.
    const span = encodeTracesProtobuf(makeLlmTraceRequest(1))
    const decoded = decodeTracesProtobufGenerated(span)
    expect(decoded.spans).toHaveLength(4)
    const spanBytes = otlp.Span.encode({
      traceId: Uint8Array.from(Buffer.from('0af7651916cd43dd8448eb211c80319c', 'hex')),
      spanId: Uint8Array.from(Buffer.from('b7ad6b7169203331', 'hex')),
      name: 'x',
      startTimeUnixNano: 1000,
      endTimeUnixNano: 2000,
    }).finish()
    const scopeBytes = otlp.InstrumentationScope.encode({ name: 'late' }).finish()
    const scopeSpans = Buffer.concat([
      Buffer.from([0x12, spanBytes.length]),
      spanBytes,
      Buffer.from([0x0a, scopeBytes.length]),
      scopeBytes,
    ])
    const resourceSpans = Buffer.concat([Buffer.from([0x12, scopeSpans.length]), scopeSpans])
    const request = Buffer.concat([Buffer.from([0x0a, resourceSpans.length]), resourceSpans])
    const { spans } = decodeTracesProtobuf(request)
    expect(spans.map((s) => [s.name, s.scopeName])).toEqual([['x', 'late']])
  })

  /** The first resource's first span of a JSON-shaped request, to edit before encoding. */
  const firstSpan = (request: object): Record<string, unknown> =>
    (request as { resourceSpans: { scopeSpans: { spans: Record<string, unknown>[] }[] }[] })
      .resourceSpans[0]!.scopeSpans[0]!.spans[0]!

  it('reads strings of every length the intern table holds, and longer, as the generated code does', () => {
    // The table hashes and compares four bytes at a time, the last word overlapping the one
    // before: strings that differ only in a tail byte, a first byte or a byte inside a multi-byte
    // character must each keep their own text, on the first body and on a second from the table.
    const request = makeLlmTraceRequest(2)
    const attributes: { key: string; value: { stringValue: string } }[] = []
    for (let length = 1; length <= 52; length++) {
      const stem = 'gen_ai.attribute.key.of.some.length.'.repeat(2).slice(0, length - 1)
      for (const last of ['a', 'b']) {
        attributes.push({ key: stem + last, value: { stringValue: last + stem } })
      }
    }
    for (const text of ['é', 'aé', 'aaé', 'aaaé', '€uro', 'x€', 'a😀', 'aa😀b', 'ü'.repeat(24)]) {
      attributes.push({ key: `utf8 ${text}`, value: { stringValue: text } })
    }
    firstSpan(request)['attributes'] = attributes
    const bytes = encodeTracesProtobuf(request)
    const expected = decodeTracesProtobufGenerated(bytes)
    expect(Object.keys(expected.spans[0]!.attributes)).toHaveLength(attributes.length)
    expect(decodeTracesProtobuf(bytes)).toEqual(expected)
    expect(decodeTracesProtobuf(bytes)).toEqual(expected)
  })

  it('reads bytes that are not UTF-8 as Reader.string does, from the intern table too', () => {
    // The generated code rejects them (it verifies UTF-8); the reader keeps what protobufjs'
    // lenient decoder makes of them, whether the string is new or found in the table.
    const request = makeLlmTraceRequest(1)
    firstSpan(request)['attributes'] = [{ key: 'bad', value: { stringValue: 'PLACEHOLDER' } }]
    const bytes = Buffer.from(encodeTracesProtobuf(request))
    const bad = [0xff, 0x80, 0x41, 0xc3, 0x28, 0xe2, 0x82, 0x41, 0x42, 0x43, 0x44]
    bytes.set(bad, bytes.indexOf('PLACEHOLDER'))
    const text = protobuf.util.utf8.read(Uint8Array.from(bad), 0, bad.length)
    for (let round = 0; round < 2; round++) {
      expect(decodeTracesProtobuf(bytes).spans[0]!.attributes['bad']).toBe(text)
    }
  })

  it('gives ids of every byte value as lower-case hex, as the generated code does', () => {
    const request = makeLlmTraceRequest(4)
    const spans = (
      request as { resourceSpans: { scopeSpans: { spans: Record<string, unknown>[] }[] }[] }
    ).resourceSpans.flatMap((rs) => rs.scopeSpans.flatMap((ss) => ss.spans))
    expect(spans).toHaveLength(16)
    const hexOf = (from: number, length: number): string =>
      Buffer.from([...Array(length).keys()].map((i) => (from + i) % 256)).toString('hex')
    spans.forEach((span, i) => {
      span['traceId'] = hexOf(i * 16, 16)
      span['spanId'] = hexOf(i * 16 + 8, 8)
      span['parentSpanId'] = hexOf(i * 16 + 3, 8)
    })
    const bytes = encodeTracesProtobuf(request)
    const decoded = decodeTracesProtobuf(bytes)
    expect(decoded.spans.map((s) => s.traceId).join('')).toBe(hexOf(0, 256))
    expect(decoded).toEqual(decodeTracesProtobufGenerated(bytes))
  })

  it('throws OTLP_DECODE_FAILED for truncated bytes', () => {
    const bytes = encodeTracesProtobuf(makeLlmTraceRequest(1))
    expect(() => decodeTracesProtobuf(bytes.subarray(0, bytes.length - 7))).toThrow(
      /ExportTraceServiceRequest/
    )
  })
})

describe('the Reader kept beside the trace reader', () => {
  it('gives each body its own spans, after a body that failed midway too, and holds no body', () => {
    // The kept instance only keeps protobufjs' Reader class alive (ADR 0428); bodies read one
    // after another, with a malformed one between them, must each decode as on their own.
    const first = makeLlmTraceRequest(2)
    const second = makeLlmTraceRequest(3, 7)
    const secondBytes = encodeTracesProtobuf(second)
    expect(decodeTracesProtobuf(encodeTracesProtobuf(first))).toEqual(decodeTraces(first))
    expect(() => decodeTracesProtobuf(secondBytes.subarray(0, secondBytes.length >> 1))).toThrow(
      AppError
    )
    expect(decodeTracesProtobuf(secondBytes)).toEqual(decodeTraces(second))
    expect(decodeTracesProtobuf(encodeTracesProtobuf(first))).toEqual(decodeTraces(first))
    expect(keptReader).toBeInstanceOf(protobuf.Reader)
    expect([keptReader.buf.length, keptReader.pos, keptReader.len]).toEqual([0, 0, 0])
  })
})
