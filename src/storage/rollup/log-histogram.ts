/**
 * Fixed log-scale bins for mergeable quantiles (the DDSketch construction without its bin
 * collapsing): a positive value v falls into bin k = ceil(ln v / ln γ), i.e. v ∈ (γ^(k−1), γ^k],
 * and the bin answers 2γ^k / (γ + 1), which lies within `RELATIVE_ERROR` of every value of the
 * bin. Bins of different time buckets add up, so a window's quantile costs its buckets' bins,
 * never its rows. Zero has a bin of its own (answered exactly); negative values mirror the
 * positive bins.
 */
import { nearestRankIndex } from '../query/nearest-rank.js'

/** Greatest relative error of a quantile read from these bins (docs/dashboard.md). */
export const RELATIVE_ERROR = 0.01

const GAMMA = (1 + RELATIVE_ERROR) / (1 - RELATIVE_ERROR)
/** ln γ, shared with the SQL that bins values (rollup-fill.ts) so both agree on every edge. */
const LN_GAMMA = Math.log(GAMMA)
/**
 * Bin keys are one integer: `sign · (OFFSET + k)`. k stays far inside ±OFFSET for any double
 * (|ln v| ≤ 745, so |k| ≤ 37 000).
 */
const KEY_OFFSET = 100_000

/** A bin's key for a value (the SQL twin is `binKeySql`). */
export function binKey(value: number): number {
  if (value === 0) {
    return 0
  }
  const k = Math.ceil(Math.log(Math.abs(value)) / LN_GAMMA)
  return Math.sign(value) * (KEY_OFFSET + k)
}

/** The same key in DuckDB SQL for a DOUBLE column or expression `v` (not NULL). */
export function binKeySql(v: string): string {
  return `CASE WHEN ${v} = 0 THEN 0 ELSE sign(${v})::BIGINT * (${KEY_OFFSET} + CAST(ceil(ln(abs(${v})) / ${String(LN_GAMMA)}::DOUBLE) AS BIGINT)) END`
}

/** The value a bin answers for: within `RELATIVE_ERROR` of any value in it. */
export function binValue(key: number): number {
  if (key === 0) {
    return 0
  }
  const k = Math.abs(key) - KEY_OFFSET
  return (Math.sign(key) * 2 * GAMMA ** k) / (GAMMA + 1)
}

/** Counts per bin plus the exact extremes, of one measure over some requests. */
export interface LogHistogram {
  count: number
  min: number
  max: number
  bins: Map<number, number>
}

export function emptyHistogram(): LogHistogram {
  return { count: 0, min: Infinity, max: -Infinity, bins: new Map() }
}

/** Adds `from` into `into` (the merge of two disjoint sets of requests). */
export function mergeInto(into: LogHistogram, from: LogHistogram): void {
  into.count += from.count
  into.min = Math.min(into.min, from.min)
  into.max = Math.max(into.max, from.max)
  for (const [key, n] of from.bins) {
    into.bins.set(key, (into.bins.get(key) ?? 0) + n)
  }
}

/** Key order is value order: negative keys by falling magnitude, then zero, then positive. */
function valueOrder(a: number, b: number): number {
  return a - b
}

/**
 * Nearest-rank quantiles (rank ceil(q·n), at least 1, as the store's exact path): the rank's
 * bin value, clamped to the exact min and max, which the first and last ranks answer exactly.
 * Null for an empty histogram.
 */
export function histogramQuantiles(
  h: LogHistogram,
  quantiles: readonly number[]
): (number | null)[] {
  if (h.count === 0) {
    return quantiles.map(() => null)
  }
  const keys = [...h.bins.keys()].sort(valueOrder)
  const ranks = quantiles.map((q) => nearestRankIndex(h.count, q) + 1)
  return ranks.map((rank) => {
    if (rank === 1) {
      return h.min
    }
    if (rank === h.count) {
      return h.max
    }
    let seen = 0
    for (const key of keys) {
      seen += h.bins.get(key) ?? 0
      if (seen >= rank) {
        return Math.min(h.max, Math.max(h.min, binValue(key)))
      }
    }
    return h.max
  })
}
