/**
 * Columnar span appends: spans go to DuckDB a column at a time in data chunks of up to 2048
 * rows (`appendDataChunk`), instead of one Appender call per value plus one per row. Integer
 * and timestamp columns then cross into native code as one buffer per chunk; strings still cost
 * one native call each at flush, which is the limit of what the driver offers (measured against
 * the other options in bench/duckdb-append.bench.ts; decision in docs/adr/0056).
 *
 * Runs inside the caller's transaction, so acknowledged = committed is unchanged.
 */
import { BIGINT, DuckDBDataChunk, INTEGER, VARCHAR, type DuckDBConnection } from '@duckdb/node-api'
import type { Span } from '../../core/model/span.js'
import { resourceJson } from './rows.js'

/** Rows per chunk: DuckDB's vector size (a chunk cannot hold more). */
const CHUNK_ROWS = 2048

/** `spans` table column types, in table order (JSON columns take VARCHAR text). */
const SPAN_TYPES = [
  VARCHAR, // trace_id
  VARCHAR, // span_id
  VARCHAR, // parent_span_id
  VARCHAR, // name
  INTEGER, // kind
  BIGINT, // start_us
  BIGINT, // end_us
  INTEGER, // status_code
  VARCHAR, // status_message
  VARCHAR, // attributes
  VARCHAR, // resource
  VARCHAR, // scope_name
  VARCHAR, // scope_version
  VARCHAR, // events
]

/** Fills `chunk` with `part` (at most CHUNK_ROWS spans), column by column. */
function fillChunk(chunk: DuckDBDataChunk, part: readonly Span[]): void {
  const n = part.length
  chunk.rowCount = n
  const col = (i: number, value: (s: Span) => string | number | bigint | null): void => {
    const vector = chunk.getColumnVector(i)
    for (let r = 0; r < n; r++) {
      vector.setItem(r, value(part[r] as Span))
    }
    vector.flush()
  }
  col(0, (s) => s.traceId)
  col(1, (s) => s.spanId)
  col(2, (s) => s.parentSpanId)
  col(3, (s) => s.name)
  col(4, (s) => s.kind)
  // Timestamps are stored as whole microseconds.
  col(5, (s) => BigInt(Math.round(s.startUs)))
  col(6, (s) => BigInt(Math.round(s.endUs)))
  col(7, (s) => s.statusCode)
  col(8, (s) => s.statusMessage)
  col(9, (s) => JSON.stringify(s.attributes))
  col(10, (s) => resourceJson(s.resource))
  col(11, (s) => s.scopeName)
  col(12, (s) => s.scopeVersion)
  col(13, (s) => (s.events.length === 0 ? '[]' : JSON.stringify(s.events)))
}

/** Appends `spans` to the `spans` table in data chunks (inside the caller's transaction). */
export async function appendSpansChunked(
  connection: DuckDBConnection,
  spans: readonly Span[]
): Promise<void> {
  if (spans.length === 0) {
    return
  }
  const appender = await connection.createAppender('spans')
  try {
    for (let at = 0; at < spans.length; at += CHUNK_ROWS) {
      // A fresh chunk each time: a reused one keeps string data of the previous rows alive.
      const chunk = DuckDBDataChunk.create(SPAN_TYPES, CHUNK_ROWS)
      fillChunk(chunk, spans.slice(at, at + CHUNK_ROWS))
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
