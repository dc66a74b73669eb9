/**
 * The embedded executor: ClickHouse inside this process through the `chdb` package (an optional
 * dependency of ~550 MB). Queries go through chdb's async API, so they run off the event loop.
 * chdb allows one data directory per process; stores opened on it are told apart by database.
 */
import { AppError, errorMessage } from '../../core/errors.js'
import type { ClickHouseExecutor, JsonRow } from './executor.js'

interface ChdbResult {
  bytes(): Uint8Array
  text(): string
}
interface ChdbSession {
  path: string
  queryAsync(query: string, opts?: { format?: string }): Promise<ChdbResult>
  insert(params: {
    table: string
    values: Buffer
    format: 'JSONEachRow'
    settings?: Record<string, string>
  }): Promise<unknown>
  close(): void
}
interface ChdbModule {
  Session: new (path?: string) => ChdbSession
}

// A variable specifier: the type-check and the build must pass where the optional package is absent.
const CHDB_PACKAGE = 'chdb'

let shared: { path: string; session: ChdbSession; users: number } | null = null

/** True when the optional `chdb` package can be loaded (tests skip the embedded store otherwise). */
export async function isChdbAvailable(): Promise<boolean> {
  try {
    await import(CHDB_PACKAGE)
    return true
  } catch {
    return false
  }
}

async function loadChdb(): Promise<ChdbModule> {
  try {
    return (await import(CHDB_PACKAGE)) as ChdbModule
  } catch (err) {
    throw new AppError(
      'STORE_UNAVAILABLE',
      'expected the optional package "chdb" for an embedded ClickHouse store (chdb:// URL), but it is not installed: run `npm install chdb`, or point store.url at a ClickHouse server (http:// or https://)',
      { cause: err }
    )
  }
}

function parseRows(text: string): JsonRow[] {
  const out: JsonRow[] = []
  for (const line of text.split('\n')) {
    if (line.length > 0) {
      out.push(JSON.parse(line) as JsonRow)
    }
  }
  return out
}

function wrap(err: unknown, sql: string): AppError {
  const message = errorMessage(err)
  return new AppError(
    'STORE_UNAVAILABLE',
    `ClickHouse (chdb) refused a statement: ${message} (statement: ${sql.slice(0, 200)})`,
    { cause: err }
  )
}

/**
 * Opens (or shares) the process's chdb session on `path`. Throws `STORE_UNAVAILABLE` when chdb is
 * missing or a session on another directory is open.
 */
export async function createChdbExecutor(path: string): Promise<ClickHouseExecutor> {
  const chdb = await loadChdb()
  if (shared && shared.path !== path) {
    throw new AppError(
      'STORE_UNAVAILABLE',
      `expected one chdb data directory per process, but ${shared.path} is open and ${path} was asked for`
    )
  }
  if (!shared) {
    shared = { path, session: new chdb.Session(path), users: 0 }
  }
  shared.users++
  const session = shared.session
  let closed = false
  const run = async (sql: string, format: string): Promise<ChdbResult> => {
    try {
      return await session.queryAsync(sql, { format })
    } catch (err) {
      throw wrap(err, sql)
    }
  }
  return {
    rows: async (sql) => parseRows((await run(sql, 'JSONEachRow')).text()),
    binary: async (sql, format = 'Native') => (await run(sql, format)).bytes(),
    command: async (sql) => {
      await run(sql, 'TabSeparated')
    },
    insertJson: async (table, body, insert) => {
      try {
        // chdb takes a plain `db.table` (it validates the name itself); ours are validated too.
        const plain = table.replace(/`/g, '')
        await session.insert({
          table: plain,
          values: Buffer.from(body),
          format: 'JSONEachRow',
          ...(insert?.dedupToken !== undefined
            ? { settings: { insert_deduplication_token: insert.dedupToken } }
            : {}),
        })
      } catch (err) {
        throw wrap(err, `INSERT INTO ${table}`)
      }
    },
    close: async () => {
      if (closed || !shared) {
        return
      }
      closed = true
      shared.users--
      if (shared.users === 0) {
        shared.session.close()
        shared = null
      }
    },
  }
}
