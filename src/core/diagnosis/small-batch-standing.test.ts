/**
 * A replica with a smaller batch is the same condition through its bursts (ADR 0378): grid case
 * 293-21, a healthy long-output run with replica r3's batch half the others', every signal. r3
 * queues in bursts, 0.6× to 44× the others' TTFT from one minute to the next, and its thirds read
 * 11×, 5.8× and 2.9×: the smallest under half the largest on the log scale, so it was called a
 * change and not listed. Against its own step-to-step spread the thirds do not differ: it is
 * listed, and the run stays healthy.
 */
import { describe, expect, it } from 'vitest'
import { diagnoseGridCase, gridCase } from './testing/grid.js'

// The case generates and diagnoses 7 200 requests: seconds on a busy machine.
const SLOW = 180_000

describe('a replica with a smaller batch that queues in bursts', () => {
  it(
    'is listed as a standing condition on its TTFT, and the run is healthy',
    () => {
      const { diagnosis, score } = diagnoseGridCase(gridCase(293, 21))
      expect(diagnosis.findings[0]!.cause).toBe('healthy')
      expect(score.standingListed).toBe(true)
      const small = diagnosis.standing_conditions.find(
        (c) => c.dimension === 'replica' && c.value === 'r3'
      )
      expect(small?.measure).toBe('ttft')
      expect(small!.cost_p99).toBeGreaterThan(1)
    },
    SLOW
  )
})
