/**
 * The store's data-chunk fill before ADR 0108, kept as the append bench's baseline: the driver's
 * own vector classes (`getColumnVector`, `setItem`, `flush`), which make one native call per
 * string value. Same columns, same chunks, same transaction as `appendInChunks`.
 */
import { DuckDBDataChunk, DuckDBTypeId, type DuckDBConnection } from '@duckdb/node-api'
import type { ChunkColumn } from '../src/storage/duckdb/chunk-append.js'

const CHUNK_ROWS = 2048

/** `appendInChunks` as it was: every value through the driver's vectors. */
export async function appendInDriverVectors<T>(
  connection: DuckDBConnection,
  table: string,
  columns: readonly ChunkColumn<T>[],
  rows: readonly T[]
): Promise<void> {
  const types = columns.map((c) => c.type)
  const appender = await connection.createAppender(table)
  try {
    for (let at = 0; at < rows.length; at += CHUNK_ROWS) {
      const chunk = DuckDBDataChunk.create(types, CHUNK_ROWS)
      const part = rows.slice(at, at + CHUNK_ROWS)
      chunk.rowCount = part.length
      for (let c = 0; c < columns.length; c++) {
        const { type, value } = columns[c] as ChunkColumn<T>
        const vector = chunk.getColumnVector(c)
        for (let r = 0; r < part.length; r++) {
          const v = value(part[r] as T)
          // The columns now give BIGINT as a number; the driver's BIGINT vector takes a bigint.
          vector.setItem(
            r,
            type.typeId === DuckDBTypeId.BIGINT && typeof v === 'number' ? BigInt(Math.round(v)) : v
          )
        }
        vector.flush()
      }
      appender.appendDataChunk(chunk)
    }
    appender.flushSync()
  } finally {
    appender.closeSync()
  }
}
