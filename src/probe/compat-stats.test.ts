import { describe, expect, it } from 'vitest'
import { guidellmDistribution, numpySummary } from './compat-stats.js'

describe('numpySummary (np.mean, np.std, np.percentile linear)', () => {
  it('interpolates between closest ranks and uses the population standard deviation', () => {
    const s = numpySummary([4, 1, 3, 2])
    expect(s.mean).toBe(2.5)
    // deviations ±1.5, ±0.5 → (2.25 + 0.25 + 0.25 + 2.25) / 4 = 1.25
    expect(s.std).toBeCloseTo(Math.sqrt(1.25), 12)
    expect(s.q(50)).toBe(2.5)
    // rank 0.9 · 3 = 2.7 → 3 + 0.7 · (4 − 3)
    expect(s.q(90)).toBeCloseTo(3.7, 12)
    expect(s.q(99)).toBeCloseTo(3.97, 12)
    expect([s.min, s.max, s.count]).toEqual([1, 4, 4])
  })

  it('summarises nothing as zero, as vLLM does with `x or 0`', () => {
    const s = numpySummary([])
    expect([s.mean, s.std, s.q(99), s.count]).toEqual([0, 0, 0, 0])
  })
})

describe('guidellmDistribution (DistributionSummary.from_values)', () => {
  it('takes the smallest value whose cumulative probability reaches p, without interpolation', () => {
    const d = guidellmDistribution([1, 2, 3, 4].map((v) => [v, 1] as const))
    // cdf 0.25 0.5 0.75 1: p50 reaches 0.5 at the second value (numpy would say 2.5)
    expect(d.median).toBe(2)
    expect(d.percentiles.p25).toBe(1)
    expect(d.percentiles.p50).toBe(2)
    expect(d.percentiles.p99).toBe(4)
    expect(d.percentiles.p001).toBe(1)
    expect(d.mean).toBe(2.5)
    expect(d.variance).toBeCloseTo(1.25, 12)
    expect(d.std_dev).toBeCloseTo(Math.sqrt(1.25), 12)
    expect([d.min, d.max, d.count, d.total_sum, d.mode]).toEqual([1, 4, 4, 10, 1])
  })

  it('weights values (TPOT by output tokens): probability 3/4 and 1/4', () => {
    const d = guidellmDistribution([
      [10, 3],
      [20, 1],
    ])
    expect(d.percentiles.p50).toBe(10)
    expect(d.percentiles.p75).toBe(10)
    expect(d.percentiles.p90).toBe(20)
    expect(d.mean).toBe(12.5)
    // 0.75 · 2.5² + 0.25 · 7.5² = 4.6875 + 14.0625
    expect(d.variance).toBeCloseTo(18.75, 12)
    // count is the rounded sum of weights, total_sum = mean · count
    expect([d.count, d.total_sum, d.mode]).toEqual([4, 50, 10])
  })

  it('merges equal values, drops zero weights, and falls back to uniform when none is left', () => {
    expect(
      guidellmDistribution([
        [5, 1],
        [5, 1],
        [7, 2],
      ]).percentiles.p50
    ).toBe(5)
    const dropped = guidellmDistribution([
      [1, 0],
      [3, 2],
    ])
    expect([dropped.min, dropped.mean, dropped.count]).toEqual([3, 3, 2])
    const uniform = guidellmDistribution([
      [1, 0],
      [2, 0],
    ])
    expect([uniform.median, uniform.mean, uniform.count]).toEqual([1, 1.5, 0])
  })

  it('summarises nothing as zeros', () => {
    const d = guidellmDistribution([])
    expect([d.mean, d.count, d.percentiles.p99]).toEqual([0, 0, 0])
  })
})
