/**
 * `network.tls_handshake` — connections are not reused or resumed; each request pays a full TLS
 * handshake.
 *
 * Evidence needed: client spans (`client.tls`, `client.connect`, `tokenline.connection.reused`,
 * `tls.resumed`). For: handshake time (connect + TLS) explains a good part of the slow cohort's
 * excess, AND an anomaly: handshake time or the share of new connections rose inside the latency
 * change window, or most requests open a new connection (keep-alive not working).
 * Or: the share of requests opening a new connection rose over a span (the scan statistic of
 * ADR 0193), which a long-prompt tail hides from the first test.
 * Against: the extra time is round trips of one far region (the `network` stage is long there
 * too: that is `network.high_rtt`); a steady, small share of new connections; new connections a
 * young replica, a connection limit or new clients explain (ADR 0194); connect + TLS rose in the
 * change window but on new connections the connect alone did, and more new connections explain
 * little of it: a wait to connect, before the handshake (ADR 0316).
 * Actions (CONTRACT §5.1): keep-alive / connection pooling; TLS session resumption.
 */
import type { Evidence, Finding } from '../../model/diagnosis.js'
import { meanWhere, quantileSorted, sortedFinite } from '../../stats/quantile.js'
import { ramp } from '../../stats/significance.js'
import type { CauseRecord } from './record.js'
import { moreHandshakes, type ExcessView } from './signature.js'
import { changeEvidence, changeWindow, stageEvidence } from '../explain/evidence.js'
import { decimals, fmtUs, pct, round } from '../explain/text.js'
import { globalOrLocal, shiftOf, stageStat } from '../detect/shifts.js'
import { farRegion } from './network-high-rtt.js'
import { retransmitShare } from './gateway-connection-limit.js'
import type { DiagnosisContext } from '../frame/context.js'
import { windowOfBuckets } from '../frame/window-span.js'
import { BURST_Z_HI, BURST_Z_LO, scanRequestShare } from '../detect/traffic-shift.js'

/** A rise in new connections shorter than this is a reconnect storm the queue absorbs. */
const FRESH_MIN_SPAN_US = 60_000_000
/**
 * What the extra handshakes add to a typical TTFT (the rise in the share of new connections ×
 * a handshake's mean time, over the median TTFT outside the rise) from "nobody notices" to
 * "part of what users wait for".
 */
const FRESH_COST_LO = 0.03
const FRESH_COST_HI = 0.1
/**
 * A replica's first minutes: connections to a replica that has just started are new by
 * necessity and say nothing about keep-alive.
 */
const YOUNG_CONNECT_US = 5 * 60_000_000
/**
 * A connect this long is a SYN retransmitted at a connection limit (≈ 1 s steps; the
 * connection-limit record reads the same sign): that request's new connection is the limit's.
 */
const RETRANSMIT_US = 900_000
/**
 * Share of the usual connection reuse that must be lost for the rise to be lost keep-alive: when
 * the requests reusing a connection per step held up, the new connections are new clients (more
 * traffic), not old ones reconnecting.
 */
const REUSE_LOST_LO = 0.03
const REUSE_LOST_HI = 0.1
/**
 * The most a rise in new connections supports on its own, when the handshakes are not what the
 * slowest requests wait on: real and costly for a typical request, but a cause that holds the
 * tail (a cold replica at the same minutes) is what the on-call engineer needs first.
 */
const RISE_ALONE = 0.7

interface FreshRise {
  window: { from: number; to: number }
  z: number
  shareInside: number
  shareOutside: number
  /** Mean connect + TLS of a request that opened a connection inside the rise (µs). */
  handshakeUs: number
  /** Extra handshake time per request over the median TTFT outside the rise. */
  cost: number
  /** Share of the usual requests per step that reused a connection and no longer did. */
  reuseLost: number
  confidence: number
}

/**
 * The share of requests opening a new connection rose over a span of the window (the scan
 * statistic of detect/traffic-shift.ts over the requests whose reuse is known): what lost
 * keep-alive or resumption does first, at any magnitude, whether or not the handshakes hold the
 * P99's tail. Requests to a replica in its first minutes are left out (their connections are new
 * by necessity), and so are connects retransmitted at a connection limit (the limit's); when the requests that reused a connection per step did not fall, the new ones
 * are new clients, not lost keep-alive. Null when the share did not rise beyond chance.
 */
