/**
 * Whether the requests per step jumped at a step, or only moved along their trend.
 *
 * A level says nothing about a change: traffic that drifts up stands above the rest of the data
 * over any late span. What tells a step from a drift is what happens at the change point. Each
 * side gets its own straight line, fitted on the steps just before the point and the steps from it
 * on (a few minutes each, so a curve is close to straight there), and the jump is how far apart
 * the two lines are where they meet:
 *
 *   requests                          step:  the right line starts above where the left one ends
 *      │                 ●●●●●●●●●●
 *      │                ╱ jump           drift: both lines meet (a drift that starts at the point
 *      │     ●●●●●●●●●●                  is a bend: the slopes differ, the lines still meet)
 *      └─────────────────┬──────── steps
 *                        at
 *
 * A line fitted on the whole data bends into a step that holds to the data's end (ADR 0286); two
 * short lines that meet cannot take a jump between them. The noise unit is the lines' own residual
 * spread, so counts that scatter more than Poisson (diurnal waves, clients in bursts) or less
 * (arrivals paced per minute) widen or narrow it as they are (ADR 0292).
 */
import { ramp } from '../../stats/significance.js'

/**
 * Steps each side's line is fitted on, at most: 10 minutes of 30-second steps. Half of that left
 * a 1.175× step at 2–3 noise units; a drift's curve is still close to straight over it.
 */
export const JUMP_SIDE_STEPS = 20
/** A side shorter than this is a level (its mean) rather than a line: 3 points fit no slope. */
const MIN_LINE_STEPS = 5

export interface TrafficJump {
  /** Requests per step the right line starts above where the left line ends (< 0: a drop). */
  jump: number
  /** Its standard error from the lines' residuals and leverages. */
  se: number
  /**
   * jump / se; null when the noise is unknown (se = 0: both lines fit their steps exactly, as
   * arrivals paced per step do), never 0: a jump with no noise to measure it by is not no jump.
   */
  z: number | null
  /** The left line's value where the two meet: the level the traffic jumped from. */
  from: number
}

interface SideFit {
  /** Value at x = `at` − ½ (the point between the last step before and the first from it). */
  edge: number
  /** Variance factor of `edge` (σ² · leverage). */
  leverage: number
  rss: number
  dof: number
}

/**
 * Least squares over the finite steps [from, to] of `series`, read at the boundary `edgeX`
 * (a resource series has steps without a sample).
 */
function fitSide(series: Float64Array, from: number, to: number, edgeX: number): SideFit | null {
  const xs: number[] = []
  const ys: number[] = []
  for (let k = from; k <= to; k++) {
    const v = series[k] as number
    if (Number.isFinite(v)) {
      xs.push(k)
      ys.push(Math.max(0, v))
    }
  }
  const n = xs.length
  if (n < 2) {
    return null
  }
  const mx = xs.reduce((a, x) => a + x, 0) / n
  const my = ys.reduce((a, y) => a + y, 0) / n
  let sxx = 0
  let sxy = 0
  for (let i = 0; i < n; i++) {
    sxx += ((xs[i] as number) - mx) ** 2
    sxy += ((xs[i] as number) - mx) * ((ys[i] as number) - my)
  }
  const line = n >= MIN_LINE_STEPS && sxx > 0
  const slope = line ? sxy / sxx : 0
  let rss = 0
  for (let i = 0; i < n; i++) {
    rss += ((ys[i] as number) - (my + slope * ((xs[i] as number) - mx))) ** 2
  }
  return line
    ? {
        edge: my + slope * (edgeX - mx),
        leverage: 1 / n + (edgeX - mx) ** 2 / sxx,
        rss,
        dof: n - 2,
      }
    : { edge: my, leverage: 1 / n, rss, dof: n - 1 }
}

/**
 * The jump of `traffic` (requests per step, or any series per step) at step `at`: a line on up to {@link JUMP_SIDE_STEPS}
 * steps before it (no earlier than `first`) against one on the steps from it up to `to`. Null
 * when either side has fewer than two steps or no residual to measure the noise by.
 */
