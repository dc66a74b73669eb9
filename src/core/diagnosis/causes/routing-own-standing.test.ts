/**
 * A routing skew over the data's last half (ADR 0384, grid seed 283 case 16: r5 1.5× its share
 * from minute 15, long prompts, all signals). r5's share of the requests rose from 13 % to 18 %
 * (scan z 5.8); its TTFT, which swings 0.5–3.0× its peers' per step, is listed as a standing
 * condition only because of the fault, and the growth test read that TTFT, not the share the fault
 * moved, and set the finding aside as its own condition. Before: `healthy` 0.50. Against: the same
 * run without the fault.
 */
import { describe, expect } from 'vitest'
import { gridCaseTests } from '../testing/grid-case-tests.js'

describe('a routing skew on a replica listed as its own standing condition', () => {
  gridCaseTests({
    seed: 283,
    k: 16,
    cause: 'routing.imbalance',
    scope: { dimension: 'replica', value: 'r5' },
    named: 'for: grid 283-16 names replica r5 from the minute its share rose',
    notNamed: 'against: the same traffic without the fault names no routing skew',
    also: (_, score) => {
      expect(score.windowErrorS).not.toBeNull()
      expect(score.windowErrorS!).toBeLessThanOrEqual(60)
    },
  })
})
