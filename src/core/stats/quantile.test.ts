import { describe, expect, it } from 'vitest'
import {
  medianAndSpread,
  medianShift,
  quantileInterval,
  quantileSorted,
  quantileUnsorted,
  rankIndex,
  selectRank,
  selectRanks,
  sortedFinite,
  summarize,
} from './quantile.js'
import { createRng } from './seeded-random.js'

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

  it('summarizes 1..100 exactly and an empty set as unknown (NaN), not zeros', () => {
    const values = Float64Array.from({ length: 100 }, (_, i) => i + 1)
    expect(summarize(values)).toMatchObject({
      count: 100,
      p50: 50,
      p95: 95,
      p99: 99,
      max: 100,
      mean: 50.5,
    })
    const empty = summarize(new Float64Array(0))
    expect(empty.count).toBe(0)
    for (const v of [empty.mean, empty.p50, empty.p90, empty.p95, empty.p99, empty.max]) {
      expect(v).toBeNaN()
    }
    // Only NaN values: still no value to take a quantile of.
    expect(summarize(Float64Array.from([NaN, NaN])).p99).toBeNaN()
    expect(quantileSorted([], 0.5)).toBe(0)
  })

  it('honours a mask', () => {
    const values = Float64Array.from([1, 2, 3, 4])
    expect(summarize(values, Uint8Array.from([0, 0, 1, 1])).p50).toBe(3)
  })
})

describe('the value at a rank without a sort', () => {
  it("is the sorted array's value at that rank, ties, runs and every rank included", () => {
    const rng = createRng(334)
    for (let round = 0; round < 200; round++) {
      const n = 1 + Math.floor(rng.next() * 300)
      // Few distinct values in some rounds: ties are where a partition goes wrong.
      const distinct = round % 3 === 0 ? 4 : 1_000_000
      const values = Float64Array.from({ length: n }, () => Math.floor(rng.next() * distinct))
      if (round % 5 === 0) {
        values.sort()
      }
      const sorted = Float64Array.from(values).sort()
      for (const rank of [0, n - 1, Math.floor(n / 2), Math.floor(rng.next() * n)]) {
        expect(selectRank(Float64Array.from(values), rank)).toBe(sorted[rank])
      }
    }
  })

  it('selects on arrays past the sampled pivot too, and leaves them split at the rank', () => {
    const rng = createRng(2461)
    for (let round = 0; round < 40; round++) {
      const n = 601 + Math.floor(rng.next() * 20_000)
      // Ties (few distinct values), sorted and reversed runs, and a skewed tail like latencies.
      const distinct = round % 4 === 0 ? 3 : round % 4 === 1 ? 40 : 1e9
      const values = Float64Array.from({ length: n }, () =>
        round % 4 === 3 ? Math.exp(rng.normal() * 2) : Math.floor(rng.next() * distinct)
      )
      if (round % 5 === 0) {
        values.sort()
      } else if (round % 5 === 1) {
        values.sort().reverse()
      }
      const sorted = Float64Array.from(values).sort()
      for (const rank of [0, n - 1, rankIndex(n, 0.5), rankIndex(n, 0.99), rng.int(0, n - 1)]) {
        const a = Float64Array.from(values)
        const v = selectRank(a, rank)
        expect(v).toBe(sorted[rank])
        expect(a.subarray(0, rank).every((x) => x <= v)).toBe(true)
        expect(a.subarray(rank + 1).every((x) => x >= v)).toBe(true)
        expect(Float64Array.from(a).sort()).toEqual(sorted)
      }
      const ranks = [0.5, 0.95, 0.99].map((q) => rankIndex(n, q))
      const at = selectRanks(Float64Array.from(values), ranks)
      for (const rank of ranks) {
        expect(at.get(rank)).toBe(sorted[rank])
      }
    }
  })

  it('gives several ranks at once as the sort orders them, -0 before +0', () => {
    const rng = createRng(442)
    for (let round = 0; round < 200; round++) {
      const n = 1 + Math.floor(rng.next() * 400)
      const distinct = round % 3 === 0 ? 5 : 1_000_000
      // Signed values with zeros of both signs in some rounds.
      const values = Float64Array.from({ length: n }, () => {
        const v =
          Math.floor(rng.next() * distinct) - (round % 2 === 0 ? Math.floor(distinct / 2) : 0)
        return v === 0 && rng.next() < 0.5 ? -0 : v
      })
      const sorted = Float64Array.from(values).sort()
      const ranks = [0.5, 0.95, 0.99].map((q) => rankIndex(n, q))
      ranks.push(Math.floor(rng.next() * n), n - 1)
      const at = selectRanks(Float64Array.from(values), ranks)
      for (const rank of ranks) {
        expect(Object.is(at.get(rank), sorted[rank])).toBe(true)
      }
    }
  })

  it('leaves the array split at every rank it selects, whatever order the ranks come in', () => {
    const rng = createRng(513)
    for (let round = 0; round < 40; round++) {
      // Past the sampled selection's threshold, so each stretch takes the sampled pivot.
      const n = 1 + Math.floor(rng.next() * (round % 2 === 0 ? 5000 : 300))
      const values = Float64Array.from({ length: n }, () => Math.floor(rng.next() * 2000) - 300)
      const sorted = Float64Array.from(values).sort()
      const ranks = Array.from({ length: 1 + (round % 6) }, () => Math.floor(rng.next() * n))
      if (round % 3 === 0) {
        ranks.push(...[0.99, 0.5, 0.95].map((q) => rankIndex(n, q)), 0, n - 1)
      }
      const a = Float64Array.from(values)
      const at = selectRanks(a, ranks)
      expect([...at.keys()].sort((x, y) => x - y)).toEqual(
        [...new Set(ranks)].sort((x, y) => x - y)
      )
      for (const rank of ranks) {
        const v = at.get(rank)!
        expect(v).toBe(sorted[rank])
        expect(a[rank]).toBe(v)
        expect(a.subarray(0, rank).every((x) => x <= v)).toBe(true)
        expect(a.subarray(rank + 1).every((x) => x >= v)).toBe(true)
      }
      expect(Float64Array.from(a).sort()).toEqual(sorted)
    }
  })

  it("gives an unsorted array's quantile as its sort would, NaN, signed zeros and none included", () => {
    const rng = createRng(4942)
    for (let round = 0; round < 200; round++) {
      const n = Math.floor(rng.next() * (round % 4 === 0 ? 3000 : 50))
      const values = Float64Array.from({ length: n }, () => {
        const u = rng.next()
        return u < 0.03 && round % 2 === 0 ? NaN : u < 0.2 ? (u < 0.1 ? -0 : 0) : rng.int(-5, 5)
      })
      for (const q of [0, 0.5, 0.99]) {
        const want = quantileSorted(Float64Array.from(values).sort(), q)
        expect(Object.is(quantileUnsorted(Float64Array.from(values), q), want)).toBe(true)
      }
    }
  })

  it('leaves the median shift as the sorted deviations gave it', () => {
    const a = Float64Array.from([1, 2, 2, 3, 9, 40]).sort()
    const b = Float64Array.from([1, 1, 2, 5]).sort()
    // Medians 2 and 1; deviations 1 0 0 1 7 38 | 0 0 1 4: the nearest-rank median (rank 5) is 1.
    const { se, shift } = medianShift(a, b, 0)
    expect(shift).toBe(1)
    expect(se).toBeCloseTo(1.4826 * Math.sqrt(1 / 6 + 1 / 4), 12)
  })
})

