/**
 * A replica with a smaller batch is the same condition through its bursts (ADR 0378). Grid case
 * 293-21, a healthy long-output run with replica r3's batch half the others', every signal: r3
 * queues in bursts, 0.6× to 44× the others' TTFT from one minute to the next, and its thirds read
 * 11×, 5.8× and 2.9×, the smallest under half the largest on the log scale, so it was called a
 * change and not listed. Grid case 281-109 (batch a third, thirds 2.9×, 7.4×, 2.1×) is the same,
 * and also fails a spread read on the quiet minutes alone (a median deviation). Against their own
 * step-to-step spread the thirds do not differ: each is listed, and the run stays healthy.
 * Grid case 311-56 (spans only, long prompts, batch a third: thirds 10.7×, 4.1×, 2.8×) differs
 * by 2.1 standard errors between its largest and smallest thirds, which the bound of one pair
 * refused; the pair is the extremes of three, picked after looking, and is read at the bound of
 * every ordered pair (ADR 0388).
 */
import { describe, expect, it } from 'vitest'
import { diagnoseGridCase, gridCase } from './testing/grid.js'

// Each case generates and diagnoses 7 200 requests: seconds on a busy machine.
const SLOW = 180_000

describe('a replica with a smaller batch that queues in bursts', () => {
  it.each([
    [293, 21],
    [281, 109],
    [311, 56],
  ])(
    'grid %i-%i: is listed as a standing condition on its TTFT, and the run is healthy',
    (seed, k) => {
      const { diagnosis, score } = diagnoseGridCase(gridCase(seed, k))
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
