/**
 * A degraded node in gateway-only data, read on the time per output token at the gateway (ADR
 * 0344): grid 229-12, node n2 1.2× over the last half, chat, gateway spans alone. No request has
 * an engine TPOT; the gateway's stream after the first chunk over the output tokens after the
 * first rose 15.5 → 18.9 ms on n2 and stayed on the other nodes, while n2's TTFT stood higher than
 * the rest's all window long (its queue, by chance, before the fault as well).
 */
import { describe, expect, it } from 'vitest'
import { diagnose } from '../diagnose.js'
import { buildContext } from '../frame/context.js'
import { evidenceText, findingOf, gridCase, gridCaseInput, withoutFaults } from '../testing/grid.js'

const SLOW = 60_000

describe('a node fault seen only by the gateway', () => {
  it(
    'is named on its node from the time per output token at the gateway, with its window',
    () => {
      const c = gridCase(229, 12)
      expect(c.subset).toBe('gateway-only')
      const { g, input } = gridCaseInput(c)
      const ctx = buildContext(input)
      // No engine TPOT: the node record reads the gateway's time per output token instead.
      expect(ctx.tpot.eligibleCount).toBe(0)
      expect(ctx.gatewayTpot?.eligibleCount).toBe(input.frame.n)
      const top = diagnose(input).diagnosis.findings[0]
      expect(top).toMatchObject({
        cause: 'node.degraded',
        scope: { dimension: 'node', value: 'n2' },
      })
      expect(top!.confidence).toBeGreaterThan(0.5)
      expect(evidenceText(top)).toContain('time per output token at the gateway')
      // Its window opens where the fault does (minute 15 of 30), within a minute.
      const startMs = Date.parse(top!.window!.start)
      const faultMs = Number(g.window.fromUs) / 1000 + 15 * 60_000
      expect(Math.abs(startMs - faultMs)).toBeLessThanOrEqual(60_000)
    },
    SLOW
  )

  it(
    'the same run without its fault stays healthy, and names no node',
    () => {
      const { input } = gridCaseInput(withoutFaults(gridCase(229, 12)))
      const { diagnosis } = diagnose(input)
      expect(diagnosis.findings[0]?.cause).toBe('healthy')
      expect(findingOf(diagnosis, 'node.degraded')).toBeUndefined()
    },
    SLOW
  )
})
