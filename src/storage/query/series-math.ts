/**
 * Counter and histogram arithmetic shared by every adapter. Adapters fetch raw samples in time
 * order and call these, so `rate` and `histogram_quantile` give identical numbers everywhere.
 * Written here rather than taken from a library because the rules are small and must match
 * Prometheus' documented behaviour exactly (resets, `le` bounds, `+Inf`).
 */
import type { Micros } from '../../core/model/units.js'

export interface Point {
  timeUs: Micros
  value: number
}

/** Start of the epoch-aligned step bucket that holds `timeUs`. */
export function bucketStart(timeUs: number, stepUs: number): Micros {
  return (Math.floor(timeUs / stepUs) * stepUs) as Micros
}

interface Increase {
  increase: number
  coveredUs: number
}

/**
 * Counter increase per step bucket. Each pair of consecutive samples adds to the bucket of its
 * later sample; a decrease means the counter restarted from zero, so the later value itself is
 * the increase (Prometheus' reset rule). `points` must be in time order.
 */
export function counterIncreases(points: readonly Point[], stepUs: number): Map<number, Increase> {
  const out = new Map<number, Increase>()
  for (let i = 1; i < points.length; i++) {
    const prev = points[i - 1] as Point
    const cur = points[i] as Point
    const delta = cur.value >= prev.value ? cur.value - prev.value : cur.value
    const key = bucketStart(cur.timeUs, stepUs)
    const acc = out.get(key)
    if (acc) {
      acc.increase += delta
      acc.coveredUs += cur.timeUs - prev.timeUs
    } else {
      out.set(key, { increase: delta, coveredUs: cur.timeUs - prev.timeUs })
    }
  }
  return out
}

/**
 * Per-second rate of a counter per step bucket: the bucket's increase divided by the time its
 * sample pairs cover (so partly filled buckets are not diluted). Buckets without a pair, or whose
 * pairs cover no time, yield no point. Points carry the bucket start.
 */
export function ratePoints(points: readonly Point[], stepUs: number): Point[] {
  const out: Point[] = []
  for (const [start, acc] of [...counterIncreases(points, stepUs)].sort((a, b) => a[0] - b[0])) {
    if (acc.coveredUs > 0) {
      out.push({ timeUs: start as Micros, value: acc.increase / (acc.coveredUs / 1_000_000) })
    }
  }
  return out
}

/** Parses an `le` label: a number, or `+Inf`/`Inf`. `null` when it is neither. */
export function parseLe(le: string | undefined): number | null {
  if (le === undefined) {
    return null
  }
  const text = le.trim()
  if (text === '+Inf' || text === 'Inf' || text === '+inf' || text === 'inf') {
    return Number.POSITIVE_INFINITY
  }
  if (text === '') {
    return null
  }
  const value = Number(text)
  return Number.isNaN(value) ? null : value
}

export interface BucketCount {
  upperBound: number
  /** Cumulative count of observations ≤ `upperBound`. */
  count: number
}

/**
 * Prometheus `histogram_quantile` over cumulative buckets: find the bucket holding rank
 * `q × total` and interpolate linearly inside it (lower bound 0 for the first bucket). When the
 * rank falls in the `+Inf` bucket the answer is the largest finite bound. `null` (where
 * Prometheus says NaN) when there is no `+Inf` bucket, fewer than two buckets, or no observations.
 */
export function histogramQuantile(q: number, buckets: readonly BucketCount[]): number | null {
  const sorted = [...buckets].sort((a, b) => a.upperBound - b.upperBound)
  const last = sorted[sorted.length - 1]
  if (sorted.length < 2 || !last || last.upperBound !== Number.POSITIVE_INFINITY) {
    return null
  }
  // Counts from separate series can be slightly out of order; force them monotonic as Prometheus does.
  for (let i = 1; i < sorted.length; i++) {
    const prev = sorted[i - 1] as BucketCount
    const cur = sorted[i] as BucketCount
    if (cur.count < prev.count) {
      sorted[i] = { upperBound: cur.upperBound, count: prev.count }
    }
  }
  const total = (sorted[sorted.length - 1] as BucketCount).count
  if (!(total > 0)) {
    return null
  }
  let rank = q * total
  let b = sorted.findIndex((bucket) => bucket.count >= rank)
  if (b < 0) {
    b = sorted.length - 1
  }
  if (b === sorted.length - 1) {
    return (sorted[sorted.length - 2] as BucketCount).upperBound
  }
  const bucket = sorted[b] as BucketCount
  if (b === 0 && bucket.upperBound <= 0) {
    return bucket.upperBound
  }
  let lower = 0
  let count = bucket.count
  if (b > 0) {
    const below = sorted[b - 1] as BucketCount
    lower = below.upperBound
    count -= below.count
    rank -= below.count
  }
  if (count <= 0) {
    return bucket.upperBound
  }
  return lower + (bucket.upperBound - lower) * (rank / count)
}

/**
 * `histogram_quantile(q, increase(name_bucket[step]))` for one histogram (the `le` series of one
 * label set): per step bucket, the increase of every `le` series, then the interpolated quantile.
 */
export function histogramQuantilePoints(
  q: number,
  leSeries: readonly { le: number; points: readonly Point[] }[],
  stepUs: number
): Point[] {
  const perBucket = new Map<number, BucketCount[]>()
  for (const series of leSeries) {
    for (const [start, acc] of counterIncreases(series.points, stepUs)) {
      const list = perBucket.get(start)
      const entry = { upperBound: series.le, count: acc.increase }
      if (list) {
        list.push(entry)
      } else {
        perBucket.set(start, [entry])
      }
    }
  }
  const out: Point[] = []
  for (const [start, buckets] of [...perBucket].sort((a, b) => a[0] - b[0])) {
    const value = histogramQuantile(q, buckets)
    if (value !== null && !Number.isNaN(value)) {
      out.push({ timeUs: start as Micros, value })
    }
  }
  return out
}
