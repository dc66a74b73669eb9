/**
 * Caddy's JSON logs. Caddy's access log (`handled request`) has no upstream; its reverse proxy
 * writes one `upstream roundtrip` line per attempt at DEBUG level (the upstream, the time to its
 * response headers). With both loggers in one file (docs/proxies.md), a request's attempts are
 * the roundtrip lines of its client connection (remote address and port) before its access line.
 *
 * ```
 * roundtrip  ts − duration |--- duration ---| ts         (headers from the upstream)
 * access     ts − duration |··························· duration ·········| ts (end)
 * upstream                 |==================================================|
 * ```
 *
 * Without roundtrip lines (DEBUG off) a request has no upstream call: its `gateway.upstream`
 * stage and replica are unknown, not guessed.
 */
import { asMicros, type Micros } from '../model/units.js'
import { setNewest } from '../lru.js'
import {
  microsFromIsoText,
  withinSpanBounds,
  pathOf,
  secondsToMicros,
  statusOf,
  type AccessLogReader,
  type LineResult,
  type UpstreamAttempt,
} from './record.js'

type Json = Record<string, unknown>

/** Client connections whose roundtrip lines wait for their access line. */
const MAX_PENDING_CONNECTIONS = 10_000

function timeOf(ts: unknown): Micros | null {
  if (typeof ts === 'number' && Number.isFinite(ts)) {
    return withinSpanBounds(Math.round(ts * 1e6))
  }
  return typeof ts === 'string' ? microsFromIsoText(ts) : null
}

function obj(v: unknown): Json | null {
  return typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Json) : null
}

function str(v: unknown): string | null {
  return typeof v === 'string' && v !== '' ? v : null
}

function connectionOf(request: Json | null): string | null {
  if (request === null) {
    return null
  }
  const ip = str(request['remote_ip'])
  const port = str(request['remote_port'])
  return ip === null ? null : `${ip}:${port ?? ''}`
}

interface PendingAttempt {
  upstream: string
  startUs: Micros
  headerUs: Micros
  status: number | null
}

function headerValue(request: Json | null, name: string): string | null {
  const headers = obj(request?.['headers'])
  if (headers === null) {
    return null
  }
  for (const [k, v] of Object.entries(headers)) {
    if (k.toLowerCase() === name && Array.isArray(v) && typeof v[0] === 'string') {
      return v[0]
    }
  }
  return null
}

export function createCaddyReader(): AccessLogReader {
  const pending = new Map<string, PendingAttempt[]>()
  return {
    read(line: string): LineResult {
      let parsed: unknown
      try {
        parsed = JSON.parse(line)
      } catch {
        return 'not a JSON object'
      }
      const o = obj(parsed)
      if (o === null) {
        return 'not a JSON object'
      }
      const msg = o['msg']
      const logger = typeof o['logger'] === 'string' ? o['logger'] : ''
      const request = obj(o['request'])
      if (msg === 'upstream roundtrip') {
        const key = connectionOf(request)
        const ts = timeOf(o['ts'])
        const duration = secondsToMicros(o['duration'] as number)
        const upstream = str(o['upstream'])
        if (key === null || ts === null || duration === null || upstream === null) {
          return 'upstream roundtrip line without ts, duration, upstream or request address'
        }
        const list = pending.get(key) ?? []
        list.push({
          upstream,
          startUs: asMicros(ts - duration),
          headerUs: duration,
          status: statusOf(o['status'] as number),
        })
        setNewest(pending, key, list, MAX_PENDING_CONNECTIONS)
        return null
      }
      if (msg !== 'handled request' || !logger.startsWith('http.log.access')) {
        return null // Caddy's other log lines (startup, TLS, "selected upstream").
      }
      const endUs = timeOf(o['ts'])
      const durationUs = secondsToMicros(o['duration'] as number)
      if (endUs === null || durationUs === null || request === null) {
        return 'handled request line without ts, duration or request'
      }
      const startUs = asMicros(endUs - durationUs)
      const key = connectionOf(request)
      const attempts = key === null ? [] : (pending.get(key) ?? [])
      if (key !== null) {
        pending.delete(key)
      }
      const status = statusOf(o['status'] as number)
      const upstreams: UpstreamAttempt[] = attempts
        .filter((a) => a.startUs >= startUs - 1000 && a.startUs <= endUs)
        .map((a, i, all) => ({
          upstream: a.upstream,
          startUs: asMicros(Math.max(startUs, a.startUs)),
          endUs: i === all.length - 1 ? endUs : (all[i + 1] as PendingAttempt).startUs,
          connectUs: null,
          headerUs: a.headerUs,
          status: a.status,
          startAssumed: false,
        }))
      return {
        proxy: 'caddy',
        startUs,
        endUs,
        method: str(request['method']),
        path: pathOf(str(request['uri'])),
        protocol: str(request['proto']),
        status,
        queue: null,
        upstreams,
        retries: null,
        gateway: null,
        requestId: headerValue(request, 'x-request-id'),
        extra: {},
      }
    },
  }
}
