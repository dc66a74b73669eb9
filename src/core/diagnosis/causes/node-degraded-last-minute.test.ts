/**
 * A node degraded over the data's last minute (ADR 0369, grid seed 271 case 92: n2 1.5× over the
 * last 5 %, long outputs, all signals). Its tokens are 1.5× slower there and its requests hold
 * 72 % of the slowest TPOT, but a replica that only queued earlier held more of the slowest TTFT,
 * and the record read that cohort alone; the node's tail was also weighed over the whole half
 * hour, where one minute's requests cannot make the P99. Before: `healthy` 0.50. Against: the
 * same run without the fault stays `healthy`.
 */
import { describe, expect, it } from 'vitest'
import { MIN_CONFIDENCE } from '../thresholds.js'
import { diagnoseGridCase, findingOf, gridCase, withoutFaults } from '../testing/grid.js'

const SLOW = 120_000

describe('a node degraded over the data’s last minute', () => {
  it(
    'for: grid 271-92 names node n2 over its minute',
    () => {
      const c = gridCase(271, 92)
      const { diagnosis, score } = diagnoseGridCase(c)
      const top = diagnosis.findings[0]!
      expect(top).toMatchObject({
        cause: 'node.degraded',
        scope: { dimension: 'node', value: 'n2' },
      })
      expect(top.confidence).toBeGreaterThanOrEqual(0.5)
      expect(score.top1).toBe(true)
      // The minute it was slow in, not the data's start or the earlier queue.
      expect(top.window?.start).toBe('2025-06-02T09:29:00.000Z')
    },
    SLOW
  )

  it(
    'against: the same traffic without the fault names no degraded node',
    () => {
      const { diagnosis } = diagnoseGridCase(withoutFaults(gridCase(271, 92)))
      expect(diagnosis.findings[0]!.cause).toBe('healthy')
      expect(findingOf(diagnosis, 'node.degraded')?.confidence ?? 0).toBeLessThan(MIN_CONFIDENCE)
    },
    SLOW
  )
})
