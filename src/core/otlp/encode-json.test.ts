import { describe, expect, it } from 'vitest'
import { decodeTracesJson } from './decode-traces.js'
import {
  encodeAttribute,
  encodeSpan,
  encodeTracesRequest,
  toAttributes,
  unixNanoFromEpochMicros,
  unixNanoFromEpochMs,
  type OtlpJsonSpan,
} from './encode-json.js'

const SPAN: OtlpJsonSpan = {
  traceId: '0af7651916cd43dd8448eb211c80319c',
  spanId: 'b7ad6b7169203331',
  parentSpanId: '00f067aa0ba902b7',
  name: 'chat "llama" \\ 3',
  kind: 3,
  startTimeUnixNano: unixNanoFromEpochMs(1_700_000_000_123.25),
  endTimeUnixNano: unixNanoFromEpochMicros(1_700_000_000_999_999.75),
  attributes: toAttributes(
    {
      'gen_ai.request.model': 'llama\n"3"',
      'gen_ai.usage.input_tokens': 12.6,
      'gen_ai.response.time_to_first_chunk': 0.123456789,
      'tls.resumed': false,
      'error.type': null,
      'tokenline.client.region': undefined,
    },
    new Set(['gen_ai.usage.input_tokens'])
  ),
  status: { code: 2, message: 'timeout "x"' },
}

describe('the OTLP/JSON encoder', () => {
  it('writes exactly what JSON.stringify writes for the same objects', () => {
    const resource = toAttributes({ 'service.name': 'tokenline-probe' })
    const text = encodeTracesRequest([
      {
        attributes: resource.map(encodeAttribute),
        scopes: [{ name: 'tokenline.probe', version: '0.1.0', spans: [encodeSpan(SPAN)] }],
      },
    ])
    expect(text).toBe(
      JSON.stringify({
        resourceSpans: [
          {
            resource: { attributes: resource },
            scopeSpans: [{ scope: { name: 'tokenline.probe', version: '0.1.0' }, spans: [SPAN] }],
          },
        ],
      })
    )
  })

  it('drops absent values, rounds integer keys, and keeps unset status as {}', () => {
    expect(SPAN.attributes.map((a) => a.key)).toEqual([
      'gen_ai.request.model',
      'gen_ai.usage.input_tokens',
      'gen_ai.response.time_to_first_chunk',
      'tls.resumed',
    ])
    expect(SPAN.attributes[1]).toEqual({
      key: 'gen_ai.usage.input_tokens',
      value: { intValue: '13' },
    })
    expect(encodeSpan({ ...SPAN, attributes: [], status: {} })).toContain('"status":{}')
  })

  it('is read back by our own decoder with the same ids, times and attributes', () => {
    const text = encodeTracesRequest([
      { attributes: [], scopes: [{ name: 's', spans: [encodeSpan(SPAN)] }] },
    ])
    const { spans, rejected } = decodeTracesJson(text)
    expect(rejected).toEqual([])
    expect(spans).toHaveLength(1)
    const span = spans[0]!
    expect(span).toMatchObject({
      traceId: SPAN.traceId,
      spanId: SPAN.spanId,
      parentSpanId: SPAN.parentSpanId,
      name: SPAN.name,
      startUs: 1_700_000_000_123_250,
      endUs: 1_700_000_001_000_000,
      statusCode: 2,
      statusMessage: 'timeout "x"',
      scopeName: 's',
      scopeVersion: null,
    })
    expect(span.attributes['gen_ai.request.model']).toBe('llama\n"3"')
    expect(span.attributes['gen_ai.usage.input_tokens']).toBe(13)
    expect(span.attributes['tls.resumed']).toBe(false)
  })
})
