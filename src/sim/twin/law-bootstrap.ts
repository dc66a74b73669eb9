/**
 * The step law's own uncertainty (ADR 0326). The law is fitted on the batches the window ran; a
 * prediction that runs the engine at larger ones reads the law's slope past its data, where a
 * small error in the slope becomes a large one in the step at the full batch, and the queue at a
 * cap magnifies that (ADR 0322). So the chosen law is refitted on block-bootstrap resamples of
 * the window's requests, and the prediction is run once per refit.
 *
 * ```
 * requests by arrival  │ b1 │ b2 │ b3 │ b4 │ b5 │ …      blocks of about as many requests as ran at once
 * one resample         │ b4 │ b1 │ b4 │ b2 │ b5 │ …      drawn with replacement: each request's weight
 *                                                       is how often its block was drawn
 * ```
 */
import type { Rng } from '../../core/stats/seeded-random.js'
import { sortByKey } from '../../core/stats/sorted.js'
import type { StepModel } from './engine.js'
import type { TwinFit } from './fit.js'
import { stepModelOf } from './step-law.js'

/**
 * Refits of the step law a prediction past the window's batches runs. Each costs one fit of the
 * law (no held-out choice: the law is the one chosen) and one run; five give a spread whose
 * t-band (4 degrees of freedom) is within a third of what many would give, at the cost of one
 * more prediction's worth of runs.
 */
export const LAW_REFITS = 5

/**
 * Requests per bootstrap block: at least as many as were in the engine at once (Little's law:
 * arrivals per µs × mean time in the engine), so requests that shared steps, and whose
 * residuals share those steps' noise, stay in one block; and at least n^(1/3), the usual block
 * length of a block bootstrap (as the window's minutes, sampling.ts).
 */
export function blockLength(fit: TwinFit): number {
  const o = fit.observed
  let from = Infinity
  let to = -Infinity
  let engineUs = 0
  for (let i = 0; i < o.n; i++) {
    from = Math.min(from, o.queuedUs[i]!)
    to = Math.max(to, o.queuedUs[i]!)
    engineUs += o.queueUs[i]! + o.prefillUs[i]! + o.decodeUs[i]!
  }
  const inFlight = to > from ? engineUs / (to - from) : 1
  return Math.max(1, Math.min(o.n, Math.ceil(Math.max(Math.cbrt(o.n), inFlight))))
}

/**
 * A circular block bootstrap of the window's requests in the order they reached the engine:
 * each request's weight is how many times its block was drawn (0, 1, 2, …), and the weights sum
 * to about n.
 */
export function blockWeights(
  fit: TwinFit,
  block: number,
  rng: Rng,
  order: Int32Array = arrivalOrder(fit)
): Float64Array {
  const o = fit.observed
  const weights = new Float64Array(o.n)
  for (let drawn = 0; drawn < o.n; drawn += block) {
    const start = Math.floor(rng.next() * o.n)
    for (let k = 0; k < block; k++) {
      const i = order[(start + k) % o.n]!
      weights[i] = weights[i]! + 1
    }
  }
  return weights
}

/** The window's requests in the order they reached the engine (the blocks' order). */
function arrivalOrder(fit: TwinFit): Int32Array {
  const o = fit.observed
  return sortByKey(
    Int32Array.from({ length: o.n }, (_, i) => i),
    o.queuedUs
  )
}

/** `count` refits of the window's chosen step law, one step model per replica each. */
export function refitStepModels(fit: TwinFit, count: number, rng: Rng): StepModel[][] {
  const block = blockLength(fit)
  // One sort for every resample: on 1M requests a comparator sort is a few hundred ms each.
  const order = arrivalOrder(fit)
  const out: StepModel[][] = []
  for (let k = 0; k < count; k++) {
    const laws = fit.stepFit.fit(
      fit.model.stepLaw.law,
      undefined,
      blockWeights(fit, block, rng.fork(`law ${k}`), order)
    )
    out.push(fit.model.replicas.map((_, r) => stepModelOf(laws, r)))
  }
  return out
}

/** Student's t at 0.95 for 1…10 degrees of freedom. */
const T95 = [6.314, 2.92, 2.353, 2.132, 2.015, 1.943, 1.895, 1.86, 1.833, 1.812]

