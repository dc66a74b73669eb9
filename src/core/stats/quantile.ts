/**
 * Exact quantiles over typed arrays, nearest-rank definition (the same one the stores use): for
 * `n` sorted values and quantile `q` the answer is the value at 1-based rank `ceil(q·n)`. It is
 * always an observed value. Missing values are `NaN` in Tokenline's columnar frames and are
 * skipped.
 */
import { sortFloats } from './float-sort.js'

/** 0-based nearest-rank index of quantile `q` (0..1) among `n` ≥ 1 sorted values. */
export function rankIndex(n: number, q: number): number {
  // Round away float noise (0.07 * 100 = 7.000000000000001) before taking the ceiling.
  const rank = Math.ceil(Math.round(q * n * 1e9) / 1e9)
  return Math.min(n, Math.max(1, rank)) - 1
}

/** Nearest-rank quantile of ascending `sorted`; 0 when empty (callers report "not enough data"). */
export function quantileSorted(sorted: ArrayLike<number>, q: number): number {
  if (sorted.length === 0) {
    return 0
  }
  return sorted[rankIndex(sorted.length, q)] as number
}

/**
 * The finite values of `values` (optionally only where `mask[i]` is 1), sorted ascending. `NaN`
 * marks a missing value. The result must not be modified (it may be shared).
 */
// Diagnosis asks for the same column's sorted values many times (cohorts, latency summary, tail
// impact). Unmasked results are cached per column object; columns are never mutated after the
// frame is built, and the WeakMap lets them be collected with the frame.
const SORTED_CACHE = new WeakMap<Float64Array, Float64Array>()

export function sortedFinite(values: Float64Array, mask?: Uint8Array): Float64Array {
  if (mask === undefined) {
    const cached = SORTED_CACHE.get(values)
    if (cached !== undefined) {
      return cached
    }
    const sorted = sortFinite(values)
    SORTED_CACHE.set(values, sorted)
    return sorted
  }
  return sortFinite(values, mask)
}

/** The nearest-rank median of `values` (finite, in any order); NaN when there are none. */
export function medianOf(values: ArrayLike<number>): number {
  return quantileSorted(Float64Array.from(values).sort(), 0.5)
}

/**
 * The nearest-rank median of `values` (finite, in any order) and their robust spread, 1.4826 ×
 * the median absolute deviation: a standard deviation's estimate that a few outliers do not move.
 */
export function medianAndSpread(values: ArrayLike<number>): { median: number; spread: number } {
  const median = medianOf(values)
  const dev = Float64Array.from(values, (v) => Math.abs(v - median)).sort()
  return { median, spread: 1.4826 * quantileSorted(dev, 0.5) }
}

/**
 * How far the median of `a` stands from the median of `b` (both sorted, finite), and the
 * standard error of that shift from their pooled robust spread: 1.4826 × the median absolute
 * deviation of each value from its own sample's median, at least `minSpread`.
 */
export function medianShift(
  a: Float64Array,
  b: Float64Array,
  minSpread: number
): { z: number; shift: number; se: number } {
  const ma = quantileSorted(a, 0.5)
  const mb = quantileSorted(b, 0.5)
  const dev = new Float64Array(a.length + b.length)
  let nan = false
  for (let k = 0; k < a.length; k++) {
    const d = Math.abs((a[k] as number) - ma)
    dev[k] = d
    nan ||= d !== d
  }
  for (let k = 0; k < b.length; k++) {
    const d = Math.abs((b[k] as number) - mb)
    dev[a.length + k] = d
    nan ||= d !== d
  }
  // Only the median deviation is read: a selection finds the value a sort would put at its rank
  // (absolute values hold no -0; a NaN, from an infinite value, keeps the sort's order).
  const mad =
    dev.length === 0
      ? 0
      : nan
        ? quantileSorted(dev.sort(), 0.5)
        : selectRank(dev, rankIndex(dev.length, 0.5))
  const spread = Math.max(minSpread, 1.4826 * mad)
  const se = spread * Math.sqrt(1 / a.length + 1 / b.length)
  return { z: (ma - mb) / se, shift: ma - mb, se }
}

/**
 * The value at 0-based `rank` of `values` sorted ascending (no NaN), found by Floyd and Rivest's
 * selection in linear expected time; `values` is reordered so that every value before `rank` is
 * at or below it and every value after at or above.
 */
export function selectRank(values: Float64Array, rank: number): number {
  if (values.length > 0) {
    selectBetween(values, 0, values.length - 1, rank)
  }
  return values[rank] as number
}

/**
 * The nearest-rank `q` quantile of `values` (no NaN, not empty), the value a sort would put at
 * its rank, found by selection (linear, where a sort is n log n; ADR 0367). Selection compares
 * with `<`, to which -0 and +0 are equal, while the sort puts every -0 before every +0: a zero is
 * given the sign the sort would. `values` is reordered.
 */
export function quantileSelected(values: Float64Array, q: number): number {
  const rank = rankIndex(values.length, q)
  const v = selectRank(values, rank)
  return v === 0 ? zeroAtRank(values, rank) : v
}

