import { describe, expect, it } from 'vitest'
import { makeGrid } from '../../timeline/buckets.js'
import type { Micros } from '../../model/units.js'
import { createTestRng, makeTimeline, T0_US } from '../testing/make-timeline.js'
import { frameFromRequests } from '../frame/frame.js'
import { scanExcess } from './excess-scan.js'
import { driftingLoad, loadNormalisedRatio } from './load-curve.js'

const MINUTES = 30

/**
 * 30 minutes at 240 requests a minute times `rate(minute)`, spread over four replicas. Each
 * request's TPOT and queue follow its minute's load (TPOT +30 % per unit of load, the queue as
 * ρ/(1−ρ) at ρ = 0.4 × load), times `slower(minute)` for a fault at any load.
 */
function run(
  rate: (minute: number) => number,
  slower: (minute: number) => number = () => 1,
  work: { longPrompts?: boolean; longerOutputsFrom?: number } = {}
) {
  const rng = createTestRng(7)
  const requests = []
  for (let m = 0; m < MINUTES; m++) {
    const load = rate(m)
    const count = Math.round(240 * load)
    const rho = Math.min(0.95, 0.4 * load)
    for (let j = 0; j < count; j++) {
      let prompt = Math.round(300 + 600 * rng())
      let output = Math.round(100 + 200 * rng())
      if (work.longPrompts === true && rng() < 0.15) {
        // One request in seven carries a 2k–8k prompt: the token work per step swings.
        prompt = Math.round(2000 + 6000 * rng())
      }
      if (work.longerOutputsFrom !== undefined && m >= work.longerOutputsFrom && rng() < 0.3) {
        output *= 8
      }
      const queueMs = 40 * (rho / (1 - rho)) * -Math.log(Math.max(1e-9, rng()))
      const tpotMs = 15 * (1 + 0.3 * (load - 1)) * slower(m) * (0.9 + 0.2 * rng())
      requests.push(
        makeTimeline({
          startUs: T0_US + m * 60_000_000 + Math.floor(rng() * 60_000_000),
          dims: { replica: `r${j % 4}`, node: `n${j % 4}` },
          inputTokens: prompt,
          outputTokens: output,
          tpotMs,
          stagesMs: {
            'engine.queue': queueMs,
            'engine.prefill': 20 + 0.05 * prompt,
            'engine.decode': tpotMs * output,
          },
        })
      )
    }
  }
  const frame = frameFromRequests(requests)
  const grid = makeGrid(T0_US, (T0_US + MINUTES * 60_000_000) as Micros, 30_000_000)
  return { frame, grid }
}

/** Flat, then a straight rise to `ratio` from minute `from` to the end. */
const drift =
  (ratio: number, from: number) =>
  (m: number): number =>
    m < from ? 1 : 1 + ((ratio - 1) * (m - from + 1)) / (MINUTES - from)

describe('the drifting load', () => {
  it.each([
    ['a level load', () => 1],
    ['a 1.6× step at minute 18', (m: number) => (m >= 18 ? 1.6 : 1)],
    ['a 1.6× step on top of a drift', (m: number) => drift(1.4, 10)(m) * (m >= 22 ? 1.6 : 1)],
  ])('is none for %s', (_, rate) => {
    const { frame, grid } = run(rate)
    expect(driftingLoad(frame, grid)).toBeNull()
  })

  it('is none for longer outputs from minute 3 at a level rate of requests', () => {
    // The token work steps, the requests do not: a change of the work, read by its own causes.
    const { frame, grid } = run(
      () => 1,
      () => 1,
      { longerOutputsFrom: 3 }
    )
    expect(driftingLoad(frame, grid)).toBeNull()
  })

  it('follows a 1.4× rise of the requests whose token work per step is heavy-tailed', () => {
    // The token work's three-step means swing by more than half this drift's spread; the
    // requests per step carry its shape (ADR 0303).
    const { frame, grid } = run(drift(1.4, 12), () => 1, { longPrompts: true })
    const load = driftingLoad(frame, grid)
    expect(load).not.toBeNull()
    expect(load![grid.count - 3]).toBeGreaterThan(1.15)
  })

  it('follows a 1.8× rise from mid-run', () => {
    const { frame, grid } = run(drift(1.8, 14))
    const load = driftingLoad(frame, grid)
    expect(load).not.toBeNull()
    // Relative to the median step: the last steps carry the rise, the first ones the level.
    expect(load![grid.count - 3]).toBeGreaterThan(1.4)
    expect(load![3]).toBeLessThan(1.05)
  })
})

describe('the excess along a drifting load', () => {
  it('leaves no TPOT anomaly where TPOT only followed the load', () => {
    const { frame, grid } = run(drift(1.8, 14))
    expect(scanExcess(frame, grid).filter((a) => a.measure === 'tpot')).toEqual([])
  })

  it('keeps a TPOT step that came at a load that only drifted', () => {
    // 1.4× slower tokens from minute 24 on, on top of the same drift: a line through the whole
    // window cannot bend into the step, so the step stays where it began.
    const { frame, grid } = run(drift(1.8, 14), (m) => (m >= 24 ? 1.4 : 1))
    const tpot = scanExcess(frame, grid).find((a) => a.measure === 'tpot' && a.seriesScope === null)
    expect(tpot).toBeDefined()
    expect(tpot!.buckets!.from).toBeGreaterThanOrEqual(44)
    expect(tpot!.buckets!.from).toBeLessThanOrEqual(50)
  })

  it('reads a queue that grew along the drift at the median load', () => {
    const { frame, grid } = run(drift(1.8, 14))
    const load = driftingLoad(frame, grid)!
    const late = Uint8Array.from(frame.startUs, (t) => (t >= T0_US + 24 * 60_000_000 ? 1 : 0))
    const queue = frame.stages['engine.queue']
    let inside = 0
    let outside = 0
    let nIn = 0
    for (let i = 0; i < frame.n; i++) {
      if (late[i] === 1) {
        inside += queue[i] as number
        nIn++
      } else {
        outside += queue[i] as number
      }
    }
    const raw = inside / nIn / (outside / (frame.n - nIn))
    expect(raw).toBeGreaterThan(2)
    expect(loadNormalisedRatio(frame, grid, queue, load, late)).toBeLessThan(1.5)
  })
})
