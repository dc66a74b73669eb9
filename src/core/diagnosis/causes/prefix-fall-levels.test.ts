/**
 * A prefix-cache fall spans the levels nearer the fallen rate than the one before (ADR 0345): grid
 * case 241-38, the hit rate lowered over the last 6 minutes of 30 (09:24–09:30). Per half-minute
 * step the requests' miss rate is 0.59 before, 0.74 in the first minute of the fall and 0.70 for
 * the five after it; segmentation cuts the fall in two, and only the first level clears the rise
 * a span needs. On main the window ended at 09:25:00, 300 s early.
 */
import { describe, expect, it } from 'vitest'
import { diagnoseGridCase, gridCase } from '../testing/grid.js'

// Each case generates and diagnoses 6 000 requests: seconds on a busy machine.
const SLOW = 180_000

describe('a prefix-cache fall cut into two levels', () => {
  it(
    'runs to the end of the shallower level after the deeper one',
    () => {
      const { diagnosis } = diagnoseGridCase(gridCase(241, 38))
      const top = diagnosis.findings[0]!
      expect(top.cause).toBe('engine.prefix_cache_miss')
      expect(top.window).toEqual({
        start: '2025-06-02T09:24:00.000Z',
        end: '2025-06-02T09:30:00.000Z',
      })
    },
    SLOW
  )
})
