/**
 * The store's own thread (`store-thread.ts`): opens the DuckDB store here, so the driver's
 * per-value work (filling data chunks, the appender's flush) runs on this thread instead of the
 * caller's event loop, and answers the calls the main thread forwards. Span and request writes
 * arrive as column batches; every other call runs the store's method on its cloned arguments.
 */
import { parentPort, workerData } from 'node:worker_threads'
import { toWireError } from '../../core/errors.js'
import type { RequestTimeline } from '../../core/model/request.js'
import type { SpanStore } from '../span-store.js'
import type { ColumnBatch } from './chunk-append.js'
import { createDuckDbStore, duckDbBatchWriterOf, type DuckDbBatchWriter } from './duckdb-store.js'
import type { StoreCall, StoreReply, StoreWorkerData } from './store-thread.js'

/** The parts of one span write, yielded as they arrive. */
class Parts implements AsyncIterable<ColumnBatch> {
  private readonly queue: ColumnBatch[] = []
  private ended = false
  private aborted = false
  private wake: (() => void) | null = null

  /** The sender gave up: the write fails (and rolls back) at its next read. */
  abort(): void {
    this.aborted = true
    this.ended = true
    this.wake?.()
    this.wake = null
  }

  push(batch: ColumnBatch, more: boolean): void {
    this.queue.push(batch)
    this.ended = !more
    this.wake?.()
    this.wake = null
  }

  async *[Symbol.asyncIterator](): AsyncGenerator<ColumnBatch> {
    for (;;) {
      if (this.aborted) {
        throw new Error('the span write was abandoned by its sender before its last part')
      }
      const next = this.queue.shift()
      if (next !== undefined) {
        yield next
      } else if (this.ended) {
        return
      } else {
        await new Promise<void>((resolve) => (this.wake = resolve))
      }
    }
  }
}

/** What a call that is answered by an earlier one (a later part of a write) returns. */
const NO_REPLY = Symbol('no reply')

const port = parentPort
if (port !== null) {
  const { path } = workerData as StoreWorkerData
  const scans = new Map<number, AsyncIterator<RequestTimeline[]>>()
  /** Span writes whose last part has not arrived, by call id. */
  const writes = new Map<number, Parts>()

  const answer = async (
    store: SpanStore,
    writer: DuckDbBatchWriter,
    call: StoreCall
  ): Promise<unknown> => {
    switch (call.op) {
      case 'spans': {
        let parts = writes.get(call.id)
        const first = parts === undefined
        parts ??= new Parts()
        writes.set(call.id, parts)
        parts.push(call.batch, call.more)
        if (!call.more) {
          // A failed write stops reading its parts; this drops the ones it never read.
          writes.delete(call.id)
        }
        return first ? writer.insertSpanBatches(parts) : NO_REPLY
      }
      case 'spans-abort':
        writes.get(call.id)?.abort()
        writes.delete(call.id)
        return NO_REPLY
      case 'requests':
        return writer.upsertRequestBatch(call.traceIds, call.batch, call.newTraces)
      case 'scan': {
        let scan = scans.get(call.scan)
        if (scan === undefined) {
          scan = store.scanRequests(call.query, call.batchSize)[Symbol.asyncIterator]()
          scans.set(call.scan, scan)
        }
        const next = await scan.next()
        if (next.done === true) {
          scans.delete(call.scan)
          return null
        }
        return next.value
      }
      case 'scan-end': {
        const scan = scans.get(call.scan)
        scans.delete(call.scan)
        await scan?.return?.()
        return null
      }
      case 'call': {
        const method = store[call.method] as (...args: unknown[]) => Promise<unknown>
        return method.apply(store, call.args)
      }
      case 'close':
        await store.close()
        return null
    }
  }

  createDuckDbStore({ path }).then(
    (store) => {
      const writer = duckDbBatchWriterOf(store)
      if (writer === null) {
        throw new Error('expected a DuckDB store with a batch writer')
      }
      port.on('message', (call: StoreCall) => {
        answer(store, writer, call).then(
          (value) => {
            if (value === NO_REPLY) {
              return
            }
            port.postMessage({ id: call.id, value } satisfies StoreReply)
            if (call.op === 'close') {
              port.close()
            }
          },
          (err: unknown) => port.postMessage({ id: call.id, error: toWireError(err) })
        )
      })
      port.postMessage({ id: 0, value: 'ready' } satisfies StoreReply)
    },
    (err: unknown) => {
      port.postMessage({ id: 0, error: toWireError(err) } satisfies StoreReply)
      port.close()
    }
  )
}
