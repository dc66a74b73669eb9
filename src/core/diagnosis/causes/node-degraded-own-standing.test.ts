/**
 * A node degraded over the data's last 90 % (ADR 0376, grid seed 283 case 4: n2 1.5× from the
 * third minute, long prompts, spans only). Its requests are 1.5× slower per token from then on
 * and its TTFT, by chance already high in the first three minutes, is listed as a standing
 * condition; its difference grew in the finding's window, yet the rule for a finding carried by
 * someone else's condition (the other requests did not get slower) set the node aside as its
 * own condition. Before: `healthy` 0.50. Against: the same run without the fault.
 */
import { describe, expect, it } from 'vitest'
import { MIN_CONFIDENCE } from '../thresholds.js'
import { diagnoseGridCase, findingOf, gridCase, withoutFaults } from '../testing/grid.js'

const SLOW = 120_000

describe('a degraded node listed as its own standing condition', () => {
  it(
    'for: grid 283-4 names node n2 from the minute it slowed',
    () => {
      const { diagnosis, score } = diagnoseGridCase(gridCase(283, 4))
      const top = diagnosis.findings[0]!
      expect(top).toMatchObject({
        cause: 'node.degraded',
        scope: { dimension: 'node', value: 'n2' },
      })
      expect(top.confidence).toBeGreaterThanOrEqual(0.5)
      expect(score.top1).toBe(true)
      expect(top.window?.start).toBe('2025-06-02T09:03:00.000Z')
    },
    SLOW
  )

  it(
    'against: the same traffic without the fault names no degraded node',
    () => {
      const { diagnosis } = diagnoseGridCase(withoutFaults(gridCase(283, 4)))
      expect(diagnosis.findings[0]!.cause).toBe('healthy')
      expect(findingOf(diagnosis, 'node.degraded')?.confidence ?? 0).toBeLessThan(MIN_CONFIDENCE)
    },
    SLOW
  )
})
