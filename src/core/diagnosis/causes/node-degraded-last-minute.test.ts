/**
 * A node degraded over the data's last minute (ADR 0369, grid seed 271 case 92: n2 1.5× over the
 * last 5 %, long outputs, all signals). Its tokens are 1.5× slower there and its requests hold
 * 72 % of the slowest TPOT, but a replica that only queued earlier held more of the slowest TTFT,
 * and the record read that cohort alone; the node's tail was also weighed over the whole half
 * hour, where one minute's requests cannot make the P99. Before: `healthy` 0.50. Against: the
 * same run without the fault stays `healthy`.
 */
import { describe, expect } from 'vitest'
import { gridCaseTests } from '../testing/grid-case-tests.js'

describe('a node degraded over the data’s last minute', () => {
  gridCaseTests({
    seed: 271,
    k: 92,
    cause: 'node.degraded',
    scope: { dimension: 'node', value: 'n2' },
    named: 'for: grid 271-92 names node n2 over its minute',
    notNamed: 'against: the same traffic without the fault names no degraded node',
    // The minute it was slow in, not the data's start or the earlier queue.
    also: (top) => expect(top.window?.start).toBe('2025-06-02T09:29:00.000Z'),
  })
})
