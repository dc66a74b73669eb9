import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { makeLlmTraceRequest } from './testing/make-llm-request.js'
import { AppError } from '../errors.js'
import { decodeTraces, decodeTracesJson } from './decode-traces.js'

const FIXTURES = new URL('../../../test/fixtures/otlp/', import.meta.url)
const read = (name: string): string => readFileSync(new URL(name, FIXTURES), 'utf8')

describe('decodeTracesJson fixtures', () => {
  it.each(['otlp-trace-example', 'quirks-trace'])('%s decodes to its expected output', (name) => {
    const actual = decodeTracesJson(read(`${name}.json`))
    expect(JSON.parse(JSON.stringify(actual))).toEqual(JSON.parse(read(`${name}.expected.json`)))
  })

  it('lower-cases the upper-case hex ids of the official example', () => {
    const { spans } = decodeTracesJson(read('otlp-trace-example.json'))
    expect(spans[0]?.traceId).toBe('5b8efff798038103d269b633813fc60c')
    expect(spans[0]?.parentSpanId).toBe('eee19b7ec3c1b173')
  })
})

describe('decodeTraces per-span checks', () => {
  const good = {
    traceId: '0af7651916cd43dd8448eb211c80319c',
    spanId: 'b7ad6b7169203331',
    name: 'x',
    startTimeUnixNano: '1760000000000000000',
    endTimeUnixNano: '1760000000001000000',
  }
  const wrap = (spans: unknown[]): unknown => ({ resourceSpans: [{ scopeSpans: [{}, { spans }] }] })

  it.each([
    ['traceId', { traceId: 'zz' }, 'traceId must be 32 hex digits'],
    ['all-zero traceId', { traceId: '0'.repeat(32) }, 'not all zero'],
    ['spanId', { spanId: '123' }, 'spanId must be 16 hex digits'],
    ['parent', { parentSpanId: 'nothex!!nothex!!' }, 'parentSpanId must be empty'],
    ['start', { startTimeUnixNano: '-5' }, 'startTimeUnixNano must be'],
    ['end', { endTimeUnixNano: undefined }, 'endTimeUnixNano must be'],
    ['status', { status: { code: 7 } }, 'status.code must be'],
  ])('rejects a bad %s with its path and keeps the good span', (_label, override, reason) => {
    const result = decodeTraces(wrap([good, { ...good, ...override }]))
    expect(result.spans).toHaveLength(1)
    expect(result.rejected).toEqual([
      { path: 'resourceSpans[0].scopeSpans[1].spans[1]', reason: expect.stringContaining(reason) },
    ])
  })

  it('accepts base64 ids (proto3 JSON style) and converts them to hex', () => {
    const traceId = Buffer.from(good.traceId, 'hex').toString('base64')
    const spanId = Buffer.from(good.spanId, 'hex').toString('base64url').replace(/=+$/, '')
    const { spans } = decodeTraces(wrap([{ ...good, traceId, spanId }]))
    expect(spans[0]).toMatchObject({ traceId: good.traceId, spanId: good.spanId })
  })

  it('accepts enum names and snake_case field names', () => {
    const { spans, rejected } = decodeTraces({
      resource_spans: [
        {
          scope_spans: [
            {
              spans: [
                {
                  trace_id: good.traceId,
                  span_id: good.spanId,
                  parent_span_id: '',
                  kind: 'SPAN_KIND_CLIENT',
                  start_time_unix_nano: good.startTimeUnixNano,
                  end_time_unix_nano: good.endTimeUnixNano,
                  status: { code: 'STATUS_CODE_OK' },
                },
              ],
            },
          ],
        },
      ],
    })
    expect(rejected).toEqual([])
    expect(spans[0]).toMatchObject({
      kind: 3,
      statusCode: 1,
      parentSpanId: null,
      startUs: 1760000000000000,
    })
  })

  it('shares one resource object among the spans of a ResourceSpans', () => {
    const { spans } = decodeTraces(makeLlmTraceRequest(1))
    expect(spans).toHaveLength(4)
    const gateway = spans.filter((s) => s.resource['service.name'] === 'llm-gateway')
    expect(gateway).toHaveLength(2)
    expect(gateway[0]?.resource).toBe(gateway[1]?.resource)
  })

  it('reads gen_ai attributes with their types', () => {
    const engine = decodeTraces(makeLlmTraceRequest(1)).spans.find((s) => s.name === 'llm_request')
    expect(engine?.attributes).toMatchObject({
      'gen_ai.usage.prompt_tokens': 512,
      'gen_ai.latency.time_to_first_token': 0.151,
      'gen_ai.response.model': 'llama-3-8b',
    })
  })

  it.each([
    ['not JSON', '{'],
    ['an array', '[]'],
    ['a string', '"x"'],
    ['resourceSpans not a list', '{"resourceSpans": {}}'],
  ])('throws OTLP_DECODE_FAILED for %s', (_label, text) => {
    expect(() => decodeTracesJson(text)).toThrow(AppError)
    try {
      decodeTracesJson(text)
    } catch (err) {
      expect((err as AppError).code).toBe('OTLP_DECODE_FAILED')
    }
  })

  it('treats an empty request as zero spans', () => {
    expect(decodeTracesJson('{}')).toEqual({ spans: [], rejected: [] })
  })
})

