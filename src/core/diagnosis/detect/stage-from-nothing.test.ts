/**
 * A stage scanned on its own that was nothing at the median and now takes time is as clear a
 * change as one that doubled (detect/excess-facts.ts). For: 15 ms of client time no span covers,
 * appearing a third of the way from the end, is named (the grid's seed-13 pair with a 1.2×
 * routing imbalance). Against: a healthy run with the same client spans, whose uncovered time
 * stays nothing, names no cause.
 */
import { describe, expect, it } from 'vitest'
import { diagnoseGridCase, gridCases, type GridCase } from '../testing/grid.js'

// Each case generates and diagnoses 7 200 requests: seconds on a busy machine.
const SLOW = 180_000

describe('a stage that grew from nothing', () => {
  it(
    'for: 15 ms of uncovered client time where there was none is the connection limit it means',
    () => {
      const c = gridCases(13, 120)[41]!
      expect(c.spec.faults.map((f) => f.cause)).toContain('unattributed')
      const { diagnosis, score } = diagnoseGridCase(c)
      expect(score.top1).toBe(true)
      expect(diagnosis.findings[0]?.cause).toBe('gateway.connection_limit')
    },
    SLOW
  )

  it(
    'against: a healthy run with client spans, whose uncovered time stays nothing, is healthy',
    () => {
      const healthy: GridCase = {
        id: '13041-healthy',
        kind: 'healthy',
        subset: 'all',
        magnitude: 1,
        cutMinutes: 0,
        spec: {
          seed: 13041,
          minutes: 30,
          perMinute: 240,
          workload: 'long-prompts',
          client: true,
          gateway: true,
          metrics: true,
          events: false,
          faults: [],
        },
      }
      const { diagnosis, score } = diagnoseGridCase(healthy)
      expect(score.healthyError).toBe(false)
      expect(diagnosis.findings[0]?.cause).toBe('healthy')
    },
    SLOW
  )
})
