/**
 * The JSON and protobuf trace decoders refuse the same spans for times out of range and for
 * attribute values nested too deep, span by span, and keep the rest of the batch.
 */
import { describe, expect, it } from 'vitest'
import { makeLlmTraceRequest } from '../../core/otlp/testing/make-llm-request.js'
import { decodeMetricsJson } from '../../core/otlp/decode-metrics.js'
import { decodeTracesJson } from '../../core/otlp/decode-traces.js'
import type { TimeBounds } from '../../core/otlp/time-bounds.js'
import {
  decodeMetricsProtobuf,
  decodeTracesProtobuf,
  encodeMetricsProtobuf,
  encodeTracesProtobuf,
} from './protobuf.js'

type Json = Record<string, unknown>

function firstSpan(request: Json): Json {
  const rs = (request['resourceSpans'] as Json[])[0] as Json
  const ss = (rs['scopeSpans'] as Json[])[0] as Json
  return (ss['spans'] as Json[])[0] as Json
}

function nested(depth: number): Json {
  let value: Json = { stringValue: 'leaf' }
  for (let i = 0; i < depth; i++) {
    value = { kvlistValue: { values: [{ key: 'k', value }] } }
  }
  return value
}

/** Both decoders on the same request: JSON text, and protobuf bytes. */
function decodeBoth(request: Json, bounds?: TimeBounds) {
  return {
    json: decodeTracesJson(JSON.stringify(request), bounds),
    protobuf: decodeTracesProtobuf(encodeTracesProtobuf(request), bounds),
  }
}

const NOW_US = 1_760_000_000_000_000

describe('span time bounds and nesting, JSON and protobuf alike', () => {
  it.each([
    [
      'a JSON number far past int64 (1e30)',
      { endTimeUnixNano: 1e30 },
      'endTimeUnixNano must not be later than the int64',
    ],
    [
      'a uint64 past int64',
      { endTimeUnixNano: '18446744073709551000' },
      'endTimeUnixNano must not be later than the int64',
    ],
    [
      'a start past int64',
      { startTimeUnixNano: '9300000000000000000', endTimeUnixNano: '9300000000000000001' },
      'startTimeUnixNano must not be later',
    ],
  ])('rejects %s and keeps the other spans', (_name, patch, reason) => {
    const request = makeLlmTraceRequest(3) as unknown as Json
    Object.assign(firstSpan(request), patch)
    // 1e30 cannot be written as protobuf fixed64; the JSON path alone covers it.
    const results =
      typeof patch.endTimeUnixNano === 'number'
        ? { json: decodeTracesJson(JSON.stringify(request)) }
        : decodeBoth(request)
    for (const result of Object.values(results)) {
      expect(result.rejected).toHaveLength(1)
      expect(result.rejected[0]?.path).toBe('resourceSpans[0].scopeSpans[0].spans[0]')
      expect(result.rejected[0]?.reason).toContain(reason)
      expect(result.spans).toHaveLength(11)
    }
  })

  it('rejects a span ending past the server clock plus the allowed skew, not one inside it', () => {
    const request = makeLlmTraceRequest(2) as unknown as Json
    const span = firstSpan(request)
    span['startTimeUnixNano'] = String(NOW_US * 1000)
    span['endTimeUnixNano'] = String((NOW_US + 7_200_000_000) * 1000) // now + 2 h
    const bounds = { latestUs: NOW_US + 3_600_000_000 } // now + 1 h
    const { json, protobuf } = decodeBoth(request, bounds)
    expect(json).toEqual(protobuf)
    expect(json.rejected).toHaveLength(1)
    expect(json.rejected[0]?.reason).toMatch(
      /endTimeUnixNano must not be later than 2025-10-09T09:53:20.000Z \(the server clock plus ingest.maxFutureSkewMs\)/
    )
    span['endTimeUnixNano'] = String((NOW_US + 1_800_000_000) * 1000) // now + 30 min
    expect(decodeBoth(request, bounds).json.rejected).toEqual([])
  })

  it('rejects times before 1970 (zero, negative)', () => {
    for (const start of ['0', '-5']) {
      const request = makeLlmTraceRequest(1) as unknown as Json
      firstSpan(request)['startTimeUnixNano'] = start
      expect(decodeTracesJson(JSON.stringify(request)).rejected[0]?.reason).toContain(
        'startTimeUnixNano must be a positive integer'
      )
    }
  })

  it.each([
    [
      'span attribute',
      (r: Json) => (
        (firstSpan(r)['attributes'] as Json[]).push({ key: 'deep', value: nested(40) }),
        1
      ),
    ],
    [
      'event attribute',
      (r: Json) => (
        (firstSpan(r)['events'] = [
          {
            timeUnixNano: firstSpan(r)['startTimeUnixNano'],
            name: 'e',
            attributes: [{ key: 'deep', value: nested(40) }],
          },
        ]),
        1
      ),
    ],
    [
      'resource attribute (each span of the resource is rejected)',
      (r: Json) => {
        const rs = (r['resourceSpans'] as Json[])[0] as Json
        rs['resource'] = { attributes: [{ key: 'deep', value: nested(40) }] }
        return (rs['scopeSpans'] as Json[]).reduce((n, ss) => n + (ss['spans'] as Json[]).length, 0)
      },
    ],
  ])('rejects a span whose %s nests deeper than 32, in both decoders', (_name, mutate) => {
    const request = makeLlmTraceRequest(2) as unknown as Json
    const expectedRejects = mutate(request)
    const { json, protobuf } = decodeBoth(request)
    expect(json.rejected).toHaveLength(expectedRejects)
    expect(json.rejected[0]?.reason).toContain('nested deeper than 32 levels')
    expect(protobuf.rejected).toEqual(json.rejected)
    expect(protobuf.spans).toHaveLength(8 - expectedRejects)
  })

  it('keeps values nested exactly 32 deep', () => {
    const request = makeLlmTraceRequest(1) as unknown as Json
    ;(firstSpan(request)['attributes'] as Json[]).push({ key: 'deep', value: nested(32) })
    const { json, protobuf } = decodeBoth(request)
    expect(json.rejected).toEqual([])
    expect(protobuf.rejected).toEqual([])
  })

  it('rejects metric data points out of range or nested too deep, keeps the others', () => {
    const point = (time: string, attrs: Json[] = []) => ({
      timeUnixNano: time,
      asDouble: 1,
      attributes: attrs,
    })
    const request = {
      resourceMetrics: [
        {
          scopeMetrics: [
            {
              metrics: [
                {
                  name: 'x',
                  gauge: {
                    dataPoints: [
                      point('1760000000000000000'),
                      point('9300000000000000000'),
                      point('1760000000000000000', [{ key: 'deep', value: nested(40) }]),
                    ],
                  },
                },
              ],
            },
          ],
        },
      ],
    }
    const json = decodeMetricsJson(JSON.stringify(request))
    const protobuf = decodeMetricsProtobuf(encodeMetricsProtobuf(request))
    for (const r of [json, protobuf]) {
      expect(r.samples).toHaveLength(1)
      expect(r.rejected.map((x) => x.reason)).toEqual([
        expect.stringContaining('timeUnixNano must not be later than the int64'),
        expect.stringContaining('nested deeper than 32 levels'),
      ])
    }
  })
})
