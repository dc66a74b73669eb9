/**
 * A saturation whose latency window opens with the data (ADR 0387, grid seed 307 case 50: the
 * engines pushed past capacity 1.5× from minute 8, long outputs, the data cut 5 minutes in). The
 * TTFT P99's change window runs from the data's first step, so its "outside" is the steps after
 * it, the fault's too: the queue read there did not rise, and the demand's scan, with three
 * minutes before it, is under where its support starts (z 4.2). The typical request's own queue
 * per step doubles at minute 8. Before: `healthy` 0.50. Against: the same run without the fault.
 */
import { describe, expect } from 'vitest'
import { gridCaseTests } from '../testing/grid-case-tests.js'

describe('a saturation read on its own queue when the latency window opens with the data', () => {
  gridCaseTests({
    seed: 307,
    k: 50,
    cause: 'engine.queue_saturation',
    named: 'for: grid 307-50 names the saturation from the minute its queue rose',
    notNamed: 'against: the same traffic without the fault names no saturation',
    also: (top) => {
      expect(top.window?.start).toBe('2025-06-02T09:08:00.000Z')
      expect(top.evidence.map((e) => e.text).join(' ')).toContain('engine.queue P50 of each')
    },
  })
})
