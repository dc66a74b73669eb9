import { AppError } from '../errors.js'
import type { Attributes, AttrValue } from '../model/span.js'
import { base64FromBytes } from './ids.js'
import { numberFromDouble, numberFromInt64 } from './int64.js'
import { isRecord, readField } from './read-field.js'

/** Deepest `AnyValue` nesting accepted, the same in the JSON and the protobuf decoders. */
export const MAX_ANY_VALUE_DEPTH = 32

/** Why a value nested too deep is refused (the span or data point holding it is rejected). */
export function anyValueTooDeep(): AppError {
  return new AppError(
    'OTLP_DECODE_FAILED',
    `an attribute value is nested deeper than ${MAX_ANY_VALUE_DEPTH} levels`
  )
}

/**
 * Decodes an OTLP `AnyValue` into an attribute value: `intValue` (a decimal string in JSON)
 * becomes a number, `bytesValue` a base64 string, arrays and key-value lists nest. An empty or
 * unrecognised value is `null`. Throws `OTLP_DECODE_FAILED` past {@link MAX_ANY_VALUE_DEPTH}
 * levels; the decoders turn that into a reject of the item holding the value.
 */
export function decodeAnyValue(value: unknown, depth = 0): AttrValue {
  if (depth > MAX_ANY_VALUE_DEPTH) {
    throw anyValueTooDeep()
  }
  if (!isRecord(value)) {
    return null
  }
  // The common shapes first, read directly: the generic reads below give the same values.
  const direct = value['stringValue']
  if (typeof direct === 'string') {
    return direct
  }
  const str = readField(value, 'stringValue', 'string_value')
  if (str != null) {
    return String(str)
  }
  const int = readField(value, 'intValue', 'int_value')
  if (int != null) {
    return numberFromInt64(int)
  }
  const dbl = readField(value, 'doubleValue', 'double_value')
  if (dbl != null) {
    return numberFromDouble(dbl)
  }
  const bool = readField(value, 'boolValue', 'bool_value')
  if (bool != null) {
    return bool === true || bool === 'true'
  }
  const arr = readField(value, 'arrayValue', 'array_value')
  if (arr != null) {
    const values = isRecord(arr) ? arr['values'] : null
    return Array.isArray(values) ? values.map((v) => decodeAnyValue(v, depth + 1)) : []
  }
  const kv = readField(value, 'kvlistValue', 'kvlist_value')
  if (kv != null) {
    const values = isRecord(kv) ? kv['values'] : null
    return decodeKeyValues(values, depth + 1)
  }
  const bytes = readField(value, 'bytesValue', 'bytes_value')
  if (bytes != null) {
    return bytes instanceof Uint8Array ? base64FromBytes(bytes) : String(bytes)
  }
  return null
}

function decodeKeyValues(list: unknown, depth: number): Attributes {
  const out: Attributes = {}
  if (!Array.isArray(list)) {
    return out
  }
  for (let i = 0; i < list.length; i++) {
    const kv: unknown = list[i]
    if (!isRecord(kv)) {
      continue
    }
    const key = kv['key']
    if (typeof key !== 'string') {
      continue
    }
    out[key] = decodeAnyValue(kv['value'], depth)
  }
  return out
}

/**
 * Decodes an OTLP `repeated KeyValue` into a flat attribute map (later keys win). Throws
 * `OTLP_DECODE_FAILED` for a value nested deeper than {@link MAX_ANY_VALUE_DEPTH}.
 */
export function decodeAttributes(list: unknown): Attributes {
  return decodeKeyValues(list, 0)
}
