/**
 * Least squares with every coefficient ≥ 0 (an active set over the normal equations): a step
 * cannot get faster with more work, and an unconstrained fit on collinear load features (batch
 * size and KV tokens rise together) happily trades a negative term for a larger other one.
 */

/** Solves `A x = b` (k × k, row-major) by Gaussian elimination with partial pivoting; null if singular. */
function solve(A: number[][], b: number[]): number[] | null {
  const k = b.length
  const M = A.map((row, i) => [...row, b[i]!])
  for (let c = 0; c < k; c++) {
    let p = c
    for (let r = c + 1; r < k; r++) {
      if (Math.abs(M[r]![c]!) > Math.abs(M[p]![c]!)) {
        p = r
      }
    }
    if (Math.abs(M[p]![c]!) < 1e-12) {
      return null
    }
    ;[M[c], M[p]] = [M[p]!, M[c]!]
    for (let r = 0; r < k; r++) {
      if (r !== c) {
        const f = M[r]![c]! / M[c]![c]!
        for (let j = c; j <= k; j++) {
          M[r]![j] = M[r]![j]! - f * M[c]![j]!
        }
      }
    }
  }
  return M.map((row, i) => row[k]! / row[i]!)
}

export interface NonNegativeFit {
  coefficients: number[]
  /** Share of the variance of `y` the fit explains (1 − SSE / SST). */
  r2: number
}

/**
 * Fits `y ≈ X · c` with `c ≥ 0`. `X` is row-major with `k` columns. Columns are scaled to unit
 * mean square first so that a tiny ridge term (for collinear columns) treats them alike.
 */
export function fitNonNegative(X: Float64Array, y: Float64Array, k: number): NonNegativeFit {
  const n = y.length
  const scale = new Array<number>(k).fill(0)
  for (let i = 0; i < n; i++) {
    for (let a = 0; a < k; a++) {
      scale[a] = scale[a]! + X[i * k + a]! ** 2
    }
  }
  for (let a = 0; a < k; a++) {
    scale[a] = scale[a]! > 0 ? Math.sqrt(scale[a]! / n) : 0
  }
  const XtX = Array.from({ length: k }, () => new Array<number>(k).fill(0))
  const Xty = new Array<number>(k).fill(0)
  // Flat sums and each row scaled once: the refits of the step law run this on ~1M rows each.
  const xtx = new Float64Array(k * k)
  const xty = new Float64Array(k)
  const row = new Float64Array(k)
  for (let i = 0; i < n; i++) {
    for (let a = 0; a < k; a++) {
      row[a] = scale[a]! > 0 ? X[i * k + a]! / scale[a]! : 0
    }
    const yi = y[i]!
    for (let a = 0; a < k; a++) {
      const xa = row[a]!
      xty[a] = xty[a]! + xa * yi
      for (let b = a; b < k; b++) {
        xtx[a * k + b] = xtx[a * k + b]! + xa * row[b]!
      }
    }
  }
  for (let a = 0; a < k; a++) {
    Xty[a] = xty[a]!
    for (let b = a; b < k; b++) {
      XtX[a]![b] = xtx[a * k + b]!
    }
  }
  for (let a = 0; a < k; a++) {
    for (let b = 0; b < a; b++) {
      XtX[a]![b] = XtX[b]![a]!
    }
    XtX[a]![a] = XtX[a]![a]! + 1e-6 * n
  }
  const active = new Set<number>()
  for (let a = 0; a < k; a++) {
    if (scale[a] === 0) {
      active.add(a)
    }
  }
  let coef = new Array<number>(k).fill(0)
  for (let round = 0; round <= k; round++) {
    const free = [...Array(k).keys()].filter((a) => !active.has(a))
    const sol = solve(
      free.map((a) => free.map((b) => XtX[a]![b]!)),
      free.map((a) => Xty[a]!)
    )
    coef = new Array<number>(k).fill(0)
    if (sol === null) {
      break
    }
    free.forEach((a, i) => (coef[a] = sol[i]!))
    const worst = free.reduce((w, a) => (coef[a]! < (coef[w] ?? 0) ? a : w), -1)
    if (worst < 0 || coef[worst]! >= 0) {
      break
    }
    active.add(worst)
  }
  const out = coef.map((c, a) => (scale[a]! > 0 ? Math.max(0, c) / scale[a]! : 0))
  let mean = 0
  for (let i = 0; i < n; i++) {
    mean += y[i]!
  }
  mean /= Math.max(1, n)
  let sse = 0
  let sst = 0
  for (let i = 0; i < n; i++) {
    let p = 0
    for (let a = 0; a < k; a++) {
      p += X[i * k + a]! * out[a]!
    }
    sse += (y[i]! - p) ** 2
    sst += (y[i]! - mean) ** 2
  }
  return { coefficients: out, r2: sst > 0 ? 1 - sse / sst : 0 }
}
