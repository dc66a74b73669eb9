/**
 * The store settings of `tokenline import` into a DuckDB file it opened itself (docs/adr/0209).
 */
import { duckDbSharedOf } from '../../storage/duckdb/duckdb-store.js'
import type { SpanStore } from '../../storage/span-store.js'

/**
 * Runs DuckDB's work for this import on the thread that asks for it, with no worker threads:
 * an import appends and commits on one connection, one batch at a time, so DuckDB's pool has
 * little to run in parallel, and waking it cost CPU (a median 4 µs of ~60 per span over seven
 * balanced pairs of bench/import-cost.bench.ts). The setting lasts as long as this process holds
 * the file; a server that opens it later has its default. Other stores are left as they are.
 */
export async function prepareStoreForImport(store: SpanStore): Promise<void> {
  await duckDbSharedOf(store)?.write(async (connection) => {
    await connection.run('SET threads = 1')
  })
}
