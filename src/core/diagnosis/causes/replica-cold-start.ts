/**
 * `replica.cold_start` — new replicas take traffic before they are warm.
 *
 * Evidence needed: the replica dimension (the first time a replica is seen); scale/restart
 * events or the engine's `process_start_time_seconds` confirm. For: the slow cohort is concentrated in requests served in a replica's first
 * minutes (replica_age < 5 m) by replicas that appeared after the window began; or, for a cold
 * start too weak to reach the tail, the young replica works longer per token than its peers in
 * the same minutes and as fast afterwards (its warm-up signature, ADR 0217). Against: no
 * replica appeared inside the window; new replicas as fast as the old; still as slow later.
 * Scope: the new replica when one holds the slow requests beyond its share of the young ones;
 * several alike are the set a scale-up added, no single replica (ADR 0385).
 * Actions (CONTRACT §5.1): warm pool / minimum replicas; readiness gates after warm-up; slower
 * ramp.
 */
import type { Evidence } from '../../model/diagnosis.js'
import { binomialLowerLog10, ramp, rankShiftZ } from '../../stats/significance.js'
import { quantileSorted, sortedFinite } from '../../stats/quantile.js'
import type { CauseRecord, Counter } from './record.js'
import { scopedSignature } from './signature.js'
import type { Cohort } from '../frame/cohort.js'
import type { DiagnosisContext } from '../frame/context.js'
import { eventEvidence, rowEvidence, scopeOf } from '../explain/evidence.js'
import { eventsAround, findRow } from '../detect/shifts.js'
import { decimals, fmtUs, pct, round } from '../explain/text.js'
import { processStarts, YOUNG_US } from '../frame/young-replicas.js'
import { youngPlaceShare } from './young-place.js'
import type { StageName } from '../../model/request.js'
import { isoFromMicros, microsFromIso, type Micros } from '../../model/units.js'
import { bucketOf } from '../../timeline/buckets.js'
import { minSegmentSteps } from '../detect/excess-scan.js'
import { normalBound } from '../detect/peer-share.js'
import { bestShape, COLD_NOISE_UNITS, LINEAR_TO_PLATEAU, type DecaySeries } from './warm-up-fit.js'
import { logRatioPerStep, perOutputTokenWithoutBatch, stepNoise } from './warm-up-steps.js'

/** The warm-up fit, where callers and tests have always imported it from. */
export { sharedDecay } from './warm-up-fit.js'

/** Requests after warm-up needed to judge whether the replica warmed up. */
const MIN_LATER = 20
/** How much "as slow later as at first" takes away. */
const NO_WARM_UP_PENALTY = 0.9
/**
 * How sure the counts must be that the later slow rate stayed up before "they do not warm up"
 * counts against a cold start: one-sided 95 %. Counter-evidence that its own uncertainty leaves
 * open is unknown, not evidence against (ADR 0384).
 */
const WARM_UP_BOUND_Z = normalBound(0.05)
/** Growth of the client's handshakes per request (µs) that can argue against a cold start. */
const CLIENT_GROWTH_US = 10_000
/** The servers' own stages "hardly moved": grew by at most this fraction of the client's growth. */
const SERVER_STILL = 0.3
/**
 * Share of a young replica's requests in its first minutes that are slow, from "a few more than
 * elsewhere" to "a good part of what it served" (the rest of the window has about 1 % slow).
 */
const YOUNG_SLOW_RATE_LO = 0.15
const YOUNG_SLOW_RATE_HI = 0.4
/** Share of the slow young requests one replica must hold to be named. */
const SCOPE_SHARE = 0.5
/**
 * log10 of the chance that one young replica holds this many of the slow young requests when every
 * young replica is as slow as the others (its share of them its share of the young requests): a
 * one-sided 1 % test, the usual line for "not chance". Above it, the young replicas are alike and
 * the cold start is the scale-up's, not one replica's (ADR 0385).
 */
const SCOPE_LOG10_P = -2

/**
 * Warm-up fades: requests served after a young replica's first minutes should be fast again.
 * Still slow later → something else (a version, a node) is wrong with it; a cold start warms up
 * by definition. Null when too few later requests tell.
 */
function warmUp(
  ctx: DiagnosisContext,
  cohort: Cohort,
  replicas: ReadonlySet<string>
): { factor: number; evidence: Evidence } | null {
  const col = ctx.frame.dims.replica
  let early = 0
  let earlySlow = 0
  let later = 0
  let laterSlow = 0
  for (let i = 0; i < ctx.frame.n; i++) {
    const c = col.codes[i] as number
    if (c < 0 || cohort.eligible[i] !== 1) {
      continue
    }
    const name = col.values[c] as string
    const first = ctx.youngReplicaUs.get(name)
    if (first === undefined || !replicas.has(name)) {
      continue
    }
    if ((ctx.frame.startUs[i] as number) - first < YOUNG_US) {
      early++
      earlySlow += cohort.slow[i] as number
    } else {
      later++
      laterSlow += cohort.slow[i] as number
    }
  }
  if (later < MIN_LATER || early === 0 || earlySlow === 0) {
    return null
  }
  const persist = laterSlow / later / (earlySlow / early)
  const least = leastPersistence(earlySlow, early, laterSlow, later)
  const against = ramp(least, 0.3, 0.7)
  const rates = `after 5 minutes the new replicas' slow rate is ${pct(laterSlow / later)} (${laterSlow} of ${later}) vs ${pct(earlySlow / early)} (${earlySlow} of ${early}) before`
  return {
    factor: 1 - NO_WARM_UP_PENALTY * against,
    evidence: {
      dimension: 'replica_age',
      observed: round(laterSlow / later),
      baseline: round(earlySlow / early),
      text:
        against > 0
          ? `against: ${rates}: they do not warm up (at least ${decimals(least, 2)}× of the early rate left)`
          : persist >= 0.5
            ? `${rates}: too few slow requests to tell a warm-up from none (as little as ${decimals(least, 2)}× of the early rate left)`
            : rates,
    },
  }
}

