/** Picks the SLO store that matches a span store: tables in the same DuckDB file, else memory. */
import { duckDbSharedOf } from '../storage/duckdb/duckdb-store.js'
import { createDuckDbSloStore } from '../storage/duckdb/slo-store.js'
import { createMemorySloStore } from '../storage/memory/slo-store.js'
import type { SloStore } from '../storage/slo-store.js'
import type { SpanStore } from '../storage/span-store.js'

/** The SLO store living beside `spanStore` (DuckDB: same database and connections). */
export async function openSloStore(spanStore: SpanStore): Promise<SloStore> {
  return duckDbSharedOf(spanStore) === null
    ? createMemorySloStore()
    : createDuckDbSloStore(spanStore)
}