/**
 * The half-width, on the log scale, of a 90 % interval for what the law's error does to a
 * figure. Each refit ran with the seed of one seeded run (common random numbers), so the log
 * ratio of the pair is the law's effect alone, the arrivals and mix being the same draw. The
 * truth's law sits around the fitted one as the refits sit around it, centred on no difference:
 * the ratios' root mean square with t for as many degrees of freedom as pairs. `null` with fewer
 * than two pairs or where a value is not positive.
 */
export function lawHalfWidth(pairs: readonly [number, number][]): number | null {
  const d = pairs
    .filter(([a, b]) => a === a && b === b)
    .map(([refit, seeded]) => (refit > 0 && seeded > 0 ? Math.log(refit / seeded) : NaN))
  if (d.length < 2 || d.some((x) => !(x === x))) {
    return null
  }
  const rms = Math.sqrt(d.reduce((a, x) => a + x * x, 0) / d.length)
  return T95[Math.min(T95.length, d.length) - 1]! * rms
}

/**
 * The interval widened by the law's half-width `h` (log scale): the two sources are independent,
 * so their half-widths add in quadrature on each side of the point.
 */
export function widenByLaw(value: number, interval: [number, number], h: number): [number, number] {
  if (!(value > 0) || !(interval[0] > 0)) {
    return interval
  }
  const lo = Math.log(value / Math.min(value, interval[0]))
  const hi = Math.log(Math.max(value, interval[1]) / value)
  return [value * Math.exp(-Math.hypot(lo, h)), value * Math.exp(Math.hypot(hi, h))]
}

/**
 * Below this half-width of the decode step at the prediction's largest batch, the refits are not
 * run. A step that uncertain moves the TPOT by as much, a twentieth of its 10 % goal, and the
 * seeded runs of a 20-minute window already spread their TTFT P50 by ±7 % or more (platform 23);
 * only a queue at the edge of saturation would magnify it past them. On the 1M-request hour of
 * the scale bench the five refits' runs cost 70 s of CPU beside a fit and run of 24 s.
 */
export const LAW_STEP_FLOOR = 0.005

/**
 * Jobs a run may draw for the refits to be run on the whole window (ADR 0326). The goal
 * is a fit and one prediction run on a window of 1M requests in under 30 s of CPU; on the scale
 * bench's hour they take about 24 s, and a run costs about 9 µs a job, so five refit runs of 100k
 * jobs (about 5 s) fit beside them and five of 1.5M (70 s) do not. Past it the refits run on a
 * slice of the window (`LAW_SLICE_JOBS`, ADR 0333).
 */
export const LAW_REFIT_MAX_JOBS = 100_000

/**
 * Jobs each refit draws when the window is too large to run it whole (ADR 0333): each refit and
 * a run of the fitted law with the same seed run on the window's busiest stretch that draws this
 * many, and the pair's log ratio is the law's effect there. Five refits and one fitted run per
 * seed (one seed on the scale bench's single run) cost six runs of 50k jobs, about 1–2 s of CPU
 * beside a fit and run of about 24 s; a P99 over 50k jobs is read from the 500 above it, enough
 * for a pair's ratio to be the law's and not its own noise.
 */
export const LAW_SLICE_JOBS = 25_000

/**
 * The 90 % half-width (log scale) of the decode step at `batch` sequences, each holding
 * `kvPerSeq` KV tokens, over the refits against the fitted law, the widest over the replicas:
 * what the law's own uncertainty is where the prediction runs it. Null when a replica's step there
 * is not positive under the fitted law or a refit (its spread is unknown).
 */
export function stepHalfWidth(
  fitted: readonly StepModel[],
  refits: readonly StepModel[][],
  batch: number,
  kvPerSeq: number
): number | null {
  let widest = 0
  for (const [r, law] of fitted.entries()) {
    const at = (m: StepModel): number =>
      m.decodeBaseUs + m.perDecodeSeqUs * batch + m.perKvTokenUs * kvPerSeq * batch
    const h = lawHalfWidth(refits.map((s): [number, number] => [at(s[r]!), at(law)]))
    // A replica whose step the refits cannot read leaves the widest unknown, not 0.
    if (h === null) {
      return null
    }
    widest = Math.max(widest, h)
  }
  return widest
}
