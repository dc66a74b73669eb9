/** The memory store's aggregates: plain loops over the selected requests (the reference answers). */
import type { RequestTimeline } from '../../core/model/request.js'
import type { Micros } from '../../core/model/units.js'
import type {
  AggregateQuery,
  AggregateRow,
  HistogramQuery,
  RequestHistogram,
} from '../../core/model/query.js'
import { logBinOf, logBins } from '../query/log-bins.js'
import { compareGroups } from '../query/percentile-rows.js'
import { measureValue } from '../query/request-fields.js'
import { bucketStart } from '../query/series-math.js'

/** One row per (group, bucket) with at least one request; group ascending (`null` last), then bucket. */
export function aggregateRows(
  query: AggregateQuery,
  requests: Iterable<RequestTimeline>
): AggregateRow[] {
  const cells = new Map<string, AggregateRow>()
  for (const r of requests) {
    const group = query.groupBy ? r.dims[query.groupBy] : null
    const bucket = query.stepUs ? bucketStart(r.startUs, query.stepUs) : null
    const key = `${group === null ? '\u0000' : `v${group}`}|${bucket ?? ''}`
    let cell = cells.get(key)
    if (!cell) {
      cell = {
        group,
        bucketStartUs: bucket,
        count: 0,
        errors: 0,
        timeouts: 0,
        measures: query.measures.map(() => ({ count: 0, sum: 0, min: null, max: null })),
      }
      cells.set(key, cell)
    }
    cell.count++
    if (r.errorType !== null) {
      cell.errors++
      if (r.errorType.includes('timeout')) {
        cell.timeouts++
      }
    }
    query.measures.forEach((measure, i) => {
      const v = measureValue(r, measure)
      const m = cell.measures[i]
      if (v === null || !m) {
        return
      }
      m.count++
      m.sum += v
      m.min = m.min === null ? v : Math.min(m.min, v)
      m.max = m.max === null ? v : Math.max(m.max, v)
    })
  }
  return [...cells.values()].sort(
    (a, b) => compareGroups(a.group, b.group) || (a.bucketStartUs ?? 0) - (b.bucketStartUs ?? 0)
  )
}

/** Time × log-value counts of one measure; `null` when no value is positive. */
export function histogramOf(
  query: HistogramQuery,
  requests: Iterable<RequestTimeline>
): RequestHistogram | null {
  const points: [number, number][] = []
  let minPositive: number | null = null
  let max: number | null = null
  for (const r of requests) {
    const v = measureValue(r, query.measure)
    if (v === null) {
      continue
    }
    points.push([r.startUs, v])
    if (v > 0 && (minPositive === null || v < minPositive)) {
      minPositive = v
    }
    if (max === null || v > max) {
      max = v
    }
  }
  const bins = logBins(minPositive, max, query.bins)
  if (!bins) {
    return null
  }
  const counts = new Map<string, { bucketStartUs: Micros; bin: number; count: number }>()
  for (const [t, v] of points) {
    const bucketStartUs = bucketStart(t, query.stepUs)
    const bin = logBinOf(v, bins)
    const key = `${bucketStartUs}|${bin}`
    const cell = counts.get(key)
    if (cell) {
      cell.count++
    } else {
      counts.set(key, { bucketStartUs, bin, count: 1 })
    }
  }
  return {
    lowUs: bins.lowUs,
    highUs: bins.highUs,
    cells: [...counts.values()].sort((a, b) => a.bucketStartUs - b.bucketStartUs || a.bin - b.bin),
  }
}
