/**
 * Change-point detection on a per-step series by binary segmentation: split where the difference
 * of the two sides' means, scaled by the series' noise, is largest; keep the split only when it is
 * both significant (score ≥ `minScore`) and large (relative change ≥ `minRelativeChange`); recurse
 * into both sides.
 *
 * ```
 * p99 ms   ▁▁▁▁▁▁▁▁▁▁▁▇▇▇▇▇▇▇▁▁▁▁▁
 *                     ^ up      ^ down     → segments: base | elevated | base
 * ```
 *
 * Noise is estimated robustly from first differences (MAD / 0.6745 / √2), so one outlier minute
 * or a step itself does not inflate it. `NaN` points (empty buckets) are dropped before
 * segmenting and indices are mapped back.
 */

export interface Segment {
  /** First bucket index (inclusive). */
  start: number
  /** Last bucket index (inclusive). */
  end: number
  mean: number
}

export interface ChangePoint {
  /** First bucket index of the new level. */
  index: number
  before: number
  after: number
  /** after / before (Infinity when before is 0). */
  ratio: number
  score: number
}

export interface ChangePointOptions {
  /** Fewest points per segment (default 3). */
  minSegment?: number
  /** Smallest |after − before| / min(before, after) that counts (default 0.3). */
  minRelativeChange?: number
  /** Smallest mean-difference score in noise units (default 4). */
  minScore?: number
  /** Most change points (default 6). */
  maxChanges?: number
  /**
   * When no single split is large enough, look for a pulse: a stretch that rose (or fell) and
   * came back, whose two edges a single split cannot see because the level on each side of either
   * edge mixes both (a short fall in a long window). Off by default.
   */
  pulse?: boolean
}

export interface ChangePointResult {
  segments: Segment[]
  changes: ChangePoint[]
  /** Robust noise estimate of the series (same unit). */
  noise: number
  /** The series itself (NaN where a bucket is empty), so a span can be cut to its own points. */
  values: readonly number[]
  /** Fewest points a segment was allowed (a cut span keeps at least this many steps). */
  minSegment: number
}

function robustNoise(values: readonly number[]): number {
  if (values.length < 3) {
    return 0
  }
  const diffs: number[] = []
  for (let i = 1; i < values.length; i++) {
    diffs.push(Math.abs((values[i] as number) - (values[i - 1] as number)))
  }
  diffs.sort((a, b) => a - b)
  const mad = diffs[Math.floor(diffs.length / 2)] as number
  return mad / 0.6745 / Math.SQRT2
}

/** Detects level shifts in `series` (finite points only). */
export function detectChangePoints(
  series: ArrayLike<number>,
  options: ChangePointOptions = {}
): ChangePointResult {
  const minSeg = options.minSegment ?? 3
  const minRel = options.minRelativeChange ?? 0.3
  const minScore = options.minScore ?? 4
  const maxChanges = options.maxChanges ?? 6
  const idx: number[] = []
  const vals: number[] = []
  for (let i = 0; i < series.length; i++) {
    const v = series[i] as number
    if (Number.isFinite(v)) {
      idx.push(i)
      vals.push(v)
    }
  }
  const mean0 = vals.length === 0 ? 0 : vals.reduce((s, v) => s + v, 0) / vals.length
  // Floor the noise at 2% of the level: a perfectly flat simulated series must not make any
  // tiny wiggle "significant".
  const noise = Math.max(robustNoise(vals), Math.abs(mean0) * 0.02, 1e-12)
  const prefix = new Float64Array(vals.length + 1)
  for (let i = 0; i < vals.length; i++) {
    prefix[i + 1] = (prefix[i] as number) + (vals[i] as number)
  }
  const sum = (a: number, b: number): number => (prefix[b] as number) - (prefix[a] as number)
  const cuts: number[] = []
  const split = (a: number, b: number): void => {
    // Half-open [a, b) over the compacted points.
    if (b - a < 2 * minSeg || cuts.length >= maxChanges) {
      return
    }
    let bestK = -1
    let bestScore = 0
    for (let k = a + minSeg; k <= b - minSeg; k++) {
      const n1 = k - a
      const n2 = b - k
      const m1 = sum(a, k) / n1
      const m2 = sum(k, b) / n2
      const score = (Math.abs(m2 - m1) / noise) * Math.sqrt((n1 * n2) / (n1 + n2))
      if (score > bestScore) {
        bestScore = score
        bestK = k
      }
    }
    const m1 = bestK < 0 ? 0 : sum(a, bestK) / (bestK - a)
    const m2 = bestK < 0 ? 0 : sum(bestK, b) / (b - bestK)
    const rel = Math.abs(m2 - m1) / Math.max(Math.min(Math.abs(m1), Math.abs(m2)), 1e-12)
    if (bestK < 0 || bestScore < minScore || rel < minRel) {
      const p = options.pulse === true ? bestPulse(a, b) : null
      if (p !== null && cuts.length + 2 <= maxChanges) {
        cuts.push(p.from, p.to)
        split(a, p.from)
        split(p.from, p.to)
        split(p.to, b)
      }
      return
    }
    cuts.push(bestK)
    split(a, bestK)
    split(bestK, b)
  }
  // The stretch [from, to) inside [a, b), with points on both sides of it, whose mean stands
  // furthest from the rest's in noise units; null unless significant and large.
  const bestPulse = (a: number, b: number): { from: number; to: number } | null => {
    let best: { from: number; to: number; score: number } | null = null
    for (let i = a + 1; i < b; i++) {
      for (let j = i + minSeg; j < b; j++) {
        const nIn = j - i
        const nOut = b - a - nIn
        if (nOut < minSeg) {
          continue
        }
        const mIn = sum(i, j) / nIn
        const mOut = (sum(a, b) - sum(i, j)) / nOut
        const score = (Math.abs(mIn - mOut) / noise) * Math.sqrt((nIn * nOut) / (nIn + nOut))
        const rel = Math.abs(mIn - mOut) / Math.max(Math.min(Math.abs(mIn), Math.abs(mOut)), 1e-12)
        if (score >= minScore && rel >= minRel && (best === null || score > best.score)) {
          best = { from: i, to: j, score }
        }
      }
    }
    return best
  }
  split(0, vals.length)
  cuts.sort((x, y) => x - y)
  const bounds = [0, ...cuts, vals.length]
  const segments: Segment[] = []
  for (let s = 0; s + 1 < bounds.length; s++) {
    const a = bounds[s] as number
    const b = bounds[s + 1] as number
    if (b > a) {
      segments.push({
        start: idx[a] as number,
        end: idx[b - 1] as number,
        mean: sum(a, b) / (b - a),
      })
    }
  }
  const changes: ChangePoint[] = []
  for (let s = 1; s < segments.length; s++) {
    const before = segments[s - 1] as Segment
    const after = segments[s] as Segment
    const cut = cuts[s - 1] as number
    const n1 = cut - (bounds[s - 1] as number)
    const n2 = (bounds[s + 1] as number) - cut
    changes.push({
      index: after.start,
      before: before.mean,
      after: after.mean,
      ratio: before.mean === 0 ? Infinity : after.mean / before.mean,
      score: (Math.abs(after.mean - before.mean) / noise) * Math.sqrt((n1 * n2) / (n1 + n2)),
    })
  }
  return { segments, changes, noise, values: Array.from(series), minSegment: minSeg }
}

