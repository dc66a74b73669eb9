import { setImmediate as turn } from 'node:timers/promises'
import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
import { describe, expect, it } from 'vitest'
import { createRng } from '../../core/stats/seeded-random.js'
import { applyChanges } from './changes.js'
import type { TwinFit } from './fit.js'
import { holdRunScratch, runScratchFreshBytes, runTask } from './predict.js'
import {
  fitOpenRun,
  poissonOpenRun,
  uncappedCluster,
  BATCH_BOUND_LAW,
} from './testing/observed-run.js'

// A full collection on demand: the scratch is held weakly unless a pool holds it.
setFlagsFromString('--expose-gc')
const gc = runInNewContext('gc') as () => void

const T0 = 1_750_000_000_000_000
const WINDOW_US = 1_200_000_000

/** Twenty minutes of Poisson traffic (24k requests: far more than the buffers' fixed slack). */
function smallWindow(): TwinFit {
  const rng = createRng(513)
  const cluster = uncappedCluster(['r0', 'r1'], BATCH_BOUND_LAW)
  return fitOpenRun(
    poissonOpenRun(rng, cluster, {
      ratePerS: 20,
      windowUs: WINDOW_US,
      offsetUs: T0,
      prompt: { median: 600, sigma: 0.6, min: 8 },
      output: { median: 150, sigma: 0.6, min: 2, max: 1024 },
    })
  )
}

describe('the seeded runs’ buffers (ADR 0513)', () => {
  const fit = smallWindow()
  const same = applyChanges(fit, {})
  const more = applyChanges(fit, { loadFactor: 1.5 })
  if (!same.ok || !more.ok) {
    throw new Error('the window does not fit')
  }
  const at = (a: typeof same & { ok: true }, seed: number): ReturnType<typeof runTask> =>
    runTask(fit, { cluster: a.cluster, plan: a.plan, seed, sample: null, slice: null })

  it('runs a run at 1.5x in the buffers a run at 1x left', () => {
    const release = holdRunScratch()
    try {
      at(same, 1)
      const made = runScratchFreshBytes()
      expect(made).toBeGreaterThan(0)
      at(more, 1001)
      at(more, 1002)
      expect(runScratchFreshBytes()).toBe(made)
    } finally {
      release()
    }
  })

  it('keeps them from one turn to the next while held, and lets them go once released', async () => {
    const release = holdRunScratch()
    at(more, 1003)
    const made = runScratchFreshBytes()
    await turn()
    gc()
    // The same buffers: none made again by the next run.
    expect(runScratchFreshBytes()).toBe(made)
    at(more, 1004)
    expect(runScratchFreshBytes()).toBe(made)
    release()
    await turn()
    gc()
    expect(runScratchFreshBytes()).toBe(0)
  })
})
