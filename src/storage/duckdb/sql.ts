/** SQL fragments built from validated query input; values always travel as parameters. */
import type { DuckDBValue } from '@duckdb/node-api'
import type { Dimension } from '../../core/model/request.js'
import type { DimensionFilters, TimeRange, ValueRange } from '../../core/model/query.js'
import { measureColumn } from '../query/request-fields.js'

export interface Where {
  sql: string
  params: DuckDBValue[]
}

/** `column >= from AND column < to` on a whole-µs BIGINT column; fractional bounds round up. */
export function timeClauses(column: string, range: TimeRange, out: Where): void {
  if (range.fromUs !== undefined) {
    out.sql += ` AND ${column} >= ?`
    out.params.push(BigInt(Math.ceil(range.fromUs)))
  }
  if (range.toUs !== undefined) {
    out.sql += ` AND ${column} < ?`
    out.params.push(BigInt(Math.ceil(range.toUs)))
  }
}

/** `dim IN (…)` per non-empty filter; dimension names were validated against DIMENSIONS. */
export function filterClauses(filters: DimensionFilters | undefined, out: Where): void {
  for (const [dim, values] of Object.entries(filters ?? {}) as [
    Dimension,
    string[] | undefined,
  ][]) {
    if (!values || values.length === 0) {
      continue
    }
    out.sql += ` AND ${dim} IN (${values.map(() => '?').join(', ')})`
    out.params.push(...values)
  }
}

/** WHERE clause (starting with `WHERE TRUE`) selecting requests by window and dimensions. */
export function requestWhere(query: TimeRange & { filters?: DimensionFilters }): Where {
  const where: Where = { sql: 'WHERE TRUE', params: [] }
  timeClauses('start_us', query, where)
  filterClauses(query.filters, where)
  return where
}

/** `column >= min AND column < max` on a measure (validated, so the column name is known). */
export function valueRangeClauses(range: ValueRange | undefined, out: Where): void {
  if (range === undefined) {
    return
  }
  const column = measureColumn(range.measure)
  out.sql += ` AND ${column} IS NOT NULL`
  if (range.minUs !== undefined) {
    out.sql += ` AND ${column} >= ?`
    out.params.push(range.minUs)
  }
  if (range.maxUs !== undefined) {
    out.sql += ` AND ${column} < ?`
    out.params.push(range.maxUs)
  }
}

/** Epoch-aligned bucket start of a BIGINT column, exact for negative values too. */
export function bucketExpr(column: string, stepUs: number): string {
  const step = Math.round(stepUs)
  return `(${column} - (((${column} % ${step}) + ${step}) % ${step}))`
}
