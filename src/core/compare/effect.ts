/**
 * Effect sizes of one measure between two windows: the change of P50 and P99 (after against the
 * workload-normalised before), each with a percentile-bootstrap 95 % interval, and the
 * Mann–Whitney probability that an after request is faster than a before one.
 */
import { normalUpperTail } from '../stats/significance.js'
import { createRng } from '../stats/seeded-random.js'

/** The weighted quantile `q` (nearest rank on cumulative weight); NaN without weight. */
export function weightedQuantile(
  values: ArrayLike<number>,
  weights: ArrayLike<number>,
  q: number
): number {
  return weightedQuantiles(values, weights, [q])[0]!
}

/**
 * Weighted quantiles at several `qs` (nearest rank on cumulative weight; NaN without weight)
 * from one sort: the weighted values are sorted once (a stable sort) and each quantile read off
 * them. Without weights (every one 1) the values are sorted as a typed array: the comparator sort
 * of a million indices, four times per measure, was most of `compare`'s time on a million
 * requests.
 */
function weightedQuantiles(
  values: ArrayLike<number>,
  weights: ArrayLike<number> | null,
  qs: readonly number[]
): number[] {
  let sorted: Float64Array
  let sortedWeights: Float64Array | null = null
  let total = 0
  if (weights === null) {
    const kept = new Float64Array(values.length)
    let n = 0
    for (let i = 0; i < values.length; i++) {
      const v = values[i]!
      if (v === v) {
        kept[n++] = v
      }
    }
    sorted = kept.subarray(0, n).sort()
    total = n
  } else {
    const idx: number[] = []
    for (let i = 0; i < values.length; i++) {
      if (weights[i]! > 0 && values[i] === values[i]) {
        idx.push(i)
        total += weights[i]!
      }
    }
    idx.sort((a, b) => values[a]! - values[b]!)
    sorted = Float64Array.from(idx, (i) => values[i]!)
    sortedWeights = Float64Array.from(idx, (i) => weights[i]!)
  }
  return qs.map((q) => {
    if (total <= 0) {
      return NaN
    }
    const target = q * total
    let acc = 0
    for (let k = 0; k < sorted.length; k++) {
      acc += sortedWeights === null ? 1 : sortedWeights[k]!
      if (acc >= target - 1e-9 * total) {
        return sorted[k]!
      }
    }
    return sorted[sorted.length - 1]!
  })
}

export interface Change {
  /** after / normalised before − 1 (−0.2 = 20 % faster); null when either side has no data. */
  change: number | null
  interval: [number, number] | null
  beforeMs: number | null
  afterMs: number | null
}

export interface MeasureEffect {
  /** Each window as it was (unnormalised). */
  before: { n: number; p50Ms: number | null; p99Ms: number | null }
  after: { n: number; p50Ms: number | null; p99Ms: number | null }
  /** Normalised P50 and P99 changes (workload of after, see weights.ts). */
  p50: Change
  p99: Change
  /** Unnormalised P50 change, for reference: what a plain before/after would say. */
  rawP50Change: number | null
  /** Mann–Whitney on the unnormalised windows: P(after < before) (0.5 = no shift), p-value. */
  probabilityFaster: number | null
  pValue: number | null
}

/** Mann–Whitney U between two samples, as P(b < a) + ½ P(tie), with a normal-approx p-value. */
function mannWhitney(a: number[], b: number[]): { p: number; pValue: number } | null {
  const na = a.length
  const nb = b.length
  if (na < 2 || nb < 2) {
    return null
  }
  // Both samples sorted as typed arrays and walked together, a run of equal values at a time
  // (its mid-rank to each of b's), where a million {value, group} objects were sorted with a
  // comparator. Ranks are half-integers, so the sum is exact either way.
  const sa = Float64Array.from(a).sort()
  const sb = Float64Array.from(b).sort()
  let rankSumB = 0
  let i = 0
  let j = 0
  while (i < na || j < nb) {
    const v = j >= nb || (i < na && sa[i]! < sb[j]!) ? sa[i]! : sb[j]!
    let ta = 0
    let tb = 0
    while (i < na && sa[i] === v) {
      i++
      ta++
    }
    while (j < nb && sb[j] === v) {
      j++
      tb++
    }
    const end = i + j
    const rank = (end - ta - tb + 1 + end) / 2
    for (let k = 0; k < tb; k++) {
      rankSumB += rank
    }
  }
  const uB = rankSumB - (nb * (nb + 1)) / 2
  // uB counts pairs where b is larger; b faster means b smaller.
  const pFaster = 1 - uB / (na * nb)
  const mean = (na * nb) / 2
  const sd = Math.sqrt((na * nb * (na + nb + 1)) / 12)
  const z = sd > 0 ? Math.abs(uB - mean) / sd : 0
  return { p: pFaster, pValue: Math.min(1, 2 * normalUpperTail(z)) }
}

