/**
 * SQL text for the ClickHouse store. Values enter statements as literals made here (strings
 * escaped, numbers checked finite), so the same statement runs on the HTTP client and on chdb;
 * identifiers (table, column, dimension names) come from validated, fixed lists only.
 */
import { AppError } from '../../core/errors.js'
import type { Dimension } from '../../core/model/request.js'
import type { DimensionFilters, TimeRange, ValueRange } from '../../core/model/query.js'
import { measureColumn } from '../query/request-fields.js'

/** A ClickHouse string literal: backslash and quote escaped, so any text is safe. */
export function str(value: string): string {
  return `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`
}

/** A whole-number literal (Int64 range). Throws `QUERY_INVALID` for a non-finite number. */
export function int(value: number): string {
  if (!Number.isFinite(value)) {
    throw new AppError('QUERY_INVALID', `expected a finite number, got ${String(value)}`)
  }
  return String(Math.round(value))
}

/** A Float64 literal that keeps every bit of a JS number (decimal text, cast once). */
export function float(value: number): string {
  if (!Number.isFinite(value)) {
    throw new AppError('QUERY_INVALID', `expected a finite number, got ${String(value)}`)
  }
  return `toFloat64(${str(String(value))})`
}

/** `[…]` of string literals. */
export function strArray(values: readonly string[]): string {
  return `[${values.map(str).join(', ')}]::Array(String)`
}

/** A backquoted identifier for a configurable table name (validated by the store options). */
export function ident(name: string): string {
  if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) {
    throw new AppError(
      'CONFIG_INVALID',
      `expected a table or database name of letters, digits and _, got "${name}"`
    )
  }
  return `\`${name}\``
}

/** ` AND col >= from AND col < to` on a whole-µs Int64 column; fractional bounds round up. */
export function timeClauses(column: string, range: TimeRange): string {
  let sql = ''
  if (range.fromUs !== undefined) {
    sql += ` AND ${column} >= ${int(Math.ceil(range.fromUs))}`
  }
  if (range.toUs !== undefined) {
    sql += ` AND ${column} < ${int(Math.ceil(range.toUs))}`
  }
  return sql
}

/** ` AND dim IN (…)` per non-empty filter; dimension names were validated against DIMENSIONS. */
export function filterClauses(filters: DimensionFilters | undefined): string {
  let sql = ''
  for (const [dim, values] of Object.entries(filters ?? {}) as [
    Dimension,
    string[] | undefined,
  ][]) {
    if (!values || values.length === 0) {
      continue
    }
    sql += ` AND ${dim} IN (${values.map(str).join(', ')})`
  }
  return sql
}

/** ` AND col IS NOT NULL AND col >= min AND col < max` on a measure's column (name from a fixed list). */
export function valueRangeClauses(range: ValueRange | undefined): string {
  if (range === undefined) {
    return ''
  }
  const column = measureColumn(range.measure)
  let sql = ` AND ${column} IS NOT NULL`
  if (range.minUs !== undefined) {
    sql += ` AND ${column} >= ${float(range.minUs)}`
  }
  if (range.maxUs !== undefined) {
    sql += ` AND ${column} < ${float(range.maxUs)}`
  }
  return sql
}

/** `WHERE 1` plus the window on `start_us`, the dimension filters and a measure's value range. */
export function requestWhere(
  query: TimeRange & { filters?: DimensionFilters; valueRange?: ValueRange }
): string {
  return `WHERE 1${timeClauses('start_us', query)}${filterClauses(query.filters)}${valueRangeClauses(query.valueRange)}`
}

/** Epoch-aligned bucket start of an Int64 µs column, exact for negative values too. */
export function bucketExpr(column: string, stepUs: number): string {
  const step = int(stepUs)
  return `(${column} - (((${column} % ${step}) + ${step}) % ${step}))`
}

/** A JSONEachRow value read as a number (64-bit integers arrive as strings). */
export function toNum(value: unknown): number {
  return typeof value === 'number' ? value : Number(value)
}

/** A JSONEachRow value read as a number or null. */
export function toNumOrNull(value: unknown): number | null {
  return value === null || value === undefined ? null : toNum(value)
}
