import { isDeepStrictEqual } from 'node:util'
import { SpanKind, SpanStatusCode } from '@opentelemetry/api'
import { JsonTraceSerializer } from '@opentelemetry/otlp-transformer'
import { resourceFromAttributes } from '@opentelemetry/resources'
import {
  BasicTracerProvider,
  InMemorySpanExporter,
  SimpleSpanProcessor,
} from '@opentelemetry/sdk-trace-base'
import { describe, expect, it } from 'vitest'
import { decodeTraces } from '../../core/otlp/decode-traces.js'
import { makeLlmTraceRequest } from '../../core/otlp/testing/make-llm-request.js'
import { latestTimeUs } from '../../core/otlp/time-bounds.js'
import { mulberry32 } from '../../core/stats/testing/mulberry32.js'
import { decodeTraceLines, decodeTraceSegment } from '../import/decode-trace-lines.js'
import { linesOfBytes } from '../import/read-lines.js'
import { makeFuzzRequest } from '../testing/fuzz-inputs.js'
import { realCaptureBodies } from '../testing/real-capture-bodies.js'
import { otlp } from './generated/otlp.js'
import { readTraceRequestJson } from './json-trace-reader.js'

type Rng = () => number
const FIXTURES = new URL('../../../test/fixtures', import.meta.url).pathname
const LATEST = latestTimeUs(undefined)

/** The segment decoded both ways: through the byte reader, and as text through JSON.parse. */
function expectSameAsText(bytes: Buffer, label = ''): void {
  const old = decodeTraceLines(linesOfBytes(bytes))
  const fast = decodeTraceSegment(bytes)
  if (!isDeepStrictEqual(fast, old)) {
    // The structural diff, for the failure message.
    expect(fast, label).toStrictEqual(old)
    expect.fail(`not the same (a -0, a prototype or a key order differs) ${label}`)
  }
}

/** `true` when the reader itself read the request (no fall-back to JSON.parse). */
function readsItself(text: string): boolean {
  const bytes = Buffer.from(text)
  const r = readTraceRequestJson(bytes, 0, bytes.length, LATEST)
  if (r === null) {
    return false
  }
  // Parsed from the bytes' text: a lone surrogate in `text` is U+FFFD in its UTF-8.
  expect(r).toStrictEqual(decodeTraces(JSON.parse(bytes.toString('utf8'))))
  return true
}

/**
 * Protobuf bodies as OTLP/JSON: the decoded messages' own fields, 64-bit integers as decimal
 * strings, ids as hex (OTLP's mapping) or base64 (proto3's), other bytes base64.
 */
function protobufAsJson(body: Uint8Array, hexIds: boolean): string {
  const message = otlp.ExportTraceServiceRequest.decode(body)
  return JSON.stringify(message, function (this: Record<string, unknown>, key, value: unknown) {
    // The holder's own value: a Buffer's `toJSON` has already run on `value`.
    const raw = this[key]
    if (raw instanceof Uint8Array) {
      const ids = key === 'traceId' || key === 'spanId' || key === 'parentSpanId'
      return Buffer.from(raw).toString(ids && hexIds ? 'hex' : 'base64')
    }
    if (typeof value === 'object' && value !== null && 'low' in value && 'high' in value) {
      const { low, high } = value as { low: number; high: number }
      return String((BigInt(high >>> 0) << 32n) | BigInt(low >>> 0))
    }
    return value
  })
}

