/** The DuckDB store's analytical reads: percentiles, metric series and metric listing. */
import { listValue, type JS } from '@duckdb/node-api'
import type { Micros } from '../../core/model/units.js'
import {
  evaluateSeries,
  labelsMatch,
  storedNameFor,
  type RawSeries,
} from '../query/evaluate-series.js'
import { measureColumn } from '../query/request-fields.js'
import { validatePercentileQuery, validateSeriesQuery } from '../query/validate.js'
import type { PercentileQuery, PercentileRow, Series, SeriesQuery } from '../../core/model/query.js'
import { toNumber, type ReadRows } from './connection.js'
import { bucketExpr, requestWhere, timeClauses, type Where } from './sql.js'
import { totalQuantiles } from './total-quantiles.js'

/** Nearest-rank percentiles via `quantile_disc` (same rank rule as the memory store). */
export async function queryPercentiles(
  rows: ReadRows,
  query: PercentileQuery
): Promise<PercentileRow[]> {
  validatePercentileQuery(query)
  const where = requestWhere(query)
  if (query.groupBy === undefined && !query.stepUs) {
    const total = await totalPercentiles(rows, where, query)
    if (total !== null) {
      return total
    }
  }
  const group = query.groupBy ?? 'NULL'
  const bucket = query.stepUs ? bucketExpr('start_us', query.stepUs) : 'NULL'
  const qs = `[${query.quantiles.map((q) => String(q)).join(', ')}]::DOUBLE[]`
  // One scan for every measure: each gets its own count and quantile_disc (NULLs ignored), and
  // a measure's rows are those of the cells where it has values.
  const cols = query.measures.map(
    (m, i) =>
      `, count(${measureColumn(m)}) AS n${i}, quantile_disc(${measureColumn(m)}, ${qs}) AS q${i}`
  )
  // quantile_disc is nearest-rank (rank ceil(q·n)), the definition the port promises.
  const sql = `SELECT ${group} AS grp, ${bucket} AS bucket${cols.join('')}
    FROM requests ${where.sql}
    GROUP BY ALL ORDER BY grp ASC NULLS LAST, bucket ASC`
  const found = query.measures.length === 0 ? [] : await rows(sql, where.params)
  const out: PercentileRow[] = []
  query.measures.forEach((measure, i) => {
    for (const row of found) {
      const count = toNumber(row[`n${i}`])
      if (count === 0) {
        continue
      }
      out.push({
        measure,
        group: row['grp'] === null ? null : String(row['grp']),
        bucketStartUs: row['bucket'] === null ? null : (toNumber(row['bucket']) as Micros),
        count,
        values: query.quantiles.length === 0 ? [] : (row[`q${i}`] as JS[]).map(toNumber),
      })
    }
  })
  return out
}

/** The whole window's quantiles by `totalQuantiles`; null when they need the fallback. */
async function totalPercentiles(
  rows: ReadRows,
  where: Where,
  query: PercentileQuery
): Promise<PercentileRow[] | null> {
  const found = await totalQuantiles(rows, where, query.measures, query.quantiles)
  if (found === null) {
    return null
  }
  return query.measures.flatMap((measure, i) => {
    const m = found[i]
    return m === undefined || m.count === 0
      ? []
      : [{ measure, group: null, bucketStartUs: null, count: m.count, values: m.values }]
  })
}

/** Raw points of the matching series from SQL, functions applied by the shared series math. */
export async function querySeriesPoints(rows: ReadRows, query: SeriesQuery): Promise<Series[]> {
  validateSeriesQuery(query)
  const name = storedNameFor(query)
  // One row's labels per series: a series id is a hash of the name and the sorted labels
  // (series-id.ts), so every row of a series holds the same labels. `DISTINCT series_id, labels`
  // read the labels of all its rows, and the first read of the compressed JSON column cost
  // 3 s of CPU on 8.7M samples; the rows found by rowid read only one per series (ADR 0465).
  const candidates = await rows(
    `SELECT series_id, labels FROM metric_samples WHERE rowid IN (
       SELECT min(rowid) FROM metric_samples WHERE name = ? GROUP BY series_id)`,
    [name]
  )
  const wanted = new Map<bigint, Record<string, string>>()
  for (const c of candidates) {
    const labels = JSON.parse(String(c['labels'])) as Record<string, string>
    if (labelsMatch(labels, query.labels)) {
      wanted.set(c['series_id'] as bigint, labels)
    }
  }
  if (wanted.size === 0) {
    return []
  }
  const where: Where = {
    sql: 'WHERE name = ? AND series_id IN (SELECT unnest(?::BIGINT[]))',
    params: [name, listValue([...wanted.keys()])],
  }
  timeClauses('time_us', query, where)
  // One row per series with its times and values as lists, in time order: a row object per
  // sample (and a BigInt per time) was most of a series read's CPU, 44k samples per metric on the
  // 1M-request store. Epoch µs are below 2^53, so a time is exact as a DOUBLE.
  const found = await rows(
    `SELECT series_id, list(time_us::DOUBLE ORDER BY time_us) AS t, list(value ORDER BY time_us) AS v
     FROM metric_samples ${where.sql} GROUP BY series_id ORDER BY series_id`,
    where.params
  )
  const series: RawSeries[] = found.map((row) => {
    const t = row['t'] as number[]
    const v = row['v'] as number[]
    return {
      name,
      labels: wanted.get(row['series_id'] as bigint) ?? {},
      points: t.map((timeUs, k) => ({ timeUs: timeUs as Micros, value: v[k]! })),
    }
  })
  return evaluateSeries(query, series)
}
