/**
 * A share that rises and holds to the end of the data is a step, weighed on its own family's
 * scale (ADR 0290): the scan's maximum over "a start, up to the end" reaches less far by chance
 * than its maximum over every span, so the same rise counts for more there than in the middle of
 * the window, and the short part before it is no reason to refuse it.
 *
 *   steps    0 ……… 5 | 6 ……………………………………………… 59
 *   share    14/120   | 20/120                      (to the end: a step)
 *   share    14/120 (0–2) | 20/120 (3–56) | 14/120   (the same rise, ended: a burst)
 */
import { describe, expect, it } from 'vitest'
import { asMicros } from '../../model/units.js'
import { makeGrid } from '../../timeline/buckets.js'
import { frameFromRequests } from '../frame/frame.js'
import { makeTimeline, T0_US } from '../testing/make-timeline.js'
import {
  BURST_Z_LO,
  OPEN_END_Z_CREDIT,
  findTrafficShift,
  scanShareRise,
  shareBurst,
} from './traffic-shift.js'

const STEPS = 60
const STEP_US = 30_000_000
const PER_STEP = 120

const toEnd = (s: number): boolean => s >= 6
const ended = (s: number): boolean => s >= 3 && s < 57

/** 120 requests a step; `noisy` sends 20 of them while `rising(step)`, else 14. */
function frameOf(dimension: 'tenant' | 'replica', rising: (s: number) => boolean) {
  const requests = []
  for (let s = 0; s < STEPS; s++) {
    const noisy = rising(s) ? 20 : 14
    for (let j = 0; j < PER_STEP; j++) {
      const value = j < noisy ? 'noisy' : ['a', 'b', 'c'][j % 3]!
      requests.push(
        makeTimeline({
          startUs: T0_US + s * STEP_US + j * 200_000,
          dims: { [dimension]: value },
          stagesMs: { 'engine.queue': 5, 'engine.prefill': 40 },
        })
      )
    }
  }
  const frame = frameFromRequests(requests)
  const grid = makeGrid(T0_US, asMicros(T0_US + STEPS * STEP_US), STEP_US)
  return { frame, grid }
}

describe('a share that rises to the end of the data', () => {
  const n = Array.from({ length: STEPS }, () => PER_STEP)
  const series = (rising: (s: number) => boolean) => n.map((_, s) => (rising(s) ? 20 : 14))

  it('is as certain as the same rise that ended, and weighed on the scale of its own family', () => {
    const step = scanShareRise(series(toEnd), n, 3, undefined, OPEN_END_Z_CREDIT)!
    const burst = scanShareRise(series(ended), n, 3, undefined, OPEN_END_Z_CREDIT)!
    expect(step).toMatchObject({ from: 6, to: STEPS - 1 })
    expect(burst).toMatchObject({ from: 3, to: 56 })
    expect(step.z).toBeCloseTo(burst.z, 9)
    expect(step.certainty).toBeCloseTo(step.z + OPEN_END_Z_CREDIT, 9)
    expect(burst.certainty).toBe(burst.z)
  })

  it('names the tenant whose share stepped up after six steps, and not the same rise ended', () => {
    const step = frameOf('tenant', toEnd)
    const shift = shareBurst(step.frame, step.grid, 'tenant')
    expect(shift).toMatchObject({ value: 'noisy', openEnd: true, buckets: { from: 6, to: 59 } })
    // Below where support starts on the whole-window scale: only its family's scale finds it.
    expect(shift!.z).toBeLessThan(BURST_Z_LO)
    expect(shift!.certainty).toBeGreaterThanOrEqual(BURST_Z_LO)
    expect(findTrafficShift(step.frame, step.grid, BURST_Z_LO)).toMatchObject({ value: 'noisy' })

    const burst = frameOf('tenant', ended)
    expect(shareBurst(burst.frame, burst.grid, 'tenant')).toBeNull()
  })

  it("keeps a replica's share (the router's, not a traffic class) on the whole-window scale", () => {
    const step = frameOf('replica', toEnd)
    expect(shareBurst(step.frame, step.grid, 'replica')).toBeNull()
  })
})

describe('a burst on merged scan steps', () => {
  it('reads its rates per grid step, the last merged step holding fewer steps', () => {
    // 241 steps: the scan merges them in pairs, its last bin holds one step.
    const steps = 241
    const requests = []
    for (let s = 0; s < steps; s++) {
      const noisy = s >= 200 ? 5 : 1
      for (let j = 0; j < 10; j++) {
        requests.push(
          makeTimeline({
            startUs: T0_US + s * STEP_US + j * 1_000_000,
            dims: { tenant: j < noisy ? 'noisy' : ['a', 'b', 'c'][j % 3]! },
            stagesMs: { 'engine.queue': 5, 'engine.prefill': 40 },
          })
        )
      }
    }
    const frame = frameFromRequests(requests)
    const grid = makeGrid(T0_US, asMicros(T0_US + steps * STEP_US), STEP_US)
    const shift = shareBurst(frame, grid, 'tenant')
    expect(shift).toMatchObject({ value: 'noisy', buckets: { from: 200, to: 240 } })
    expect(shift!.totalInside).toBeCloseTo(10, 9)
    expect(shift!.rateInside).toBeCloseTo(5, 9)
    expect(shift!.totalOutside).toBeCloseTo(10, 9)
    expect(shift!.rateOutside).toBeCloseTo(1, 9)
  })
})
