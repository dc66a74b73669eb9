import { microsFromUnixNano, type Micros } from '../model/units.js'
import type { OtlpLongLike } from './wire-types.js'

const TWO_32 = 4294967296

function isLongLike(value: unknown): value is OtlpLongLike {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as OtlpLongLike).low === 'number' &&
    typeof (value as OtlpLongLike).high === 'number'
  )
}

/**
 * Whole µs of an unsigned 64-bit nanosecond count given as its two 32-bit halves (a protobuf
 * `Long`, or a fixed64 read straight from the wire), rounded down. 0 stays 0: the caller decides
 * what "unset" means.
 */
export function microsFromLowHigh(low: number, high: number): Micros {
  const h = high >>> 0
  // ns = high·2^32 + low overflows 2^53, so split 2^32 = 4294967·1000 + 296 and stay exact.
  return (h * 4294967 + Math.floor((h * 296 + (low >>> 0)) / 1000)) as Micros
}

/**
 * Epoch µs from an OTLP `*UnixNano` value: decimal string, number, bigint or a protobuf
 * `Long`. Returns `null` for anything else, for negatives and for 0 (OTLP's "unset").
 */
export function microsFromOtlpTime(value: unknown): Micros | null {
  if (isLongLike(value)) {
    const us = microsFromLowHigh(value.low, value.high)
    return us > 0 ? us : null
  }
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'bigint') {
    const us = microsFromUnixNano(value)
    return us !== null && us > 0 ? us : null
  }
  return null
}

/**
 * A 64-bit integer (decimal string, number, bigint or `Long`) as a JS number; precision past
 * 2^53 is lost, which no counter or attribute Tokenline reads comes near. `null` when it is
 * not an integer.
 */
export function numberFromInt64(value: unknown): number | null {
  if (typeof value === 'number') {
    return Number.isFinite(value) ? value : null
  }
  if (typeof value === 'string') {
    if (!/^-?\d+$/.test(value)) {
      return null
    }
    return Number(value)
  }
  if (typeof value === 'bigint') {
    return Number(value)
  }
  if (isLongLike(value)) {
    if (value.unsigned === true) {
      return (value.high >>> 0) * TWO_32 + (value.low >>> 0)
    }
    return value.high * TWO_32 + (value.low >>> 0)
  }
  return null
}

/** A double that proto3 JSON may spell as a string (`"NaN"`, `"Infinity"`, `"1.5"`). */
export function numberFromDouble(value: unknown): number | null {
  if (typeof value === 'number') {
    return value
  }
  if (typeof value === 'string' && value.trim() !== '') {
    const n = Number(value)
    return Number.isNaN(n) && value !== 'NaN' ? null : n
  }
  return null
}
