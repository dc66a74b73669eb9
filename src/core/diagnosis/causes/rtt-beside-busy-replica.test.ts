/**
 * A far region's round trips and a replica's queue in the same last minute (ADR 0338): grid case
 * 233-65, eu-west's round trips 5× over the data's last minute, while an even router happened to
 * send r2 51 of that minute's 240 requests (30.6 expected at its earlier 12.7 %, z = 3.9) and
 * r2's queue rose with them. Each scope read the other as its shadow on the other's stage (r2's
 * network time rose only through eu-west's requests, eu-west's queue only through r2's), so each
 * capped the other, and the far region (0.99 raw) ranked under the replica (0.52 raw). Against:
 * the same run with no fault names neither.
 */
import { describe, expect, it } from 'vitest'
import { diagnoseGridCase, findingOf, gridCase, withoutFaults } from '../testing/grid.js'

// Each case generates and diagnoses 6 000 requests: seconds on a busy machine.
const SLOW = 180_000

describe('a far region beside a replica that got more requests by chance', () => {
  it(
    'is the answer, and neither scope is the other’s shadow',
    () => {
      const { diagnosis } = diagnoseGridCase(gridCase(233, 65))
      const top = diagnosis.findings[0]!
      expect(top.cause).toBe('network.high_rtt')
      expect(top.scope).toEqual({ dimension: 'region', value: 'eu-west' })
      for (const f of diagnosis.findings) {
        expect(f.evidence.some((e) => e.metric === 'shadow_of')).toBe(false)
      }
    },
    SLOW
  )

  it(
    'names neither on the same run with no fault',
    () => {
      const { diagnosis } = diagnoseGridCase(withoutFaults(gridCase(233, 65)))
      expect(findingOf(diagnosis, 'network.high_rtt')).toBeUndefined()
      expect(findingOf(diagnosis, 'routing.imbalance')).toBeUndefined()
    },
    SLOW
  )
})
