/**
 * A replica that got more than its peers from a start on, judged against its peers in the same
 * steps rather than against its own past (ADR 0274). The share scan (traffic-shift.ts) compares
 * a replica's share inside a span with the rest of the window: when the router's skew covers
 * nine tenths of the run, the rest is three minutes and a 1.2× rise is two standard errors of
 * it. The peers are a baseline over the same minutes: a router that sends every replica the same
 * share gives each the mean of the others, whatever the traffic did.
 *
 * The test makes one comparison per candidate replica and start step, so its bound is the
 * Bonferroni bound of that many one-sided comparisons at a family-wise {@link FAMILY_ALPHA}:
 * derived from the count, not tuned on cases.
 */
import { cliffsDelta, normalUpperTail } from '../../stats/significance.js'
import { bucketOf, type BucketGrid } from '../../timeline/buckets.js'
import type { RequestFrame } from '../frame/frame.js'

/**
 * The chance, per diagnosis, that some replica of a router sharing evenly passes the bound: one
 * run in a thousand. Each comparison is then tested at this over the number of comparisons.
 */
export const FAMILY_ALPHA = 0.001
/** Every start leaves this much before it: the edge on which a change is read (ADR 0274). */
const MIN_BEFORE_US = 180_000_000
/** The span from the start on must be this long (ADR 0266's peer comparison). */
const MIN_AFTER_US = 180_000_000
/** A replica needs this many requests in the window to be a candidate or a peer. */
const MIN_REPLICA_REQUESTS = 30

export interface PeerShareRise {
  value: string
  /** Grid steps from the start to the data's end. */
  buckets: { from: number; to: number }
  /** Its requests from the start on against the mean of its peers over the same steps. */
  z: number
  requests: number
  peerMean: number
  /**
   * Its requests and its peers' mean over the window's first {@link MIN_BEFORE_US} (the edge,
   * which precedes every start the test may choose), and how many standard errors the edge sits
   * below what the ratio from the start on predicts there: a replica that was always that much
   * larger sits near 0, one whose share rose at the start sits above 0.
   */
  edgeRequests: number
  edgePeerMean: number
  changeZ: number
  /**
   * Its share of its own and its live peers' requests from the start on against the same share
   * before the start (every step of it, not only the edge): a two-proportion z. A replica that was
   * always larger holds the same share on both sides; one whose router weight rose at the start
   * gains there. Weaker than {@link z} (its baseline is its own past, not an even split) and
   * unbiased by a larger replica.
   */
  shareBefore: number
  shareAfter: number
  shareChangeZ: number
  /**
   * The bound {@link shareChangeZ} must pass: the start was chosen from the same counts, where
   * the replica's requests after it ran high and so before it ran low, so its change is one of
   * as many as there were starts (Bonferroni at {@link FAMILY_ALPHA}). A replica always 1.2×
   * larger reached 3.4 and 3.6 at starts the peer test chose in 2 of 80 generated runs.
   */
  shareChangeBound: number
  /** The bound {@link z} passed or not, and the comparisons it was derived from. */
  bound: number
  comparisons: number
}

/** z with P(Z > z) = p, by bisection on the normal tail (p within 1e-12..0.5). */
export function normalBound(p: number): number {
  let lo = 0
  let hi = 40
  for (let k = 0; k < 100; k++) {
    const mid = (lo + hi) / 2
    if (normalUpperTail(mid) > p) {
      lo = mid
    } else {
      hi = mid
    }
  }
  return (lo + hi) / 2
}

/**
 * Requests per replica and grid step, a row of `grid.count` steps per replica code: what the peer
 * line and the end line both count their shares from.
 */
function replicaStepCounts(frame: RequestFrame, grid: BucketGrid): Float64Array {
  const col = frame.dims.replica
  const steps = grid.count
  const counts = new Float64Array(col.values.length * steps)
  for (let i = 0; i < frame.n; i++) {
    const c = col.codes[i] as number
    const s = bucketOf(grid, frame.startUs[i] as number)
    if (c >= 0 && s >= 0) {
      counts[c * steps + s] = (counts[c * steps + s] as number) + 1
    }
  }
  return counts
}

/**
 * The replica and start step whose requests from that step to the data's end stand most
 * certainly above the mean of its peers over the same steps. Per step, with the replica's `x`
 * and its `m` live peers' `P` requests, the difference `x − P/m` has mean 0 and variance
 * `(x + P)/m` when the router shares evenly (a binomial split of the step's requests over `m + 1`
 * replicas), so `z = Σ(x − P/m) / √Σ((x + P)/m)` from the start on. A replica counts in a step
 * from its first request to its last (a removed one is no peer after it left). Values in `skip`
 * (young replicas) are neither candidates nor peers. Returns the best (replica, start) whatever
 * its z; the caller compares it with `bound`. Null when fewer than two replicas or too few steps.
 */
