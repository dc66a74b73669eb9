/**
 * One OTLP/JSON `ExportTraceServiceRequest` read straight from its UTF-8 bytes into spans, without
 * the object tree `JSON.parse` builds and `decodeTraces` then walks. The import does not use it:
 * measured, it cost what `JSON.parse` plus `decodeTraces` cost (ADR 0520); it stays for the
 * import bench's comparison, so a change to either side can be re-measured. The spans are the
 * ones `decodeTraces(JSON.parse(text))` gives: the same fields go through the same `checkSpan`,
 * attribute maps are filled key by key in the same order, resources are shared through the same
 * `sharedResource` (ADR 0399, 0508), and every reject carries the same path and reason.
 *
 * The reader only takes the shapes producers write. Anything else — a field spelt both ways or
 * twice, a value of an unexpected type, an `AnyValue` with two kinds, nesting near the depth
 * limit, a raw control character, anything that is not JSON — makes it answer `null`, and the
 * caller decodes that line through `JSON.parse` and `decodeTraces` as before. It never guesses:
 * a line it cannot read exactly is read by the old path, whose result (and error) is the rule.
 *
 * Hand-written because no maintained npm package does this: the streaming JSON readers
 * (`@streamparser/json`, `stream-json`, `clarinet`) tokenise in JavaScript and hand each value to
 * a callback or build the same objects, slower than `JSON.parse` itself, and none yields OTLP
 * spans. Bytes must be valid UTF-8 (the caller checks), so every slice taken at an ASCII quote or
 * backslash decodes exactly as the whole line would.
 */
import type { Attributes, AttrValue, Span, SpanEvent } from '../../core/model/span.js'
import { MAX_ANY_VALUE_DEPTH } from '../../core/otlp/any-value.js'
import {
  checkSpan,
  NO_EVENTS,
  sharedName,
  sharedResource,
  spanReject,
  type DecodeTracesResult,
  type RawSpanFields,
} from '../../core/otlp/decode-traces.js'
import { microsFromOtlpTime, numberFromDouble } from '../../core/otlp/int64.js'
import type { OtlpReject } from '../../core/otlp/wire-types.js'

/** Node's slicing methods behind `Buffer#toString`, without its argument checks per call. */
interface SliceableBuffer extends Buffer {
  latin1Slice(start: number, end: number): string
  utf8Slice(start: number, end: number): string
}

/** Thrown (never out of this file) when a line needs the old path. */
const FALL_BACK = new Error('OTLP/JSON line needs JSON.parse')

const QUOTE = 0x22
const BACKSLASH = 0x5c
const COMMA = 0x2c
const COLON = 0x3a
const OPEN_OBJECT = 0x7b
const CLOSE_OBJECT = 0x7d
const OPEN_ARRAY = 0x5b
const CLOSE_ARRAY = 0x5d

// The reader's position: module state, as the protobuf reader keeps its own, so the hot
// functions take no context argument.
const EMPTY = Buffer.alloc(0) as SliceableBuffer
let buf: SliceableBuffer = EMPTY
let at = 0
let end = 0

/**
 * Strings seen recently, by a hash of their bytes: attribute keys, field names and short values
 * repeat span after span, and each was a new string (and, as a property name, a string-table
 * lookup) per occurrence (ADR 0510). A slot holds one string; a collision replaces it. Only
 * ASCII text without escapes is kept, so a byte-by-byte compare is a compare of the text.
 */
const TABLE_BITS = 10
const MAX_TABLE_LENGTH = 64
const textTable: string[] = new Array<string>(1 << TABLE_BITS).fill('')
const idTable: string[] = new Array<string>(1 << 8).fill('')

