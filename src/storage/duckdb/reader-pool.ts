/**
 * The DuckDB store's read connections: a few, each behind its own serial queue, and each read
 * goes to the connection with the fewest reads waiting. With one reader, the dashboard's cheap
 * calls (metric names, events, alerts: milliseconds of work) waited behind its heavy ones (a
 * diagnosis read, exact percentiles over a million rows) for seconds; with a few, DuckDB's
 * scheduler interleaves them (ADR 0167). Every reader sees committed data only, as before.
 */
import type { DuckDBConnection, DuckDBInstance } from '@duckdb/node-api'
import { createSerialQueue, type SerialQueue } from './serial-queue.js'

/** Readers per store: enough that a slow read leaves the others free on a 2-core host. */
export const READERS = 3

export interface ReaderPool {
  run<T>(work: (connection: DuckDBConnection) => Promise<T>): Promise<T>
  /** Resolves when every read submitted so far has settled. */
  idle(): Promise<void>
  /** Closes every reader (after `idle`); errors of an invalidated instance are ignored. */
  closeSync(): void
  /** Connects fresh readers to `instance` (after a reopen). */
  reconnect(instance: DuckDBInstance): Promise<void>
}

export async function createReaderPool(instance: DuckDBInstance): Promise<ReaderPool> {
  let readers: { connection: DuckDBConnection; queue: SerialQueue; waiting: number }[] = []
  const connectAll = async (from: DuckDBInstance) => {
    const next: typeof readers = []
    for (let i = 0; i < READERS; i++) {
      next.push({ connection: await from.connect(), queue: createSerialQueue(), waiting: 0 })
    }
    readers = next
  }
  await connectAll(instance)
  return {
    async run(work) {
      const reader = readers.reduce((a, b) => (b.waiting < a.waiting ? b : a))
      reader.waiting++
      try {
        return await reader.queue.run(() => work(reader.connection))
      } finally {
        reader.waiting--
      }
    },
    async idle() {
      await Promise.all(readers.map((r) => r.queue.idle()))
    },
    closeSync() {
      for (const r of readers) {
        try {
          r.connection.closeSync()
        } catch {
          // An invalidated instance may refuse to close cleanly; it is dropped either way.
        }
      }
    },
    reconnect: connectAll,
  }
}