/**
 * The smallest share of the early slow rate the later requests can hold, at
 * {@link WARM_UP_BOUND_Z}: the lower end of the rate ratio's one-sided interval (the log ratio's
 * standard error from the four counts). "They do not warm up" rests on a ratio of a few slow
 * requests (grid 283-11: 6 of 123 early, 4 of 125 later, 0.66×, as little as 0.23×), which
 * alone cannot tell a warm-up from none; the counter argues only with the part the counts hold.
 */
function leastPersistence(
  earlySlow: number,
  early: number,
  laterSlow: number,
  later: number
): number {
  if (laterSlow === 0) {
    return 0
  }
  const ratio = laterSlow / later / (earlySlow / early)
  const se = Math.sqrt(
    Math.max(0, 1 / laterSlow - 1 / later) + Math.max(0, 1 / earlySlow - 1 / early)
  )
  return ratio * Math.exp(-WARM_UP_BOUND_Z * se)
}

/**
 * A cold replica is slow in its own spans. When, over the finding's window, the client's connect
 * and TLS handshakes grew while the server's own stages (gateway queue, engine queue and
 * prefill) hardly moved, the servers did not change: evidence against.
 */
function clientHandshakes(
  ctx: DiagnosisContext,
  window: { start: string; end: string } | null,
  young: ReadonlySet<string>
): Counter | null {
  const a =
    window === null ? (ctx.ttftChange.windowUs?.fromUs ?? null) : microsFromIso(window.start)
  const b = window === null ? (ctx.ttftChange.windowUs?.toUs ?? null) : microsFromIso(window.end)
  if (a === null || b === null) {
    return null
  }
  const acc = { cIn: 0, cOut: 0, sIn: 0, sOut: 0, nIn: 0, nOut: 0 }
  for (let i = 0; i < ctx.frame.n; i++) {
    if (ctx.frame.hasClient[i] !== 1) {
      continue
    }
    const at = ctx.frame.startUs[i] as number
    const c = stagesSum(ctx, i, CLIENT_STAGES)
    const sv = stagesSum(ctx, i, SERVER_STAGES)
    if (at >= a && at < b) {
      acc.cIn += c
      acc.sIn += sv
      acc.nIn++
    } else {
      acc.cOut += c
      acc.sOut += sv
      acc.nOut++
    }
  }
  if (acc.nIn < 30 || acc.nOut < 30) {
    return null
  }
  const client = acc.cIn / acc.nIn - acc.cOut / acc.nOut
  const server = acc.sIn / acc.nIn - acc.sOut / acc.nOut
  if (client < CLIENT_GROWTH_US || server > SERVER_STILL * client) {
    return null
  }
  // Averaged over every request, one young replica among many moves the servers' stages
  // little even when it is slow. Its own requests decide: slower in its own spans than its
  // peers' over the same minutes, it did change server-side, whatever the clients did as well.
  if (youngSlowerInOwnSpans(ctx, a, b, young)) {
    return null
  }
  return {
    factor: 0.2,
    evidence: {
      stage: CLIENT_STAGES.join('+'),
      observed: round(client / 1000),
      baseline: round(server / 1000),
      text: `against: the client's connect and TLS handshakes grew by ${fmtUs(client)} per request while the servers' own stages changed by ${fmtUs(server)}: nothing server-side warmed up`,
    },
  }
}

/** Young replicas' own server time per request over their peers' that is "slower in its own spans". */
const OWN_SPANS_SLOWER = 1.2

/**
 * Whether the young replicas' requests took longer in the servers' own stages (queue and
 * prefill) or per token than the other replicas' requests over [a, b), at the median: a queue's
 * mean is one long wait away from any figure.
 */
function youngSlowerInOwnSpans(
  ctx: DiagnosisContext,
  a: number,
  b: number,
  young: ReadonlySet<string>
): boolean {
  return ownSpansRatio(ctx, a, b, young) >= OWN_SPANS_SLOWER
}

/**
 * The young replicas' server time per request over their peers' over [a, b), at the median, the
 * larger of queue + prefill and time per token (NaN when too few requests tell). Without engine
 * spans, the gateway's upstream call is the engine's queue and prefill seen from the gateway.
 */
function ownSpansRatio(
  ctx: DiagnosisContext,
  a: number,
  b: number,
  young: ReadonlySet<string>
): number {
  const col = ctx.frame.dims.replica
  const n = ctx.frame.n
  const server = new Float64Array(n).fill(NaN)
  const mine = new Uint8Array(n)
  const peers = new Uint8Array(n)
  for (let i = 0; i < n; i++) {
    const at = ctx.frame.startUs[i] as number
    const c = col.codes[i] as number
    if (at < a || at >= b || c < 0) {
      continue
    }
    server[i] = stagesSum(
      ctx,
      i,
      ctx.frame.hasEngine[i] === 1 ? SERVER_STAGES : SERVER_STAGES_FROM_GATEWAY
    )
    if (young.has(col.values[c] as string)) {
      mine[i] = 1
    } else {
      peers[i] = 1
    }
  }
  const ratio = (values: Float64Array): number => {
    const y = sortedFinite(values, mine)
    const o = sortedFinite(values, peers)
    const m = o.length >= MIN_OWN ? quantileSorted(o, 0.5) : NaN
    return y.length >= MIN_OWN && m > 0 ? quantileSorted(y, 0.5) / m : NaN
  }
  const r = [ratio(server), ratio(ctx.frame.tpotUs)].filter((x) => x === x)
  return r.length === 0 ? NaN : Math.max(...r)
}

