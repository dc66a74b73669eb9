/**
 * Which step law the window supports (ADR 0221): the roofline (a step lasts as long as the
 * slower of its decode and its prompt work) or the additive law (the prompt's cost is added to
 * the decode step). Each is fitted on one half of the window and replays the other half's own
 * requests, as they arrived, on the replicas they ran on; the law whose replay misses the
 * held-out half's engine TTFT and TPOT (P50 and P99) by less is chosen. Never by how well either
 * predicts another load: that is what the twin is for, not what it may look at.
 *
 * ```
 * window   ├──────── A ────────┼──────── B ────────┤
 * fold 1    fit on A            replay, score B
 * fold 2    replay, score A     fit on B
 * ```
 *
 * On a long window the replays run over 16,000 requests around the midpoint, so that the
 * choice's replays cost the same at 1M requests as at 10k.
 */
import { quantileSorted } from '../../core/stats/quantile.js'
import { createRng } from '../../core/stats/seeded-random.js'
import { runTwin, type StepLawKind, type TwinCluster } from './engine.js'
import type { ObservedRequests } from './observed.js'
import { ASSUMED_MAX_BATCHED_TOKENS, stepModelOf, type StepFit } from './step-law.js'

export const STEP_LAWS: readonly StepLawKind[] = ['roofline', 'additive']
/** Requests each replay of the choice runs at most (the slice around the window's midpoint). */
export const CHOICE_SLICE = 16_000
/** Requests each half trains on at most. */
export const CHOICE_TRAIN = 50_000
/** The additive law is chosen when its held-out error is below this share of the roofline's. */
export const ADDITIVE_MARGIN = 0.9

export interface LawChoice {
  law: StepLawKind
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

/** Chooses the step law by held-out replay inside the window. */
export function chooseStepLaw(
  o: ObservedRequests,
  cached: Float64Array,
  stepFit: StepFit,
  capacity: readonly Capacity[]
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
  for (const kind of STEP_LAWS) {
    const errors: number[] = []
    scored = 0
    for (const fold of folds) {
      const laws = stepFit.fit(kind, fold.train)
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
      const ttft: [number[], number[]] = [[], []]
      const tpot: [number[], number[]] = [[], []]
      for (let k = 0; k < n; k++) {
        const i = slice[k]!
        if (!fold.test(o.queuedUs[i]!) || !(res.endUs[k]! === res.endUs[k]!)) {
          continue
        }
        scored++
        ttft[0].push(o.queueUs[i]! + o.prefillUs[i]!)
        ttft[1].push(res.firstTokenUs[k]! - res.arriveUs[k]!)
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
  const law: StepLawKind =
    a !== null && (r === null || a < ADDITIVE_MARGIN * r) ? 'additive' : 'roofline'
  const pct = (v: number | null): string => (v === null ? '–' : `${(v * 100).toFixed(1)} %`)
  return {
    law,
    heldOut,
    scored,
    reason: `fitted on one half of the window, replaying the other: roofline off by ${pct(r)}, additive by ${pct(a)} (mean over engine TTFT and TPOT, P50 and P99, ${scored} held-out requests)`,
  }
}
