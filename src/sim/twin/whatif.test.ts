import { describe, expect, it } from 'vitest'
import type { TwinModel } from './fit.js'
import type { Estimate, Prediction } from './predict.js'
import { joinCapEnds, uncertainFromSample, unseenCapRange } from './whatif.js'

function model(source: string, runningPeak: number | null, runningPeakSpans: number): TwinModel {
  return {
    replicas: [{ maxNumSeqs: { value: 256, source }, runningPeak, runningPeakSpans }],
  } as unknown as TwinModel
}

describe('unseenCapRange', () => {
  const assumed = 'assumed: vLLM default (the observed peak, 14, never held requests back)'

  it('runs from the most the window ran (spans or gauge) to the default when nothing says the cap', () => {
    expect(unseenCapRange(model(assumed, 14, 16), {})).toEqual({ windowPeak: 16, assumed: 256 })
    expect(unseenCapRange(model(assumed, null, 9), {})).toEqual({ windowPeak: 9, assumed: 256 })
  })

  it('is null when a ceiling, a config or the change says the cap', () => {
    const observed =
      'observed cap: num_requests_running pinned at 24 on 9 of 16 scrapes where requests waited (ADR 0315)'
    expect(unseenCapRange(model(observed, 24, 24), {})).toBeNull()
    expect(
      unseenCapRange(model("sglang:max_running_requests (the engine's own cap)", 3, 3), {})
    ).toBeNull()
    expect(unseenCapRange(model(assumed, 14, 16), { maxNumSeqs: 24 })).toBeNull()
  })
})

describe('joinCapEnds', () => {
  const est = (v: number, lo: number, hi: number): Estimate => ({ value: v, interval: [lo, hi] })
  const prediction = (ttftP50: Estimate, ttftP99: Estimate): Prediction => {
    const flat = est(10, 9, 11)
    const measures = {} as Prediction['measures']
    for (const m of ['ttft', 'tpot', 'e2e', 'queue'] as const) {
      measures[m] = { p50: flat, p95: flat, p99: flat }
    }
    measures.ttft = { p50: ttftP50, p95: flat, p99: ttftP99 }
    return {
      runs: 5,
      requests: 100,
      measures,
      replicas: [],
      saturation: { growing: 0, queueP50ByQuarter: [] },
      sampling: null,
      stepLawReach: null,
    }
  }

  it('withholds a point the cap moves past the goal, keeps one it does not, and widens both', () => {
    const atDefault = prediction(est(52, 50, 55), est(250, 240, 260))
    const atPeak = prediction(est(36, 35, 40), est(900, 700, 950))
    const { joined, withheld } = joinCapEnds(atDefault, atPeak)
    expect(joined.measures.ttft.p50).toEqual({ value: null, interval: [35, 55] })
    expect(joined.measures.ttft.p99).toEqual({ value: null, interval: [240, 950] })
    expect(joined.measures.tpot.p50).toEqual({ value: 10, interval: [9, 11] })
    expect(withheld).toEqual([
      { figure: 'ttft p50', ifCapAtLeastPeak: 52 },
      { figure: 'ttft p99', ifCapAtLeastPeak: 250 },
    ])
    // Within the goal (P50 10 %, P99 20 %) the point stays: any cap in between is as close.
    const near = joinCapEnds(atDefault, prediction(est(56, 54, 58), est(290, 280, 300)))
    expect(near.withheld).toEqual([])
    expect(near.joined.measures.ttft.p50).toEqual({ value: 52, interval: [50, 58] })
  })
})

describe('uncertainFromSample', () => {
  const at = (
    p50: [number, number, number],
    p99: [number, number, number],
    growing: { seeded: number; sampled: number },
    work: { low: number; high: number } | null = { low: 0.95, high: 1.06 }
  ): Prediction =>
    ({
      runs: 5,
      measures: {
        ttft: {
          p50: { value: p50[0], interval: [p50[1], p50[2]] },
          p99: { value: p99[0], interval: [p99[1], p99[2]] },
        },
      },
      saturation: { growing: growing.seeded, queueP50ByQuarter: [] },
      sampling: {
        method: 'circular block bootstrap of the minutes holding requests',
        blockMinutes: 3,
        resamples: 200,
        work,
        runs: work === null ? 0 : 2,
        growing: growing.sampled,
      },
    }) as unknown as Prediction

  it('flags an interval wider than the goal once the sample is counted', () => {
    const notes = uncertainFromSample(
      at([1273, 1106, 1461], [5770, 3355, 14875], { seeded: 0, sampled: 0 })
    )
    expect(notes).toHaveLength(1)
    expect(notes[0]).toMatch(
      /uncertain: the TTFT P50 and P99 interval reaches past ±10 \/ ±20 %.*-5 to \+6 %/
    )
  })

  it('says the load is at the edge when only the heavier resample grew its queue', () => {
    const notes = uncertainFromSample(
      at([700, 690, 720], [2500, 2400, 2600], { seeded: 0, sampled: 1 })
    )
    expect(notes).toHaveLength(1)
    expect(notes[0]).toMatch(/at the edge of what the cluster serves/)
  })

  it('says nothing within the goal, past saturation (said already) or without a sample', () => {
    expect(
      uncertainFromSample(at([700, 690, 720], [2500, 2400, 2600], { seeded: 0, sampled: 0 }))
    ).toEqual([])
    expect(
      uncertainFromSample(at([1500, 1200, 10000], [15000, 9000, 37000], { seeded: 3, sampled: 2 }))
    ).toEqual([])
    expect(
      uncertainFromSample(at([700, 500, 900], [2500, 1000, 4000], { seeded: 0, sampled: 0 }, null))
    ).toEqual([])
  })
})