function freshConnectionRise(
  ctx: DiagnosisContext,
  handshake: Float64Array,
  fresh: Float64Array
): FreshRise | null {
  const { frame } = ctx
  const known = new Uint8Array(frame.n)
  const hit = new Uint8Array(frame.n)
  const young = new Map<number, number>()
  ctx.youngReplicaUs.forEach((t, r) => young.set(frame.dims.replica.values.indexOf(r), t))
  for (let i = 0; i < frame.n; i++) {
    const f = fresh[i] as number
    if (f !== f) {
      continue
    }
    const start = young.get(frame.dims.replica.codes[i] as number)
    if (start !== undefined && (frame.startUs[i] as number) < start + YOUNG_CONNECT_US) {
      continue
    }
    if ((frame.stages['client.connect'][i] as number) >= RETRANSMIT_US) {
      continue
    }
    known[i] = 1
    hit[i] = f === 1 ? 1 : 0
  }
  const span = scanRequestShare(frame, ctx.grid, known, hit, FRESH_MIN_SPAN_US)
  if (span === null || span.z < BURST_Z_LO) {
    return null
  }
  const inside = new Uint8Array(frame.n)
  const outside = new Uint8Array(frame.n)
  const freshInside = new Uint8Array(frame.n)
  const fromUs = ctx.grid.fromUs + span.buckets.from * ctx.grid.stepUs
  const toUs = ctx.grid.fromUs + (span.buckets.to + 1) * ctx.grid.stepUs
  for (let i = 0; i < frame.n; i++) {
    const t = frame.startUs[i] as number
    const within = t >= fromUs && t < toUs
    inside[i] = within ? 1 : 0
    outside[i] = within ? 0 : 1
    freshInside[i] = within && hit[i] === 1 ? 1 : 0
  }
  const handshakeUs = meanWhere(handshake, freshInside).mean
  const typical = quantileSorted(sortedFinite(frame.ttftUserUs, outside), 0.5)
  const shareInside = span.xIn / span.nIn
  const shareOutside = span.xOut / span.nOut
  const cost = typical > 0 ? ((shareInside - shareOutside) * handshakeUs) / typical : 0
  const reusedIn = (span.nIn - span.xIn) / span.stepsInside
  const reusedOut = (span.nOut - span.xOut) / span.stepsOutside
  const reuseLost = reusedOut > 0 ? 1 - reusedIn / reusedOut : 0
  const confidence =
    ramp(span.z, BURST_Z_LO, BURST_Z_HI) *
    ramp(cost, FRESH_COST_LO, FRESH_COST_HI) *
    ramp(reuseLost, REUSE_LOST_LO, REUSE_LOST_HI)
  return {
    window: span.buckets,
    z: span.z,
    shareInside,
    shareOutside,
    handshakeUs,
    cost,
    reuseLost,
    confidence,
  }
}

function riseEvidence(ctx: DiagnosisContext, rise: FreshRise): Evidence {
  const at = windowOfBuckets(ctx.grid, rise.window, ctx.input.window.toUs).start
  const base = `the share of requests opening a new connection rose from ${pct(rise.shareOutside)} to ${pct(rise.shareInside)} at ${at} (scan z=${decimals(rise.z, 1)})`
  return {
    dimension: 'connection_reused',
    observed: round(rise.shareInside),
    baseline: round(rise.shareOutside),
    text:
      rise.reuseLost < REUSE_LOST_HI
        ? `against: ${base}, but as many requests per step as before reused a connection: the new connections are new clients, not lost keep-alive`
        : `${base}; each pays ${fmtUs(rise.handshakeUs)} of connect + TLS, adding ${pct(rise.cost)} to a typical TTFT${rise.cost < FRESH_COST_LO ? ': too little to matter' : ''}`,
  }
}

/**
 * New connections are the clients' doing, not a place's: when their share rose as much outside
 * the excess's scope as inside it, a far region only pays more per handshake (three round trips
 * each) and so carries more of the excess. The handshakes happen everywhere; so does the cause.
 */
function handshakeScope(x: ExcessView): { scope: Finding['scope']; evidence: Evidence[] } | null {
  const f = x.facts
  const rise = f.freshRise
  const elsewhere = f.freshRiseElsewhere
  // A rise unknown in the scope or outside it cannot show the handshakes are everyone's: the
  // scope stays.
  if (
    f.scope === null ||
    rise === null ||
    elsewhere === null ||
    !(rise > 0) ||
    !(elsewhere >= ELSEWHERE_ALIKE * rise)
  ) {
    return null
  }
  return {
    scope: { dimension: null, value: null },
    evidence: [
      {
        dimension: 'connection_reused',
        observed: round(rise),
        baseline: round(elsewhere),
        text: `the share of requests opening a new connection rose by ${pct(rise)} in ${f.scope.dimension}=${f.scope.value} and by ${pct(elsewhere)} everywhere else: the handshakes are everyone's, ${f.scope.value} only pays more for each`,
      },
    ],
  }
}

