import { describe, expect, it } from 'vitest'
import type { Micros } from '../../core/model/units.js'
import { nearestRankIndex } from './nearest-rank.js'
import { bucketStart, histogramQuantile, parseLe, ratePoints } from './series-math.js'

const pts = (pairs: [number, number][]) =>
  pairs.map(([t, v]) => ({ timeUs: t as Micros, value: v }))
const inf = Number.POSITIVE_INFINITY

describe('nearestRankIndex', () => {
  it('uses rank ceil(q·n), at least 1, ignoring float noise', () => {
    expect(nearestRankIndex(100, 0.5)).toBe(49)
    expect(nearestRankIndex(100, 0.07)).toBe(6)
    expect(nearestRankIndex(100, 0.29)).toBe(28)
    expect(nearestRankIndex(10, 0.95)).toBe(9)
    expect(nearestRankIndex(10, 0)).toBe(0)
    expect(nearestRankIndex(1, 1)).toBe(0)
  })
})

describe('series math', () => {
  it('aligns buckets to the epoch, also before it', () => {
    expect(bucketStart(125, 60)).toBe(120)
    expect(bucketStart(-1, 60)).toBe(-60)
  })

  it('parses le bounds', () => {
    expect(parseLe('+Inf')).toBe(inf)
    expect(parseLe('0.25')).toBe(0.25)
    expect(parseLe('1e3')).toBe(1000)
    expect(parseLe('abc')).toBeNull()
    expect(parseLe(undefined)).toBeNull()
  })

  it('treats a counter decrease as a restart from zero', () => {
    const rate = ratePoints(
      pts([
        [0, 100],
        [10_000_000, 110],
        [20_000_000, 5],
      ]),
      60_000_000
    )
    expect(rate).toEqual([{ timeUs: 0, value: 15 / 20 }])
  })

  it('answers null where Prometheus says NaN', () => {
    expect(histogramQuantile(0.5, [{ upperBound: 1, count: 10 }])).toBeNull()
    const noInf = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 20 },
    ]
    expect(histogramQuantile(0.5, noInf)).toBeNull()
    const empty = [
      { upperBound: 1, count: 0 },
      { upperBound: inf, count: 0 },
    ]
    expect(histogramQuantile(0.5, empty)).toBeNull()
  })

  it('interpolates in the first bucket from 0, returns a non-positive first bound as is', () => {
    const positive = [
      { upperBound: 2, count: 10 },
      { upperBound: inf, count: 10 },
    ]
    expect(histogramQuantile(0.25, positive)).toBe(0.5)
    const negative = [
      { upperBound: -1, count: 10 },
      { upperBound: inf, count: 10 },
    ]
    expect(histogramQuantile(0.25, negative)).toBe(-1)
  })

  it('makes out-of-order cumulative counts monotonic before searching', () => {
    const skewed = [
      { upperBound: 1, count: 10 },
      { upperBound: 2, count: 8 },
      { upperBound: inf, count: 20 },
    ]
    expect(histogramQuantile(0.5, skewed)).toBe(1)
    expect(histogramQuantile(0.75, skewed)).toBe(2)
  })
})
