/**
 * `routing.imbalance` — the router sends some replicas far more load than others.
 *
 * Evidence needed: the replica dimension; waiting/running series per replica confirm.
 * For: a replica receives well over its fair share of requests per minute alive, or its share of
 * the requests rose over a span (the scan statistic of ADR 0193), AND holds the slow cohort (or
 * queues more than the others), or (the peer line) it got more requests than its peers from a
 * start on and its share of the requests rose there. Against: equal load across replicas (then a
 * slow replica is degraded, not overloaded).
 * Scope: the overloaded replica when one holds the slow requests; otherwise everything.
 * Actions (CONTRACT §5.1): load- or KV-aware routing instead of round robin; check session
 * affinity.
 */
import type { Evidence, Finding } from '../../model/diagnosis.js'
import { ramp } from '../../stats/significance.js'
import type { CauseRecord, RuleResult } from './record.js'
import { scopedSignature } from './signature.js'
import type { DiagnosisContext } from '../frame/context.js'
import { findRow, levelsByKey } from '../detect/shifts.js'
import { decimals, figure, fmtUs, pct, round } from '../explain/text.js'
import { burstSupport, MIN_BURST_US, shareBurst } from '../detect/traffic-shift.js'
import { windowOfBuckets } from '../frame/window-span.js'
import { opensWithData } from '../detect/open-end.js'
import { rowEvidence, scopeOf } from '../explain/evidence.js'
import { MIN_CONFIDENCE } from '../thresholds.js'
import {
  endShareRise,
  FAMILY_ALPHA,
  normalBound,
  peerShareRise,
  rankEffect,
} from '../detect/peer-share.js'

/** Requests per second alive, per replica, started in [fromUs, toUs) (alive = first to last). */
function replicaLoad(ctx: DiagnosisContext, fromUs: number, toUs: number): Map<string, number> {
  const col = ctx.frame.dims.replica
  const k = col.values.length
  const count = new Float64Array(k)
  const first = new Float64Array(k).fill(Infinity)
  const last = new Float64Array(k).fill(-Infinity)
  for (let i = 0; i < ctx.frame.n; i++) {
    const c = col.codes[i] as number
    const t = ctx.frame.startUs[i] as number
    if (c >= 0 && t >= fromUs && t < toUs) {
      count[c] = (count[c] as number) + 1
      first[c] = Math.min(first[c] as number, t)
      last[c] = Math.max(last[c] as number, t)
    }
  }
  const out = new Map<string, number>()
  for (let c = 0; c < k; c++) {
    if ((count[c] as number) > 0) {
      const alive = Math.max((last[c] as number) - (first[c] as number), (toUs - fromUs) * 0.05, 1)
      out.set(col.values[c] as string, ((count[c] as number) / alive) * 1e6)
    }
  }
  return out
}

function median(values: Iterable<number>): number {
  const all = [...values].sort((a, b) => a - b)
  return all[Math.floor((all.length - 1) / 2)] ?? 0
}

/** A replica needs this many requests outside the slow minutes for its usual share to count. */
const MIN_USUAL = 20

export interface ReplicaLoad {
  /** Requests per second alive inside the slow minutes (the whole window without them). */
  rate: Map<string, number>
  median: number
  /**
   * Its load over the median replica's inside the slow minutes, divided by the same ratio in the
   * rest of the window when that was above 1: the part of its share that is new. A replica
   * that always gets twice the others' requests (a larger one) did not become overloaded.
   */
  rise: Map<string, number>
  /** Whether the slow minutes were compared with the rest (false: whole window). */
  windowed: boolean
}

/**
 * Each replica's load inside the slow minutes ({@link DiagnosisContext.anomalyBuckets}) against
 * the rest of the window. Over the whole window a replica that got twice its share for five
 * minutes of thirty shows 1.1×: compared there, short or partial imbalance is invisible.
 */
/**
 * Computed once per context and slow minutes: the routing and node records both read it in one
 * diagnosis. Callers only read what it returns.
 */