/** Requests each side needs for its median to count. */
const MIN_OWN = 10

/** Request `i`'s time in `stages`, a missing or negative span counted as none. */
function stagesSum(ctx: DiagnosisContext, i: number, stages: readonly StageName[]): number {
  let t = 0
  for (const st of stages) {
    const v = ctx.frame.stages[st][i] as number
    t += v === v && v > 0 ? v : 0
  }
  return t
}

const CLIENT_STAGES: readonly StageName[] = ['client.connect', 'client.tls']
const SERVER_STAGES: readonly StageName[] = ['gateway.queue', 'engine.queue', 'engine.prefill']
const SERVER_STAGES_FROM_GATEWAY: readonly StageName[] = ['gateway.queue', 'gateway.upstream']
/**
 * The young replicas' own server time over their peers' in the same minutes that makes a cold
 * start material, from "slower" to "clearly slower". The slow cohort (above the P99) holds only
 * the young replica's slowest requests when the tail is made of long prompts, however slow the
 * replica is on every request; its own spans say so directly.
 */
const OWN_SLOWER_LO = 1.2
const OWN_SLOWER_HI = 1.6

/**
 * A weak cold start holds none of the tail: a replica 1.1–1.2× slower per token for its first
 * minutes adds too little to any request to reach the P99 cohort. Its own requests still show it
 * against its peers' in the same minutes, and warming up is what tells it from a degraded
 * replica: slower per token at first, as fast as its peers afterwards.
 */
interface WarmUpSignature {
  replica: string
  /** Its median time per token over its peers' in its first minutes, and afterwards. */
  early: number
  later: number
  /** Rank test of its requests against its peers' in the same minutes (ADR 0388). */
  z: number
  n: number
  nLater: number
}

/** From "could be chance" to "certain" for the rank test of a young replica's time per token. */
const SIGNATURE_Z_LO = 3
const SIGNATURE_Z_HI = 6
/**
 * What the signature alone supports: enough to be named when nothing else explains the window,
 * never enough to beat a cause that holds the tail.
 */
const SIGNATURE_WEIGHT = 0.6
/** Data that ends before the replica could warm up leaves the reading open: this much of it. */
const WARM_UP_UNKNOWN = 0.6
/** Requests a young replica needs in its first minutes for its median to count. */
const MIN_EARLY = 20

/** Median of `values` over `mask`; NaN when fewer than `min` values. */
function medianOver(values: Float64Array, mask: Uint8Array, min: number): number {
  const s = sortedFinite(values, mask)
  return s.length >= min ? quantileSorted(s, 0.5) : NaN
}

/**
 * The warm-up signature of each young replica on the per-token series that shows it most
 * clearly (prefill or decode): its requests against its peers' over the same minutes, in its
 * first {@link YOUNG_US} and afterwards.
 */
function warmUpSignatures(ctx: DiagnosisContext): WarmUpSignature[] {
  const f = ctx.frame
  const col = f.dims.replica
  // Per uncached prompt token and per output token (the gateway's stream without engine spans).
  const { prefillPerTokenUs: prefill, perOutputTokenUs: decode } = ctx.frame
  const out: WarmUpSignature[] = []
  for (const [replica, first] of ctx.youngReplicaUs) {
    const code = col.values.indexOf(replica)
    const masks = (from: number, to: number): [Uint8Array, Uint8Array] => {
      const mine = new Uint8Array(f.n)
      const peers = new Uint8Array(f.n)
      for (let i = 0; i < f.n; i++) {
        const t = f.startUs[i] as number
        const c = col.codes[i] as number
        if (t < from || t >= to || c < 0) {
          continue
        }
        // Other young replicas are no yardstick: they may be warming up too.
        if (c === code) {
          mine[i] = 1
        } else if (!ctx.youngReplicaUs.has(col.values[c] as string)) {
          peers[i] = 1
        }
      }
      return [mine, peers]
    }
    const [mineEarly, peersEarly] = masks(first, first + YOUNG_US)
    const [mineLater, peersLater] = masks(first + YOUNG_US, Infinity)
    let best: WarmUpSignature | null = null
    for (const values of [prefill, decode]) {
      const peerMedian = medianOver(values, peersEarly, MIN_OWN)
      const mine = sortedFinite(values, mineEarly)
      if (!(peerMedian > 0) || mine.length < MIN_EARLY) {
        continue
      }
      // The rank test against every peer request of the same minutes, not the count above their
      // median: that count tops out at √n standard errors when every request is slower, so a
      // replica young for the data's last minute could never be certain however slow it is
      // (ADR 0388).
      const z = rankShiftZ(Array.from(mine), Array.from(sortedFinite(values, peersEarly)))
      const laterMine = sortedFinite(values, mineLater)
      const laterPeers = medianOver(values, peersLater, MIN_OWN)
      const sig: WarmUpSignature = {
        replica,
        early: quantileSorted(mine, 0.5) / peerMedian,
        later:
          laterMine.length >= MIN_LATER && laterPeers > 0
            ? quantileSorted(laterMine, 0.5) / laterPeers
            : NaN,
        z,
        n: mine.length,
        nLater: laterMine.length,
      }
      if (best === null || sig.z > best.z) {
        best = sig
      }
    }
    if (best !== null) {
      out.push(best)
    }
  }
  return out.sort((a, b) => b.z - a.z)
}

/**
 * How much a warm-up signature supports a cold start (0..1): certain it is slower per token at
 * first, and faster afterwards. A replica as slow later as at first did not warm up: that is a
 * degraded replica or a version, not a cold start.
 */
