/**
 * Protobuf `ExportTraceServiceRequest` → `Span`s in one pass: the ingest hot path. It walks the
 * wire format with protobufjs' `Reader` and hands each span's fields to the same `checkSpan`
 * the OTLP/JSON path uses, so both accept and reject exactly the same spans.
 *
 * Hand-written rather than the generated static code because building the generated message
 * tree first (with protobufjs 8's oneof bookkeeping and a `Long` per timestamp) made protobuf
 * slower than `JSON.parse` on the same batch; measured in `bench/otlp-decode.bench.ts`,
 * recorded in ADR 0010. The generated code remains the reference in tests and does all encoding.
 *
 * Field numbers: opentelemetry/proto/{collector/trace,trace,common,resource}/v1 (`proto/otlp.proto`).
 */
import protobuf from 'protobufjs/minimal.js'
import { AppError, errorMessage, isAppError } from '../../core/errors.js'
import type { Attributes, Span, SpanEvent } from '../../core/model/span.js'
import type { Micros } from '../../core/model/units.js'
import {
  checkSpan,
  sharedResource,
  spanReject,
  type DecodeTracesResult,
} from '../../core/otlp/decode-traces.js'
import { microsFromLowHigh, microsFromOtlpTime } from '../../core/otlp/int64.js'
import { latestTimeUs, type TimeBounds } from '../../core/otlp/time-bounds.js'
import type { OtlpReject } from '../../core/otlp/wire-types.js'
import {
  LEN,
  readAttributesMessage,
  readFixed64,
  readInternedString,
  readKeyValueInto,
  releaseInternBody,
  skipBytes,
  tag,
} from './wire-readers.js'

type Reader = protobuf.Reader

/** The message of a value nested too deep (rejects one span); anything else fails the request. */
function reasonOf(err: unknown): string {
  if (isAppError(err) && err.code === 'OTLP_DECODE_FAILED') {
    return err.message
  }
  throw err
}

function readEvent(r: Reader, end: number, latestUs: number): SpanEvent | null {
  let time: { low: number; high: number } | undefined
  let name = ''
  const attributes: Attributes = {}
  while (r.pos < end) {
    const t = r.uint32()
    if (t === tag(1, 1)) {
      time = readFixed64(r)
    } else if (t === tag(2, LEN)) {
      name = r.string()
    } else if (t === tag(3, LEN)) {
      readKeyValueInto(r, r.uint32() + r.pos, attributes, 0)
    } else {
      r.skipType(t & 7)
    }
  }
  // Same rule as the JSON path: an event without a usable time is dropped, the span kept.
  const timeUs = microsFromOtlpTime(time)
  return timeUs === null || timeUs > latestUs ? null : { timeUs, name, attributes }
}

interface ScopeInfo {
  resource: Attributes
  /** Set when the resource could not be decoded: each of its spans is rejected with it. */
  resourceReason: string | null
  scopeName: string
  scopeVersion: string | null
  latestUs: number
  /** The body as a DataView, for fixed64 times. */
  view: DataView
}

type ResourceInfo = Pick<ScopeInfo, 'resource' | 'resourceReason' | 'latestUs' | 'view'>

function readSpan(r: Reader, end: number, scope: ScopeInfo): Span | string {
  try {
    return readSpanFields(r, end, scope)
  } catch (err) {
    const reason = reasonOf(err)
    r.pos = end
    return reason
  }
}

/** Bytes `[at, at + length)` of the body; `length` −1 means the field was absent. */
function idField(r: Reader, at: number, length: number): Uint8Array | undefined {
  return length < 0 ? undefined : r.buf.subarray(at, at + length)
}

function isZeroBytes(buf: Uint8Array, at: number, length: number): boolean {
  for (let i = at; i < at + length; i++) {
    if (buf[i] !== 0) {
      return false
    }
  }
  return true
}

/** Epoch µs of a fixed64 nanosecond time at `at` (as `microsFromOtlpTime` computes it). */
function microsAt(view: DataView, at: number): number {
  return microsFromLowHigh(view.getUint32(at, true), view.getUint32(at + 4, true))
}

/**
 * Where a span's ids and times lie in the body (`*Length` −1 or `*At` −1: the field was absent),
 * and, once `isWellFormedAt` holds, its times in µs.
 */
