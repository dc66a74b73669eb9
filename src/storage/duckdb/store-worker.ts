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
import { createDuckDbStore, duckDbBatchWriterOf, type DuckDbBatchWriter } from './duckdb-store.js'
import type { StoreCall, StoreReply, StoreWorkerData } from './store-thread.js'

const port = parentPort
if (port !== null) {
  const { path } = workerData as StoreWorkerData
  const scans = new Map<number, AsyncIterator<RequestTimeline[]>>()

  const answer = async (
    store: SpanStore,
    writer: DuckDbBatchWriter,
    call: StoreCall
  ): Promise<unknown> => {
    switch (call.op) {
      case 'spans':
        return writer.insertSpanBatch(call.batch)
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