/** The span of elevated segments relative to the lowest one, if any rose by ≥ `minRelativeChange`. */
export interface ElevatedSpan {
  /** First and last bucket index (inclusive). */
  start: number
  end: number
  baseline: number
  elevated: number
  ratio: number
}

/**
 * [start, end] cut to its first and last steps that are themselves above the baseline. A step
 * counts as back once it is below half the rise the span needs: a noisy step of a still-elevated
 * level rarely falls that far. Empty steps (NaN) at either edge are no evidence either way and
 * are dropped as well. The span keeps at least `minSegment` steps: shorter than that it is no
 * level the segmentation could have found.
 *
 * - The end: binary segmentation on a decaying level (a backlog draining after its fault) puts
 *   the decay's tail and the calm after it in one segment whose mean is still above the baseline,
 *   so a span ran to the end of the data even where each step was back at its baseline.
 * - The start: on a ramp (a queue that builds once a fault begins) segmentation cuts where the
 *   two sides' means differ most, and with segments of at least `minSegment` steps that cut can
 *   open the elevated segment a step or two before the rise, on steps still at the baseline: the
 *   window then started a minute or two before the fault (ADR 0296).
 *
 * ```
 * p99 ms      105 105 126 3572 18664 29382 42659 …
 * segments    └ base ─┘ └─ elevated ───────────── …   (a segment of three opens at 126)
 * span              first elevated step ┘
 * ```
 */
function trimToElevated(
  values: readonly number[],
  start: number,
  end: number,
  baseline: number,
  minRelativeChange: number,
  minSegment: number
): { start: number; end: number } {
  const calmBelow = baseline + Math.abs(baseline) * (minRelativeChange / 2)
  const calm = (i: number): boolean => {
    const v = values[i] as number
    return !(v === v && v > calmBelow)
  }
  let e = end
  while (e > start + minSegment - 1 && calm(e)) {
    e--
  }
  let s = start
  while (s < e - minSegment + 1 && calm(s)) {
    s++
  }
  return { start: s, end: e }
}

/**
 * Finds the longest run of segments that sit above the baseline level (the lowest segment mean)
 * by at least `minRelativeChange`, its start and end cut to the first and last steps that are
 * themselves above the baseline (`trimToElevated`). Null when the series has no
 * change.
 */
export function findElevatedSpan(
  result: ChangePointResult,
  minRelativeChange = 0.3
): ElevatedSpan | null {
  if (result.segments.length < 2) {
    return null
  }
  const baseline = Math.min(...result.segments.map((s) => s.mean))
  const high = result.segments.map(
    (s) => s.mean >= baseline * (1 + minRelativeChange) && s.mean > baseline
  )
  let best: ElevatedSpan | null = null
  let i = 0
  while (i < high.length) {
    if (!high[i]) {
      i++
      continue
    }
    let j = i
    let weighted = 0
    let points = 0
    while (j < high.length && high[j]) {
      const seg = result.segments[j] as Segment
      weighted += seg.mean * (seg.end - seg.start + 1)
      points += seg.end - seg.start + 1
      j++
    }
    const level = weighted / points
    const { start, end } = trimToElevated(
      result.values,
      (result.segments[i] as Segment).start,
      (result.segments[j - 1] as Segment).end,
      baseline,
      minRelativeChange,
      result.minSegment
    )
    const span: ElevatedSpan = {
      start,
      end,
      baseline,
      elevated: level,
      ratio: baseline > 0 ? level / baseline : Infinity,
    }
    if (
      best === null ||
      (span.elevated - span.baseline) * (span.end - span.start + 1) >
        (best.elevated - best.baseline) * (best.end - best.start + 1)
    ) {
      best = span
    }
    i = j
  }
  return best
}