/**
 * What the change-window reading keeps when the connect + TLS rise was spent before the handshake
 * (the factor a connection limit keeps when its own sign points elsewhere, ADR 0302 and 0311).
 */
const BEFORE_THE_HANDSHAKE = 0.2
/**
 * TLS time per new connection against connect time per new connection, at and above which the
 * rise is the handshake's: a wait to connect (a full accept queue, a SYN retransmitted) puts none
 * of it in TLS, a longer round trip twice the connect's (two round trips to one), a slower
 * handshake all of it. Half lies between the wait's 0 and every reading where the handshake is
 * slower.
 */
const TLS_ALIKE = 0.5
/**
 * Share of the rise in connect + TLS per request that more new connections at their usual cost
 * must explain for the rise to be lost keep-alive: below half, most of it is slower connects, not
 * more handshakes (the point between the two readings, as in ADR 0311).
 */
const MORE_HANDSHAKES_SHARE = 0.5
/** Noise units the connect rise needs before it is read at all (ADR 0191, 0311). */
const CONNECT_RISE_Z = 4
/** New connections each side of the change window needs for a mean and its noise. */
const BEFORE_MIN = 30

/**
 * Counter-evidence on the change-window reading (ADR 0316): connect + TLS rose with the latency,
 * but the rise sits before the handshake. On new connections, connect time rose beyond noise
 * while TLS time rose less than half as much, and the extra new connections, at the usual connect
 * + TLS of one, explain less than half of the rise per request. Lost keep-alive or resumption
 * adds handshakes or makes each longer, in the TLS stage; a wait to connect (a connection limit's
 * accept queue, a retransmitted SYN) lengthens only the connect. Null without a change window,
 * with fewer than 30 new connections with a recorded connect and TLS on either side, or when the connect rise is within noise.
 */
function beforeTheHandshake(
  ctx: DiagnosisContext,
  fresh: Float64Array,
  change: DiagnosisContext['ttftChange'],
  rise: number
): Evidence | null {
  if (change.elevated === null) {
    return null
  }
  const f = ctx.frame
  // [inside, outside] per new connection whose stage was recorded: count, sum (and sum of
  // squares for connect). A new connection without a connect or TLS span is unknown there, not
  // a zero: counting it as 0 would pull that side's mean down by the share of missing spans.
  const nConnect = [0, 0]
  const connect = [0, 0]
  const connectSq = [0, 0]
  const nTls = [0, 0]
  const tls = [0, 0]
  // [inside, outside] over requests whose reuse is known: n, new connections.
  const known = [0, 0]
  const opened = [0, 0]
  for (let i = 0; i < f.n; i++) {
    const fr = fresh[i] as number
    if (fr !== fr) {
      continue
    }
    const k = change.inWindow[i] === 1 ? 0 : 1
    known[k] = (known[k] as number) + 1
    if (fr !== 1) {
      continue
    }
    opened[k] = (opened[k] as number) + 1
    const c = f.stages['client.connect'][i] as number
    const t = f.stages['client.tls'][i] as number
    if (c === c) {
      const cv = Math.max(0, c)
      nConnect[k] = (nConnect[k] as number) + 1
      connect[k] = (connect[k] as number) + cv
      connectSq[k] = (connectSq[k] as number) + cv * cv
    }
    if (t === t) {
      nTls[k] = (nTls[k] as number) + 1
      tls[k] = (tls[k] as number) + Math.max(0, t)
    }
  }
  if (nConnect.some((x) => x < BEFORE_MIN) || nTls.some((x) => x < BEFORE_MIN)) {
    return null
  }
  const mean = (a: number[], counts: number[], k: number): number =>
    (a[k] as number) / (counts[k] as number)
  const variance = (k: number): number =>
    Math.max(0, mean(connectSq, nConnect, k) - mean(connect, nConnect, k) ** 2) /
    ((nConnect[k] as number) - 1)
  const connectRise = mean(connect, nConnect, 0) - mean(connect, nConnect, 1)
  const tlsRise = mean(tls, nTls, 0) - mean(tls, nTls, 1)
  const z = connectRise / Math.sqrt(variance(0) + variance(1) || 1)
  const shareRise =
    (opened[0] as number) / (known[0] as number) - (opened[1] as number) / (known[1] as number)
  const moreHandshakesUs =
    Math.max(0, shareRise) * (mean(connect, nConnect, 1) + mean(tls, nTls, 1))
  if (
    !(z >= CONNECT_RISE_Z) ||
    tlsRise >= TLS_ALIKE * connectRise ||
    moreHandshakesUs >= MORE_HANDSHAKES_SHARE * rise
  ) {
    return null
  }
  return {
    stage: 'client.connect',
    observed: round(connectRise / 1000),
    baseline: round(tlsRise / 1000),
    text: `against: on new connections connect rose by ${fmtUs(connectRise)} in the change window (z=${decimals(z, 1)}) and TLS by ${fmtUs(Math.max(0, tlsRise))}; more new connections explain ${fmtUs(moreHandshakesUs)} of the ${fmtUs(rise)} rise in connect + TLS per request: the time was spent waiting to connect, before the handshake`,
  }
}

