/**
 * Long generations over the data's last 90 % (ADR 0376, grid seed 293 case 78: 1.5×, long
 * prompts, engine spans and metrics). The long outputs' share rose from the third minute, the
 * queue they fill reached the TTFT's change points only from the eighth: read against the steps
 * outside that later window, most of them already the fault's, the work per request rose 1.21×
 * and its output tokens 2.6 noise units. Before: `healthy` 0.50. Against: the same run without
 * the fault.
 */
import { describe, expect, it } from 'vitest'
import { MIN_CONFIDENCE } from '../thresholds.js'
import { diagnoseGridCase, findingOf, gridCase, withoutFaults } from '../testing/grid.js'

const SLOW = 120_000

describe('long generations whose share rose before their queue showed', () => {
  it(
    'for: grid 293-78 names long generations from the minute their share rose',
    () => {
      const { diagnosis, score } = diagnoseGridCase(gridCase(293, 78))
      const top = diagnosis.findings[0]!
      expect(top.cause).toBe('engine.long_generations')
      expect(top.confidence).toBeGreaterThanOrEqual(0.5)
      expect(score.top1).toBe(true)
      expect(top.window?.start).toBe('2025-06-02T09:03:00.000Z')
    },
    SLOW
  )

  it(
    'against: the same traffic without the fault names no long generations',
    () => {
      const { diagnosis } = diagnoseGridCase(withoutFaults(gridCase(293, 78)))
      expect(diagnosis.findings[0]!.cause).toBe('healthy')
      expect(findingOf(diagnosis, 'engine.long_generations')?.confidence ?? 0).toBeLessThan(
        MIN_CONFIDENCE
      )
    },
    SLOW
  )
})
