import { inflateSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import type { Span } from '../../core/model/span.js'
import type { Micros } from '../../core/model/units.js'
import { hexId, makeEveryFieldSpan, makeSpan } from '../../core/model/testing/builders.js'
import { decodeSpanBody, encodeSpanBody, type BodyCodec } from './span-bodies.js'

const T0 = 1_760_000_000_000_000
const at = (us: number): Micros => (T0 + us) as Micros

/** What the `spans` table gave back for a span (ADR 0395): whole µs, values through JSON. */
function stored(s: Span): Span {
  const json = <T>(v: T): T => JSON.parse(JSON.stringify(v)) as T
  return {
    ...s,
    startUs: Math.round(s.startUs) as Micros,
    endUs: Math.round(s.endUs) as Micros,
    attributes: json(s.attributes),
    resource: json(s.resource),
    events: json(s.events),
  }
}

/**
 * Ids of every kind a span may hold: lowercase hex (the decoders' ids, which go as bytes), and
 * ids that must stay strings: upper-case hex, the wrong length, not hex, empty. Traces
 * interleave, scopes and resources change, so the encoder's per-run shortcuts are exercised.
 */
function mixedSpans(): Span[] {
  const vllm = { 'service.name': 'vllm', n: 3 }
  const gateway = { 'service.name': 'gateway' }
  const a = hexId(0xa1, 32)
  const b = 'ab'.repeat(8) + 'cd'.repeat(8)
  return [
    makeEveryFieldSpan(T0, {
      traceId: a,
      spanId: hexId(1, 16),
      parentSpanId: hexId(2, 16),
      resource: vllm,
    }),
    makeSpan({
      traceId: b,
      spanId: 'fedcba9876543210',
      parentSpanId: hexId(1, 16),
      startUs: at(30),
      resource: vllm,
    }),
    makeSpan({
      traceId: a,
      spanId: hexId(2, 16),
      startUs: at(20),
      resource: gateway,
      scopeName: 'gw',
    }),
    makeSpan({
      traceId: a,
      spanId: hexId(3, 16),
      parentSpanId: hexId(2, 16),
      startUs: at(10),
      resource: gateway,
      scopeName: 'gw',
    }),
    makeSpan({
      traceId: b.toUpperCase(),
      spanId: 'ABCDEF0123456789',
      parentSpanId: 'ABCDEF012345678g',
      startUs: at(40),
    }),
    makeSpan({ traceId: 't1', spanId: 's1', parentSpanId: '', startUs: at(50) }),
    makeSpan({ traceId: '', spanId: '', parentSpanId: hexId(7, 32), startUs: at(60) }),
    makeSpan({ traceId: hexId(0, 31) + 'g', spanId: hexId(4, 15), startUs: at(70) }),
    makeSpan({
      traceId: b,
      spanId: hexId(5, 16),
      parentSpanId: 'fedcba9876543210',
      startUs: at(35),
    }),
  ]
}

/**
 * A body the format-1 encoder wrote (ADR 0395, every id a string) for `formatOneSpans`: laid
 * out, and deflated. Files written before ADR 0403 hold such bodies; they must read the same.
 */
const FORMAT_ONE_BODY = {
  none:
    'AQAAAAMAAAAFAAAAAwAAACoBAAAAAAAABAA4u9cCGUMoADi71wIZQwQAOLvXAhlDUAA4u9cCGUMAAHlgkCgYQ6APeW' +
    'CQKBhDAAAAAAAACEAAAAAAAADQPwAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAgAAAAJAAAACgAAAAsAAAAMAAAAAAAA' +
    'AAUAAAAAAAAAAgAAAAIAAAAIAAAACgAAAP////8OAAAA/////wEAAAAAAAAA/////wEAAAAAAAAADwAAABAAAAARAA' +
    'AADgAAAP////8CAAAAAAAAAP////8BAAAAAAAAAAIAAAAEAAAABQAAAAYAAAAHAAAAAAAAAAAAAAABAAAAAAAAAA0A' +
    'AAD/////AQAAAA0AAAD/////AQIAAwVbWyJ2bGxtLnRyYWNpbmcub3RlbCIsIjAuMSIsInMiLCJ4IiwiZiIsIm5hbi' +
    'IsInQiLCJsaXN0IiwiMDAwMDAwMDAwMDAwMDAwMDAwMDAwMDAwMDAwMDAwMDEiLCIwMDAwMDAwMDAwMDAwMDAxIiwi' +
    'MDAwMDAwMDAwMDAwMDAwMiIsImxsbSDimIMiLCJmYWlsZWQiLCJ0ZXN0Iiwic3BhbiIsInQyIiwiczMiLCJzMiJdLF' +
    't7InNlcnZpY2UubmFtZSI6InZsbG0iLCJuIjozfSx7fV0sW1siYSIsMV1dLFtbeyJ0aW1lVXMiOjE3NjAwMDAwMDAw' +
    'MDAwMDUsIm5hbWUiOiJmaXJzdCB0b2tlbiIsImF0dHJpYnV0ZXMiOnsibiI6MX19XV1d',
  deflate:
    'eAF9T8tKw1AQPX1pfVZ3uiuzKnIJTYsPslHoD7hxFQLGeisXk1Ryr0UJWfkDLl36H/6EO/f+SGSSGykqDtx7ZoZz5s' +
    'w0ALQAdCweNFBGGydvH839ycBiXZ/bGni8fB7sTV57FVaq7lmF76cV/v67ANYArAPYALBpKezP0bSPecwpiqLYtmhX' +
    'K3t13gOwA2AXQM3jGRysrXnca9s7VwCsWg5Dzdla0nznTbQ6vk+LKIodk4ZTldw4cyMjEjR0XBKkSdADCZqRoCRMSJ' +
    'AhQZHSDMP/g/U/GH+0RjwvivufL0/sE6pIXrONLC30XWXKLD3mb0SB8DPSMl2oqXSSMJbklRfwiuSNc5HlgfB9Ckm4' +
    'AWcZGRXLC02ee3y0vNEhH1XqZyrVpm/mt5JvDI1J1dW9kZq8jIe6eR4EwRde7H0J',
}

function formatOneSpans(): Span[] {
  const resource = { 'service.name': 'vllm', n: 3 }
  return [
    makeSpan({
      traceId: hexId(1, 32),
      spanId: hexId(1, 16),
      parentSpanId: hexId(2, 16),
      name: 'llm ☃',
      kind: 2,
      startUs: at(0.4),
      endUs: at(9.6),
      statusCode: 2,
      statusMessage: 'failed',
      attributes: { s: 'x', f: 0.25, nan: Number.NaN, t: true, list: ['a', 1] },
      resource,
      scopeName: 'vllm.tracing.otel',
      scopeVersion: '0.1',
      events: [{ timeUs: at(5), name: 'first token', attributes: { n: 1 } }],
    }),
    makeSpan({
      traceId: hexId(1, 32),
      spanId: hexId(2, 16),
      resource,
      startUs: at(1),
      endUs: at(20),
    }),
    makeSpan({ traceId: 't2', spanId: 's3', parentSpanId: 's2' }),
  ]
}

describe('span bodies (ADR 0395, 0403)', () => {
  for (const codec of ['none', 'deflate'] as BodyCodec[]) {
    it(`reads back every span as the spans table did, ids of every kind (${codec})`, () => {
      const spans = mixedSpans()
      const write = encodeSpanBody(spans, codec)
      expect(decodeSpanBody(write.body)).toEqual(spans.map(stored))
      expect(write.spanCount).toBe(spans.length)
      // `at(0.4)` is the double nearest, a half above `T0`: whole µs, `T0 + 1`.
      expect(write.firstStartUs).toBe(T0 + 1)
      expect(write.lastStartUs).toBe(T0 + 70)
      // `makeSpan` ends a span 1 ms after its start: the last span, started at 70 µs.
      expect(write.lastEndUs).toBe(T0 + 1070)
      // One entry per trace in order of first appearance, each its latest start over all its
      // runs (trace `a` comes back after `b`; its latest start is in its first run).
      expect(write.traces).toEqual([
        { traceId: spans[0]!.traceId, lastStartUs: T0 + 20 },
        { traceId: spans[1]!.traceId, lastStartUs: T0 + 35 },
        { traceId: spans[4]!.traceId, lastStartUs: T0 + 40 },
        { traceId: 't1', lastStartUs: T0 + 50 },
        { traceId: '', lastStartUs: T0 + 60 },
        { traceId: spans[7]!.traceId, lastStartUs: T0 + 70 },
      ])
    })

    it(`builds only the asked traces' spans, ids in bytes or not (${codec})`, () => {
      const spans = mixedSpans()
      const { body } = encodeSpanBody(spans, codec)
      const asked = new Set([spans[1]!.traceId, 't1'])
      expect(decodeSpanBody(body, asked)).toEqual(
        spans.filter((s) => asked.has(s.traceId)).map(stored)
      )
      expect(decodeSpanBody(body, new Set([spans[4]!.traceId]))).toEqual([stored(spans[4]!)])
    })

    it(`reads a body of format 1, every id a string (${codec})`, () => {
      const body = Buffer.from(FORMAT_ONE_BODY[codec], 'base64')
      expect(decodeSpanBody(body)).toEqual(formatOneSpans().map(stored))
      expect(decodeSpanBody(body, new Set(['t2']))).toEqual([stored(formatOneSpans()[2]!)])
    })
  }

  it('writes format 2: lowercase hex ids as their bytes, not as text', () => {
    const spans = Array.from({ length: 512 }, (_, i) =>
      makeSpan({ traceId: hexId(1e6 + (i >> 2) * 7919, 32), spanId: hexId(1e6 + i * 104729, 16) })
    )
    const laidOut = encodeSpanBody(spans, 'none').body
    expect(laidOut[0]).toBe(2)
    const ids = Buffer.from(laidOut).indexOf(Buffer.from(spans[3]!.spanId, 'hex'))
    expect(ids).toBeGreaterThan(0)
    // The ids do not go as text: the hex of none of them is in the body.
    expect(Buffer.from(laidOut).includes(spans[3]!.spanId)).toBe(false)
    expect(Buffer.from(laidOut).includes(spans[3]!.traceId)).toBe(false)
  })

  it("holds only its own write's strings when the writes before it had others (ADR 0420)", () => {
    // One string table serves every write: what an earlier write put there must not reach this
    // one's body, in its bytes or in what it reads back as.
    const first = encodeSpanBody(mixedSpans(), 'none').body
    const other = [
      makeEveryFieldSpan(T0, { traceId: hexId(0xb2, 32), spanId: hexId(9, 16), name: 'other' }),
      makeSpan({ traceId: 'not-hex', name: 'elsewhere', attributes: { 'only.here': 'x' } }),
    ]
    const otherBody = encodeSpanBody(other, 'none').body
    expect(decodeSpanBody(otherBody)).toEqual(other.map(stored))
    expect(Buffer.from(otherBody).includes('"t1"')).toBe(false)
    expect(Buffer.from(encodeSpanBody(mixedSpans(), 'none').body)).toEqual(Buffer.from(first))
  })

  it('lays a write out after a larger one as it lays it out alone (ADR 0521)', () => {
    // The columns and the layout buffer are kept from write to write: a larger write before this
    // one must leave nothing in its bytes, ids that are not in bytes (left zero) included.
    const alone = encodeSpanBody(mixedSpans(), 'none').body
    const first = encodeSpanBody(mixedSpans(), 'deflate').body
    const larger = Array.from({ length: 3000 }, (_, i) =>
      makeSpan({
        traceId: 'f'.repeat(32),
        spanId: hexId(0xffff_ff00 + i, 16),
        parentSpanId: 'e'.repeat(16),
        attributes: { i, s: `v${i}` },
      })
    )
    expect(decodeSpanBody(encodeSpanBody(larger, 'deflate').body)).toEqual(larger.map(stored))
    const after = encodeSpanBody(mixedSpans(), 'deflate').body
    expect(Buffer.from(after)).toEqual(Buffer.from(first))
    expect(inflateSync(after)).toEqual(Buffer.from(alone))
  })

  it('rejects a body of a format it does not know', () => {
    const body = Buffer.from(encodeSpanBody(mixedSpans(), 'none').body)
    body[0] = 3
    expect(() => decodeSpanBody(body)).toThrow(/format 1 or 2, found 3/)
  })
})
