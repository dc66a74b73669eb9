/**
 * How far a per-step quantile of a per-request value stands above its usual level inside a span
 * of grid steps: the mean of the span's steps against the median step outside it, in noise units
 * of a mean of that many steps (the noise being the robust spread, 1.4826 × MAD, of the outside
 * steps). A step's quantile swings by itself with the requests it holds; a rise is read against
 * how much the same quantile swings where nothing happened (the same unit as ADR 0214's).
 */
import { medianAndSpread } from '../../stats/quantile.js'
import { ramp } from '../../stats/significance.js'
import { bucketQuantile, type BucketGrid } from '../../timeline/buckets.js'
import { decimals } from '../explain/text.js'

/** Requests a step needs for its quantile to count, and valued steps each side needs. */
const MIN_STEP_REQUESTS = 5
const MIN_STEPS_IN = 2
const MIN_STEPS_OUT = 6

export interface StepRise {
  /** Mean of the span's per-step quantiles (the value's unit). */
  inside: number
  /** Median of the per-step quantiles outside the span. */
  outside: number
  /** (inside − outside) in noise units of a mean of the span's steps; NaN when too few steps. */
  units: number
}

/** The rise of the per-step `q` quantile of `values` over steps [from, to] (inclusive). */
export function stepRise(
  grid: BucketGrid,
  startUs: Float64Array,
  values: Float64Array,
  q: number,
  from: number,
  to: number
): StepRise {
  const { values: perStep } = bucketQuantile(grid, startUs, values, q, undefined, MIN_STEP_REQUESTS)
  return seriesRise(perStep, from, to)
}

/**
 * The same rise read on a series that is already per step (a rate from counters, say): the mean
 * of its finite steps in [from, to] ({@link stepsInOut}) against the median of the others, in
 * noise units.
 */
export function seriesRise(perStep: Float64Array, from: number, to: number): StepRise {
  const [inside, outside] = stepsInOut(perStep, from, to)
  if (inside.length < MIN_STEPS_IN || outside.length < MIN_STEPS_OUT) {
    return { inside: NaN, outside: NaN, units: NaN }
  }
  const meanIn = inside.reduce((a, v) => a + v, 0) / inside.length
  const { median, spread } = medianAndSpread(outside)
  const noise = spread / Math.sqrt(inside.length)
  return {
    inside: meanIn,
    outside: median,
    units: noise > 0 ? (meanIn - median) / noise : meanIn > median ? Infinity : 0,
  }
}

/**
 * The finite steps of `series` inside [from, to] and outside it: an unknown step (NaN) has no
 * value, and an infinite one (a rate over nothing) is none either.
 */
export function stepsInOut(series: Float64Array, from: number, to: number): [number[], number[]] {
  const inside: number[] = []
  const outside: number[] = []
  series.forEach((v, i) => {
    if (Number.isFinite(v)) {
      ;(i >= from && i <= to ? inside : outside).push(v)
    }
  })
  return [inside, outside]
}

/**
 * How clearly a rise counts (0..1): past the steps' own swing (`units` from `z[0]` to `z[1]` noise
 * units) and by enough to matter (`inside / outside` from `ratio[0]` to `ratio[1]`); 0 when it has
 * no measure (too few steps, or nothing outside).
 */
export function riseWeight(
  r: StepRise,
  z: readonly [number, number],
  ratio: readonly [number, number]
): number {
  if (!(r.units === r.units) || !(r.outside > 0)) {
    return 0
  }
  return ramp(r.units, z[0], z[1]) * ramp(r.inside / r.outside, ratio[0], ratio[1])
}

/** A rise's figures for an evidence line: "1.23×, 4.5 noise units" (">50" past fifty). */
export function riseFigures(r: StepRise, ratioDigits: number): string {
  const units = r.units > 50 ? '>50' : decimals(r.units, 1)
  return `${decimals(r.inside / r.outside, ratioDigits)}×, ${units} noise units`
}