describe('median and robust spread', () => {
  it('takes the nearest-rank median and 1.4826 × the median absolute deviation, in any order', () => {
    // Deviations from 3 are 0, 1, 1, 2, 97: the outlier moves neither figure.
    expect(medianAndSpread([100, 2, 4, 1, 3])).toEqual({ median: 3, spread: 1.4826 })
    expect(medianAndSpread([5, 5, 5])).toEqual({ median: 5, spread: 0 })
  })
})

describe("a sample quantile's own interval", () => {
  const ranks = (n: number) => Float64Array.from({ length: n }, (_, i) => i + 1)

  it('has no upper end for the P99 of 253 values, and one for 600', () => {
    // None of 253 draws passes the population's P99 with probability 0.99^253 = 7.9 % > 5 %.
    expect(quantileInterval(ranks(253), 0.99)).toEqual([248, null])
    expect(quantileInterval(ranks(600), 0.99)).toEqual([590, 599])
    expect(quantileInterval(ranks(253), 0.5)).toEqual([113, 141])
    expect(quantileInterval(new Float64Array(0), 0.5)).toEqual([null, null])
  })

  it.each([
    [0.5, 253],
    [0.99, 253],
    [0.99, 600],
  ])(
    'holds the population quantile %f of a log-normal in about 90 percent of samples of %i',
    (q, n) => {
      // Latencies' shape; the population's quantile is known exactly.
      const rng = createRng(26)
      const z = q === 0.5 ? 0 : 2.326348
      const truth = 100 * Math.exp(0.6 * z)
      const samples = 1000
      let held = 0
      let bounded = 0
      for (let s = 0; s < samples; s++) {
        const sorted = Float64Array.from({ length: n }, () => rng.lognormal(100, 0.6)).sort()
        const [lo, hi] = quantileInterval(sorted, q)
        held += (lo === null || lo <= truth) && (hi === null || truth <= hi) ? 1 : 0
        bounded += hi === null ? 0 : 1
        // The sample's own quantile is inside its interval.
        const own = quantileSorted(sorted, q)
        expect((lo ?? -Infinity) <= own && own <= (hi ?? Infinity)).toBe(true)
      }
      // At least the level (ranks are whole): 0.925, 0.960 and 0.946 here.
      expect(held / samples).toBeGreaterThanOrEqual(0.88)
      expect(held / samples).toBeLessThanOrEqual(0.97)
      expect(bounded).toBe(n === 253 && q === 0.99 ? 0 : samples)
    }
  )
})