function signatureSupport(s: WarmUpSignature): number {
  if (!(s.early > 1)) {
    return 0
  }
  const sure = ramp(s.z, SIGNATURE_Z_LO, SIGNATURE_Z_HI)
  if (s.later !== s.later) {
    return sure * WARM_UP_UNKNOWN
  }
  // The share of its early extra time per token still there later, on the log scale.
  const persist = Math.log(Math.max(1, s.later)) / Math.log(s.early)
  return sure * (1 - ramp(persist, 0.5, 1))
}

function signatureText(s: WarmUpSignature): string {
  const later =
    s.later === s.later
      ? `, ${decimals(s.later, 2)}× after (${s.nLater} requests)${signatureSupport(s) > 0 ? ': it warmed up' : ': it did not warm up'}`
      : '; the data ends before it could warm up'
  return `replica ${s.replica} works ${decimals(s.early, 2)}× as long per token as its peers in the same minutes during its first 5 minutes (median of ${s.n} requests, z=${decimals(s.z, 1)})${later}`
}

/** "Replica X first served at …", with its process start when a scrape says so. */
function firstServed(ctx: DiagnosisContext, fresh: readonly [string, number][]): Evidence[] {
  const starts = processStarts(ctx.input.resources, new Set(fresh.map(([k]) => k)))
  return fresh.slice(0, 5).map(([replica, t]) => {
    const started = (starts.get(replica) ?? []).filter((s) => s <= t).sort((a, b) => b - a)[0]
    return {
      dimension: 'replica',
      observed: replica,
      baseline: null,
      text: `replica ${replica} first served at ${isoFromMicros(t as Micros)}${started === undefined ? '' : `; its process started at ${isoFromMicros(Math.round(started) as Micros)} (process_start_time_seconds)`}`,
    }
  })
}

/** New replicas that all run a version no established replica runs: the version is suspect. */
function versionSuspect(ctx: DiagnosisContext, fresh: readonly [string, number][]): Counter | null {
  const col = ctx.frame.dims.replica
  const freshSet = new Set(fresh.map(([k]) => k))
  const versionOf = new Map<string, string>()
  const vcol = ctx.frame.dims.version
  for (let i = 0; i < ctx.frame.n; i++) {
    const c = col.codes[i] as number
    const v = vcol.codes[i] as number
    if (c >= 0 && v >= 0) {
      versionOf.set(col.values[c] as string, vcol.values[v] as string)
    }
  }
  const freshVersions = new Set(fresh.map(([k]) => versionOf.get(k)).filter((v) => v !== undefined))
  const oldVersions = new Set(
    [...versionOf.entries()].filter(([k]) => !freshSet.has(k)).map(([, v]) => v)
  )
  if (
    freshVersions.size !== 1 ||
    oldVersions.size === 0 ||
    [...freshVersions].some((v) => oldVersions.has(v))
  ) {
    return null
  }
  return {
    factor: 0.6,
    evidence: {
      dimension: 'version',
      observed: [...freshVersions][0] ?? null,
      baseline: [...oldVersions].join(', '),
      text: `the new replicas run ${[...freshVersions][0]}, which no established replica runs`,
    },
  }
}

/** Scale, restart or deploy events in the first young replica's first minutes confirm a start. */
function startEvents(
  ctx: DiagnosisContext,
  firstNew: number
): { factor: number; evidence: Evidence[] } {
  const events = Number.isFinite(firstNew)
    ? eventsAround(ctx, ['scale', 'restart', 'deploy'], firstNew, firstNew + YOUNG_US)
    : []
  return { factor: events.length > 0 ? 1.2 : 0.9, evidence: events.slice(0, 3).map(eventEvidence) }
}

/** A young replica's requests and its established peers' (replicas not young themselves). */
interface YoungAgainstPeers {
  /** When it first served, and that step of the grid. */
  firstUs: number
  first: number
  /** Replica codes of the established peers. */
  established: number[]
  /** Per request: 1 where the young replica served it, or where an established peer did. */
  mine: Uint8Array
  peers: Uint8Array
}

/**
 * The masks every reading of a warm-up compares per step, built once per named replica and read
 * by its noisy end ({@link warmAtUs}, per measure) and its fitted settling ({@link settledAtUs}).
 * Null when the replica is not in the data or first served outside the grid.
 */
function youngAgainstPeers(
  ctx: DiagnosisContext,
  replica: string,
  firstUs: number
): YoungAgainstPeers | null {
  const f = ctx.frame
  const col = f.dims.replica
  const code = col.values.indexOf(replica)
  const first = bucketOf(ctx.grid, firstUs)
  if (code < 0 || first < 0) {
    return null
  }
  const established: number[] = []
  col.values.forEach((v, c) => {
    if (c !== code && !ctx.youngReplicaUs.has(v)) {
      established.push(c)
    }
  })
  const mine = new Uint8Array(f.n)
  const peers = new Uint8Array(f.n)
  for (let i = 0; i < f.n; i++) {
    const c = col.codes[i] as number
    if (c === code) {
      mine[i] = 1
    } else if (established.includes(c)) {
      peers[i] = 1
    }
  }
  return { firstUs, first, established, mine, peers }
}

