/**
 * What the OTLP listeners refused and which clients gave up, counted for `/api/health` and logged
 * as rates once per interval, never once per request: under overload a line per refusal would
 * cost the CPU the refusals are there to save, and bury the log.
 *
 * A client that gave up is one whose connection (HTTP) or call (gRPC) closed before its answer
 * was sent, typically an exporter's 10 s timeout. Its batch may still have been stored: the
 * exporter resends it, and the resend is stored once while its trace is pending.
 */
import type { Logger } from '../core/logger.js'

export type OtlpProtocol = 'http' | 'grpc'

export interface IngestTrafficCounters {
  /** Requests answered with an error a client should retry (429/503, RESOURCE_EXHAUSTED/UNAVAILABLE), by error code. */
  refused: Record<string, number>
  /** The same requests by the rule that refused them (`admission-window`, `memory`, …; `other` when unnamed). */
  refusedByReason: Record<string, number>
  /** Requests whose client left before the answer. */
  clientsGaveUp: number
}

export interface IngestTraffic {
  refused(code: string, protocol: OtlpProtocol, reason?: string | null): void
  clientGaveUp(protocol: OtlpProtocol): void
  counters(): IngestTrafficCounters
  /** Logs the interval's refusals and departures (if any) and starts a new interval. */
  report(): void
  close(): void
}

export interface IngestTrafficOptions {
  logger: Logger
  now: () => number
  /** Length of one logged interval (ms, default 10 000); 0: no timer (call `report`). */
  intervalMs?: number
}

function perSecond(n: number, ms: number): number {
  return Math.round((n / Math.max(1, ms / 1000)) * 10) / 10
}

/** Creates the counters and their periodic log line. */
export function createIngestTraffic(options: IngestTrafficOptions): IngestTraffic {
  const { logger, now } = options
  const intervalMs = options.intervalMs ?? 10_000
  const total: IngestTrafficCounters = { refused: {}, refusedByReason: {}, clientsGaveUp: 0 }
  let window = { refused: new Map<string, number>(), gaveUp: new Map<OtlpProtocol, number>() }
  let windowStart = now()

  const report = (): void => {
    const t = now()
    const ms = t - windowStart
    const { refused, gaveUp } = window
    window = { refused: new Map(), gaveUp: new Map() }
    windowStart = t
    if (refused.size > 0) {
      const count = [...refused.values()].reduce((a, b) => a + b, 0)
      logger.warn('OTLP ingest refused requests (clients retry them)', {
        seconds: Math.round(ms / 100) / 10,
        refused: count,
        per_s: perSecond(count, ms),
        by_reason: Object.fromEntries(refused),
      })
    }
    if (gaveUp.size > 0) {
      const count = [...gaveUp.values()].reduce((a, b) => a + b, 0)
      logger.warn(
        'OTLP clients gave up before their answer (exporter timeout?); they resend, a resend is stored once',
        {
          seconds: Math.round(ms / 100) / 10,
          clients: count,
          per_s: perSecond(count, ms),
          by_protocol: Object.fromEntries(gaveUp),
        }
      )
    }
  }

  const timer = intervalMs > 0 ? setInterval(report, intervalMs) : null
  timer?.unref()

  return {
    refused(code, protocol, reason) {
      total.refused[code] = (total.refused[code] ?? 0) + 1
      const rule = reason ?? 'other'
      total.refusedByReason[rule] = (total.refusedByReason[rule] ?? 0) + 1
      const key = `${protocol}:${code}`
      window.refused.set(key, (window.refused.get(key) ?? 0) + 1)
    },
    clientGaveUp(protocol) {
      total.clientsGaveUp++
      window.gaveUp.set(protocol, (window.gaveUp.get(protocol) ?? 0) + 1)
    },
    counters() {
      return {
        refused: { ...total.refused },
        refusedByReason: { ...total.refusedByReason },
        clientsGaveUp: total.clientsGaveUp,
      }
    },
    report,
    close() {
      if (timer !== null) {
        clearInterval(timer)
      }
      report()
    },
  }
}