/** The field a known key names (both spellings give one field), or `F_OTHER`. */
const F_OTHER = 0
const F_RESOURCE_SPANS = 1
const F_RESOURCE = 2
const F_SCOPE_SPANS = 3
const F_ATTRIBUTES = 4
const F_SCOPE = 5
const F_SPANS = 6
const F_NAME = 7
const F_VERSION = 8
const F_TRACE_ID = 9
const F_SPAN_ID = 10
const F_PARENT_SPAN_ID = 11
const F_KIND = 12
const F_START = 13
const F_END = 14
const F_EVENTS = 15
const F_STATUS = 16
const F_CODE = 17
const F_MESSAGE = 18
const F_TIME = 19
const F_KEY = 20
const F_VALUE = 21
const F_VALUES = 22
const F_STRING = 23
const F_INT = 24
const F_DOUBLE = 25
const F_BOOL = 26
const F_ARRAY = 27
const F_KVLIST = 28
const F_BYTES = 29

const FIELDS = new Map<string, number>([
  ['resourceSpans', F_RESOURCE_SPANS],
  ['resource_spans', F_RESOURCE_SPANS],
  ['resource', F_RESOURCE],
  ['scopeSpans', F_SCOPE_SPANS],
  ['scope_spans', F_SCOPE_SPANS],
  ['attributes', F_ATTRIBUTES],
  ['scope', F_SCOPE],
  ['spans', F_SPANS],
  ['name', F_NAME],
  ['version', F_VERSION],
  ['traceId', F_TRACE_ID],
  ['trace_id', F_TRACE_ID],
  ['spanId', F_SPAN_ID],
  ['span_id', F_SPAN_ID],
  ['parentSpanId', F_PARENT_SPAN_ID],
  ['parent_span_id', F_PARENT_SPAN_ID],
  ['kind', F_KIND],
  ['startTimeUnixNano', F_START],
  ['start_time_unix_nano', F_START],
  ['endTimeUnixNano', F_END],
  ['end_time_unix_nano', F_END],
  ['events', F_EVENTS],
  ['status', F_STATUS],
  ['code', F_CODE],
  ['message', F_MESSAGE],
  ['timeUnixNano', F_TIME],
  ['time_unix_nano', F_TIME],
  ['key', F_KEY],
  ['value', F_VALUE],
  ['values', F_VALUES],
  ['stringValue', F_STRING],
  ['string_value', F_STRING],
  ['intValue', F_INT],
  ['int_value', F_INT],
  ['doubleValue', F_DOUBLE],
  ['double_value', F_DOUBLE],
  ['boolValue', F_BOOL],
  ['bool_value', F_BOOL],
  ['arrayValue', F_ARRAY],
  ['array_value', F_ARRAY],
  ['kvlistValue', F_KVLIST],
  ['kvlist_value', F_KVLIST],
  ['bytesValue', F_BYTES],
  ['bytes_value', F_BYTES],
])

/**
 * Known keys by a code of their bytes (length, first, middle and last byte), each checked byte
 * by byte: a key is told without making it a string, hashing it or looking it up in `FIELDS`.
 */
function keyCode(length: number, first: number, middle: number, last: number): number {
  return (length & 0xff) | (first << 8) | (middle << 16) | (last << 24)
}

const KEYS_BY_CODE = new Map<number, { text: string; field: number }[]>()
for (const [text, field] of FIELDS) {
  const n = text.length
  const code = keyCode(n, text.charCodeAt(0), text.charCodeAt(n >> 1), text.charCodeAt(n - 1))
  const list = KEYS_BY_CODE.get(code) ?? []
  list.push({ text, field })
  KEYS_BY_CODE.set(code, list)
}

function isBlank(c: number): boolean {
  return c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09
}

/** The first byte at or after `at` that is not JSON's white space. */
function skipBlank(): number {
  const b = buf
  const e = end
  let i = at
  while (i < e) {
    const c = b[i] as number
    if (!isBlank(c)) {
      at = i
      return c
    }
    i++
  }
  throw FALL_BACK
}

function expect(c: number): void {
  if (at < end && buf[at] === c) {
    at++
    return
  }
  if (skipBlank() !== c) {
    throw FALL_BACK
  }
  at++
}

/** After a value in an object or array: `true` for a comma, `false` at `close`. */
function more(close: number): boolean {
  const c = at < end ? (buf[at] as number) : -1
  if (c === COMMA) {
    at++
    return true
  }
  if (c === close) {
    at++
    return false
  }
  return moreAfterBlank(close)
}

