import { readFileSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { gunzipSync } from 'node:zlib'
import { MessageChannel, receiveMessageOnPort } from 'node:worker_threads'
import { describe, expect, it } from 'vitest'
import type { Span } from '../../core/model/span.js'
import type { Micros } from '../../core/model/units.js'
import { decodeTracesJson } from '../../core/otlp/decode-traces.js'
import { decodeTracesProtobuf } from './protobuf.js'
import { packSpans, transferList, unpackSpans, type PackedSpans } from './span-transfer.js'

const FIXTURES = join(import.meta.dirname, '../../../test/fixtures')

/** Through a real port, buffers transferred, as a decode worker posts them. */
function acrossThreads(spans: readonly Span[]): Span[] {
  const { port1, port2 } = new MessageChannel()
  const packed = packSpans(spans)
  port1.postMessage(packed, transferList(packed))
  expect(packed.fields.byteLength).toBe(0) // moved, not copied
  const received = receiveMessageOnPort(port2)?.message as PackedSpans
  port1.close()
  return unpackSpans(received)
}

function realVllmSpans(): Span[] {
  const dir = join(FIXTURES, 'real-vllm')
  return readdirSync(dir)
    .filter((f) => f.endsWith('.body'))
    .sort()
    .flatMap((f) => decodeTracesProtobuf(readFileSync(join(dir, f))).spans)
}

function realStackSpans(): Span[] {
  const dir = join(FIXTURES, 'real-stack-traces/traces')
  return readdirSync(dir)
    .sort()
    .flatMap((f) => decodeTracesProtobuf(gunzipSync(readFileSync(join(dir, f)))).spans)
}

const span = (overrides: Partial<Span>): Span => ({
  traceId: '0af7651916cd43dd8448eb211c80319c',
  spanId: 'b7ad6b7169203331',
  parentSpanId: null,
  name: 'llm_request',
  kind: 2,
  startUs: 1_700_000_000_000_000 as Micros,
  endUs: 1_700_000_000_450_123 as Micros,
  statusCode: 0,
  statusMessage: null,
  attributes: {},
  resource: { 'service.name': 'vllm' },
  scopeName: 'vllm.tracing',
  scopeVersion: null,
  events: [],
  ...overrides,
})

describe('packSpans / unpackSpans', () => {
  it.each([
    ['real vLLM bodies', realVllmSpans],
    ['the real gateway → Caddy → vLLM recording', realStackSpans],
    [
      'the OTLP/JSON example (events, nested values)',
      () =>
        decodeTracesJson(readFileSync(join(FIXTURES, 'otlp/otlp-trace-example.json'), 'utf8'))
          .spans,
    ],
  ])('gives back %s field for field', (_, read) => {
    const spans = read()
    expect(spans.length).toBeGreaterThan(0)
    expect(acrossThreads(spans)).toEqual(spans)
  })

  it('keeps every kind of value, null and absent field', () => {
    const spans = [
      span({
        parentSpanId: '00f067aa0ba902b7',
        statusCode: 2,
        statusMessage: 'upstream reset',
        scopeVersion: '1.2.0',
        attributes: {
          s: 'text',
          '': 'empty key',
          i: 9_007_199_254_740_991,
          neg: -0,
          f: 0.05,
          nan: Number.NaN,
          yes: true,
          no: false,
          nil: null,
          list: [1, 'two', [true]],
          map: { a: { b: null } },
          '7': 'an index-like key',
        },
        events: [{ timeUs: 1_700_000_000_000_001 as Micros, name: 'first token', attributes: {} }],
      }),
      span({ spanId: '1111111111111111', kind: 3, scopeName: 'other' }),
    ]
    const back = acrossThreads(spans)
    expect(back).toEqual(spans)
    expect(Object.is(back[0]?.attributes['neg'], -0)).toBe(true)
    expect(Object.keys(back[0]?.attributes ?? {})).toEqual(Object.keys(spans[0]?.attributes ?? {}))
  })

  it('gives the spans of one resource one shared resource object', () => {
    const a = { 'service.name': 'vllm', 'k8s.pod.name': 'vllm-0' }
    const b = { 'service.name': 'gateway' }
    const back = acrossThreads([
      span({ resource: a }),
      span({ resource: b }),
      span({ resource: a, scopeName: 'x' }),
    ])
    expect(back[0]?.resource).toBe(back[2]?.resource)
    expect(back[0]?.resource).toEqual(a)
    expect(back[1]?.resource).toEqual(b)
  })

  it('packs nothing into nothing', () => {
    expect(acrossThreads([])).toEqual([])
  })
})
