/**
 * Decoding of OTLP/JSON Lines for `tokenline import` in worker threads (`--decode-workers`):
 * the reader cuts the file into segments of whole lines, each segment's bytes go to a worker
 * (transferred, not copied), and the worker parses and decodes them and posts back the spans.
 * The reader takes the answers in file order, so batches, line numbers and rejects are those
 * of the inline reader (docs/adr/0104).
 */
import { availableParallelism } from 'node:os'
import type { Worker } from 'node:worker_threads'
import type { DecodedTraceLines } from './decode-trace-lines.js'
import { spawnWorker } from '../pipeline/spawn-worker.js'
import { unpackSpans, type PackedSpans } from '../otlp/span-transfer.js'

/** A segment sent to a worker. */
export interface LinesJob {
  id: number
  bytes: Uint8Array
}

/** A worker's answer: the decoded lines, or the message of what the decoder threw (a bug). */
export type LinesReply =
  { id: number; result: PackedTraceLines; error?: undefined } | { id: number; error: string }

/** Decoded lines as a worker posts them: the spans packed as columns (`span-transfer.ts`). */
type PackedTraceLines = Omit<DecodedTraceLines, 'spans'> & { spans: PackedSpans }

export interface TraceLinesPool {
  readonly workers: number
  /** Decodes a segment of whole lines; the bytes are handed over (unusable afterwards). */
  decode(bytes: Uint8Array<ArrayBuffer>): Promise<DecodedTraceLines>
  close(): Promise<void>
}

/** `--decode-workers auto`: one per core but one (the reader and the store keep a core). */
export function autoImportDecodeWorkers(): number {
  return Math.max(1, availableParallelism() - 1)
}

interface Slot {
  worker: Worker
  waiting: Map<number, { resolve(r: DecodedTraceLines): void; reject(err: unknown): void }>
}

/** Starts `workers` (≥ 1) decode workers. */
export function createTraceLinesPool(workers: number): TraceLinesPool {
  const count = Math.max(1, Math.floor(workers))
  let nextId = 1
  let closed = false
  // Set when a worker died: later segments fail at once instead of waiting for it.
  let broken: unknown = null
  const slots: Slot[] = []
  for (let i = 0; i < count; i++) {
    const worker = spawnWorker('import/decode-worker')
    worker.unref()
    const slot: Slot = { worker, waiting: new Map() }
    slots.push(slot)
    worker.on('message', (reply: LinesReply) => {
      const waiting = slot.waiting.get(reply.id)
      slot.waiting.delete(reply.id)
      if (reply.error !== undefined) {
        waiting?.reject(new Error(`decoding in a worker failed: ${reply.error}`))
      } else {
        // A throw here would escape the message handler and end the process: reject instead.
        try {
          waiting?.resolve({ ...reply.result, spans: unpackSpans(reply.result.spans) })
        } catch (err) {
          waiting?.reject(err)
        }
      }
      if (slot.waiting.size === 0) {
        worker.unref()
      }
    })
    const fail = (err: unknown): void => {
      broken ??= err
      for (const w of slot.waiting.values()) {
        w.reject(err)
      }
      slot.waiting.clear()
    }
    worker.on('error', fail)
    worker.on('exit', (code) => {
      if (!closed) {
        fail(new Error(`an import decode worker exited with code ${code}`))
      }
    })
  }
  return {
    workers: count,
    decode(bytes) {
      if (closed || broken !== null) {
        return Promise.reject(broken ?? new Error('the import decode pool is closed'))
      }
      let slot = slots[0] as Slot
      for (const s of slots) {
        if (s.waiting.size < slot.waiting.size) {
          slot = s
        }
      }
      const id = nextId++
      return new Promise((resolve, reject) => {
        slot.waiting.set(id, { resolve, reject })
        slot.worker.ref()
        const job: LinesJob = { id, bytes }
        slot.worker.postMessage(job, [bytes.buffer])
      })
    },
    async close() {
      closed = true
      await Promise.all(slots.map((s) => s.worker.terminate()))
    },
  }
}