/**
 * Where `replica` is warm in `measure`: the end of its last cold step, read on its own series,
 * the log ratio of its P50 to its established peers' in the same steps, in noise units of that
 * ratio ({@link stepNoise}). Over windows of the shortest level the diagnosis reads
 * (`minSegmentSteps`), the replica is warm from the first window whose mean is back at its
 * peers' level, or from which its ratio no longer falls: no later window's mean lies lower by
 * more than {@link COLD_NOISE_UNITS} noise units of a difference of two such means. The second
 * is a replica that settles a little slower than its peers; a warm-up still falling when its
 * requests stop has not settled, and its cold span runs to its last step, not to where a
 * segmentation of a decay that has no sharp end happened to cut it.
 *
 * ```
 * its P50 / peers' P50   40 20 9 6 4 3 2 1.6 1.3 1.1 1.0 1.1 1.0 1.0 1.0
 *                        └────── cold ──────────┘ warm from here (back within its noise)
 * its P50 / peers' P50   3 2.4 1.8 1.3 1.3 1.3 1.3 1.3 1.3 1.3
 *                        └─ cold ─┘ warm from here (no longer falls)
 * ```
 *
 * Null when the replica was not cold in this measure on evidence (its first window within its
 * noise of its peers, or its first steps without a value), when its ratio never fell (a slower
 * replica, not a warm-up), or when the noise cannot be read.
 */
function warmAtUs(
  ctx: DiagnosisContext,
  young: YoungAgainstPeers,
  measure: 'ttft' | 'tpot'
): number | null {
  const f = ctx.frame
  const { first, established, mine, peers } = young
  const per = measure === 'tpot' ? f.tpotUs : f.ttftUserUs
  const series = logRatioPerStep(ctx, per, mine, peers).subarray(first)
  const steps: number[] = []
  series.forEach((v, k) => {
    if (v === v) {
      steps.push(k)
    }
  })
  const w = minSegmentSteps(ctx.grid)
  const noise = stepNoise(ctx, per, established, series)
  // Its first steps may be too thin to carry a value: the cold span must open with them.
  if (!(noise > 0) || steps.length < w || (steps[0] as number) >= w) {
    return null
  }
  const means = steps
    .slice(0, steps.length - w + 1)
    .map((_, j) => steps.slice(j, j + w).reduce((a, k) => a + (series[k] as number), 0) / w)
  const fall = COLD_NOISE_UNITS * noise * Math.sqrt(2 / w)
  const plateau = (COLD_NOISE_UNITS * noise) / Math.sqrt(w)
  const lowestAfter = (j: number): number => Math.min(...means.slice(j + w))
  const stepBack = (j: number): boolean =>
    steps.slice(j, j + w).every((k) => (series[k] as number) <= COLD_NOISE_UNITS * noise)
  const warm = (j: number): boolean =>
    stepBack(j) ||
    (j + w < means.length &&
      lowestAfter(j) > plateau &&
      (means[j] as number) - lowestAfter(j) <= fall)
  if (warm(0)) {
    return null
  }
  const at = means.findIndex((_, j) => warm(j))
  // Still falling at its last window: cold through its last step with a value.
  const lastCold = at < 0 ? (steps[steps.length - 1] as number) : (steps[at - 1] as number)
  return ctx.grid.fromUs + (first + lastCold + 1) * ctx.grid.stepUs
}

/**
 * Where a warm-up's fit puts its settling, and whether the fit finds the replica keeping a speed
 * above its peers' (some reading's asymptote `a` more than {@link COLD_NOISE_UNITS} standard errors
 * above zero): a plateau the noisy end of {@link warmAtUs} can mark sooner.
 */
interface Settling {
  atUs: number
  abovePeers: boolean
  /** A straight fall onto a plateau explained the steps better: its corner is its settling. */
  linear: boolean
}

/**
 * Where a young replica's warm-up has settled, read on its speed per token: its P50 over its
 * established peers' per step, minus one, on the prefill per uncached token and on the time per
 * output token at its peers' batch ({@link perOutputTokenWithoutBatch}), fitted together as
 * first-order decays `a + b·e^(−age/τ)` with one τ and each its own `a` and `b`
 * ({@link sharedDecay}); it has settled three time constants after it joined. Per token,
 * because the queue its slow first minutes built drains at the pace of the traffic, not of the
 * warm-up: the users' wait it leaves is the effect, not the replica still warming up. The
 * asymptote `a` is whatever speed the replica keeps (its peers', or a little slower): a warm-up
 * that settles to a plateau has a short τ and ends where the plateau starts; one that decays
 * towards it ends where most of its excess is gone instead of where the last of it drowns in the
 * noise, which on a slow decay is the data's end.
 *
 * ```
 * its per-token P50 / peers' − 1   3.9 3.6 2.8 2.3 … 0.4 0.3 0.2 0.2 0.1 0.1 0.1 …
 *                                  └──── 3τ ─────────────────┘ settled (a + 5 % of b)
 * ```
 *
 * Both readings carry the same warm-up and independent noise: one τ from both is read on twice
 * the steps (ADR 0324). A reading takes part when it has values on at least two of the shortest
 * levels the diagnosis reads; the warm-up counts when one of them falls by more than
 * {@link COLD_NOISE_UNITS} noise units of its log ratio. Null when neither does, or when the fit
 * puts the settling past the last step with a value (the fit would be extrapolating).
 *
 * A reading whose fitted asymptote is within {@link COLD_NOISE_UNITS} standard errors of zero is
 * refitted with the replica reaching its peers' speed (`a` = 0, ADR 0332): a free `a` the data
 * cannot tell from zero trades against τ (a little below its peers and slower, or at them and
 * quicker), and the settling carries τ's error tripled.
 *
 * A straight fall onto a plateau (`a + b·max(0, T − age)`, {@link LINEAR_TO_PLATEAU}) is fitted
 * the same way, and where it explains the steps better ({@link bestShape}, by the information
 * criterion) it settles at its corner T, where the excess reaches the plateau (ADR 0346): 3τ of
 * an exponential fitted to a ramp onto a plateau too small to be seen falls minutes late.
 */
