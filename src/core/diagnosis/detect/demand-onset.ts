/**
 * Where the demand rose: the span of steps whose requests per step stand above the rest of the
 * window, and how certain that rise is.
 *
 * Saturation is more demand than capacity, so its onset is where the requests came, not where the
 * TTFT P99 happened to jump: a queue that grows with a modest rise in traffic lifts every request
 * a little, and its P99 per step is the noisiest thing to find that onset by (a change found
 * minutes off the rise reads "traffic 1.03×" across a window that is half before it). The count of
 * requests started in a step is Poisson, so the certainty of a rise is exact rather than measured
 * against a guessed noise: Kulldorff's scan statistic, the Poisson likelihood ratio of the rate
 * inside a span against the rate outside it, maximised over every span (the same statistic as a
 * tenant's share in traffic-shift.ts, on the count instead of the share; ADR 0243).
 *
 * A rise is a change, not a level: traffic that drifts up along the data stands above the rest of
 * it over any late span without anything having happened at the span's start. Each span's rise
 * must also be a step on top of a straight trend across the data ({@link trafficStep}: a line
 * plus the span's offset against the line alone, in the noise units of the fit), so a drift that
 * the line explains scores no onset however far it carried the traffic (ADR 0286).
 */
import type { Micros } from '../../model/units.js'
import type { BucketGrid } from '../../timeline/buckets.js'
import { startMask, type RequestFrame } from '../frame/frame.js'
import type { TimeChange } from '../frame/context.js'
import { minSegmentSteps } from './excess-scan.js'
import { BURST_Z_LO } from './traffic-shift.js'

export interface DemandOnset {
  /** Bucket range (inclusive) of the span with the most certain rise. */
  from: number
  to: number
  /** √(2·LLR) of that span: the maximum over every span, so chance alone reaches a few units. */
  z: number
  /** Requests per step inside / outside the span. */
  rateInside: number
  rateOutside: number
}

/** Steps of the window the rate is measured against: a baseline, not one stray step. */
const MIN_BASELINE_STEPS = 3
/**
 * The scan is quadratic in the steps: a longer window is scanned on merged steps, as the share
 * scan is (traffic-shift.ts); a rise shorter than a merged step is a spike there.
 */
const MAX_SCAN_STEPS = 240

/** c·ln(c/e), 0 at c = 0. */
function xlogx(c: number, e: number): number {
  return c > 0 ? c * Math.log(c / e) : 0
}

/**
 * √(2·LLR) of `cin` requests over `len` steps against `cout` over `outSteps` under one common
 * Poisson rate; 0 when the inside is not the higher rate or either side has no steps.
 */
function riseZ(cin: number, len: number, cout: number, outSteps: number): number {
  if (len <= 0 || outSteps <= 0 || !(cin / len > cout / outSteps)) {
    return 0
  }
  const total = cin + cout
  const ein = (total * len) / (len + outSteps)
  return Math.sqrt(Math.max(0, 2 * (xlogx(cin, ein) + xlogx(cout, total - ein))))
}

/**
 * The span of `traffic` (requests per step) whose rate rose most certainly against the rest.
 * A span needs {@link MIN_BASELINE_STEPS} steps of data before it and must rise above them too:
 * the start of the data is not an onset (ADR 0199). Null when no span rose or the data is too
 * short.
 */
export function demandOnset(traffic: Float64Array, grid: BucketGrid): DemandOnset | null {
  const merge = Math.max(1, Math.ceil(traffic.length / MAX_SCAN_STEPS))
  if (merge === 1) {
    return scan(traffic, minSegmentSteps(grid))
  }
  const merged = new Float64Array(Math.ceil(traffic.length / merge))
  traffic.forEach((v, k) => {
    const b = Math.floor(k / merge)
    merged[b] = (merged[b] as number) + Math.max(0, v)
  })
  const onset = scan(merged, minSegmentSteps(grid))
  if (onset === null) {
    return null
  }
  // Back to the grid's steps: the rates stay per step, the span covers its merged steps.
  const from = onset.from * merge
  const to = Math.min(traffic.length - 1, (onset.to + 1) * merge - 1)
  return {
    from,
    to,
    z: onset.z,
    rateInside: onset.rateInside / merge,
    rateOutside: onset.rateOutside / merge,
  }
}

