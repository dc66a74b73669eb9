/**
 * Admission of OTLP requests before their bodies are read. Under overload the CPU spent reading,
 * parsing and decoding bodies is the bottleneck long before the write queue fills, so the queue
 * limits alone let hundreds of requests pile up ahead of it and answer after exporters' 10 s
 * timeout (which makes them resend: duplicates). This bounds the work in flight two ways:
 *
 * - by bytes: bodies admitted and not yet answered stay under `maxInFlightBytes`;
 * - by time: their expected service time, in-flight bytes / measured service rate, stays under
 *   `maxDelayMs`. The rate is bytes answered per millisecond of *busy* time (some request in
 *   flight), so a quiet period never makes the server look slow.
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
}

/** Busy time over which one rate sample is taken (ms). */
const SAMPLE_BUSY_MS = 500

export function createAdmission(options: AdmissionOptions): Admission {
  const { maxInFlightBytes, maxDelayMs, now } = options
  let bytes = 0
  let requests = 0
  /** Bytes per ms of busy time (EWMA over samples); 0 until measured. */
  let rate = 0
  let busySince = 0
  let sampleBusyMs = 0
  let sampleBytes = 0

  const refuse = (why: string, retryAfterSeconds: number): AppError =>
    new AppError(
      'INGEST_OVERLOADED',
      `ingest is busy: ${requests} requests (${(bytes / 1048576).toFixed(1)} MiB) being read, decoded or written; ${why}; retry after ${retryAfterSeconds} s`,
      { retryAfterSeconds }
    )

  const release = (size: number): void => {
    const t = now()
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
        if (bytes + size > maxInFlightBytes) {
          throw refuse(
            `limit ingest.maxInFlightBytes ${Math.round(maxInFlightBytes / 1048576)} MiB`,
            1
          )
        }
        if (rate > 0) {
          const waitMs = (bytes + size) / rate
          if (waitMs > maxDelayMs) {
            throw refuse(
              `they take ~${Math.round(waitMs)} ms at the measured rate, limit ingest.maxQueueDelayMs ${maxDelayMs} ms`,
              Math.min(5, Math.max(1, Math.ceil(bytes / rate / 1000)))
            )
          }
        }
      } else {
        busySince = now()
      }
      bytes += size
      requests++
      let released = false
      return function releaseAdmission() {
        if (!released) {
          released = true
          release(size)
        }
      }
    },
    inFlight() {
      return { requests, bytes }
    },
  }
}