export function replicaLoadShift(ctx: DiagnosisContext): ReplicaLoad {
  const kept = LOAD_SHIFT.get(ctx)
  if (kept !== undefined && kept.range === ctx.anomalyBuckets) {
    return kept.load
  }
  const load = computeReplicaLoadShift(ctx)
  LOAD_SHIFT.set(ctx, { range: ctx.anomalyBuckets, load })
  return load
}

const LOAD_SHIFT = new WeakMap<
  DiagnosisContext,
  { range: DiagnosisContext['anomalyBuckets']; load: ReplicaLoad }
>()

function computeReplicaLoadShift(ctx: DiagnosisContext): ReplicaLoad {
  const { fromUs: w0, toUs: w1 } = ctx.input.window
  const range = ctx.anomalyBuckets
  const a = range === null ? w0 : Math.max(w0, ctx.grid.fromUs + range.from * ctx.grid.stepUs)
  const b = range === null ? w1 : Math.min(w1, ctx.grid.fromUs + (range.to + 1) * ctx.grid.stepUs)
  const windowed = range !== null && b - a < 0.95 * (w1 - w0)
  const rate = replicaLoad(ctx, windowed ? a : w0, windowed ? b : w1)
  const med = median(rate.values())
  const rise = new Map<string, number>()
  if (windowed) {
    // The rest of the window, before and after: the replicas' usual shares.
    const before = replicaLoad(ctx, w0, a)
    const after = replicaLoad(ctx, b, w1)
    const counts = usualCounts(ctx, a, b)
    const usual = new Map<string, number>()
    const spanBefore = a - w0
    const spanAfter = w1 - b
    for (const key of new Set([...before.keys(), ...after.keys()])) {
      usual.set(
        key,
        ((before.get(key) ?? 0) * spanBefore + (after.get(key) ?? 0) * spanAfter) /
          Math.max(1, spanBefore + spanAfter)
      )
    }
    const usualMed = median(usual.values())
    for (const [key, r] of rate) {
      const now = med > 0 ? r / med : 1
      const was =
        usualMed > 0 && (counts.get(key) ?? 0) >= MIN_USUAL ? (usual.get(key) ?? 0) / usualMed : 1
      rise.set(key, now / Math.max(1, was))
    }
  } else {
    for (const [key, r] of rate) {
      rise.set(key, med > 0 ? r / med : 1)
    }
  }
  return { rate, median: med, rise, windowed }
}

/** Requests per replica outside [fromUs, toUs). */
function usualCounts(ctx: DiagnosisContext, fromUs: number, toUs: number): Map<string, number> {
  const col = ctx.frame.dims.replica
  const count = new Float64Array(col.values.length)
  for (let i = 0; i < ctx.frame.n; i++) {
    const c = col.codes[i] as number
    const t = ctx.frame.startUs[i] as number
    if (c >= 0 && (t < fromUs || t >= toUs)) {
      count[c] = (count[c] as number) + 1
    }
  }
  return new Map(col.values.map((v, c) => [v, count[c] as number]))
}

