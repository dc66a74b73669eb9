/**
 * A cold start in the data's last minute, seen from the gateway alone (ADR 0388, grid seed 311
 * case 40: `replica.cold_start` r8 1.5× over the last 5 %). r8 first serves at 09:29:03, while
 * its eight peers have served for 29 minutes: young on evidence, not from where the data starts.
 * Its 24 requests take 1.42× its peers' time per output token in the same minutes, every one of
 * them above their median. The median test counted them, and a count of 24 reaches at most
 * √24 = 4.9 standard errors, under the 6 where the signature is certain, however slow they are;
 * the rank test against every peer request reads z 7.9. Before: `healthy` 0.50. Against: the
 * same run without the fault (no replica joins).
 */
import { describe, expect, it } from 'vitest'
import { MIN_CONFIDENCE } from '../thresholds.js'
import {
  diagnoseGridCase,
  evidenceText,
  findingOf,
  gridCase,
  withoutFaults,
} from '../testing/grid.js'

const SLOW = 120_000

describe("a cold start in the data's last minute, gateway spans only", () => {
  it(
    'for: grid 311-40 names the cold start on replica r8',
    () => {
      const { diagnosis, score } = diagnoseGridCase(gridCase(311, 40))
      const top = diagnosis.findings[0]!
      expect(top).toMatchObject({
        cause: 'replica.cold_start',
        scope: { dimension: 'replica', value: 'r8' },
      })
      expect(score.top1).toBe(true)
      // The data ends before a warm-up could show: said, and weighed as unknown.
      expect(evidenceText(top)).toContain('the data ends before it could warm up')
      expect(top.window?.start).toBe('2025-06-02T09:29:03.394Z')
    },
    SLOW
  )

  it(
    'against: the same traffic without the fault names no cold start',
    () => {
      const { diagnosis } = diagnoseGridCase(withoutFaults(gridCase(311, 40)))
      expect(diagnosis.findings[0]!.cause).toBe('healthy')
      expect(findingOf(diagnosis, 'replica.cold_start')?.confidence ?? 0).toBeLessThan(
        MIN_CONFIDENCE
      )
    },
    SLOW
  )
})
