import type { RequestTimeline } from '../../core/model/request.js'
import type { Micros } from '../../core/model/units.js'
import type { PercentileQuery, PercentileRow } from '../../core/model/query.js'
import { nearestRankValues } from './nearest-rank.js'
import { measureValue } from './request-fields.js'
import { bucketStart } from './series-math.js'

/** Orders groups the way every adapter returns them: ascending text, `null` last. */
export function compareGroups(a: string | null, b: string | null): number {
  if (a === b) {
    return 0
  }
  if (a === null) {
    return 1
  }
  if (b === null) {
    return -1
  }
  return a < b ? -1 : 1
}

/**
 * Nearest-rank percentiles over requests already filtered by window and dimensions. One row per
 * (measure, group, bucket) that has at least one value; rows ordered by the query's measure
 * order, then group (ascending, `null` last), then bucket start.
 */
export function percentileRows(
  query: PercentileQuery,
  requests: Iterable<RequestTimeline>
): PercentileRow[] {
  const list = [...requests]
  const rows: PercentileRow[] = []
  for (const measure of query.measures) {
    const cells = new Map<
      string,
      { group: string | null; bucket: number | null; values: number[] }
    >()
    for (const r of list) {
      const value = measureValue(r, measure)
      if (value === null) {
        continue
      }
      const group = query.groupBy ? r.dims[query.groupBy] : null
      const bucket = query.stepUs ? bucketStart(r.startUs, query.stepUs) : null
      const key = `${group === null ? '\u0000' : `v${group}`}|${bucket ?? ''}`
      const cell = cells.get(key)
      if (cell) {
        cell.values.push(value)
      } else {
        cells.set(key, { group, bucket, values: [value] })
      }
    }
    const sorted = [...cells.values()].sort(
      (a, b) => compareGroups(a.group, b.group) || (a.bucket ?? 0) - (b.bucket ?? 0)
    )
    for (const cell of sorted) {
      cell.values.sort((x, y) => x - y)
      rows.push({
        measure,
        group: cell.group,
        bucketStartUs: cell.bucket === null ? null : (cell.bucket as Micros),
        count: cell.values.length,
        values: nearestRankValues(cell.values, query.quantiles),
      })
    }
  }
  return rows
}
