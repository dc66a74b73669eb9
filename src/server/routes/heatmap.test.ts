import { describe, expect, it } from 'vitest'
import { binHeatmap } from './heatmap.js'

describe('binHeatmap', () => {
  it('places values in log-spaced buckets per column; the last bound is the maximum', () => {
    // column:   0     0     1      1       2
    // value µs: 1000  2000  10000  100000  100000
    const times = Float64Array.from([0, 5, 10, 12, 25])
    const values = Float64Array.from([1000, 2000, 10000, 100000, 100000])
    const { boundsUs, counts } = binHeatmap(times, values, 5, 0, 10, 3, 2)
    expect(boundsUs[0]).toBeCloseTo(10000)
    expect(boundsUs[1]).toBe(100000)
    expect(counts).toEqual([
      [2, 0],
      [1, 1],
      [0, 1],
    ])
  })

  it('handles a window where every value is the same or zero', () => {
    const same = binHeatmap(
      Float64Array.from([0, 1]),
      Float64Array.from([500, 500]),
      2,
      0,
      10,
      1,
      4
    )
    expect(same.counts[0]!.reduce((a, b) => a + b, 0)).toBe(2)
    const zeros = binHeatmap(Float64Array.from([0]), Float64Array.from([0]), 1, 0, 10, 2, 4)
    expect(zeros).toEqual({ boundsUs: [], counts: [[], []] })
  })

  it('ignores values outside the columns', () => {
    const { counts } = binHeatmap(
      Float64Array.from([-5, 100]),
      Float64Array.from([1, 2]),
      2,
      0,
      10,
      2,
      2
    )
    expect(counts.flat().reduce((a, b) => a + b, 0)).toBe(0)
  })
})