/** Spans from the OpenTelemetry JS SDK, serialised by its own OTLP/JSON serializer. */
function sdkJsonBodies(): string[] {
  const exporter = new InMemorySpanExporter()
  const provider = new BasicTracerProvider({
    resource: resourceFromAttributes({ 'service.name': 'gateway', 'k8s.pod.name': 'gw-ü-1' }),
    spanProcessors: [new SimpleSpanProcessor(exporter)],
  })
  const tracer = provider.getTracer('@example/gateway', '1.2.3')
  const bodies: string[] = []
  for (let i = 0; i < 20; i++) {
    const server = tracer.startSpan('POST /v1/chat/completions', {
      kind: SpanKind.SERVER,
      startTime: 1_760_000_000_000 + i * 1000,
      attributes: {
        'http.request.method': 'POST',
        'url.path': `/v1/chat/completions?q="${i}"\n`,
        'http.response.status_code': 200,
        'gen_ai.response.time_to_first_chunk': 0.125 * i,
        'tokenline.reused': i % 2 === 0,
        'gen_ai.request.stop': ['\u2028', 'ende', '日本語', '😀'],
        'list.of.ints': [1, 2, 3],
      },
    })
    server.addEvent(
      'first token',
      { 'token.index': 0, text: 'Grüße' },
      1_760_000_000_050 + i * 1000
    )
    const child = tracer.startSpan('wait for slot', { startTime: 1_760_000_000_001 + i * 1000 })
    child.setStatus({ code: SpanStatusCode.ERROR, message: 'queue "full"\ttry later' })
    child.end(1_760_000_000_020 + i * 1000)
    server.end(1_760_000_000_900 + i * 1000)
    const spans = exporter.getFinishedSpans()
    exporter.reset()
    bodies.push(new TextDecoder().decode(JsonTraceSerializer.serializeRequest(spans)))
  }
  return bodies
}

describe('the OTLP/JSON byte reader: the same spans as JSON.parse and decodeTraces', () => {
  it("reads the bench's and simulator-shaped requests itself, span for span", () => {
    const lines = Array.from({ length: 300 }, (_, i) =>
      JSON.stringify(makeLlmTraceRequest(1 + (i % 3), i * 4))
    )
    for (const line of lines.slice(0, 20)) {
      expect(readsItself(line)).toBe(true)
    }
    expectSameAsText(Buffer.from(`${lines.join('\n')}\n`))
  })

  it("reads the OpenTelemetry JS SDK's own OTLP/JSON", () => {
    const bodies = sdkJsonBodies()
    for (const body of bodies) {
      expect(readsItself(body)).toBe(true)
    }
    expectSameAsText(Buffer.from(bodies.join('\n')))
  })

  it('reads the real captures (vLLM, and the gateway → Caddy → vLLM stack) as OTLP/JSON', () => {
    const bodies = realCaptureBodies(FIXTURES)
    expect(bodies.length).toBeGreaterThan(200)
    for (const hexIds of [true, false]) {
      const lines = bodies.map((b) => protobufAsJson(b, hexIds))
      for (const line of lines) {
        expect(readsItself(line)).toBe(true)
      }
      expectSameAsText(Buffer.from(lines.join('\n')))
    }
    // Pretty-printed, as a document rather than a line: white space between every token.
    const pretty = JSON.stringify(
      JSON.parse(protobufAsJson(bodies[0] as Uint8Array, true)),
      null,
      1
    )
    expect(readsItself(pretty)).toBe(true)
  })

  it('gives the same spans, rejects and line numbers on a seeded grid of odd but valid JSON', () => {
    let readItself = 0
    let total = 0
    for (let seed = 1; seed <= 40; seed++) {
      const rng = mulberry32(seed)
      const lines: string[] = []
      for (let i = 0; i < 25; i++) {
        const request = oddRequest(rng, seed * 100 + i)
        lines.push(writeJson(rng, request))
        if (rng() < 0.1) {
          lines.push(pick(rng, ['', '   ', '\t']))
        }
      }
      for (const line of lines) {
        if (line.trim() !== '') {
          total++
          readItself += readsItself(line) ? 1 : 0
        }
      }
      const eol = pick(rng, ['\n', '\r\n'])
      expectSameAsText(Buffer.from(lines.join(eol) + (rng() < 0.5 ? eol : '')), `seed ${seed}`)
    }
    // Most odd lines are still the reader's own (a duplicate or a two-kind value is not).
    expect(readItself / total).toBeGreaterThan(0.6)
  })

  it('rejects malformed and mutated lines exactly as before (the fuzzer’s requests)', () => {
    const rng = mulberry32(7)
    const lines: Buffer[] = []
    for (let i = 0; lines.length < 300 && i < 3000; i++) {
      const r = makeFuzzRequest(rng, i)
      if (r.path === '/v1/traces' && r.headers['Content-Type'] === 'application/json') {
        if (r.headers['Content-Encoding'] === undefined) {
          lines.push(Buffer.from(r.body), Buffer.from('\n'))
        }
      }
    }
    expect(lines.length).toBeGreaterThan(200)
    expectSameAsText(Buffer.concat(lines))
  })

  it.each([
    ['truncated', '{"resourceSpans":[{"scopeSpans":[{"spans":[{"traceId":"ab'],
    ['trailing text', '{"resourceSpans":[]} x'],
    ['two values', '{"resourceSpans":[]}{}'],
    ['a bad escape', '{"resourceSpans":[],"x":"\\q"}'],
    ['a short \\u', '{"resourceSpans":[],"x":"\\u12"}'],
    ['a raw tab in a string', '{"resourceSpans":[],"x":"a\tb"}'],
    ['a leading zero', '{"resourceSpans":[],"x":01}'],
    ['a bare dot', '{"resourceSpans":[],"x":1.}'],
    ['a trailing comma', '{"resourceSpans":[],}'],
    ['single quotes', "{'resourceSpans':[]}"],
    ['a byte-order mark', '\ufeff{"resourceSpans":[]}'],
    ['not an object', '[{"resourceSpans":[]}]'],
    ['resourceSpans not a list', '{"resourceSpans":{}}'],
    ['a lone \\r inside', '{"resourceSpans":[]}\r{"resourceSpans":[]}'],
    ['a vertical tab before', '\u000b{"resourceSpans":[]}'],
    ['nesting past the limit', `{"resourceSpans":[{"scopeSpans":[{"spans":[${deepSpan(40)}]}]}]}`],
  ])('%s', (_, line) => {
    expectSameAsText(Buffer.from(`${line}\n${JSON.stringify(makeLlmTraceRequest(1, 3))}\n`))
  })

  it('reads invalid UTF-8 as the text path replaces it', () => {
    const good = Buffer.from(JSON.stringify(makeLlmTraceRequest(1, 5)))
    const at = good.indexOf('chat llama')
    const bad = Buffer.concat([good.subarray(0, at), Buffer.from([0xc3, 0x28]), good.subarray(at)])
    expectSameAsText(Buffer.concat([bad, Buffer.from('\n'), good]))
  })
})