export function trafficJump(
  traffic: Float64Array,
  at: number,
  first: number,
  to: number,
  sideSteps = JUMP_SIDE_STEPS
): TrafficJump | null {
  const edgeX = at - 0.5
  const left = fitSide(traffic, Math.max(first, at - sideSteps), at - 1, edgeX)
  const right = fitSide(traffic, at, Math.min(to, at + sideSteps - 1), edgeX)
  return jumpBetween(left, right)
}

/**
 * The jump of `series` across step `at`, that step in neither line: the lines on up to
 * {@link JUMP_SIDE_STEPS} steps before it (no earlier than `first`) and after it (up to `to`),
 * compared at its middle. For a step a change began inside of, read on what follows the change
 * rather than on the change itself: a scraped gauge samples such a step before or after the
 * change as its scrape times fall, and a running batch that grows because its tokens slowed
 * fills over a request's lifetime, so its value there is part of the way up (ADR 0389). A drift's
 * lines still meet at `at`; a step anywhere inside `at` still parts them by its whole size.
 */
export function jumpAcross(
  series: Float64Array,
  at: number,
  first: number,
  to: number
): TrafficJump | null {
  const left = fitSide(series, Math.max(first, at - JUMP_SIDE_STEPS), at - 1, at)
  const right = fitSide(series, at + 1, Math.min(to, at + JUMP_SIDE_STEPS), at)
  return jumpBetween(left, right)
}

function jumpBetween(left: SideFit | null, right: SideFit | null): TrafficJump | null {
  if (left === null || right === null) {
    return null
  }
  const dof = left.dof + right.dof
  if (dof < 1) {
    return null
  }
  const sigma2 = (left.rss + right.rss) / dof
  const jump = right.edge - left.edge
  const se = Math.sqrt(sigma2 * (left.leverage + right.leverage))
  return { jump, se, z: se > 0 ? jump / se : null, from: left.edge }
}

/**
 * How far a rise of `rise` requests per step is a change rather than a trend, 0..1, from the jump
 * at its start. Either the jump is the rise (it falls short of it by at most one noise unit, all
 * by two: a step with nothing else moving), or the jump is certain on its own (4–6 noise units,
 * the scale of a rise past chance: a step on top of a drift, which also moved the level). A drift
 * meets neither: its lines meet where the rise starts.
 *
 * Measured with 20-step sides on the generator's runs (ADR 0292): every scan-certain step of the
 * fault grid fell short of its rise by at most 0.4 noise units, every drift by 1.5 or more (2.5 or
 * more for a drift past 1.22×); the steps on a drift jumped at 10–19 units, the drifts at most 3.8.
 *
 * Two readings are unknown rather than a number (ADR 0297). A jump that cannot be measured (`j`
 * null: no steps before the rise, as at the data's first step) is null: nothing says the level
 * rose there rather than having been as high before the data began. A jump without noise (`z`
 * null: the steps lie exactly on the lines) has no noise unit to count a shortfall in; the share
 * is then the part of the rise the jump measured, jump / rise, neither all of it nor none.
 */
export function jumpedShare(rise: number, j: TrafficJump | null): number | null {
  if (!(rise > 0)) {
    return 1
  }
  if (j === null) {
    return null
  }
  if (j.z === null) {
    return Math.min(1, Math.max(0, j.jump / rise))
  }
  const shortfall = (rise - j.jump) / j.se
  return Math.max(1 - ramp(shortfall, 1, 2), ramp(j.z, JUMP_Z_LO, JUMP_Z_HI))
}

/**
 * A level (a ratio to the rest) read as a change only as far as it jumped; a fall as it is. A
 * rise whose jump is unknown (`jumped` null) is no change the data shows: 1 (ADR 0297).
 */
export function jumpedLevel(level: number, jumped: number | null): number {
  return level <= 1 ? level : 1 + (level - 1) * (jumped ?? 0)
}

/** A jump this many noise units is a step on its own, whatever trend it sits on (see jumpedShare). */
export const JUMP_Z_LO = 4
export const JUMP_Z_HI = 6

/** The first and last step of `traffic` that hold requests (the data's own extent). */
export function trafficExtent(traffic: Float64Array): { first: number; last: number } {
  let first = 0
  while (first < traffic.length && !((traffic[first] as number) > 0)) {
    first++
  }
  let last = traffic.length - 1
  while (last > first && !((traffic[last] as number) > 0)) {
    last--
  }
  return { first, last }
}
