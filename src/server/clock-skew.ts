/**
 * How far each producer's clock seems to be from the server's, for `/api/health`: a producer
 * whose spans end an hour "in the future" has a clock ahead (those past `ingest.maxFutureSkewMs`
 * are rejected span by span and counted here); one whose freshest span ended an hour before it
 * arrived has a clock behind, or exports an hour late. Both are accepted otherwise: the request
 * timeline uses durations within one producer (ADR 0021), and only its place on the time axis
 * moves.
 *
 * The estimate per `service.name` is arrival time minus the end of the freshest span of its
 * latest batch, negated: positive = the producer's clock ahead. An export delay makes it look
 * behind by that delay, so only offsets past `reportAfterMs` are shown.
 */
import type { Span } from '../core/model/span.js'
import type { OtlpReject } from '../core/otlp/wire-types.js'

export interface ProducerSkew {
  service: string | null
  /** Estimated producer clock minus server clock (ms); an estimate, see above. */
  estimated_skew_ms: number
  /** Server time of the batch it comes from (epoch ms). */
  seen_at_ms: number
}

export interface ClockSkewReport {
  /** Spans rejected for ending later than the server clock plus `ingest.maxFutureSkewMs`. */
  spans_rejected_future: number
  /** Producers whose estimated offset is past `reportAfterMs`, largest first. */
  producers: ProducerSkew[]
  /** The threshold used (ms). */
  shown_beyond_ms: number
}

export interface ClockSkewTracker {
  observe(spans: readonly Span[], receivedMs: number): void
  observeRejects(rejected: readonly OtlpReject[]): void
  report(): ClockSkewReport
}

/** Producers remembered, so odd service names cannot grow the map without bound. */
const MAX_PRODUCERS = 200
const FUTURE_REJECT = /maxFutureSkewMs/

/** A tracker that shows offsets beyond `reportAfterMs` (default 60 s). */
export function createClockSkewTracker(reportAfterMs = 60_000): ClockSkewTracker {
  const producers = new Map<string, ProducerSkew>()
  let rejectedFuture = 0
  return {
    observe(spans, receivedMs) {
      // The freshest end per service in this batch (most batches hold one service).
      const newest = new Map<string | null, number>()
      for (const s of spans) {
        const name = s.resource['service.name']
        const service = typeof name === 'string' ? name : null
        const end = s.endUs
        const known = newest.get(service)
        if (known === undefined || end > known) {
          newest.set(service, end)
        }
      }
      for (const [service, endUs] of newest) {
        const key = service ?? ''
        if (!producers.has(key) && producers.size >= MAX_PRODUCERS) {
          continue
        }
        producers.set(key, {
          service,
          estimated_skew_ms: Math.round(endUs / 1000 - receivedMs),
          seen_at_ms: receivedMs,
        })
      }
    },
    observeRejects(rejected) {
      for (const r of rejected) {
        if (FUTURE_REJECT.test(r.reason)) {
          rejectedFuture++
        }
      }
    },
    report() {
      return {
        spans_rejected_future: rejectedFuture,
        producers: [...producers.values()]
          .filter((p) => Math.abs(p.estimated_skew_ms) > reportAfterMs)
          .sort((a, b) => Math.abs(b.estimated_skew_ms) - Math.abs(a.estimated_skew_ms))
          .slice(0, 20),
        shown_beyond_ms: reportAfterMs,
      }
    },
  }
}
