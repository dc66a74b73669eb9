/**
 * Admission of OTLP requests before their bodies are read. Under overload the CPU spent reading,
 * parsing and decoding bodies is the bottleneck long before the write queue fills, so the queue
 * limits alone let hundreds of requests pile up ahead of it and answer after exporters' 10 s
 * timeout (which makes them resend: duplicates). This bounds the work in flight (bodies admitted
 * and not yet answered) by a window of bytes, refused with a 429 before a byte of the body is
 * read (ADR 0155):
 *
 * ```
 * window = min( max(rate × maxDelayMs, adaptive), maxInFlightBytes )   (the cap alone until measured)
 *   rate      bytes answered per ms of busy time (some request in flight), from recent answers
 *   adaptive  grows by one body per window answered within the target while the window was the
 *             limit; shrinks by a quarter (at most once per target) when answers take longer
 *   target    maxDelayMs, or twice the fastest recent answer when that is slower (at most 4 s)
 * ```
 *
 * The rate alone underestimates: with few bodies admitted, part of the busy time is spent waiting
 * for bodies still being uploaded, so the measured rate, and with it the window, shrank together
 * until the writer idled between bodies (goodput 0.4–0.5× capacity at 10× overload). The
 * adaptive part probes above it for as long as answers stay within the target, as TCP's
 * congestion window does, and backs off when they do not; the rate keeps a floor under it so a
 * stall that is not caused by the load (a checkpoint) does not close the window to one body.
 *
 * One request is always admitted when none is in flight, so a large body is never refused forever.
 */
import { AppError } from '../../core/errors.js'

export interface AdmissionOptions {
  maxInFlightBytes: number
  maxDelayMs: number
  now: () => number
}

export interface Admission {
  /** Admits a body of `bytes` or throws `INGEST_OVERLOADED`; returns its release. */
  admit(bytes: number): () => void
  inFlight(): { requests: number; bytes: number }
  /** Bytes admitted at most now (the window), for counters and tests. */
  windowBytes(): number
}

/** Busy time over which one rate sample is taken (ms). */
const SAMPLE_BUSY_MS = 500
/** Length of one interval of the refused/admitted count behind `Retry-After` (ms). */
const RATIO_INTERVAL_MS = 2000
/** Longest `Retry-After` (s): OTel exporters cap their backoff near 5 s and give up on longer. */
const MAX_RETRY_AFTER_S = 5
/**
 * Where one body alone takes longer than `maxDelayMs` (a 2,000-span batch on a starved host),
 * that target would hold the window at one body, so nothing is read or decoded while the last
 * body is written. The target is then twice the fastest recent answer: one body in service and
 * about one waiting, as a delay-based congestion window keeps. It never passes half the OTLP
 * listeners' 8 s answer deadline.
 */
const MAX_TARGET_MS = 4000
/** Answers over which the fastest is taken. */
const FASTEST_OF = 32
/** Share of the window kept after an answer took longer than the target. */
const DECREASE = 0.75
/** The window grows only while at least this share of it was in use (it was the limit). */
const IN_USE_TO_GROW = 0.7