function moreAfterBlank(close: number): boolean {
  const c = skipBlank()
  at++
  if (c === COMMA) {
    return true
  }
  if (c === close) {
    return false
  }
  throw FALL_BACK
}

/** `true` (and past it) when the container opened just before `at` closes with `close` at once. */
function emptyContainer(close: number): boolean {
  if (skipBlank() === close) {
    at++
    return true
  }
  return false
}

function sameText(s: string, from: number, length: number): boolean {
  if (s.length !== length) {
    return false
  }
  const b = buf
  for (let i = 0; i < length; i++) {
    if (s.charCodeAt(i) !== b[from + i]) {
      return false
    }
  }
  return true
}

/**
 * A JSON string at `at` (its opening quote); `table` keeps short ASCII ones (null: none kept).
 * Escapes and non-ASCII text take `readEscaped`.
 */
function readString(table: string[] | null): string {
  if (skipBlank() !== QUOTE) {
    throw FALL_BACK
  }
  const from = ++at
  // Copied to locals: the loop then reads no module state per byte.
  const b = buf
  const e = end
  // Every byte OR-ed: its top bit says whether any byte was non-ASCII.
  let bits = 0
  let i = from
  for (; i < e; i++) {
    const c = b[i] as number
    if (c === QUOTE) {
      break
    }
    if (c === BACKSLASH || c < 0x20) {
      return readEscaped(from)
    }
    bits |= c
  }
  if (i >= e) {
    throw FALL_BACK
  }
  at = i + 1
  const length = i - from
  if (bits >= 0x80) {
    return b.utf8Slice(from, i)
  }
  if (table === null || length > MAX_TABLE_LENGTH) {
    return b.latin1Slice(from, i)
  }
  // The length and the last few bytes tell apart the kept strings well enough (ids differ
  // at their end); a collision only replaces a slot, the compare below decides.
  let h = Math.imul(0x811c9dc5 ^ length, 0x01000193)
  for (let k = i - 1, stop = Math.max(from, i - 12); k >= stop; k--) {
    h = Math.imul(h ^ (b[k] as number), 0x01000193)
  }
  const slot = (h ^ (h >>> 15)) & (table.length - 1)
  const kept = table[slot] as string
  if (sameText(kept, from, length)) {
    return kept
  }
  const s = b.latin1Slice(from, i)
  table[slot] = s
  return s
}

function hexDigit(c: number): number {
  if (c >= 48 && c <= 57) {
    return c - 48
  }
  const l = c | 0x20
  if (l >= 97 && l <= 102) {
    return l - 87
  }
  throw FALL_BACK
}

/** A string with escapes (or a non-ASCII one reached through them), from just past its quote. */
function readEscaped(from: number): string {
  let out = ''
  let run = from
  let i = from
  while (i < end) {
    const c = buf[i] as number
    if (c === QUOTE) {
      out += buf.utf8Slice(run, i)
      at = i + 1
      return out
    }
    if (c < 0x20) {
      throw FALL_BACK
    }
    if (c !== BACKSLASH) {
      i++
      continue
    }
    out += buf.utf8Slice(run, i)
    const e = i + 1 < end ? (buf[i + 1] as number) : -1
    i += 2
    switch (e) {
      case 0x22:
        out += '"'
        break
      case 0x5c:
        out += '\\'
        break
      case 0x2f:
        out += '/'
        break
      case 0x62:
        out += '\b'
        break
      case 0x66:
        out += '\f'
        break
      case 0x6e:
        out += '\n'
        break
      case 0x72:
        out += '\r'
        break
      case 0x74:
        out += '\t'
        break
      case 0x75: {
        if (i + 4 > end) {
          throw FALL_BACK
        }
        // One UTF-16 unit per escape, as JSON.parse gives: a pair of escapes joins into one
        // character, a lone surrogate stays lone.
        const unit =
          (hexDigit(buf[i] as number) << 12) |
          (hexDigit(buf[i + 1] as number) << 8) |
          (hexDigit(buf[i + 2] as number) << 4) |
          hexDigit(buf[i + 3] as number)
        out += String.fromCharCode(unit)
        i += 4
        break
      }
      default:
        throw FALL_BACK
    }
    run = i
  }
  throw FALL_BACK
}

