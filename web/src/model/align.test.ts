import { describe, expect, it } from 'vitest'
import { alignPoints, combineAligned, ratioAligned } from './align.js'

const GRID = [0, 10, 20]

describe('alignPoints', () => {
  const points = [
    [1, 4],
    [5, 2],
    [21, 7],
    [35, 9],
  ] as const
  it.each([
    ['last', [2, null, 7]],
    ['max', [4, null, 7]],
    ['mean', [3, null, 7]],
    ['sum', [6, null, 7]],
  ] as const)('%s', (agg, expected) => {
    expect(alignPoints(points, GRID, 10, agg)).toEqual(expected)
  })
})

describe('combine', () => {
  it('sums where any series has a value', () => {
    expect(
      combineAligned(
        [
          [1, null, 3],
          [2, null, null],
        ],
        'sum'
      )
    ).toEqual([3, null, 3])
    expect(
      combineAligned(
        [
          [1, null, 3],
          [5, null, null],
        ],
        'mean'
      )
    ).toEqual([3, null, 3])
    expect(
      combineAligned(
        [
          [1, null, 3],
          [5, null, null],
        ],
        'max'
      )
    ).toEqual([5, null, 3])
  })
  it('divides with gaps for zero denominators', () => {
    expect(ratioAligned([1, 2, null], [2, 0, 1])).toEqual([0.5, null, null])
  })
})
