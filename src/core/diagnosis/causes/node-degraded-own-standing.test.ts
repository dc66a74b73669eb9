/**
 * A node degraded over the data's last 90 % (ADR 0376, grid seed 283 case 4: n2 1.5× from the
 * third minute, long prompts, spans only). Its requests are 1.5× slower per token from then on
 * and its TTFT, by chance already high in the first three minutes, is listed as a standing
 * condition; its difference grew in the finding's window, yet the rule for a finding carried by
 * someone else's condition (the other requests did not get slower) set the node aside as its
 * own condition. Before: `healthy` 0.50. Against: the same run without the fault.
 */
import { describe, expect } from 'vitest'
import { gridCaseTests } from '../testing/grid-case-tests.js'

describe('a degraded node listed as its own standing condition', () => {
  gridCaseTests({
    seed: 283,
    k: 4,
    cause: 'node.degraded',
    scope: { dimension: 'node', value: 'n2' },
    named: 'for: grid 283-4 names node n2 from the minute it slowed',
    notNamed: 'against: the same traffic without the fault names no degraded node',
    also: (top) => expect(top.window?.start).toBe('2025-06-02T09:03:00.000Z'),
  })
})