function deepSpan(depth: number): string {
  let value = '{"stringValue":"leaf"}'
  for (let i = 0; i < depth; i++) {
    value = `{"kvlistValue":{"values":[{"key":"k","value":${value}}]}}`
  }
  return `{"traceId":"5b8efff798038103d269b633813fc60c","spanId":"eee19b7ec3c1b174","startTimeUnixNano":"1760000000000000000","endTimeUnixNano":"1760000000100000000","attributes":[{"key":"deep","value":${value}}]}`
}

// ---- The seeded grid: OTLP requests with every AnyValue kind, written with odd JSON. ----

const pick = <T>(rng: Rng, list: readonly T[]): T => list[Math.floor(rng() * list.length)] as T

const TEXTS = [
  'plain',
  'Grüße aus Köln',
  '日本語のテキスト',
  'emoji 😀 and 👩‍💻',
  'quote " backslash \\ slash /',
  'line\nbreak\ttab\rreturn\bback\fform',
  'nul \u0000 and \u001f',
  '\u2028\u2029',
  '',
  'lone \ud800 surrogate',
  'a'.repeat(100),
]

function anyValue(rng: Rng, depth: number): unknown {
  if (rng() < 0.02) {
    // Two kinds in one value: decodeAnyValue's order of checks decides, not the text's.
    return pick(rng, [
      { intValue: '7', stringValue: 'seven' },
      { boolValue: true, doubleValue: 0.5 },
      { bytesValue: 'AA==', arrayValue: { values: [] } },
    ])
  }
  const kind = Math.floor(rng() * (depth > 2 ? 6 : 8))
  switch (kind) {
    case 0:
      return { stringValue: pick(rng, TEXTS) }
    case 1:
      return { intValue: rng() < 0.5 ? String(Math.floor(rng() * 1e6) - 500) : 42 }
    case 2:
      return { doubleValue: pick(rng, [0.125, -3.5, 1e21, 0, -0, 'NaN', 'Infinity', '1.5']) }
    case 3:
      return { boolValue: rng() < 0.5 }
    case 4:
      return { bytesValue: 'AAEC/w==' }
    case 5:
      return {}
    case 6:
      return {
        arrayValue: {
          values: Array.from({ length: Math.floor(rng() * 3) }, () => anyValue(rng, depth + 1)),
        },
      }
    default:
      return { kvlistValue: { values: attributes(rng, depth + 1, 3) } }
  }
}

