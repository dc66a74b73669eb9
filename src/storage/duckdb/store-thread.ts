/**
 * The DuckDB store on a thread of its own (ADR 0107). The driver's per-value work (filling data
 * chunks, one native call per string, the appender's flush) costs the event loop ~8–11 µs per
 * span stored; with the store on its own thread the event loop only turns spans and requests
 * into column batches (`chunk-append.ts`, ~3.5–4.5 µs per span, most of it the attributes'
 * `JSON.stringify` that the direct path pays too) and posts them, their number buffers
 * transferred. On a host with a second core the two then run side by side; on one core the
 * extra encoding and cloning is a loss, so callers choose (see `tokenline import`).
 *
 * The returned `SpanStore` keeps the port's promises: a write resolves once the store's thread
 * committed it. Calls are forwarded as they come; the store's own queues order them there as
 * they would in this thread. If the thread stops, every waiting and later call fails with
 * `STORE_UNAVAILABLE`.
 */
import type { Worker } from 'node:worker_threads'
import { AppError, fromWireError, type WireError } from '../../core/errors.js'
import type { RequestQuery } from '../../core/model/query.js'
import type { RequestTimeline } from '../../core/model/request.js'
import type { SpanStore } from '../span-store.js'
import { spawnWorker } from '../spawn-worker.js'
import { batchTransferList, type ColumnBatch } from './chunk-append.js'
import { latestPerTrace } from './duckdb-store.js'
import { encodeRequestColumns } from './request-chunks.js'
import { encodeSpanColumns } from './span-chunks.js'

/** Rows per part of a span write (two of DuckDB's data chunks). */
const PART_ROWS = 4096

/** Store methods forwarded as they are (arguments and results cloned). */
type ForwardedMethod = Exclude<
  keyof SpanStore,
  'insertSpans' | 'upsertRequests' | 'scanRequests' | 'close'
>

/** What the store's thread is started with. */
export interface StoreWorkerData {
  path: string
}

/** A call to the store's thread; `id` matches its reply. */
export type StoreCall = { id: number } & (
  | { op: 'spans'; batch: ColumnBatch; more: boolean }
  | { op: 'spans-abort' }
  | { op: 'requests'; traceIds: string[]; batch: ColumnBatch; newTraces: boolean }
  | { op: 'scan'; scan: number; query: RequestQuery; batchSize: number | undefined }
  | { op: 'scan-end'; scan: number }
  | { op: 'call'; method: ForwardedMethod; args: unknown[] }
  | { op: 'close' }
)

/** The answer to one call (`id` 0: the thread's start-up). */
export type StoreReply = { id: number; value: unknown } | { id: number; error: WireError }

type CallBody = StoreCall extends infer C ? (C extends StoreCall ? Omit<C, 'id'> : never) : never

interface Waiting {
  resolve(value: unknown): void
  reject(err: Error): void
}

/**
 * Opens the DuckDB store at `path` on its own thread. Fails as `createDuckDbStore` would
 * (`STORE_LOCKED`, `STORE_UNSUPPORTED`, …), with the same code and message.
 */
