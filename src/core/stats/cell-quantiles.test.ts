import { describe, expect, it } from 'vitest'
import { cellQuantiles, sortedCells } from './cell-quantiles.js'
import { quantileSorted } from './quantile.js'
import { createRng } from './seeded-random.js'

/** What each cell's quantile was when every cell's slice was sorted (before ADR 0494). */
function sortedCellQuantiles(
  cellOf: Int32Array,
  values: Float64Array,
  cells: number,
  q: number,
  minCount: number
): Float64Array {
  const lists: number[][] = Array.from({ length: cells }, () => [])
  for (let i = 0; i < values.length; i++) {
    const c = cellOf[i] as number
    const v = values[i] as number
    if (c >= 0 && c < cells && v === v) {
      lists[c]!.push(v)
    }
  }
  return Float64Array.from(lists, (list) =>
    list.length >= Math.max(1, minCount) ? quantileSorted(Float64Array.from(list).sort(), q) : NaN
  )
}

describe('per-cell quantiles', () => {
  it('are the values a sort of each cell puts at the rank, signed zeros, ties and skips included', () => {
    const rng = createRng(494)
    for (let round = 0; round < 60; round++) {
      const cells = 1 + Math.floor(rng.next() * 12)
      // Up to a few thousand values a cell, past the selection's sampled pivot (600).
      const n = Math.floor(rng.next() * (round % 4 === 0 ? 30_000 : 600))
      const distinct = round % 3 === 0 ? 5 : 1_000_000
      const cellOf = Int32Array.from({ length: n }, () => Math.floor(rng.next() * (cells + 2)) - 1)
      const values = Float64Array.from({ length: n }, () => {
        const u = rng.next()
        if (u < 0.05) {
          return NaN
        }
        if (u < 0.08) {
          return round % 2 === 0 ? -0 : 0
        }
        const v = Math.floor(rng.next() * distinct) - (round % 2 === 0 ? distinct / 2 : 0)
        return v === 0 && rng.next() < 0.5 ? -0 : v
      })
      for (const [q, minCount] of [
        [0.5, 1],
        [0.99, 3],
        [0.05, 5],
      ] as const) {
        const got = cellQuantiles(cellOf, values, cells, q, minCount)
        const want = sortedCellQuantiles(cellOf, values, cells, q, minCount)
        for (let c = 0; c < cells; c++) {
          expect(Object.is(got[c], want[c])).toBe(true)
        }
      }
    }
  })
})

describe('sorted cells', () => {
  it("holds each cell's finite values in order, in its own slice, and leaves out the rest", () => {
    const cellOf = Int32Array.from([1, 0, 1, -1, 1, 0, 2, 1])
    const values = Float64Array.from([5, 2, 3, 9, NaN, 1, 7, 4])
    const { starts, data } = sortedCells(cellOf, values, 2)
    expect(Array.from(starts)).toEqual([0, 2, 5])
    expect(Array.from(data.subarray(0, 2))).toEqual([1, 2])
    expect(Array.from(data.subarray(2, 5))).toEqual([3, 4, 5])
  })
})
