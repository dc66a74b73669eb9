/**
 * Exact percentiles over small in-memory samples. Linear interpolation between closest ranks
 * (the "R-7" rule numpy uses by default), so figures match what vLLM's benchmark prints.
 */
export function percentile(sorted: readonly number[], p: number): number | null {
  if (sorted.length === 0) {
    return null
  }
  const rank = (p / 100) * (sorted.length - 1)
  const lo = Math.floor(rank)
  const hi = Math.min(lo + 1, sorted.length - 1)
  const a = sorted[lo] as number
  const b = sorted[hi] as number
  return a + (rank - lo) * (b - a)
}

/** Sorts a copy ascending. */
export function sortedCopy(values: readonly number[]): number[] {
  return [...values].sort((a, b) => a - b)
}

/** Rounds to microsecond resolution for output (ms with 3 decimals). */
export function roundMs(ms: number): number {
  return Math.round(ms * 1000) / 1000
}
