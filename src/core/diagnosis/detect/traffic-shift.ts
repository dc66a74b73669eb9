/**
 * Which value of a traffic dimension (tenant, route, model, region) sent more requests than
 * usual, and when: the mix-shift half of "a tenant's burst queues everyone else". Per value, the
 * requests per step form a series; binary segmentation finds a raised span; the value whose
 * extra requests are most numerous wins. Its share before and inside the span is the evidence an
 * SRE needs ("tenant X went from 20 % to 60 % of the traffic").
 */
import type { Dimension } from '../../model/request.js'
import { bucketOf, type BucketGrid } from '../../timeline/buckets.js'
import { detectChangePoints, findElevatedSpan } from '../../timeline/change-points.js'
import type { RequestFrame } from '../frame/frame.js'

export interface TrafficShift {
  dimension: Dimension
  value: string
  buckets: { from: number; to: number }
  /** The value's requests per step inside / outside the span. */
  rateInside: number
  rateOutside: number
  /** The value's share of all requests outside / inside the span. */
  shareOutside: number
  shareInside: number
  /** All requests per step inside / outside the span. */
  totalInside: number
  totalOutside: number
  /** Extra requests the value sent inside the span. */
  extra: number
}

const TRAFFIC_DIMENSIONS: readonly Dimension[] = ['tenant', 'route', 'model', 'region']

export interface TrafficShiftOptions {
  dimensions?: readonly Dimension[]
  /** The value's extra requests as a share of the span's requests (default 0.1). */
  minExtraShare?: number
  /** How much its share of the traffic must rise, absolute (default 0.08). */
  minShareRise?: number
  /**
   * How many standard errors its share must rise (two-proportion z, inside the span against
   * outside it); 0 = not tested (default). With it, fixed floors can be 0: the noise of the
   * shares themselves says whether a rise is real, so a tenant that went from 10 % to 18 % of
   * many requests is a burst and the same rise over a handful is not.
   */
  minShareZ?: number
  /** Rise of the value's requests per step a raised span needs, relative (default 0.5). */
  minRateRise?: number
}

/** Two-proportion z of a share of `inT` requests against a share of `outT` requests. */
function shareZ(shareIn: number, inT: number, shareOut: number, outT: number): number {
  if (inT <= 0 || outT <= 0) {
    return 0
  }
  const pooled = (shareIn * inT + shareOut * outT) / (inT + outT)
  const se = Math.sqrt(pooled * (1 - pooled) * (1 / inT + 1 / outT))
  return se > 0 ? (shareIn - shareOut) / se : 0
}

/** The strongest traffic rise of one value, or null. */
export function findTrafficShift(
  frame: RequestFrame,
  grid: BucketGrid,
  options: TrafficShiftOptions = {}
): TrafficShift | null {
  const minExtraShare = options.minExtraShare ?? 0.1
  const minShareRise = options.minShareRise ?? 0.08
  const minShareZ = options.minShareZ ?? 0
  const minRateRise = options.minRateRise ?? 0.5
  const bucket = new Int32Array(frame.n)
  const total = new Float64Array(grid.count)
  for (let i = 0; i < frame.n; i++) {
    const b = bucketOf(grid, frame.startUs[i] as number)
    bucket[i] = b
    if (b >= 0) {
      total[b] = (total[b] as number) + 1
    }
  }
  let best: TrafficShift | null = null
  for (const dimension of options.dimensions ?? TRAFFIC_DIMENSIONS) {
    const col = frame.dims[dimension]
    const k = col.values.length
    if (k < 2 || k > 200) {
      continue
    }
    const counts = new Float64Array(k * grid.count)
    for (let i = 0; i < frame.n; i++) {
      const c = col.codes[i] as number
      const b = bucket[i] as number
      if (c >= 0 && b >= 0) {
        counts[c * grid.count + b] = (counts[c * grid.count + b] as number) + 1
      }
    }
    for (let c = 0; c < k; c++) {
      const series = counts.subarray(c * grid.count, (c + 1) * grid.count)
      let sum = 0
      for (const v of series) {
        sum += v
      }
      if (sum < 30) {
        continue
      }
      const span = findElevatedSpan(
        detectChangePoints(Array.from(series), { minRelativeChange: minRateRise, minScore: 5 }),
        minRateRise
      )
      if (span === null || span.end - span.start + 1 >= grid.count) {
        continue
      }
      let inV = 0
      let inT = 0
      let steps = 0
      for (let b = span.start; b <= span.end; b++) {
        inV += series[b] as number
        inT += total[b] as number
        steps++
      }
      let allT = 0
      for (const v of total) {
        allT += v
      }
      const outSteps = grid.count - steps
      const outV = sum - inV
      const outT = allT - inT
      const rateOutside = outSteps > 0 ? outV / outSteps : 0
      const extra = inV - rateOutside * steps
      if (extra < minExtraShare * inT) {
        continue
      }
      const shift: TrafficShift = {
        dimension,
        value: col.values[c] as string,
        buckets: { from: span.start, to: span.end },
        rateInside: inV / steps,
        rateOutside,
        shareOutside: outT > 0 ? outV / outT : 0,
        shareInside: inT > 0 ? inV / inT : 0,
        totalInside: inT / steps,
        totalOutside: outSteps > 0 ? outT / outSteps : 0,
        extra,
      }
      // A burst changes the mix: the value's share must rise, not only its rate with everyone's.
      if (
        shift.shareInside < 1.5 * shift.shareOutside ||
        shift.shareInside - shift.shareOutside < minShareRise ||
        (minShareZ > 0 && shareZ(shift.shareInside, inT, shift.shareOutside, outT) < minShareZ)
      ) {
        continue
      }
      if (best === null || shift.extra > best.extra) {
        best = shift
      }
    }
  }
  return best
}