/** "Rose as much elsewhere": at least this share of the scope's own rise. */
const ELSEWHERE_ALIKE = 0.5

export const networkTlsHandshakeCause: CauseRecord = {
  cause: 'network.tls_handshake',
  label: 'Full TLS handshakes on every request',
  measure: 'ttft',
  chain: ['new connections', 'TLS handshakes'],
  explains: [],
  breachStages: ['client.dns', 'client.connect', 'client.tls'],
  needs: 'client spans (`client.tls`, `client.connect`, connection reuse, TLS resumption).',
  predicts:
    "connect + TLS explain a good part of the slow cohort's excess, and handshake time or the share of new connections rose in the change window, or most requests open new connections. Or, on its own (at most 0.7, below a cause that holds the tail): the share of requests opening a new connection rose over a span beyond chance (scan z ≥ 4–6), fewer requests per step reused a connection (3–10 % of the usual reuse lost), and the extra handshakes add 3–10 % to a typical TTFT.",
  against:
    'one far region whose network time is several times the others\' (high RTT); latency changed but neither handshake time nor the share of new connections rose with it (listed as "against", confidence × 0.3); connect + TLS rose with the latency, but on new connections the connect rose beyond noise (4 standard errors) while TLS rose less than half as much, and more new connections at their usual handshake explain less than half of the rise: a wait to connect, not a handshake (that reading × 0.2). Explained away: new connections to a replica in its first five minutes (a start, by necessity new), connects retransmitted at a connection limit (≥ 0.9 s), and new connections that came with new clients (as many requests per step as before still reused one).',
  actions: ['enable keep-alive / connection pooling in clients', 'enable TLS session resumption'],
  excess: {
    'connect-wait': 0.4,
    handshake: (x) => (moreHandshakes(x) ? 1 : 0.6),
  },
  excessScope: handshakeScope,
  evaluate(ctx) {
    const { frame } = ctx
    if (frame.hasClient.every((v) => v === 0)) {
      return { skipped: 'no client spans: handshake time is only visible at the client' }
    }
    const tls = stageStat(ctx.ttftStages, 'client.tls')
    const connect = stageStat(ctx.ttftStages, 'client.connect')
    const excess = (tls?.excessShare ?? 0) + (connect?.excessShare ?? 0)
    const share = ramp(excess, 0.15, 0.4)
    const handshake = new Float64Array(frame.n).fill(NaN)
    const fresh = new Float64Array(frame.n).fill(NaN)
    const client = new Uint8Array(frame.n)
    for (let i = 0; i < frame.n; i++) {
      if (frame.hasClient[i] !== 1) {
        continue
      }
      client[i] = 1
      const t = frame.stages['client.tls'][i] as number
      const c = frame.stages['client.connect'][i] as number
      const reused = frame.connectionReused[i] as number
      // A reused connection has no handshake to record: its 0 is a fact. A new connection (or
      // one whose reuse is unknown) with neither span recorded has an unknown handshake.
      handshake[i] =
        t !== t && c !== c && reused !== 1
          ? NaN
          : (t === t && t > 0 ? t : 0) + (c === c && c > 0 ? c : 0)
      if (reused >= 0) {
        fresh[i] = reused === 1 ? 0 : 1
      }
    }
    // Two lines of evidence: the handshakes hold the slow cohort's extra time (the tail), or the
    // share of new connections rose over a span and costs a typical request something. The
    // second sees a rise in new connections that the long-prompt tail hides.
    const rise = freshConnectionRise(ctx, handshake, fresh)
    if (share === 0 && !((rise?.confidence ?? 0) > 0)) {
      return null
    }
    const change = ctx.ttftChange
    const hsShift = shiftOf(ctx, handshake, change)
    const freshShift = shiftOf(ctx, fresh, change)
    const freshAll = meanWhere(fresh, client)
    const anomaly = Math.max(
      change.elevated ? Math.max(ramp(hsShift.ratio, 1.5, 3), ramp(freshShift.ratio, 1.5, 3)) : 0,
      freshAll.count > 0 ? ramp(freshAll.mean, 0.4, 0.7) : 0
    )
    let tail = share * anomaly
    const evidence: Evidence[] = [tls, connect]
      .filter((s) => s !== undefined && (s.presence ?? 0) > 0)
      .map((s) => stageEvidence(s!, 'TTFT'))
    const rose = hsShift.ratio >= 1.3 || freshShift.ratio >= 1.3
    if (change.elevated && !rose) {
      // Latency changed but handshakes did not: a steady share of new connections cannot be
      // what made it worse, so it is not listed as support.
      tail *= 0.3
      evidence.push({
        stage: 'client.connect+client.tls',
        observed: round(hsShift.inside / 1000),
        baseline: round(hsShift.outside / 1000),
        text: `against: connect + TLS did not grow with the latency (${fmtUs(hsShift.inside)} inside the change window vs ${fmtUs(hsShift.outside)} outside; new connections ${pct(freshShift.inside)} vs ${pct(freshShift.outside)})`,
      })
    } else if (change.elevated) {
      evidence.push({
        stage: 'client.connect+client.tls',
        observed: round(hsShift.inside / 1000),
        baseline: round(hsShift.outside / 1000),
        text: `connect + TLS averages ${fmtUs(hsShift.inside)} inside the change window vs ${fmtUs(hsShift.outside)} outside; ${pct(freshShift.inside)} of requests open a new connection vs ${pct(freshShift.outside)}`,
      })
      const ce = changeEvidence(change, 'ttft')
      if (ce) {
        evidence.push(ce)
      }
    } else if (freshAll.count > 0) {
      evidence.push({
        dimension: 'connection_reused',
        observed: round(freshAll.mean),
        baseline: null,
        text: `${pct(freshAll.mean)} of requests open a new connection`,
      })
    }
    const before = beforeTheHandshake(ctx, fresh, change, hsShift.inside - hsShift.outside)
    if (before !== null) {
      // Only the change-window reading is weighed down: a rise in the share of new connections
      // (the scan) leaves retransmitted connects out and stays the handshakes' own.
      tail *= BEFORE_THE_HANDSHAKE
      evidence.push(before)
    }
    const alone = RISE_ALONE * (rise?.confidence ?? 0)
    const fromRise = rise !== null && alone > tail
    if (rise !== null) {
      // The line the confidence stands on comes first.
      evidence.splice(fromRise ? 0 : evidence.length, 0, riseEvidence(ctx, rise))
    }
    let confidence = Math.max(tail, alone)
    if (confidence <= 0) {
      return null
    }
    // Connects of a second or more are SYN retransmits at a connection limit; the handshakes
    // that follow them are its consequence, not a lost keep-alive.
    const retry = retransmitShare(ctx)
    if (retry !== null && retry.share >= 0.03) {
      confidence *= 1 - 0.6 * ramp(retry.share, 0.03, 0.1)
      evidence.push({
        stage: 'client.connect',
        observed: round(retry.share),
        baseline: null,
        text: `against: ${pct(retry.share)} of requests took ≥ 0.9 s to connect (SYN retransmits at a connection limit), which handshakes do not explain`,
      })
    }
    const far = farRegion(ctx)
    if (far !== null && far.networkRatio >= 2 && far.impact >= 1.3) {
      confidence *= 0.4
      evidence.push({
        dimension: 'region',
        observed: far.region,
        baseline: null,
        text: `region ${far.region} pays ${decimals(far.networkRatio, 1)}× the network time of the others: round trips, not handshakes, explain part of it`,
      })
    }
    const spread = globalOrLocal(ctx, change, handshake)
    evidence.push({
      dimension: 'replica',
      observed: round(spread.share),
      baseline: null,
      text: spread.text,
    })
    return {
      confidence,
      scope: { dimension: null, value: null },
      window: fromRise
        ? windowOfBuckets(ctx.grid, rise.window, ctx.input.window.toUs)
        : changeWindow(change),
      evidence,
    }
  },
}
