/**
 * The per-step readings of a young replica's warm-up against its established peers
 * (replica-cold-start.ts): the log ratio of its P50 to theirs per grid step, that ratio's noise,
 * and the time per output token with what its running batch added taken out.
 */
import { medianAndSpread, medianOf } from '../../stats/quantile.js'
import type { DiagnosisContext } from '../frame/context.js'
import { runningAtDecode } from '../frame/running-batch.js'
import { bucketOf, bucketQuantile } from '../../timeline/buckets.js'

/** A step's P50 needs this many requests (fewer: the step has no value). */
const MIN_PER_STEP = 5

/**
 * One replica's P50 of `per` over the P50 of the replicas in `peers` per step, in logarithms
 * (NaN where either side has too few requests). Logarithms, because a warm-up spans orders of
 * magnitude: on the ratio itself the first minutes' noise hides a replica still six times slower.
 */
export function logRatioPerStep(
  ctx: DiagnosisContext,
  per: Float64Array,
  mine: Uint8Array,
  peers: Uint8Array
): Float64Array {
  const f = ctx.frame
  const own = bucketQuantile(ctx.grid, f.startUs, per, 0.5, mine, MIN_PER_STEP).values
  const theirs = bucketQuantile(ctx.grid, f.startUs, per, 0.5, peers, MIN_PER_STEP).values
  return own.map((v, k) => {
    const p = theirs[k] as number
    return v > 0 && p > 0 ? Math.log(v / p) : NaN
  })
}

/**
 * The noise of one replica's log ratio to its peers per step: the median, over the established
 * replicas, of the robust spread of each one's ratio to the others (the same yardstick a warm
 * replica would be read with). With fewer than two established replicas there is no such
 * yardstick; the young replica's own step-to-step spread (÷√2) stands in for it.
 */
export function stepNoise(
  ctx: DiagnosisContext,
  per: Float64Array,
  established: readonly number[],
  ownSeries: Float64Array
): number {
  const col = ctx.frame.dims.replica
  const spreads: number[] = []
  if (established.length >= 2) {
    for (const code of established) {
      const one = new Uint8Array(ctx.frame.n)
      const rest = new Uint8Array(ctx.frame.n)
      for (let i = 0; i < ctx.frame.n; i++) {
        const c = col.codes[i] as number
        if (c === code) {
          one[i] = 1
        } else if (established.includes(c)) {
          rest[i] = 1
        }
      }
      const r = logRatioPerStep(ctx, per, one, rest).filter((v) => v === v)
      if (r.length >= 3) {
        spreads.push(medianAndSpread(r).spread)
      }
    }
  }
  if (spreads.length > 0) {
    return medianOf(spreads)
  }
  const valued = ownSeries.filter((v) => v === v)
  const diffs = valued.subarray(1).map((v, k) => v - (valued[k] as number))
  return diffs.length >= 3 ? medianAndSpread(diffs).spread / Math.SQRT2 : NaN
}

/**
 * Requests with a batch reading that the established peers need before their time per output
 * token against batch is read: below this the slope is a handful of requests' noise.
 */
const MIN_BATCH_PAIRS = 50

/**
 * The established peers' growth of log time per output token per running request: the least-
 * squares slope over their requests with the step's mean taken out of both, so that a busier
 * minute, slower for every replica, does not count as the batch. Null when too few requests tell
 * or their batch never varies within a step.
 */
function batchSlope(
  ctx: DiagnosisContext,
  per: Float64Array,
  batch: Float64Array,
  peers: Uint8Array
): number | null {
  const f = ctx.frame
  const steps = new Map<number, { n: number; x: number; y: number }>()
  const keep: number[] = []
  const stepOf: { n: number; x: number; y: number }[] = []
  for (let i = 0; i < f.n; i++) {
    const v = per[i] as number
    if (peers[i] !== 1 || !(v > 0) || batch[i] !== batch[i]) {
      continue
    }
    const k = bucketOf(ctx.grid, f.startUs[i] as number)
    const s = steps.get(k) ?? { n: 0, x: 0, y: 0 }
    s.n++
    s.x += batch[i] as number
    s.y += Math.log(v)
    steps.set(k, s)
    keep.push(i)
    stepOf.push(s)
  }
  if (keep.length < MIN_BATCH_PAIRS) {
    return null
  }
  let sxy = 0
  let sxx = 0
  keep.forEach((i, j) => {
    const s = stepOf[j] as { n: number; x: number; y: number }
    const dx = (batch[i] as number) - s.x / s.n
    sxy += dx * (Math.log(per[i] as number) - s.y / s.n)
    sxx += dx * dx
  })
  return sxx > 0 ? sxy / sxx : null
}

/**
 * Time per output token with what its batch added taken out, by the established peers' slope
 * ({@link batchSlope}). A replica whose slow first minutes built a queue runs fuller batches
 * than its peers until the queue drains (on the contract suite 1.3–2.8× their running requests
 * in its first five minutes), and each of its tokens takes longer for that, not for being cold.
 * Read against its peers at the same batch, what is left is its warm-up. The raw column when the
 * slope cannot be read; NaN for a request whose batch is unknown.
 */
export function perOutputTokenWithoutBatch(ctx: DiagnosisContext, peers: Uint8Array): Float64Array {
  const per = ctx.frame.perOutputTokenUs
  const batch = runningAtDecode(ctx)
  const slope = batchSlope(ctx, per, batch, peers)
  if (slope === null) {
    return per
  }
  return Float64Array.from(per, (v, i) =>
    v > 0 && batch[i] === batch[i] ? v * Math.exp(-slope * (batch[i] as number)) : NaN
  )
}
