import type { Micros } from '../../core/model/units.js'
import type { Series, SeriesQuery } from '../../core/model/query.js'
import { histogramQuantilePoints, parseLe, ratePoints, type Point } from './series-math.js'
import { DEFAULT_SERIES_STEP_US } from './validate.js'

/** One stored series as an adapter read it: points in time order. */
export interface RawSeries {
  name: string
  labels: Record<string, string>
  points: Point[]
}

/** Stable text key of a label set (sorted keys), for grouping and ordering series. */
export function labelsKey(labels: Record<string, string>): string {
  return JSON.stringify(
    Object.keys(labels)
      .sort()
      .map((k) => [k, labels[k]])
  )
}

/** True when every label the query names is present with the same value. */
export function labelsMatch(
  labels: Record<string, string>,
  wanted: Record<string, string> | undefined
): boolean {
  for (const [key, value] of Object.entries(wanted ?? {})) {
    if (labels[key] !== value) {
      return false
    }
  }
  return true
}

/** The sample name an adapter must read for a query (`<name>_bucket` for histogram_quantile). */
export function storedNameFor(query: SeriesQuery): string {
  return query.fn === 'histogram_quantile' ? `${query.name}_bucket` : query.name
}

/**
 * Applies the query's function to raw series already filtered by name, labels and time.
 * Output is ordered by label set; series with no points after the function are dropped.
 */
export function evaluateSeries(query: SeriesQuery, raw: readonly RawSeries[]): Series[] {
  const fn = query.fn ?? 'raw'
  const stepUs = query.stepUs ?? DEFAULT_SERIES_STEP_US
  const byKey = (a: { labels: Record<string, string> }, b: { labels: Record<string, string> }) =>
    labelsKey(a.labels) < labelsKey(b.labels)
      ? -1
      : labelsKey(a.labels) > labelsKey(b.labels)
        ? 1
        : 0
  if (fn === 'raw' || fn === 'rate') {
    return raw
      .map((s) => ({
        name: s.name,
        labels: s.labels,
        points: fn === 'raw' ? s.points : ratePoints(s.points, stepUs),
      }))
      .filter((s) => s.points.length > 0)
      .sort(byKey)
  }
  const groups = new Map<
    string,
    { labels: Record<string, string>; le: { le: number; points: Point[] }[] }
  >()
  for (const s of raw) {
    const le = parseLe(s.labels['le'])
    if (le === null) {
      continue
    }
    const rest: Record<string, string> = {}
    for (const [k, v] of Object.entries(s.labels)) {
      if (k !== 'le') {
        rest[k] = v
      }
    }
    const key = labelsKey(rest)
    const group = groups.get(key) ?? { labels: rest, le: [] }
    group.le.push({ le, points: s.points })
    groups.set(key, group)
  }
  const out: Series[] = []
  for (const group of groups.values()) {
    const points = histogramQuantilePoints(query.quantile ?? 0.5, group.le, stepUs)
    if (points.length > 0) {
      out.push({
        name: query.name,
        labels: group.labels,
        points: points.map((p) => ({ timeUs: p.timeUs as Micros, value: p.value })),
      })
    }
  }
  return out.sort(byKey)
}
