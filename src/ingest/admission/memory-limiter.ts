/**
 * Refuses ingest before the process passes its memory budget, as the OpenTelemetry Collector's
 * `memory_limiter` does: above the soft limit (the budget minus a spike allowance, 20 % by
 * default as in the Collector) every new batch is answered 503 with `Retry-After`, which OTLP
 * exporters retry, until memory falls back. Resident set size is read at most every
 * `checkIntervalMs`, so the check costs nothing per request.
 *
 * Refusing alone frees nothing that the store holds: DuckDB keeps the rows written since its last
 * checkpoint in memory until the next one, which only more writes would trigger. So above the soft
 * limit the limiter also asks for `relieve` (a checkpoint), at most once per `reliefIntervalMs`,
 * as the Collector's limiter forces a garbage collection (ADR 0130).
 *
 * Refusing helps only while ingest holds something whose drain brings memory down. In an hour at
 * 0.8× capacity the resident set settled at the soft limit with nothing queued or in flight
 * (allocator pages, DuckDB's cache, code): refusal freed nothing, and goodput fell to 0 for up to a
 * minute at a time, 17 times. So between the soft limit and the budget, with `inFlightRequests`
 * given, a body is still admitted while fewer than `ABOVE_SOFT_IN_FLIGHT` others are unanswered:
 * ingest goes on one body read while one is written, and what it holds stays bounded by that.
 * At or above the budget itself every body is refused (ADR 0300).
 */
import { AppError } from '../../core/errors.js'

export interface MemoryLimiterOptions {
  /** Budget for the resident set size (bytes); 0 turns the limiter off. */
  limitBytes: number
  /** Share of the budget kept free for the batches already accepted (default 0.2). */
  spikeShare?: number
  /** Resident set size now (bytes); `process.memoryUsage.rss` in production, a fake in tests. */
  readRssBytes: () => number
  /** Wall clock, epoch ms. */
  now: () => number
  /** How long one reading is trusted (ms, default 100). */
  checkIntervalMs?: number
  /** Seconds sent in `Retry-After` (default 2). */
  retryAfterSeconds?: number
  /** Frees what the store holds (a checkpoint); called above the soft limit. */
  relieve?: () => Promise<void>
  /** Least time between two reliefs (ms, default 5000). */
  reliefIntervalMs?: number
  /** Receives a failed relief (default: ignored, the next one is tried). */
  onReliefError?: (err: unknown) => void
  /**
   * Bodies admitted and not yet answered. Given, a body is admitted between the soft limit and the
   * budget while fewer than `ABOVE_SOFT_IN_FLIGHT` others are; absent, every body above the soft
   * limit is refused.
   */
  inFlightRequests?: () => number
}

/** Bodies unanswered at most above the soft limit: one written while the next is read. */
export const ABOVE_SOFT_IN_FLIGHT = 2

export interface MemoryLimiter {
  /**
   * Throws `INGEST_MEMORY_LIMITED` (503 + Retry-After) when memory is above the soft limit and the
   * body would not be admitted there; `own` is how many of the unanswered bodies are the caller's
   * (0 before a body is admitted, 1 once it has been).
   */
  check(own?: number): void
  /** Bodies admitted between the soft limit and the budget so far. */
  admittedAboveSoft(): number
  /** The last reading (bytes), for counters. */
  lastRssBytes(): number
  /** The soft limit (bytes), 0 when off. */
  softLimitBytes(): number
  /** Reliefs asked for so far. */
  reliefs(): number
}

/** Creates a limiter; with `limitBytes` 0 `check()` never refuses. */
export function createMemoryLimiter(options: MemoryLimiterOptions): MemoryLimiter {
  const { limitBytes, readRssBytes, now } = options
  const softBytes = limitBytes * (1 - (options.spikeShare ?? 0.2))
  const intervalMs = options.checkIntervalMs ?? 100
  const retryAfterSeconds = options.retryAfterSeconds ?? 2
  const reliefIntervalMs = options.reliefIntervalMs ?? 5000
  let rss = 0
  let readAtMs = Number.NEGATIVE_INFINITY
  let reliefAtMs = Number.NEGATIVE_INFINITY
  let relieving = false
  let reliefs = 0
  let aboveSoft = 0
  const relieve = (t: number): void => {
    if (options.relieve === undefined || relieving || t - reliefAtMs < reliefIntervalMs) {
      return
    }
    relieving = true
    reliefAtMs = t
    reliefs++
    options
      .relieve()
      .catch((err: unknown) => options.onReliefError?.(err))
      .finally(() => {
        relieving = false
        // Read again at the next check: the relief may have freed the memory.
        readAtMs = Number.NEGATIVE_INFINITY
      })
  }
  return {
    check(own = 0) {
      if (limitBytes <= 0) {
        return
      }
      const t = now()
      if (t - readAtMs >= intervalMs) {
        rss = readRssBytes()
        readAtMs = t
      }
      if (rss >= softBytes) {
        relieve(t)
        if (
          rss < limitBytes &&
          options.inFlightRequests !== undefined &&
          options.inFlightRequests() - own < ABOVE_SOFT_IN_FLIGHT
        ) {
          aboveSoft++
          return
        }
        throw new AppError(
          'INGEST_MEMORY_LIMITED',
          `ingest is refusing data while memory is high: resident set ${Math.round(rss / 1048576)} MiB, soft limit ${Math.round(softBytes / 1048576)} MiB of ingest.memoryLimitBytes ${Math.round(limitBytes / 1048576)} MiB; retry after ${retryAfterSeconds} s`,
          { retryAfterSeconds, reason: 'memory' }
        )
      }
    },
    lastRssBytes() {
      return rss
    },
    softLimitBytes() {
      return limitBytes > 0 ? softBytes : 0
    },
    reliefs() {
      return reliefs
    },
    admittedAboveSoft() {
      return aboveSoft
    },
  }
}