export async function openDuckDbStoreThread(options: { path: string }): Promise<SpanStore> {
  const worker: Worker = spawnWorker(import.meta.url, 'store-worker', {
    path: options.path,
  } satisfies StoreWorkerData)
  const waiting = new Map<number, Waiting>()
  let nextId = 1
  let nextScan = 1
  let stopped: Error | null = null

  // The thread keeps the process alive only while a call waits for it, so a caller that never
  // closes the store does not hang the process at exit.
  const settle = (id: number): Waiting | undefined => {
    const w = waiting.get(id)
    waiting.delete(id)
    if (waiting.size === 0) {
      worker.unref()
    }
    return w
  }
  const stop = (reason: Error): void => {
    stopped ??= reason
    for (const id of [...waiting.keys()]) {
      settle(id)?.reject(stopped)
    }
  }

  const started = new Promise<void>((resolve, reject) => {
    waiting.set(0, { resolve: () => resolve(), reject })
  })
  worker.on('message', (reply: StoreReply) => {
    const w = settle(reply.id)
    if ('error' in reply) {
      w?.reject(fromWireError(reply.error))
    } else {
      w?.resolve(reply.value)
    }
  })
  worker.on('error', (err) =>
    stop(
      new AppError('STORE_UNAVAILABLE', `the store's thread failed: ${err.message}`, {
        cause: err,
      })
    )
  )
  worker.on('exit', (code) =>
    stop(
      new AppError(
        'STORE_UNAVAILABLE',
        `the store's thread has stopped (exit code ${code}); expected an open store`
      )
    )
  )
  await started

  /** A new call id and its answer; the caller posts the call (unless the thread stopped). */
  const begin = (): { id: number; answer: Promise<unknown> } => {
    const id = nextId++
    if (stopped !== null) {
      return { id, answer: Promise.reject(stopped) }
    }
    const answer = new Promise((resolve, reject) => waiting.set(id, { resolve, reject }))
    worker.ref()
    return { id, answer }
  }
  const send = (body: CallBody, transfer: ArrayBuffer[] = []): Promise<unknown> => {
    const { id, answer } = begin()
    if (stopped === null) {
      worker.postMessage({ id, ...body }, transfer)
    }
    return answer
  }
  const forward =
    <M extends ForwardedMethod>(method: M) =>
    (...args: Parameters<SpanStore[M]>): ReturnType<SpanStore[M]> =>
      send({ op: 'call', method, args }) as ReturnType<SpanStore[M]>

  let closing: Promise<void> | null = null
  return {
    async insertSpans(spans) {
      if (spans.length === 0) {
        return
      }
      // A large write goes in parts under one id: the store's thread appends a part while this
      // thread encodes the next, so encoding is off the write's critical path.
      const { id, answer } = begin()
      try {
        for (let at = 0; at < spans.length && stopped === null; at += PART_ROWS) {
          const batch = encodeSpanColumns(spans.slice(at, at + PART_ROWS))
          const more = at + PART_ROWS < spans.length
          worker.postMessage(
            { id, op: 'spans', batch, more } satisfies StoreCall,
            batchTransferList(batch)
          )
        }
      } catch (err) {
        // The parts already sent are rolled back; the write answers with the abort.
        worker.postMessage({ id, op: 'spans-abort' } satisfies StoreCall)
        await answer.catch(() => undefined)
        throw err
      }
      await answer
    },
    async upsertRequests(list: readonly RequestTimeline[], options) {
      if (list.length === 0) {
        return
      }
      const latest = latestPerTrace(list)
      const batch = encodeRequestColumns(latest)
      await send(
        {
          op: 'requests',
          traceIds: latest.map((r) => r.traceId),
          batch,
          newTraces: options?.newTraces === true,
        },
        batchTransferList(batch)
      )
    },
    async *scanRequests(query, batchSize) {
      const scan = nextScan++
      let done = false
      try {
        for (;;) {
          const page = (await send({ op: 'scan', scan, query, batchSize })) as
            RequestTimeline[] | null
          if (page === null) {
            done = true
            return
          }
          yield page
        }
      } finally {
        if (!done && stopped === null) {
          await send({ op: 'scan-end', scan })
        }
      }
    },
    insertMetricSamples: forward('insertMetricSamples'),
    upsertMetricFamilies: forward('upsertMetricFamilies'),
    insertEvents: forward('insertEvents'),
    getSpans: forward('getSpans'),
    getRequest: forward('getRequest'),
    unassembledTraceIds: forward('unassembledTraceIds'),
    queryRequests: forward('queryRequests'),
    scanRequestColumns: forward('scanRequestColumns'),
    percentiles: forward('percentiles'),
    aggregateRequests: forward('aggregateRequests'),
    histogramRequests: forward('histogramRequests'),
    querySeries: forward('querySeries'),
    listMetrics: forward('listMetrics'),
    queryEvents: forward('queryEvents'),
    extent: forward('extent'),
    stats: forward('stats'),
    deleteBefore: forward('deleteBefore'),
    close() {
      closing ??= (async () => {
        if (stopped !== null) {
          return
        }
        const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()))
        await send({ op: 'close' })
        // The reply left no call waiting (so the thread was unref'd); keep the process up until
        // the thread has let go of the database file.
        worker.ref()
        await exited
      })()
      return closing
    },
  }
}