export interface SpanPositions {
  traceAt: number
  traceLength: number
  spanAt: number
  spanLength: number
  parentAt: number
  parentLength: number
  startAt: number
  endAt: number
  startUs: number
  endUs: number
}

/**
 * True when the span is one `checkSpan` would accept as it is (16- and 8-byte ids not all zero,
 * no parent or an 8-byte one not all zero, both times present, positive, in bounds and in order,
 * kind 0..5, status 0..2), so its `Span` can be built from the bytes; sets `p.startUs`/`p.endUs`.
 * False hands the span to `checkSpan`, which may still accept it (an all-zero parent) and words
 * every reject. `trace-reader.test.ts` checks it against `checkSpan` case by case.
 */
export function isWellFormedAt(
  buf: Uint8Array,
  view: DataView,
  p: SpanPositions,
  kind: number,
  statusCode: number,
  latestUs: number
): boolean {
  if (
    p.traceLength !== 16 ||
    p.spanLength !== 8 ||
    !(p.parentLength <= 0 || (p.parentLength === 8 && !isZeroBytes(buf, p.parentAt, 8))) ||
    isZeroBytes(buf, p.traceAt, 16) ||
    isZeroBytes(buf, p.spanAt, 8) ||
    p.startAt < 0 ||
    p.endAt < 0 ||
    kind < 0 ||
    kind > 5 ||
    statusCode < 0 ||
    statusCode > 2
  ) {
    return false
  }
  p.startUs = microsAt(view, p.startAt)
  p.endUs = microsAt(view, p.endAt)
  return p.startUs > 0 && p.endUs >= p.startUs && p.endUs <= latestUs
}

/** One per decoding thread: a span's positions live only until its `Span` is built. */
const positions: SpanPositions = {
  traceAt: 0,
  traceLength: -1,
  spanAt: 0,
  spanLength: -1,
  parentAt: 0,
  parentLength: -1,
  startAt: -1,
  endAt: -1,
  startUs: 0,
  endUs: 0,
}

/**
 * What a span without attributes or events holds: one shared, frozen object each (nothing
 * changes a decoded span's attributes or events; freezing makes a change that would leak into
 * other spans throw instead).
 */
const NO_ATTRIBUTES: Attributes = Object.freeze({}) as Attributes
const NO_EVENTS: SpanEvent[] = Object.freeze([]) as unknown as SpanEvent[]

/**
 * The body offsets and hex strings of the last few ids of each length read from the current
 * body. A body's spans come a trace at a time, or a few traces interleaved (a batch in end
 * order), and a child usually comes just before its parent; so most trace ids, and most span ids
 * that are some other span's parent, are found here and share one string: fewer strings kept per
 * span, and one hash of each for every map keyed by id downstream (the assembler's).
 */
interface RecentIds {
  at: Int32Array
  id: string[]
  next: number
}

const recentIds = (size: number): RecentIds => ({
  at: new Int32Array(size).fill(-1),
  id: new Array<string>(size).fill(''),
  next: 0,
})
const recentTraceIds = recentIds(4)
const recentSpanIds = recentIds(8)

function forgetRecentIds(): void {
  for (const recent of [recentTraceIds, recentSpanIds]) {
    recent.at.fill(-1)
    recent.next = 0
  }
}

/** True when the `length` (8 or 16) bytes at `a` and `b` of the body are equal. */
function sameIdBytes(view: DataView, a: number, b: number, length: number): boolean {
  for (let k = 0; k < length; k += 4) {
    if (view.getUint32(a + k, true) !== view.getUint32(b + k, true)) {
      return false
    }
  }
  return true
}

/** Char codes of the lower-case hex digits of a byte's high and low half. */
const HI = new Uint8Array(256)
const LO = new Uint8Array(256)
for (let b = 0; b < 256; b++) {
  HI[b] = '0123456789abcdef'.charCodeAt(b >> 4)
  LO[b] = '0123456789abcdef'.charCodeAt(b & 15)
}

/**
 * The lower-case hex of the 8 bytes at `at`, as `Buffer#toString('hex')` gives it: one
 * `String.fromCharCode` of 16 codes makes the flat string in JavaScript, where the Buffer method
 * goes through its argument checks and a call into C++ for each id (ADR 0418).
 */