function attributes(rng: Rng, depth: number, most: number): unknown[] {
  return Array.from({ length: Math.floor(rng() * most) }, () => {
    const kv: Record<string, unknown> = {
      key: pick(rng, ['http.method', 'gen_ai.request.model', 'ключ', 'k"q', '1', 'service.name']),
    }
    if (rng() < 0.95) {
      kv['value'] = anyValue(rng, depth)
    }
    return kv
  })
}

const hex = (rng: Rng, n: number): string =>
  Array.from({ length: n }, () => '0123456789abcdef'[Math.floor(rng() * 16)]).join('')

function time(rng: Rng, ns: bigint): unknown {
  return rng() < 0.7 ? String(ns) : Number(ns)
}

function oddRequest(rng: Rng, i: number): unknown {
  const base = makeLlmTraceRequest(1, i) as { resourceSpans: Record<string, unknown>[] }
  const traceId = hex(rng, 32)
  const scopeSpans = Array.from({ length: 1 + Math.floor(rng() * 2) }, () => {
    const spans = Array.from({ length: Math.floor(rng() * 4) }, () => {
      const start = 1_760_000_000_000_000_000n + BigInt(Math.floor(rng() * 1e12))
      const span: Record<string, unknown> = {
        traceId: rng() < 0.1 ? traceId.toUpperCase() : traceId,
        spanId: rng() < 0.1 ? Buffer.from(hex(rng, 16), 'hex').toString('base64') : hex(rng, 16),
        name: pick(rng, TEXTS),
        kind: pick(rng, [1, 2, 3, 'SPAN_KIND_CLIENT', 0, 9]),
        startTimeUnixNano: time(rng, start),
        endTimeUnixNano: time(rng, start + BigInt(Math.floor(rng() * 1e9))),
        attributes: attributes(rng, 0, 6),
        droppedAttributesCount: 0,
        flags: 257,
        links: [{ traceId, spanId: hex(rng, 16), attributes: attributes(rng, 0, 2) }],
      }
      if (rng() < 0.5) {
        span['parentSpanId'] = pick(rng, [hex(rng, 16), '', '0000000000000000'])
      }
      if (rng() < 0.6) {
        span['status'] = pick(rng, [
          {},
          { code: 2, message: pick(rng, TEXTS) },
          { code: 'STATUS_CODE_OK' },
          null,
        ])
      }
      if (rng() < 0.4) {
        span['events'] = Array.from({ length: Math.floor(rng() * 3) }, () => ({
          timeUnixNano: time(rng, start + 1000n),
          name: pick(rng, TEXTS),
          attributes: attributes(rng, 0, 3),
        }))
      }
      if (rng() < 0.05) {
        delete span['traceId']
      }
      if (rng() < 0.05) {
        span['endTimeUnixNano'] = '1'
      }
      return span
    })
    const ss: Record<string, unknown> = { spans }
    if (rng() < 0.8) {
      ss['scope'] = { name: pick(rng, TEXTS), version: pick(rng, ['1.0', '', 'β']) }
    }
    ss['schemaUrl'] = 'https://opentelemetry.io/schemas/1.26.0'
    return ss
  })
  const rs: Record<string, unknown> = {
    resource: { attributes: attributes(rng, 0, 5), droppedAttributesCount: 0 },
    scopeSpans,
  }
  if (rng() < 0.1) {
    delete rs['resource']
  }
  return { resourceSpans: rng() < 0.5 ? [rs, ...base.resourceSpans] : [rs] }
}

