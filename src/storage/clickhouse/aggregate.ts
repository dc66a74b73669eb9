/**
 * The ClickHouse store's request analytics: percentiles, aggregates and the heatmap histogram,
 * each one SQL statement over `tokenline_requests FINAL`; only result rows come back.
 */
import type { Micros } from '../../core/model/units.js'
import { logBins, validateAggregateQuery, validateHistogramQuery } from '../query/log-bins.js'
import { measureColumn } from '../query/request-fields.js'
import { validatePercentileQuery, validateRequestQuery } from '../query/validate.js'
import { DIMENSIONS, type Dimension } from '../../core/model/request.js'
import type {
  AggregateQuery,
  DimensionValueCount,
  DimensionValuesQuery,
  AggregateRow,
  HistogramQuery,
  PercentileQuery,
  PercentileRow,
  RequestHistogram,
} from '../../core/model/query.js'
import type { ClickHouseExecutor } from './executor.js'
import { bucketExpr, float, int, requestWhere, toNum, toNumOrNull } from './sql.js'

const groupOf = (v: unknown): string | null => (v === null || v === undefined ? null : String(v))
const bucketOf = (v: unknown): Micros | null =>
  v === null || v === undefined ? null : (toNum(v) as Micros)

/**
 * Nearest-rank percentiles (rank `ceil(q·n)`, the float noise of `q·n` rounded away as in
 * query/nearest-rank.ts), picked in SQL from each cell's sorted values.
 */
export async function queryPercentiles(
  exec: ClickHouseExecutor,
  requests: string,
  query: PercentileQuery
): Promise<PercentileRow[]> {
  validatePercentileQuery(query)
  if (query.measures.length === 0) {
    return []
  }
  const group = query.groupBy ?? 'NULL'
  const bucket = query.stepUs ? bucketExpr('start_us', query.stepUs) : 'NULL'
  const qs = `[${query.quantiles.map(float).join(', ')}]`
  // The inner query sorts each cell's values; the outer one keeps only the picked ranks, so the
  // sorted arrays never leave ClickHouse.
  const inner = query.measures.map((m, i) => {
    const c = measureColumn(m)
    return `, count(${c}) AS n${i}, arraySort(groupArray(${c})) AS s${i}`
  })
  const outer = query.measures.map(
    (_, i) =>
      `, n${i}, arrayMap(q -> s${i}[least(n${i}, toUInt64(greatest(1, ceil(round(q * n${i} * 1e9) / 1e9))))], ${qs}) AS q${i}`
  )
  const found = await exec.rows(
    `SELECT grp, bucket${outer.join('')} FROM (
       SELECT ${group} AS grp, ${bucket} AS bucket${inner.join('')}
       FROM ${requests} FINAL ${requestWhere(query)}
       GROUP BY grp, bucket)
     ORDER BY grp ASC NULLS LAST, bucket ASC`
  )
  const out: PercentileRow[] = []
  query.measures.forEach((measure, i) => {
    for (const row of found) {
      const count = toNum(row[`n${i}`])
      if (count === 0) {
        continue
      }
      out.push({
        measure,
        group: groupOf(row['grp']),
        bucketStartUs: bucketOf(row['bucket']),
        count,
        values: (row[`q${i}`] as unknown[]).map(toNum),
      })
    }
  })
  return out
}