/** An object key and the field it names; `at` ends past its colon. */
function readKey(): number {
  if (skipBlank() !== QUOTE) {
    throw FALL_BACK
  }
  const b = buf
  const e = end
  const from = at + 1
  let i = from
  for (; i < e; i++) {
    const c = b[i] as number
    if (c === QUOTE) {
      break
    }
    if (c === BACKSLASH || c < 0x20 || c >= 0x80) {
      // Escaped or non-ASCII: no known key; read it properly (and check it) as a string.
      return readOtherKey()
    }
  }
  if (i >= e) {
    throw FALL_BACK
  }
  const length = i - from
  let field = F_OTHER
  if (length > 0) {
    const list = KEYS_BY_CODE.get(
      keyCode(length, b[from] as number, b[from + (length >> 1)] as number, b[i - 1] as number)
    )
    if (list !== undefined) {
      for (let k = 0; k < list.length; k++) {
        const known = list[k] as { text: string; field: number }
        if (sameText(known.text, from, length)) {
          field = known.field
          break
        }
      }
    }
  }
  at = i + 1
  if (at < e && b[at] === COLON) {
    at++
  } else {
    expect(COLON)
  }
  return field
}

function readOtherKey(): number {
  const key = readString(null)
  expect(COLON)
  return FIELDS.get(key) ?? F_OTHER
}

function isDigit(c: number): boolean {
  return c >= 48 && c <= 57
}

/** A JSON number at `at`, as `JSON.parse` gives it (`Number` of the text rounds the same). */
function readNumber(): number {
  const from = at
  let i = at
  if (i < end && buf[i] === 0x2d) {
    i++
  }
  const intFrom = i
  if (i < end && buf[i] === 48) {
    i++
  } else if (i < end && isDigit(buf[i] as number)) {
    while (i < end && isDigit(buf[i] as number)) {
      i++
    }
  } else {
    throw FALL_BACK
  }
  let plain = true
  if (i < end && buf[i] === 0x2e) {
    plain = false
    i++
    if (!(i < end && isDigit(buf[i] as number))) {
      throw FALL_BACK
    }
    while (i < end && isDigit(buf[i] as number)) {
      i++
    }
  }
  const e = i < end ? buf[i] : -1
  if (e === 0x65 || e === 0x45) {
    plain = false
    i++
    if (i < end && (buf[i] === 0x2b || buf[i] === 0x2d)) {
      i++
    }
    if (!(i < end && isDigit(buf[i] as number))) {
      throw FALL_BACK
    }
    while (i < end && isDigit(buf[i] as number)) {
      i++
    }
  }
  at = i
  if (plain && from === intFrom && i - from <= 15) {
    let n = 0
    for (let k = from; k < i; k++) {
      n = n * 10 + ((buf[k] as number) - 48)
    }
    return n
  }
  return Number(buf.latin1Slice(from, i))
}

function readLiteral(text: string, value: boolean | null): boolean | null {
  if (at + text.length > end || !sameText(text, at, text.length)) {
    throw FALL_BACK
  }
  at += text.length
  return value
}

/**
 * A value read as `JSON.parse` would give it when it is a string, number, boolean or null;
 * an object or array makes the line fall back (no field the reader keeps holds one legitimately).
 */
function readScalar(table: string[] | null): string | number | boolean | null {
  const c = skipBlank()
  if (c === QUOTE) {
    return readString(table)
  }
  if (c === 0x74) {
    return readLiteral('true', true)
  }
  if (c === 0x66) {
    return readLiteral('false', false)
  }
  if (c === 0x6e) {
    return readLiteral('null', null)
  }
  if (c === 0x2d || isDigit(c)) {
    return readNumber()
  }
  throw FALL_BACK
}

/** `true` (and past it) for `null`; `false` with `at` on the value otherwise. */
function isNull(): boolean {
  if (skipBlank() === 0x6e) {
    readLiteral('null', null)
    return true
  }
  return false
}

