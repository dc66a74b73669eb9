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
import { sortedCells } from '../../stats/cell-quantiles.js'
import { quantileSorted } from '../../stats/quantile.js'
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
  /**
   * What each request's token-mix bin took in the reference: a set's {@link mixtureMedian} over
   * it is the median the set would have had with its own mix and the reference's latency per bin
   * (ADR 0539).
   */
  mixReference: ReferenceSet
  /** The same by token mix and the replica's load. */
  loadReference: ReferenceSet
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

/** Cell of each request by key, over all requests and over the baseline ones (-1 elsewhere). */
function cellsOf(
  keys: Float64Array,
  baseline: Uint8Array
): { cellAll: Int32Array; cellBase: Int32Array; cells: number } {
  const index = new Map<number, number>()
  const cellAll = new Int32Array(keys.length)
  const cellBase = new Int32Array(keys.length)
  for (let i = 0; i < keys.length; i++) {
    const k = keys[i] as number
    let c = index.get(k)
    if (c === undefined) {
      c = index.size
      index.set(k, c)
    }
    cellAll[i] = c
    cellBase[i] = baseline[i] === 1 ? c : -1
  }
  return { cellAll, cellBase, cells: index.size }
}

/**
 * The reference distributions a measure's expectations are read from, and which one each request
 * takes: its token-mix bin's baseline values, the bin's values over all requests where the
 * baseline has too few, or the whole baseline. Source `s` holds `data[starts[s]] …
 * data[starts[s + 1] - 1]`, sorted; -1 for a request without a value.
 */
export interface ReferenceSet {
  source: Int32Array
  starts: Int32Array
  data: Float64Array
}

interface Expectation {
  /** Median of the request's reference values: what it should have taken. */
  median: Float64Array
  reference: ReferenceSet
}

/**
 * Expected value of `values` per key, read from `baseline` requests; bins with fewer than
 * `minCount` baseline requests fall back to all requests of the bin, then to the global baseline.
 */
function binnedExpectation(
  values: Float64Array,
  keys: Float64Array,
  baseline: Uint8Array,
  minCount: number
): Expectation {
  const n = values.length
  const { cellAll, cellBase, cells } = cellsOf(keys, baseline)
  // Sources, each a slice of one sorted array: the base cells, then the all-requests cells, then
  // the whole baseline. Each expectation is its source's median, read from the same slices.
  const sourceCell = new Int32Array(3 * n)
  const sourceValues = new Float64Array(3 * n)
  for (let i = 0; i < n; i++) {
    sourceCell[i] = cellBase[i] as number
    sourceCell[n + i] = (cellAll[i] as number) + cells
    sourceCell[2 * n + i] = baseline[i] === 1 ? 2 * cells : -1
  }
  sourceValues.set(values)
  sourceValues.set(values, n)
  sourceValues.set(values, 2 * n)
  const { starts, data } = sortedCells(sourceCell, sourceValues, 2 * cells + 1)
  // Each source's median (NaN under `minCount` values; the whole baseline needs one).
  const medians = new Float64Array(2 * cells + 1).fill(NaN)
  for (let s = 0; s <= 2 * cells; s++) {
    const from = starts[s] as number
    const to = starts[s + 1] as number
    if (to - from >= (s === 2 * cells ? 1 : Math.max(1, minCount))) {
      medians[s] = quantileSorted(data.subarray(from, to), 0.5)
    }
  }
  const globalMedian = medians[2 * cells] as number
  const median = new Float64Array(n).fill(NaN)
  const source = new Int32Array(n).fill(-1)
  for (let i = 0; i < n; i++) {
    if (values[i] !== values[i]) {
      continue
    }
    const c = cellAll[i] as number
    const b = medians[c] as number
    const a = medians[cells + c] as number
    if (b === b) {
      median[i] = b
      source[i] = c
    } else if (a === a) {
      median[i] = a
      source[i] = cells + c
    } else {
      median[i] = globalMedian
      source[i] = 2 * cells
    }
  }
  return { median, reference: { source, starts, data } }
}

/** The end of the values at or below `v` in the sorted slice `data[from … to - 1]`. */
function upTo(data: Float64Array, from: number, to: number, v: number): number {
  let a = from
  let b = to
  while (a < b) {
    const mid = (a + b) >>> 1
    if ((data[mid] as number) <= v) {
      a = mid + 1
    } else {
      b = mid
    }
  }
  return a
}

/**
 * Median of what the requests of `set` would have taken with their own bins and the reference's
 * latency per bin: the mixture of their sources' distributions, each request weighing one (NaN
 * when no request of the set has a source). Computed exactly, by bisection on the mixture's
 * distribution function, each source's share read by binary search in its sorted values: one
 * sampled value per request would add a draw's noise to every part a small scope reads.
 */
export function mixtureMedian(r: ReferenceSet, set: Uint8Array): number {
  const k = r.starts.length - 1
  const weight = new Float64Array(k)
  let total = 0
  for (let i = 0; i < set.length; i++) {
    const s = r.source[i] as number
    if (set[i] === 1 && s >= 0 && (r.starts[s + 1] as number) > (r.starts[s] as number)) {
      weight[s] = (weight[s] as number) + 1
      total++
    }
  }
  if (total === 0) {
    return NaN
  }
  const used: number[] = []
  let lo = Infinity
  let hi = -Infinity
  for (let s = 0; s < k; s++) {
    if ((weight[s] as number) > 0) {
      used.push(s)
      lo = Math.min(lo, r.data[r.starts[s] as number] as number)
      hi = Math.max(hi, r.data[(r.starts[s + 1] as number) - 1] as number)
    }
  }
  // Share of the mixture at or below v.
  const below = (v: number): number => {
    let sum = 0
    for (const s of used) {
      const from = r.starts[s] as number
      const to = r.starts[s + 1] as number
      sum += ((weight[s] as number) * (upTo(r.data, from, to, v) - from)) / (to - from)
    }
    return sum / total
  }
  if (below(lo) >= 0.5) {
    return lo
  }
  for (let step = 0; step < 64 && hi - lo > 1e-9 * Math.max(1, Math.abs(hi)); step++) {
    const mid = (lo + hi) / 2
    if (below(mid) >= 0.5) {
      hi = mid
    } else {
      lo = mid
    }
  }
  // The distribution function steps at values of the data: the median is the largest of them at
  // or below where the bisection closed.
  let at = -Infinity
  for (const s of used) {
    const a = upTo(r.data, r.starts[s] as number, r.starts[s + 1] as number, hi)
    if (a > (r.starts[s] as number)) {
      at = Math.max(at, r.data[a - 1] as number)
    }
  }
  return at === -Infinity ? hi : at
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
  const mix = binnedExpectation(values, mixKeys, baseline, 8)
  const withLoad = binnedExpectation(values, loadKeys, baseline, 8)
  const excessUs = new Float64Array(n)
  for (let i = 0; i < n; i++) {
    excessUs[i] = (values[i] as number) - (mix.median[i] as number)
  }
  return {
    expectedMixUs: mix.median,
    mixReference: mix.reference,
    loadReference: withLoad.reference,
    excessUs,
  }
}
