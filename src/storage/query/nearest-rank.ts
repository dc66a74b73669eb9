/**
 * Exact percentiles, nearest-rank definition: for `n` sorted values and quantile `q` in 0..1 the
 * answer is the value at 1-based rank `ceil(q * n)` (rank 1 when that is 0). It is always one of
 * the observed values, never an interpolation, so every adapter can reproduce it exactly.
 */

/** 0-based index of the nearest-rank quantile `q` among `n` sorted values (`n` ≥ 1). */
export function nearestRankIndex(n: number, q: number): number {
  // Products such as 0.07 * 100 come out as 7.000000000000001; round away that float noise
  // before taking the ceiling so that p7 of 1..100 is 7, as the definition says.
  const rank = Math.ceil(Math.round(q * n * 1e9) / 1e9)
  return Math.min(n, Math.max(1, rank)) - 1
}

/** Nearest-rank quantiles of `sorted` (ascending, non-empty), in the order of `quantiles`. */
export function nearestRankValues(
  sorted: readonly number[],
  quantiles: readonly number[]
): number[] {
  return quantiles.map((q) => sorted[nearestRankIndex(sorted.length, q)] as number)
}
