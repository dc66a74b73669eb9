/**
 * Quantiles of many groups at once ("cells": a bucket × dimension value, a workload bin …) in
 * two linear passes and one selection per cell: counts give each cell a slice of one
 * Float64Array, values are scattered into their slices, and each slice's rank is selected in
 * place, the value a sort of the slice would put there (ADR 0494). Far faster than arrays of JS
 * arrays at hundreds of thousands of values.
 */
import { quantileSelected } from './quantile.js'

/**
 * Every cell's finite values as slices of one array, in input order: cell `c` holds
 * `data[starts[c]] … data[starts[c + 1] - 1]`.
 */
function scatterCells(
  cellOf: Int32Array,
  values: Float64Array,
  cells: number
): { starts: Int32Array; data: Float64Array } {
  const starts = new Int32Array(cells + 1)
  for (let i = 0; i < values.length; i++) {
    const c = cellOf[i] as number
    const v = values[i] as number
    if (c >= 0 && c < cells && v === v) {
      starts[c + 1] = (starts[c + 1] as number) + 1
    }
  }
  for (let c = 0; c < cells; c++) {
    starts[c + 1] = (starts[c + 1] as number) + (starts[c] as number)
  }
  const data = new Float64Array(starts[cells] as number)
  const fill = starts.slice(0, cells)
  for (let i = 0; i < values.length; i++) {
    const c = cellOf[i] as number
    const v = values[i] as number
    if (c >= 0 && c < cells && v === v) {
      data[fill[c] as number] = v
      fill[c] = (fill[c] as number) + 1
    }
  }
  return { starts, data }
}

/**
 * Per-cell quantile `q` of `values` (finite values whose `cellOf` is ≥ 0 and < `cells`). Cells
 * with fewer than `minCount` values are `NaN`.
 */
export function cellQuantiles(
  cellOf: Int32Array,
  values: Float64Array,
  cells: number,
  q: number,
  minCount: number
): Float64Array {
  const { starts, data } = scatterCells(cellOf, values, cells)
  const out = new Float64Array(cells).fill(NaN)
  for (let c = 0; c < cells; c++) {
    const from = starts[c] as number
    const to = starts[c + 1] as number
    if (to - from >= Math.max(1, minCount)) {
      out[c] = quantileSelected(data.subarray(from, to), q)
    }
  }
  return out
}

/**
 * Every cell's finite values, sorted, as slices of one array: cell `c` holds
 * `data[starts[c]] … data[starts[c + 1] - 1]`. For reading many quantiles of the same cells.
 */
export function sortedCells(
  cellOf: Int32Array,
  values: Float64Array,
  cells: number
): { starts: Int32Array; data: Float64Array } {
  const out = scatterCells(cellOf, values, cells)
  for (let c = 0; c < cells; c++) {
    out.data.subarray(out.starts[c] as number, out.starts[c + 1] as number).sort()
  }
  return out
}
