import { describe, expect, it } from 'vitest'
import { createRng } from '../../core/stats/seeded-random.js'
import { applyChanges } from '../twin/changes.js'
import type { TwinFit } from '../twin/fit.js'
import { runSerially, type RunFigures, type RunTask, type Runs } from '../twin/predict.js'
import { fitOpenRun, poissonOpenRun, uncappedCluster } from '../twin/testing/observed-run.js'
import { predictChange, predictChangeRuns } from '../twin/whatif.js'
import { RunPool, runPooled } from './run-pool.js'

const T0 = 1_750_000_000_000_000
const WINDOW_US = 300_000_000

/** Five minutes at 4 req/s on two replicas of one additive law. */
function smallWindow(): TwinFit {
  const rng = createRng(23_000)
  const cluster = uncappedCluster(['a', 'b'], {
    decodeBaseUs: 20_000,
    perDecodeSeqUs: 500,
    perKvTokenUs: 0,
    prefillBaseUs: 0,
    perPrefillTokenUs: 100,
    law: 'additive',
  })
  return fitOpenRun(
    poissonOpenRun(rng, cluster, {
      ratePerS: 4,
      windowUs: WINDOW_US,
      offsetUs: T0,
      prompt: { median: 300, sigma: 0.6, min: 20 },
      output: { median: 110, sigma: 0.6, min: 4, max: 600 },
    })
  )
}

function applied(fit: TwinFit, loadFactor: number): ReturnType<typeof applyChanges> & { ok: true } {
  const a = applyChanges(fit, { loadFactor })
  if (!a.ok) {
    throw new Error(a.reasons.join('; '))
  }
  return a
}

describe('the run pool (ADR 0454)', () => {
  const fit = smallWindow()

  it('places each run by its task, not by when it finished', async () => {
    // The first task, at 3x, is sent to the worker and ends last; this thread runs the light
    // ones (at 0.3x) meanwhile. Placed in finish order, the first figure would be a light run's.
    const heavy = applied(fit, 3)
    const light = applied(fit, 0.3)
    const tasks: RunTask[] = [heavy, light, light, light].map((a, k) => ({
      cluster: a.cluster,
      plan: a.plan,
      seed: 7 + k,
      sample: null,
      slice: null,
    }))
    function* batch(): Runs<RunFigures[]> {
      return yield { fit, tasks }
    }
    const serial = runSerially(batch())
    const pool = new RunPool(2)
    try {
      expect(await pool.run({ fit, tasks })).toEqual(serial)
    } finally {
      await pool.close()
    }
    expect(serial[0]!.requests).toBeGreaterThan(serial[1]!.requests)
  })

  it("gives a prediction's answer byte for byte, resamples and pinning runs included", async () => {
    const a = applied(fit, 1.5)
    const options = { runs: 5, seed: 1 }
    const serial = predictChange(fit, { loadFactor: 1.5 }, a, options)
    const pooled = await runPooled(predictChangeRuns(fit, { loadFactor: 1.5 }, a, options), 2)
    expect(JSON.stringify(pooled)).toBe(JSON.stringify(serial))
    expect(serial.prediction.sampling).not.toBeNull()
  })

  it('runs a cluster with a custom step cost on this thread, which a worker cannot be sent', async () => {
    const a = applied(fit, 1)
    const cluster = {
      ...a.cluster,
      replicas: a.cluster.replicas.map((r) => ({ ...r, stepUs: () => 25_000 })),
    }
    const tasks: RunTask[] = [1, 2].map((seed) => ({
      cluster,
      plan: a.plan,
      seed,
      sample: null,
      slice: null,
    }))
    const pool = new RunPool(2)
    try {
      const pooled = await pool.run({ fit, tasks })
      expect(pooled).toEqual(
        tasks.map((t) =>
          runSerially(
            (function* () {
              return (yield { fit, tasks: [t] })[0]!
            })()
          )
        )
      )
    } finally {
      await pool.close()
    }
  })
})
