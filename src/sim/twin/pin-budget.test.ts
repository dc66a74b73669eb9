import { describe, expect, it } from 'vitest'
import { createRng } from '../../core/stats/seeded-random.js'
import { applyChanges } from './changes.js'
import type { TwinFit } from './fit.js'
import { pinRunCap } from './predict.js'
import { fitOpenRun, poissonOpenRun, uncappedCluster } from './testing/observed-run.js'
import { predictChange, predictionPin } from './whatif.js'

const T0 = 1_750_000_000_000_000
const WINDOW_US = 600_000_000

/**
 * Ten minutes at 2 req/s of one replica under the stand-in's law (20 ms a step, 500 µs a
 * sequence, 100 µs a prompt token, added), with the stand-in's request sizes: at 2× with a cap
 * of 24 it runs at its knee, where one run's TTFT P99 is one draw of a queue (ADR 0424).
 */
function standInWindow(): TwinFit {
  const rng = createRng(14_000)
  const cluster = uncappedCluster(['mock-a'], {
    decodeBaseUs: 20_000,
    perDecodeSeqUs: 500,
    perKvTokenUs: 0,
    prefillBaseUs: 0,
    perPrefillTokenUs: 100,
    law: 'additive',
  })
  return fitOpenRun(
    poissonOpenRun(rng, cluster, {
      ratePerS: 2,
      windowUs: WINDOW_US,
      offsetUs: T0,
      prompt: { median: 300, sigma: 0.6, min: 20 },
      output: { median: 110, sigma: 0.6, min: 4, max: 600 },
    })
  )
}

describe('how many runs a prediction takes to pin its median (ADR 0254, 0425)', () => {
  it('caps a large window at the factor and lets a small one run to the same jobs', () => {
    // whatif's own pin at --runs 5: 4 × 5 runs, or the runs that draw 2M jobs in all.
    const pin = predictionPin(5)
    expect(pinRunCap(5, pin, 1_500_000)).toBe(20)
    expect(pinRunCap(5, pin, 100_000)).toBe(20)
    expect(pinRunCap(5, pin, 2_400)).toBe(833)
    expect(pinRunCap(5, { ...pin, maxJobs: undefined }, 2_400)).toBe(20)
  })

  it('runs past four times --runs at a small window’s knee, until the median is pinned', () => {
    const fit = standInWindow()
    const changes = { loadFactor: 2, maxNumSeqs: 24 }
    const applied = applyChanges(fit, changes)
    if (!applied.ok) {
      throw new Error(applied.reasons.join('; '))
    }
    const p = predictChange(fit, changes, applied, { runs: 5, seed: 1, lawRefits: false })
    // Before ADR 0425 the runs stopped at 20 whatever the spread of their P99.
    expect(p.prediction.runs).toBeGreaterThan(20)
    expect(p.prediction.runs).toBeLessThanOrEqual(
      pinRunCap(5, predictionPin(5), p.prediction.requests)
    )
  })
})
