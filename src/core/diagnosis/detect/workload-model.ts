/**
 * What latency a request *should* have had, given its workload: binned medians (a robust,
 * nonparametric stand-in for quantile regression at q = 0.5) over prompt tokens, cached-token
 * share, output tokens and the load on its replica at the time. The diagnosis then explains the
 * *excess* (observed − expected), so a tail that long prompts or long outputs make by nature is not
 * mistaken for a fault, and a shift every request pays (RTT, a slow node) is not hidden by it.
 *
 * Two expectations are learned per measure: from the token mix alone, and from the token mix plus
 * load (requests started on the same replica in the same step). Their shifts between a baseline
 * and an anomaly window split a latency change into a *mix* part (the workload changed: longer
 * prompts, longer outputs, one tenant's burst) and a *rate* part (the same workload got slower).
 *
 * Arriving token work, not in-flight requests, measures load: a slow node holds more requests in flight
 * (Little's law), and that must not excuse its slowness as load.
 */
import { cellQuantiles } from '../../stats/cell-quantiles.js'
import { bucketOf, type BucketGrid } from '../../timeline/buckets.js'
import type { RequestFrame } from '../frame/frame.js'

/** Which workload features a measure depends on. */
export interface WorkloadFeatures {
  prompt: boolean
  cached: boolean
  output: boolean
  /** The client's region: round trips depend on where the client is, not on tokens. */
  region?: boolean
}

export interface WorkloadModel {
  /** Expected value from the token mix alone (µs, NaN when the measure is missing). */
  expectedMixUs: Float64Array
  /** Expected value from the token mix and the replica's load (µs). */
  expectedLoadUs: Float64Array
  /** observed − expectedMix (µs, NaN when missing): what the token mix does not explain. */
  excessUs: Float64Array
}

/** log2 bucket of a token count (0 for missing or < 2). */
function log2Bucket(v: number): number {
  return v === v && v >= 2 ? Math.min(20, Math.floor(Math.log2(v))) : 0
}

/**
 * Weight of a request's prompt where no request of the window reports its prompt length. It stands
 * for the request's arrival, not for a prompt length: the load is a sum, and without it a request
 * with a short output would add almost nothing. Measured on grid 211 with every prompt removed
 * (ADR 0337): the load with it tracks the load with the prompts known (correlation over requests'
 * replica steps) as well at 200, 500 or 1000 (within 0.02), and better than output tokens alone
 * (0.78 vs 0.74, 0.64 vs 0.56, 0.82 vs 0.73 on three of eight cases; never worse).
 */
const UNKNOWN_PROMPTS_REQUEST_WEIGHT = 500

/**
 * Each request's token work: its uncached prompt tokens and its output tokens (at least 1, so a
 * request is never weightless). A request whose prompt length is unknown is given the mean
 * uncached prompt of the window's requests that report theirs: the load is a sum, and a sum over
 * requests whose prompts are missing at random is the count times the known mean (the median of a
 * skewed prompt mix falls short of it). Where no request reports its prompt,
 * {@link UNKNOWN_PROMPTS_REQUEST_WEIGHT} counts the request.
 */
export function tokenWorks(frame: RequestFrame): Float64Array {
  let sum = 0
  let count = 0
  for (let i = 0; i < frame.n; i++) {
    const p = frame.inputTokens[i] as number
    if (p === p) {
      const c = frame.cachedTokens[i] as number
      sum += p - (c === c ? c : 0)
      count++
    }
  }
  const fill = count === 0 ? UNKNOWN_PROMPTS_REQUEST_WEIGHT : sum / count
  const out = new Float64Array(frame.n)
  for (let i = 0; i < frame.n; i++) {
    const p = frame.inputTokens[i] as number
    const c = frame.cachedTokens[i] as number
    const o = frame.outputTokens[i] as number
    out[i] = Math.max(1, (p === p ? p - (c === c ? c : 0) : fill) + (o === o ? o : 0))
  }
  return out
}

/**
 * Per request: the token work (uncached prompt + output tokens) that arrived on the same replica
 * (or anywhere, without replicas) in its step. Token work, not request counts: a handful of 8k
 * prompts loads a replica like a hundred short ones.
 */
