/**
 * The `spans` table as data-chunk columns (see `chunk-append.ts`, ADR 0056): JSON columns take
 * VARCHAR text, timestamps whole microseconds. The store writes spans as one body per write
 * since schema step 7 (ADR 0395); this writes the table as the builds before it did, for the
 * benches that measure against it and the tests that build such a file.
 */
import { BIGINT, INTEGER, VARCHAR, type DuckDBConnection } from '@duckdb/node-api'
import type { Span } from '../../core/model/span.js'
import { appendInChunks, type ChunkColumn } from './chunk-append.js'
import { resourceJson } from './rows.js'

/** `spans` columns in table order. */
export const SPAN_COLUMNS: readonly ChunkColumn<Span>[] = [
  { type: VARCHAR, value: (s) => s.traceId },
  { type: VARCHAR, value: (s) => s.spanId, distinct: true },
  { type: VARCHAR, value: (s) => s.parentSpanId },
  { type: VARCHAR, value: (s) => s.name },
  { type: INTEGER, value: (s) => s.kind },
  { type: BIGINT, value: (s) => s.startUs },
  { type: BIGINT, value: (s) => s.endUs },
  { type: INTEGER, value: (s) => s.statusCode },
  { type: VARCHAR, value: (s) => s.statusMessage },
  { type: VARCHAR, value: (s) => JSON.stringify(s.attributes), distinct: true },
  { type: VARCHAR, value: (s) => resourceJson(s.resource) },
  { type: VARCHAR, value: (s) => s.scopeName },
  { type: VARCHAR, value: (s) => s.scopeVersion },
  { type: VARCHAR, value: (s) => (s.events.length === 0 ? '[]' : JSON.stringify(s.events)) },
]

/** Appends `spans` to the `spans` table in data chunks (inside the caller's transaction). */
export function appendSpansChunked(
  connection: DuckDBConnection,
  spans: readonly Span[]
): Promise<void> {
  return appendInChunks(connection, 'spans', SPAN_COLUMNS, spans)
}
