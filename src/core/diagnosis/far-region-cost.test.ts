/**
 * A far region's cost is what its distance adds, not what its requests are (ADR 0365): grid case
 * 223-49, a healthy long-output run with eu-west always farther away, every signal. eu-west's
 * network time is 8.5× the other regions' in every third and its TTFT 1.4× theirs, but the TTFT
 * P99 is made by the long outputs' queue: leaving eu-west's requests out left the P99 of the rest
 * 1.01× higher, so the condition was read as costing nothing and not listed. Brought to the
 * others' network time, its requests lower the P99: it is listed, with that cost.
 */
import { describe, expect, it } from 'vitest'
import { diagnoseGridCase, gridCase } from './testing/grid.js'

// The case generates and diagnoses 7 200 requests: seconds on a busy machine.
const SLOW = 180_000

describe('a far region under a tail it does not make', () => {
  it(
    'is listed as a standing condition with the cost of its distance, and the run is healthy',
    () => {
      const { diagnosis, score } = diagnoseGridCase(gridCase(223, 49))
      expect(diagnosis.findings[0]!.cause).toBe('healthy')
      expect(score.standingListed).toBe(true)
      const far = diagnosis.standing_conditions.find(
        (c) => c.dimension === 'region' && c.value === 'eu-west'
      )
      expect(far?.measure).toBe('network')
      expect(far!.cost_p99).toBeGreaterThan(1)
      expect(far!.text).toMatch(/at the rest's network time the TTFT P99 would be/)
    },
    SLOW
  )
})