/** Skips any JSON value, checking it is JSON (a field the reader does not use). */
function skipValue(depth: number): void {
  const c = skipBlank()
  if (c === OPEN_OBJECT) {
    if (depth > 64) {
      throw FALL_BACK
    }
    at++
    if (emptyContainer(CLOSE_OBJECT)) {
      return
    }
    do {
      readString(null)
      expect(COLON)
      skipValue(depth + 1)
    } while (more(CLOSE_OBJECT))
    return
  }
  if (c === OPEN_ARRAY) {
    if (depth > 64) {
      throw FALL_BACK
    }
    at++
    if (emptyContainer(CLOSE_ARRAY)) {
      return
    }
    do {
      skipValue(depth + 1)
    } while (more(CLOSE_ARRAY))
    return
  }
  readScalar(null)
}

/** Marks `field` seen in `seen`; a second time (a repeat or both spellings) falls back. */
function mark(seen: number, field: number): number {
  const bit = 1 << field
  if ((seen & bit) !== 0) {
    throw FALL_BACK
  }
  return seen | bit
}

/**
 * `repeated KeyValue` as `decodeAttributes` gives it at `depth` (later keys win, in the place
 * of their first occurrence, as plain object assignment does). `null` is an empty map.
 */
function readKeyValues(depth: number): Attributes {
  const out: Attributes = {}
  if (isNull()) {
    return out
  }
  expect(OPEN_ARRAY)
  if (emptyContainer(CLOSE_ARRAY)) {
    return out
  }
  if (depth > MAX_ANY_VALUE_DEPTH - 1) {
    throw FALL_BACK
  }
  do {
    expect(OPEN_OBJECT)
    let key: string | undefined
    let value: AttrValue = null
    let seen = 0
    if (!emptyContainer(CLOSE_OBJECT)) {
      do {
        const field = readKey()
        if (field === F_KEY) {
          seen = mark(seen, F_KEY)
          key = readString(textTable)
        } else if (field === F_VALUE) {
          seen = mark(seen, F_VALUE)
          value = isNull() ? null : readAnyValue(depth)
        } else {
          skipValue(0)
        }
      } while (more(CLOSE_OBJECT))
    }
    // An entry without a key is dropped, as `decodeAttributes` drops it.
    if (key !== undefined) {
      out[key] = value
    }
  } while (more(CLOSE_ARRAY))
  return out
}

/** The `values` of an `ArrayValue` at `depth` (each element one level deeper). */
function readArrayValue(depth: number): AttrValue[] {
  const out: AttrValue[] = []
  expect(OPEN_OBJECT)
  if (emptyContainer(CLOSE_OBJECT)) {
    return out
  }
  let seen = 0
  do {
    const field = readKey()
    if (field !== F_VALUES) {
      skipValue(0)
      continue
    }
    seen = mark(seen, F_VALUES)
    if (isNull()) {
      continue
    }
    expect(OPEN_ARRAY)
    if (emptyContainer(CLOSE_ARRAY)) {
      continue
    }
    if (depth + 1 > MAX_ANY_VALUE_DEPTH - 1) {
      throw FALL_BACK
    }
    do {
      if (isNull()) {
        out.push(null)
      } else {
        out.push(readAnyValue(depth + 1))
      }
    } while (more(CLOSE_ARRAY))
  } while (more(CLOSE_OBJECT))
  return out
}

/** The `values` of a `KeyValueList` at `depth` (its entries one level deeper). */
function readKvlistValue(depth: number): Attributes {
  expect(OPEN_OBJECT)
  let out: Attributes = {}
  if (emptyContainer(CLOSE_OBJECT)) {
    return out
  }
  let seen = 0
  do {
    const field = readKey()
    if (field !== F_VALUES) {
      skipValue(0)
      continue
    }
    seen = mark(seen, F_VALUES)
    out = readKeyValues(depth + 1)
  } while (more(CLOSE_OBJECT))
  return out
}

/** `/^-?\d+$/` on the bytes of a string already read. */
function isIntegerText(s: string): boolean {
  let i = s.charCodeAt(0) === 0x2d ? 1 : 0
  if (i >= s.length) {
    return false
  }
  for (; i < s.length; i++) {
    const c = s.charCodeAt(i)
    if (c < 48 || c > 57) {
      return false
    }
  }
  return true
}