function settledAtUs(ctx: DiagnosisContext, young: YoungAgainstPeers): Settling | null {
  const f = ctx.frame
  const { firstUs, first, established, mine, peers } = young
  const stepUs = ctx.grid.stepUs
  const w = minSegmentSteps(ctx.grid)
  const readings: DecaySeries[] = []
  for (const per of [f.prefillPerTokenUs, perOutputTokenWithoutBatch(ctx, peers)]) {
    const series = logRatioPerStep(ctx, per, mine, peers).subarray(first)
    const ages: number[] = []
    const excess: number[] = []
    series.forEach((v, k) => {
      if (v === v) {
        // The step's requests after joining: its first step holds only those after the join.
        const from = Math.max(ctx.grid.fromUs + (first + k) * stepUs, firstUs)
        const to = ctx.grid.fromUs + (first + k + 1) * stepUs
        ages.push(((from + to) / 2 - firstUs) / stepUs)
        excess.push(Math.exp(v) - 1)
      }
    })
    const noise = stepNoise(ctx, per, established, series)
    if (ages.length >= 2 * w && noise > 0) {
      readings.push({ ages, excess, noise })
    }
  }
  if (readings.length === 0) {
    return null
  }
  const lastAge = Math.max(...readings.map((r) => r.ages[r.ages.length - 1] as number))
  const best = bestShape(readings, lastAge)
  if (best === null) {
    return null
  }
  if (!best.cold) {
    return null
  }
  const settledAge = best.shape.settledAge(best.fit.tau)
  if (settledAge > lastAge) {
    return null
  }
  return {
    atUs: firstUs + settledAge * stepUs,
    abovePeers: best.abovePeers,
    linear: best.shape === LINEAR_TO_PLATEAU,
  }
}

/**
 * A cold start that holds none of the tail, from its warm-up signature alone (see
 * {@link WarmUpSignature}): at most {@link SIGNATURE_WEIGHT}, scoped to the replica, over its
 * first minutes.
 */
function weakColdStart(
  ctx: DiagnosisContext,
  fresh: readonly [string, number][]
): {
  confidence: number
  scope: ReturnType<typeof scopeOf>
  window: { start: string; end: string }
  evidence: Evidence[]
} | null {
  const sig = warmUpSignatures(ctx).find((s) => signatureSupport(s) > 0)
  if (sig === undefined) {
    return null
  }
  const first = ctx.youngReplicaUs.get(sig.replica) as number
  let confidence = SIGNATURE_WEIGHT * signatureSupport(sig)
  const evidence: Evidence[] = [
    {
      dimension: 'replica_age',
      observed: round(sig.early),
      baseline: 1,
      text: signatureText(sig),
    },
    ...firstServed(
      ctx,
      fresh.filter(([k]) => k === sig.replica)
    ),
    {
      dimension: 'replica_age',
      observed: null,
      baseline: null,
      text: `its first requests are not among the slowest of the window: a small cold start, not what moved the P99`,
    },
  ]
  const version = versionSuspect(ctx, fresh)
  if (version !== null) {
    confidence *= version.factor
    evidence.push(version.evidence)
  }
  const started = startEvents(ctx, first)
  confidence = Math.min(SIGNATURE_WEIGHT, confidence * started.factor)
  evidence.push(...started.evidence)
  return {
    confidence,
    scope: scopeOf('replica', sig.replica),
    window: {
      start: isoFromMicros(first as Micros),
      end: isoFromMicros(Math.min(first + YOUNG_US, ctx.input.window.toUs) as Micros),
    },
    evidence,
  }
}

/**
 * Where one young replica is warm: its noisy end in each measure it was cold in, ended at its
 * fitted settling where the fit reads one (see {@link settledAtUs}). Null when neither tells.
 */
function replicaWarmUs(ctx: DiagnosisContext, named: string): number | null {
  // It is warm once it is warm in every measure it was cold in.
  const namedYoung = youngAgainstPeers(ctx, named, ctx.youngReplicaUs.get(named) as number)
  const warmEnds =
    namedYoung === null
      ? []
      : (['ttft', 'tpot'] as const)
          .map((m) => warmAtUs(ctx, namedYoung, m))
          .filter((us) => us !== null)
  const noisyWarmUs = warmEnds.length > 0 ? Math.max(...warmEnds) : null
  // A decay read back to its peers' level within the noise ends where its last excess drowns
  // in the noise; on a slow exponential that is long after the replica has reached the speed
  // it keeps, on a weak one before. Its fitted settling ends it there. Only a plateau the fit
  // sees (the replica keeps a speed above its peers') ends it sooner, where the noisy end
  // found the plateau: without one, that end is where the noise hid the rest of the decay.
  // A straight fall ends at its fitted corner, read on every step, plateau or not (ADR 0346).
  const settled = noisyWarmUs === null || namedYoung === null ? null : settledAtUs(ctx, namedYoung)
  return noisyWarmUs === null || settled === null
    ? noisyWarmUs
    : settled.linear
      ? settled.atUs
      : settled.abovePeers
        ? Math.min(noisyWarmUs, settled.atUs)
        : settled.atUs
}

/**
 * How the slow young requests spread over the young replicas: the chance that `named` holds as
 * many of them as it does when it is no slower than the others (binomial, its share of the
 * eligible young requests as the rate), and the line that says which replicas hold them and,
 * when they share one node, which.
 */