export const routingImbalanceCause: CauseRecord = {
  cause: 'routing.imbalance',
  label: 'Router overloads some replicas',
  measure: null,
  chain: ['routing', "one replica's share", 'its queue'],
  explains: ['engine.queue_saturation', 'node.degraded', 'engine.kv_cache_pressure'],
  needs: 'the replica dimension; waiting requests per replica confirm.',
  predicts:
    "one replica gets ≥ 1.4–2.2× the median replica's requests per second alive inside the slow minutes, over its usual share in the rest of the window, or its share of the requests rose over a span beyond chance (the tenant-burst scan over replicas, z ≥ 4–6; young replicas excluded), and it holds the slow requests (relative risk) or queues more than the others; or, where neither holds, its requests from a start on stand above its peers' in the same steps beyond the Bonferroni bound of the replicas × starts compared (family-wise 0.001), its TTFT is slower than theirs, and its share changed: the window's first three minutes hold it ≥ 3.09 standard errors below that ratio, or its share of its and its peers' requests before the start stands below its share from it on beyond the Bonferroni bound of the starts compared (4.1 for 49 starts); or, in the data's last one or two steps (shorter than the share scan's 90 s), its share against its share before beyond the Bonferroni bound of the replicas × end segments compared (family-wise 0.001; 3.84 for eight replicas), its TTFT there slower than the other replicas' (rank z ≥ 3.09). Scope: that replica.",
  against:
    "equal load (then a slow replica is degraded, not overloaded); a young replica's share rising from nothing (a start, not routing); a replica above its peers as much in the window's first minutes (a weight set before the window, not a change); a share above the rest only from the data's first steps, which fell later (the router sending a slowed replica less), is no rise.",
  actions: [
    'use load- or KV-aware routing instead of round robin',
    'check session affinity / sticky routing',
  ],
  excess: {
    // Imbalance only when the replica got more than its share of the requests.
    ...scopedSignature((x) =>
      x.facts.scope?.dimension === 'replica' && !x.facts.newReplica
        ? 0.5 * ramp(x.facts.scopeTrafficLift, 1.2, 1.8)
        : 0
    ),
    // Load, not slowness, on one replica: the router sent it more, or ordinary load swings.
    'backend-load': (x) =>
      x.facts.scopeTrafficLift >= 1.5 ? 1 : 0.3 * ramp(x.facts.scopeTrafficLift, 1.1, 1.5),
  },
  evaluate(ctx) {
    const own = ownPastOrLoad(ctx)
    if (own !== null && 'skipped' in own) {
      return own
    }
    // The peer line answers only where the first two give no finding: where they do, their
    // span and evidence are the sharper account (ADR 0266), and a strong skew passes both.
    if (own !== null && own.confidence >= MIN_CONFIDENCE) {
      return own
    }
    const peers = routingAgainstPeers(ctx)
    // The peer line's span is the replica's requests against its peers': the routing itself.
    const found =
      peers !== null && (own === null || peers.confidence > own.confidence)
        ? { ...peers, ownWindow: true, ownChange: true }
        : own
    if (found !== null && found.confidence >= MIN_CONFIDENCE) {
      return found
    }
    // The end line reads only what the others cannot: a skew younger than their shortest span.
    const end = routingAtEnd(ctx)
    return end !== null && (found === null || end.confidence > found.confidence)
      ? { ...end, ownWindow: true, ownChange: true }
      : found
  },
}

/**
 * The record's first two lines (ADR 0194): the replica's load in the slow minutes over its usual
 * share, or its share scanned against its own past.
 */
