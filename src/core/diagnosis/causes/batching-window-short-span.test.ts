/**
 * `engine.batching_window` on a healthy run (ADR 0356). Grid 263-6 (nothing injected, long
 * outputs, every signal) was answered `engine.batching_window` 0.61: the fastest tenth of the
 * engine queue per step stood at 37, 33 and 41 ms over three steps (minutes 23.5–25) against
 * 8–28 ms on most of the 57 others, z 8.2 in the change points' noise (4.4 ms, read from the
 * steps' differences, which a spike does not move). The floor per step is skewed: 6 of those 57
 * steps reach 22–28 ms and one 47 ms; their own spread is 6.9 ms, and against it the three
 * steps are 5.2 standard errors up, at the bottom of the support. For: a healthy run is healthy.
 * For the window: a real window of the same seed and workload is still named where it opens.
 */
import { describe, expect, it } from 'vitest'
import { buildContext } from '../frame/context.js'
import { diagnoseGridCase, gridCase, gridCaseInput } from '../testing/grid.js'
import { MIN_CONFIDENCE } from '../thresholds.js'
import { engineBatchingWindowCause } from './engine-batching-window.js'

// Each case generates and diagnoses 7 200 requests: seconds on a busy machine.
const SLOW = 180_000

describe('engine.batching_window: a short rise of the floor is certain against the steps’ own spread', () => {
  it(
    'against: three steps of a healthy run whose floor is skewed are no window (grid 263-6)',
    () => {
      const c = gridCase(263, 6)
      expect(c.kind).toBe('healthy')
      const r = engineBatchingWindowCause.evaluate(buildContext(gridCaseInput(c).input))
      const confidence = r === null || 'skipped' in r ? 0 : r.confidence
      expect(confidence).toBeLessThan(MIN_CONFIDENCE)
      const { diagnosis } = diagnoseGridCase(c)
      expect(diagnosis.findings[0]?.cause).toBe('healthy')
    },
    SLOW
  )

  it(
    'for: a 3× window over the last 35 % of a long-outputs run is still named (grid 263-83)',
    () => {
      // The floor per step 19 → 94 ms from minute 20: z 60.3 over 20 steps in the change points'
      // noise (4.6 ms), 45.6 against the spread of the 40 steps before (6.0 ms).
      const { diagnosis } = diagnoseGridCase(gridCase(263, 83))
      const top = diagnosis.findings[0]!
      expect(top.cause).toBe('engine.batching_window')
      expect(top.confidence).toBeGreaterThanOrEqual(0.7)
      expect(top.window?.start).toBe('2025-06-02T09:20:00.000Z')
    },
    SLOW
  )
})