function hex8(b: Uint8Array, at: number): string {
  const b0 = b[at] as number
  const b1 = b[at + 1] as number
  const b2 = b[at + 2] as number
  const b3 = b[at + 3] as number
  const b4 = b[at + 4] as number
  const b5 = b[at + 5] as number
  const b6 = b[at + 6] as number
  const b7 = b[at + 7] as number
  // prettier-ignore
  return String.fromCharCode(
    HI[b0] as number, LO[b0] as number, HI[b1] as number, LO[b1] as number,
    HI[b2] as number, LO[b2] as number, HI[b3] as number, LO[b3] as number,
    HI[b4] as number, LO[b4] as number, HI[b5] as number, LO[b5] as number,
    HI[b6] as number, LO[b6] as number, HI[b7] as number, LO[b7] as number
  )
}

/** The lower-case hex of the 16 bytes at `at` (see {@link hex8}), one flat string. */
function hex16(b: Uint8Array, at: number): string {
  const b0 = b[at] as number
  const b1 = b[at + 1] as number
  const b2 = b[at + 2] as number
  const b3 = b[at + 3] as number
  const b4 = b[at + 4] as number
  const b5 = b[at + 5] as number
  const b6 = b[at + 6] as number
  const b7 = b[at + 7] as number
  const b8 = b[at + 8] as number
  const b9 = b[at + 9] as number
  const b10 = b[at + 10] as number
  const b11 = b[at + 11] as number
  const b12 = b[at + 12] as number
  const b13 = b[at + 13] as number
  const b14 = b[at + 14] as number
  const b15 = b[at + 15] as number
  // prettier-ignore
  return String.fromCharCode(
    HI[b0] as number, LO[b0] as number, HI[b1] as number, LO[b1] as number,
    HI[b2] as number, LO[b2] as number, HI[b3] as number, LO[b3] as number,
    HI[b4] as number, LO[b4] as number, HI[b5] as number, LO[b5] as number,
    HI[b6] as number, LO[b6] as number, HI[b7] as number, LO[b7] as number,
    HI[b8] as number, LO[b8] as number, HI[b9] as number, LO[b9] as number,
    HI[b10] as number, LO[b10] as number, HI[b11] as number, LO[b11] as number,
    HI[b12] as number, LO[b12] as number, HI[b13] as number, LO[b13] as number,
    HI[b14] as number, LO[b14] as number, HI[b15] as number, LO[b15] as number
  )
}

/** The hex of the `length`-byte (8 or 16) id at `at` of the current body. */
function idAt(
  bytes: Uint8Array,
  view: DataView,
  at: number,
  length: 8 | 16,
  recent: RecentIds
): string {
  const size = recent.at.length
  for (let k = 0; k < size; k++) {
    const other = recent.at[k] as number
    if (other >= 0 && sameIdBytes(view, other, at, length)) {
      return recent.id[k] as string
    }
  }
  const id = length === 8 ? hex8(bytes, at) : hex16(bytes, at)
  recent.at[recent.next] = at
  recent.id[recent.next] = id
  recent.next = (recent.next + 1) % size
  return id
}