function ownPastOrLoad(ctx: DiagnosisContext): RuleResult {
  const load = replicaLoadShift(ctx)
  if (load.rate.size < 2) {
    return ctx.frame.dims.replica.values.length === 0
      ? { skipped: 'no replica dimension on the requests' }
      : null
  }
  let [hot, ratio] = [...load.rise.entries()].sort((a, b) => b[1] - a[1])[0]!
  let skew = ramp(ratio, 1.4, 2.2)
  let slowMinutes = load.windowed ? ctx.anomalyBuckets : null
  // The same share scan that finds a tenant's burst (ADR 0193), over replicas: a replica whose
  // share of the requests rose beyond chance over its own span, which need not be the minutes
  // where the excess showed most. A young replica's share rises from nothing: that is a start.
  // A share above the rest from the data's first steps on shows where it fell, not where it rose:
  // the start of the data is not an event (ADR 0199's rule for an excess, and CONTRACT §5). A router
  // that sends a slower node's replicas less once they slow down leaves exactly that: their fair
  // share before, less after, and the root is the node.
  const scanned = shareBurst(ctx.frame, ctx.grid, 'replica', new Set(ctx.youngReplicaUs.keys()))
  const scan =
    scanned !== null &&
    opensWithData(ctx, windowOfBuckets(ctx.grid, scanned.buckets, ctx.input.window.toUs)) !== null
      ? null
      : scanned
  const scanSkew = scan === null ? 0 : burstSupport(scan.z)
  const fromScan = scan !== null && scanSkew > skew
  if (fromScan) {
    hot = scan.value
    ratio = scan.shareOutside > 0 ? scan.shareInside / scan.shareOutside : ratio
    skew = scanSkew
    slowMinutes = scan.buckets
  }
  if (skew === 0) {
    return null
  }
  const hotRate = load.rate.get(hot) ?? 0
  const rows = [
    findRow(ctx.ttft.rows, 'replica', hot),
    findRow(ctx.tpot.rows, 'replica', hot),
  ].filter((r) => r !== undefined && r.significant)
  const slowOnHot = rows.length > 0 ? Math.max(...rows.map((r) => ramp(r!.risk, 2, 6))) : 0
  const waiting = ctx.resources.get('waiting')
  let queueOnHot = 0
  const evidence: Evidence[] = [
    fromScan
      ? {
          dimension: 'replica',
          observed: round(scan.shareInside),
          baseline: round(scan.shareOutside),
          text: `replica ${hot} received ${pct(scan.shareInside)} of the requests from ${windowOfBuckets(ctx.grid, scan.buckets, ctx.input.window.toUs).start} vs ${pct(scan.shareOutside)} otherwise (${decimals(ratio, 1)}×, scan z=${decimals(scan.z, 1)})`,
        }
      : {
          dimension: 'replica',
          observed: round(hotRate),
          baseline: round(load.median),
          text: `replica ${hot} receives ${figure(hotRate, 2)} requests/s vs a median of ${figure(load.median, 2)} across ${load.rate.size} replicas${load.windowed ? ' in the slow minutes' : ''} (${decimals(ratio, 1)}× ${load.windowed ? 'its usual share' : 'the median'})`,
        },
  ]
  if (waiting && waiting.keyDimension === 'replica') {
    const levels = levelsByKey(waiting, slowMinutes)
    const hotWait = levels.get(hot)
    const others = [...levels.entries()]
      .filter(([k]) => k !== hot)
      .map(([, v]) => v)
      .filter(Number.isFinite)
    const otherMean = others.length ? others.reduce((s, v) => s + v, 0) / others.length : NaN
    if (hotWait !== undefined && Number.isFinite(hotWait) && Number.isFinite(otherMean)) {
      queueOnHot = ramp((hotWait + 0.1) / (otherMean + 0.1), 1.5, 4)
      evidence.push({
        dimension: 'replica',
        observed: round(hotWait),
        baseline: round(otherMean),
        text: `${waiting.metric} on ${hot} averages ${figure(hotWait, 1)} vs ${figure(otherMean, 1)} on the others`,
      })
    }
  }
  for (const r of rows) {
    evidence.push(rowEvidence(r!, 'slow'))
  }
  const confidence = skew * Math.max(slowOnHot, queueOnHot)
  if (confidence <= 0) {
    return null
  }
  const hotShare = rows[0]?.slowShare ?? 0
  const scoped = hotShare >= 0.4 || queueOnHot > 0.5
  // The router's share is the fault itself; the replica's latency lags it by the time its queue
  // takes to fill and to drain, so a window voted from its excess ends where the backlog ends,
  // minutes after the routing did. The share's span is the cause's own series: the latency
  // consensus leaves it, whichever latency span its steps happen to match (ADR 0278).
  const window =
    scoped && scan !== null && scan.value === hot
      ? windowOfBuckets(ctx.grid, scan.buckets, ctx.input.window.toUs)
      : null
  return {
    confidence,
    scope: scoped ? scopeOf('replica', hot) : scopeOf(null, null),
    window,
    evidence,
    ownWindow: window !== null,
    // The share is the routing itself: one that rose beyond where chance starts to reach is the
    // change, whatever the replica's latency did before it (ADR 0384).
    ownChange: window !== null && scanSkew > 0,
  }
}

/**
 * The latency consequence: the replica's TTFT ranked against its peers' from the start on, one
 * test on the pair the share test chose, at the same family-wise chance (one-sided z 3.09), full
 * two standard errors above it.
 */
const SLOWER_Z = normalBound(FAMILY_ALPHA)
/**
 * Standard errors the window's first minutes must sit below the replica's ratio from the start on
 * for its share to have changed: one more one-sided test at the same per-diagnosis chance as the
 * other two (3.09). The standing conditions' 2 (detect/standing.ts) let a replica that was always
 * 1.2× larger through in 1 of 40 generated runs (edge 2.46). The edge precedes every start the
 * test may choose, so the choice does not bias it; the replica's latency on the same edge does
 * not serve (the generator's queues fill in the first minutes: 10 of 33 such runs sat 2 standard
 * errors faster there).
 */
