import { describe, expect, it } from 'vitest'
import { createRng } from '../../core/stats/seeded-random.js'
import type { JobPlan } from './changes.js'
import type { TwinFit } from './fit.js'
import { blockLength, sampleEnds } from './sampling.js'

const MINUTE_US = 60_000_000
const OPEN: JobPlan = {
  rateMultiplier: 1,
  closed: null,
  outputCap: Infinity,
  promptCap: Infinity,
  tenantCap: null,
}

interface Drawn {
  fit: TwinFit
  bins: number[][]
  /** The work the process that drew the window holds on average over its length. */
  expectedWork: number
  work: number
}

const MEAN_PROMPT = 2000
const MEAN_OUTPUT = 300
/** E[out · (prompt + out / 2)] for independent exponential lengths. */
const EXPECTED_PER_REQUEST = MEAN_OUTPUT * MEAN_PROMPT + (2 * MEAN_OUTPUT ** 2) / 2

/**
 * A window of `minutes` drawn from a known process: Poisson arrivals at `rate(minute)` per
 * second, prompt and output lengths exponential. Only the parts of a fit the resampling reads.
 */
function drawWindow(
  seed: number,
  minutes: number,
  rate: (minute: number) => number,
  emptyEdges = 0
): Drawn {
  const rng = createRng(seed)
  const prompt: number[] = []
  const output: number[] = []
  const bins: number[][] = []
  let expectedWork = 0
  let work = 0
  for (let b = 0; b < minutes + 2 * emptyEdges; b++) {
    const rows: number[] = []
    const inData = b >= emptyEdges && b < minutes + emptyEdges
    const lambda = inData ? rate(b - emptyEdges) : 0
    expectedWork += lambda * 60 * EXPECTED_PER_REQUEST
    for (let t = inData ? rng.exp(1 / lambda) : 60; t < 60; t += rng.exp(1 / lambda)) {
      const p = Math.max(1, Math.round(rng.exp(MEAN_PROMPT)))
      const o = Math.max(1, Math.round(rng.exp(MEAN_OUTPUT)))
      rows.push(prompt.length)
      prompt.push(p)
      output.push(o)
      work += o * (p + o / 2)
    }
    bins.push(rows)
  }
  const B = bins.length
  const fit = {
    model: {
      window: { fromUs: 0, toUs: B * MINUTE_US },
      arrival: { binUs: MINUTE_US, ratePerSec: bins.map((r) => r.length / 60) },
    },
    observed: { promptTokens: Float64Array.from(prompt), outputTokens: Float64Array.from(output) },
    binKeep: new Float64Array(B).fill(1),
  } as unknown as TwinFit
  return { fit, bins, expectedWork, work }
}

function range(d: Drawn, seed = 1): { low: number; high: number } {
  const s = sampleEnds(d.fit, OPEN, d.bins, createRng(seed)).summary
  expect(s.work).not.toBeNull()
  return s.work!
}

describe('sampleEnds', () => {
  it('narrows as the window holds more requests', () => {
    const widths = [0.5, 5].map((rps) => {
      const r = range(drawWindow(3, 20, () => rps))
      return r.high - r.low
    })
    // Sampling noise shrinks as 1/√n: ten times the requests, about a third of the range.
    expect(widths[1]!).toBeLessThan(widths[0]! * 0.6)
    expect(widths[0]!).toBeGreaterThan(0.1)
  })

  it('widens when the rate itself moves from minute to minute', () => {
    const steady = range(drawWindow(5, 20, () => 2))
    const bursty = range(drawWindow(5, 20, (m) => (m % 4 === 0 ? 6 : 0.7)))
    expect(bursty.high - bursty.low).toBeGreaterThan(1.5 * (steady.high - steady.low))
  })

  it('covers the work of the process the window was drawn from about nine times in ten', () => {
    let inside = 0
    const windows = 120
    for (let k = 0; k < windows; k++) {
      const d = drawWindow(100 + k, 20, () => 1)
      const r = range(d, k)
      const truth = d.expectedWork / d.work
      if (truth >= r.low && truth <= r.high) {
        inside++
      }
    }
    // A 5–95 % range: a block bootstrap of 20 minutes runs a little narrow, never near zero.
    expect(inside / windows).toBeGreaterThan(0.75)
    expect(inside / windows).toBeLessThanOrEqual(0.97)
  })

  it('leaves the minutes before the first and after the last request out of the resample', () => {
    const edged = drawWindow(9, 20, () => 1, 3)
    const plain = drawWindow(9, 20, () => 1)
    const a = range(edged)
    const b = range(plain)
    // The same requests: resampling the empty edges in would widen the range by itself.
    expect(a.high - a.low).toBeCloseTo(b.high - b.low, 9)
    const ends = sampleEnds(edged.fit, OPEN, edged.bins, createRng(1))
    for (const s of ends.samples) {
      expect(s.bins.slice(0, 3).every((rows) => rows.length === 0)).toBe(true)
      expect(s.bins.slice(-3).every((rows) => rows.length === 0)).toBe(true)
    }
  })

  it('gives the resampled window the raw count of its minutes as its rate', () => {
    const d = drawWindow(11, 20, () => 1)
    const ends = sampleEnds(d.fit, OPEN, d.bins, createRng(2))
    expect(ends.samples).toHaveLength(2)
    for (const s of ends.samples) {
      const rate = s.ratePerSec.reduce((a, r) => a + r * 60, 0)
      const count = s.bins.reduce((a, rows) => a + rows.length, 0)
      expect(rate).toBeCloseTo(count, 6)
    }
    // The low end holds less work than the window, the high end more.
    expect(ends.summary.work!.low).toBeLessThan(1)
    expect(ends.summary.work!.high).toBeGreaterThan(1)
  })

  it('adds no runs when the window pins its work down to within ±1 %', () => {
    const d = drawWindow(13, 60, () => 300)
    const ends = sampleEnds(d.fit, OPEN, d.bins, createRng(1))
    expect(ends.summary.runs).toBe(0)
    expect(ends.samples).toEqual([])
    expect(ends.summary.work!.high - ends.summary.work!.low).toBeLessThan(0.02)
  })

  it('says nothing about a window with under three minutes of requests', () => {
    const d = drawWindow(1, 2, () => 2)
    expect(sampleEnds(d.fit, OPEN, d.bins, createRng(1)).summary.work).toBeNull()
  })

  it('uses blocks of about the cube root of the minutes', () => {
    expect(blockLength(1)).toBe(1)
    expect(blockLength(20)).toBe(3)
    expect(blockLength(60)).toBe(4)
  })
})
