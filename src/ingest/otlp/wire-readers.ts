/**
 * Wire-level readers shared by the hand-written OTLP decoders: 64-bit integers without `Long`
 * allocations, and `KeyValue`/`AnyValue` straight into attribute maps (see ADR 0010).
 */
import protobuf from 'protobufjs/minimal.js'
import type { Attributes, AttrValue } from '../../core/model/span.js'
import { anyValueTooDeep, MAX_ANY_VALUE_DEPTH } from '../../core/otlp/any-value.js'

type Reader = protobuf.Reader

/** Tag of a field: (field number << 3) | wire type (0 varint, 1 fixed64, 2 length-delimited). */
export const tag = (field: number, wire: number): number => (field << 3) | wire
export const LEN = 2
const T_STRING_1 = tag(1, LEN)
const T_LEN_2 = tag(2, LEN)
const TWO_63 = 9223372036854775808

/** A varint int64 as a JS number without allocating a `Long` (exact up to 2^53). */
export function readInt64(r: Reader): number {
  const buf = r.buf
  const start = r.pos
  let pos = start
  let result = 0
  let mul = 1
  for (let i = 0; i < 10; i++) {
    if (pos >= r.len) {
      throw new RangeError('varint runs past the end of the message')
    }
    const b = buf[pos++] as number
    result += (b & 0x7f) * mul
    if (b < 0x80) {
      break
    }
    mul *= 128
  }
  r.pos = pos
  if (result < TWO_63) {
    return result
  }
  // Negative values are ten-byte two's complement; doubles cannot subtract 2^64 exactly.
  let big = 0n
  for (let p = pos - 1; p >= start; p--) {
    big = (big << 7n) | BigInt((buf[p] as number) & 0x7f)
  }
  return Number(BigInt.asIntN(64, big))
}

/** A fixed64 nanosecond time as `{ low, high }` (what `microsFromOtlpTime` reads exactly). */
export function readFixed64(r: Reader): { low: number; high: number } {
  const low = r.fixed32()
  const high = r.fixed32()
  return { low, high }
}

/** Moves past `length` bytes (checked like `Reader.bytes`) and returns where they start. */
export function skipBytes(r: Reader, length: number): number {
  const at = r.pos
  if (at + length > r.len) {
    // protobufjs' words for a field that runs past the end.
    throw new RangeError(`index out of range: ${at} + ${length} > ${r.len}`)
  }
  r.pos = at + length
  return at
}

/** Strings of at most this many bytes are looked up in the intern table. */
const INTERN_MAX_BYTES = 48
const INTERN_MAX_WORDS = INTERN_MAX_BYTES / 4
const INTERN_SLOTS = 1024
/** Each slot's bytes as the 32-bit words `readInternedString` reads them in. */
const internWords = new Int32Array(INTERN_SLOTS * INTERN_MAX_WORDS)
const internLengths = new Int32Array(INTERN_SLOTS).fill(-1)
const internStrings: (string | undefined)[] = new Array<string | undefined>(INTERN_SLOTS)
/** The words of the string being read (scratch, one per thread). */
const words = new Int32Array(INTERN_MAX_WORDS)

/** A DataView of the buffer being read, made once per body. */
let viewBuf: Uint8Array | null = null
const NO_VIEW: DataView = new DataView(new ArrayBuffer(0))
let view = NO_VIEW

/** Lets go of the last body read (the intern table keeps only strings and words). */
export function releaseInternBody(): void {
  viewBuf = null
  view = NO_VIEW
}

/**
 * A length-delimited string, the same text `Reader.string` gives, taken from a small table when
 * the same bytes were read before: attribute keys, span names and short values repeat across
 * every span of a body and every body of a producer, and one shared string instead of a new one
 * per span is less to allocate and far less for the garbage collector to copy while the spans
 * wait for their commit (ADR 0160). A slot holds the last string that hashed to it.
 *
 * The bytes are hashed and compared four at a time, as little-endian words (the last word
 * overlapping the one before when the length is not a multiple of four; a string of fewer than
 * four bytes is one word): equal lengths and equal words are equal bytes, and a 30-byte key costs
 * 8 reads instead of 30 for the hash and as many for the comparison (ADR 0418).
 */