export function peerShareRise(
  frame: RequestFrame,
  grid: BucketGrid,
  skip: ReadonlySet<string>
): PeerShareRise | null {
  const col = frame.dims.replica
  const k = col.values.length
  const steps = grid.count
  const minBefore = Math.ceil(MIN_BEFORE_US / grid.stepUs)
  const minAfter = Math.ceil(MIN_AFTER_US / grid.stepUs)
  if (k < 2 || steps < minBefore + minAfter) {
    return null
  }
  const counts = replicaStepCounts(frame, grid)
  const total = new Float64Array(k)
  for (let c = 0; c < k; c++) {
    for (let s = 0; s < steps; s++) {
      total[c] = (total[c] as number) + (counts[c * steps + s] as number)
    }
  }
  const members: number[] = []
  for (let c = 0; c < k; c++) {
    if (!skip.has(col.values[c] as string) && (total[c] as number) >= MIN_REPLICA_REQUESTS) {
      members.push(c)
    }
  }
  if (members.length < 2) {
    return null
  }
  const first = new Int32Array(k).fill(steps)
  const last = new Int32Array(k).fill(-1)
  for (const c of members) {
    for (let s = 0; s < steps; s++) {
      if ((counts[c * steps + s] as number) > 0) {
        first[c] = Math.min(first[c] as number, s)
        last[c] = s
      }
    }
  }
  const starts = steps - minAfter - minBefore + 1
  const comparisons = members.length * starts
  const bound = normalBound(FAMILY_ALPHA / comparisons)
  const shareChangeBound = normalBound(FAMILY_ALPHA / starts)
  let best: PeerShareRise | null = null
  for (const c of members) {
    // Per step: the difference, its variance, and the raw counts, accumulated from the end.
    const d = new Float64Array(steps)
    const v = new Float64Array(steps)
    const own = new Float64Array(steps)
    const peer = new Float64Array(steps)
    const peerAll = new Float64Array(steps)
    for (let s = 0; s < steps; s++) {
      if (s < (first[c] as number) || s > (last[c] as number)) {
        continue
      }
      let p = 0
      let m = 0
      for (const o of members) {
        const x = counts[o * steps + s] as number
        if (o !== c && s >= (first[o] as number) && s <= (last[o] as number)) {
          p += x
          m++
        }
      }
      if (m === 0) {
        continue
      }
      const x = counts[c * steps + s] as number
      d[s] = x - p / m
      v[s] = (x + p) / m
      own[s] = x
      peer[s] = p / m
      peerAll[s] = p
    }
    // Sums from each step to the data's end, and over the edge before every start: each start
    // reads its span in O(1).
    const tail = (a: Float64Array): Float64Array => {
      const out = new Float64Array(steps + 1)
      for (let s = steps - 1; s >= 0; s--) {
        out[s] = (out[s + 1] as number) + (a[s] as number)
      }
      return out
    }
    const dTail = tail(d)
    const vTail = tail(v)
    const ownTail = tail(own)
    const peerTail = tail(peer)
    const peerAllTail = tail(peerAll)
    const edgeRequests = (ownTail[0] as number) - (ownTail[minBefore] as number)
    const edgePeerMean = (peerTail[0] as number) - (peerTail[minBefore] as number)
    for (let a = minBefore; a <= steps - minAfter; a++) {
      const va = vTail[a] as number
      if (!(va > 0)) {
        continue
      }
      const z = (dTail[a] as number) / Math.sqrt(va)
      if (best !== null && z <= best.z) {
        continue
      }
      const requests = ownTail[a] as number
      const peerMean = peerTail[a] as number
      // Under "the same ratio all along" the edge holds ρ·Y requests, Poisson, and the peers'
      // mean carries 1/m of a replica's noise (scaled by ρ²).
      const rho = peerMean > 0 ? requests / peerMean : 1
      const expected = rho * edgePeerMean
      const m = Math.max(1, members.length - 1)
      const changeZ =
        expected > 0 ? (expected - edgeRequests) / Math.sqrt(expected * (1 + rho / m)) : 0
      const share = twoProportions(
        (ownTail[0] as number) - requests,
        (peerAllTail[0] as number) - (peerAllTail[a] as number),
        requests,
        peerAllTail[a] as number
      )
      best = {
        value: col.values[c] as string,
        buckets: { from: a, to: steps - 1 },
        z,
        requests,
        peerMean,
        edgeRequests,
        edgePeerMean,
        changeZ,
        shareBefore: share.before,
        shareAfter: share.after,
        shareChangeZ: share.z,
        shareChangeBound,
        bound,
        comparisons,
      }
    }
  }
  return best
}

/**
 * The share `x / (x + p)` after against before, as a pooled two-proportion z: positive when the
 * share rose. 0 when either side has no requests.
 */
function twoProportions(
  xBefore: number,
  pBefore: number,
  xAfter: number,
  pAfter: number
): { before: number; after: number; z: number } {
  const nBefore = xBefore + pBefore
  const nAfter = xAfter + pAfter
  if (!(nBefore > 0) || !(nAfter > 0)) {
    return { before: NaN, after: NaN, z: 0 }
  }
  const before = xBefore / nBefore
  const after = xAfter / nAfter
  const pooled = (xBefore + xAfter) / (nBefore + nAfter)
  const se = Math.sqrt(pooled * (1 - pooled) * (1 / nBefore + 1 / nAfter))
  return { before, after, z: se > 0 ? (after - before) / se : 0 }
}

