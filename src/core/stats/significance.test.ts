import { describe, expect, it } from 'vitest'
import {
  binomialLowerLog10,
  cliffsDelta,
  normalUpperTail,
  pearson,
  ramp,
  spearman,
  twoProportionZTest,
} from './significance.js'

describe('significance helpers', () => {
  it('normal tail matches known values', () => {
    expect(normalUpperTail(0)).toBeCloseTo(0.5, 6)
    expect(normalUpperTail(1.96)).toBeCloseTo(0.025, 3)
    expect(normalUpperTail(-1.96)).toBeCloseTo(0.975, 3)
    expect(normalUpperTail(Infinity)).toBe(0)
  })

  it('two-proportion z-test: a clear difference is significant, equal rates are not', () => {
    const clear = twoProportionZTest(50, 100, 10, 100)
    expect(clear.z).toBeGreaterThan(5)
    expect(clear.pValue).toBeLessThan(1e-6)
    const same = twoProportionZTest(10, 100, 10, 100)
    expect(same.z).toBe(0)
    expect(same.pValue).toBeCloseTo(0.5, 6)
    expect(twoProportionZTest(0, 0, 5, 10)).toEqual({ z: 0, pValue: 1 })
  })

  it("Cliff's delta: the typical value, not a few large ones", () => {
    expect(cliffsDelta([2, 3, 4], [0, 1])).toBe(1)
    expect(cliffsDelta([0, 1], [2, 3, 4])).toBe(-1)
    expect(cliffsDelta([0, 0, 0], [0, 0])).toBe(0)
    // (1 vs 0,2,3: +1 −2) + (2: +1 −1) + (5: +3) = 2 over 9 pairs.
    expect(cliffsDelta([1, 2, 5], [0, 2, 3])).toBeCloseTo(2 / 9, 12)
    // A tail of huge values on otherwise equal samples is a negligible effect.
    const calm = new Array<number>(98).fill(0)
    expect(cliffsDelta([...calm, 500, 900], new Array<number>(100).fill(0))).toBeCloseTo(0.02, 12)
    expect(cliffsDelta([], [1])).toBeNaN()
  })

  it('correlations', () => {
    expect(pearson([1, 2, 3, 4], [2, 4, 6, 8])).toBeCloseTo(1, 9)
    expect(spearman([1, 2, 3, 4], [10, 100, 1000, 10000])).toBeCloseTo(1, 9)
    expect(spearman([1, 2, 3, 4], [4, 3, 2, 1])).toBeCloseTo(-1, 9)
    expect(pearson([1, 1, 1], [1, 2, 3])).toBe(0)
    expect(spearman([1, NaN, 3, 4, 5], [1, 2, 3, 4, 5])).toBeCloseTo(1, 9)
  })

  it('ramp', () => {
    expect(ramp(0, 1, 2)).toBe(0)
    expect(ramp(1.5, 1, 2)).toBe(0.5)
    expect(ramp(3, 1, 2)).toBe(1)
    expect(ramp(NaN, 1, 2)).toBe(0)
  })

  it('binomial lower tail: exact on a small case, and a tail with more terms than a call takes arguments', () => {
    // P(K ≤ 1) for n = 10, p = 0.5: (1 + 10) / 1024.
    expect(binomialLowerLog10(1, 10, 0.5)).toBeCloseTo(Math.log10(11 / 1024), 12)
    expect(binomialLowerLog10(10, 10, 0.5)).toBeCloseTo(0, 12)
    // 1 below where 24 were expected (a batching window's floor, ADR 0364): about 3e-10.
    expect(binomialLowerLog10(1, 240, 0.1)).toBeCloseTo(-9.5, 0)
    // 200 000 terms: a spread into Math.max throws "Maximum call stack size exceeded" here.
    const tail = binomialLowerLog10(200_000, 2_500_000, 0.1)
    expect(tail).toBeLessThan(-1000)
    expect(Number.isFinite(tail)).toBe(true)
  })
})