const CHANGE_Z = SLOWER_Z

/**
 * The third line (ADR 0274, ADR 0291): the replica's requests from a start on against its peers'
 * in the same steps ({@link peerShareRise}), beyond the Bonferroni bound of the replicas × starts
 * compared, with its requests slower than its peers' over the same steps, and a change: the
 * window's first minutes hold it below its ratio from the start on ({@link CHANGE_Z}), or every
 * step before the start holds a smaller share of its and its peers' requests than the steps from
 * it on, beyond the Bonferroni bound of the starts compared. A replica above its peers with no such change is a weight set before the
 * window began: no finding. Its latency never stands in for its share: a replica's TTFT follows
 * its load, so its lead over its peers grows wherever chance sent it more requests, under an even
 * router as under a skewed one (ADR 0291).
 */
export function routingAgainstPeers(
  ctx: DiagnosisContext
): Omit<Finding, 'cause' | 'actions'> | null {
  const young = new Set(ctx.youngReplicaUs.keys())
  const rise = peerShareRise(ctx.frame, ctx.grid, young)
  if (rise === null || rise.z < rise.bound) {
    return null
  }
  // The edge precedes every start, so the choice does not bias it; every step before the start
  // holds more of the replica's past when the start comes late (a skew over the last fifth of
  // the run leaves the first three minutes a seventh of it), but the start was chosen where that
  // past ran low, so it is held to the bound of the starts compared.
  if (rise.changeZ < CHANGE_Z && rise.shareChangeZ < rise.shareChangeBound) {
    return null
  }
  const { grid } = ctx
  const startUs = grid.fromUs + rise.buckets.from * grid.stepUs
  const { hotAfter, hotBefore, peersAfter, peersBefore } = ttftAround(
    ctx,
    young,
    rise.value,
    startUs
  )
  const slower = rankEffect(hotAfter, peersAfter)
  if (rise.z < rise.bound || slower === null || slower.z < SLOWER_Z) {
    return null
  }
  const was = rankEffect(hotBefore, peersBefore)
  const confidence = shareAndCost(rise, slower)
  if (confidence <= 0) {
    return null
  }
  const window = windowOfBuckets(grid, rise.buckets, ctx.input.window.toUs)
  const med = (a: number[]): number => median(a)
  const peers = rise.requests / Math.max(1e-9, rise.peerMean)
  return {
    confidence,
    scope: scopeOf('replica', rise.value),
    window,
    evidence: [
      {
        dimension: 'replica',
        observed: round(rise.requests),
        baseline: round(rise.peerMean),
        text: `replica ${rise.value} received ${Math.round(rise.requests)} requests from ${window.start} vs ${Math.round(rise.peerMean)} on average for each of its peers in the same minutes (${decimals(peers, 2)}×, z=${decimals(rise.z, 1)} against ${decimals(rise.bound, 1)} for ${rise.comparisons} replica × start comparisons); in the window's first minutes ${Math.round(rise.edgeRequests)} vs ${Math.round(rise.edgePeerMean)}, ${decimals(rise.changeZ, 1)} standard errors below that ratio`,
      },
      {
        dimension: 'replica',
        observed: round(med(hotAfter) / 1000),
        baseline: round(med(peersAfter) / 1000),
        text: `its median TTFT ${fmtUs(med(hotAfter))} vs ${fmtUs(med(peersAfter))} on its peers in the same minutes (rank z=${decimals(slower.z, 1)}); before it ${was === null ? '–' : `rank z=${decimals(was.z, 1)}`}`,
      },
      {
        dimension: 'replica',
        observed: round(rise.shareAfter),
        baseline: round(rise.shareBefore),
        text: `its share of its and its peers' requests rose from ${pct(rise.shareBefore)} before ${window.start} to ${pct(rise.shareAfter)} from it on (z=${decimals(rise.shareChangeZ, 1)} against ${decimals(rise.shareChangeBound, 1)} for the starts compared)`,
      },
    ],
  }
}

/**
 * The peer line's and the end line's confidence: how far the replica's share rose past its bound,
 * times how far its requests are slower than the others' past {@link SLOWER_Z}, each full two
 * units on.
 */
