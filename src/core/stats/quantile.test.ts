import { describe, expect, it } from 'vitest'
import { medianAndSpread, quantileSorted, rankIndex, sortedFinite, summarize } from './quantile.js'

describe('nearest-rank quantiles', () => {
  it.each([
    [100, 0.5, 49],
    [100, 0.99, 98],
    [100, 0.07, 6],
    [1, 0.99, 0],
    [3, 0, 0],
  ])('n=%i q=%f → index %i', (n, q, index) => {
    expect(rankIndex(n, q)).toBe(index)
  })

  it('skips NaN (missing) values and sorts numerically', () => {
    const sorted = sortedFinite(Float64Array.from([10, NaN, 2, 100, NaN, 33]))
    expect(Array.from(sorted)).toEqual([2, 10, 33, 100])
  })

  it('summarizes 1..100 exactly and an empty set as zeros', () => {
    const values = Float64Array.from({ length: 100 }, (_, i) => i + 1)
    expect(summarize(values)).toMatchObject({
      count: 100,
      p50: 50,
      p95: 95,
      p99: 99,
      max: 100,
      mean: 50.5,
    })
    expect(summarize(new Float64Array(0))).toMatchObject({ count: 0, p50: 0, p99: 0, mean: 0 })
    expect(quantileSorted([], 0.5)).toBe(0)
  })

  it('honours a mask', () => {
    const values = Float64Array.from([1, 2, 3, 4])
    expect(summarize(values, Uint8Array.from([0, 0, 1, 1])).p50).toBe(3)
  })
})

describe('median and robust spread', () => {
  it('takes the nearest-rank median and 1.4826 × the median absolute deviation, in any order', () => {
    // Deviations from 3 are 0, 1, 1, 2, 97: the outlier moves neither figure.
    expect(medianAndSpread([100, 2, 4, 1, 3])).toEqual({ median: 3, spread: 1.4826 })
    expect(medianAndSpread([5, 5, 5])).toEqual({ median: 5, spread: 0 })
  })
})
