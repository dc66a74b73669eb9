/**
 * Histogram buckets the Prometheus way: cumulative counts per upper bound `le`, ending with
 * `+Inf` = the total count.
 */
export interface CumulativeBucket {
  le: string
  count: number
}

/** Prometheus spelling of a bucket bound. */
export function formatLe(bound: number): string {
  if (bound === Number.POSITIVE_INFINITY) {
    return '+Inf'
  }
  if (bound === Number.NEGATIVE_INFINITY) {
    return '-Inf'
  }
  return String(bound)
}

/**
 * Converts OTLP explicit-bounds buckets (per-bucket counts, one more count than bounds) into
 * cumulative `le` buckets. Returns a reason string when the shape is inconsistent.
 */
export function cumulativeFromExplicit(
  bounds: readonly number[],
  counts: readonly number[],
  totalCount: number
): CumulativeBucket[] | string {
  if (counts.length === 0) {
    return [{ le: '+Inf', count: totalCount }]
  }
  if (counts.length !== bounds.length + 1) {
    return `bucketCounts must have explicitBounds.length + 1 entries (actual: ${counts.length} counts for ${bounds.length} bounds)`
  }
  const out: CumulativeBucket[] = []
  let running = 0
  for (let i = 0; i < bounds.length; i++) {
    const bound = bounds[i] as number
    if (i > 0 && !(bound > (bounds[i - 1] as number))) {
      return `explicitBounds must be strictly increasing (actual: ${bounds[i - 1]} then ${bound})`
    }
    running += counts[i] as number
    out.push({ le: formatLe(bound), count: running })
  }
  running += counts[bounds.length] as number
  out.push({ le: '+Inf', count: Math.max(running, totalCount) })
  return out
}

/** Exponential-histogram scales OTLP defines (−10..20). */
const MIN_SCALE = -10
const MAX_SCALE = 20

/**
 * Converts an OTLP exponential histogram into cumulative `le` buckets. Bucket `i` of the
 * positive range covers `(base^i, base^(i+1)]` with `base = 2^(2^-scale)`; negative buckets
 * mirror it; the zero bucket ends at `zeroThreshold`.
 *
 * ```
 *  negative (most negative first) | zero [-zt, zt] | positive (ascending) | +Inf
 * ```
 */
export function cumulativeFromExponential(point: {
  scale: number
  zeroCount: number
  zeroThreshold: number
  positiveOffset: number
  positiveCounts: readonly number[]
  negativeOffset: number
  negativeCounts: readonly number[]
  totalCount: number
}): CumulativeBucket[] | string {
  const { scale } = point
  if (!Number.isInteger(scale) || scale < MIN_SCALE || scale > MAX_SCALE) {
    return `scale must be an integer in ${MIN_SCALE}..${MAX_SCALE} (actual: ${scale})`
  }
  const exponentStep = Math.pow(2, -scale)
  const bound = (index: number): number => Math.pow(2, index * exponentStep)
  const out: CumulativeBucket[] = []
  let running = 0
  for (let k = point.negativeCounts.length - 1; k >= 0; k--) {
    running += point.negativeCounts[k] as number
    out.push({ le: formatLe(-bound(point.negativeOffset + k)), count: running })
  }
  running += point.zeroCount
  out.push({ le: formatLe(point.zeroThreshold), count: running })
  for (let k = 0; k < point.positiveCounts.length; k++) {
    running += point.positiveCounts[k] as number
    out.push({ le: formatLe(bound(point.positiveOffset + k + 1)), count: running })
  }
  out.push({ le: '+Inf', count: Math.max(running, point.totalCount) })
  return out
}