/**
 * The signed zero a sort would put at `rank` of `values`, where a selection found a zero there:
 * selection compares with `<`, to which −0 and +0 are equal, while the sort puts every −0 first.
 */
function zeroAtRank(values: Float64Array, rank: number): number {
  let negatives = 0
  let negativeZeros = 0
  for (let i = 0; i < values.length; i++) {
    const x = values[i]!
    negatives += x < 0 ? 1 : 0
    negativeZeros += Object.is(x, -0) ? 1 : 0
  }
  return rank >= negatives && rank < negatives + negativeZeros ? -0 : 0
}

/**
 * The nearest-rank `q` quantile of `values` in any order: what {@link quantileSorted} of their
 * sort gives (0 when empty), by selection when no value is NaN (the sort puts NaN last, where a
 * selection would not). `values` is reordered.
 */
export function quantileUnsorted(values: Float64Array, q: number): number {
  for (let i = 0; i < values.length; i++) {
    const v = values[i] as number
    if (v !== v) {
      return quantileSorted(values.sort(), q)
    }
  }
  return values.length === 0 ? quantileSorted(values, q) : quantileSelected(values, q)
}

/** Above this many values, the pivot is first selected inside a sample around the rank. */
const SAMPLED_SELECTION = 600

/**
 * Floyd and Rivest's SELECT (CACM 18(3), 1975) on `values[left..right]`: a pivot selected from a
 * sample of ~n^(2/3) values sits so near the rank that one partition leaves a few percent of
 * them, about n + min(k, n − k) comparisons in all. Hoare's selection with a median of three,
 * used before, makes ~2.75n, and the twin selects three percentiles of four measures of every
 * seeded run (1.5M values each).
 */
function selectBetween(a: Float64Array, left: number, right: number, k: number): void {
  while (right > left) {
    if (right - left > SAMPLED_SELECTION) {
      const n = right - left + 1
      const i = k - left + 1
      const z = Math.log(n)
      const s = 0.5 * Math.exp((2 * z) / 3)
      const sd = 0.5 * Math.sqrt((z * s * (n - s)) / n) * Math.sign(i - n / 2)
      selectBetween(
        a,
        Math.max(left, Math.floor(k - (i * s) / n + sd)),
        Math.min(right, Math.floor(k + ((n - i) * s) / n + sd)),
        k
      )
    }
    const t = a[k] as number
    let i = left
    let j = right
    swap(a, left, k)
    if ((a[right] as number) > t) {
      swap(a, left, right)
    }
    while (i < j) {
      swap(a, i, j)
      i++
      j--
      while ((a[i] as number) < t) {
        i++
      }
      while ((a[j] as number) > t) {
        j--
      }
    }
    if (a[left] === t) {
      swap(a, left, j)
    } else {
      j++
      swap(a, j, right)
    }
    if (j <= k) {
      left = j + 1
    }
    if (k <= j) {
      right = j - 1
    }
  }
}

function swap(a: Float64Array, i: number, j: number): void {
  const t = a[i] as number
  a[i] = a[j] as number
  a[j] = t
}

/**
 * The values at each of the 0-based `ranks` of `values` sorted ascending, as `Float64Array#sort`
 * orders them (−0 before +0; no NaN), so a few percentiles of a large array cost a few linear
 * passes, not a sort. `values` is reordered: split at every rank (each value before it at or
 * below it, each after at or above).
 *
 * The rank nearest the middle of its stretch is selected first, and the ranks each side inside
 * the part that side of it. A selection costs about its stretch's length plus the distance from
 * its rank to the nearer end (ADR 0514), so P50, P95 and P99 of one array cost ~2.1 passes this
 * way where the highest first cost ~3.5 (P99 over all, P95 under it, P50 under that). Each rank's
 * value is the one a sort puts there whatever the order they are selected in.
 */
export function selectRanks(values: Float64Array, ranks: readonly number[]): Map<number, number> {
  const out = new Map<number, number>()
  const sorted = [...new Set(ranks)].sort((a, b) => a - b)
  selectRanksBetween(values, sorted, 0, sorted.length, 0, values.length, out)
  return out
}

/** Selects `ranks[from..to)`, all inside `values[left..right)`, into `out`. */
function selectRanksBetween(
  values: Float64Array,
  ranks: readonly number[],
  from: number,
  to: number,
  left: number,
  right: number,
  out: Map<number, number>
): void {
  if (from >= to) {
    return
  }
  const mid = (left + right - 1) / 2
  let pick = from
  for (let r = from + 1; r < to; r++) {
    if (Math.abs(ranks[r]! - mid) < Math.abs(ranks[pick]! - mid)) {
      pick = r
    }
  }
  const rank = ranks[pick]!
  selectBetween(values, left, right - 1, rank)
  const v = values[rank] as number
  // Selection reorders the array, not its members: the count of each zero is the whole array's.
  out.set(rank, v === 0 ? zeroAtRank(values, rank) : v)
  selectRanksBetween(values, ranks, from, pick, left, rank, out)
  selectRanksBetween(values, ranks, pick + 1, to, rank + 1, right, out)
}

