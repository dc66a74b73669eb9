import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { makeLlmTraceRequest } from '../../test/fixtures/otlp/make-llm-request.js'
import { AppError } from '../core/errors.js'
import { decodeMetricsJson } from '../core/otlp/decode-metrics.js'
import { decodeTraces, decodeTracesJson } from '../core/otlp/decode-traces.js'
import {
  decodeMetricsProtobuf,
  decodeRpcStatus,
  decodeTraceResponse,
  decodeTracesProtobuf,
  encodeMetricsProtobuf,
  encodeRpcStatus,
  encodeTraceResponse,
  encodeTracesProtobuf,
} from './protobuf.js'

const FIXTURES = new URL('../../test/fixtures/otlp/', import.meta.url)
const read = (name: string): string => readFileSync(new URL(name, FIXTURES), 'utf8')

describe('protobuf adapter', () => {
  it('round-trips LLM request traces: encode → decode equals the JSON decode', () => {
    const request = makeLlmTraceRequest(5)
    const fromProto = decodeTracesProtobuf(encodeTracesProtobuf(request))
    expect(fromProto.rejected).toEqual([])
    expect(fromProto.spans).toHaveLength(20)
    expect(fromProto).toEqual(decodeTraces(request))
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
    span['endTimeUnixNano'] = '18446744073709551000'
    const [decoded] = decodeTracesProtobuf(encodeTracesProtobuf(request)).spans
    expect(decoded?.startUs).toBe(1760000000123456)
    expect(decoded?.endUs).toBe(18446744073709551)
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
        reason: expect.stringContaining('0 bytes'),
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