const MAX_BOOT = 4000

interface SortedSample {
  values: Float64Array
  weights: Float64Array
}

/** The sample sorted by value, with its weights and its resampling units. */
function sortedSample(
  sample: { idx: number[]; blockOf: number[] | null; blocks: number },
  values: Float64Array,
  weights: Float64Array | null
): SortedSample & { units: Units } {
  const order = sample.idx
    .map((_, k) => k)
    .sort((x, y) => values[sample.idx[x]!]! - values[sample.idx[y]!]!)
  return {
    values: Float64Array.from(order, (k) => values[sample.idx[k]!]!),
    weights: Float64Array.from(order, (k) => (weights === null ? 1 : weights[sample.idx[k]!]!)),
    units: {
      of:
        sample.blockOf === null
          ? Int32Array.from(order)
          : Int32Array.from(order, (k) => sample.blockOf![k]!),
      count: sample.blocks,
    },
  }
}

/** P50 and P99 of a sorted sample resampled with `counts`. */
function quantilesFromCounts(s: SortedSample, counts: Float64Array): [number, number] {
  let total = 0
  for (let i = 0; i < counts.length; i++) {
    total += counts[i]! * s.weights[i]!
  }
  const t50 = 0.5 * total
  const t99 = 0.99 * total
  let acc = 0
  let q50 = NaN
  for (let i = 0; i < counts.length; i++) {
    acc += counts[i]! * s.weights[i]!
    if (q50 !== q50 && acc >= t50) {
      q50 = s.values[i]!
    }
    if (acc >= t99) {
      return [q50, s.values[i]!]
    }
  }
  return [q50, s.values[s.values.length - 1] ?? NaN]
}

/**
 * One side's resampling units. Requests that overlap in time share an engine's batch and queue,
 * so they are not independent draws: a side is resampled by blocks of requests that started
 * close together (ADR 0532). `of[k]` is the block of the k-th request of the sorted sample, and
 * `count` the blocks; every request is its own block when no blocks were given.
 */
interface Units {
  of: Int32Array
  count: number
}

/** A draw of `units.count` blocks with replacement, as a count per request of the sorted sample. */
function drawBlocks(
  counts: Float64Array,
  units: Units,
  blockCounts: Float64Array,
  rng: ReturnType<typeof createRng>
): void {
  blockCounts.fill(0)
  for (let k = 0; k < units.count; k++) {
    const b = Math.floor(rng.next() * units.count)
    blockCounts[b] = blockCounts[b]! + 1
  }
  for (let i = 0; i < counts.length; i++) {
    counts[i] = blockCounts[units.of[i]!]!
  }
}

/** Fewest blocks a thinned side keeps: a percentile of fewer resampled blocks is lumpy. */
const MIN_BOOT_BLOCKS = 30

/**
 * A side's requests for the bootstrap, and the scale of the resampled quantiles' spread against
 * the full side's. A side of at most `max` requests is kept whole (shrink 1). A larger one keeps
 * whole blocks drawn at random, until it holds `max` requests and at least
 * {@link MIN_BOOT_BLOCKS} blocks, and is resampled as m-out-of-n over blocks: its spread is
 * scaled by sqrt(blocks kept / blocks), the units being the blocks (ADR 0172, 0532). Thinning
 * inside each block instead kept the spread between blocks but made each block's few requests
 * stand for it: on a million requests a TPOT P50 interval of ±0.2 % read ±2.7 %. Without blocks
 * every request is its own block.
 */
