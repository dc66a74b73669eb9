import { describe, expect, it } from 'vitest'
import { createRng } from '../../core/stats/seeded-random.js'
import { fitNonNegative } from './regression.js'

describe('fitNonNegative', () => {
  it('recovers the coefficients of a noisy linear law', () => {
    const rng = createRng(3)
    const n = 500
    const X = new Float64Array(n * 3)
    const y = new Float64Array(n)
    for (let i = 0; i < n; i++) {
      const b = rng.range(1, 40)
      const kv = b * rng.range(500, 1500)
      X.set([1, b, kv], i * 3)
      y[i] = 7000 + 20 * b + 0.05 * kv + rng.normal() * 50
    }
    const fit = fitNonNegative(X, y, 3)
    expect(fit.coefficients[0]).toBeCloseTo(7000, -2)
    expect(fit.coefficients[1]).toBeGreaterThan(10)
    expect(fit.coefficients[1]).toBeLessThan(30)
    expect(fit.coefficients[2]).toBeCloseTo(0.05, 2)
    expect(fit.r2).toBeGreaterThan(0.95)
  })

  it('holds a coefficient at zero rather than letting it go negative', () => {
    // y falls with x: the best non-negative slope is 0, and the intercept takes the mean.
    const X = Float64Array.from([1, 1, 1, 2, 1, 3, 1, 4])
    const y = Float64Array.from([8, 6, 4, 2])
    const fit = fitNonNegative(X, y, 2)
    expect(fit.coefficients[1]).toBe(0)
    expect(fit.coefficients[0]).toBeCloseTo(5, 3)
  })
})
