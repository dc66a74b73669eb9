/**
 * The DuckDB store's spans as one body per write (ADR 0395): `span_writes` holds each write's
 * spans encoded by `span-bodies.ts`, `span_traces` one row per (trace, write), which is what
 * `getSpans`, the unassembled-trace query and retention read to find writes again. The `spans`
 * table an older build wrote is read beside them (never written again) until retention empties
 * it: converting it in the migration would decode and encode every stored span before the store
 * opens, and its rows age out as new ones never enter it.
 */
import { BIGINT, listValue, VARCHAR, type DuckDBConnection } from '@duckdb/node-api'
import type { Span } from '../../core/model/span.js'
import { appendInChunks, type ChunkColumn } from './chunk-append.js'
import { inTransaction, toNumber } from './connection.js'
import { spanFromRow } from './rows.js'
import { decodeSpanBody, type BodyTrace, type SpanBody } from './span-bodies.js'

/**
 * Whether the `spans` table an older build wrote holds rows. Nothing writes there any more, so
 * once it is empty its reads are left out.
 */
export async function hasLegacySpans(connection: DuckDBConnection): Promise<boolean> {
  const read = await connection.runAndReadAll('SELECT EXISTS (SELECT 1 FROM spans)')
  return read.getRowsJS()[0]?.[0] === true
}

/** The largest write id stored (0 when none): ids grow with each write. */
export async function lastSpanWriteId(connection: DuckDBConnection): Promise<number> {
  const read = await connection.runAndReadAll('SELECT coalesce(max(write_id), 0) FROM span_writes')
  return toNumber(read.getRowsJS()[0]?.[0] ?? 0)
}

/** Appends one write's body and its traces (inside the caller's transaction). */
export async function appendSpanWrite(
  connection: DuckDBConnection,
  writeId: number,
  write: SpanBody
): Promise<void> {
  const appender = await connection.createAppender('span_writes')
  try {
    appender.appendBigInt(BigInt(writeId))
    appender.appendBigInt(BigInt(write.firstStartUs))
    appender.appendBigInt(BigInt(write.lastStartUs))
    appender.appendBigInt(BigInt(write.lastEndUs))
    appender.appendInteger(write.spanCount)
    appender.appendBlob(write.body)
    appender.endRow()
    appender.flushSync()
  } finally {
    try {
      appender.closeSync()
    } catch {
      // Closing after a failed append reports the same failure again.
    }
  }
  const columns: ChunkColumn<BodyTrace>[] = [
    { type: VARCHAR, value: (t) => t.traceId, distinct: true },
    { type: BIGINT, value: () => writeId },
    { type: BIGINT, value: (t) => t.lastStartUs },
  ]
  await appendInChunks(connection, 'span_traces', columns, write.traces)
}

/**
 * The stored spans of `traceIds`: the older `spans` rows first (when `legacy`), then each write
 * holding one of them, in write order. A span stored twice (an exporter's retry) comes back
 * once: the last stored copy.
 */
