/**
 * `engine.batching_window` on held-out grid runs it answered "healthy" (ADR 0267): its spread
 * counter-test counted a tail rise that was within its own noise (six steps before a window that
 * opens at the third minute, per-step P90s on long outputs that move by hundreds of ms). For: the
 * runs are named. Against: a queue that grows with load is still not claimed when its before is as
 * short, nor a backlog of long generations, whose tail rise is many times its noise. Explained
 * away: the queue the window makes ranks below it.
 */
import { describe, expect, it } from 'vitest'
import { buildContext } from '../frame/context.js'
import { frameFromRequests } from '../frame/frame.js'
import {
  diagnoseGridCase,
  evidenceText as texts,
  findingOf,
  gridCase as caseOf,
} from '../testing/grid.js'
import { generateRun, type GenResult } from '../testing/fault-gen.js'
import { MIN_CONFIDENCE } from '../thresholds.js'
import { engineBatchingWindowCause } from './engine-batching-window.js'

function ruleConfidence(g: GenResult): number {
  const ctx = buildContext({
    window: g.window,
    frame: frameFromRequests(g.requests),
    resources: g.resources,
    events: [],
  })
  const r = engineBatchingWindowCause.evaluate(ctx)
  return r === null || 'skipped' in r ? 0 : r.confidence
}

// Each case generates and diagnoses 6 000–7 200 requests: seconds on a busy machine.
const SLOW = 180_000

describe('engine.batching_window: a tail rise within its noise', () => {
  it(
    'for: a 3× window on long outputs, whose tail rose within its noise over six steps, is named',
    () => {
      // Seed 67 run 77: the floor per step 11 → 23 ms at minute 3 (4.1 noise units), then
      // 23 → 95 ms at minute 15, where the window opens (41.5). The span opens at minute 3; over
      // its six steps before, the typical P90 rose 3.0× as much as the median, a difference of
      // 204 ms against a standard error of 135 ms. It was answered "healthy".
      const { diagnosis } = diagnoseGridCase(caseOf(67, 77))
      const top = diagnosis.findings[0]!
      expect(top.cause).toBe('engine.batching_window')
      expect(top.confidence).toBeGreaterThanOrEqual(0.7)
      expect(texts(top)).toMatch(/fastest tenth of requests' engine\.queue per step rose/)
    },
    SLOW
  )

  it(
    'for: a 1.5× window from minute 3, whose tail rose within its noise over six steps, is named',
    () => {
      // Seed 67 run 18 (engine spans and metrics, long outputs): the floor 17 → 38 ms (z 7.9);
      // the typical P90 rose 119 ms against the median's 22 ms (spread 5.4), with a standard
      // error of 65 ms on the difference: within two of them.
      const { diagnosis } = diagnoseGridCase(caseOf(67, 18))
      const top = diagnosis.findings[0]!
      expect(top.cause).toBe('engine.batching_window')
      expect(top.confidence).toBeGreaterThanOrEqual(0.7)
      expect(top.window?.start).toBe('2025-06-02T09:03:00.000Z')
    },
    SLOW
  )

  it(
    'explained away: the queue a window makes ranks below the window',
    () => {
      const { diagnosis } = diagnoseGridCase(caseOf(67, 77))
      const top = diagnosis.findings[0]!
      const queue = findingOf(diagnosis, 'engine.queue_saturation')
      if (queue !== undefined) {
        expect(queue.confidence).toBeLessThan(top.confidence)
      }
    },
    SLOW
  )

  it(
    'against: a queue that grows with load from minute 3 on long outputs is not claimed',
    () => {
      // The same six steps before as run 18's: the tail's rise is many times its noise here.
      const g = generateRun({
        seed: 267,
        minutes: 30,
        perMinute: 240,
        workload: 'long-outputs',
        metrics: false,
        faults: [{ cause: 'engine.queue_saturation', magnitude: 3, windowShare: 0.9 }],
      })
      expect(ruleConfidence(g)).toBeLessThan(MIN_CONFIDENCE)
    },
    SLOW
  )

  it(
    'against: the backlog of 5× long generations, whose tail rise is many times its noise',
    () => {
      // Seed 7 run 28: the floor per step 14 ms, then 0.4–1.3 s from minute 15, the typical P90
      // 0.3–1 s before and 20–45 s after.
      const c = caseOf(7, 28)
      const g = generateRun(c.spec)
      const cutUs = g.window.fromUs + c.cutMinutes * 60_000_000
      const kept = {
        ...g,
        window: { ...g.window, fromUs: cutUs as typeof g.window.fromUs },
        requests: g.requests.filter((r) => r.startUs >= cutUs),
        resources: g.resources.map((s) => ({
          ...s,
          points: s.points.filter((p) => p.timeUs >= cutUs),
        })),
      }
      expect(ruleConfidence(kept)).toBeLessThan(MIN_CONFIDENCE)
    },
    SLOW
  )
})
