/**
 * `engine.queue_saturation` without a change (ADR 0330). Without a breached objective, a cause
 * needs something that changed or a resource that saturated (CONTRACT §5); a queue that stood at
 * the same level the whole time is served as fast as it fills, so demand did not exceed capacity.
 * Against: a healthy long-outputs run with 2.1 requests waiting per replica all run is no finding.
 * For: with a latency objective breached, the same standing queue is read.
 */
import { describe, expect, it } from 'vitest'
import { buildContext } from '../frame/context.js'
import type { DiagnosisInput } from '../frame/input.js'
import { diagnose } from '../diagnose.js'
import { gridCase, gridCaseInput } from '../testing/grid.js'
import { MIN_CONFIDENCE } from '../thresholds.js'
import { engineQueueSaturationCause } from './engine-queue-saturation.js'

function ruleConfidence(input: DiagnosisInput): number {
  const r = engineQueueSaturationCause.evaluate(buildContext(input))
  return r === null || 'skipped' in r ? 0 : r.confidence
}

// Each run generates and diagnoses about 7 200 requests: seconds alone, minutes on a loaded
// machine. The bound is on the host, not on the code.
const SLOW = 300_000

describe('engine.queue_saturation: a queue that stood the whole time', () => {
  // Grid run 223-49 (long outputs, a region always three times farther away, nothing changed):
  // 2.1 requests waiting on the median engine all run, no objective. It was answered
  // engine.queue_saturation 0.50.
  const input = (): DiagnosisInput => gridCaseInput(gridCase(223, 49)).input

  it(
    'against: without an objective breached, a standing queue is no finding',
    () => {
      const data = input()
      const { diagnosis } = diagnose(data)
      expect(diagnosis.findings[0]?.cause).toBe('healthy')
      expect(ruleConfidence(data)).toBeLessThan(MIN_CONFIDENCE)
    },
    SLOW
  )

  it(
    'for: with the TTFT objective breached, the same standing queue is read',
    () => {
      // A P99 TTFT target of 100 ms: the run's P99 is seconds.
      expect(ruleConfidence({ ...input(), slos: { ttftMs: 100 } })).toBeGreaterThanOrEqual(
        MIN_CONFIDENCE
      )
    },
    SLOW
  )
})
