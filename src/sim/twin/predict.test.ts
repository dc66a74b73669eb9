import { describe, expect, it } from 'vitest'
import { createRng } from '../../core/stats/seeded-random.js'
import { applyChanges } from './changes.js'
import { fitTwin, type TwinFit } from './fit.js'
import {
  ownSampleOf,
  predictRuns,
  releaseKeptDraws,
  runDetailed,
  runOnce,
  runSerially,
} from './predict.js'
import {
  lognormalTokens,
  observedFromRun,
  poissonArrivalsUs,
  runOpen,
  uncappedCluster,
  BATCH_BOUND_LAW,
} from './testing/observed-run.js'
import { RunScratch, type TwinCluster } from './engine.js'

const T0 = 1_750_000_000_000_000

/** The cluster with every replica's `max_num_seqs` at most `cap`, as the low end runs it. */
const capAt = (cluster: TwinCluster, cap: number): TwinCluster => ({
  ...cluster,
  replicas: cluster.replicas.map((r) => ({ ...r, maxNumSeqs: Math.min(r.maxNumSeqs, cap) })),
})
const WINDOW_US = 1_200_000_000

/**
 * Twenty minutes of Poisson traffic on two replicas whose requests each spent their own 2–6 ms
 * before the engine and were routed halfway through it: a run's engine arrivals and routing
 * instants are then the drawn instant plus offsets that differ per copied request.
 */
function windowWithWayIn(): TwinFit {
  const rng = createRng(11)
  const names = ['r0', 'r1']
  const cluster = uncappedCluster(names, BATCH_BOUND_LAW)
  const arriveUs = Float64Array.from(poissonArrivalsUs(rng, 6, WINDOW_US))
  const n = arriveUs.length
  const prompt = lognormalTokens(rng, n, 600, 0.6, 8)
  const output = lognormalTokens(rng, n, 150, 0.6, 2, 1024)
  const run = runOpen(cluster, arriveUs, prompt, output, rng.fork('run'))
  const o = observedFromRun({ arriveUs, prompt, output, run, replicas: names, offsetUs: T0 })
  // Rising with the row (by under a microsecond a row), so the rows stay in start order.
  const before = Float64Array.from(arriveUs, (_, i) => 2000 + (4000 * i) / n)
  const requests = {
    ...o,
    startUs: Float64Array.from(o.queuedUs, (q, i) => q - before[i]!),
    routedUs: Float64Array.from(o.queuedUs, (q, i) => q - before[i]! / 2),
    ttftUs: Float64Array.from(o.ttftUs, (t, i) => t + before[i]!),
    e2eUs: Float64Array.from(o.e2eUs, (t, i) => t + before[i]!),
  }
  for (let i = 1; i < n; i++) {
    expect(requests.startUs[i]!).toBeGreaterThanOrEqual(requests.startUs[i - 1]!)
  }
  const fitted = fitTwin({
    fromUs: T0,
    toUs: T0 + WINDOW_US,
    requests,
    total: n,
    metrics: new Map(),
  })
  if (!fitted.ok) {
    throw new Error(fitted.reasons.join('; '))
  }
  return fitted.fit
}

describe('draws kept for both ends of an unknown cap (ADR 0489)', () => {
  const fit = windowWithWayIn()
  const applied = applyChanges(fit, { loadFactor: 1.5 })
  if (!applied.ok) {
    throw new Error(applied.reasons.join('; '))
  }
  const low = capAt(applied.cluster, 3)
  const slice = { fromUs: 300e6, toUs: 420e6 }

  it('gives another cluster the jobs it would have drawn, and the same run', () => {
    for (const s of [null, slice]) {
      const first = runDetailed(
        fit,
        applied.cluster,
        applied.plan,
        7,
        undefined,
        s,
        undefined,
        true
      )
      const kept = runDetailed(fit, low, applied.plan, 7, undefined, s, undefined, true)
      const again = runDetailed(fit, low, applied.plan, 7, undefined, s, undefined, true)
      const fresh = runDetailed(fit, low, applied.plan, 7, undefined, s)
      // Taken from the draw kept, not drawn again.
      expect(again.source).toBe(kept.source)
      expect(kept.jobs.routeUs).toBeDefined()
      for (const [a, b] of [
        [kept, fresh],
        [kept, first],
      ] as const) {
        expect(Array.from(a.source)).toEqual(Array.from(b.source))
        expect(Array.from(a.jobs.arriveUs)).toEqual(Array.from(b.jobs.arriveUs))
        expect(Array.from(a.jobs.routeUs!)).toEqual(Array.from(b.jobs.routeUs!))
        expect(Array.from(a.jobs.prompt)).toEqual(Array.from(b.jobs.prompt))
        expect(Array.from(a.jobs.cached)).toEqual(Array.from(b.jobs.cached))
        expect(Array.from(a.jobs.output)).toEqual(Array.from(b.jobs.output))
      }
      expect(Array.from(kept.res.firstTokenUs)).toEqual(Array.from(fresh.res.firstTokenUs))
      expect(Array.from(kept.res.endUs)).toEqual(Array.from(fresh.res.endUs))
    }
    releaseKeptDraws(fit, applied.plan)
    const after = runDetailed(fit, low, applied.plan, 7, undefined, null, undefined, true)
    const later = runDetailed(fit, low, applied.plan, 7, undefined, null, undefined, true)
    expect(after.source).not.toBe(later.source)
    releaseKeptDraws(fit, applied.plan)
  })

  it('leaves both ends of a prediction as they are without it', () => {
    const options = { runs: 3, seed: 1001, sampling: true }
    const ends = (shareDraws: boolean): string => {
      const at = (c: typeof low): unknown =>
        runSerially(predictRuns(fit, c, applied.plan, { ...options, shareDraws }))
      const both = JSON.stringify([at(applied.cluster), at(low)])
      releaseKeptDraws(fit, applied.plan)
      return both
    }
    expect(ends(true)).toBe(ends(false))
  })
})

describe('a run on arrays taken unwritten (ADR 0523)', () => {
  it('gives the figures it gives on zeroed arrays, drawn, kept and on a slice', () => {
    const fit = windowWithWayIn()
    const applied = applyChanges(fit, { loadFactor: 1.5 })
    if (!applied.ok) {
      throw new Error(applied.reasons.join('; '))
    }
    const sample = ownSampleOf(fit)
    const slice = { fromUs: 300e6, toUs: 420e6 }
    const figures = (scratch: RunScratch | null): string =>
      JSON.stringify(
        [null, slice].flatMap((s) =>
          // The second of each pair takes the draw the first kept.
          [applied.cluster, capAt(applied.cluster, 3)].map((c) =>
            runOnce(fit, c, applied.plan, 7, sample, s, true, scratch)
          )
        )
      )
    const plain = figures(new RunScratch())
    releaseKeptDraws(fit, applied.plan)
    for (const [f64, i32] of [
      [NaN, 1],
      [1e12, 0],
    ] as const) {
      expect(figures(RunScratch.poisoned(f64, i32))).toBe(plain)
      releaseKeptDraws(fit, applied.plan)
    }
  })
})
