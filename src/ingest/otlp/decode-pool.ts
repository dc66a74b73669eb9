/**
 * OTLP decoding off the event loop: a small pool of worker threads, each body's buffer
 * transferred to a worker (no copy) and the decoded items posted back. The event loop then only
 * reads sockets, deserialises results and writes to the store, so a burst of large exports no
 * longer stalls acknowledgements and the API (docs/adr/0057).
 *
 * `workers: 0` decodes inline, as before. Results and errors are those of the inline decoder:
 * an `AppError` thrown in a worker comes back as an `AppError` with the same code and message.
 */
import { availableParallelism } from 'node:os'
import type { Worker } from 'node:worker_threads'
import { AppError, fromWireError, type WireError } from '../../core/errors.js'
import type { TimeBounds } from '../../core/otlp/time-bounds.js'
import {
  decodeMetricsBody,
  decodeTracesBody,
  type DecodedMetrics,
  type DecodedTraces,
  type OtlpWireFormat,
} from './decode.js'
import { spawnWorker } from '../pipeline/spawn-worker.js'
import { unpackSpans, type PackedSpans } from './span-transfer.js'

/** Bodies sent to one worker and not answered yet, beyond which the event loop decodes. */
const MAX_QUEUED_PER_WORKER = 2

/** A body sent to a worker. */
export interface DecodeJob {
  id: number
  signal: 'traces' | 'metrics'
  format: OtlpWireFormat
  body: Uint8Array
  /** The server's clock bound for far-future times, taken when the request arrived. */
  bounds?: TimeBounds
}

/** A worker's answer: the decoded spans (packed) or metrics, or the error decoding threw. */
export type DecodeReply = (
  | {
      id: number
      traces: { packed: PackedSpans; rejected: DecodedTraces['rejected'] }
      error?: undefined
    }
  | { id: number; result: DecodedMetrics; traces?: undefined; error?: undefined }
  | { id: number; error: WireError }
) & {
  /** The worker's V8 heap after the decode. */
  heap?: WorkerHeap
}

/** A worker's V8 heap: in use (live and not yet collected) and reserved (bytes). */
export interface WorkerHeap {
  usedBytes: number
  totalBytes: number
}

export interface OtlpDecoder {
  /** Worker threads in use (0 = inline). */
  readonly workers: number
  traces(format: OtlpWireFormat, body: Uint8Array, bounds?: TimeBounds): Promise<DecodedTraces>
  /**
   * The workers' V8 heaps summed, as of their last decode: part of the resident set that the
   * main thread's heap counters do not include. Null when decoding is inline or none reported.
   */
  heap(): WorkerHeap | null
  metrics(format: OtlpWireFormat, body: Uint8Array, bounds?: TimeBounds): Promise<DecodedMetrics>
  /** Stops the workers; decodes still waiting are rejected. */
  close(): Promise<void>
}

/** Default `ingest.decodeWorkers`: one per core but one (the event loop keeps a core). */
export function defaultDecodeWorkers(): number {
  return Math.max(0, availableParallelism() - 1)
}

interface Waiting {
  resolve(value: DecodedTraces | DecodedMetrics): void
  reject(err: unknown): void
}

interface Slot {
  worker: Worker
  /** Jobs sent and not yet answered, by id. */
  waiting: Map<number, Waiting>
  /** Its heap as of its last answer. */
  heap: WorkerHeap | null
}

/** Inline decoding (`workers: 0`). */
function inlineDecoder(): OtlpDecoder {
  return {
    workers: 0,
    traces: (format, body, bounds) =>
      Promise.resolve().then(() => decodeTracesBody(format, body, bounds)),
    metrics: (format, body, bounds) =>
      Promise.resolve().then(() => decodeMetricsBody(format, body, bounds)),
    close: () => Promise.resolve(),
    heap: () => null,
  }
}

/** A buffer the worker can own: the body's own, or a copy when the body is a view into more. */
function transferable(body: Uint8Array): Uint8Array<ArrayBuffer> {
  const whole =
    body.buffer instanceof ArrayBuffer &&
    body.byteOffset === 0 &&
    body.byteLength === body.buffer.byteLength
  return whole ? (body as Uint8Array<ArrayBuffer>) : body.slice()
}

