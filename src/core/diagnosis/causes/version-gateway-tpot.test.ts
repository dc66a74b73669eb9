/**
 * A version regression seen from the gateway alone (ADR 0386, grid seed 311 case 83: v2 1.2×
 * over the last 20 %, data cut 5 minutes, chat, gateway spans only). v2 arrives on replicas r0
 * and r1, both on node n0, at 09:24:01; from that minute n0's time per output token at the
 * gateway is 18.2–19.3 ms against 14.9–16.1 ms on the others, where before it ran v1 at the
 * fleet's 15 ms. The node record read that time's excess (z 29.2), the version record did not:
 * before, `node.degraded` 0.88 first and `version.regression` 0.63 second. Against: the same
 * traffic without the fault. And a version explains no node it never ran on (grid 222-36: v2 3× on
 * r0 and r1 with node n2 degraded at once, gateway spans only; before, n2 was "explained by
 * version.regression").
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

describe('a version regression in gateway-only data', () => {
  it(
    'for: grid 311-83 names version v2 first, the node it runs on explained by it',
    () => {
      const { diagnosis, score } = diagnoseGridCase(gridCase(311, 83))
      const top = diagnosis.findings[0]!
      expect(top).toMatchObject({
        cause: 'version.regression',
        scope: { dimension: 'version', value: 'v2' },
      })
      expect(score.top1).toBe(true)
      // Sized on what it slowed, the time per output token at the gateway, not the TTFT.
      expect(evidenceText(top)).toContain('→ time per output token at the gateway P99')
      expect(evidenceText(top)).not.toContain('decode time per output token')
      const node = findingOf(diagnosis, 'node.degraded')
      expect(node?.confidence ?? 0).toBeLessThan(top.confidence)
      expect(evidenceText(node)).toContain('explained by version.regression (version=v2)')
    },
    SLOW
  )

  it(
    'against: the same traffic without the fault names neither',
    () => {
      const { diagnosis } = diagnoseGridCase(withoutFaults(gridCase(311, 83)))
      expect(diagnosis.findings[0]!.cause).toBe('healthy')
      expect(findingOf(diagnosis, 'version.regression')).toBeUndefined()
      expect(findingOf(diagnosis, 'node.degraded')?.confidence ?? 0).toBeLessThan(MIN_CONFIDENCE)
    },
    SLOW
  )

  it(
    'for: grid 222-36 keeps node n2, which ran no v2 request, as a fault of its own',
    () => {
      const { diagnosis, score } = diagnoseGridCase(gridCase(222, 36))
      expect(score.top3).toBe(true)
      const node = findingOf(diagnosis, 'node.degraded')
      expect(node?.scope).toEqual({ dimension: 'node', value: 'n2' })
      expect(evidenceText(node)).not.toContain('explained by version.regression')
      expect(evidenceText(findingOf(diagnosis, 'version.regression'))).not.toContain('node=n2')
    },
    SLOW
  )
})
