import { describe, expect, it } from 'vitest'
import type { TwinModel } from './fit.js'
import type { Prediction } from './predict.js'
import { beyondObservedBatch } from './whatif.js'

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