function scan(traffic: Float64Array, minSegment: number): DemandOnset | null {
  const n = traffic.length
  let first = 0
  while (first < n && !((traffic[first] as number) > 0)) {
    first++
  }
  let last = n - 1
  while (last > first && !((traffic[last] as number) > 0)) {
    last--
  }
  const steps = last - first + 1
  if (steps < minSegment + MIN_BASELINE_STEPS) {
    return null
  }
  const prefix = new Float64Array(n + 1)
  for (let i = 0; i < n; i++) {
    prefix[i + 1] = (prefix[i] as number) + Math.max(0, traffic[i] as number)
  }
  const total = (prefix[last + 1] as number) - (prefix[first] as number)
  const trend = trendSums(traffic, first, last)
  let best: DemandOnset | null = null
  for (let a = first + MIN_BASELINE_STEPS; a <= last; a++) {
    const before = (prefix[a] as number) - (prefix[first] as number)
    const beforeSteps = a - first
    for (let b = a + minSegment - 1; b <= last; b++) {
      const len = b - a + 1
      const cin = (prefix[b + 1] as number) - (prefix[a] as number)
      // An onset rises from what came before it: against the rest of the window (the span is
      // the busy part of it) and against the steps before it alone (traffic that was as high
      // before is not rising, and a busy start of the data is not an onset).
      const rise = Math.min(
        riseZ(cin, len, total - cin, steps - len),
        riseZ(cin, len, before, beforeSteps)
      )
      // And a change, not the trend's level: the span must stand above the line through the
      // whole data by as many noise units (ADR 0286).
      const z = rise > 0 ? Math.min(rise, stepOverTrend(trend, a, b, cin).z) : 0
      if (z > 0 && (best === null || z > best.z)) {
        best = {
          from: a,
          to: b,
          z,
          rateInside: cin / len,
          rateOutside: (total - cin) / (steps - len),
        }
      }
    }
  }
  return best
}

/**
 * The sums a trend through steps [first, last] of a per-step series is fitted from. Time is
 * x = (k − centre) / n, centred and within ±½, so the sums of x⁴ over a week of minutes stay exact
 * enough to subtract.
 */
interface TrendSums {
  first: number
  n: number
  /** Σx, Σx², Σc, Σx·c, Σc² over the steps. */
  sk: number
  skk: number
  sc: number
  skc: number
  scc: number
  /** Inverse of the line's normal matrix [[n, Σx], [Σx, Σx²]]: a, b (off-diagonal), d. */
  ia: number
  ib: number
  id: number
  /** How much a curve (x² beyond the line) lowers the line's squared residuals. */
  curve: number
}

/** x of local step k of n. */
const timeOf = (k: number, n: number): number => (k - (n - 1) / 2) / n

function trendSums(series: Float64Array, first: number, last: number): TrendSums {
  const n = last - first + 1
  let sk = 0
  let skk = 0
  let sk3 = 0
  let sk4 = 0
  let sc = 0
  let skc = 0
  let sk2c = 0
  let scc = 0
  for (let k = 0; k < n; k++) {
    const c = Math.max(0, series[first + k] as number)
    const x = timeOf(k, n)
    sk += x
    skk += x * x
    sk3 += x * x * x
    sk4 += x * x * x * x
    sc += c
    skc += x * c
    sk2c += x * x * c
    scc += c * c
  }
  const det = n * skk - sk * sk
  const t: TrendSums = {
    first,
    n,
    sk,
    skk,
    sc,
    skc,
    scc,
    ia: skk / det,
    ib: -sk / det,
    id: n / det,
    curve: 0,
  }
  t.curve = beyondLine(t, skk, sk3, sk2c, sk4).drop
  return t
}

/**
 * What one more regressor x adds to the line: its coefficient and how much it lowers the squared
 * residuals, from Σx, Σx·k, Σx·c and Σx² (x with the line's part of it removed).
 */
function beyondLine(
  t: TrendSums,
  sx: number,
  sxk: number,
  sxc: number,
  sxx: number
): { coef: number; drop: number } {
  const xx = sxx - (sx * (t.ia * sx + t.ib * sxk) + sxk * (t.ib * sx + t.id * sxk))
  const xc = sxc - (sx * (t.ia * t.sc + t.ib * t.skc) + sxk * (t.ib * t.sc + t.id * t.skc))
  return xx > 1e-9 ? { coef: xc / xx, drop: (xc * xc) / xx } : { coef: 0, drop: 0 }
}

/**
 * Noise units a window's step over the trend needs for its traffic to have risen: about a 2 %
 * one-sided chance for traffic that only followed its trend (the bar of a given span; a scan's
 * maximum over every span is read against BURST_Z_LO/HI instead).
 */
export const STEP_Z = 2

export interface TrafficStep {
  /** The span's traffic over what the trend alone gives it (1 when no step). */
  ratio: number
  /**
   * How far the step explains the data better than a smooth curve does, in noise units of the
   * step's fit: √((RSS_curve − RSS_step) / σ²); 0 when the span sits lower or the curve explains
   * the data at least as well.
   */
  z: number
}