describe('decodeTraces structure problems below the top level', () => {
  it('rejects a ResourceSpans whose scopeSpans is not a list and keeps the others', () => {
    const good = makeLlmTraceRequest(1)
    const result = decodeTraces({
      resourceSpans: [{ scopeSpans: 'oops' }, 42, ...good.resourceSpans],
    })
    expect(result.spans).toHaveLength(4)
    expect(result.rejected).toEqual([
      { path: 'resourceSpans[0].scopeSpans', reason: 'must be an array (actual: string)' },
      { path: 'resourceSpans[1]', reason: 'ResourceSpans must be an object' },
    ])
  })
})

describe('decodeTraces shares what requests repeat (ADR 0399)', () => {
  const span = (spanId: string, extra: object = {}): object => ({
    traceId: '0af7651916cd43dd8448eb211c80319c',
    spanId,
    name: 'x',
    startTimeUnixNano: '1760000000000000000',
    endTimeUnixNano: '1760000000001000000',
    ...extra,
  })
  const kv = (key: string, value: object): object => ({ key, value })
  const request = (attributes: object[], spans: object[]): unknown => ({
    resourceSpans: [{ resource: { attributes }, scopeSpans: [{ spans }] }],
  })
  const plain = [kv('service.name', { stringValue: 'vllm' }), kv('port', { intValue: '8000' })]

  it('gives requests with an equal plain resource one frozen resource object', () => {
    const a = decodeTraces(request(plain, [span('b7ad6b7169203331')])).spans[0]
    const b = decodeTraces(request(plain, [span('b7ad6b7169203332')])).spans[0]
    expect(a?.resource).toEqual({ 'service.name': 'vllm', port: 8000 })
    expect(b?.resource).toBe(a?.resource)
    expect(Object.isFrozen(a?.resource)).toBe(true)
  })

  it('keeps a resource with the same entries in another order, or other values, apart', () => {
    const a = decodeTraces(request(plain, [span('b7ad6b7169203331')])).spans[0]
    const reordered = decodeTraces(request([...plain].reverse(), [span('b7ad6b7169203332')]))
    const other = decodeTraces(
      request([plain[0]!, kv('port', { intValue: '8001' })], [span('b7ad6b7169203333')])
    )
    expect(reordered.spans[0]?.resource).not.toBe(a?.resource)
    // The stored JSON keeps each request's own key order.
    expect(JSON.stringify(reordered.spans[0]?.resource)).toBe('{"port":8000,"service.name":"vllm"}')
    expect(other.spans[0]?.resource).toEqual({ 'service.name': 'vllm', port: 8001 })
  })

  it('shares no resource holding a list or a map', () => {
    const nested = [kv('tags', { arrayValue: { values: [{ stringValue: 'a' }] } })]
    const a = decodeTraces(request(nested, [span('b7ad6b7169203331')])).spans[0]
    const b = decodeTraces(request(nested, [span('b7ad6b7169203332')])).spans[0]
    expect(b?.resource).toEqual({ tags: ['a'] })
    expect(b?.resource).not.toBe(a?.resource)
    expect(Object.isFrozen(a?.resource)).toBe(false)
  })

  it('gives spans without events one frozen empty array and keeps events that are there', () => {
    const event = { timeUnixNano: '1760000000000500000', name: 'first_token' }
    const { spans } = decodeTraces(
      request(plain, [
        span('b7ad6b7169203331'),
        span('b7ad6b7169203332', { events: [] }),
        span('b7ad6b7169203333', { events: [event] }),
      ])
    )
    expect(spans[1]?.events).toBe(spans[0]?.events)
    expect(Object.isFrozen(spans[0]?.events)).toBe(true)
    expect(spans[2]?.events).toEqual([
      { timeUs: 1760000000000500, name: 'first_token', attributes: {} },
    ])
  })
})
