/**
 * Small significance tests used to decide whether a difference is real or noise. Written by hand
 * because they are a few lines each and `core` takes no runtime dependencies.
 */

/** Upper-tail probability of the standard normal, P(Z > z) (Abramowitz–Stegun 7.1.26, |err| < 1.5e-7). */
export function normalUpperTail(z: number): number {
  if (!Number.isFinite(z)) {
    return z > 0 ? 0 : 1
  }
  const x = Math.abs(z) / Math.SQRT2
  const t = 1 / (1 + 0.3275911 * x)
  const poly =
    t *
    (0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027 + t * 1.061405429))))
  const erfc = poly * Math.exp(-x * x)
  return z >= 0 ? erfc / 2 : 1 - erfc / 2
}

/** Result of a two-proportion z-test: `z` > 0 when the first proportion is the larger one. */
export interface ProportionTest {
  z: number
  /** One-sided p-value for "the first proportion is larger". */
  pValue: number
}

/**
 * Two-proportion z-test with pooled variance: is `x1/n1` larger than `x2/n2`?
 * Returns z = 0, p = 1 when either sample is empty or the pooled proportion is 0 or 1.
 */
export function twoProportionZTest(x1: number, n1: number, x2: number, n2: number): ProportionTest {
  if (n1 <= 0 || n2 <= 0) {
    return { z: 0, pValue: 1 }
  }
  const pooled = (x1 + x2) / (n1 + n2)
  const variance = pooled * (1 - pooled) * (1 / n1 + 1 / n2)
  if (variance <= 0) {
    return { z: 0, pValue: 1 }
  }
  const z = (x1 / n1 - x2 / n2) / Math.sqrt(variance)
  return { z, pValue: normalUpperTail(z) }
}

function ranks(values: readonly number[]): number[] {
  const order = values.map((v, i) => [v, i] as const).sort((a, b) => a[0] - b[0])
  const out = new Array<number>(values.length).fill(0)
  let i = 0
  while (i < order.length) {
    let j = i
    while (j + 1 < order.length && order[j + 1]![0] === order[i]![0]) {
      j++
    }
    const avg = (i + j) / 2 + 1
    for (let k = i; k <= j; k++) {
      out[order[k]![1]] = avg
    }
    i = j + 1
  }
  return out
}

/** Pearson correlation of two equally long series (pairs with a non-finite side skipped); 0 when undefined. */
export function pearson(a: readonly number[], b: readonly number[]): number {
  const xs: number[] = []
  const ys: number[] = []
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    const x = a[i] as number
    const y = b[i] as number
    if (Number.isFinite(x) && Number.isFinite(y)) {
      xs.push(x)
      ys.push(y)
    }
  }
  const n = xs.length
  if (n < 3) {
    return 0
  }
  const mx = xs.reduce((s, v) => s + v, 0) / n
  const my = ys.reduce((s, v) => s + v, 0) / n
  let sxy = 0
  let sxx = 0
  let syy = 0
  for (let i = 0; i < n; i++) {
    const dx = (xs[i] as number) - mx
    const dy = (ys[i] as number) - my
    sxy += dx * dy
    sxx += dx * dx
    syy += dy * dy
  }
  if (sxx === 0 || syy === 0) {
    return 0
  }
  return sxy / Math.sqrt(sxx * syy)
}

/** Spearman rank correlation (Pearson over ranks, ties averaged); 0 when undefined. */
export function spearman(a: readonly number[], b: readonly number[]): number {
  const xs: number[] = []
  const ys: number[] = []
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    const x = a[i] as number
    const y = b[i] as number
    if (Number.isFinite(x) && Number.isFinite(y)) {
      xs.push(x)
      ys.push(y)
    }
  }
  return pearson(ranks(xs), ranks(ys))
}

/** Linear ramp: 0 at or below `lo`, 1 at or above `hi` (for turning evidence into confidence). */
export function ramp(x: number, lo: number, hi: number): number {
  if (!Number.isFinite(x)) {
    return 0
  }
  if (hi === lo) {
    return x >= hi ? 1 : 0
  }
  return Math.min(1, Math.max(0, (x - lo) / (hi - lo)))
}

/**
 * How certainly the values of `inside` stand above those of `outside`: the rank test's z, Cliff's
 * δ over its standard error with no change, √((n₁ + n₂ + 1) / (3 n₁ n₂)). Ranks are not swung by
 * the few large values that move a mean. Sorts both arrays in place; NaN when either is empty.
 */
export function rankShiftZ(inside: number[], outside: number[]): number {
  const a = inside.length
  const b = outside.length
  if (a === 0 || b === 0) {
    return NaN
  }
  inside.sort((x, y) => x - y)
  outside.sort((x, y) => x - y)
  return cliffsDelta(inside, outside) / Math.sqrt((a + b + 1) / (3 * a * b))
}

/**
 * Cliff's delta of two ascending samples: P(a > b) − P(a < b) for a value drawn from each (ties
 * count for neither), −1..1; NaN when either is empty. A rank effect size, so it says whether the
 * *typical* value of `a` exceeds that of `b`, which a mean moved by a few large values does not.
 * Conventional reading (Romano et al. 2006): |δ| < 0.147 negligible, < 0.33 small, < 0.474
 * medium, larger large. O(|a| + |b|) on sorted input.
 */
export function cliffsDelta(a: ArrayLike<number>, b: ArrayLike<number>): number {
  if (a.length === 0 || b.length === 0) {
    return NaN
  }
  let below = 0
  let notAbove = 0
  let sum = 0
  for (let i = 0; i < a.length; i++) {
    const x = a[i] as number
    while (below < b.length && (b[below] as number) < x) {
      below++
    }
    if (notAbove < below) {
      notAbove = below
    }
    while (notAbove < b.length && (b[notAbove] as number) <= x) {
      notAbove++
    }
    // b values below x count +1, above x count −1.
    sum += below - (b.length - notAbove)
  }
  return sum / (a.length * b.length)
}

/** log10 of P(K ≤ k) for K binomial(n, p), summed in log space (a tail of 1e-10 and below). */
export function binomialLowerLog10(k: number, n: number, p: number): number {
  if (p <= 0) {
    return 0
  }
  if (p >= 1) {
    return k >= n ? 0 : -Infinity
  }
  const logs: number[] = []
  let logPmf = n * Math.log1p(-p)
  for (let j = 0; j <= k; j++) {
    if (j > 0) {
      logPmf += Math.log((n - j + 1) / j) + Math.log(p) - Math.log1p(-p)
    }
    logs.push(logPmf)
  }
  // A loop, not a spread: k can be more than a call takes arguments (about 120 000 in Node 20),
  // as the requests below a floor in a span of a large window.
  let top = -Infinity
  for (const l of logs) {
    top = l > top ? l : top
  }
  const sum = logs.reduce((acc, l) => acc + Math.exp(l - top), 0)
  return Math.min(0, (top + Math.log(sum)) / Math.LN10)
}
