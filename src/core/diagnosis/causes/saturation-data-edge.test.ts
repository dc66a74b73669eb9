/**
 * The start of the data is not a rise (ADR 0297). The run begins at 1.6× its later traffic, which
 * falls smoothly over the half hour (the tail of a busy spell that began before the recording),
 * and the engines are pushed past capacity from minute 21 (the last 30 %). The TTFT P99's window
 * opens with the data, where the requests stand 1.16× above the rest: with no step before it, the
 * jump into that window cannot be measured, and it counted as a full rise ("a step at the window's
 * start (100% of the rise at once)"). The real step later in the same data is still named.
 */
import { describe, expect, it } from 'vitest'
import { microsFromIso } from '../../model/units.js'
import { buildContext } from '../frame/context.js'
import { diagnoseGridCase, gridCaseInput, type GridCase } from '../testing/grid.js'
import type { GenSpec } from '../testing/fault-gen.js'
import { engineQueueSaturationCause } from './engine-queue-saturation.js'

function edgeCase(seed: number, magnitude: number): GridCase {
  const spec: GenSpec = {
    seed,
    minutes: 30,
    perMinute: 240,
    workload: 'chat',
    client: true,
    gateway: false,
    metrics: true,
    events: false,
    cachedOnRequests: true,
    faults: [{ cause: 'engine.queue_saturation', magnitude, windowShare: 0.3 }],
    drift: { ratio: 1.6, shape: 'smooth', fromShare: 0, falling: true },
  }
  return { id: `edge-${seed}`, spec, magnitude, kind: 'incident', subset: 'all', cutMinutes: 0 }
}

const DATA_START = '2025-06-02T09:00:00.000Z'
// Each case generates and diagnoses 7 200 requests: seconds on a busy machine.
const SLOW = 180_000

describe('engine.queue_saturation at the start of the data', () => {
  it(
    'reads no traffic rise into a window that opens with the data',
    () => {
      const { input } = gridCaseInput(edgeCase(4101, 2))
      const judged = engineQueueSaturationCause.evaluate(buildContext(input))
      expect(judged).not.toBeNull()
      if (judged === null || 'skipped' in judged) {
        throw new Error('saturation was not judged')
      }
      // The P99's window opens with the data; the requests stand above the rest there.
      expect(judged.window?.start).toBe(DATA_START)
      const lines = judged.evidence.map((e) => e.text)
      expect(lines.some((t) => /^traffic rose/.test(t))).toBe(false)
      expect(lines.some((t) => /the window starts with the data/.test(t))).toBe(true)
      // Without a rise, the queue is judged as one that grew with no more requests.
      expect(judged.confidence).toBeLessThan(0.2)
    },
    SLOW
  )

  it(
    'still names the real step later in the same data, from where it rose',
    () => {
      const { diagnosis } = diagnoseGridCase(edgeCase(4101, 3))
      const top = diagnosis.findings[0]!
      expect(top.cause).toBe('engine.queue_saturation')
      const faultStart = microsFromIso('2025-06-02T09:21:00.000Z')!
      expect(Math.abs(microsFromIso(top.window!.start)! - faultStart)).toBeLessThanOrEqual(60e6)
      expect(top.evidence.some((e) => /^traffic rose 1\.\d+×/.test(e.text))).toBe(true)
    },
    SLOW
  )
})
