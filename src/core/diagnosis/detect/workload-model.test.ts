import { describe, expect, it } from 'vitest'
import { makeGrid } from '../../timeline/buckets.js'
import { createTestRng, makeTimeline, T0_US } from '../testing/make-timeline.js'
import { frameFromRequests } from '../frame/frame.js'
import { shiftParts } from './excess-scan.js'
import {
  arrivalLoad,
  fitWorkloadModel,
  mixtureMedian,
  type ReferenceSet,
} from './workload-model.js'

/** Each request its own reference: one value, its expectation (none where it is NaN). */
const point = (v: Float64Array): ReferenceSet => ({
  source: Int32Array.from(v, (x, i) => (x === x ? i : -1)),
  starts: Int32Array.from({ length: v.length + 1 }, (_, i) => i),
  data: Float64Array.from(v),
})
import type { Micros } from '../../model/units.js'
import type { RequestTimeline } from '../../model/request.js'

/**
 * Parts of TTFT's shift over 20 minutes of `requests`, the first `split` the reference and the rest
 * the set, under a model of prompt tokens alone.
 */
function promptParts(requests: RequestTimeline[], split: number): ReturnType<typeof shiftParts> {
  const frame = frameFromRequests(requests)
  const grid = makeGrid(T0_US, (T0_US + 20 * 60_000_000) as Micros)
  const early = Uint8Array.from({ length: frame.n }, (_, i) => (i < split ? 1 : 0))
  const lateMask = Uint8Array.from(early, (v) => 1 - v)
  const model = fitWorkloadModel(frame, frame.ttftUserUs, early, arrivalLoad(frame, grid), {
    prompt: true,
    cached: false,
    output: false,
  })
  return shiftParts(frame.ttftUserUs, model.mixReference, model.loadReference, lateMask, early)
}

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
  return promptParts(requests, 1200)
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
    const parts = shiftParts(values, point(mix), point(load), late, early)
    expect(parts.tokensUs).toBe(60_000)
    expect(parts.loadUs).toBeNull()
    expect(parts.rateUs).toBeNull()
    expect(parts.kind).toBeNull()
  })

  it('still decides when every part is known', () => {
    const parts = shiftParts(values, point(mix), point(mix), late, early)
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

describe('parts of a shift whose token mix barely moved (ADR 0539)', () => {
  /**
   * Short prompts (600 tokens) take 20–110 ms (median 65), long ones (1,500) 40–200 ms (median
   * 120): each bin spreads wide, as queueing and batching make it, and the two overlap. The
   * reference has 51.5 % short, the window 49.5 %: the same mix within a draw's noise. Every window
   * request is 100 ms slower. The bins' medians are two steps, and the median request of either
   * side sits where they meet.
   */
  function parts(): ReturnType<typeof shiftParts> {
    const rng = createTestRng(7)
    const n = 4000
    const requests = Array.from({ length: n }, (_, i) => {
      const late = i >= n / 2
      const short = i % 200 < (late ? 99 : 103)
      const base = short ? 20 + 90 * rng() : 40 + 160 * rng()
      return makeTimeline({
        startUs: T0_US + Math.floor((i / n) * 20 * 60_000_000),
        inputTokens: short ? 600 : 1500,
        stagesMs: { 'engine.prefill': base + (late ? 100 : 0) },
      })
    })
    return promptParts(requests, n / 2)
  }

  it('gives the token mix the few ms two points of mix are worth, not the step between bins', () => {
    const p = parts()
    // Two points of the mix between bins 55 ms apart move the median about 1 ms; the bins' own
    // medians put the window's median request in the long bin and the reference's in the short:
    // 55 ms.
    expect(Math.abs(p.tokensUs as number)).toBeLessThan(15_000)
    expect(p.kind).toBe('rate')
    expect(p.rateUs).toBeGreaterThan(60_000)
  })

  it('adds up to the observed shift of the median', () => {
    const p = parts()
    const sum = (p.tokensUs as number) + (p.loadUs as number) + (p.rateUs as number)
    // Each side's observed median is its own mix's: the shift is the 100 ms and the step of a
    // mix that barely moved, about 101 ms.
    expect(sum).toBeGreaterThan(95_000)
    expect(sum).toBeLessThan(107_000)
  })
})

describe('the median of a mixture of reference distributions', () => {
  // Source 0 holds 1, 2, 3; source 1 holds 10, 20. One request takes source 0, three source 1:
  // the mixture puts a quarter of its weight on {1, 2, 3} and three quarters on {10, 20}.
  const r: ReferenceSet = {
    source: Int32Array.from([0, 1, 1, 1, -1]),
    starts: Int32Array.from([0, 3, 5]),
    data: Float64Array.from([1, 2, 3, 10, 20]),
  }
  it('weighs each request of the set as one, whatever its source holds', () => {
    expect(mixtureMedian(r, Uint8Array.from([1, 1, 1, 1, 1]))).toBe(10)
    // One of each: half the weight on {1, 2, 3}, whose top is where the mixture reaches half.
    expect(mixtureMedian(r, Uint8Array.from([1, 1, 0, 0, 0]))).toBe(3)
  })
  it('is unknown for a set with no request that has a source', () => {
    expect(mixtureMedian(r, Uint8Array.from([0, 0, 0, 0, 1]))).toBeNaN()
  })
})
