/**
 * The load curve: how much of a measure's excess the fleet's load explains when the load drifted
 * along a smooth curve (ADR 0298). The token-mix expectation (workload-model.ts) is learned on the
 * steps whose latency is not elevated, so it carries the load those steps ran under and no other:
 * on a run whose traffic rises 1.8× over its second half, every late step's TPOT and queue stand
 * above it and read as an excess that "the same work got slower", though the work only got more.
 *
 *   excess per step                            load per step (token work, smoothed)
 *      │                   ●●●                    │                    ───
 *      │              ●●●●                        │               ────
 *      │  ●●●●●●●●●●●●        → β per unit load   │  ────────────
 *      └────────────────────── steps              └────────────────────── steps
 *
 * Where the load moved without a jump, the step medians of the excess are fitted against the
 * step's relative load by one straight line through the whole data (Theil–Sen: the median of the
 * pairwise slopes, at least 0, since more load never makes a request faster), and each request's
 * excess loses β × (its step's load − the median load). A line through the whole window cannot
 * bend into a step: a latency that jumps at a constant load (a slower memory path, a slow node)
 * keeps its step, and a line fitted on a load that jumped is not fitted at all, so a surge keeps
 * the queue it makes (a rise counts as far as it jumped, ADR 0292).
 */
import { quantileSorted } from '../../stats/quantile.js'
import { cellQuantiles } from '../../stats/cell-quantiles.js'
import { bucketCounts, bucketOf, type BucketGrid } from '../../timeline/buckets.js'
import type { RequestFrame } from '../frame/frame.js'
import { JUMP_Z_LO, trafficExtent, trafficJump } from './traffic-jump.js'
import { tokenWorks } from './workload-model.js'

/**
 * Smallest drift of the load worth a curve: the spread of the smoothed requests per step between
 * their 10th and 90th percentile step, relative to the median step. Below it a line's slope is fitted on noise
 * and would move the excess of a fault at a constant load at random.
 */
const MIN_DRIFT = 0.15
/** The drift must also stand this many noise units of the smoothed load above nothing. */
const MIN_DRIFT_Z = 4
/** Steps either side of a step in the moving mean of the load (±1 minute of 30-second steps). */
const SMOOTH_HALF = 2
/** A left side shorter than this gives a jump no noise unit to be read in. */
const MIN_LEFT_STEPS = 5
/**
 * Steps each side of a point whose means are compared (1.5 minutes of 30-second steps), and the
 * share of the load's movement a difference between them may carry in a drift. A drift over ten
 * minutes moves ~3/20 of its spread across six steps (a half cosine ~1/4); a step all of it.
 */
const STEP_SIDE = 3
const MAX_STEP_SHARE = 0.5
/** Pairs of steps whose loads differ by less than this (relative) give no slope. */
const MIN_PAIR_DX = 0.05

/** Token work (uncached prompt + output tokens) arriving in each step over the whole fleet. */
function stepLoad(frame: RequestFrame, grid: BucketGrid): Float64Array {
  const out = new Float64Array(grid.count)
  const tokens = tokenWorks(frame)
  for (let i = 0; i < frame.n; i++) {
    const b = bucketOf(grid, frame.startUs[i] as number)
    if (b >= 0) {
      out[b] = (out[b] as number) + (tokens[i] as number)
    }
  }
  return out
}

/**
 * The largest rise or fall between the means of {@link STEP_SIDE} steps either side of a point in
 * [first, last]: a step moves the load there all at once, a drift a few steps' worth of its slope.
 * Read near the data's edges too, where a line on one side has too few steps to test a jump.
 */
function steepestRise(series: Float64Array, first: number, last: number): number {
  let most = 0
  for (let at = first + STEP_SIDE; at + STEP_SIDE - 1 <= last; at++) {
    let before = 0
    let after = 0
    for (let k = 0; k < STEP_SIDE; k++) {
      before += series[at - 1 - k] as number
      after += series[at + k] as number
    }
    most = Math.max(most, Math.abs(after - before) / STEP_SIDE)
  }
  return most
}

