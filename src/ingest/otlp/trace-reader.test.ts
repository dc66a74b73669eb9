import { describe, expect, it } from 'vitest'
import { checkSpan } from '../../core/otlp/decode-traces.js'
import { MAX_INT64_TIME_US } from '../../core/otlp/time-bounds.js'
import { isWellFormedAt, type SpanPositions } from './trace-reader.js'

/** A span's id and time fields as the wire carries them: bytes, and fixed64 `[low, high]`. */
interface WireCase {
  trace?: number[]
  span?: number[]
  parent?: number[]
  start?: [number, number]
  end?: [number, number]
  kind?: number
  status?: number
  latestUs?: number
}

const TRACE = [...Array(16).keys()].map((i) => i + 1)
const SPAN = [...Array(8).keys()].map((i) => 0xa0 + i)
const PARENT = [...Array(8).keys()].map((i) => 0xb0 + i)
/** A nanosecond time as the two halves of its fixed64. */
const halves = (ns: bigint): [number, number] => [Number(ns & 0xffffffffn), Number(ns >> 32n)]
const START_NS = 1_760_000_000_000_000_000n
const START = halves(START_NS)
const LATER = halves(START_NS + 1_000_000n)

const valid: WireCase = { trace: TRACE, span: SPAN, parent: PARENT, start: START, end: LATER }

/**
 * Lays the case's fields out in one body, as the reader finds them, and gives both the fast
 * path's verdict and `checkSpan`'s on the same values.
 */
function bothChecks(c: WireCase): {
  fast: boolean
  p: SpanPositions
  checked: ReturnType<typeof checkSpan>
} {
  const buf = new Uint8Array(64)
  const view = new DataView(buf.buffer)
  let at = 0
  const place = (bytes: number[] | undefined): [number, number] => {
    if (bytes === undefined) {
      return [0, -1]
    }
    const start = at
    buf.set(bytes, at)
    at += bytes.length
    return [start, bytes.length]
  }
  const placeTime = (t: [number, number] | undefined): number => {
    if (t === undefined) {
      return -1
    }
    const start = at
    view.setUint32(at, t[0], true)
    view.setUint32(at + 4, t[1], true)
    at += 8
    return start
  }
  const [traceAt, traceLength] = place(c.trace)
  const [spanAt, spanLength] = place(c.span)
  const [parentAt, parentLength] = place(c.parent)
  const p: SpanPositions = {
    traceAt,
    traceLength,
    spanAt,
    spanLength,
    parentAt,
    parentLength,
    startAt: placeTime(c.start),
    endAt: placeTime(c.end),
    startUs: 0,
    endUs: 0,
  }
  const latestUs = c.latestUs ?? MAX_INT64_TIME_US
  const fast = isWellFormedAt(buf, view, p, c.kind ?? 2, c.status ?? 0, latestUs)
  const ids = (bytes: number[] | undefined): Uint8Array | undefined =>
    bytes === undefined ? undefined : Uint8Array.from(bytes)
  const time = (t: [number, number] | undefined): { low: number; high: number } | undefined =>
    t === undefined ? undefined : { low: t[0], high: t[1] }
  const checked = checkSpan(
    {
      traceId: ids(c.trace),
      spanId: ids(c.span),
      parentSpanId: ids(c.parent),
      name: 'x',
      kind: c.kind ?? 2,
      startTimeUnixNano: time(c.start),
      endTimeUnixNano: time(c.end),
      statusCode: c.status ?? 0,
      statusMessage: '',
      attributes: {},
      events: [],
    },
    {},
    'scope',
    null,
    latestUs
  )
  return { fast, p, checked }
}

const zeros = (n: number): number[] => new Array<number>(n).fill(0)

describe('the trace reader fast path against checkSpan', () => {
  // [case, span, whether the fast path takes it]: everything it does not take goes to checkSpan.
  it.each<[string, WireCase, boolean]>([
    ['well formed', valid, true],
    ['no parent', { ...valid, parent: undefined }, true],
    ['empty parent', { ...valid, parent: [] }, true],
    ['start equals end', { ...valid, end: START }, true],
    ['kind 0 and 5, status 2', { ...valid, kind: 5, status: 2 }, true],
    ['ends exactly at the latest time', { ...valid, latestUs: 1_760_000_000_001_000 }, true],
    ['a time past 2^53 ns', { ...valid, start: [1, 0x200000], end: [0xffffffff, 0x200000] }, true],
    ['all-zero parent (checkSpan: no parent)', { ...valid, parent: zeros(8) }, false],
    ['4-byte parent', { ...valid, parent: [1, 2, 3, 4] }, false],
    ['all-zero trace id', { ...valid, trace: zeros(16) }, false],
    ['8-byte trace id', { ...valid, trace: TRACE.slice(0, 8) }, false],
    ['no trace id', { ...valid, trace: undefined }, false],
    ['all-zero span id', { ...valid, span: zeros(8) }, false],
    ['16-byte span id', { ...valid, span: TRACE }, false],
    ['no start', { ...valid, start: undefined }, false],
    ['zero end', { ...valid, end: [0, 0] }, false],
    ['end before start', { ...valid, end: halves(START_NS - 1000n) }, false],
    ['later than the latest time', { ...valid, latestUs: 1_760_000_000_000_999 }, false],
    ['past the int64 range', { ...valid, start: [0, 0x80000000], end: [0, 0x80000001] }, false],
    ['negative kind', { ...valid, kind: -1 }, false],
    ['kind 6', { ...valid, kind: 6 }, false],
    ['status 3', { ...valid, status: 3 }, false],
  ])('%s', (_, c, takesFastPath) => {
    const { fast, p, checked } = bothChecks(c)
    expect(fast).toBe(takesFastPath)
    if (fast) {
      // What the fast path builds is what checkSpan would have built.
      expect(typeof checked).not.toBe('string')
      const span = checked as Exclude<typeof checked, string>
      expect([p.startUs, p.endUs]).toEqual([span.startUs, span.endUs])
    }
  })

  it('never takes a span checkSpan rejects', () => {
    // Every combination of one bad field with each edge above: the fast path must refuse all of
    // checkSpan's rejects, whatever else the span has.
    const edits: WireCase[] = [
      { parent: zeros(8) },
      { parent: undefined },
      { trace: zeros(16) },
      { span: zeros(8) },
      { end: [0, 0] },
      { start: [0, 0] },
      { kind: 7 },
      { status: -1 },
      { latestUs: 1 },
      { end: START, start: LATER },
    ]
    for (const a of edits) {
      for (const b of edits) {
        const { fast, checked } = bothChecks({ ...valid, ...a, ...b })
        if (typeof checked === 'string') {
          expect(fast, JSON.stringify({ ...a, ...b })).toBe(false)
        }
      }
    }
  })
})
