/**
 * Which step law the window supports: the roofline (a step lasts as long as the slower of its
 * decode and its prompt work) or the additive law (the prompt's cost is added to the decode
 * step). Each is fitted on one half of the window and judged on the other half. Never by how
 * well either predicts another load: that is what the twin is for, not what it may look at.
 *
 * ```
 * window   ├──────── A ────────┼──────── B ────────┤
 * fold 1    fit on A            score B
 * fold 2    score A             fit on B
 * ```
 *
 * 1. The prompt steps (ADR 0411). The two forms differ only in a step that carries a prompt:
 *    additive, its time rises with the batch beside it at the decode slope; roofline, it is the
 *    prompt's own time, whatever ran beside it. Each law predicts each held-out prompt step's
 *    time from its work and the batch beside it; a Diebold–Mariano test on the paired losses
 *    decides at the 5 % level, or says it cannot tell.
 * 2. Where it cannot tell, the held-out replay (ADR 0221): each law replays the other half's own
 *    requests, as they arrived, on the replicas they ran on, and the law that misses its engine
 *    TTFT and TPOT (P50 and P99) clearly less is chosen; the roofline by default.
 *
 * On a long window the replays run over 16,000 requests around the midpoint, so that the
 * choice's replays cost the same at 1M requests as at 10k.
 */
import { quantileSorted } from '../../core/stats/quantile.js'
import { createRng } from '../../core/stats/seeded-random.js'
import { runTwin, stepDurationUs, type StepLawKind, type TwinCluster } from './engine.js'
import type { ObservedRequests } from './observed.js'
import { ASSUMED_MAX_BATCHED_TOKENS, stepModelOf, type StepFit } from './step-law.js'
import { engineEntryUs } from './queue-clock.js'

export const STEP_LAWS: readonly StepLawKind[] = ['roofline', 'additive']
/** Requests each replay of the choice runs at most (the slice around the window's midpoint). */
export const CHOICE_SLICE = 16_000
/** Requests each half trains on at most. */
export const CHOICE_TRAIN = 50_000
/** The additive law is chosen when its held-out error is below this share of the roofline's. */
export const ADDITIVE_MARGIN = 0.9
/** Two-sided 5 % point of the normal: the prompt steps decide the form only past it. */
export const FORM_Z = 1.96
/** Held-out prompt steps the test needs before it says anything (as the replay's quantiles). */
const FORM_MIN_ROWS = 20

/** What the held-out prompt steps say about the law's form (ADR 0411). */
export interface PromptStepTest {
  /** Held-out prompt steps scored, over both halves. */
  rows: number
  /** Per law: the mean |log(predicted ÷ observed)| of a held-out prompt step's time. */
  error: Record<StepLawKind, number | null>
  /**
   * Diebold–Mariano statistic of the paired losses, the roofline's less the additive's, with a
   * Newey–West variance over neighbouring steps: above 0 the additive law predicts them better.
   * Null with too few rows, or where the two laws predict every step alike.
   */
  z: number | null
  /** The law the prompt steps support, or null when |z| is below `FORM_Z` (cannot tell). */
  law: StepLawKind | null
}

export interface LawChoice {
  law: StepLawKind
  /** The test on the prompt steps, which decides when it can. */
  promptSteps: PromptStepTest
  /** The law the held-out replay alone chooses: the choice where the prompt steps cannot tell. */
  byReplay: StepLawKind
  /**
   * Per law: the mean |log(replayed ÷ observed)| of the held-out halves' engine TTFT and TPOT,
   * P50 and P99 (0.1 ≈ 10 % off), and the held-out requests it was scored on.
   */
  heldOut: Record<StepLawKind, number | null>
  scored: number
  reason: string
}

interface Capacity {
  maxNumSeqs: number
  kvCapacityTokens: number
}

const logError = (replayed: number, observed: number): number =>
  observed > 0 && replayed > 0 ? Math.abs(Math.log(replayed / observed)) : NaN

function quantiles(v: number[]): [number, number] {
  const s = Float64Array.from(v).sort()
  return [quantileSorted(s, 0.5), quantileSorted(s, 0.99)]
}

/**
 * Diebold–Mariano: is the mean of `d` (a loss difference per row, in time order) other than 0?
 * The variance is Newey–West's with its usual lag, floor(4 (n/100)^(2/9)): neighbouring prompt
 * steps share a batch and are not independent.
 */