/** Share of the level a noise-free series must jump by to count as a step. */
const NOISELESS_JUMP_SHARE = 0.05

/** Whether `series` jumps anywhere in [first, last] by at least {@link JUMP_Z_LO} noise units. */
function jumpsAnywhere(series: Float64Array, first: number, last: number): boolean {
  for (let at = first + MIN_LEFT_STEPS; at <= last - 1; at++) {
    const j = trafficJump(series, at, first, last)
    // Without noise (paced arrivals) the jump has no z: a noise-free straight drift meets itself
    // (jump ~0) while a step does not, so a jump of a visible share of the level is a jump.
    if (
      j !== null &&
      (j.z === null
        ? Math.abs(j.jump) >= NOISELESS_JUMP_SHARE * Math.abs(j.from)
        : Math.abs(j.z) >= JUMP_Z_LO)
    ) {
      return true
    }
  }
  return false
}

/**
 * The fleet's load per step (token work) relative to its median step, smoothed over
 * ±{@link SMOOTH_HALF} steps, when it drifted: the requests per step moved by at least
 * {@link MIN_DRIFT} and {@link MIN_DRIFT_Z} noise units with no six steps carrying half of that
 * movement (ADR 0303), and neither the token work nor the requests per step jumped anywhere. NaN
 * outside the data's extent; null when the load held level or stepped.
 */
export function driftingLoad(frame: RequestFrame, grid: BucketGrid): Float64Array | null {
  // The excess scan and saturation (by latency and by demand) ask for the same frame and grid.
  let byGrid = drifts.get(frame)
  if (byGrid === undefined) {
    byGrid = new WeakMap()
    drifts.set(frame, byGrid)
  }
  let found = byGrid.get(grid)
  if (found === undefined) {
    found = readDrift(frame, grid)
    byGrid.set(grid, found)
  }
  return found
}

const drifts = new WeakMap<RequestFrame, WeakMap<BucketGrid, Float64Array | null>>()

/**
 * `series` over [first, last] relative to its median step and smoothed over ±{@link SMOOTH_HALF}
 * steps (NaN elsewhere), with its drift: the spread between the smoothed series' 10th and 90th
 * percentile step, and one step's noise. Null when the median step is empty.
 */
function smoothed(
  series: Float64Array,
  first: number,
  last: number
): { smooth: Float64Array; spread: number; noise: number; mid: number } | null {
  const mid = quantileSorted(Float64Array.from(series.subarray(first, last + 1)).sort(), 0.5)
  if (!(mid > 0)) {
    return null
  }
  const smooth = new Float64Array(series.length).fill(NaN)
  for (let b = first; b <= last; b++) {
    let sum = 0
    let n = 0
    for (let k = Math.max(first, b - SMOOTH_HALF); k <= Math.min(last, b + SMOOTH_HALF); k++) {
      sum += series[k] as number
      n++
    }
    smooth[b] = sum / n / mid
  }
  // One step's noise from the differences of neighbours (a drift moves them by next to nothing).
  const diffs = new Float64Array(last - first)
  for (let b = first; b < last; b++) {
    diffs[b - first] = Math.abs((series[b + 1] as number) - (series[b] as number)) / mid
  }
  const noise = (1.4826 * quantileSorted(diffs.sort(), 0.5)) / Math.SQRT2
  const sorted = Float64Array.from(smooth.subarray(first, last + 1)).sort()
  return { smooth, spread: quantileSorted(sorted, 0.9) - quantileSorted(sorted, 0.1), noise, mid }
}

