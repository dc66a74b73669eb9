/**
 * A KV-pressure window starts with the full cache (ADR 0331): grid case 227-95, KV pressure 1.2×
 * from 09:08 in data that starts at 09:05. The latency consensus opened the window at 09:05:30,
 * one step into the data, so the finding was set aside as a stretch the recording began inside,
 * and the answer was `healthy` 0.50 while the cache ran at 89 % against 50 % before. The cache's
 * own usage per step says when its blocks ran out. Against: the same run with no fault names no
 * KV pressure.
 */
import { describe, expect, it } from 'vitest'
import { diagnoseGridCase, findingOf, gridCase, withoutFaults } from '../testing/grid.js'

// Each case generates and diagnoses 6 000 requests: seconds on a busy machine.
const SLOW = 180_000

describe('a KV-pressure window that starts after the data does', () => {
  it(
    "starts with the cache's first full level, not at the data's first step",
    () => {
      const { diagnosis } = diagnoseGridCase(gridCase(227, 95))
      const top = diagnosis.findings[0]!
      expect(top.cause).toBe('engine.kv_cache_pressure')
      expect(top.window?.start).toBe('2025-06-02T09:08:00.000Z')
      expect(top.evidence.map((e) => e.text).join(' ')).not.toMatch(/opens where the data begins/)
    },
    SLOW
  )

  it(
    'names no KV pressure on the same run with no fault',
    () => {
      const { diagnosis } = diagnoseGridCase(withoutFaults(gridCase(227, 95)))
      // Only the record changed here is asked about; that the run is healthy as a whole (its
      // queue once read as a saturation) is excess-open-start.test.ts's (ADR 0336).
      expect(findingOf(diagnosis, 'engine.kv_cache_pressure')).toBeUndefined()
    },
    SLOW
  )
})