/**
 * An `AnyValue` object at `depth`, as `decodeAnyValue` decodes it: one kind of value, unknown
 * fields ignored, none at all `null`. Two kinds in one value (where `decodeAnyValue`'s order of
 * checks, not the text's, decides) or a kind of an unexpected JSON type fall back.
 */
function readAnyValue(depth: number): AttrValue {
  expect(OPEN_OBJECT)
  if (emptyContainer(CLOSE_OBJECT)) {
    return null
  }
  let value: AttrValue = null
  let kinds = 0
  do {
    const field = readKey()
    if (field < F_STRING) {
      skipValue(0)
      continue
    }
    kinds++
    const c = skipBlank()
    switch (field) {
      case F_STRING:
      case F_BYTES:
        if (c !== QUOTE) {
          throw FALL_BACK
        }
        value = readString(textTable)
        break
      case F_INT: {
        if (c === QUOTE) {
          const s = readString(textTable)
          value = isIntegerText(s) ? Number(s) : null
        } else if (c === 0x2d || isDigit(c)) {
          const n = readNumber()
          value = Number.isFinite(n) ? n : null
        } else {
          throw FALL_BACK
        }
        break
      }
      case F_DOUBLE:
        if (c === QUOTE) {
          value = numberFromDouble(readString(textTable))
        } else if (c === 0x2d || isDigit(c)) {
          value = readNumber()
        } else {
          throw FALL_BACK
        }
        break
      case F_BOOL:
        if (c === 0x74 || c === 0x66) {
          value = readScalar(null) as boolean
        } else if (c === QUOTE) {
          value = readString(textTable) === 'true'
        } else {
          throw FALL_BACK
        }
        break
      case F_ARRAY:
        if (c !== OPEN_OBJECT) {
          throw FALL_BACK
        }
        value = readArrayValue(depth)
        break
      case F_KVLIST:
        if (c !== OPEN_OBJECT) {
          throw FALL_BACK
        }
        value = readKvlistValue(depth)
        break
      default:
        throw FALL_BACK
    }
  } while (more(CLOSE_OBJECT))
  if (kinds > 1) {
    throw FALL_BACK
  }
  return value
}

/** One event, or `null` when `decodeEvents` drops it (no usable time, or past `latestUs`). */
function readEvent(latestUs: number): SpanEvent | null {
  expect(OPEN_OBJECT)
  let time: unknown
  let name: unknown
  let attributes: Attributes = {}
  let seen = 0
  if (!emptyContainer(CLOSE_OBJECT)) {
    do {
      const field = readKey()
      switch (field) {
        case F_TIME:
          seen = mark(seen, F_TIME)
          time = readScalar(null)
          break
        case F_NAME:
          seen = mark(seen, F_NAME)
          name = readScalar(textTable)
          break
        case F_ATTRIBUTES:
          seen = mark(seen, F_ATTRIBUTES)
          attributes = readKeyValues(0)
          break
        default:
          skipValue(0)
      }
    } while (more(CLOSE_OBJECT))
  }
  const timeUs = microsFromOtlpTime(time)
  if (timeUs === null || timeUs > latestUs) {
    return null
  }
  return { timeUs, name: typeof name === 'string' ? name : '', attributes }
}

function readEvents(latestUs: number): SpanEvent[] {
  if (isNull()) {
    return NO_EVENTS
  }
  expect(OPEN_ARRAY)
  if (emptyContainer(CLOSE_ARRAY)) {
    return NO_EVENTS
  }
  const out: SpanEvent[] = []
  do {
    const event = readEvent(latestUs)
    if (event !== null) {
      out.push(event)
    }
  } while (more(CLOSE_ARRAY))
  return out.length === 0 ? NO_EVENTS : out
}