function readDrift(frame: RequestFrame, grid: BucketGrid): Float64Array | null {
  const load = stepLoad(frame, grid)
  const requests = bucketCounts(grid, frame.startUs)
  const { first, last } = trafficExtent(load)
  if (last - first + 1 < 4 * MIN_LEFT_STEPS) {
    return null
  }
  // What drifts is the rate the requests arrive at; the token work is that rate times the work
  // per request, whose heavy tail (a few 8k prompts in a step) swings its three-step means by half
  // a small drift's spread. The drift's size and shape are read on the requests, the curve the
  // excess is fitted against on the token work. A step of the work per request at a level rate
  // (longer generations from minute 3) moves no requests and is no drift.
  const rate = smoothed(requests, first, last)
  const work = smoothed(load, first, last)
  if (rate === null || work === null) {
    return null
  }
  const { spread, noise, mid } = rate
  if (spread < MIN_DRIFT || spread < (MIN_DRIFT_Z * noise) / Math.sqrt(2 * SMOOTH_HALF + 1)) {
    return null
  }
  if (
    steepestRise(requests, first, last) >= MAX_STEP_SHARE * spread * mid ||
    jumpsAnywhere(load, first, last) ||
    jumpsAnywhere(requests, first, last)
  ) {
    return null
  }
  return work.smooth
}

/**
 * Per request, the part of `excess` (µs) the load's drift explains: β × (its step's relative load
 * − 1), with β the Theil–Sen slope of the step medians of `excess` over `load`
 * ({@link driftingLoad}), at least 0. Zero for requests outside the load's steps.
 */
export function loadCurve(
  frame: RequestFrame,
  grid: BucketGrid,
  excess: Float64Array,
  load: Float64Array
): Float64Array {
  const cell = new Int32Array(frame.n)
  for (let i = 0; i < frame.n; i++) {
    cell[i] = bucketOf(grid, frame.startUs[i] as number)
  }
  const medians = cellQuantiles(cell, excess, grid.count, 0.5, 5)
  const xs: number[] = []
  const ys: number[] = []
  for (let b = 0; b < grid.count; b++) {
    const x = load[b] as number
    const y = medians[b] as number
    if (x === x && y === y) {
      xs.push(x)
      ys.push(y)
    }
  }
  const slopes: number[] = []
  for (let p = 0; p < xs.length; p++) {
    for (let q = p + 1; q < xs.length; q++) {
      const dx = (xs[q] as number) - (xs[p] as number)
      if (Math.abs(dx) >= MIN_PAIR_DX) {
        slopes.push(((ys[q] as number) - (ys[p] as number)) / dx)
      }
    }
  }
  const out = new Float64Array(frame.n)
  if (slopes.length === 0) {
    return out
  }
  const beta = Math.max(0, quantileSorted(Float64Array.from(slopes).sort(), 0.5))
  for (let i = 0; i < frame.n; i++) {
    const b = cell[i] as number
    const x = b >= 0 ? (load[b] as number) : NaN
    out[i] = x === x ? beta * (x - 1) : 0
  }
  return out
}

/**
 * The ratio of `values`' mean inside `inWindow` over outside it once each request is brought to
 * the median load: divided by e^(β × (its step's relative load − 1)), with β the Theil–Sen slope
 * of the step medians of log `values` over `load` ({@link driftingLoad}), at least 0. A queue
 * grows convexly with its load (as ρ/(1−ρ)), which a line in the log follows where a line in the
 * value does not. NaN when either side has no value.
 */
export function loadNormalisedRatio(
  frame: RequestFrame,
  grid: BucketGrid,
  values: Float64Array,
  load: Float64Array,
  inWindow: Uint8Array
): number {
  // A millisecond floor: an empty queue's few microseconds are no level to take a log of.
  const logs = values.map((v) => (v === v ? Math.log(Math.max(1000, v)) : NaN))
  const curve = loadCurve(frame, grid, logs, load)
  let sumIn = 0
  let nIn = 0
  let sumOut = 0
  let nOut = 0
  for (let i = 0; i < frame.n; i++) {
    const v = values[i] as number
    if (!(v === v)) {
      continue
    }
    const at = v * Math.exp(-(curve[i] as number))
    if (inWindow[i] === 1) {
      sumIn += at
      nIn++
    } else {
      sumOut += at
      nOut++
    }
  }
  return nIn > 0 && nOut > 0 && sumOut > 0 ? sumIn / nIn / (sumOut / nOut) : NaN
}