/** Counts, failures and per-measure count/sum/min/max per (group, bucket). */
export async function queryAggregate(
  exec: ClickHouseExecutor,
  requests: string,
  query: AggregateQuery
): Promise<AggregateRow[]> {
  validateAggregateQuery(query)
  const group = query.groupBy ?? 'NULL'
  const bucket = query.stepUs ? bucketExpr('start_us', query.stepUs) : 'NULL'
  const measureSql = query.measures.map((m, i) => {
    const c = measureColumn(m)
    return `, count(${c}) AS n${i}, sum(${c}) AS s${i}, min(${c}) AS lo${i}, max(${c}) AS hi${i}`
  })
  const found = await exec.rows(
    `SELECT ${group} AS grp, ${bucket} AS bucket, count() AS n,
       countIf(error_type IS NOT NULL) AS errors,
       countIf(position(assumeNotNull(error_type), 'timeout') > 0) AS timeouts${measureSql.join('')}
     FROM ${requests} FINAL ${requestWhere(query)}
     GROUP BY grp, bucket HAVING count() > 0 ORDER BY grp ASC NULLS LAST, bucket ASC`
  )
  return found.map((row) => ({
    group: groupOf(row['grp']),
    bucketStartUs: bucketOf(row['bucket']),
    count: toNum(row['n']),
    errors: toNum(row['errors']),
    timeouts: toNum(row['timeouts']),
    measures: query.measures.map((_, i) => {
      const count = toNum(row[`n${i}`])
      return {
        count,
        sum: count === 0 ? 0 : toNum(row[`s${i}`]),
        min: count === 0 ? null : toNumOrNull(row[`lo${i}`]),
        max: count === 0 ? null : toNumOrNull(row[`hi${i}`]),
      }
    }),
  }))
}

/** Time × log-value counts: one statement for the value range, one grouped count. */
export async function queryHistogram(
  exec: ClickHouseExecutor,
  requests: string,
  query: HistogramQuery
): Promise<RequestHistogram | null> {
  validateHistogramQuery(query)
  const where = requestWhere(query)
  const c = measureColumn(query.measure)
  const [range] = await exec.rows(
    `SELECT minIf(${c}, ${c} > 0) AS lo, max(${c}) AS hi, countIf(${c} > 0) AS pos
     FROM ${requests} FINAL ${where}`
  )
  const positive = toNum(range?.['pos'] ?? 0) > 0
  const bins = positive
    ? logBins(toNumOrNull(range?.['lo']), toNumOrNull(range?.['hi']), query.bins)
    : null
  if (!bins) {
    return null
  }
  // Same arithmetic as logBinOf; numbers enter as exact decimal text cast to Float64.
  const low = float(bins.lowUs)
  const bin = `multiIf(${c} <= ${low}, 0, least(${int(bins.bins - 1)}, greatest(0,
      toInt64(ceil((log(greatest(${c}, ${low})) - ${float(bins.logLow)}) / ${float(bins.logWidth)} - 1e-9)) - 1)))`
  const cells = await exec.rows(
    `SELECT ${bucketExpr('start_us', query.stepUs)} AS bucket, ${bin} AS bin, count() AS n
     FROM ${requests} FINAL ${where} AND ${c} IS NOT NULL
     GROUP BY bucket, bin ORDER BY bucket, bin`
  )
  return {
    lowUs: bins.lowUs,
    highUs: bins.highUs,
    cells: cells.map((row) => ({
      bucketStartUs: toNum(row['bucket']) as Micros,
      bin: toNum(row['bin']),
      count: toNum(row['n']),
    })),
  }
}

/**
 * Requests with an e2e per value of every dimension, in one statement: each row is spread into
 * one (dimension, value) pair per dimension and the pairs counted (ADR 0239).
 */
export async function queryDimensionValues(
  exec: ClickHouseExecutor,
  requests: string,
  query: DimensionValuesQuery
): Promise<DimensionValueCount[]> {
  validateRequestQuery(query)
  const pairs = DIMENSIONS.map((d, i) => `tuple(${i}, ${d})`).join(', ')
  const found = await exec.rows(
    `SELECT pair.1 AS dim, pair.2 AS val, count() AS n FROM (
       SELECT ${DIMENSIONS.join(', ')} FROM ${requests} FINAL ${requestWhere(query)}
         AND e2e_us IS NOT NULL)
     ARRAY JOIN [${pairs}] AS pair
     WHERE pair.2 IS NOT NULL
     GROUP BY dim, val`
  )
  return found.map((row) => ({
    dimension: DIMENSIONS[toNum(row['dim'])] as Dimension,
    value: String(row['val']),
    count: toNum(row['n']),
  }))
}
