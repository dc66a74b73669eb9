/**
 * A far region whose round trips rose is an incident on top of its distance (ADR 0354): grid case
 * 257-21, eu-west's round trips 2× from minute 3, long outputs, every signal. eu-west is a far
 * region (a standing condition on the TTFT: 342 ms at the median against 253 ms for the rest);
 * its network time per step rose 45 → 90 ms at 09:03 (46 noise units), but the 45 ms this adds
 * to its TTFT is within that TTFT's spread per step, so the condition's own test read "as slow
 * through the whole window" and set `network.high_rtt` 0.99 aside: the answer was `healthy`
 * 0.50. Against: the same run with no fault names no region.
 */
import { describe, expect, it } from 'vitest'
import { diagnoseGridCase, findingOf, gridCase, withoutFaults } from './testing/grid.js'

// Each case generates and diagnoses 7 200 requests: seconds on a busy machine.
const SLOW = 180_000

describe("a far region's round trips that rose inside the window", () => {
  it(
    'are named on the region, not set aside as its standing distance',
    () => {
      const { diagnosis, score } = diagnoseGridCase(gridCase(257, 21))
      const top = diagnosis.findings[0]!
      expect(top.cause).toBe('network.high_rtt')
      expect(top.scope).toEqual({ dimension: 'region', value: 'eu-west' })
      expect(top.confidence).toBeGreaterThan(0.7)
      expect(top.window).toEqual({
        start: '2025-06-02T09:03:00.000Z',
        end: '2025-06-02T09:30:00.000Z',
      })
      expect(score.top1).toBe(true)
      expect(top.evidence.map((e) => e.text).join(' ')).not.toMatch(/standing condition/)
    },
    SLOW
  )

  it(
    'name no round trips on the same run with no fault',
    () => {
      const { diagnosis } = diagnoseGridCase(withoutFaults(gridCase(257, 21)))
      expect(diagnosis.findings[0]!.cause).toBe('healthy')
      expect(findingOf(diagnosis, 'network.high_rtt')?.confidence ?? 0).toBeLessThan(0.5)
    },
    SLOW
  )
})