export function createAdmission(options: AdmissionOptions): Admission {
  const { maxInFlightBytes, maxDelayMs, now } = options
  let bytes = 0
  let requests = 0
  /** Bytes per ms of busy time (EWMA over samples); 0 until measured. */
  let rate = 0
  let busySince = 0
  let sampleBusyMs = 0
  let sampleBytes = 0
  /** The probed part of the window (bytes); 0 until answers first came back late or it grew. */
  let adaptive = 0
  let decreasedAtMs = Number.NEGATIVE_INFINITY

  // Before anything is measured only the bytes cap applies.
  const window = (): number =>
    rate === 0 && adaptive === 0
      ? maxInFlightBytes
      : Math.min(maxInFlightBytes, Math.max(rate * maxDelayMs, adaptive))

  // Refused and admitted requests in this interval and the last: under sustained overload a
  // Retry-After of the drain time alone brings every refused client back within a second, and
  // the refusals themselves then take the CPU the admitted bodies need. Spreading the retries by
  // how many are refused per admitted one keeps the refusal rate near the admission rate.
  let counts = { refused: 0, admitted: 0 }
  let previous = { refused: 0, admitted: 0 }
  let intervalStartMs = now()
  const count = (what: 'refused' | 'admitted', t: number): void => {
    if (t - intervalStartMs >= RATIO_INTERVAL_MS) {
      previous = t - intervalStartMs >= 2 * RATIO_INTERVAL_MS ? { refused: 0, admitted: 0 } : counts
      counts = { refused: 0, admitted: 0 }
      intervalStartMs = t
    }
    counts[what]++
  }
  const retryAfterOf = (drainMs: number): number => {
    const refusedPerAdmitted =
      (counts.refused + previous.refused) / (1 + counts.admitted + previous.admitted)
    const seconds = (drainMs / 1000) * (1 + refusedPerAdmitted)
    return Math.min(MAX_RETRY_AFTER_S, Math.max(1, Math.ceil(seconds)))
  }

  const refuse = (reason: string, why: string, retryAfterSeconds: number): AppError =>
    new AppError(
      'INGEST_OVERLOADED',
      `ingest is busy: ${requests} requests (${(bytes / 1048576).toFixed(1)} MiB) being read, decoded or written; ${why}; retry after ${retryAfterSeconds} s`,
      { retryAfterSeconds, reason }
    )

  const recent: number[] = []
  const targetMs = (): number =>
    Math.min(MAX_TARGET_MS, Math.max(maxDelayMs, 2 * Math.min(...recent)))

  const adapt = (size: number, latencyMs: number, inUseBytes: number, t: number): void => {
    recent.push(latencyMs)
    if (recent.length > FASTEST_OF) {
      recent.shift()
    }
    const current = window()
    const target = targetMs()
    if (latencyMs > target) {
      // One decrease per target: the answers of one overfull window all arrive late together.
      if (t - decreasedAtMs >= target) {
        adaptive = Math.max(size, current * DECREASE)
        decreasedAtMs = t
      }
    } else if (inUseBytes >= IN_USE_TO_GROW * current) {
      adaptive = Math.min(maxInFlightBytes, Math.max(adaptive, current) + (size * size) / current)
    }
  }

  const release = (size: number, admittedAtMs: number, inUseBytes: number): void => {
    const t = now()
    adapt(size, t - admittedAtMs, inUseBytes, t)
    sampleBytes += size
    bytes -= size
    requests--
    if (requests === 0) {
      sampleBusyMs += t - busySince
    }
    const busyMs = sampleBusyMs + (requests > 0 ? t - busySince : 0)
    if (busyMs >= SAMPLE_BUSY_MS) {
      const sample = sampleBytes / busyMs
      rate = rate === 0 ? sample : 0.7 * rate + 0.3 * sample
      sampleBytes = 0
      sampleBusyMs = 0
      busySince = t
    }
  }

  return {
    admit(size) {
      if (requests > 0) {
        const t = now()
        const drainMs = rate > 0 ? bytes / rate : maxDelayMs
        if (bytes + size > maxInFlightBytes) {
          count('refused', t)
          throw refuse(
            'in-flight-bytes',
            `limit ingest.maxInFlightBytes ${Math.round(maxInFlightBytes / 1048576)} MiB`,
            retryAfterOf(drainMs)
          )
        }
        if (bytes + size > window()) {
          count('refused', t)
          throw refuse(
            'admission-window',
            rate > 0
              ? `they take ~${Math.round((bytes + size) / rate)} ms at the measured rate; limit ingest.maxQueueDelayMs ${maxDelayMs} ms`
              : `answers took longer than ingest.maxQueueDelayMs ${maxDelayMs} ms`,
            retryAfterOf(drainMs)
          )
        }
      } else {
        busySince = now()
      }
      const admittedAtMs = now()
      count('admitted', admittedAtMs)
      bytes += size
      requests++
      const inUseBytes = bytes
      let released = false
      return function releaseAdmission() {
        if (!released) {
          released = true
          release(size, admittedAtMs, inUseBytes)
        }
      }
    },
    inFlight() {
      return { requests, bytes }
    },
    windowBytes: window,
  }
}