const SNAKE: Record<string, string> = {
  resourceSpans: 'resource_spans',
  scopeSpans: 'scope_spans',
  traceId: 'trace_id',
  spanId: 'span_id',
  parentSpanId: 'parent_span_id',
  startTimeUnixNano: 'start_time_unix_nano',
  endTimeUnixNano: 'end_time_unix_nano',
  timeUnixNano: 'time_unix_nano',
  stringValue: 'string_value',
  intValue: 'int_value',
  doubleValue: 'double_value',
  boolValue: 'bool_value',
  arrayValue: 'array_value',
  kvlistValue: 'kvlist_value',
  bytesValue: 'bytes_value',
}

function blank(rng: Rng): string {
  return rng() < 0.8 ? '' : pick(rng, [' ', '\t', '  ', ' \t '])
}

/** A JSON string with some characters escaped (every way JSON allows) and the rest raw. */
function writeString(rng: Rng, s: string): string {
  let out = '"'
  for (const ch of s) {
    const code = ch.codePointAt(0) as number
    const must = ch === '"' || ch === '\\' || code < 0x20
    if (!must && rng() < 0.85) {
      out += ch
      continue
    }
    const short: Record<string, string> = {
      '"': '\\"',
      '\\': '\\\\',
      '/': '\\/',
      '\b': '\\b',
      '\f': '\\f',
      '\n': '\\n',
      '\r': '\\r',
      '\t': '\\t',
    }
    if (short[ch] !== undefined && rng() < 0.6) {
      out += short[ch]
      continue
    }
    for (let k = 0; k < ch.length; k++) {
      const unit = ch.charCodeAt(k).toString(16).padStart(4, '0')
      out += `\\u${rng() < 0.5 ? unit : unit.toUpperCase()}`
    }
  }
  return `${out}"`
}

function writeNumber(rng: Rng, n: number): string {
  const text = JSON.stringify(n)
  if (!Number.isInteger(n) || rng() < 0.7) {
    return text
  }
  return pick(rng, [`${text}.0`, `${text}e0`, `${text}E+0`, `${n * 10}e-1`])
}

/** JSON text of `value`: keys shuffled, some snake_case, blanks between tokens, odd escapes. */
function writeJson(rng: Rng, value: unknown): string {
  if (value === null || typeof value === 'boolean') {
    return String(value)
  }
  if (typeof value === 'number') {
    return writeNumber(rng, value)
  }
  if (typeof value === 'string') {
    return writeString(rng, value)
  }
  if (Array.isArray(value)) {
    return `[${blank(rng)}${value.map((v) => writeJson(rng, v)).join(`${blank(rng)},${blank(rng)}`)}${blank(rng)}]`
  }
  const entries = Object.entries(value as Record<string, unknown>)
  if (rng() < 0.3) {
    entries.sort(() => rng() - 0.5)
  }
  if (rng() < 0.002) {
    // A key twice: the later value wins in JSON.parse (the reader declines such a line).
    const first = entries[0]
    if (first !== undefined) {
      entries.push(first)
    }
  }
  const snake = rng() < 0.15
  const parts = entries.map(
    ([k, v]) =>
      `${blank(rng)}${writeString(rng, snake ? (SNAKE[k] ?? k) : k)}${blank(rng)}:${blank(rng)}${writeJson(rng, v)}`
  )
  return `{${parts.join(',')}${blank(rng)}}`
}
