/** Heatmap geometry and colour: time × latency with log-spaced buckets. */

/** Lower bound of each bucket: the previous upper bound, the first one a bucket-width below. */
export function bucketLowerBounds(boundsMs: readonly number[]): number[] {
  return boundsMs.map((upper, i) => {
    if (i > 0) {
      return boundsMs[i - 1] ?? upper
    }
    const next = boundsMs[1]
    const ratio = next !== undefined && next > upper && upper > 0 ? next / upper : 2
    return upper / ratio
  })
}

/** Largest count in any cell (for the colour scale). */
export function maxCount(counts: readonly (readonly number[])[]): number {
  let max = 0
  for (const col of counts) {
    for (const c of col) {
      if (c > max) {
        max = c
      }
    }
  }
  return max
}

// A dark-background sequential ramp (deep blue → teal → yellow → hot orange): sparse tail cells
// stay visible, dense cells do not wash out.
const RAMP: readonly [number, number, number][] = [
  [20, 36, 66],
  [28, 84, 122],
  [32, 140, 140],
  [120, 190, 90],
  [240, 210, 70],
  [250, 130, 50],
]

/**
 * Colour of a cell. Counts go through a log scale so a single slow request in a bucket is still a
 * visible cell while the dense body of the distribution is brightest. Empty cells are null.
 */
export function cellColor(count: number, max: number): string | null {
  if (count <= 0 || max <= 0) {
    return null
  }
  const t = max <= 1 ? 1 : Math.log1p(count) / Math.log1p(max)
  const x = Math.min(1, Math.max(0, t)) * (RAMP.length - 1)
  const i = Math.min(RAMP.length - 2, Math.floor(x))
  const f = x - i
  const a = RAMP[i] ?? [0, 0, 0]
  const b = RAMP[i + 1] ?? a
  const mix = (k: 0 | 1 | 2) => Math.round(a[k] + (b[k] - a[k]) * f)
  return `rgb(${mix(0)},${mix(1)},${mix(2)})`
}