/** A span's fields (`checkSpan` checks them once the resource is known). */
function readSpan(latestUs: number): RawSpanFields {
  expect(OPEN_OBJECT)
  let traceId: unknown
  let spanId: unknown
  let parentSpanId: unknown
  let name: unknown
  let kind: unknown
  let start: unknown
  let endTime: unknown
  let statusCode: unknown
  let statusMessage: unknown
  let attributes: Attributes = {}
  let events: SpanEvent[] = NO_EVENTS
  let seen = 0
  if (!emptyContainer(CLOSE_OBJECT)) {
    do {
      const field = readKey()
      switch (field) {
        case F_TRACE_ID:
          seen = mark(seen, F_TRACE_ID)
          traceId = readScalar(idTable)
          break
        case F_SPAN_ID:
          seen = mark(seen, F_SPAN_ID)
          spanId = readScalar(idTable)
          break
        case F_PARENT_SPAN_ID:
          seen = mark(seen, F_PARENT_SPAN_ID)
          parentSpanId = readScalar(idTable)
          break
        case F_NAME: {
          seen = mark(seen, F_NAME)
          const v = readScalar(textTable)
          name = typeof v === 'string' ? sharedName(v) : v
          break
        }
        case F_KIND:
          seen = mark(seen, F_KIND)
          kind = readScalar(textTable)
          break
        case F_START:
          seen = mark(seen, F_START)
          start = readScalar(null)
          break
        case F_END:
          seen = mark(seen, F_END)
          endTime = readScalar(null)
          break
        case F_ATTRIBUTES:
          seen = mark(seen, F_ATTRIBUTES)
          attributes = readKeyValues(0)
          break
        case F_EVENTS:
          seen = mark(seen, F_EVENTS)
          events = readEvents(latestUs)
          break
        case F_STATUS:
          seen = mark(seen, F_STATUS)
          if (isNull()) {
            break
          }
          expect(OPEN_OBJECT)
          if (emptyContainer(CLOSE_OBJECT)) {
            break
          }
          do {
            const f = readKey()
            if (f === F_CODE) {
              seen = mark(seen, F_CODE)
              statusCode = readScalar(textTable)
            } else if (f === F_MESSAGE) {
              seen = mark(seen, F_MESSAGE)
              statusMessage = readScalar(null)
            } else {
              skipValue(0)
            }
          } while (more(CLOSE_OBJECT))
          break
        default:
          skipValue(0)
      }
    } while (more(CLOSE_OBJECT))
  }
  return {
    traceId,
    spanId,
    parentSpanId,
    name,
    kind,
    startTimeUnixNano: start,
    endTimeUnixNano: endTime,
    statusCode,
    statusMessage,
    attributes,
    events,
  }
}

/** Spans of one `ResourceSpans` waiting for its resource (which may come after them). */
const pendingFields: RawSpanFields[] = []
const pendingScope: number[] = []
const pendingIndex: number[] = []
const scopeNames: string[] = []
const scopeVersions: (string | null)[] = []

function readScope(s: number): void {
  scopeNames[s] = ''
  scopeVersions[s] = null
  if (isNull()) {
    return
  }
  expect(OPEN_OBJECT)
  if (emptyContainer(CLOSE_OBJECT)) {
    return
  }
  let seen = 0
  do {
    const field = readKey()
    if (field === F_NAME) {
      seen = mark(seen, F_NAME)
      const v = readScalar(textTable)
      scopeNames[s] = typeof v === 'string' ? sharedName(v) : ''
    } else if (field === F_VERSION) {
      seen = mark(seen, F_VERSION)
      const v = readScalar(textTable)
      scopeVersions[s] = typeof v === 'string' && v !== '' ? v : null
    } else {
      skipValue(0)
    }
  } while (more(CLOSE_OBJECT))
}

function readScopeSpans(s: number, latestUs: number): void {
  scopeNames[s] = ''
  scopeVersions[s] = null
  expect(OPEN_OBJECT)
  if (emptyContainer(CLOSE_OBJECT)) {
    return
  }
  let seen = 0
  do {
    const field = readKey()
    if (field === F_SCOPE) {
      seen = mark(seen, F_SCOPE)
      readScope(s)
    } else if (field === F_SPANS) {
      seen = mark(seen, F_SPANS)
      if (isNull()) {
        continue
      }
      expect(OPEN_ARRAY)
      if (emptyContainer(CLOSE_ARRAY)) {
        continue
      }
      let i = 0
      do {
        pendingFields.push(readSpan(latestUs))
        pendingScope.push(s)
        pendingIndex.push(i++)
      } while (more(CLOSE_ARRAY))
    } else {
      skipValue(0)
    }
  } while (more(CLOSE_OBJECT))
}