/** Creates a decoder with `workers` worker threads (0 = inline). */
export function createDecodePool(options: { workers: number }): OtlpDecoder {
  const count = Math.max(0, Math.floor(options.workers))
  if (count === 0) {
    return inlineDecoder()
  }
  let nextId = 1
  let closed = false
  const slots: Slot[] = []

  const start = (index: number): void => {
    const worker = spawnWorker('otlp/decode-worker')
    // Idle workers must not keep the process alive (a CLI run that never calls close).
    worker.unref()
    const slot: Slot = { worker, waiting: new Map(), heap: null }
    slots[index] = slot
    worker.on('message', (reply: DecodeReply) => {
      const waiting = slot.waiting.get(reply.id)
      slot.waiting.delete(reply.id)
      slot.heap = reply.heap ?? slot.heap
      if (reply.error !== undefined) {
        waiting?.reject(fromWireError(reply.error))
      } else if (reply.traces !== undefined) {
        // A throw here would escape the message handler and end the process: reject instead.
        try {
          waiting?.resolve({
            spans: unpackSpans(reply.traces.packed),
            rejected: reply.traces.rejected,
          })
        } catch (err) {
          waiting?.reject(err)
        }
      } else {
        waiting?.resolve(reply.result)
      }
      if (slot.waiting.size === 0) {
        worker.unref()
      }
    })
    const fail = (err: unknown): void => {
      for (const w of slot.waiting.values()) {
        w.reject(
          new AppError('STORE_UNAVAILABLE', 'the OTLP decode worker stopped; retry the export', {
            cause: err,
            retryAfterSeconds: 1,
          })
        )
      }
      slot.waiting.clear()
      // A worker that died is replaced, so one bad body cannot take decoding down for good.
      if (!closed && slots[index] === slot) {
        start(index)
      }
    }
    worker.on('error', fail)
    worker.on('exit', (code) => fail(new Error(`decode worker exited with code ${code}`)))
  }
  for (let i = 0; i < count; i++) {
    start(i)
  }

  const run = (
    signal: DecodeJob['signal'],
    format: OtlpWireFormat,
    body: Uint8Array,
    bounds?: TimeBounds
  ): Promise<DecodedTraces | DecodedMetrics> => {
    if (closed) {
      return Promise.reject(new AppError('STORE_UNAVAILABLE', 'the OTLP decoder is closed'))
    }
    // The least busy worker; ties go to the first.
    let slot = slots[0] as Slot
    for (const s of slots) {
      if (s.waiting.size < slot.waiting.size) {
        slot = s
      }
    }
    // Every worker has a body queued behind the one it is decoding: the event loop would only
    // wait, so it decodes this one itself (the workers' CPU may be taken by other processes).
    if (slot.waiting.size >= MAX_QUEUED_PER_WORKER) {
      return Promise.resolve().then(() =>
        signal === 'traces'
          ? decodeTracesBody(format, body, bounds)
          : decodeMetricsBody(format, body, bounds)
      )
    }
    const id = nextId++
    const owned = transferable(body)
    return new Promise((resolve, reject) => {
      slot.waiting.set(id, { resolve, reject })
      slot.worker.ref()
      const job: DecodeJob = { id, signal, format, body: owned, ...(bounds ? { bounds } : {}) }
      slot.worker.postMessage(job, [owned.buffer])
    })
  }

  return {
    workers: count,
    traces: (format, body, bounds) => run('traces', format, body, bounds) as Promise<DecodedTraces>,
    metrics: (format, body, bounds) =>
      run('metrics', format, body, bounds) as Promise<DecodedMetrics>,
    async close() {
      closed = true
      await Promise.all(slots.map((s) => s.worker.terminate()))
    },
    heap() {
      const reported = slots.flatMap((s) => (s.heap === null ? [] : [s.heap]))
      return reported.length === 0
        ? null
        : {
            usedBytes: reported.reduce((n, h) => n + h.usedBytes, 0),
            totalBytes: reported.reduce((n, h) => n + h.totalBytes, 0),
          }
    },
  }
}
