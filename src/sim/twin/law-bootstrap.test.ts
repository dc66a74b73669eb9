import { describe, expect, it } from 'vitest'
import { createRng } from '../../core/stats/seeded-random.js'
import type { TwinFit } from './fit.js'
import type { StepModel } from './engine.js'
import { blockWeights, lawHalfWidth, stepHalfWidth, widenByLaw } from './law-bootstrap.js'

describe('lawHalfWidth', () => {
  it('reads the law alone from pairs run with one seed, centred on no difference', () => {
    // Refits 5 % above and below their seeded runs: rms 0.049 on the log scale, t at 4 df.
    const pairs: [number, number][] = [
      [1050, 1000],
      [950, 1000],
      [2100, 2000],
      [1900, 2000],
    ]
    expect(lawHalfWidth(pairs)).toBeCloseTo(
      2.132 * Math.sqrt((Math.log(1.05) ** 2 + Math.log(0.95) ** 2) / 2),
      6
    )
    // The same law on every refit: the seeds' own noise cancels, nothing is added.
    expect(
      lawHalfWidth([
        [1000, 1000],
        [3000, 3000],
        [500, 500],
      ])
    ).toBe(0)
    // A law that moves every figure one way still counts: the truth's law can sit there too.
    expect(
      lawHalfWidth([
        [1100, 1000],
        [1100, 1000],
        [1100, 1000],
      ])!
    ).toBeGreaterThan(0.2)
  })

  it('says nothing from fewer than two pairs or from a value that is not positive', () => {
    expect(lawHalfWidth([[1000, 1000]])).toBeNull()
    expect(
      lawHalfWidth([
        [0, 1000],
        [1000, 1000],
      ])
    ).toBeNull()
  })
})

describe('widenByLaw', () => {
  it('adds the law to each side of the interval in quadrature, around the point', () => {
    const [lo, hi] = widenByLaw(100, [90, 120], 0.1)
    expect(Math.log(100 / lo)).toBeCloseTo(Math.hypot(Math.log(100 / 90), 0.1), 9)
    expect(Math.log(hi / 100)).toBeCloseTo(Math.hypot(Math.log(1.2), 0.1), 9)
    expect(widenByLaw(100, [90, 120], 0)).toEqual([90, 120].map((v) => expect.closeTo(v, 9)))
  })
})

describe('blockWeights', () => {
  it('draws blocks of neighbours in arrival order, n requests in all', () => {
    const n = 1000
    // Arrival order is the reverse of the row order: a block is rows that arrived together.
    const fit = {
      observed: { n, queuedUs: Float64Array.from({ length: n }, (_, i) => (n - i) * 1000) },
    } as unknown as TwinFit
    const w = blockWeights(fit, 10, createRng(7))
    expect(w.reduce((a, b) => a + b, 0)).toBe(n)
    // Rows 10 apart in arrival order share a block boundary at most once: within a block,
    // neighbours carry the same weight unless another block also covered one of them.
    let same = 0
    for (let i = 1; i < n; i++) {
      same += w[i] === w[i - 1] ? 1 : 0
    }
    expect(same / (n - 1)).toBeGreaterThan(0.75)
    expect(w.filter((x) => x === 0).length / n).toBeGreaterThan(0.25)
  })
})

describe('stepHalfWidth', () => {
  const law = (decodeBaseUs: number, perDecodeSeqUs: number): StepModel => ({
    decodeBaseUs,
    perDecodeSeqUs,
    perKvTokenUs: 0,
    prefillBaseUs: 0,
    perPrefillTokenUs: 0,
  })
  it('reads the widest replica at the batch the prediction runs', () => {
    const fitted = [law(10_000, 200), law(10_000, 200)]
    // Replica 1's slope refits ±10 %, replica 0's not at all.
    const refits = [180, 220, 200, 190, 210].map((slope) => [law(10_000, 200), law(10_000, slope)])
    const h = stepHalfWidth(fitted, refits, 24, 0)!
    expect(h).toBeGreaterThan(0)
    expect(
      stepHalfWidth(
        [fitted[0]!],
        refits.map((r) => [r[0]!]),
        24,
        0
      )
    ).toBe(0)
  })
  it('is unknown, not 0, when a refit gives a step that is not positive there', () => {
    const fitted = [law(10_000, 200), law(10_000, 200)]
    const refits = [180, 220, 200, 190, -1_000].map((slope) => [
      law(10_000, 200),
      law(10_000, slope),
    ])
    expect(stepHalfWidth(fitted, refits, 24, 0)).toBeNull()
  })
})