function readResourceAttributes(): Attributes {
  if (isNull()) {
    return {}
  }
  expect(OPEN_OBJECT)
  let attributes: Attributes = {}
  if (emptyContainer(CLOSE_OBJECT)) {
    return attributes
  }
  let seen = 0
  do {
    const field = readKey()
    if (field === F_ATTRIBUTES) {
      seen = mark(seen, F_ATTRIBUTES)
      attributes = readKeyValues(0)
    } else {
      skipValue(0)
    }
  } while (more(CLOSE_OBJECT))
  return attributes
}

function readResourceSpans(
  r: number,
  latestUs: number,
  spans: Span[],
  rejected: OtlpReject[]
): void {
  pendingFields.length = 0
  pendingScope.length = 0
  pendingIndex.length = 0
  let attributes: Attributes = {}
  let scopes = 0
  expect(OPEN_OBJECT)
  if (!emptyContainer(CLOSE_OBJECT)) {
    let seen = 0
    do {
      const field = readKey()
      if (field === F_RESOURCE) {
        seen = mark(seen, F_RESOURCE)
        attributes = readResourceAttributes()
      } else if (field === F_SCOPE_SPANS) {
        seen = mark(seen, F_SCOPE_SPANS)
        if (isNull()) {
          continue
        }
        expect(OPEN_ARRAY)
        if (emptyContainer(CLOSE_ARRAY)) {
          continue
        }
        do {
          readScopeSpans(scopes++, latestUs)
        } while (more(CLOSE_ARRAY))
      } else {
        skipValue(0)
      }
    } while (more(CLOSE_OBJECT))
  }
  const resource = sharedResource(attributes)
  for (let k = 0; k < pendingFields.length; k++) {
    const s = pendingScope[k] as number
    const span = checkSpan(
      pendingFields[k] as RawSpanFields,
      resource,
      scopeNames[s] as string,
      scopeVersions[s] as string | null,
      latestUs
    )
    if (typeof span === 'string') {
      const path = `resourceSpans[${r}].scopeSpans[${s}].spans[${pendingIndex[k] as number}]`
      rejected.push(spanReject(path, span, resource))
    } else {
      spans.push(span)
    }
  }
  pendingFields.length = 0
}

/**
 * The spans of the OTLP/JSON request in `bytes[start, stop)` (valid UTF-8, one JSON value and
 * nothing else but blanks), as `decodeTraces(JSON.parse(text), bounds)` gives them for
 * `latestUs = latestTimeUs(bounds)`; `null` when the line must go that way instead.
 */
export function readTraceRequestJson(
  bytes: Buffer,
  start: number,
  stop: number,
  latestUs: number
): DecodeTracesResult | null {
  buf = bytes as SliceableBuffer
  at = start
  end = stop
  const spans: Span[] = []
  const rejected: OtlpReject[] = []
  try {
    expect(OPEN_OBJECT)
    if (!emptyContainer(CLOSE_OBJECT)) {
      let seen = 0
      do {
        const field = readKey()
        if (field !== F_RESOURCE_SPANS) {
          skipValue(0)
          continue
        }
        seen = mark(seen, F_RESOURCE_SPANS)
        if (isNull()) {
          continue
        }
        expect(OPEN_ARRAY)
        if (emptyContainer(CLOSE_ARRAY)) {
          continue
        }
        let r = 0
        do {
          readResourceSpans(r++, latestUs, spans, rejected)
        } while (more(CLOSE_ARRAY))
      } while (more(CLOSE_OBJECT))
    }
    while (at < end) {
      if (!isBlank(buf[at] as number)) {
        throw FALL_BACK
      }
      at++
    }
  } catch (err) {
    if (err !== FALL_BACK) {
      throw err
    }
    pendingFields.length = 0
    return null
  } finally {
    // Not to keep the caller's bytes alive between lines.
    buf = EMPTY
  }
  return { spans, rejected }
}
