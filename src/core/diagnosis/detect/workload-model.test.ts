import { describe, expect, it } from 'vitest'
import { makeGrid } from '../../timeline/buckets.js'
import { createTestRng, makeTimeline, T0_US } from '../testing/make-timeline.js'
import { frameFromRequests } from '../frame/frame.js'
import { shiftParts } from './excess-scan.js'
import { arrivalLoad, fitWorkloadModel } from './workload-model.js'
import type { Micros } from '../../model/units.js'

/** 20 minutes; prefill ∝ prompt tokens; from minute 10 prompts are 4× longer (a mix shift). */
function run(rateShiftMs: number, promptFactor: number) {
  const rng = createTestRng(3)
  const requests = Array.from({ length: 2400 }, (_, i) => {
    const startUs = T0_US + Math.floor((i / 2400) * 20 * 60_000_000)
    const late = i >= 1200
    const prompt = Math.round((200 + 1800 * rng()) * (late ? promptFactor : 1))
    return makeTimeline({
      startUs,
      inputTokens: prompt,
      stagesMs: { 'engine.prefill': prompt * 0.1 + (late ? rateShiftMs : 0) + 5 * rng() },
    })
  })
  const frame = frameFromRequests(requests)
  const grid = makeGrid(T0_US, (T0_US + 20 * 60_000_000) as Micros)
  const early = Uint8Array.from({ length: frame.n }, (_, i) => (i < 1200 ? 1 : 0))
  const lateMask = Uint8Array.from(early, (v) => 1 - v)
  const model = fitWorkloadModel(frame, frame.ttftUserUs, early, arrivalLoad(frame, grid), {
    prompt: true,
    cached: false,
    output: false,
  })
  return shiftParts(frame.ttftUserUs, model.expectedMixUs, model.expectedLoadUs, lateMask, early)
}

describe('workload model: mix vs rate', () => {
  it('calls longer prompts a mix shift', () => {
    const parts = run(0, 4)
    expect(parts.kind).toBe('mix')
    expect(parts.tokensUs).toBeGreaterThan(50_000)
  })
  it('calls the same prompts getting slower a rate shift', () => {
    const parts = run(120, 1)
    expect(parts.kind).toBe('rate')
    expect(parts.rateUs).toBeGreaterThan(100_000)
    expect(Math.abs(parts.tokensUs)).toBeLessThan(20_000)
  })
})

describe('token work of a request whose prompt length is unknown', () => {
  /** Three requests in one step on one replica: outputs 10 each, prompts as given. */
  function loadOf(prompts: (number | null)[]): number {
    const requests = prompts.map((p, i) =>
      makeTimeline({ startUs: T0_US + i * 1000, inputTokens: p, outputTokens: 10 })
    )
    const frame = frameFromRequests(requests)
    const grid = makeGrid(T0_US, (T0_US + 60_000_000) as Micros)
    return arrivalLoad(frame, grid)[0]!
  }

  it('is given the mean prompt of the requests of the window that report theirs', () => {
    // Known prompts 100, 300 and 2000 (mean 800): the unknown one weighs 800 + 10, not 500 + 10.
    expect(loadOf([100, 300, 2000, null])).toBe(100 + 300 + 2000 + 800 + 4 * 10)
  })

  it('still counts the request when no request reports its prompt', () => {
    expect(loadOf([null, null, null])).toBe(3 * (500 + 10))
  })
})
