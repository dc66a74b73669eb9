/**
 * One line of a proxy's access log, read into what Tokenline needs of it: when the request ran,
 * what it asked for, how it ended, how long it waited for a connection slot and each upstream
 * attempt. A time the log cannot know is `null`, never 0.
 */
import { asMicros, type Micros } from '../model/units.js'
import { MAX_INT64_TIME_US } from '../otlp/time-bounds.js'

/** The access-log formats Tokenline reads (docs/proxies.md). */
export const ACCESS_LOG_FORMATS = [
  'nginx',
  'nginx-json',
  'haproxy',
  'envoy',
  'envoy-json',
  'caddy-json',
] as const

export type AccessLogFormat = (typeof ACCESS_LOG_FORMATS)[number]

/** Which proxy wrote a record (its resource `service.name`). */
export type ProxyKind = 'nginx' | 'haproxy' | 'envoy' | 'caddy'

/** One try of the proxy to get the response from an upstream. */
export interface UpstreamAttempt {
  /** The upstream as the proxy names it: `host:port`, or HAProxy's server name. */
  upstream: string
  startUs: Micros
  endUs: Micros
  /** Connection set-up, from the attempt's start (`null`: not in the log). */
  connectUs: Micros | null
  /** The attempt's start to the upstream's response headers. */
  headerUs: Micros | null
  status: number | null
  /** The start was not in the log: the attempt is taken to run from the request's start. */
  startAssumed: boolean
}

export interface AccessLogRecord {
  proxy: ProxyKind
  startUs: Micros
  endUs: Micros
  method: string | null
  /** Path without query string. */
  path: string | null
  protocol: string | null
  status: number | null
  /** Waiting for a connection slot to an upstream (HAProxy `Tw`); `null`: not in the log. */
  queue: { startUs: Micros; endUs: Micros } | null
  upstreams: UpstreamAttempt[]
  /** Resends the proxy counted itself (HAProxy `%rc`); else attempts − 1 is used. */
  retries: number | null
  /** The proxy instance or front (HAProxy frontend, syslog host), when the line names it. */
  gateway: string | null
  requestId: string | null
  /** Proxy-specific facts kept as span attributes (termination state, response flags). */
  extra: Record<string, string | number>
}

/** What a line reader says about one line: a record, nothing to keep, or why it was refused. */
export type LineResult = AccessLogRecord | null | string

/** Reads one format, line by line; may keep state across lines (Caddy's upstream lines). */
export interface AccessLogReader {
  read(line: string): LineResult
}

/** Path without query or fragment; `null` for an empty or `-` value. */
export function pathOf(uri: string | null): string | null {
  if (uri === null || uri === '' || uri === '-') {
    return null
  }
  let path = uri
  const full = /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*([^?#]*)/i.exec(uri)
  if (full !== null) {
    path = full[1] ?? ''
  }
  const q = path.search(/[?#]/)
  const clean = q >= 0 ? path.slice(0, q) : path
  return clean === '' ? '/' : clean
}

/** `METHOD URI PROTOCOL` of a request line (`"-"` or a bad request gives nulls). */
export function splitRequestLine(line: string): {
  method: string | null
  path: string | null
  protocol: string | null
} {
  const m = /^([A-Z]+) (\S+)(?: (\S+))?$/.exec(line)
  if (m === null) {
    return { method: null, path: null, protocol: null }
  }
  return { method: m[1] ?? null, path: pathOf(m[2] ?? null), protocol: m[3] ?? null }
}

/** Seconds as written by a proxy (`0.123`) → µs; `null` for `-`, empty or not a number. */
export function secondsToMicros(text: string | number | null | undefined): Micros | null {
  if (text === null || text === undefined) {
    return null
  }
  const v = typeof text === 'number' ? text : text.trim() === '' ? NaN : Number(text)
  return Number.isFinite(v) && v >= 0 ? asMicros(Math.round(v * 1e6)) : null
}

/** Milliseconds (`226`) → µs; `null` for `-`, empty, negative or not a number. */
export function millisToMicros(text: string | number | null | undefined): Micros | null {
  if (text === null || text === undefined) {
    return null
  }
  const v = typeof text === 'number' ? text : text.trim() === '' ? NaN : Number(text)
  return Number.isFinite(v) && v >= 0 ? asMicros(Math.round(v * 1000)) : null
}

/** An HTTP status (100–599), else `null` (`-`, `0`: no response was sent). */
export function statusOf(text: string | number | null | undefined): number | null {
  const v = typeof text === 'number' ? text : Number(text)
  return Number.isInteger(v) && v >= 100 && v <= 599 ? v : null
}

const MONTHS: Readonly<Record<string, number>> = {
  Jan: 0,
  Feb: 1,
  Mar: 2,
  Apr: 3,
  May: 4,
  Jun: 5,
  Jul: 6,
  Aug: 7,
  Sep: 8,
  Oct: 9,
  Nov: 10,
  Dec: 11,
}

/**
 * A log time within a span's bounds (after 1970, before 2262), else null: the line is then
 * rejected as one with a bad date. A line dated year 1 or 9999 stretched the window of
 * `diagnose` over its file across eight thousand years (ADR 0497).
 */
export function withinSpanBounds(us: number): Micros | null {
  return us > 0 && us <= MAX_INT64_TIME_US ? asMicros(us) : null
}

/**
 * `01/Dec/2026:19:23:37[.759][ +0100]` (nginx `$time_local`, HAProxy `%tr`) → epoch µs. A time
 * without an offset (HAProxy writes local time) is read as UTC (docs/proxies.md).
 */
export function microsFromClfDate(text: string): Micros | null {
  const m =
    /^(\d{2})\/([A-Z][a-z]{2})\/(\d{4}):(\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,6}))?(?: ([+-])(\d{2})(\d{2}))?$/.exec(
      text
    )
  if (m === null) {
    return null
  }
  const month = MONTHS[m[2] as string]
  if (month === undefined) {
    return null
  }
  const year = Number(m[3])
  // Date.UTC reads the years 0–99 as 1900–1999: year 1 would pass as 1901.
  if (year < 1970) {
    return null
  }
  const ms = Date.UTC(year, month, Number(m[1]), Number(m[4]), Number(m[5]), Number(m[6]))
  const frac = m[7] === undefined ? 0 : Number((m[7] + '000000').slice(0, 6))
  const offsetMin =
    m[8] === undefined ? 0 : (m[8] === '-' ? -1 : 1) * (Number(m[9]) * 60 + Number(m[10]))
  return Number.isFinite(ms) ? withinSpanBounds((ms - offsetMin * 60_000) * 1000 + frac) : null
}

/** RFC 3339 / ISO 8601 with sub-second digits kept to the µs (Date.parse stops at ms). */
export function microsFromIsoText(text: string): Micros | null {
  const m =
    /^(\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}:\d{2})(?:[.,](\d{1,9}))?(Z|[+-]\d{2}:?\d{2})?$/.exec(
      text.trim()
    )
  if (m === null) {
    return null
  }
  let zone = m[3] ?? 'Z'
  if (/^[+-]\d{4}$/.test(zone)) {
    zone = `${zone.slice(0, 3)}:${zone.slice(3)}`
  }
  const ms = Date.parse(`${(m[1] as string).replace(' ', 'T')}${zone}`)
  if (!Number.isFinite(ms)) {
    return null
  }
  const frac = m[2] === undefined ? 0 : Number((m[2] + '000000').slice(0, 6))
  return withinSpanBounds(ms * 1000 + frac)
}
