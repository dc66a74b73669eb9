/**
 * How CLI commands reach the data: open the DuckDB file, or, when a running `tokenline serve`
 * holds it (DuckDB allows one process per file), find that server through its lock file so the
 * command can go through the server's HTTP API instead.
 */
import { mkdir } from 'node:fs/promises'
import { dirname, resolve } from 'node:path'
import { DEFAULT_DB_PATH } from '../config/defaults.js'
import { isAppError } from '../core/errors.js'
import { createDuckDbStore } from '../storage/duckdb/duckdb-store.js'
import { readServerLock } from '../storage/duckdb/lock.js'
import type { SpanStore } from '../storage/span-store.js'

export type OpenedStore =
  | { kind: 'store'; dbPath: string; store: SpanStore }
  | { kind: 'server'; dbPath: string; apiUrl: string; otlpUrl: string }

/**
 * Opens the DuckDB store at `dbPath` (creating its folder), or, when a running server holds the
 * file, returns that server's URLs. Throws `STORE_LOCKED` when the file is locked by a process
 * that left no usable lock file (the message says which file).
 */
export async function openStoreOrServer(dbPath: string = DEFAULT_DB_PATH): Promise<OpenedStore> {
  const path = dbPath === ':memory:' ? dbPath : resolve(dbPath)
  if (path !== ':memory:') {
    await mkdir(dirname(path), { recursive: true })
  }
  try {
    return { kind: 'store', dbPath: path, store: await createDuckDbStore({ path }) }
  } catch (err) {
    if (!isAppError(err) || err.code !== 'STORE_LOCKED') {
      throw err
    }
    const lock = await readServerLock(path)
    if (lock === null || lock.apiUrl === '') {
      throw err
    }
    return { kind: 'server', dbPath: path, apiUrl: lock.apiUrl, otlpUrl: lock.otlpUrl }
  }
}
