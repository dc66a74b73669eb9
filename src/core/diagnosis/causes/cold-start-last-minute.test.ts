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
import { describe, expect } from 'vitest'
import { evidenceText } from '../testing/grid.js'
import { gridCaseTests } from '../testing/grid-case-tests.js'

describe("a cold start in the data's last minute, gateway spans only", () => {
  gridCaseTests({
    seed: 311,
    k: 40,
    cause: 'replica.cold_start',
    scope: { dimension: 'replica', value: 'r8' },
    named: 'for: grid 311-40 names the cold start on replica r8',
    notNamed: 'against: the same traffic without the fault names no cold start',
    also: (top) => {
      // The data ends before a warm-up could show: said, and weighed as unknown.
      expect(evidenceText(top)).toContain('the data ends before it could warm up')
      expect(top.window?.start).toBe('2025-06-02T09:29:03.394Z')
    },
  })
})
