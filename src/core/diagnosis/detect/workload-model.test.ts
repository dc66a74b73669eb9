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
    expect(parts.tokensUs).not.toBeNull()
    expect(Math.abs(parts.tokensUs as number)).toBeLessThan(20_000)
  })
})

describe('shift parts without a load expectation', () => {
  // The late half is 100 ms slower and its tokens predict 60 ms of it, but no request has a load
  // expectation: the load and rate parts are unknown, and so is whether the workload or the rate
  // moved. Before, both read 0 ms and the 60 ms of tokens made it a mix shift.
  const n = 200
  const late = Uint8Array.from({ length: n }, (_, i) => (i >= n / 2 ? 1 : 0))
  const early = Uint8Array.from(late, (v) => 1 - v)
  const values = Float64Array.from(late, (v) => 300_000 + 100_000 * v)
  const mix = Float64Array.from(late, (v) => 250_000 + 60_000 * v)
  const load = new Float64Array(n).fill(NaN)

  it('leaves the parts it has no inputs for, and the kind, unknown', () => {
    const parts = shiftParts(values, mix, load, late, early)
    expect(parts.tokensUs).toBe(60_000)
    expect(parts.loadUs).toBeNull()
    expect(parts.rateUs).toBeNull()
    expect(parts.kind).toBeNull()
  })

  it('still decides when every part is known', () => {
    const parts = shiftParts(values, mix, mix, late, early)
    expect(parts).toEqual({ tokensUs: 60_000, loadUs: 0, rateUs: 40_000, kind: 'mix' })
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
