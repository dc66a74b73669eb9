/**
 * The shape of a young replica's warm-up, fitted to its per-token readings against its peers
 * (replica-cold-start.ts, settledAtUs): a first-order decay `a + b·e^(−age/τ)` (ADR 0324, its
 * asymptote at the peers' speed when the data cannot tell it from zero, ADR 0332) or a straight
 * fall onto a plateau `a + b·max(0, T − age)`, whichever the information criterion prefers
 * (ADR 0346). Pure arithmetic over the readings' ages and excesses: no diagnosis context.
 */

/**
 * Noise units by which a young replica's ratio to its peers must stand above their level, or
 * still fall, to count as cold: the units the causes' own series are read in (ADRs 0266, 0278).
 */
export const COLD_NOISE_UNITS = 3

/**
 * Time constants of a warm-up tried by {@link sharedFit}, in steps: from a quarter of a step to
 * the data's length, each this much longer than the last (a 5 % grid on the logarithm).
 */
const TAU_GROWTH = 1.05
/**
 * Time constants after which a first-order decay is called settled: 95 % of its excess gone, the
 * usual settling band of a first-order response. An exponential warm-up has no end of its own;
 * this is where what is left of it is a twentieth of what the replica started with.
 */
const SETTLING_TAUS = 3

/** One per-token reading of a warm-up: its excess over its peers per step, and its noise. */
export interface DecaySeries {
  /** Age at the mean time of the step's requests after joining, in steps. */
  ages: number[]
  /** The young replica's P50 over its peers', minus one. */
  excess: number[]
  /** Noise of the log ratio per step ({@link stepNoise}). */
  noise: number
}

/**
 * The shape the readings support, each fitted by {@link fitShape}: the residual in units of the
 * steps' variance plus ln(steps) per parameter (ADR 0346). Null when neither shape fits at any θ.
 */
export function bestShape(readings: readonly DecaySeries[], lastAge: number): ShapeFit | null {
  const fits = [EXPONENTIAL, LINEAR_TO_PLATEAU]
    .map((shape) => fitShape(shape, readings, lastAge))
    .filter((f) => f !== null)
  if (fits.length === 0) {
    return null
  }
  // The shape the steps support: the residual in units of the steps' variance (their noise, or
  // their scatter about the better free fit where wider) plus ln(steps) per parameter (the
  // Bayesian information criterion), so that a shape wins by explaining the steps, not by a free
  // asymptote more. The two shapes have as many parameters each; a warm-up too weak for its steps
  // to tell them apart keeps whichever fits its noise better (ADR 0346).
  const variance = Math.max(1, Math.min(...fits.map((f) => f.free.chi2 / Math.max(1, f.dof))))
  const points = fits[0]!.fit.points
  const score = (f: ShapeFit): number => f.fit.chi2 / variance + f.parameters * Math.log(points)
  return fits.reduce((a, b) => (score(b) < score(a) ? b : a))
}

/** One shape fitted to a warm-up's readings ({@link fitShape}). */
export interface ShapeFit {
  shape: WarmUpShape
  /** The fit with every asymptote free, and the one kept (insignificant asymptotes at zero). */
  free: SharedDecayFit
  fit: SharedDecayFit
  /** Steps less the free fit's parameters. */
  dof: number
  /** Parameters of the kept fit: the shared θ, each reading's `b`, and each free `a`. */
  parameters: number
  abovePeers: boolean
  cold: boolean
}

/**
 * One shape's fit to the readings ({@link sharedFit}), its asymptotes within
 * {@link COLD_NOISE_UNITS} standard errors of zero refitted at zero (ADR 0332). Null when it fits
 * at no θ.
 */