function readSpanFields(r: Reader, end: number, scope: ScopeInfo): Span | string {
  // Ids and times stay where they are in the body until the span is checked: a well-formed span
  // (the common case) gets its hex ids and µs straight from the bytes, with no Uint8Array or
  // { low, high } per field (ADR 0160).
  const p = positions
  p.traceAt = 0
  p.traceLength = -1
  p.spanAt = 0
  p.spanLength = -1
  p.parentAt = 0
  p.parentLength = -1
  p.startAt = -1
  p.endAt = -1
  let name = ''
  let kind = 0
  let statusCode = 0
  let statusMessage = ''
  // Made on a span's first attribute or event: half the spans of an SDK body have neither, and
  // every object a span keeps is copied by each scavenge until the span is committed (ADR 0207).
  let attributes: Attributes | null = null
  let events: SpanEvent[] | null = null
  while (r.pos < end) {
    const t = r.uint32()
    switch (t) {
      case tag(1, LEN):
        p.traceLength = r.size()
        p.traceAt = skipBytes(r, p.traceLength)
        break
      case tag(2, LEN):
        p.spanLength = r.size()
        p.spanAt = skipBytes(r, p.spanLength)
        break
      case tag(4, LEN):
        p.parentLength = r.size()
        p.parentAt = skipBytes(r, p.parentLength)
        break
      case tag(5, LEN):
        name = readInternedString(r)
        break
      case tag(6, 0):
        kind = r.int32()
        break
      case tag(7, 1):
        p.startAt = skipFixed64(r)
        break
      case tag(8, 1):
        p.endAt = skipFixed64(r)
        break
      case tag(9, LEN):
        attributes ??= {}
        readKeyValueInto(r, r.uint32() + r.pos, attributes, 0)
        break
      case tag(11, LEN): {
        const event = readEvent(r, r.uint32() + r.pos, scope.latestUs)
        if (event !== null) {
          events ??= []
          events.push(event)
        }
        break
      }
      case tag(15, LEN): {
        const e = r.uint32() + r.pos
        while (r.pos < e) {
          const t2 = r.uint32()
          if (t2 === tag(2, LEN)) {
            statusMessage = r.string()
          } else if (t2 === tag(3, 0)) {
            statusCode = r.int32()
          } else {
            r.skipType(t2 & 7)
          }
        }
        break
      }
      default:
        r.skipType(t & 7)
    }
  }
  const view = scope.view
  if (isWellFormedAt(r.buf, view, p, kind, statusCode, scope.latestUs)) {
    const bytes = r.buf
    return {
      traceId: idAt(bytes, view, p.traceAt, 16, recentTraceIds),
      spanId: idAt(bytes, view, p.spanAt, 8, recentSpanIds),
      parentSpanId: p.parentLength <= 0 ? null : idAt(bytes, view, p.parentAt, 8, recentSpanIds),
      name,
      kind,
      startUs: p.startUs as Micros,
      endUs: p.endUs as Micros,
      statusCode,
      statusMessage: statusMessage === '' ? null : statusMessage,
      attributes: attributes ?? NO_ATTRIBUTES,
      resource: scope.resource,
      scopeName: scope.scopeName,
      scopeVersion: scope.scopeVersion,
      events: events ?? NO_EVENTS,
    }
  }
  // Anything unusual (a bad id, a missing or late time, an unknown enum) takes the shared check,
  // which words the reject exactly as the JSON path does.
  return checkSpan(
    {
      traceId: idField(r, p.traceAt, p.traceLength),
      spanId: idField(r, p.spanAt, p.spanLength),
      parentSpanId: idField(r, p.parentAt, p.parentLength),
      name,
      kind,
      startTimeUnixNano: p.startAt < 0 ? undefined : fixed64At(view, p.startAt),
      endTimeUnixNano: p.endAt < 0 ? undefined : fixed64At(view, p.endAt),
      statusCode,
      statusMessage,
      attributes: attributes ?? NO_ATTRIBUTES,
      events: events ?? NO_EVENTS,
    },
    scope.resource,
    scope.scopeName,
    scope.scopeVersion,
    scope.latestUs
  )
}

/** Moves past a fixed64 (failing as two `Reader.fixed32` reads would) and returns where it starts. */
function skipFixed64(r: Reader): number {
  const at = r.pos
  if (at + 8 > r.len) {
    const from = at + 4 > r.len ? at : at + 4
    throw new RangeError(`index out of range: ${from} + 4 > ${r.len}`)
  }
  r.pos = at + 8
  return at
}

function fixed64At(view: DataView, at: number): { low: number; high: number } {
  return { low: view.getUint32(at, true), high: view.getUint32(at + 4, true) }
}

