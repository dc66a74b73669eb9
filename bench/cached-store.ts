/**
 * A bench's DuckDB file kept in the temp folder under `name` and reused by later runs: built by
 * `fill` when absent (or when `fresh`), the file and its WAL removed first. The store is closed
 * even when `fill` fails, so a half-built file is not left open.
 */
import { existsSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { createDuckDbStore } from '../src/storage/duckdb/duckdb-store.js'
import type { SpanStore } from '../src/storage/span-store.js'

/** Path of the bench database `name` (`tokenline-NAME.duckdb` in the temp folder). */
export async function cachedStore(
  name: string,
  what: string,
  fresh: boolean,
  log: (line: string) => void,
  fill: (store: SpanStore) => Promise<unknown>
): Promise<string> {
  const path = join(tmpdir(), `tokenline-${name}.duckdb`)
  if (fresh || !existsSync(path)) {
    rmSync(path, { force: true })
    rmSync(`${path}.wal`, { force: true })
    const store = await createDuckDbStore({ path })
    const started = performance.now()
    try {
      await fill(store)
    } finally {
      await store.close()
    }
    log(`built ${what} in ${((performance.now() - started) / 1000).toFixed(1)} s → ${path}`)
  } else {
    log(`reusing ${path} (--fresh rebuilds)`)
  }
  return path
}
