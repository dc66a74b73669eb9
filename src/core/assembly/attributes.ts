/**
 * Typed readers over decoded attribute maps. Exporters disagree on types (OTLP/JSON sends 64-bit
 * integers as decimal strings, some SDKs send numbers as strings), so numeric and boolean
 * readers accept their string forms too.
 */
import type { Attributes, AttrValue } from '../model/span.js'
import { microsFromSeconds, type Micros } from '../model/units.js'

/** A finite number, or `null` when absent or not numeric. */
export function readNumber(attrs: Attributes, key: string): number | null {
  const value: AttrValue | undefined = attrs[key]
  if (typeof value === 'number') {
    return Number.isFinite(value) ? value : null
  }
  if (typeof value === 'string' && value.trim() !== '') {
    const n = Number(value)
    return Number.isFinite(n) ? n : null
  }
  return null
}

/** A non-negative integer count (tokens, retries), or `null`. */
export function readCount(attrs: Attributes, key: string): number | null {
  const n = readNumber(attrs, key)
  return n !== null && n >= 0 ? Math.round(n) : null
}

/** A non-empty string (numbers are stringified, e.g. a numeric pid or tenant id), or `null`. */
export function readString(attrs: Attributes, key: string): string | null {
  const value = attrs[key]
  if (typeof value === 'string') {
    return value === '' ? null : value
  }
  if (typeof value === 'number' && Number.isFinite(value)) {
    return String(value)
  }
  return null
}

/** A boolean (also from `"true"`/`"false"`), or `null`. */
export function readBoolean(attrs: Attributes, key: string): boolean | null {
  const value = attrs[key]
  if (typeof value === 'boolean') {
    return value
  }
  if (value === 'true') {
    return true
  }
  if (value === 'false') {
    return false
  }
  return null
}

/** A non-negative duration given in float seconds, converted to µs; `null` when absent or negative. */
export function readSecondsAsMicros(attrs: Attributes, key: string): Micros | null {
  const seconds = readNumber(attrs, key)
  return seconds !== null && seconds >= 0 ? microsFromSeconds(seconds) : null
}
