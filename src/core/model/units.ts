/**
 * Every time inside `core` is a branded `Micros`: epoch timestamps and durations alike.
 * Epoch microseconds stay below 2^53 for roughly 200 more years, so a plain double holds them
 * exactly. Milliseconds appear only at the edges (display, JSON output, query parameters).
 */
export type Micros = number & { readonly __unit: 'micros' }

/** Wraps a number already in microseconds. */
export function asMicros(us: number): Micros {
  return us as Micros
}

/** Converts milliseconds to microseconds (rounded to whole µs). */
export function microsFromMillis(ms: number): Micros {
  return Math.round(ms * 1000) as Micros
}

/** Converts float seconds (vLLM `gen_ai.latency.*`, probe `tokenline.client.*`) to microseconds. */
export function microsFromSeconds(seconds: number): Micros {
  return Math.round(seconds * 1_000_000) as Micros
}

/**
 * Parses an OTLP `*UnixNano` value (decimal string, number or bigint) into epoch microseconds.
 * Returns `null` when the value is not a non-negative integer.
 */
export function microsFromUnixNano(value: string | number | bigint): Micros | null {
  try {
    let ns: bigint
    if (typeof value === 'bigint') {
      ns = value
    } else if (typeof value === 'number') {
      if (!Number.isFinite(value) || value < 0) {
        return null
      }
      // Numbers past 2^53 have already lost precision upstream; microsecond resolution survives.
      return Math.round(value / 1000) as Micros
    } else {
      const len = value.length
      if (len === 0 || len > 20) {
        return null
      }
      for (let i = 0; i < len; i++) {
        const c = value.charCodeAt(i)
        if (c < 48 || c > 57) {
          return null
        }
      }
      // µs are the digits but the last three. Number() of those is exact up to 2^53 (past
      // year 2255), which skips a BigInt per time on the decode path; later times take it.
      if (len <= 3) {
        return 0 as Micros
      }
      const us = Number(value.slice(0, len - 3))
      if (us <= Number.MAX_SAFE_INTEGER) {
        return us as Micros
      }
      ns = BigInt(value)
    }
    if (ns < 0n) {
      return null
    }
    return Number(ns / 1000n) as Micros
  } catch {
    return null
  }
}

/** Converts microseconds to float milliseconds for display and JSON output. */
export function millisFromMicros(us: Micros): number {
  return us / 1000
}

/** RFC 3339 text of an epoch-µs timestamp (millisecond precision, UTC). */
export function isoFromMicros(us: Micros): string {
  return new Date(Math.floor(us / 1000)).toISOString()
}

/** Parses RFC 3339 text into epoch µs, or `null`. */
export function microsFromIso(text: string): Micros | null {
  const ms = Date.parse(text)
  if (Number.isNaN(ms)) {
    return null
  }
  // Keep sub-millisecond digits when present (".123456Z").
  const frac = /\.(\d{4,9})/.exec(text)
  if (frac?.[1]) {
    const us = Number(frac[1].padEnd(6, '0').slice(0, 6))
    return (Math.floor(ms / 1000) * 1_000_000 + us) as Micros
  }
  return (ms * 1000) as Micros
}
