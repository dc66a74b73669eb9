/** The DuckDB store's aggregates over `requests`: one SQL query each, rows never leave DuckDB. */
import type { Micros } from '../../core/model/units.js'
import { logBins, validateAggregateQuery, validateHistogramQuery } from '../query/log-bins.js'
import { measureColumn } from '../query/request-fields.js'
import { validateRequestQuery } from '../query/validate.js'
import { DIMENSIONS, type Dimension } from '../../core/model/request.js'
import type {
  AggregateQuery,
  DimensionValueCount,
  DimensionValuesQuery,
  AggregateRow,
  HistogramQuery,
  RequestHistogram,
} from '../../core/model/query.js'
import { toNumber, toNumberOrNull, type ReadRows } from './connection.js'
import { bucketExpr, requestWhere } from './sql.js'

/** Counts, failures and per-measure count/sum/min/max per (group, bucket), as the memory store. */
export async function queryAggregate(
  rows: ReadRows,
  query: AggregateQuery
): Promise<AggregateRow[]> {
  validateAggregateQuery(query)
  const where = requestWhere(query)
  const group = query.groupBy ?? 'NULL'
  const bucket = query.stepUs ? bucketExpr('start_us', query.stepUs) : 'NULL'
  const measureSql = query.measures.map((m, i) => {
    const c = measureColumn(m)
    // HUGEINT sums are exact; the cast to DOUBLE rounds once, like the memory store's sum.
    return `, count(${c}) AS n${i}, sum(${c})::DOUBLE AS s${i}, min(${c}) AS lo${i}, max(${c}) AS hi${i}`
  })
  const sql = `SELECT ${group} AS grp, ${bucket} AS bucket, count(*) AS n,
      count(*) FILTER (WHERE error_type IS NOT NULL) AS errors,
      count(*) FILTER (WHERE contains(error_type, 'timeout')) AS timeouts${measureSql.join('')}
    FROM requests ${where.sql}
    GROUP BY ALL HAVING count(*) > 0 ORDER BY grp ASC NULLS LAST, bucket ASC`
  return (await rows(sql, where.params)).map((row) => ({
    group: row['grp'] === null ? null : String(row['grp']),
    bucketStartUs: row['bucket'] === null ? null : (toNumber(row['bucket']) as Micros),
    count: toNumber(row['n']),
    errors: toNumber(row['errors']),
    timeouts: toNumber(row['timeouts']),
    measures: query.measures.map((_, i) => {
      const count = toNumber(row[`n${i}`])
      return {
        count,
        sum: count === 0 ? 0 : toNumber(row[`s${i}`]),
        min: toNumberOrNull(row[`lo${i}`]),
        max: toNumberOrNull(row[`hi${i}`]),
      }
    }),
  }))
}

/** Time × log-value counts: one query for the value range, one grouped count. */
export async function queryHistogram(
  rows: ReadRows,
  query: HistogramQuery
): Promise<RequestHistogram | null> {
  validateHistogramQuery(query)
  const where = requestWhere(query)
  const c = measureColumn(query.measure)
  const [range] = await rows(
    `SELECT min(${c}) FILTER (WHERE ${c} > 0) AS lo, max(${c}) AS hi FROM requests ${where.sql}`,
    where.params
  )
  const bins = logBins(toNumberOrNull(range?.['lo']), toNumberOrNull(range?.['hi']), query.bins)
  if (!bins) {
    return null
  }
  // Same arithmetic as logBinOf; numbers travel as exact decimal strings cast to DOUBLE.
  const d = (x: number): string => `'${String(x)}'::DOUBLE`
  const bin = `CASE WHEN ${c} <= ${d(bins.lowUs)} THEN 0 ELSE least(${bins.bins - 1}, greatest(0,
      CAST(ceil((ln(greatest(${c}, ${d(bins.lowUs)})) - ${d(bins.logLow)}) / ${d(bins.logWidth)} - 1e-9) AS BIGINT) - 1)) END`
  const cells = await rows(
    `SELECT ${bucketExpr('start_us', query.stepUs)} AS bucket, ${bin} AS bin, count(*) AS n
      FROM requests ${where.sql} AND ${c} IS NOT NULL
      GROUP BY ALL ORDER BY bucket, bin`,
    where.params
  )
  return {
    lowUs: bins.lowUs,
    highUs: bins.highUs,
    cells: cells.map((row) => ({
      bucketStartUs: toNumber(row['bucket']) as Micros,
      bin: toNumber(row['bin']),
      count: toNumber(row['n']),
    })),
  }
}

/**
 * Requests with an e2e per value of every dimension: one scan with a grouping set per dimension
 * (ADR 0239) instead of a grouped count each.
 */
export async function queryDimensionValues(
  rows: ReadRows,
  query: DimensionValuesQuery
): Promise<DimensionValueCount[]> {
  validateRequestQuery(query)
  const where = requestWhere(query)
  const sets = DIMENSIONS.map((d) => `(${d})`).join(', ')
  // GROUPING(d) is 0 in the rows of d's own set; the other dimensions are NULL there.
  const which = DIMENSIONS.map((d, i) => `WHEN GROUPING(${d}) = 0 THEN ${i}`).join(' ')
  const value = DIMENSIONS.join(', ')
  const found = await rows(
    `SELECT CASE ${which} END AS dim, coalesce(${value}) AS val, count(e2e_us) AS n
     FROM requests ${where.sql}
     GROUP BY GROUPING SETS (${sets}) HAVING count(e2e_us) > 0`,
    where.params
  )
  return found.flatMap((row) => {
    const value = row['val']
    if (value === null || value === undefined) {
      return []
    }
    return [
      {
        dimension: DIMENSIONS[toNumber(row['dim'])] as Dimension,
        value: String(value),
        count: toNumber(row['n']),
      },
    ]
  })
}
