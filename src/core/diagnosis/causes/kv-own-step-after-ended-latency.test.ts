/**
 * A KV step read on the cache's own series when the latency's window opens with the data (ADR
 * 0348): grid case 241-42, KV pressure 1.5× over the last 20 % (from 09:24), long outputs. The
 * TTFT P99 per step reads the data's first 20 minutes (09:00–09:20) as its elevated level, a window
 * that opens with the data and shows a level that ended; the rule read the cache there, found it
 * at 48 %, and returned nothing, while the cache ran at 90 % from 09:24 with preemptions starting
 * and the engine queue's median per step up 1.57×. The answer was `healthy` 0.50. Against: the
 * same run with no fault names no KV pressure.
 */
import { describe, expect, it } from 'vitest'
import {
  diagnoseGridCase,
  evidenceText,
  findingOf,
  gridCase,
  withoutFaults,
} from '../testing/grid.js'

// Each case generates and diagnoses 7 200 requests: seconds on a busy machine.
const SLOW = 180_000

describe('a KV step after a latency window that opens with the data', () => {
  it(
    "is named on the cache's own step, with its window",
    () => {
      const { diagnosis } = diagnoseGridCase(gridCase(241, 42))
      const top = diagnosis.findings[0]!
      expect(top.cause).toBe('engine.kv_cache_pressure')
      expect(top.confidence).toBeGreaterThan(0.7)
      expect(top.window).toEqual({
        start: '2025-06-02T09:24:00.000Z',
        end: '2025-06-02T09:30:00.000Z',
      })
      expect(evidenceText(top)).toMatch(/engine\.queue P50 per step .* while the cache ran full/)
    },
    SLOW
  )

  it(
    'names no KV pressure on the same run with no fault',
    () => {
      const { diagnosis } = diagnoseGridCase(withoutFaults(gridCase(241, 42)))
      expect(findingOf(diagnosis, 'engine.kv_cache_pressure')).toBeUndefined()
    },
    SLOW
  )
})
