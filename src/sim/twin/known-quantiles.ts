/**
 * Nearest-rank quantiles of a column's known values, selected rather than sorted: the fit reads a
 * median or a P99 of several columns of every request (1M values each on a 1M-request window),
 * where a sort of each cost about 0.1 s and decided nothing but those few ranks.
 */
import { rankIndex, selectRanks } from '../../core/stats/quantile.js'

/**
 * The nearest-rank quantiles `qs` of the known (non-NaN) values of `values`, each the value
 * `quantileSorted` reads from those values sorted ascending (−0 before +0 included), and 0 for
 * every `q` when no value is known, as `quantileSorted` gives for an empty column.
 */
export function quantilesOf(values: ArrayLike<number>, qs: readonly number[]): number[] {
  // A loop, not a typed array's `filter`: that calls back per value, ~1M times per column here.
  let known = 0
  for (let i = 0; i < values.length; i++) {
    known += values[i]! === values[i]! ? 1 : 0
  }
  if (known === 0) {
    return qs.map(() => 0)
  }
  const out = new Float64Array(known)
  let k = 0
  for (let i = 0; i < values.length; i++) {
    const v = values[i]!
    if (v === v) {
      out[k++] = v
    }
  }
  const ranks = qs.map((q) => rankIndex(known, q))
  const at = selectRanks(out, ranks)
  return ranks.map((r) => at.get(r)!)
}

/** {@link quantilesOf} at the median alone. */
export function medianOfKnown(values: ArrayLike<number>): number {
  return quantilesOf(values, [0.5])[0]!
}
