import { describe, expect, it } from 'vitest'
import { quantileSorted } from '../../core/stats/quantile.js'
import { createRng } from '../../core/stats/seeded-random.js'
import { medianOfKnown, quantilesOf } from './known-quantiles.js'

/** What the fit read before: the known values sorted, then the nearest rank. */
function bySort(values: ArrayLike<number>, q: number): number {
  return quantileSorted(
    Float64Array.from(values)
      .filter((v) => v === v)
      .sort(),
    q
  )
}

const QS = [0.5, 0.99, 0.01, 0.95]

describe('quantilesOf', () => {
  const rng = createRng(7)
  const cases: [string, number[]][] = [
    ['empty', []],
    ['all missing', [NaN, NaN]],
    ['one value', [3]],
    ['signed zeros around the median', [0, -0, 0, -0, -0, 1, -1]],
    ['ties and missing', [2, NaN, 2, 1, 2, NaN, 3, 2]],
    ['integers, many ties', Array.from({ length: 5000 }, () => Math.floor(rng.next() * 40))],
    ['heavy tail', Array.from({ length: 20001 }, () => rng.exp(1000) ** 2)],
    [
      'missing among floats',
      Array.from({ length: 3001 }, (_, i) => (i % 7 === 0 ? NaN : rng.next() - 0.5)),
    ],
  ]
  it.each(cases)('gives the sorted values nearest ranks: %s', (_, values) => {
    const got = quantilesOf(Float64Array.from(values), QS)
    QS.forEach((q, k) => {
      expect(Object.is(got[k], bySort(values, q)), `q ${q}: ${got[k]}`).toBe(true)
    })
    expect(Object.is(medianOfKnown(values), bySort(values, 0.5))).toBe(true)
  })

  it('leaves its input as it was', () => {
    const values = Float64Array.from([5, 1, NaN, 4, 2])
    quantilesOf(values, [0.5])
    expect([...values]).toEqual([5, 1, NaN, 4, 2])
  })
})