function fitShape(
  shape: WarmUpShape,
  readings: readonly DecaySeries[],
  lastAge: number
): ShapeFit | null {
  const free = sharedFit(shape, readings, lastAge, [])
  if (free === null) {
    return null
  }
  // The steps' scatter about the fit, where it is wider than their noise says, widens a's error.
  const dof = free.points - 1 - 2 * readings.length
  const scale = Math.sqrt(Math.max(1, free.chi2 / Math.max(1, dof)))
  const atPeers = free.levels.map(({ a, seA }) => Math.abs(a) <= COLD_NOISE_UNITS * seA * scale)
  const fit = atPeers.some((p) => p) ? (sharedFit(shape, readings, lastAge, atPeers) ?? free) : free
  const kept = fit === free ? readings.map(() => false) : atPeers
  return {
    shape,
    free,
    fit,
    dof,
    parameters: 1 + readings.length + kept.filter((p) => !p).length,
    abovePeers: free.levels.some(({ a, seA }) => a > COLD_NOISE_UNITS * seA * scale),
    cold: fit.levels.some(({ a, b }, k) => {
      const start = a + b * shape.column(0, fit.tau)
      return (
        b > 0 &&
        Math.log((1 + start) / (1 + a)) > COLD_NOISE_UNITS * (readings[k] as DecaySeries).noise
      )
    }),
  }
}

/**
 * A warm-up's shape over age: the column its excess is a multiple of (`b` times it, above an
 * asymptote `a`), with one shape parameter θ shared by every reading, and the age at which it has
 * settled.
 */
interface WarmUpShape {
  column: (age: number, theta: number) => number
  settledAge: (theta: number) => number
}

/** A first-order decay, `e^(−age/τ)`: settled after {@link SETTLING_TAUS} time constants. */
const EXPONENTIAL: WarmUpShape = {
  column: (age, tau) => Math.exp(-age / tau),
  settledAge: (tau) => SETTLING_TAUS * tau,
}

/**
 * A straight fall onto a plateau, `max(0, T − age)`: settled where the line meets the plateau, at
 * T itself. A ramp has an end of its own, where an exponential has only a share of its excess
 * left; an engine whose compilation and caches fill at a steady pace falls this way (the grid's
 * generator and the simulator warm up so).
 */
export const LINEAR_TO_PLATEAU: WarmUpShape = {
  column: (age, end) => Math.max(0, end - age),
  settledAge: (end) => end,
}

/**
 * Rounds of {@link sharedDecay}: each weighs the steps by the fit of the round before; the first
 * by each reading's noise alone. On the contract suite's development cold starts 2, 3 and 6 rounds
 * end every window on the same second: the weights settle after one refit.
 */
const DECAY_ROUNDS = 3

/** The golden section's ratio, (√5 − 1) / 2. */
const GOLDEN = (Math.sqrt(5) - 1) / 2
/**
 * Width, in log τ, below which the golden section stops: 0.1 %, tripled 0.3 % of the settling
 * (a second on a 5-minute τ), far below the fit's own error.
 */
const REFINED_TAU = 0.001

/**
 * One time constant, each series' asymptote `a` and excess `b`, and how well they explain the
 * steps: the weighted sum of squares (in units of each step's noise) and, per series, the standard
 * error of `a` at that τ.
 */
interface SharedDecayFit {
  tau: number
  levels: { a: number; b: number; seA: number }[]
  /** Weighted sum of squares, and the steps it is over. */
  chi2: number
  points: number
}

/**
 * Weighted least squares `y ≈ a_k + b_k·e^(−x/τ)` over several series with one τ: for each τ on
 * the grid of {@link TAU_GROWTH} from a quarter of a step to `maxTau`, each series' `a_k` and `b_k` in closed form. A step's
 * ratio has the same noise in logarithms at any level, so on the ratio its noise is its noise in
 * logarithms times (1 + the fitted excess): each step is weighed by one over that squared. Without
 * it the first minutes, where the ratio is largest and so is its scatter, decide τ alone. A series
 * marked in `atPeers` is fitted with `a` = 0 (its excess alone). Null when no τ leaves every
 * series' two columns independent.
 */