function youngSpread(
  ctx: DiagnosisContext,
  youngByReplica: ReadonlyMap<string, number>,
  slowByReplica: ReadonlyMap<string, number>,
  named: string
): { log10P: number; evidence: Evidence } {
  const totalYoung = [...youngByReplica.values()].reduce((a, b) => a + b, 0)
  const totalSlow = [...slowByReplica.values()].reduce((a, b) => a + b, 0)
  const k = slowByReplica.get(named) ?? 0
  const share = totalYoung > 0 ? (youngByReplica.get(named) ?? 0) / totalYoung : 0
  // P(X ≥ k) for X ~ Bin(n, share) is P(Y ≤ n − k) for Y ~ Bin(n, 1 − share).
  const log10P = k > 0 ? binomialLowerLog10(totalSlow - k, totalSlow, 1 - share) : 0
  const names = [...slowByReplica.keys()].sort()
  const nodes = new Set(names.map((r) => ctx.replicaNode.get(r) ?? null))
  const node = nodes.size === 1 ? [...nodes][0] : null
  const parts = names.map(
    (r) =>
      `${r} ${pct((slowByReplica.get(r) ?? 0) / Math.max(1, totalSlow))} of them (${pct((youngByReplica.get(r) ?? 0) / Math.max(1, totalYoung))} of the young requests)`
  )
  return {
    log10P,
    evidence: {
      dimension: node === null || node === undefined ? 'replica' : 'node',
      observed: node ?? null,
      baseline: null,
      text: `the slow requests in the new replicas' first 5 minutes are spread over ${names.length} of them alike: ${parts.join(', ')}${node === null || node === undefined ? '' : `; all run on node ${node}`}: the scale-up's replicas were cold, not one of them`,
    },
  }
}