function bootstrapSample(
  idx: number[],
  block: Int32Array | undefined,
  max: number,
  rng: ReturnType<typeof createRng>
): { idx: number[]; blockOf: number[] | null; blocks: number; shrink: number } {
  if (block === undefined) {
    const sub = subsample(idx, max, rng)
    return {
      idx: sub,
      blockOf: null,
      blocks: sub.length,
      shrink: Math.sqrt(sub.length / Math.max(1, idx.length)),
    }
  }
  // Typed arrays, not a list per block: a window of a million requests is read this way once per
  // measure, stage and dimension value.
  let maxId = -1
  for (const i of idx) {
    maxId = Math.max(maxId, block[i]!)
  }
  const members = new Int32Array(maxId + 1)
  for (const i of idx) {
    members[block[i]!]!++
  }
  const ids: number[] = []
  for (let b = 0; b <= maxId; b++) {
    if (members[b]! > 0) {
      ids.push(b)
    }
  }
  const chosen = new Uint8Array(maxId + 1)
  let taken = 0
  if (idx.length <= max) {
    chosen.fill(1)
    taken = ids.length
  } else {
    let held = 0
    // A partial Fisher–Yates shuffle: blocks in random order until the sample is large enough.
    for (let k = 0; k < ids.length && (held < max || taken < MIN_BOOT_BLOCKS); k++) {
      const j = k + Math.floor(rng.next() * (ids.length - k))
      const b = ids[j]!
      ids[j] = ids[k]!
      ids[k] = b
      chosen[b] = 1
      held += members[b]!
      taken++
    }
  }
  const dense = new Int32Array(maxId + 1).fill(-1)
  let next = 0
  const out: number[] = []
  const blockOf: number[] = []
  for (const i of idx) {
    const b = block[i]!
    if (chosen[b] === 1) {
      if (dense[b] === -1) {
        dense[b] = next++
      }
      out.push(i)
      blockOf.push(dense[b]!)
    }
  }
  return {
    idx: out,
    blockOf,
    blocks: taken,
    shrink: Math.sqrt(taken / Math.max(1, ids.length)),
  }
}

function subsample(idx: number[], max: number, rng: ReturnType<typeof createRng>): number[] {
  if (idx.length <= max) {
    return idx
  }
  const out: number[] = []
  for (let k = 0; k < max; k++) {
    out.push(idx[Math.floor(rng.next() * idx.length)]!)
  }
  return out
}

/**
 * The effect on `values` (µs, NaN = missing) of going from the before requests (with their
 * normalising weights) to the covered after requests.
 */
