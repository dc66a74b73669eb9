/**
 * Wire-level readers shared by the hand-written OTLP decoders: 64-bit integers without `Long`
 * allocations, and `KeyValue`/`AnyValue` straight into attribute maps (see ADR 0010).
 */
import type protobuf from 'protobufjs/minimal.js'
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
        value = r.string()
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
      key = r.string()
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
