/**
 * A replica started 20 minutes into the data and slow through its warm-up (ADR 0384, grid seed
 * 283 case 11: r8 1.5×, long prompts, all signals). Its slow requests were 6 of 123 in its first 5
 * minutes and 4 of 125 after: a ratio of ten requests (0.66×, as little as 0.23× at one-sided
 * 95 %) that cannot tell a warm-up from none, read as "they do not warm up" (× 0.21). Before:
 * `healthy` 0.50. Against: the same run without the fault.
 */
import { describe, expect } from 'vitest'
import { gridCaseTests } from '../testing/grid-case-tests.js'

describe('a cold start whose warm-up counter holds a few slow requests', () => {
  gridCaseTests({
    seed: 283,
    k: 11,
    cause: 'replica.cold_start',
    scope: { dimension: 'replica', value: 'r8' },
    named: 'for: grid 283-11 names replica r8 and says its counts cannot tell',
    notNamed: 'against: the same traffic without the fault names no cold start',
    also: (top) =>
      expect(top.evidence.some((e) => e.text.startsWith('against: after 5 minutes'))).toBe(false),
  })
})
