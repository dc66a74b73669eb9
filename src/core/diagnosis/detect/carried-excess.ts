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
 * How certain the value carries more than the others is the cell z of detect/excess-scan.ts
 * (replica × step cells): the value's requests and the others' that shared a replica's queue in
 * the same step are compared, so a load swing that lifts both is no evidence either way.
 */
import { bucketOf, type BucketGrid } from '../../timeline/buckets.js'
import { quantileSorted } from '../../stats/quantile.js'
import type { DictColumn, RequestFrame } from '../frame/frame.js'
import { clusterZ } from './excess-scan.js'

export interface CarriedExcess {
  /** The value's share of the extra time inside the span (0..1; a side whose wait fell carries 0). */
  excessShare: number
  /** The value's share of the requests inside the span with a known wait (0..1). */
  requestShare: number
  /** Mean extra time per request inside the span over its value's usual mean (µs). */
  valueExtraUs: number
  othersExtraUs: number
  /** Cell z of the value's extra time over the others' in the same replica × step cells. */
  z: number
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
  // Each value's own usual wait outside the span: its mean for the sums (the extra time a value
  // carries is its requests' total over what they usually take), its median for the cell z
  // (robust to the tail). A value never seen outside the span has no usual wait and counts for
  // neither side.
  const usualMean = outsideOf.map((xs) =>
    xs.length >= MIN_REQUESTS / 4 ? xs.reduce((a, b) => a + b, 0) / xs.length : NaN
  )
  const usualMedian = outsideOf.map((xs) =>
    xs.length >= MIN_REQUESTS / 4 ? quantileSorted(Float64Array.from(xs).sort(), 0.5) : NaN
  )
  if ((outsideOf[code + 1] as number[]).length < MIN_REQUESTS) {
    return null
  }
  const extra = new Float64Array(frame.n).fill(NaN)
  const valueIn = new Uint8Array(frame.n)
  const othersIn = new Uint8Array(frame.n)
  let valueSum = 0
  let othersSum = 0
  let nValue = 0
  let nOthers = 0
  for (let i = 0; i < frame.n; i++) {
    const c = col.codes[i] as number
    if (inside[i] !== 1 || usualMean[c + 1] !== usualMean[c + 1]) {
      continue
    }
    const w = waitUs[i] as number
    extra[i] = w - (usualMedian[c + 1] as number)
    const e = w - (usualMean[c + 1] as number)
    if (c === code) {
      valueIn[i] = 1
      valueSum += e
      nValue++
    } else {
      othersIn[i] = 1
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
    z: clusterZ(frame, grid, extra, valueIn, othersIn),
  }
}
