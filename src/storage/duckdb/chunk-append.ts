/**
 * Column-wise appends: rows go to DuckDB a column at a time in data chunks of up to 2048 rows
 * (`appendDataChunk`) instead of one Appender call per value plus one per row. Number and
 * boolean columns then cross into native code as one buffer per chunk; strings still cost one
 * native call each at flush (a null costs none), which is the limit of what the driver offers
 * (bench/duckdb-append.bench.ts; docs/adr/0056, 0102).
 *
 * Runs inside the caller's transaction, so acknowledged = committed is unchanged.
 */
import { DuckDBDataChunk, type DuckDBConnection, type DuckDBType } from '@duckdb/node-api'

/** Rows per chunk: DuckDB's vector size (a chunk cannot hold more). */
const CHUNK_ROWS = 2048

/** One table column: its type and how a row gives its value (null for SQL NULL). */
export interface ChunkColumn<T> {
  type: DuckDBType
  value: (row: T) => string | number | bigint | boolean | null
}

/** Fills `chunk` with `part` (at most CHUNK_ROWS rows), column by column. */
function fillChunk<T>(
  chunk: DuckDBDataChunk,
  columns: readonly ChunkColumn<T>[],
  part: readonly T[]
): void {
  const n = part.length
  chunk.rowCount = n
  for (let c = 0; c < columns.length; c++) {
    const { value } = columns[c] as ChunkColumn<T>
    const vector = chunk.getColumnVector(c)
    for (let r = 0; r < n; r++) {
      vector.setItem(r, value(part[r] as T))
    }
    vector.flush()
  }
}

/**
 * Appends `rows` to `table` in data chunks (inside the caller's transaction). `columns` lists
 * every column of the table in table order.
 */
export async function appendInChunks<T>(
  connection: DuckDBConnection,
  table: string,
  columns: readonly ChunkColumn<T>[],
  rows: readonly T[]
): Promise<void> {
  if (rows.length === 0) {
    return
  }
  const types = columns.map((c) => c.type)
  const appender = await connection.createAppender(table)
  try {
    for (let at = 0; at < rows.length; at += CHUNK_ROWS) {
      // A fresh chunk each time: a reused one keeps string data of the previous rows alive.
      const chunk = DuckDBDataChunk.create(types, CHUNK_ROWS)
      fillChunk(
        chunk,
        columns,
        at === 0 && rows.length <= CHUNK_ROWS ? rows : rows.slice(at, at + CHUNK_ROWS)
      )
      appender.appendDataChunk(chunk)
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