/**
 * Mann–Whitney of `a` against `b` as its effect and standard error: the probability that a value
 * of `a` exceeds one of `b` (ties count half) minus ½, and that estimate's standard error under
 * no difference. That probability minus ½ is half of Cliff's delta, which the project computes
 * on sorted samples. Null when either side is empty.
 */
export function rankEffect(
  a: readonly number[],
  b: readonly number[]
): { effect: number; se: number; z: number } | null {
  const n1 = a.length
  const n2 = b.length
  if (n1 === 0 || n2 === 0) {
    return null
  }
  const effect = cliffsDelta(Float64Array.from(a).sort(), Float64Array.from(b).sort()) / 2
  const se = Math.sqrt((n1 + n2 + 1) / (12 * n1 * n2))
  return { effect, se, z: effect / se }
}

export interface EndShareRise {
  value: string
  /** Grid steps of the end segment: its first step to the data's last. */
  buckets: { from: number; to: number }
  /** The replica's requests and all compared replicas' requests before / inside the segment. */
  before: number
  beforeAll: number
  inside: number
  insideAll: number
  /** Its share inside against before, as a pooled two-proportion z (positive: it rose). */
  z: number
  /** The bound {@link z} must pass, and the replica × segment comparisons it was derived from. */
  bound: number
  comparisons: number
}

/**
 * The replica whose share of the requests in a short segment at the data's end rose most
 * certainly above its share before it (ADR 0359). The segments are the ones no other line reads:
 * every span shorter than the share scan's shortest (`shortestSpanUs`, traffic-shift.ts) that ends at the
 * data's last step, so one or two steps of 30 s. The end is where the on-call looks ("now"), and a
 * router that has just begun to skew has no more than that behind it. Each (replica, segment
 * length) is one comparison, so the bound is the Bonferroni bound of that many one-sided
 * comparisons at {@link FAMILY_ALPHA}: a router sharing evenly passes it in one diagnosis in a
 * thousand, wherever the data ends.
 *
 * The share is of the requests on the compared replicas: those in neither `skip` (young
 * replicas: their share rises from nothing) nor missing from either side of the segment's start
 * (one that left or came takes its requests from or gives them to every other, a change of the
 * pool, not of the router's weights). Returns the best whatever its z; null when fewer than two
 * replicas or no segment fits.
 */
export function endShareRise(
  frame: RequestFrame,
  grid: BucketGrid,
  skip: ReadonlySet<string>,
  shortestSpanUs: number
): EndShareRise | null {
  const col = frame.dims.replica
  const k = col.values.length
  const steps = grid.count
  // Segments strictly shorter than the shortest span the share scan reads.
  const longest = Math.min(steps - 1, Math.ceil(shortestSpanUs / grid.stepUs) - 1)
  if (k < 2 || longest < 1) {
    return null
  }
  const counts = replicaStepCounts(frame, grid)
  const segments: { len: number; members: number[]; before: Float64Array; inside: Float64Array }[] =
    []
  let comparisons = 0
  for (let len = 1; len <= longest; len++) {
    const cut = steps - len
    const before = new Float64Array(k)
    const inside = new Float64Array(k)
    for (let c = 0; c < k; c++) {
      for (let s = 0; s < steps; s++) {
        const x = counts[c * steps + s] as number
        if (s < cut) {
          before[c] = (before[c] as number) + x
        } else {
          inside[c] = (inside[c] as number) + x
        }
      }
    }
    const members: number[] = []
    for (let c = 0; c < k; c++) {
      if (
        !skip.has(col.values[c] as string) &&
        (before[c] as number) >= MIN_REPLICA_REQUESTS &&
        (inside[c] as number) > 0
      ) {
        members.push(c)
      }
    }
    if (members.length >= 2) {
      segments.push({ len, members, before, inside })
      comparisons += members.length
    }
  }
  if (comparisons === 0) {
    return null
  }
  const bound = normalBound(FAMILY_ALPHA / comparisons)
  let best: EndShareRise | null = null
  for (const { len, members, before, inside } of segments) {
    let beforeAll = 0
    let insideAll = 0
    for (const c of members) {
      beforeAll += before[c] as number
      insideAll += inside[c] as number
    }
    for (const c of members) {
      const b = before[c] as number
      const x = inside[c] as number
      const share = twoProportions(b, beforeAll - b, x, insideAll - x)
      if (best === null || share.z > best.z) {
        best = {
          value: col.values[c] as string,
          buckets: { from: steps - len, to: steps - 1 },
          before: b,
          beforeAll,
          inside: x,
          insideAll,
          z: share.z,
          bound,
          comparisons,
        }
      }
    }
  }
  return best
}
