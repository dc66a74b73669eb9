import { describe, expect, it } from 'vitest'
import type { TwinModel } from './fit.js'
import type { Prediction } from './predict.js'
import { beyondObservedBatch, uncertainFromSample } from './whatif.js'

function model(source: string, runningPeak: number | null): TwinModel {
  return {
    replicas: [{ maxNumSeqs: { value: 256, source }, runningPeak }],
  } as unknown as TwinModel
}

function ran(peak: number): Prediction {
  return {
    replicas: [{ runningPeak: { value: peak, interval: [peak, peak] } }],
  } as unknown as Prediction
}

describe('beyondObservedBatch', () => {
  const assumed = 'assumed: vLLM default (the observed peak, 14, never held requests back)'

  it('warns when the prediction runs past the window’s peak while max_num_seqs is assumed', () => {
    const notes = beyondObservedBatch(model(assumed, 14), ran(40))
    expect(notes).toHaveLength(1)
    expect(notes[0]).toMatch(/up to 40 sequences.*never ran more than 14.*--max-num-seqs/)
  })

  it('says nothing when the ceiling was observed, the peak not passed, or no gauge was stored', () => {
    const observed = 'observed ceiling of num_requests_running while requests waited'
    expect(beyondObservedBatch(model(observed, 24), ran(40))).toEqual([])
    expect(beyondObservedBatch(model(assumed, 14), ran(12))).toEqual([])
    expect(beyondObservedBatch(model(assumed, null), ran(40))).toEqual([])
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