export function measureEffect(
  values: Float64Array,
  beforeWeight: Float64Array,
  afterMask: Uint8Array,
  options: {
    iterations: number
    seed: number
    rawBefore: Uint8Array
    rawAfter: Uint8Array
    /** Coverage of the intervals (default 0.95). */
    level?: number
    /**
     * Each request's resampling block (requests that started close together, see compare.ts);
     * absent: every request is resampled on its own.
     */
    block?: Int32Array
    /**
     * Only these requests (indices in increasing order), as a dimension value's rows: read in
     * time proportional to them, where masks of every request cost a pass over the whole
     * window per value and measure.
     */
    subset?: Int32Array
  }
): MeasureEffect {
  const b: number[] = []
  const a: number[] = []
  const rawB: number[] = []
  const rawA: number[] = []
  const { subset } = options
  const count = subset === undefined ? values.length : subset.length
  for (let k = 0; k < count; k++) {
    const i = subset === undefined ? k : subset[k]!
    const v = values[i]!
    if (v !== v) {
      continue
    }
    if (beforeWeight[i]! > 0) {
      b.push(i)
    }
    if (afterMask[i] === 1) {
      a.push(i)
    }
    if (options.rawBefore[i] === 1) {
      rawB.push(v)
    }
    if (options.rawAfter[i] === 1) {
      rawA.push(v)
    }
  }
  const ms = (v: number): number | null => (v === v ? v / 1000 : null)
  const [b50, b99] = weightedQuantiles(
    b.map((i) => values[i]!),
    b.map((i) => beforeWeight[i]!),
    [0.5, 0.99]
  ) as [number, number]
  const [a50, a99] = weightedQuantiles(
    a.map((i) => values[i]!),
    null,
    [0.5, 0.99]
  ) as [number, number]
  const rng = createRng(options.seed)
  const boots50: number[] = []
  const boots99: number[] = []
  const bSub = bootstrapSample(b, options.block, MAX_BOOT, rng.fork('b'))
  const aSub = bootstrapSample(a, options.block, MAX_BOOT, rng.fork('a'))
  const bs = sortedSample(bSub, values, beforeWeight)
  const as = sortedSample(aSub, values, null)
  if (bs.values.length >= 10 && as.values.length >= 10 && b50 > 0 && a50 > 0) {
    // A side larger than MAX_BOOT is resampled from a thinner sample (bootstrapSample), whose
    // quantile may wander further than the full side's: each side's log-deviation from its
    // sample's own quantile is scaled by its `shrink`, and the interval is centred on the full
    // windows' change, which it then always contains.
    const ones1 = (n: number): Float64Array => new Float64Array(n).fill(1)
    const [sb50, sb99] = quantilesFromCounts(bs, ones1(bs.values.length))
    const [sa50, sa99] = quantilesFromCounts(as, ones1(as.values.length))
    const r = rng.fork('boot')
    const countB = new Float64Array(bs.values.length)
    const countA = new Float64Array(as.values.length)
    const blocksB = new Float64Array(bs.units.count)
    const blocksA = new Float64Array(as.units.count)
    const logChange = (y: number, sy: number, x: number, sx: number): number =>
      aSub.shrink * Math.log(y / sy) - bSub.shrink * Math.log(x / sx)
    for (let k = 0; k < options.iterations; k++) {
      // A resample is a count per (sorted) value: no sort per iteration.
      drawBlocks(countB, bs.units, blocksB, r)
      drawBlocks(countA, as.units, blocksA, r)
      const [x50, x99] = quantilesFromCounts(bs, countB)
      const [y50, y99] = quantilesFromCounts(as, countA)
      boots50.push(Math.log(a50 / b50) + logChange(y50, sa50, x50, sb50))
      boots99.push(Math.log(a99 / b99) + logChange(y99, sa99, x99, sb99))
    }
  }
  const level = options.level ?? 0.95
  const interval = (boots: number[]): [number, number] | null => {
    const s = boots.filter((v) => Number.isFinite(v)).sort((x, y) => x - y)
    if (s.length < 10) {
      return null
    }
    const tail = (1 - level) / 2
    return [
      Math.exp(s[Math.floor(tail * (s.length - 1))]!) - 1,
      Math.exp(s[Math.ceil((1 - tail) * (s.length - 1))]!) - 1,
    ]
  }
  const change = (after: number, before: number, boots: number[]): Change => ({
    change: after === after && before > 0 ? after / before - 1 : null,
    interval: interval(boots),
    beforeMs: ms(before),
    afterMs: ms(after),
  })
  const [raw50, raw99] = weightedQuantiles(rawB, null, [0.5, 0.99]) as [number, number]
  const [rawA50, rawA99] = weightedQuantiles(rawA, null, [0.5, 0.99]) as [number, number]
  const mw = mannWhitney(rawB, rawA)
  return {
    before: {
      n: rawB.length,
      p50Ms: ms(raw50),
      p99Ms: ms(raw99),
    },
    after: {
      n: rawA.length,
      p50Ms: ms(rawA50),
      p99Ms: ms(rawA99),
    },
    p50: change(a50, b50, boots50),
    p99: change(a99, b99, boots99),
    rawP50Change: rawA50 === rawA50 && raw50 > 0 ? rawA50 / raw50 - 1 : null,
    probabilityFaster: mw?.p ?? null,
    pValue: mw?.pValue ?? null,
  }
}
