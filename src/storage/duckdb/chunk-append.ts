/**
 * Column-wise appends: rows go to DuckDB a column at a time in data chunks of up to 2048 rows
 * (`appendDataChunk`) instead of one Appender call per value plus one per row. Number and
 * boolean columns then cross into native code as one buffer per chunk; strings still cost one
 * native call each at flush (a null costs none), which is the limit of what the driver offers
 * (bench/duckdb-append.bench.ts; docs/adr/0056, 0102).
 *
 * Runs inside the caller's transaction, so acknowledged = committed is unchanged.
 */
import {
  DuckDBDataChunk,
  DuckDBTypeId,
  type DuckDBConnection,
  type DuckDBType,
} from '@duckdb/node-api'

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

/**
 * Rows already turned into column values, in a form a worker thread can take without a deep
 * copy: text columns as arrays of strings (cloned as flat arrays, no nested objects), every
 * other column as a `Float64Array` with a null mask (both transferred). `store-thread.ts` builds
 * one on the event loop, the store's thread appends it (ADR 0107).
 */
export interface ColumnBatch {
  rows: number
  columns: BatchColumn[]
}

export type BatchColumn =
  { text: (string | null)[] } | { numbers: Float64Array; nulls: Uint8Array | null }

/** Runs every column's `value` over `rows` (booleans become 1/0, bigints numbers). */
export function encodeColumns<T>(
  columns: readonly ChunkColumn<T>[],
  rows: readonly T[]
): ColumnBatch {
  const n = rows.length
  const out: BatchColumn[] = columns.map((column) => {
    const { value } = column
    if (column.type.typeId === DuckDBTypeId.VARCHAR) {
      const text = new Array<string | null>(n)
      for (let r = 0; r < n; r++) {
        text[r] = value(rows[r] as T) as string | null
      }
      return { text }
    }
    const numbers = new Float64Array(n)
    let nulls: Uint8Array | null = null
    for (let r = 0; r < n; r++) {
      const v = value(rows[r] as T)
      if (v === null) {
        nulls ??= new Uint8Array(n)
        nulls[r] = 1
      } else {
        numbers[r] = typeof v === 'number' ? v : Number(v)
      }
    }
    return { numbers, nulls }
  })
  return { rows: n, columns: out }
}

/** The buffers of `batch` that can be transferred to another thread instead of copied. */
export function batchTransferList(batch: ColumnBatch): ArrayBuffer[] {
  const list: ArrayBuffer[] = []
  for (const column of batch.columns) {
    if ('numbers' in column) {
      list.push(column.numbers.buffer as ArrayBuffer)
      if (column.nulls !== null) {
        list.push(column.nulls.buffer as ArrayBuffer)
      }
    }
  }
  return list
}

/** Reads one column of a batch back as the value `fillChunk` sets for a column of `type`. */
function batchValue(
  type: DuckDBType,
  column: BatchColumn
): (row: number) => string | number | bigint | boolean | null {
  if ('text' in column) {
    const { text } = column
    return (r) => text[r] ?? null
  }
  const { numbers, nulls } = column
  const isNull = (r: number): boolean => nulls !== null && nulls[r] === 1
  switch (type.typeId) {
    case DuckDBTypeId.BIGINT:
      return (r) => (isNull(r) ? null : BigInt(numbers[r] as number))
    case DuckDBTypeId.BOOLEAN:
      return (r) => (isNull(r) ? null : numbers[r] !== 0)
    default:
      return (r) => (isNull(r) ? null : (numbers[r] as number))
  }
}

/**
 * Appends a batch made by {@link encodeColumns} from rows of `columns` (inside the caller's
 * transaction): the rows stored are the ones `appendInChunks(…, columns, rows)` would store.
 */
export function appendColumnBatch<T>(
  connection: DuckDBConnection,
  table: string,
  columns: readonly ChunkColumn<T>[],
  batch: ColumnBatch
): Promise<void> {
  if (batch.columns.length !== columns.length) {
    return Promise.reject(
      new Error(
        `expected ${columns.length} columns for table ${table}, got ${batch.columns.length}`
      )
    )
  }
  const indexed: ChunkColumn<number>[] = columns.map((c, i) => ({
    type: c.type,
    value: batchValue(c.type, batch.columns[i] as BatchColumn),
  }))
  const rows = Array.from({ length: batch.rows }, (_, i) => i)
  return appendInChunks(connection, table, indexed, rows)
}