export function readInternedString(r: Reader): string {
  const length = r.size()
  const at = skipBytes(r, length)
  const end = at + length
  const buf = r.buf
  if (length > INTERN_MAX_BYTES || length === 0) {
    return length === 0 ? '' : protobuf.util.utf8.read(buf, at, end)
  }
  if (buf !== viewBuf) {
    viewBuf = buf
    view = new DataView(buf.buffer, buf.byteOffset, buf.byteLength)
  }
  let n = 0
  if (length < 4) {
    words[n++] =
      (buf[at] as number) |
      (length > 1 ? (buf[at + 1] as number) << 8 : 0) |
      (length > 2 ? (buf[at + 2] as number) << 16 : 0)
  } else {
    for (let p = at; p + 4 <= end; p += 4) {
      words[n++] = view.getInt32(p, true)
    }
    if ((length & 3) !== 0) {
      words[n++] = view.getInt32(end - 4, true)
    }
  }
  let h = length
  for (let k = 0; k < n; k++) {
    h = Math.imul(h ^ (words[k] as number), 0x9e3779b1)
    h ^= h >>> 15
  }
  const slot = (h ^ (h >>> 16)) & (INTERN_SLOTS - 1)
  const base = slot * INTERN_MAX_WORDS
  if (internLengths[slot] === length) {
    let same = true
    for (let k = 0; k < n; k++) {
      if (internWords[base + k] !== words[k]) {
        same = false
        break
      }
    }
    if (same) {
      return internStrings[slot] as string
    }
  }
  const value = protobuf.util.utf8.read(buf, at, end)
  for (let k = 0; k < n; k++) {
    internWords[base + k] = words[k] as number
  }
  internLengths[slot] = length
  internStrings[slot] = value
  return value
}

function readAnyValue(r: Reader, end: number, depth: number): AttrValue {
  // The JSON path's limit and error, so both reject the span holding the value.
  if (depth > MAX_ANY_VALUE_DEPTH) {
    throw anyValueTooDeep()
  }
  let value: AttrValue = null
  while (r.pos < end) {
    const t = r.uint32()
    switch (t) {
      case tag(1, LEN):
        value = readInternedString(r)
        break
      case tag(2, 0):
        value = r.bool()
        break
      case tag(3, 0):
        value = readInt64(r)
        break
      case tag(4, 1):
        value = r.double()
        break
      case tag(5, LEN): {
        const e = r.uint32() + r.pos
        const list: AttrValue[] = []
        while (r.pos < e) {
          const t2 = r.uint32()
          if (t2 === T_STRING_1) {
            list.push(readAnyValue(r, r.uint32() + r.pos, depth + 1))
          } else {
            r.skipType(t2 & 7)
          }
        }
        value = list
        break
      }
      case tag(6, LEN): {
        const e = r.uint32() + r.pos
        const record: Attributes = {}
        while (r.pos < e) {
          const t2 = r.uint32()
          if (t2 === T_STRING_1) {
            readKeyValueInto(r, r.uint32() + r.pos, record, depth + 1)
          } else {
            r.skipType(t2 & 7)
          }
        }
        value = record
        break
      }
      case tag(7, LEN):
        value = Buffer.from(r.bytes()).toString('base64')
        break
      default:
        r.skipType(t & 7)
    }
  }
  return value
}

/** Reads one `KeyValue` into `out` (later keys win, as in the JSON path). */
export function readKeyValueInto(r: Reader, end: number, out: Attributes, depth: number): void {
  let key: string | null = null
  let value: AttrValue = null
  while (r.pos < end) {
    const t = r.uint32()
    if (t === T_STRING_1) {
      key = readInternedString(r)
    } else if (t === T_LEN_2) {
      value = readAnyValue(r, r.uint32() + r.pos, depth)
    } else {
      r.skipType(t & 7)
    }
  }
  if (key !== null) {
    out[key] = value
  }
}

/** Reads the repeated `KeyValue` field `field` of a message ending at `end`. */
export function readAttributesMessage(r: Reader, end: number, field: number): Attributes {
  const out: Attributes = {}
  const want = tag(field, LEN)
  while (r.pos < end) {
    const t = r.uint32()
    if (t === want) {
      readKeyValueInto(r, r.uint32() + r.pos, out, 0)
    } else {
      r.skipType(t & 7)
    }
  }
  return out
}
