import { describe, expect, it } from 'vitest'
import { createRng } from '../../core/stats/seeded-random.js'
import type { StepModel } from './engine.js'
import { runningFigures, spanRunning } from './fit.js'
import type { ObservedRequests } from './observed.js'
import {
  BATCH_BOUND_LAW,
  lognormalTokens,
  observedFromRun,
  poissonArrivalsUs,
  runOpen,
  uncappedCluster,
} from './testing/observed-run.js'

/**
 * The reference: every (time, ±1) event as a pair, sorted (an end before a start at the same
 * instant), the running count held until the next event.
 */
function reference(
  o: ObservedRequests,
  rows: number[],
  step: StepModel | null
): { runningPeakSpans: number; pinnedBatch: number } {
  const events: [number, number][] = []
  let kv = 0
  for (const i of rows) {
    const sched = o.queuedUs[i]! + o.queueUs[i]!
    events.push([sched, 1], [sched + o.prefillUs[i]! + o.decodeUs[i]!, -1])
    kv += o.promptTokens[i]! + o.outputTokens[i]! / 2
  }
  kv /= Math.max(1, rows.length)
  events.sort((a, b) => a[0] - b[0] || a[1] - b[1])
  let running = 0
  let peak = 0
  const steps: number[] = []
  events.forEach(([t, delta], k) => {
    running += delta
    const held = k + 1 < events.length ? events[k + 1]![0] - t : 0
    if (held >= 2_000) {
      peak = Math.max(peak, running)
    }
    if (running > 0 && held > 0) {
      const us =
        step === null
          ? NaN
          : step.decodeBaseUs + running * (step.perDecodeSeqUs + step.perKvTokenUs * kv)
      steps[running] = (steps[running] ?? 0) + (us > 0 ? held / us : held)
    }
  })
  return runningFigures(steps, peak)
}

describe('spanRunning', () => {
  it('reads the peak held and the pinned batch as every event sorted in pairs does', () => {
    const rng = createRng(41)
    const cluster = uncappedCluster(['r0', 'r1'], BATCH_BOUND_LAW)
    const arrive = Float64Array.from(poissonArrivalsUs(rng, 12, 300_000_000))
    const prompt = lognormalTokens(rng, arrive.length, 600, 0.6, 8)
    const output = lognormalTokens(rng, arrive.length, 150, 0.6, 2, 1024)
    const run = runOpen(cluster, arrive, prompt, output, rng.fork('run'))
    const o = observedFromRun({ arriveUs: arrive, prompt, output, run, replicas: ['r0', 'r1'] })
    for (let r = 0; r < 2; r++) {
      const rows = Array.from({ length: o.n }, (_, i) => i).filter((i) => o.replica[i] === r)
      for (const step of [BATCH_BOUND_LAW, null]) {
        const got = spanRunning(o, rows, step)
        expect(got).toEqual(reference(o, rows, step))
        expect(got.runningPeakSpans).toBeGreaterThan(2)
        expect(got.pinnedBatch).toBeGreaterThan(0)
      }
    }
  })
})
