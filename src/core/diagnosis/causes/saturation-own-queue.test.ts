/**
 * A saturation whose latency window opens with the data (ADR 0387, grid seed 307 case 50: the
 * engines pushed past capacity 1.5× from minute 8, long outputs, the data cut 5 minutes in). The
 * TTFT P99's change window runs from the data's first step, so its "outside" is the steps after
 * it, the fault's too: the queue read there did not rise, and the demand's scan, with three
 * minutes before it, is under where its support starts (z 4.2). The typical request's own queue
 * per step doubles at minute 8. Before: `healthy` 0.50. Against: the same run without the fault.
 */
import { describe, expect, it } from 'vitest'
import { MIN_CONFIDENCE } from '../thresholds.js'
import { diagnoseGridCase, findingOf, gridCase, withoutFaults } from '../testing/grid.js'

const SLOW = 120_000

describe('a saturation read on its own queue when the latency window opens with the data', () => {
  it(
    'for: grid 307-50 names the saturation from the minute its queue rose',
    () => {
      const { diagnosis, score } = diagnoseGridCase(gridCase(307, 50))
      const top = diagnosis.findings[0]!
      expect(top.cause).toBe('engine.queue_saturation')
      expect(top.confidence).toBeGreaterThanOrEqual(0.5)
      expect(score.top1).toBe(true)
      expect(top.window?.start).toBe('2025-06-02T09:08:00.000Z')
      expect(top.evidence.map((e) => e.text).join(' ')).toContain('engine.queue P50 of each')
    },
    SLOW
  )

  it(
    'against: the same traffic without the fault names no saturation',
    () => {
      const { diagnosis } = diagnoseGridCase(withoutFaults(gridCase(307, 50)))
      expect(diagnosis.findings[0]!.cause).toBe('healthy')
      expect(findingOf(diagnosis, 'engine.queue_saturation')?.confidence ?? 0).toBeLessThan(
        MIN_CONFIDENCE
      )
    },
    SLOW
  )
})
