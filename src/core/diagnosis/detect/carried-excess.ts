/**
 * Who carries the extra time of a span: one value of a dimension (the tenant whose share of the
 * requests rose, say) against every other request in the same span. Each request's extra time is
 * its wait over the usual wait of its own value outside the span, so a tenant that always waits
 * longer (longer prompts, a farther region) carries nothing new; the value's share of the summed
 * extra time is set beside its share of the requests.
 *
 *   value:   ....|‾‾‾‾‾‾‾‾‾‾|....   its own wait, over its own median outside the span
 *   others:  ....|__________|....   theirs, over theirs
 *                 span
 *
 * How certain the value carries more than the others is a difference in differences over replica
 * × step cells: in each cell, the value's median wait less the others' (a load swing on a replica
 * lifts both), these cell differences inside the span against outside it, as a robust z (median
 * difference over the pooled 1.4826 × MAD, as the victims' cell z). The value's usual is read from
 * its own cells outside the span, so a thin baseline (three minutes of a small tenant) widens the
 * test instead of shifting it.
 */
import { bucketOf, type BucketGrid } from '../../timeline/buckets.js'
import { medianShift } from '../../stats/quantile.js'
import type { DictColumn, RequestFrame } from '../frame/frame.js'
import { cellQuantiles } from '../../stats/cell-quantiles.js'
import { replicaStepCell } from './excess-scan.js'

export interface CarriedExcess {
  /** The value's share of the extra time inside the span (0..1; a side whose wait fell carries 0). */
  excessShare: number
  /** The value's share of the requests inside the span with a known wait (0..1). */
  requestShare: number
  /** Mean extra time per request inside the span over its value's usual mean (µs). */
  valueExtraUs: number
  othersExtraUs: number
  /** Difference-in-differences z of the value's wait over the others' in replica × step cells. */
  z: number
  /** The size that z tests: the cells' median difference inside the span less outside it (µs)… */
  shiftUs: number
  /** …and its standard error (µs; infinite with too few cells). */
  seUs: number
}

/** Each side needs this many requests with a known wait inside and outside the span. */
const MIN_REQUESTS = 20

/**
 * The extra time of `code` of `col` inside the grid steps `buckets` (inclusive) against every
 * other request there, measured on `waitUs` (µs, NaN = unknown). Null when either side has too
 * few requests to tell, or nothing waited longer than usual.
 */
export function carriedExcess(
  frame: RequestFrame,
  grid: BucketGrid,
  waitUs: Float64Array,
  col: DictColumn,
  code: number,
  buckets: { from: number; to: number }
): CarriedExcess | null {
  const k = col.values.length
  const inside = new Uint8Array(frame.n)
  const outsideOf: number[][] = Array.from({ length: k + 1 }, () => [])
  for (let i = 0; i < frame.n; i++) {
    const v = waitUs[i] as number
    const b = bucketOf(grid, frame.startUs[i] as number)
    if (v !== v || b < 0) {
      continue
    }
    if (b >= buckets.from && b <= buckets.to) {
      inside[i] = 1
    } else {
      ;(outsideOf[(col.codes[i] as number) + 1] as number[]).push(v)
    }
  }
  // Each value's own usual wait: its mean outside the span (the extra time a value carries is its
  // requests' total over what they usually take). A value never seen outside the span has no
  // usual wait and counts for neither side.
  const usualMean = outsideOf.map((xs) =>
    xs.length >= MIN_REQUESTS / 4 ? xs.reduce((a, b) => a + b, 0) / xs.length : NaN
  )
  if ((outsideOf[code + 1] as number[]).length < MIN_REQUESTS) {
    return null
  }
  let valueSum = 0
  let othersSum = 0
  let nValue = 0
  let nOthers = 0
  for (let i = 0; i < frame.n; i++) {
    const c = col.codes[i] as number
    if (inside[i] !== 1 || usualMean[c + 1] !== usualMean[c + 1]) {
      continue
    }
    const e = (waitUs[i] as number) - (usualMean[c + 1] as number)
    if (c === code) {
      valueSum += e
      nValue++
    } else {
      othersSum += e
      nOthers++
    }
  }
  // A side whose wait fell carries none of the extra time (its share is 0, not negative).
  const carried = Math.max(0, valueSum) + Math.max(0, othersSum)
  if (nValue < MIN_REQUESTS || nOthers < MIN_REQUESTS || !(carried > 0)) {
    return null
  }
  return {
    excessShare: Math.max(0, valueSum) / carried,
    requestShare: nValue / (nValue + nOthers),
    valueExtraUs: valueSum / nValue,
    othersExtraUs: othersSum / nOthers,
    ...pairedCellShift(frame, grid, waitUs, col, code, buckets),
  }
}

/** Cells each side of the span needs for the paired z. */
const MIN_CELLS = 3

/** The cell-paired difference in differences of the module header (0 when too few cells). */
function pairedCellShift(
  frame: RequestFrame,
  grid: BucketGrid,
  waitUs: Float64Array,
  col: DictColumn,
  code: number,
  buckets: { from: number; to: number }
): { z: number; shiftUs: number; seUs: number } {
  const cells = (frame.dims.replica.values.length + 1) * grid.count
  const valueCell = new Int32Array(frame.n).fill(-1)
  const othersCell = new Int32Array(frame.n).fill(-1)
  for (let i = 0; i < frame.n; i++) {
    const cell = replicaStepCell(frame, grid, i)
    if (cell < 0) {
      continue
    }
    if (col.codes[i] === code) {
      valueCell[i] = cell
    } else {
      othersCell[i] = cell
    }
  }
  // One request of the value against the median of at least three others: its noise is in the
  // spread of the differences.
  const valueMed = cellQuantiles(valueCell, waitUs, cells, 0.5, 1)
  const othersMed = cellQuantiles(othersCell, waitUs, cells, 0.5, 3)
  const inside: number[] = []
  const outside: number[] = []
  for (let c = 0; c < cells; c++) {
    const d = (valueMed[c] as number) - (othersMed[c] as number)
    if (d !== d) {
      continue
    }
    const step = c % grid.count
    ;(step >= buckets.from && step <= buckets.to ? inside : outside).push(d)
  }
  if (inside.length < MIN_CELLS || outside.length < MIN_CELLS) {
    return { z: 0, shiftUs: 0, seUs: Infinity }
  }
  const { z, shift, se } = medianShift(
    Float64Array.from(inside).sort(),
    Float64Array.from(outside).sort(),
    1
  )
  return { z, shiftUs: shift, seUs: se }
}
