/**
 * Metric reads of the ClickHouse store. Samples come from Tokenline's own
 * `tokenline_metric_samples` (Prometheus shape: name, labels, time, value) and, when they exist,
 * from the Collector's `otel_metrics_gauge|sum|histogram`, whose histogram rows are expanded in
 * SQL into the Prometheus `_bucket` (cumulative, `le` label), `_sum` and `_count` series. The
 * series functions then run on the shared TypeScript series math, as in every store (ADR 0034).
 */
import type { MetricFamilyMeta, MetricType } from '../../core/model/metric.js'
import type { Micros } from '../../core/model/units.js'
import {
  evaluateSeries,
  labelsKey,
  storedNameFor,
  type RawSeries,
} from '../query/evaluate-series.js'
import { listMetricFamilies } from '../query/list-metrics.js'
import { validateSeriesQuery } from '../query/validate.js'
import type { Series, SeriesQuery } from '../../core/model/query.js'
import type { ClickHouseExecutor } from './executor.js'
import type { QualifiedTables } from './schema.js'
import { str, timeClauses, toNum } from './sql.js'

/** Which Collector metric tables exist (looked up when the store opens). */
export interface CollectorMetricTables {
  gauge: boolean
  sum: boolean
  histogram: boolean
}

const otelTime = 'toUnixTimestamp64Micro(toDateTime64(TimeUnix, 9))'

/** `SELECT name, labels, time_us, value` over every source that can hold samples named `name`. */
function samplesOf(t: QualifiedTables, have: CollectorMetricTables, name: string): string {
  const parts = [`SELECT name, labels, time_us, value FROM ${t.samples} WHERE name = ${str(name)}`]
  const plain = `MetricName AS name, Attributes AS labels, ${otelTime} AS time_us, Value AS value`
  if (have.gauge) {
    parts.push(`SELECT ${plain} FROM ${t.metricsGauge} WHERE MetricName = ${str(name)}`)
  }
  if (have.sum) {
    parts.push(`SELECT ${plain} FROM ${t.metricsSum} WHERE MetricName = ${str(name)}`)
  }
  if (have.histogram) {
    const suffix = ['_bucket', '_sum', '_count'].find((s) => name.endsWith(s))
    const base = suffix ? name.slice(0, -suffix.length) : null
    if (base !== null && suffix === '_bucket') {
      parts.push(`SELECT ${str(name)} AS name, mapUpdate(Attributes, map('le', le)) AS labels,
          ${otelTime} AS time_us, toFloat64(cum) AS value
        FROM ${t.metricsHistogram}
        ARRAY JOIN arrayCumSum(BucketCounts) AS cum,
          arrayPushBack(arrayMap(b -> toString(b), ExplicitBounds), '+Inf') AS le
        WHERE MetricName = ${str(base)} AND length(BucketCounts) = length(ExplicitBounds) + 1`)
    } else if (base !== null) {
      const value = suffix === '_sum' ? 'Sum' : 'toFloat64(Count)'
      parts.push(`SELECT ${str(name)} AS name, Attributes AS labels, ${otelTime} AS time_us,
          ${value} AS value FROM ${t.metricsHistogram} WHERE MetricName = ${str(base)}`)
    }
  }
  return parts.join('\nUNION ALL\n')
}

/** Raw points of the matching series from SQL, functions applied by the shared series math. */
export async function querySeriesPoints(
  exec: ClickHouseExecutor,
  t: QualifiedTables,
  have: CollectorMetricTables,
  query: SeriesQuery
): Promise<Series[]> {
  validateSeriesQuery(query)
  const name = storedNameFor(query)
  let where = `WHERE 1${timeClauses('time_us', query)}`
  for (const [k, v] of Object.entries(query.labels ?? {})) {
    where += ` AND mapContains(labels, ${str(k)}) AND labels[${str(k)}] = ${str(v)}`
  }
  const points = await exec.rows(
    `SELECT labels, time_us, value FROM (${samplesOf(t, have, name)}) ${where} ORDER BY time_us`
  )
  const bySeries = new Map<string, RawSeries>()
  for (const p of points) {
    const labels = p['labels'] as Record<string, string>
    const key = labelsKey(labels)
    let series = bySeries.get(key)
    if (!series) {
      series = { name, labels, points: [] }
      bySeries.set(key, series)
    }
    series.points.push({ timeUs: toNum(p['time_us']) as Micros, value: toNum(p['value']) })
  }
  return evaluateSeries(query, [...bySeries.values()])
}

/** Recorded families (Tokenline's, then the Collector's descriptions) plus stored sample names. */
export async function listStoredMetrics(
  exec: ClickHouseExecutor,
  t: QualifiedTables,
  have: CollectorMetricTables
): Promise<MetricFamilyMeta[]> {
  const families = await exec.rows(`SELECT name, type, help, unit FROM ${t.families} FINAL`)
  const namesSql = [`SELECT DISTINCT name FROM ${t.samples}`]
  const otel: [boolean, string, MetricType][] = [
    [have.gauge, t.metricsGauge, 'gauge'],
    [have.sum, t.metricsSum, 'counter'],
    [have.histogram, t.metricsHistogram, 'histogram'],
  ]
  const recorded = new Set(families.map((f) => String(f['name'])))
  const otelFamilies: MetricFamilyMeta[] = []
  for (const [present, table, type] of otel) {
    if (!present) {
      continue
    }
    const rows = await exec.rows(
      `SELECT MetricName AS name, any(MetricDescription) AS help, any(MetricUnit) AS unit
       FROM ${table} GROUP BY MetricName`
    )
    for (const r of rows) {
      const name = String(r['name'])
      if (recorded.has(name)) {
        continue
      }
      recorded.add(name)
      const text = (v: unknown): string | null => (v === '' || v == null ? null : String(v))
      otelFamilies.push({ name, type, help: text(r['help']), unit: text(r['unit']) })
    }
  }
  const names = await exec.rows(namesSql.join(' UNION ALL '))
  return listMetricFamilies(
    [
      ...families.map((f) => ({
        name: String(f['name']),
        type: String(f['type']) as MetricType,
        help: f['help'] === null ? null : String(f['help']),
        unit: f['unit'] === null ? null : String(f['unit']),
      })),
      ...otelFamilies,
    ],
    names.map((n) => String(n['name']))
  )
}
