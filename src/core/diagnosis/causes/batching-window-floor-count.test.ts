/**
 * `engine.batching_window` over the data's last minute, read per request (ADR 0364): a window adds
 * its wait to every request, so hardly any request in it waits less than the fastest tenth of the
 * requests before it. For: a 1.5× window over the last two steps, whose per-step floor is too short
 * to be certain, is named. Against: a fault-free run whose floor rose by chance for three steps,
 * and a queue that saturates at the data's end, are not named.
 */
import { describe, expect, it } from 'vitest'
import { diagnoseGridCase, evidenceText as texts, gridCase as caseOf } from '../testing/grid.js'
import { MIN_CONFIDENCE } from '../thresholds.js'

// Each case generates and diagnoses about 7 200 requests: seconds on a busy machine.
const SLOW = 180_000

describe('engine.batching_window: the floor read per request', () => {
  it(
    'for: a 1.5× window over the last minute is named from the requests below the earlier floor',
    () => {
      // Seed 263 run 34 (long outputs, all signals): the floor per step 18 → 37 ms over steps
      // 58–59, z 4.0 against the steps' spread; 1 of the 240 requests there waited less than the
      // earlier requests' fastest tenth (16.7 ms), 24 expected (P ≈ 3·10⁻¹⁰). It was "healthy".
      const { diagnosis } = diagnoseGridCase(caseOf(263, 34))
      const top = diagnosis.findings[0]!
      expect(top.cause).toBe('engine.batching_window')
      expect(top.confidence).toBeGreaterThanOrEqual(0.5)
      expect(top.window?.start).toBe('2025-06-02T09:29:00.000Z')
      expect(texts(top)).toMatch(/1 of 240 requests .* waited less than/)
    },
    SLOW
  )

  it(
    'against: a fault-free run whose floor rose by chance for three steps is not named',
    () => {
      // Seed 263 run 6 (nothing injected): the floor 14 → 37 ms over steps 47–49 (ADR 0356);
      // 17 of 372 requests below the earlier fastest tenth, 37 expected (P 1·10⁻⁴). The span does
      // not end the data, where alone the count's null was shown to hold; its best span that
      // does (steps 37–59) reads 10⁻⁵·⁵, under the bound of 10⁻⁶·³.
      const { diagnosis } = diagnoseGridCase(caseOf(263, 6))
      const window = diagnosis.findings.find((f) => f.cause === 'engine.batching_window')
      expect(window === undefined || window.confidence < MIN_CONFIDENCE).toBe(true)
    },
    SLOW
  )

  it(
    'against: a queue that saturates over the last six minutes of the data is not named a window',
    () => {
      // Seed 269 run 7 (2× saturation over the last 20 %, engine spans and metrics): the floor
      // rose too, 118 of 1 944 requests below the earlier fastest tenth where 194 were expected
      // (P 5·10⁻¹⁰, beyond the scan's bound), but the median and the backlog rose with it: a
      // queue that grows with load, which the rest of the record reads as such.
      const { diagnosis } = diagnoseGridCase(caseOf(269, 7))
      expect(diagnosis.findings[0]!.cause).toBe('engine.queue_saturation')
      const window = diagnosis.findings.find((f) => f.cause === 'engine.batching_window')
      expect(window === undefined || window.confidence < MIN_CONFIDENCE).toBe(true)
    },
    SLOW
  )
})
