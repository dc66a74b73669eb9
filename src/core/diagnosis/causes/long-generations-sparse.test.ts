/**
 * A few long outputs a minute (ADR 0331): grid case 223-60, where 30 % of the requests generate
 * 3.6× their usual length from minute 3 of 30. The long share (≥ 8× the median) is 1–2 requests of
 * 120 a step, too sparse for the change points, and the TTFT's change window (its last 11
 * minutes) has the influx's own earlier minutes outside it, so the work per request read the same
 * on both sides: `healthy` 0.50 with the first token twice as slow. The share's scan places the
 * influx, the output lengths' ranks say how certain it is. Against: the same runs with no fault.
 */
import { describe, expect, it } from 'vitest'
import { diagnoseGridCase, findingOf, gridCase, withoutFaults } from '../testing/grid.js'

// Each case generates and diagnoses 7 200 requests: seconds on a busy machine.
const SLOW = 180_000

describe('a sparse influx of long generations', () => {
  it(
    'names long generations from the minute they begin, at moderate confidence',
    () => {
      const { diagnosis } = diagnoseGridCase(gridCase(223, 60))
      const top = diagnosis.findings[0]!
      expect(top.cause).toBe('engine.long_generations')
      expect(top.confidence).toBeGreaterThanOrEqual(0.5)
      expect(top.confidence).toBeLessThan(0.8)
      // The fault begins at 09:03; the window is the long share's, not the TTFT's 09:19.
      expect(top.window?.start).toBe('2025-06-02T09:03:30.000Z')
      expect(top.evidence[0]!.text).toMatch(/at the edge of chance/)
    },
    SLOW
  )

  it.each([
    ['chat', 'chat'],
    ['long outputs', 'long-outputs'],
  ] as const)(
    'does not name long generations on the same run with no fault (%s)',
    (_, workload) => {
      const c = withoutFaults(gridCase(223, 60))
      const { diagnosis } = diagnoseGridCase({ ...c, spec: { ...c.spec, workload } })
      expect(findingOf(diagnosis, 'engine.long_generations')).toBeUndefined()
      expect(diagnosis.findings[0]!.cause).toBe('healthy')
    },
    SLOW
  )
})
