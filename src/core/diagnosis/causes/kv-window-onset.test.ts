/**
 * A KV-pressure window starts with the full cache when the latency shows the pressure late (ADR
 * 0345): grid case 239-84, KV pressure 1.2× over the last 15 minutes of 30 (data from 09:05).
 * The cache's mean usage steps from 0.49 to 0.90 at 09:15:00 and preemptions start with it, while
 * the typical request waits a few milliseconds more, below what a latency span needs, until the
 * TTFT P99 rises in the last minute. On main the window was that minute (09:29–09:30, 840 s off).
 * Grid case 233-33 (1.2× over 09:08–09:30) is the same with the P99's minute inside the fault
 * (09:18:30–09:20): the window runs with the full cache at both ends.
 */
import { describe, expect, it } from 'vitest'
import { diagnoseGridCase, gridCase } from '../testing/grid.js'

// Each case generates and diagnoses 6 000 requests: seconds on a busy machine.
const SLOW = 180_000

describe('a KV-pressure window the latency shows late', () => {
  it(
    "starts where the cache stepped up to full and preempting, not at the P99's last minute",
    () => {
      const { diagnosis } = diagnoseGridCase(gridCase(239, 84))
      const top = diagnosis.findings[0]!
      expect(top.cause).toBe('engine.kv_cache_pressure')
      expect(top.window).toEqual({
        start: '2025-06-02T09:15:00.000Z',
        end: '2025-06-02T09:30:00.000Z',
      })
    },
    SLOW
  )

  it(
    'ends with the full cache too, not with the P99 minute inside it',
    () => {
      const { diagnosis } = diagnoseGridCase(gridCase(233, 33))
      const top = diagnosis.findings[0]!
      expect(top.cause).toBe('engine.kv_cache_pressure')
      expect(top.window).toEqual({
        start: '2025-06-02T09:08:00.000Z',
        end: '2025-06-02T09:30:00.000Z',
      })
    },
    SLOW
  )
})