export async function readSpans(
  connection: DuckDBConnection,
  traceIds: readonly string[],
  legacy: boolean
): Promise<Span[]> {
  const ids = [listValue([...traceIds])]
  const all: Span[] = []
  const read = async (): Promise<void> => {
    if (legacy) {
      const rows = await connection.runAndReadAll(
        `SELECT * FROM spans WHERE trace_id IN (SELECT unnest(?::VARCHAR[])) ORDER BY rowid`,
        ids
      )
      for (const row of rows.getRowObjectsJS()) {
        all.push(spanFromRow(row))
      }
    }
    const found = await connection.runAndReadAll(
      'SELECT DISTINCT write_id FROM span_traces WHERE trace_id IN (SELECT unnest(?::VARCHAR[]))',
      ids
    )
    const writeIds = found.getRowsJS().map(([id]) => BigInt(toNumber(id)))
    if (writeIds.length === 0) {
      return
    }
    // The ids as constants, not a join: a filter DuckDB checks on `write_id` first and reads the
    // bodies of the matching rows alone, where the join read every stored body.
    const bodies = await connection.runAndReadAll(
      `SELECT body FROM span_writes WHERE write_id IN (${writeIds.join(', ')}) ORDER BY write_id`
    )
    const wanted = new Set(traceIds)
    for (const [body] of bodies.getRowsJS()) {
      for (const span of decodeSpanBody(body as Uint8Array, wanted)) {
        all.push(span)
      }
    }
  }
  // One snapshot for both tables: a retention delete between the two reads cannot split them.
  await (legacy ? inTransaction(connection, read) : read())
  const last = new Map<string, number>()
  for (let i = 0; i < all.length; i++) {
    const s = all[i] as Span
    last.set(`${s.traceId}/${s.spanId}`, i)
  }
  return last.size === all.length
    ? all
    : all.filter((s, i) => last.get(`${s.traceId}/${s.spanId}`) === i)
}

/**
 * Every stored span, each stored copy, in stored order: the older `spans` rows, then each
 * write's body. For checks that read the whole store (the stored-rows digest, the fault benches).
 */
export async function readStoredSpans(connection: DuckDBConnection): Promise<Span[]> {
  const out: Span[] = []
  const legacy = await connection.runAndReadAll('SELECT * FROM spans ORDER BY rowid')
  for (const row of legacy.getRowObjectsJS()) {
    out.push(spanFromRow(row))
  }
  const writes = await connection.runAndReadAll('SELECT body FROM span_writes ORDER BY write_id')
  for (const [body] of writes.getRowsJS()) {
    for (const span of decodeSpanBody(body as Uint8Array)) {
      out.push(span)
    }
  }
  return out
}

/** Trace ids with a span starting at or after `sinceUs` and no stored request. */
export const UNASSEMBLED_SQL = `
  SELECT DISTINCT s.trace_id AS trace_id FROM (
    SELECT trace_id FROM spans WHERE start_us >= $1
    UNION ALL SELECT trace_id FROM span_traces WHERE last_start_us >= $1
  ) s ANTI JOIN request_rows r USING (trace_id) LIMIT $2`

/**
 * Retention of spans (inside the caller's transaction): the older `spans` rows that start before
 * `beforeUs`, then whole writes whose spans all start before it, oldest first, up to `maxRows`
 * spans in all. A write straddling the cut stays until its newest span passes it. A write of more
 * spans than `maxRows` goes alone when nothing else went in this call: kept, it would never go.
 */
export async function deleteSpansBefore(
  connection: DuckDBConnection,
  beforeUs: number,
  maxRows: number
): Promise<number> {
  const cut = BigInt(Math.ceil(beforeUs))
  const old = await connection.run(
    'DELETE FROM spans WHERE rowid IN (SELECT rowid FROM spans WHERE start_us < ? LIMIT ?)',
    [cut, maxRows]
  )
  let deleted = old.rowsChanged
  if (deleted >= maxRows) {
    return deleted
  }
  const candidates = await connection.runAndReadAll(
    'SELECT write_id, span_count FROM span_writes WHERE last_start_us < ? ORDER BY write_id LIMIT ?',
    [cut, maxRows - deleted]
  )
  const ids: bigint[] = []
  for (const [id, count] of candidates.getRowsJS()) {
    const n = toNumber(count)
    if (deleted + n > maxRows && deleted > 0) {
      break
    }
    ids.push(BigInt(toNumber(id)))
    deleted += n
  }
  if (ids.length > 0) {
    const list = [listValue(ids)]
    await connection.run(
      'DELETE FROM span_traces WHERE write_id IN (SELECT unnest(?::BIGINT[]))',
      list
    )
    await connection.run(
      'DELETE FROM span_writes WHERE write_id IN (SELECT unnest(?::BIGINT[]))',
      list
    )
  }
  return deleted
}