export function dieboldMariano(d: ArrayLike<number>): number | null {
  const n = d.length
  if (n < FORM_MIN_ROWS) {
    return null
  }
  let mean = 0
  for (let t = 0; t < n; t++) {
    mean += d[t]!
  }
  mean /= n
  const lag = Math.floor(4 * (n / 100) ** (2 / 9))
  let variance = 0
  for (let l = 0; l <= lag; l++) {
    let g = 0
    for (let t = l; t < n; t++) {
      g += (d[t]! - mean) * (d[t - l]! - mean)
    }
    variance += (l === 0 ? 1 : 2 * (1 - l / (lag + 1))) * (g / n)
  }
  // Two laws that predict every step alike leave no spread and nothing to test.
  return variance > 0 ? mean / Math.sqrt(variance / n) : null
}

/** Chooses the step law: by the prompt steps where they tell, else by held-out replay. */
export function chooseStepLaw(
  o: ObservedRequests,
  cached: Float64Array,
  stepFit: StepFit,
  capacity: readonly Capacity[],
  /** Where the window's engine queue starts (ADR 0468): the replay's engine TTFT runs from there. */
  queueClock: 'arrival' | 'step' = 'arrival'
): LawChoice {
  // The rows are in start order: the slice is cut there, then put in the order the engine
  // queue saw them (start plus the time before the engine, which can swap neighbours).
  const midK = o.n >> 1
  const lo = Math.max(0, midK - CHOICE_SLICE / 2)
  const hi = Math.min(o.n, midK + CHOICE_SLICE / 2)
  const slice = Int32Array.from({ length: hi - lo }, (_, k) => lo + k).sort(
    (a, b) => o.queuedUs[a]! - o.queuedUs[b]!
  )
  const midUs = o.queuedUs[midK]!
  // A slice cut out of a longer window starts with an empty engine: its first quarter only
  // fills it, and is not scored.
  const warmUntil =
    lo === 0 ? -Infinity : o.queuedUs[slice[0]!]! + (midUs - o.queuedUs[slice[0]!]!) / 2
  const t0 = o.queuedUs[slice[0]!]!
  const n = slice.length
  const jobs = {
    n,
    arriveUs: Float64Array.from(slice, (i) => o.queuedUs[i]! - t0),
    prompt: Float64Array.from(slice, (i) => o.promptTokens[i]!),
    cached: Float64Array.from(slice, (i) => Math.min(cached[i]!, o.promptTokens[i]! - 1)),
    output: Float64Array.from(slice, (i) => Math.max(1, o.outputTokens[i]!)),
    replica: Int32Array.from(slice, (i) => o.replica[i]!),
  }
  // Each half trains on at most ~50,000 requests (every k-th): a law of three to five terms
  // needs no more, and the choice then costs the same on an hour of 1M requests.
  const stride = Math.max(1, Math.ceil(o.n / 2 / CHOICE_TRAIN))
  const folds = [
    {
      train: (i: number) => i % stride === 0 && o.queuedUs[i]! < midUs,
      test: (t: number) => t >= midUs,
    },
    {
      train: (i: number) => i % stride === 0 && o.queuedUs[i]! >= midUs,
      test: (t: number) => t < midUs && t >= warmUntil,
    },
  ]
  const heldOut = {} as Record<StepLawKind, number | null>
  let scored = 0
  // Each prompt step is held out in the half it is not fitted on.
  const ps = stepFit.promptSteps
  const promptLoss = {} as Record<StepLawKind, Float64Array>
  for (const kind of STEP_LAWS) {
    const errors: number[] = []
    scored = 0
    const loss = (promptLoss[kind] = new Float64Array(ps.y.length).fill(NaN))
    for (const [f, fold] of folds.entries()) {
      const laws = stepFit.fit(kind, fold.train)
      const models = o.replicas.map((_, r) => stepModelOf(laws, r))
      for (let k = 0; k < ps.y.length; k++) {
        const inB = o.queuedUs[ps.i[k]!]! >= midUs
        // Fold 1 fits on A and scores B; fold 2 the other way round.
        if (inB === (f === 0)) {
          const predicted = stepDurationUs(models[ps.r[k]!]!, ps.work[k]!, ps.batch[k]!, ps.kv[k]!)
          loss[k] = logError(predicted, ps.y[k]!)
        }
      }
      const cluster: TwinCluster = {
        replicas: o.replicas.map((name, r) => ({
          name,
          step: stepModelOf(laws, r),
          maxNumSeqs: capacity[r]!.maxNumSeqs,
          kvCapacityTokens: capacity[r]!.kvCapacityTokens,
          maxBatchedTokens: ASSUMED_MAX_BATCHED_TOKENS,
          pool: 0,
        })),
        routing: 'round_robin',
        shares: [],
        splitMinPrompt: null,
      }
      const res = runTwin(cluster, jobs, createRng(1))
      const entered = engineEntryUs(res, queueClock)
      const ttft: [number[], number[]] = [[], []]
      const tpot: [number[], number[]] = [[], []]
      for (let k = 0; k < n; k++) {
        const i = slice[k]!
        if (!fold.test(o.queuedUs[i]!) || !(res.endUs[k]! === res.endUs[k]!)) {
          continue
        }
        scored++
        ttft[0].push(o.queueUs[i]! + o.prefillUs[i]!)
        ttft[1].push(res.firstTokenUs[k]! - entered[k]!)
        const out = o.outputTokens[i]!
        if (out >= 2) {
          tpot[0].push(o.decodeUs[i]! / (out - 1))
          tpot[1].push((res.endUs[k]! - res.firstTokenUs[k]!) / (out - 1))
        }
      }
      for (const [observed, replayed] of [ttft, tpot]) {
        if (observed.length >= 20) {
          const a = quantiles(observed)
          const b = quantiles(replayed)
          errors.push(logError(b[0], a[0]), logError(b[1], a[1]))
        }
      }
    }
    const finite = errors.filter((e) => e === e)
    heldOut[kind] = finite.length > 0 ? finite.reduce((a, b) => a + b, 0) / finite.length : null
  }
  const r = heldOut.roofline
  const a = heldOut.additive
  // The roofline is the default: it is the GPU's shape, and the law every earlier figure used.
  // The additive law must replay the held-out halves clearly better; where both miss alike
  // (a window whose grid is coarser than its prompt steps), their difference is noise.
  const byReplay: StepLawKind =
    a !== null && (r === null || a < ADDITIVE_MARGIN * r) ? 'additive' : 'roofline'
  const promptSteps = promptStepTest(promptLoss)
  const law = promptSteps.law ?? byReplay
  const pct = (v: number | null): string => (v === null ? '–' : `${(v * 100).toFixed(1)} %`)
  const z = promptSteps.z
  const steps = `prompt steps: roofline off by ${pct(promptSteps.error.roofline)}, additive by ${pct(promptSteps.error.additive)} (${promptSteps.rows} held-out steps, z ${z === null ? '–' : z.toFixed(1)})`
  const replay = `replaying the other: roofline off by ${pct(r)}, additive by ${pct(a)} (mean over engine TTFT and TPOT, P50 and P99, ${scored} held-out requests)`
  return {
    law,
    promptSteps,
    byReplay,
    heldOut,
    scored,
    reason:
      promptSteps.law !== null
        ? `fitted on one half of the window, predicting the other's ${steps}, which tell the form; ${replay}`
        : `fitted on one half of the window, predicting the other's ${steps}, which cannot tell the form; ${replay}, which decides`,
  }
}

/** The Diebold–Mariano test of the two laws on the held-out prompt steps. */
function promptStepTest(loss: Record<StepLawKind, Float64Array>): PromptStepTest {
  const d: number[] = []
  const sum = { roofline: 0, additive: 0 }
  for (let k = 0; k < loss.roofline.length; k++) {
    const lr = loss.roofline[k]!
    const la = loss.additive[k]!
    if (lr === lr && la === la) {
      d.push(lr - la)
      sum.roofline += lr
      sum.additive += la
    }
  }
  const z = dieboldMariano(d)
  const mean = (v: number): number | null => (d.length > 0 ? v / d.length : null)
  return {
    rows: d.length,
    error: { roofline: mean(sum.roofline), additive: mean(sum.additive) },
    z,
    law: z === null || Math.abs(z) < FORM_Z ? null : z > 0 ? 'additive' : 'roofline',
  }
}