/**
 * Steps [from, to] as a step on top of a trend, against a smooth trend alone. Both models are
 * least squares over the data with three terms: a straight line plus the span's offset (a
 * change), and a quadratic (a drift: straight, one that starts or eases off mid-run, one that
 * steepens). A drift from the data's start or from mid-run is a curve; only a level that jumps
 * and holds, or jumps and falls back, is a step. The residual variance of the step's fit is the
 * noise unit, so the counts' own noise and any curvature neither model holds widen it alike. A
 * single change of slope at the best step (a bend) was the first smooth model tried; with few
 * steps before a jump it bends into the jump itself and takes a real step near the data's start
 * for a drift (ADR 0286).
 */
function stepOverTrend(t: TrendSums, from: number, to: number, inside: number): TrafficStep {
  const m = to - from + 1
  const dof = t.n - 3
  if (m <= 0 || m >= t.n || dof < 1 || !Number.isFinite(t.id)) {
    return { ratio: 1, z: 0 }
  }
  const a = from - t.first
  const b = to - t.first
  const step = beyondLine(t, m, m * timeOf((a + b) / 2, t.n), inside, m)
  const rssLine =
    t.scc - (t.sc * (t.ia * t.sc + t.ib * t.skc) + t.skc * (t.ib * t.sc + t.id * t.skc))
  const sigma2 = Math.max(0, rssLine - step.drop) / dof
  const gain = step.drop - t.curve
  const trendInside = inside - step.coef * m
  return {
    ratio: trendInside > 0 ? inside / trendInside : step.coef > 0 ? Infinity : 1,
    z: step.coef <= 0 || gain <= 0 ? 0 : sigma2 > 0 ? Math.sqrt(gain / sigma2) : Infinity,
  }
}

/**
 * Whether the traffic of steps [from, to] rose as a step on top of its trend through the data
 * (the first to the last step that holds requests), and by how much: the one test every cause
 * that reads "traffic rose" shares, so a drift is none of theirs (ADR 0286).
 */
export function trafficStep(traffic: Float64Array, from: number, to: number): TrafficStep {
  let first = 0
  while (first < traffic.length && !((traffic[first] as number) > 0)) {
    first++
  }
  let last = traffic.length - 1
  while (last > first && !((traffic[last] as number) > 0)) {
    last--
  }
  const a = Math.max(from, first)
  const b = Math.min(to, last)
  if (b < a) {
    return { ratio: 1, z: 0 }
  }
  let inside = 0
  for (let k = a; k <= b; k++) {
    inside += Math.max(0, traffic[k] as number)
  }
  return stepOverTrend(trendSums(traffic, first, last), a, b, inside)
}

/**
 * How much the traffic of steps [from, to] rose, given its `level` over the rest of the data: the
 * level itself when the rise is a change, and 1 (no rise) when it is only where the trend carried
 * it. A change is the window standing above the data's trend as a step ({@link STEP_Z}), or a
 * demand onset (a step too, found by the scan past where support starts) that overlaps the
 * window: a queue lags the requests that fill it, so its window can start minutes into a step's
 * plateau, where the window's own start shows no step. A fall is returned as it is. Every reading
 * of "traffic rose" goes through here: saturation's traffic line and the excess facts' rate,
 * which saturation's and long prompts' signatures read (ADR 0286).
 */
export function risenTraffic(
  traffic: Float64Array,
  grid: BucketGrid,
  from: number,
  to: number,
  level: number
): { ratio: number; step: TrafficStep; onset: DemandOnset | null } {
  const step = trafficStep(traffic, from, to)
  if (level <= 1 || step.z >= STEP_Z) {
    return { ratio: level, step, onset: null }
  }
  const onset = demandOnset(traffic, grid)
  const overlaps = onset !== null && onset.z >= BURST_Z_LO && onset.from <= to && onset.to >= from
  return { ratio: overlaps ? level : 1, step, onset: overlaps ? onset : null }
}

/**
 * A demand span as a {@link TimeChange} over `p99` (kept from the change it stands in for, so its
 * evidence still describes the latency): the requests inside it, its epoch range and its rise.
 */
export function demandChange(
  frame: RequestFrame,
  grid: BucketGrid,
  onset: DemandOnset,
  like: TimeChange
): TimeChange {
  const fromUs = (grid.fromUs + onset.from * grid.stepUs) as Micros
  const toUs = (grid.fromUs + (onset.to + 1) * grid.stepUs) as Micros
  const inWindow = startMask(frame, fromUs, toUs)
  return {
    p99: like.p99,
    result: like.result,
    elevated: {
      start: onset.from,
      end: onset.to,
      baseline: onset.rateOutside,
      elevated: onset.rateInside,
      ratio: onset.rateOutside > 0 ? onset.rateInside / onset.rateOutside : Infinity,
    },
    windowUs: { fromUs, toUs },
    inWindow,
  }
}