export function sharedDecay(
  series: readonly DecaySeries[],
  maxTau: number,
  atPeers: readonly boolean[] = []
): SharedDecayFit | null {
  return sharedFit(EXPONENTIAL, series, maxTau, atPeers)
}

/**
 * {@link sharedDecay} for any {@link WarmUpShape}: `y ≈ a_k + b_k·column(x, θ)` with one θ, the
 * same grid, weights, rounds and golden section. For a straight fall θ is the corner's age.
 */
function sharedFit(
  shape: WarmUpShape,
  series: readonly DecaySeries[],
  maxTau: number,
  atPeers: readonly boolean[]
): SharedDecayFit | null {
  let fitted = series.map((s) => s.excess.map(() => 0))
  let best: SharedDecayFit | null = null
  const points = series.reduce((n, s) => n + s.ages.length, 0)
  for (let round = 0; round < DECAY_ROUNDS; round++) {
    const weights = series.map((s, k) =>
      (fitted[k] as number[]).map((y) => 1 / ((1 + Math.max(0, y)) * s.noise) ** 2)
    )
    const at = (tau: number): SharedDecayFit | null => {
      let sse = 0
      const levels: { a: number; b: number; seA: number }[] = []
      for (let k = 0; k < series.length; k++) {
        const { ages, excess } = series[k] as DecaySeries
        const wk = weights[k] as number[]
        let sw = 0
        let se = 0
        let see = 0
        let sy = 0
        let sey = 0
        ages.forEach((x, j) => {
          const wj = wk[j] as number
          const e = shape.column(x, tau)
          const y = excess[j] as number
          sw += wj
          se += wj * e
          see += wj * e * e
          sy += wj * y
          sey += wj * e * y
        })
        const det = sw * see - se * se
        if (!(det > 1e-12 * sw * sw)) {
          return null
        }
        const fixed = atPeers[k] === true
        const b = fixed ? sey / see : (sw * sey - se * sy) / det
        const a = fixed ? 0 : (sy - b * se) / sw
        ages.forEach((x, j) => {
          sse += (wk[j] as number) * ((excess[j] as number) - a - b * shape.column(x, tau)) ** 2
        })
        // The weights are one over each step's variance: (XᵀWX)⁻¹'s corner is a's variance.
        levels.push({ a, b, seA: Math.sqrt(see / det) })
      }
      return { tau, levels, chi2: sse, points }
    }
    let next: SharedDecayFit | null = null
    for (let tau = 0.25; tau <= maxTau; tau *= TAU_GROWTH) {
      const f = at(tau)
      if (f !== null && (next === null || f.chi2 < next.chi2)) {
        next = f
      }
    }
    if (next === null) {
      return best
    }
    // The grid's 5 % step is tripled in the settling (on a 5-minute τ, 45 s): the minimum is
    // narrowed between the grid's neighbours by golden section, in logarithms like the grid.
    let lo = Math.log(next.tau / TAU_GROWTH)
    let hi = Math.log(Math.min(maxTau, next.tau * TAU_GROWTH))
    while (hi - lo > REFINED_TAU) {
      const f1 = at(Math.exp(hi - GOLDEN * (hi - lo)))
      const f2 = at(Math.exp(lo + GOLDEN * (hi - lo)))
      if (f1 === null || f2 === null) {
        break
      }
      if (f1.chi2 <= f2.chi2) {
        hi = Math.log(f2.tau)
        next = f1.chi2 < next.chi2 ? f1 : next
      } else {
        lo = Math.log(f1.tau)
        next = f2.chi2 < next.chi2 ? f2 : next
      }
    }
    best = next
    const { tau, levels } = next
    fitted = series.map((s, k) => {
      const { a, b } = levels[k] as { a: number; b: number; seA: number }
      return s.ages.map((x) => a + b * shape.column(x, tau))
    })
  }
  return best
}
