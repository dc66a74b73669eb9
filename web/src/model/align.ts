/**
 * Puts server series onto the view's one time grid, so every panel shares the x axis and the
 * synchronised cursor lands on the same bucket everywhere. Missing buckets are `null` (a gap).
 */

export type Point = readonly [timeMs: number, value: number]
export type Aggregate = 'last' | 'max' | 'mean' | 'sum'

/** Index of the grid bucket holding `timeMs`, or -1 outside the grid. */
export function bucketIndex(grid: readonly number[], stepMs: number, timeMs: number): number {
  const first = grid[0]
  if (first === undefined) {
    return -1
  }
  const i = Math.floor((timeMs - first) / stepMs)
  return i >= 0 && i < grid.length ? i : -1
}

/** Aggregates points into grid buckets (`grid` = bucket starts, epoch ms). */
export function alignPoints(
  points: readonly Point[],
  grid: readonly number[],
  stepMs: number,
  aggregate: Aggregate
): (number | null)[] {
  const out: (number | null)[] = new Array<number | null>(grid.length).fill(null)
  const counts = aggregate === 'mean' ? new Array<number>(grid.length).fill(0) : null
  for (const [t, v] of points) {
    if (!Number.isFinite(v)) {
      continue
    }
    const i = bucketIndex(grid, stepMs, t)
    if (i < 0) {
      continue
    }
    const prev = out[i] ?? null
    switch (aggregate) {
      case 'last':
        out[i] = v
        break
      case 'max':
        out[i] = prev === null ? v : Math.max(prev, v)
        break
      case 'sum':
      case 'mean':
        out[i] = (prev ?? 0) + v
        if (counts) {
          counts[i] = (counts[i] ?? 0) + 1
        }
        break
    }
  }
  if (counts) {
    for (let i = 0; i < out.length; i++) {
      const c = counts[i] ?? 0
      const v = out[i]
      out[i] = c > 0 && v !== null && v !== undefined ? v / c : null
    }
  }
  return out
}

/** Element-wise combination of aligned series; a bucket is null only when every input is. */
export function combineAligned(
  series: readonly (readonly (number | null)[])[],
  how: 'sum' | 'mean' | 'max'
): (number | null)[] {
  const len = series[0]?.length ?? 0
  const out: (number | null)[] = []
  for (let i = 0; i < len; i++) {
    let acc: number | null = null
    let n = 0
    for (const s of series) {
      const v = s[i]
      if (v === null || v === undefined) {
        continue
      }
      n++
      acc = acc === null ? v : how === 'max' ? Math.max(acc, v) : acc + v
    }
    out.push(acc !== null && how === 'mean' ? acc / n : acc)
  }
  return out
}

/** Element-wise `num / den`; null where either is missing or the denominator is 0. */
export function ratioAligned(
  num: readonly (number | null)[],
  den: readonly (number | null)[]
): (number | null)[] {
  return num.map((n, i) => {
    const d = den[i]
    return n === null || d === null || d === undefined || d === 0 ? null : n / d
  })
}

/** Multiplies every non-null value (unit conversions such as 0..1 → %). */
export function scaleAligned(
  series: readonly (number | null)[],
  factor: number
): (number | null)[] {
  return series.map((v) => (v === null ? null : v * factor))
}