function readScopeSpans(
  r: Reader,
  end: number,
  resource: ResourceInfo,
  path: string,
  out: DecodeTracesResult
): void {
  const scope: ScopeInfo = { ...resource, scopeName: '', scopeVersion: null }
  // Spans may precede the scope on the wire; hold their byte ranges until the scope is known.
  const spanRanges: number[] = []
  while (r.pos < end) {
    const t = r.uint32()
    if (t === tag(1, LEN)) {
      const e = r.uint32() + r.pos
      while (r.pos < e) {
        const t2 = r.uint32()
        if (t2 === tag(1, LEN)) {
          scope.scopeName = r.string()
        } else if (t2 === tag(2, LEN)) {
          const version = r.string()
          scope.scopeVersion = version === '' ? null : version
        } else {
          r.skipType(t2 & 7)
        }
      }
    } else if (t === tag(2, LEN)) {
      const length = r.uint32()
      spanRanges.push(r.pos, r.pos + length)
      r.pos += length
    } else {
      r.skipType(t & 7)
    }
  }
  for (let i = 0; i < spanRanges.length; i += 2) {
    r.pos = spanRanges[i] as number
    const result = scope.resourceReason ?? readSpan(r, spanRanges[i + 1] as number, scope)
    if (typeof result === 'string') {
      out.rejected.push(spanReject(`${path}.spans[${i / 2}]`, result, scope.resource))
    } else {
      out.spans.push(result)
    }
  }
  r.pos = end
}

function readResourceSpans(
  r: Reader,
  end: number,
  path: string,
  body: Pick<ScopeInfo, 'latestUs' | 'view'>,
  out: DecodeTracesResult
): void {
  const info: ResourceInfo = {
    resource: {},
    resourceReason: null,
    latestUs: body.latestUs,
    view: body.view,
  }
  const scopeRanges: number[] = []
  while (r.pos < end) {
    const t = r.uint32()
    if (t === tag(1, LEN)) {
      const e = r.uint32() + r.pos
      try {
        info.resource = readAttributesMessage(r, e, 1)
      } catch (err) {
        info.resourceReason = `resource: ${reasonOf(err)}`
        r.pos = e
      }
    } else if (t === tag(2, LEN)) {
      const length = r.uint32()
      scopeRanges.push(r.pos, r.pos + length)
      r.pos += length
    } else {
      r.skipType(t & 7)
    }
  }
  // A capture of one request per message (the Collector's file exporter, a proxy's tap) has a
  // resource per request: each decoded alone, every span held and stored its own copy, and each
  // write's body listed thousands of equal resources where the JSON path lists a few (ADR 0508).
  if (info.resourceReason === null) {
    info.resource = sharedResource(info.resource)
  }
  for (let i = 0; i < scopeRanges.length; i += 2) {
    r.pos = scopeRanges[i] as number
    readScopeSpans(r, scopeRanges[i + 1] as number, info, `${path}.scopeSpans[${i / 2}]`, out)
  }
  r.pos = end
}

/**
 * Never read: it keeps the hidden class of protobufjs' `Reader` alive. A `Reader` is made per
 * body and none outlives its call, so a full collection between bodies found no instance, freed
 * the class and made V8 drop every decode function compiled against it ("weak objects" in
 * `--trace-deopt`) and compile them again (ADR 0426, 0428). Holding one instance, rather than
 * re-pointing one reader at each body, leaves protobufjs' own state (`view`) to protobufjs.
 */
export const keptReader: Reader = new protobuf.Reader(new Uint8Array(0))

/**
 * Decodes a protobuf `ExportTraceServiceRequest` into spans and per-span rejects (same rules
 * and paths as `decodeTraces`, including `bounds`). Throws `AppError('OTLP_DECODE_FAILED')` for
 * malformed bytes.
 */
export function readTraceRequest(bytes: Uint8Array, bounds?: TimeBounds): DecodeTracesResult {
  const out: DecodeTracesResult = { spans: [], rejected: [] as OtlpReject[] }
  const latestUs = latestTimeUs(bounds)
  forgetRecentIds()
  try {
    const r = new protobuf.Reader(bytes)
    const body = {
      latestUs,
      view: new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength),
    }
    const end = r.len
    let index = 0
    while (r.pos < end) {
      const t = r.uint32()
      if (t === tag(1, LEN)) {
        readResourceSpans(r, r.uint32() + r.pos, `resourceSpans[${index++}]`, body, out)
      } else {
        r.skipType(t & 7)
      }
    }
    if (r.pos !== end) {
      throw new RangeError(`a field runs ${r.pos - end} bytes past the end of the message`)
    }
  } catch (err) {
    throw new AppError(
      'OTLP_DECODE_FAILED',
      `the body must be a protobuf ExportTraceServiceRequest (${errorMessage(err)})`,
      { cause: err }
    )
  } finally {
    releaseInternBody()
  }
  return out
}