function sortFinite(values: Float64Array, mask?: Uint8Array): Float64Array {
  let count = 0
  for (let i = 0; i < values.length; i++) {
    const v = values[i] as number
    if (v === v && (mask === undefined || mask[i] === 1)) {
      count++
    }
  }
  const out = new Float64Array(count)
  let j = 0
  for (let i = 0; i < values.length; i++) {
    const v = values[i] as number
    if (v === v && (mask === undefined || mask[i] === 1)) {
      out[j++] = v
    }
  }
  // The typed-array sort's order (numeric, -0 before +0), by radix at a large sample's size, where
  // the built-in sort was a fifth of the diagnosis's time (ADR 0495).
  return sortFloats(out)
}

/**
 * P50/P95/P99 of a value set (units of the input). Over an empty set every figure but `count` is
 * NaN: a quantile over no values is unknown, and a 0 here reached the diagnosis's evidence as a
 * measured "TTFT P99 0" for data with no TTFT at all (gateway spans only). NaN rounds to null
 * and prints "–" (ADR 0337).
 */
export interface QuantileSummary {
  count: number
  mean: number
  p50: number
  p90: number
  p95: number
  p99: number
  max: number
}

/** Exact summary of the finite values of `values` (where `mask` is 1, when given). */
export function summarize(values: Float64Array, mask?: Uint8Array): QuantileSummary {
  const sorted = sortedFinite(values, mask)
  if (sorted.length === 0) {
    return { count: 0, mean: NaN, p50: NaN, p90: NaN, p95: NaN, p99: NaN, max: NaN }
  }
  let sum = 0
  for (let i = 0; i < sorted.length; i++) {
    sum += sorted[i] as number
  }
  return {
    count: sorted.length,
    mean: sum / sorted.length,
    p50: quantileSorted(sorted, 0.5),
    p90: quantileSorted(sorted, 0.9),
    p95: quantileSorted(sorted, 0.95),
    p99: quantileSorted(sorted, 0.99),
    max: sorted[sorted.length - 1] as number,
  }
}

/** Mean of the finite values where `mask` is 1 (all when no mask); 0 when there are none. */
export function meanWhere(
  values: Float64Array,
  mask?: Uint8Array
): { mean: number; count: number } {
  let sum = 0
  let count = 0
  for (let i = 0; i < values.length; i++) {
    const v = values[i] as number
    if (v === v && (mask === undefined || mask[i] === 1)) {
      sum += v
      count++
    }
  }
  return { mean: count === 0 ? 0 : sum / count, count }
}

/**
 * Where the q-quantile of the population a sample was drawn from lies, from the sample alone: a
 * distribution-free interval of two of its order statistics, [x₍ₗ₎, x₍ᵤ₎]. The count of sample
 * values below the population's quantile is Binomial(n, q) whatever the distribution, so l and u
 * are read from that law and hold it with probability ≥ `level` (the exact form of a bootstrap of
 * the quantile, with no resample drawn and no tail cut at the sample's largest value).
 *
 * An end the sample cannot bound is `null`: of 253 requests, none exceeds the population's P99
 * 7.9 % of the time (0.99²⁵³), so their P99 has no upper end at 90 %. Empty: both `null`.
 */
export function quantileInterval(
  sorted: ArrayLike<number>,
  q: number,
  level = 0.9
): [number | null, number | null] {
  const n = sorted.length
  if (n === 0) {
    return [null, null]
  }
  const tail = (1 - level) / 2
  const cdf = binomialCdf(n, q)
  // Lowest rank l (1-based) with P(B < l) ≤ tail taken as high as it goes; 0 means none.
  let l = 0
  while (l < n && (cdf[l] as number) <= tail) {
    l++
  }
  // Highest rank u with P(B ≥ u) ≤ tail taken as low as it goes; n + 1 means none.
  let u = 1
  while (u <= n && (cdf[u - 1] as number) < 1 - tail) {
    u++
  }
  return [l === 0 ? null : (sorted[l - 1] as number), u > n ? null : (sorted[u - 1] as number)]
}

/** P(B ≤ k) for B ~ Binomial(n, p), k = 0..n; weights built from the mode so none underflows. */
function binomialCdf(n: number, p: number): Float64Array {
  const w = new Float64Array(n + 1)
  if (p <= 0 || p >= 1) {
    w[p <= 0 ? 0 : n] = 1
  } else {
    const mode = Math.min(n, Math.floor((n + 1) * p))
    const odds = p / (1 - p)
    w[mode] = 1
    for (let k = mode; k < n; k++) {
      w[k + 1] = ((w[k] as number) * (n - k) * odds) / (k + 1)
    }
    for (let k = mode; k > 0; k--) {
      w[k - 1] = ((w[k] as number) * k) / ((n - k + 1) * odds)
    }
  }
  let total = 0
  for (let k = 0; k <= n; k++) {
    total += w[k] as number
  }
  let acc = 0
  for (let k = 0; k <= n; k++) {
    acc += w[k] as number
    w[k] = acc / total
  }
  return w
}
