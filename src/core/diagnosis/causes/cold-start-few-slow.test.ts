/**
 * A replica started 20 minutes into the data and slow through its warm-up (ADR 0384, grid seed
 * 283 case 11: r8 1.5×, long prompts, all signals). Its slow requests were 6 of 123 in its first 5
 * minutes and 4 of 125 after: a ratio of ten requests (0.66×, as little as 0.23× at one-sided
 * 95 %) that cannot tell a warm-up from none, read as "they do not warm up" (× 0.21). Before:
 * `healthy` 0.50. Against: the same run without the fault.
 */
import { describe, expect, it } from 'vitest'
import { MIN_CONFIDENCE } from '../thresholds.js'
import { diagnoseGridCase, findingOf, gridCase, withoutFaults } from '../testing/grid.js'

const SLOW = 120_000

describe('a cold start whose warm-up counter holds a few slow requests', () => {
  it(
    'for: grid 283-11 names replica r8 and says its counts cannot tell',
    () => {
      const { diagnosis, score } = diagnoseGridCase(gridCase(283, 11))
      const top = diagnosis.findings[0]!
      expect(top).toMatchObject({
        cause: 'replica.cold_start',
        scope: { dimension: 'replica', value: 'r8' },
      })
      expect(top.confidence).toBeGreaterThanOrEqual(0.5)
      expect(score.top1).toBe(true)
      expect(top.evidence.some((e) => e.text.startsWith('against: after 5 minutes'))).toBe(false)
    },
    SLOW
  )

  it(
    'against: the same traffic without the fault names no cold start',
    () => {
      const { diagnosis } = diagnoseGridCase(withoutFaults(gridCase(283, 11)))
      expect(diagnosis.findings[0]!.cause).toBe('healthy')
      expect(findingOf(diagnosis, 'replica.cold_start')?.confidence ?? 0).toBeLessThan(
        MIN_CONFIDENCE
      )
    },
    SLOW
  )
})
