/**
 * The one seam between the ClickHouse store's SQL and a ClickHouse: the same statements run on a
 * server over HTTP (`@clickhouse/client`, http-executor.ts) and in-process (`chdb`,
 * chdb-executor.ts). Statements carry their values as escaped literals (sql.ts), so neither
 * implementation needs a parameter syntax of its own.
 */

export type BinaryFormat = 'Native' | 'RowBinary'

/** A result row of `FORMAT JSONEachRow`: 64-bit integers arrive as strings. */
export type JsonRow = Record<string, unknown>

export interface InsertOptions {
  /**
   * ClickHouse's `insert_deduplication_token`: an insert sent again with the same token is
   * acknowledged without storing its rows twice, on tables with a deduplication window (ADR 0198).
   */
  dedupToken?: string
}

export interface ClickHouseExecutor {
  /** Runs a SELECT and returns its rows (the executor appends `FORMAT JSONEachRow`). */
  rows(sql: string): Promise<JsonRow[]>
  /**
   * Runs a SELECT and returns its result bytes in a binary format: `Native` (column after column,
   * block by block; what the columnar scan reads) or `RowBinary`.
   */
  binary(sql: string, format?: BinaryFormat): Promise<Uint8Array>
  /** Runs a statement that returns nothing (DDL, DELETE, INSERT … SELECT). */
  command(sql: string): Promise<void>
  /** Inserts newline-delimited JSON objects (`FORMAT JSONEachRow`) into a table. */
  insertJson(table: string, body: string, options?: InsertOptions): Promise<void>
  close(): Promise<void>
}
