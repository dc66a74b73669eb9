/**
 * A weak surge's queue read by its certainty (ADR 0319): grid case 197-78, 1.18× the requests over
 * the last 22 of the 25 minutes the data holds, fills the engine queue by 1.34× on average, under
 * the 1.5× the size reading starts at, while the typical request's queue per step rose 1.29× at
 * 8.7 noise units in every step of the window. It is named as saturation, with the line that
 * says so. A rise without the traffic's jump counts for nothing (the healthy and standing runs of
 * false-alarms.test.ts stay quiet).
 */
import { describe, expect, it } from 'vitest'
import { diagnose } from '../diagnose.js'
import { gridCase, gridCaseInput } from '../testing/grid.js'

// Each case generates and diagnoses 7 000 requests: seconds on a busy machine.
const SLOW = 180_000

describe('engine.queue_saturation from a weak surge', () => {
  it(
    'names grid case 197-78 from the typical request’s queue, certain in every step',
    () => {
      const { diagnosis } = diagnose(gridCaseInput(gridCase(197, 78)).input)
      const top = diagnosis.findings[0]!
      expect(top.cause).toBe('engine.queue_saturation')
      expect(top.confidence).toBeGreaterThanOrEqual(0.5)
      const line = top.evidence.find((e) => e.metric === 'engine.queue.p50')
      expect(line?.text).toMatch(/in the steps before \(1\.[23]\d×, \d+\.\d noise units\)/)
    },
    SLOW
  )
})
