/** Small helpers around a DuckDB connection shared by the store's modules. */
import type { DuckDBConnection, DuckDBValue, JS } from '@duckdb/node-api'

/** A result row as plain JS values. */
export type Row = Record<string, JS>

/** Runs one read statement (on a reader connection, behind its queue). */
export type ReadRows = (sql: string, params?: DuckDBValue[]) => Promise<Row[]>

/** Runs `work` between BEGIN and COMMIT; rolls back and rethrows on failure. */
export async function inTransaction(
  connection: DuckDBConnection,
  work: () => Promise<void>
): Promise<void> {
  await connection.run('BEGIN TRANSACTION')
  try {
    await work()
    await connection.run('COMMIT')
  } catch (err) {
    try {
      await connection.run('ROLLBACK')
    } catch {
      // The transaction may already be aborted; the original error is what matters.
    }
    throw err
  }
}

/** Appends every item with the Appender and flushes (inside the caller's transaction). */
export async function appendAll<T>(
  connection: DuckDBConnection,
  table: string,
  items: readonly T[],
  append: (appender: Awaited<ReturnType<DuckDBConnection['createAppender']>>, item: T) => void
): Promise<void> {
  const appender = await connection.createAppender(table)
  try {
    for (const item of items) {
      append(appender, item)
    }
    appender.flushSync()
  } finally {
    try {
      appender.closeSync()
    } catch {
      // Closing after a failed append reports the same failure again.
    }
  }
}

/**
 * The tables a close saves whole beside the rollup, under its counter (ADR 0351, 0362, 0366): each
 * starts with `seq`, the position its rows are read back in.
 */
type SavedTable = 'rollup_buckets' | 'request_pages' | 'saved_answers'

/**
 * Replaces every row of a saved table with `items`, numbered in order (inside the caller's
 * transaction, on the writer); `append` writes the columns after `seq`.
 */
export async function replaceSaved<T>(
  connection: DuckDBConnection,
  table: SavedTable,
  items: readonly T[],
  append: (appender: Awaited<ReturnType<DuckDBConnection['createAppender']>>, item: T) => void
): Promise<void> {
  await connection.run(`DELETE FROM ${table}`)
  let seq = 0
  await appendAll(connection, table, items, (a, item) => {
    a.appendInteger(seq++)
    append(a, item)
    a.endRow()
  })
}

/**
 * A BIGINT/HUGEINT (bigint) or DOUBLE (number) result value as a number. A NULL or missing value
 * throws: every caller reads a column the query guarantees (a count, a NOT NULL column, an
 * aggregate it checked first), so one is a bug in the query, and `Number(null)` would hand the
 * caller a 0 that no row held. Read a column that may be NULL with {@link toNumberOrNull}.
 */
export function toNumber(value: JS | undefined): number {
  const n = toNumberOrNull(value)
  if (n === null) {
    throw new TypeError(`expected a number from the store, got ${String(value)}`)
  }
  return n
}

/** A nullable numeric result value: SQL NULL (or a column the row lacks) is null, not 0. */
export function toNumberOrNull(value: JS | undefined): number | null {
  if (value === null || value === undefined) {
    return null
  }
  if (typeof value === 'bigint') {
    return Number(value)
  }
  if (typeof value === 'number') {
    return value
  }
  throw new TypeError(`expected a number from the store, got ${typeof value} ${String(value)}`)
}