export const replicaColdStartCause: CauseRecord = {
  cause: 'replica.cold_start',
  label: 'Cold replicas take traffic',
  measure: null,
  chain: ['young replica', 'that replica slow'],
  explains: ['node.degraded', 'routing.imbalance'],
  // A cold start explains the node that hosts it only through its young requests (ADR 0373): a
  // node as concentrated without them is slow on its own, and stands.
  explainsPart: { 'node.degraded': youngPlaceShare },
  needs:
    "the replica dimension (first time each replica is seen); scale/restart events or the engine's `process_start_time_seconds` confirm.",
  predicts:
    "the slow cohort concentrates in requests served in a replica's first 5 minutes by replicas that appeared after the window began (and much of the tail, or of their own requests, or their own server time ≥ 1.2–1.6× their peers': ADR 0191), and they recover afterwards. A weak one that holds none of the tail: in its first 5 minutes the young replica works longer per token (prefill per uncached token, TPOT, or the gateway's stream per output token) than its peers in the same minutes (rank test z ≥ 3–6, ADR 0388), and at most half of that is left afterwards; alone this supports at most 0.6 (ADR 0217). Scope: the replica when exactly one is new, or when one holds more of the slow young requests than its share of the young requests gives (binomial, 1 %); several alike are the set, no single replica (ADR 0385).",
  against:
    "the new replicas stay slow after 5 minutes; they all run a version no established replica runs (version regression); the slow first tokens' extra time is the client's connect/TLS handshakes.",
  actions: [
    'keep a warm pool / minimum replicas',
    'gate readiness on warm-up',
    'ramp traffic to new replicas slowly',
  ],
  counter(ctx, finding, measure) {
    const young =
      finding.scope.dimension === 'replica'
        ? [finding.scope.value ?? '']
        : [...ctx.youngReplicaUs.keys()]
    if (young.length === 0 || !young.every((r) => ctx.youngReplicaUs.has(r))) {
      return {
        factor: 0,
        evidence: {
          dimension: 'replica',
          observed: finding.scope.value,
          baseline: null,
          text: 'against: no replica is young on evidence (no start, scale or restart event, and none joined peers already serving)',
        },
      }
    }
    const cohort = measure === 'tpot' ? ctx.tpot : ctx.ttft
    const client = clientHandshakes(ctx, finding.window, new Set(young))
    if (client !== null) {
      return client
    }
    // The slow rate tells a warm-up only where the young requests hold the slow cohort beyond
    // chance, as the rule asks before it reads the tail at all: otherwise their few slow requests
    // before and after 5 minutes are the fleet's own tail (grid 263-103: 2 of 138 and 6 of 437,
    // 1.4 % both), and the weak reading's own warm-up, per token against its peers, decides
    // (ADR 0360).
    const row = findRow(cohort.rows, 'replica_age', '<5m')
    if (row === undefined || !row.significant) {
      return null
    }
    return warmUp(ctx, cohort, new Set(young))
  },
  excess: scopedSignature((x) =>
    (x.facts.scope?.dimension === 'node' || x.facts.scope?.dimension === 'replica') &&
    x.facts.newReplica
      ? 1
      : 0
  ),
  evaluate(ctx) {
    if (ctx.frame.dims.replica.values.length === 0) {
      return { skipped: 'no replica dimension on the requests' }
    }
    // Young only on evidence: a start event, or joining peers that were already serving.
    const fresh = [...ctx.youngReplicaUs.entries()]
    if (fresh.length === 0) {
      return null
    }
    const young = ['ttft', 'tpot'].flatMap((m) => {
      const cohort = m === 'ttft' ? ctx.ttft : ctx.tpot
      const row = findRow(cohort.rows, 'replica_age', '<5m')
      return row && row.significant ? [{ row, cohort }] : []
    })
    if (young.length === 0) {
      return weakColdStart(ctx, fresh)
    }
    const best = young.sort((a, b) => b.row.lift - a.row.lift)[0]!
    // Material either way: the young requests hold much of the slow cohort, or much of the
    // young requests are slow. One new replica among many, warm for a few minutes of the window,
    // serves too few requests to hold most of the tail; its own users still waited.
    let confidence =
      ramp(best.row.risk, 2, 6) *
      Math.max(
        ramp(best.row.slowShare, 0.3, 0.7),
        ramp(best.row.slowRate, YOUNG_SLOW_RATE_LO, YOUNG_SLOW_RATE_HI)
      )
    const evidence: Evidence[] = [rowEvidence(best.row, best.cohort.measure.toUpperCase())]
    const firstYoung = Math.min(...fresh.map(([, t]) => t))
    const own = ownSpansRatio(
      ctx,
      firstYoung,
      Math.max(...fresh.map(([, t]) => t)) + YOUNG_US,
      new Set(fresh.map(([k]) => k))
    )
    const ownSlower = own === own ? ramp(own, OWN_SLOWER_LO, OWN_SLOWER_HI) : 0
    if (ownSlower > 0) {
      confidence = Math.max(confidence, ramp(best.row.risk, 2, 6) * ownSlower)
      evidence.push({
        dimension: 'replica_age',
        observed: round(own),
        baseline: 1,
        text: `in their first 5 minutes the new replicas' own server time per request is ${decimals(own, 2)}× their peers' in the same minutes (median)`,
      })
    }
    // Its own requests against its peers' can be certain where the tail is not (a small cold
    // start whose slowest requests are not among the window's slowest).
    const sig = warmUpSignatures(ctx).find((x) => signatureSupport(x) > 0)
    // When the signature carries the finding, the few slow young requests do not say when the
    // replica warmed up: its first minutes do.
    const bySignature = sig !== undefined && SIGNATURE_WEIGHT * signatureSupport(sig) > confidence
    if (sig !== undefined) {
      confidence = Math.max(confidence, SIGNATURE_WEIGHT * signatureSupport(sig))
      evidence.push({
        dimension: 'replica_age',
        observed: round(sig.early),
        baseline: 1,
        text: signatureText(sig),
      })
    }
    evidence.push(...firstServed(ctx, fresh))
    // Said here, weighed once: the record's counter applies the same warm-up to the merged finding
    // (whichever line found it), and a factor taken here too would count it twice.
    const warm = warmUp(ctx, best.cohort, new Set(fresh.map(([k]) => k)))
    if (warm !== null) {
      evidence.push(warm.evidence)
    }
    const version = versionSuspect(ctx, fresh)
    if (version !== null) {
      confidence *= version.factor
      evidence.push(version.evidence)
    }
    const col = ctx.frame.dims.replica
    const firstNew = Math.min(...fresh.map(([, t]) => t))
    const started = startEvents(ctx, firstNew)
    confidence = Math.min(1, confidence * started.factor)
    evidence.push(...started.evidence)
    // Name the young replica that holds most of the slow young requests, against its share of
    // the young requests (a slow request is always an eligible one).
    const slowByReplica = new Map<string, number>()
    const youngByReplica = new Map<string, number>()
    let lastSlowYoungUs = -Infinity
    for (let i = 0; i < ctx.frame.n; i++) {
      const c = col.codes[i] as number
      if (c < 0 || best.cohort.eligible[i] !== 1) {
        continue
      }
      const name = col.values[c] as string
      const first = ctx.youngReplicaUs.get(name)
      if (first === undefined || (ctx.frame.startUs[i] as number) - first >= YOUNG_US) {
        continue
      }
      youngByReplica.set(name, (youngByReplica.get(name) ?? 0) + 1)
      if (best.cohort.slow[i] === 1) {
        slowByReplica.set(name, (slowByReplica.get(name) ?? 0) + 1)
        lastSlowYoungUs = Math.max(lastSlowYoungUs, ctx.frame.startUs[i] as number)
      }
    }
    const totalSlowYoung = [...slowByReplica.values()].reduce((a, b) => a + b, 0)
    const [named, namedSlow] = [...slowByReplica].sort((a, b) => b[1] - a[1])[0] ?? ['', 0]
    const spread = youngSpread(ctx, youngByReplica, slowByReplica, named)
    // One replica is named when it alone holds the slow young requests, or holds most of them
    // beyond what its share of the young requests gives: two replicas a scale-up added, both cold,
    // split the tail about evenly, and naming the one with a few more would be chance (ADR 0385).
    const single =
      totalSlowYoung > 0 &&
      namedSlow / totalSlowYoung >= SCOPE_SHARE &&
      (slowByReplica.size === 1 || spread.log10P <= SCOPE_LOG10_P)
    // Several young replicas alike: the set is the scope, and neither one's warm-up signature
    // names it.
    const several = totalSlowYoung > 0 && !single && slowByReplica.size >= 2
    if (several) {
      evidence.push(spread.evidence)
    }
    // The replicas the scope measures: the one named, or every young replica that holds slow
    // young requests when several are alike. The finding ends when the last of them is warm.
    const measured = single ? [named] : several ? [...slowByReplica.keys()] : []
    const warmEndsOf = measured
      .map((r) => replicaWarmUs(ctx, r))
      .filter((us): us is number => us !== null)
    const warmUs = warmEndsOf.length > 0 ? Math.max(...warmEndsOf) : null
    const window = Number.isFinite(firstNew)
      ? {
          start: isoFromMicros(firstNew as Micros),
          // Otherwise it ends when the last young replica is warm by its slow requests: its last
          // slow request, at most its first minutes.
          end: isoFromMicros(
            Math.min(
              warmUs ??
                Math.min(
                  Math.max(...fresh.map(([, t]) => t)) + YOUNG_US,
                  Number.isFinite(lastSlowYoungUs) && !bySignature
                    ? lastSlowYoungUs + ctx.grid.stepUs
                    : Infinity
                ),
              ctx.input.window.toUs
            ) as Micros
          ),
        }
      : null
    return {
      confidence,
      scope: single
        ? scopeOf('replica', named)
        : sig !== undefined && !several
          ? scopeOf('replica', sig.replica)
          : scopeOf(null, null),
      window,
      evidence,
    }
  },
}
