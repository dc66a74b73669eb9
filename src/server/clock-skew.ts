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
 * behind by that delay, so only offsets past `reportAfterMs` are shown. A rejected span counts
 * in that batch too (its time is read from the reject), so a producer whose every span is
 * refused is named, with its estimate and how many of its spans were refused.
 */
import type { Span } from '../core/model/span.js'
import { futureTimeMsOf } from '../core/otlp/time-bounds.js'
import type { OtlpReject } from '../core/otlp/wire-types.js'

export interface ProducerSkew {
  service: string | null
  /** Estimated producer clock minus server clock (ms); an estimate, see above. */
  estimated_skew_ms: number
  /** Server time of the batch it comes from (epoch ms). */
  seen_at_ms: number
  /** Its spans rejected for ending past the server clock plus `ingest.maxFutureSkewMs`. */
  spans_rejected_future: number
}

export interface ClockSkewReport {
  /** Spans rejected for ending later than the server clock plus `ingest.maxFutureSkewMs`. */
  spans_rejected_future: number
  /**
   * Producers whose estimated offset is past `reportAfterMs`, or with spans rejected, largest
   * offset first, at most {@link SHOWN_PRODUCERS}.
   */
  producers: ProducerSkew[]
  /** The threshold used (ms). */
  shown_beyond_ms: number
}

export interface ClockSkewTracker {
  observe(spans: readonly Span[], receivedMs: number): void
  /** The rejects of the batch just passed to `observe`, with the same `receivedMs`. */
  observeRejects(rejected: readonly OtlpReject[], receivedMs: number): void
  report(): ClockSkewReport
}

/** Producers remembered, so odd service names cannot grow the map without bound. */
const MAX_PRODUCERS = 200
/** Producers shown in the report. */
export const SHOWN_PRODUCERS = 20

/** A tracker that shows offsets beyond `reportAfterMs` (default 60 s). */
export function createClockSkewTracker(reportAfterMs = 60_000): ClockSkewTracker {
  const producers = new Map<string, ProducerSkew>()
  let rejectedFuture = 0

  /** Takes `endMs` as the freshest time of `service`'s batch received at `receivedMs`. */
  const seen = (service: string | null, endMs: number, receivedMs: number, refused: number) => {
    const key = service ?? ''
    const known = producers.get(key)
    if (known === undefined) {
      if (producers.size >= MAX_PRODUCERS) {
        return
      }
      producers.set(key, {
        service,
        estimated_skew_ms: Math.round(endMs - receivedMs),
        seen_at_ms: receivedMs,
        spans_rejected_future: refused,
      })
      return
    }
    known.spans_rejected_future += refused
    const skewMs = Math.round(endMs - receivedMs)
    // A later batch replaces the estimate; within one batch the freshest span wins.
    if (receivedMs > known.seen_at_ms || skewMs > known.estimated_skew_ms) {
      known.estimated_skew_ms = skewMs
      known.seen_at_ms = receivedMs
    }
  }

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
        seen(service, endUs / 1000, receivedMs, 0)
      }
    },
    observeRejects(rejected, receivedMs) {
      const newest = new Map<string | null, { endMs: number; refused: number }>()
      for (const r of rejected) {
        const atMs = futureTimeMsOf(r.reason)
        if (atMs === null) {
          continue
        }
        rejectedFuture++
        const service = r.service ?? null
        const known = newest.get(service)
        if (known === undefined) {
          newest.set(service, { endMs: atMs, refused: 1 })
        } else {
          known.endMs = Math.max(known.endMs, atMs)
          known.refused++
        }
      }
      for (const [service, { endMs, refused }] of newest) {
        seen(service, endMs, receivedMs, refused)
      }
    },
    report() {
      return {
        spans_rejected_future: rejectedFuture,
        producers: [...producers.values()]
          .filter(
            (p) => Math.abs(p.estimated_skew_ms) > reportAfterMs || p.spans_rejected_future > 0
          )
          .sort((a, b) => Math.abs(b.estimated_skew_ms) - Math.abs(a.estimated_skew_ms))
          .slice(0, SHOWN_PRODUCERS)
          .map((p) => ({ ...p })),
        shown_beyond_ms: reportAfterMs,
      }
    },
  }
}