export function arrivalLoad(frame: RequestFrame, grid: BucketGrid): Float64Array {
  const codes = frame.dims.replica.codes
  const k = frame.dims.replica.values.length + 1
  const work = new Float64Array(k * grid.count)
  const slot = new Int32Array(frame.n)
  const tokens = tokenWorks(frame)
  for (let i = 0; i < frame.n; i++) {
    const b = bucketOf(grid, frame.startUs[i] as number)
    const s = b < 0 ? -1 : b * k + ((codes[i] as number) + 1)
    slot[i] = s
    if (s >= 0) {
      work[s] = (work[s] as number) + (tokens[i] as number)
    }
  }
  const out = new Float64Array(frame.n)
  for (let i = 0; i < frame.n; i++) {
    const s = slot[i] as number
    out[i] = s >= 0 ? (work[s] as number) : 0
  }
  return out
}

function mixKey(frame: RequestFrame, i: number, f: WorkloadFeatures): number {
  let key = 0
  if (f.prompt) {
    key = log2Bucket(frame.inputTokens[i] as number)
  }
  if (f.cached) {
    const inp = frame.inputTokens[i] as number
    const c = frame.cachedTokens[i] as number
    const share = c === c && inp > 0 ? c / inp : -1
    key = key * 5 + (share < 0 ? 0 : 1 + Math.min(3, Math.floor(share * 4)))
  }
  if (f.output) {
    key = key * 21 + log2Bucket(frame.outputTokens[i] as number)
  }
  if (f.region === true) {
    key = key * 64 + Math.min(63, (frame.dims.region.codes[i] as number) + 1)
  }
  return key
}

/**
 * Median of `values` per key over `baseline` requests; bins with fewer than `minCount` baseline
 * requests fall back to all requests of the bin, then to the global baseline median.
 */
function binnedMedian(
  values: Float64Array,
  keys: Float64Array,
  baseline: Uint8Array,
  minCount: number
): Float64Array {
  const index = new Map<number, number>()
  const cellAll = new Int32Array(values.length)
  const cellBase = new Int32Array(values.length)
  for (let i = 0; i < values.length; i++) {
    const k = keys[i] as number
    let c = index.get(k)
    if (c === undefined) {
      c = index.size
      index.set(k, c)
    }
    cellAll[i] = c
    cellBase[i] = baseline[i] === 1 ? c : -1
  }
  const cells = index.size
  const base = cellQuantiles(cellBase, values, cells, 0.5, minCount)
  const all = cellQuantiles(cellAll, values, cells, 0.5, minCount)
  const globalCell = new Int32Array(values.length)
  for (let i = 0; i < values.length; i++) {
    globalCell[i] = baseline[i] === 1 ? 0 : -1
  }
  const globalMedian = cellQuantiles(globalCell, values, 1, 0.5, 1)[0] as number
  const out = new Float64Array(values.length).fill(NaN)
  for (let i = 0; i < values.length; i++) {
    if (values[i] === values[i]) {
      const c = cellAll[i] as number
      const b = base[c] as number
      const a = all[c] as number
      out[i] = b === b ? b : a === a ? a : globalMedian
    }
  }
  return out
}

/**
 * Learns the expected value of `values` from `baseline` requests (1 = baseline) and returns the
 * expectations and the excess. `load` is {@link arrivalLoad}.
 */
export function fitWorkloadModel(
  frame: RequestFrame,
  values: Float64Array,
  baseline: Uint8Array,
  load: Float64Array,
  features: WorkloadFeatures
): WorkloadModel {
  const n = frame.n
  const mixKeys = new Float64Array(n)
  const loadKeys = new Float64Array(n)
  for (let i = 0; i < n; i++) {
    const k = mixKey(frame, i, features)
    mixKeys[i] = k
    const l = load[i] as number
    loadKeys[i] = k * 64 + (l >= 2 ? Math.min(63, Math.floor(2 * Math.log2(l))) : 0)
  }
  const expectedMixUs = binnedMedian(values, mixKeys, baseline, 8)
  const expectedLoadUs = binnedMedian(values, loadKeys, baseline, 8)
  const excessUs = new Float64Array(n)
  for (let i = 0; i < n; i++) {
    excessUs[i] = (values[i] as number) - (expectedMixUs[i] as number)
  }
  return { expectedMixUs, expectedLoadUs, excessUs }
}