function shareAndCost(rise: { z: number; bound: number }, slower: { z: number }): number {
  return ramp(rise.z, rise.bound, rise.bound + 2) * ramp(slower.z, SLOWER_Z, SLOWER_Z + 2)
}

/**
 * Users' TTFT on one replica and on its peers (young replicas and requests without a replica or a
 * TTFT left out), split at a start: what the peer line and the end line compare the replica's
 * requests against.
 */
function ttftAround(
  ctx: DiagnosisContext,
  young: ReadonlySet<string>,
  replica: string,
  startUs: number
): { hotAfter: number[]; hotBefore: number[]; peersAfter: number[]; peersBefore: number[] } {
  const { frame } = ctx
  const col = frame.dims.replica
  const out = {
    hotAfter: [] as number[],
    hotBefore: [] as number[],
    peersAfter: [] as number[],
    peersBefore: [] as number[],
  }
  for (let i = 0; i < frame.n; i++) {
    const c = col.codes[i] as number
    const v = frame.ttftUserUs[i] as number
    const value = c >= 0 ? (col.values[c] as string) : null
    if (value === null || young.has(value) || !Number.isFinite(v)) {
      continue
    }
    const after = (frame.startUs[i] as number) >= startUs
    const into =
      value === replica
        ? after
          ? out.hotAfter
          : out.hotBefore
        : after
          ? out.peersAfter
          : out.peersBefore
    into.push(v)
  }
  return out
}

/**
 * The fourth line (ADR 0359): a replica whose share of the requests in the data's last step or
 * two rose above its share before, beyond the Bonferroni bound of the replicas × end segments
 * compared ({@link endShareRise}), whose requests there are slower to their first token than
 * the other replicas' in the same steps ({@link SLOWER_Z}). The share scan and the peer line need
 * 90 s and 180 s after the start; a skew that began a minute before the data ends is the
 * on-call's "now", and its cost is already in the replica's own requests: they queue behind the
 * extra ones while the others' do not. A share that rose by chance is as rare as the bound says;
 * a replica slow for another reason (a degraded node) gets no more requests from an even router.
 */
export function routingAtEnd(ctx: DiagnosisContext): Omit<Finding, 'cause' | 'actions'> | null {
  const { frame, grid } = ctx
  const young = new Set(ctx.youngReplicaUs.keys())
  const rise = endShareRise(frame, grid, young, MIN_BURST_US)
  if (rise === null || rise.z < rise.bound) {
    return null
  }
  const fromUs = grid.fromUs + rise.buckets.from * grid.stepUs
  const { hotAfter: hot, peersAfter: peers } = ttftAround(ctx, young, rise.value, fromUs)
  const slower = rankEffect(hot, peers)
  if (slower === null || slower.z < SLOWER_Z) {
    return null
  }
  const confidence = shareAndCost(rise, slower)
  if (confidence <= 0) {
    return null
  }
  const window = windowOfBuckets(grid, rise.buckets, ctx.input.window.toUs)
  const shareBefore = rise.before / Math.max(1, rise.beforeAll)
  const shareInside = rise.inside / Math.max(1, rise.insideAll)
  return {
    confidence,
    scope: scopeOf('replica', rise.value),
    window,
    evidence: [
      {
        dimension: 'replica',
        observed: round(shareInside),
        baseline: round(shareBefore),
        text: `replica ${rise.value} received ${rise.inside} of the last ${rise.insideAll} requests from ${window.start} to the end of the data (${pct(shareInside)}) vs ${pct(shareBefore)} of ${rise.beforeAll} before (${decimals(shareInside / Math.max(1e-9, shareBefore), 1)}×, z=${decimals(rise.z, 1)} against ${decimals(rise.bound, 1)} for ${rise.comparisons} replica × end-segment comparisons)`,
      },
      {
        dimension: 'replica',
        observed: round(median(hot) / 1000),
        baseline: round(median(peers) / 1000),
        text: `its median TTFT ${fmtUs(median(hot))} vs ${fmtUs(median(peers))} on the other replicas in the same steps (rank z=${decimals(slower.z, 1)}): the extra requests queue there; too little data after the change to see how far it goes`,
      },
    ],
  }
}
