/**
 * The start of the data is where the recording began (ADR 0199). Built on the fault grid's
 * independent generator: a queue overload (3× the requests' share of the engines) that is
 * already running when the data starts is never an incident whose onset is the data's first
 * step, while the same overload starting a few minutes into the data is found where it starts.
 */
import { describe, expect, it } from 'vitest'
import type { Diagnosis } from '../../model/diagnosis.js'
import type { RequestTimeline } from '../../model/request.js'
import { asMicros, microsFromIso } from '../../model/units.js'
import { diagnose } from '../diagnose.js'
import { frameFromRequests } from '../frame/frame.js'
import { generateRun, type GenSpec } from '../testing/fault-gen.js'
import { diagnoseGridCase, type GridCase } from '../testing/grid.js'

const MIN_US = 60_000_000
// Each run generates and diagnoses 7 200 requests: seconds on a busy machine.
const SLOW = 180_000

/** Spans only: the mirrored run below cannot reverse counters, and none of this needs them. */
function overload(windowShare: number): GenSpec {
  return {
    seed: 1990,
    minutes: 30,
    perMinute: 240,
    workload: 'chat',
    client: false,
    gateway: true,
    metrics: false,
    events: false,
    faults: [{ cause: 'engine.queue_saturation', magnitude: 3, windowShare }],
  }
}

function gridCase(spec: GenSpec, cutMinutes: number): GridCase {
  return { id: 'edge', spec, magnitude: 3, kind: 'incident', subset: 'all', cutMinutes }
}

/** Findings that claim an onset at the data's first step. */
function onsetsAtDataStart(d: Diagnosis): string[] {
  const fromUs = microsFromIso(d.window.start)
  return d.findings
    .filter((f) => f.window !== null && microsFromIso(f.window.start) === fromUs)
    .map((f) => f.cause)
}

describe('a fault already running when the data starts is not an onset at t0', () => {
  it(
    'an overload that ends ten minutes into the data: healthy at most 0.5, saying the data begins inside it',
    () => {
      // The run's last ten minutes are overloaded; played backwards, the data begins inside the
      // overload and it ends at minute 10, its onset before the recording. The closed-form queue
      // of the generator is per minute, so the reversed run is as real as the forward one.
      const g = generateRun(overload(0.35))
      const { fromUs, toUs } = g.window
      const mirrored: RequestTimeline[] = g.requests.map((r) => {
        const startUs = asMicros(fromUs + toUs - r.startUs - 1)
        return { ...r, startUs, endUs: asMicros(startUs + (r.endUs - r.startUs)) }
      })
      const { diagnosis } = diagnose({
        window: { fromUs, toUs },
        frame: frameFromRequests(mirrored),
        resources: [],
        events: [],
      })
      expect(onsetsAtDataStart(diagnosis)).toEqual([])
      const top = diagnosis.findings[0]!
      expect(top.cause).toBe('healthy')
      expect(top.confidence).toBeLessThanOrEqual(0.5)
      expect(top.evidence.map((e) => e.text).join('\n')).toMatch(
        /the data begins inside a slower stretch that ends at 2025-06-02T09:1\d/
      )
    },
    SLOW
  )

  it(
    'the data cut two minutes into an overload that runs to its end holds no onset',
    () => {
      const { diagnosis } = diagnoseGridCase(gridCase(overload(0.9), 5))
      expect(onsetsAtDataStart(diagnosis)).toEqual([])
      expect(diagnosis.findings[0]!.cause).not.toBe('engine.queue_saturation')
    },
    SLOW
  )

  it(
    'the same overload starting three minutes into the data is found, starting there',
    () => {
      // Cut at minute 5, overload from minute 8: three minutes of data before it.
      const { diagnosis, score } = diagnoseGridCase(gridCase(overload(0.75), 5))
      expect(score.top1).toBe(true)
      const f = diagnosis.findings[0]!
      expect(f.cause).toBe('engine.queue_saturation')
      const startUs = microsFromIso(f.window!.start)!
      const faultUs = microsFromIso(diagnosis.window.start)! + 3 * MIN_US
      expect(Math.abs(startUs - faultUs)).toBeLessThanOrEqual(MIN_US)
    },
    SLOW
  )
})
