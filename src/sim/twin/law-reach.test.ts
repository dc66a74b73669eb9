import { describe, expect, it } from 'vitest'
import { createRng } from '../../core/stats/seeded-random.js'
import { applyChanges } from './changes.js'
import type { TwinFit } from './fit.js'
import {
  fitOpenRun,
  lognormalTokens,
  poissonArrivalsUs,
  uncappedCluster,
  BATCH_BOUND_LAW,
} from './testing/observed-run.js'
import { predict, runDetailed } from './predict.js'
import { headroomRange, refitCluster, type SweepPoint } from './whatif.js'

const T0 = 1_750_000_000_000_000
const WINDOW_US = 1_200_000_000

/**
 * Twenty minutes of Poisson traffic on two replicas of a known law, running a handful of
 * sequences each, and once, at minute ten, `burst` requests arriving together: the window's
 * peak is that one instant.
 */
function burstWindow(burst: number): TwinFit {
  const rng = createRng(5)
  const cluster = uncappedCluster(['r0', 'r1'], BATCH_BOUND_LAW)
  const arrive = poissonArrivalsUs(rng, 6, WINDOW_US)
  const at = WINDOW_US / 2
  const k = arrive.findIndex((t) => t > at)
  arrive.splice(k, 0, ...new Array<number>(burst).fill(at))
  const prompt = lognormalTokens(rng, arrive.length, 600, 0.6, 8)
  const output = lognormalTokens(rng, arrive.length, 150, 0.6, 2, 1024)
  return fitOpenRun({
    cluster,
    arriveUs: Float64Array.from(arrive),
    prompt,
    output,
    rng: rng.fork('run'),
    offsetUs: T0,
    windowUs: WINDOW_US,
  })
}

describe('where the window pins the step law (ADR 0333)', () => {
  const fit = burstWindow(60)

  it('reads the law up to the batch most decode steps ran, not the one instant of a burst', () => {
    for (const r of fit.model.replicas) {
      expect(r.runningPeakSpans).toBeGreaterThanOrEqual(25)
      expect(r.pinnedBatch).toBeGreaterThan(0)
      expect(r.pinnedBatch).toBeLessThan(r.runningPeakSpans / 2)
    }
  })

  it('refits the law for a prediction past those batches, though under the burst’s peak', () => {
    const changes = { loadFactor: 1.5 }
    const applied = applyChanges(fit, changes)
    if (!applied.ok) {
      throw new Error(applied.reasons.join('; '))
    }
    const p = predict(fit, applied.cluster, applied.plan, {
      runs: 2,
      seed: 1,
      lawRefits: { clusterOf: refitCluster(fit, changes, null) },
    })
    const reach = p.stepLawReach!
    // The peak alone (38, one instant) would leave this prediction (23) inside the window's batches.
    expect(reach.extrapolates).toBe(true)
    expect(reach.runsUpTo).toBeLessThan(reach.windowPeak)
    expect(reach.readUpTo).toBe(Math.max(...fit.model.replicas.map((r) => r.pinnedBatch)))
    expect(reach.stepUncertainty).not.toBeNull()
  })
})

describe('headroomRange', () => {
  const point = (load: number, value: number, lo: number, hi: number): SweepPoint => ({
    load,
    ttftP99: { value, interval: [lo, hi] },
    ok: value <= 100,
    lawRefits: 5,
  })

  it('holds up to the last load whose whole range holds, and may hold up to the last whose bottom does', () => {
    const points = [
      point(1, 50, 40, 60),
      point(1.5, 80, 60, 120),
      point(2, 150, 90, 300),
      point(3, 400, 200, 900),
    ]
    expect(headroomRange(points, 100)).toEqual({ low: 1, high: 2 })
  })

  it('is null where the first load already breaks at that end', () => {
    expect(headroomRange([point(1, 90, 50, 130)], 100)).toEqual({ low: null, high: 1 })
    expect(headroomRange([point(1, 190, 150, 230)], 100)).toEqual({ low: null, high: null })
  })
})

describe('a run on a slice of the window', () => {
  it('draws only the arrivals of that stretch, the same for the same seed', () => {
    const fit = burstWindow(0)
    const applied = applyChanges(fit, { loadFactor: 1.5 })
    if (!applied.ok) {
      throw new Error(applied.reasons.join('; '))
    }
    const slice = { fromUs: 300e6, toUs: 420e6 }
    const a = runDetailed(fit, applied.cluster, applied.plan, 3, undefined, slice)
    const b = runDetailed(fit, applied.cluster, applied.plan, 3, undefined, slice)
    const whole = runDetailed(fit, applied.cluster, applied.plan, 3)
    expect(Array.from(a.jobs.arriveUs)).toEqual(Array.from(b.jobs.arriveUs))
    // Engine arrival is the drawn start plus the copied request's time before the engine (0 here).
    expect(Math.min(...a.jobs.arriveUs)).toBeGreaterThanOrEqual(slice.fromUs)
    expect(Math.max(...a.jobs.arriveUs)).toBeLessThan(slice.toUs)
    // Two minutes of twenty: about a tenth of the whole run's jobs.
    expect(a.jobs.n / whole.jobs.n).toBeGreaterThan(0.08)
    expect(a.jobs.n / whole.jobs.n).toBeLessThan(0.12)
  })
})
