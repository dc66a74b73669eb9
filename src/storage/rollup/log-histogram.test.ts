import { describe, expect, it } from 'vitest'
import { nearestRankValues } from '../query/nearest-rank.js'
import {
  binKey,
  emptyHistogram,
  histogramQuantiles,
  mergeInto,
  RELATIVE_ERROR,
  type LogHistogram,
} from './log-histogram.js'

function histogramOf(values: readonly number[]): LogHistogram {
  const h = emptyHistogram()
  for (const v of values) {
    const key = binKey(v)
    h.bins.set(key, (h.bins.get(key) ?? 0) + 1)
    h.count++
    h.min = Math.min(h.min, v)
    h.max = Math.max(h.max, v)
  }
  return h
}

const QS = [0, 0.001, 0.25, 0.5, 0.9, 0.95, 0.99, 0.999, 1]

/** |a − e| ≤ RELATIVE_ERROR · |e| (a hair of float slack on the bound itself). */
function expectWithinBound(approx: (number | null)[], exact: number[]): void {
  exact.forEach((e, i) => {
    const a = approx[i] as number
    expect(Math.abs(a - e)).toBeLessThanOrEqual(RELATIVE_ERROR * Math.abs(e) * (1 + 1e-9))
  })
}

describe('log histogram quantiles', () => {
  let seed = 3
  const rand = (): number => {
    seed = (seed * 1103515245 + 12345) % 2147483648
    return seed / 2147483648
  }

  it('stay within the stated relative error of nearest-rank values, zeros and negatives included', () => {
    const values = Array.from({ length: 20_000 }, (_, i) =>
      i % 97 === 0 ? 0 : i % 31 === 0 ? -rand() * 1e4 : Math.exp(rand() * 20) / 10
    )
    const exact = nearestRankValues(
      [...values].sort((a, b) => a - b),
      QS
    )
    expectWithinBound(histogramQuantiles(histogramOf(values), QS), exact)
  })

  it('merge as if the values had been binned together', () => {
    const a = Array.from({ length: 3000 }, () => 1000 + rand() * 9000)
    const b = Array.from({ length: 500 }, () => 50_000 * (1 + rand()))
    const merged = histogramOf(a)
    mergeInto(merged, histogramOf(b))
    expect(histogramQuantiles(merged, QS)).toEqual(
      histogramQuantiles(histogramOf([...a, ...b]), QS)
    )
    expectWithinBound(
      histogramQuantiles(merged, QS),
      nearestRankValues(
        [...a, ...b].sort((x, y) => x - y),
        QS
      )
    )
  })

  it('answer the exact extremes and null for no values', () => {
    const h = histogramOf([7, 3.5, 1e9])
    expect(histogramQuantiles(h, [0, 1])).toEqual([3.5, 1e9])
    expect(histogramQuantiles(emptyHistogram(), [0.5])).toEqual([null])
  })
})
