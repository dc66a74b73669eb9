/**
 * `gateway.connection_limit` — the load balancer's connection limit is reached; new connections
 * are refused or retried (SYN retransmit ≈ 1 s).
 *
 * Evidence needed: `haproxy_frontend_current_sessions` vs `haproxy_frontend_limit_sessions`,
 * nginx's accepted − handled connections (`nginx_connections_accepted` − `…_handled`), Envoy's
 * overflow counters (`envoy_cluster_upstream_cx_overflow`, `…_rq_pending_overflow`), or client
 * spans (`client.connect`, retries, connect errors). For: sessions at the limit (a saturated
 * resource) or connections refused; the slow cohort's excess is connect time of about a second
 * or more, with retries or `connect_*` errors. Against: sessions well below the limit, nothing
 * refused; connect time in line with the baseline; on a finding the excess scan proposed too, the
 * load balancer below its limit with no retransmit or connect error (ADR 0302); with no sign of
 * the limit, time after the handshake that rose on kept-alive connections as on new ones (ADR 0311).
 * Actions (CONTRACT §5.1): raise the limit; HTTP/2 multiplexing; keep-alive for SSE.
 */
import type { Evidence, Finding } from '../../model/diagnosis.js'
import { ramp } from '../../stats/significance.js'
import type { CauseRecord, Counter } from './record.js'
import { moreHandshakes } from './signature.js'
import { type DiagnosisContext, changeBuckets } from '../frame/context.js'
import { resourceLevel, stageStat } from '../detect/shifts.js'
import { changeWindow, missingEvidence, stageEvidence } from '../explain/evidence.js'
import { figure, fmtUs, pct, round } from '../explain/text.js'
import { quantileSorted, sortedFinite } from '../../stats/quantile.js'
import { bucketOf } from '../../timeline/buckets.js'
import { detectChangePoints, findElevatedSpan } from '../../timeline/change-points.js'
import { windowOfBuckets, windowSpanUs } from '../frame/window-span.js'
import { TTFT_STAGES } from '../detect/stage-stats.js'
import { maxOver, meanOutside, meanOver } from '../resources.js'

/**
 * What a connection limit keeps when the clients' measured connects show none of its cost (no
 * excess, no ~1 s retransmit, no connect error): a saturated resource is listed, not named.
 */
const NO_COST_AT_THE_DOOR = 0.3
/**
 * What a finding keeps when the load balancer itself says its limit was never near (sessions
 * below {@link NEAR_LIMIT} of it, nothing refused) and no client connect was retransmitted or
 * failed: the handshake time it was proposed for has a cause that opens more connections, not
 * one that turns them away (ADR 0302).
 */
const NOT_AT_THE_LIMIT = 0.2
/** Sessions at this share of the limit begin to count as at it (the rule's own ramp starts here). */
const NEAR_LIMIT = 0.85
/** Share of client connects ≥ 0.9 s below which nothing was retransmitted at a limit. */
const RETRANSMIT_NONE = 0.01
/**
 * What a finding keeps when the clients' time after the handshake rose on kept-alive connections
 * as much as on new ones: a wait at the door falls on new connections only, so the rise is paid
 * past it (round trips), and the limit is as unsupported as one the balancer says was never near.
 */
const PAST_THE_DOOR = NOT_AT_THE_LIMIT
/**
 * Kept-alive connections' rise against new ones' at and above which the door is not where the
 * time went: a limit predicts 0 (only new connections wait), a longer round trip 1 (every request
 * pays it once after its handshake); half is the point between the two readings.
 */
const KEPT_ALIVE_ALIKE = 0.5
/** Noise units a kept-alive rise needs before it is read at all (as a region's own shift, ADR 0191). */
const RISE_Z = 4
/** Requests each of the four sets (kept-alive or new, inside or outside) needs. */
const PAST_THE_DOOR_MIN = 30
/** The client's stages after its handshake: what a round trip adds to every request. */
const ROUND_TRIP = ['network', 'client.send'] as const
/**
 * Below this share of the kept-alive round-trip rise, the time no span covers did not carry the
 * excess: a wait before the server sees the request (the limit's own stage, ADR 0311) would show
 * there, whatever the connection.
 */
const HIDDEN_SHARE = 0.5

export const gatewayConnectionLimitCause: CauseRecord = {
  cause: 'gateway.connection_limit',
  label: 'Gateway connection limit reached',
  measure: 'ttft',
  chain: ['connection limit', 'refused connections', 'client retries'],
  explains: ['gateway.queueing', 'network.tls_handshake', 'network.high_rtt'],
  breachStages: ['client.unattributed'],
  needs:
    '`haproxy_frontend_current_sessions` and `…_limit_sessions`, `nginx_connections_accepted` and `…_handled`, `envoy_cluster_upstream_cx_overflow` / `…_rq_pending_overflow`, or client spans.',
  predicts:
    "sessions at the limit (≥ 85–98 %), or connections refused (nginx accepted − handled, Envoy overflows); the slow cohort's excess is connect time of ~1 s (SYN retransmits), `connect_*` errors.",
  against:
    'sessions well below the limit and nothing refused; connect time in line with the baseline (sessions at the limit while measured client connects carry none of the extra time, retransmit nothing and fail nothing keep 0.3 of the confidence); on any finding, however proposed, sessions below 85 % of the limit over its window with nothing refused, no client connect ≥ 0.9 s and no connect error keep 0.2 (the handshakes are not the limit’s); with no sign of the limit, time after the handshake that rose on kept-alive connections beyond noise and by at least half the new connections’ rise keeps 0.2 (a limit makes only new connections wait; round trips are paid past it).',
  counter(ctx, finding) {
    return belowTheLimit(ctx, finding) ?? pastTheDoor(ctx, finding)
  },
  actions: [
    'raise the connection limit (maxconn)',
    'use HTTP/2 multiplexing',
    'keep connections alive for SSE',
  ],
  excess: {
    // Connect time grew far more than the handshake that follows it: SYNs wait or are
    // retransmitted (≈ 1 s steps) at a connection limit, not more handshakes.
    'connect-wait': 1,
    handshake: (x) => (moreHandshakes(x) ? 0.4 : 0),
    'uncovered-with-gaps': 0.3,
    'network-time': (x) => (x.facts.scope?.dimension === 'region' ? 0.3 : 0.7),
  },
  uncovered: { client: 0.6 },
  evaluate(ctx) {
    const range = changeBuckets(ctx.ttftChange)
    const sessions = resourceLevel(ctx, 'gateway_sessions', range)
    const limit = ctx.resources.get('gateway_limit')
    const connect = stageStat(ctx.ttftStages, 'client.connect')
    const evidence: Evidence[] = []
    let sat = 0
    if (sessions && limit) {
      const lim = maxOver(limit.max)
      const ratio = lim > 0 ? sessions.peak / lim : 0
      sat = ramp(ratio, 0.85, 0.98)
      evidence.push({
        metric: sessions.view.metric,
        observed: round(sessions.peak),
        baseline: round(lim),
        text: `frontend sessions peak at ${figure(sessions.peak)} of a limit of ${figure(lim)} (${pct(ratio)})`,
      })
    }
    const refused = refusedConnections(ctx, range)
    if (refused !== null) {
      sat = Math.max(sat, refused.support)
      evidence.push(...refused.evidence)
    }
    const lbSeen = (sessions !== null && limit !== undefined) || refused !== null
    if (!lbSeen) {
      evidence.push(
        missingEvidence(
          'load-balancer sessions and refusals (haproxy_frontend_current_sessions / _limit_sessions, nginx_connections_accepted − _handled, envoy_cluster_upstream_cx_overflow)'
        )
      )
    }
    let conn = 0
    if (connect && (connect.presence ?? 0) > 0) {
      conn =
        ramp(connect.excessShare ?? 0, 0.25, 0.55) * ramp(connect.slowMeanUs ?? 0, 300_000, 900_000)
      if (conn > 0) {
        evidence.push(stageEvidence(connect, 'TTFT'))
      }
    }
    // The signature of a full accept queue whatever the workload: connects that take about a
    // second (the first SYN retransmit), which no round trip explains. Counted per request, so a
    // tail made of long prompts or long outputs cannot hide it.
    const retry = retransmitShare(ctx)
    let windowOut = changeWindow(ctx.ttftChange)
    if (retry !== null) {
      const typical = quantileSorted(sortedFinite(ctx.frame.ttftUserUs), 0.5)
      const added = (retry.share * retry.meanUs) / Math.max(1, typical)
      const byRetry = ramp(retry.share, 0.02, 0.08) * ramp(added, 0.05, 0.3)
      conn = Math.max(conn, byRetry)
      // The span of retransmitted connects is the limit's own series, read per request: it ends
      // with the last refusal, where the P99 change runs on while the backlog the refusals left
      // drains, and the vote over P99 and the excess quantiles then ends a step late.
      if (byRetry > 0 && retry.window !== null) {
        windowOut = retry.window
      }
      if (byRetry > 0) {
        evidence.push({
          stage: 'client.connect',
          observed: round(retry.share),
          baseline: round(retry.shareOutside),
          text: `${pct(retry.share)} of new requests took ≥ 0.9 s to connect (mean ${fmtUs(retry.meanUs)}: SYN retransmits)${retry.window !== null ? `, vs ${pct(retry.shareOutside)} before` : ''}`,
        })
      }
    }
    const errors = connectErrors(ctx)
    if (errors > 0) {
      evidence.push({
        metric: 'error.type=connect_*',
        observed: errors,
        baseline: 0,
        text: `${errors} requests failed to connect`,
      })
    }
    if (sat === 0 && conn === 0) {
      return lbSeen
        ? null
        : connect && (connect.presence ?? 0) > 0
          ? null
          : { skipped: 'no load-balancer metrics and no client spans' }
    }
    let confidence =
      sat > 0 ? Math.max(sat * (conn > 0 || errors > 0 || range ? 1 : 0.6), conn) : conn * 0.8
    if (sat > 0 && conn === 0 && errors === 0 && connect && (connect.presence ?? 0) > 0) {
      // The clients' own connects are measured and took no longer: sessions held at the limit
      // (requests that wait elsewhere keep theirs open) turned no one away at the door.
      confidence *= NO_COST_AT_THE_DOOR
      evidence.push({
        stage: 'client.connect',
        observed: round(connect.excessShare),
        baseline: null,
        text: `against: client connects carry ${pct(connect.excessShare)} of the slow requests' extra time (${fmtUs(connect.slowMeanUs)} on average), none took a SYN retransmit and none failed: the limit refused no one`,
      })
    }
    return {
      confidence,
      scope: { dimension: null, value: null },
      window: windowOut,
      evidence,
    }
  },
}

/** Per-bucket sum over keys of a counter kind's per-second rate (NaN where no key has a value). */
function summedRate(
  ctx: DiagnosisContext,
  kind: 'gateway_accepted' | 'gateway_handled' | 'gateway_cx_overflows' | 'gateway_rq_overflows'
): { metric: string; perBucket: Float64Array } | null {
  const view = ctx.resources.get(kind)
  return view === undefined ? null : { metric: view.metric, perBucket: view.sum }
}

/**
 * Connections the proxy refused at its limit, per second inside `range` (the whole window when
 * null): nginx's accepted minus handled connections (dropped at `worker_connections`), Envoy's
 * circuit-breaker overflows (connections, and pending requests refused on a full queue).
 */
function refusedConnections(
  ctx: DiagnosisContext,
  range: { from: number; to: number } | null
): { support: number; evidence: Evidence[] } | null {
  const from = range?.from ?? 0
  const to = range?.to ?? ctx.grid.count - 1
  const evidence: Evidence[] = []
  let support = 0
  let seen = false
  const accepted = summedRate(ctx, 'gateway_accepted')
  const handled = summedRate(ctx, 'gateway_handled')
  if (accepted && handled) {
    seen = true
    const dropped = new Float64Array(ctx.grid.count).fill(NaN)
    for (let b = 0; b < dropped.length; b++) {
      const a = accepted.perBucket[b] as number
      const h = handled.perBucket[b] as number
      if (a === a && h === h) {
        dropped[b] = Math.max(0, a - h)
      }
    }
    const droppedRate = meanOver(dropped, from, to)
    const acceptedRate = meanOver(accepted.perBucket, from, to)
    if (droppedRate > 0) {
      const share = acceptedRate > 0 ? droppedRate / acceptedRate : 1
      support = Math.max(support, ramp(share, 0.002, 0.02))
      evidence.push({
        metric: `${accepted.metric} − ${handled.metric}`,
        observed: round(droppedRate, 2),
        baseline: 0,
        text: `nginx dropped ${figure(droppedRate, 2)} connections/s (${pct(share)} of those accepted): accepted but not handled, at worker_connections`,
      })
    }
  }
  for (const kind of ['gateway_cx_overflows', 'gateway_rq_overflows'] as const) {
    const overflow = summedRate(ctx, kind)
    if (overflow === null) {
      continue
    }
    seen = true
    const inside = meanOver(overflow.perBucket, from, to)
    const outside = range === null ? NaN : meanOutside(overflow.perBucket, from, to)
    if (inside > 0) {
      const grew = !Number.isFinite(outside) || inside > 2 * outside
      support = Math.max(support, ramp(inside, 0.01, 0.2) * (grew ? 1 : 0.5))
      evidence.push({
        metric: overflow.metric,
        observed: round(inside, 3),
        baseline: Number.isFinite(outside) ? round(outside, 3) : null,
        text: `${overflow.metric} at ${figure(inside, 3)}/s${Number.isFinite(outside) ? ` vs ${figure(outside, 3)}/s outside the window` : ''}: ${kind === 'gateway_cx_overflows' ? 'connections refused at the circuit breaker' : 'requests refused because the pending queue was full'}`,
      })
    }
  }
  return seen ? { support, evidence } : null
}

/**
 * Share of requests whose connect took ≥ 0.9 s, inside the span where that share rose (or over
 * the window), the share outside it and the mean of those connects. Null without client connects.
 */
export function retransmitShare(ctx: DiagnosisContext): {
  share: number
  shareOutside: number
  meanUs: number
  window: { start: string; end: string } | null
} | null {
  const f = ctx.frame
  const connect = f.stages['client.connect']
  const total = new Float64Array(ctx.grid.count)
  const slow = new Float64Array(ctx.grid.count)
  let sumSlow = 0
  let nSlow = 0
  let n = 0
  for (let i = 0; i < f.n; i++) {
    const v = connect[i] as number
    const b = bucketOf(ctx.grid, f.startUs[i] as number)
    if (v !== v || b < 0) {
      continue
    }
    n++
    total[b] = (total[b] as number) + 1
    if (v >= 900_000) {
      slow[b] = (slow[b] as number) + 1
      sumSlow += v
      nSlow++
    }
  }
  if (n < 30 || nSlow === 0) {
    return null
  }
  const share = Array.from(total, (t, b) => (t >= 5 ? (slow[b] as number) / t : NaN))
  const span = findElevatedSpan(detectChangePoints(share, { minRelativeChange: 0.5 }), 0.5)
  const sum = (arr: Float64Array, inside: boolean): number => {
    let s = 0
    arr.forEach((v, b) => {
      const within = span !== null && b >= span.start && b <= span.end
      if (span === null || within === inside) {
        s += v
      }
    })
    return s
  }
  const inT = sum(total, true)
  const outT = span === null ? 0 : sum(total, false)
  const window =
    span === null
      ? null
      : windowOfBuckets(ctx.grid, { from: span.start, to: span.end }, ctx.input.window.toUs)
  return {
    share: inT > 0 ? sum(slow, true) / inT : 0,
    shareOutside: outT > 0 ? sum(slow, false) / outT : 0,
    meanUs: sumSlow / nSlow,
    window,
  }
}

/** The grid steps of the finding's window, or null when it has none. */
function windowBuckets(
  ctx: DiagnosisContext,
  finding: Finding
): { from: number; to: number } | null {
  const span = windowSpanUs(finding.window)
  return span === null
    ? null
    : { from: Math.max(0, bucketOf(ctx.grid, span.from)), to: bucketOf(ctx.grid, span.to - 1) }
}

/**
 * Counter-evidence on any connection-limit finding, whichever detector proposed it: the load
 * balancer's sessions stayed well below its limit over the finding's window, it refused nothing,
 * and the clients' connects show no SYN retransmit and no connect error. A limit that was never
 * reached cannot have made the connect or TLS time the excess reads (more handshakes are lost
 * keep-alive). Null when the load balancer is not seen, or any sign of the limit is there.
 */
function belowTheLimit(ctx: DiagnosisContext, finding: Finding): Counter | null {
  const range = windowBuckets(ctx, finding)
  const sessions = resourceLevel(ctx, 'gateway_sessions', range)
  const limit = ctx.resources.get('gateway_limit')
  if (sessions === null || limit === undefined) {
    return null
  }
  const lim = maxOver(limit.max)
  const ratio = lim > 0 ? sessions.peak / lim : NaN
  if (!(ratio < NEAR_LIMIT)) {
    return null
  }
  const refused = refusedConnections(ctx, range)
  if (refused !== null && refused.support > 0) {
    return null
  }
  const retry = retransmitShare(ctx)
  if (retry !== null && retry.share >= RETRANSMIT_NONE) {
    return null
  }
  if (connectErrors(ctx) > 0) {
    return null
  }
  return {
    factor: NOT_AT_THE_LIMIT,
    evidence: {
      metric: sessions.view.metric,
      observed: round(sessions.peak),
      baseline: round(lim),
      // What was not measured is said to be unknown, not "none": refusals need nginx's or
      // Envoy's counters, retransmits client connects.
      text: `against: frontend sessions peak at ${figure(sessions.peak)} of a limit of ${figure(lim)} (${pct(ratio)}) in the finding's window; ${refused === null ? 'refusals not measured' : 'nothing was refused'}; ${retry === null ? 'no connect failed (retransmits unknown: no client connects measured)' : 'no client connect took a SYN retransmit or failed'}: the limit turned no one away`,
    },
  }
}

/**
 * Counter-evidence on a connection-limit finding whose excess is round-trip time: requests on
 * kept-alive connections never pass the limit again, yet their round trips (`network` +
 * `client.send`) rose over the finding's window as much as new connections' did, beyond noise,
 * while the time no span covers before the first token (where a wait before the server sees the
 * request shows) rose by less than half as much. A wait at the door falls on new connections
 * only; a longer round trip (one region farther away) on every request. Null when no client marks
 * its connections, any sign of the limit is there (sessions near it, refusals, retransmits,
 * connect errors), or the kept-alive rise is within noise.
 */
export function pastTheDoor(ctx: DiagnosisContext, finding: Finding): Counter | null {
  const span = windowSpanUs(finding.window)
  if (span === null || limitSeen(ctx, finding)) {
    return null
  }
  const f = ctx.frame
  // [kept-alive inside, kept-alive outside, new inside, new outside]: n, sum, sum of squares.
  const n = new Float64Array(4)
  const sum = new Float64Array(4)
  const sq = new Float64Array(4)
  // Time no span covers before the first token, inside and outside: sum, n.
  const hidden = new Float64Array(4)
  for (let i = 0; i < f.n; i++) {
    const reused = f.connectionReused[i] as number
    if (reused < 0 || f.hasClient[i] !== 1) {
      continue
    }
    let t = 0
    let seen = false
    for (const st of ROUND_TRIP) {
      const v = f.stages[st][i] as number
      if (v === v) {
        seen = true
        t += v > 0 ? v : 0
      }
    }
    if (!seen) {
      continue
    }
    const at = f.startUs[i] as number
    const inside = at >= span.from && at < span.to
    const k = (reused === 1 ? 0 : 2) + (inside ? 0 : 1)
    n[k] = (n[k] as number) + 1
    sum[k] = (sum[k] as number) + t
    sq[k] = (sq[k] as number) + t * t
    const ttft = f.ttftUserUs[i] as number
    if (ttft === ttft) {
      let covered = 0
      for (const st of TTFT_STAGES) {
        const v = f.stages[st][i] as number
        covered += v === v && v > 0 ? v : 0
      }
      const h = inside ? 0 : 2
      hidden[h] = (hidden[h] as number) + Math.max(0, ttft - covered)
      hidden[h + 1] = (hidden[h + 1] as number) + 1
    }
  }
  if (n.some((x) => x < PAST_THE_DOOR_MIN)) {
    return null
  }
  const mean = (k: number): number => (sum[k] as number) / (n[k] as number)
  const variance = (k: number): number =>
    Math.max(0, (sq[k] as number) / (n[k] as number) - mean(k) ** 2) / ((n[k] as number) - 1)
  const keptRise = mean(0) - mean(1)
  const newRise = mean(2) - mean(3)
  const hiddenRise =
    (hidden[0] as number) / Math.max(1, hidden[1] as number) -
    (hidden[2] as number) / Math.max(1, hidden[3] as number)
  const z = keptRise / Math.sqrt(variance(0) + variance(1) || 1)
  if (
    !(z >= RISE_Z) ||
    keptRise < KEPT_ALIVE_ALIKE * newRise ||
    hiddenRise >= HIDDEN_SHARE * keptRise
  ) {
    return null
  }
  return {
    factor: PAST_THE_DOOR,
    evidence: {
      stage: ROUND_TRIP.join('+'),
      observed: round(keptRise / 1000),
      baseline: round(newRise / 1000),
      text: `against: round trips rose by ${fmtUs(keptRise)} on kept-alive connections in the finding's window, against ${fmtUs(Math.max(0, newRise))} on new ones, and time no span covers by ${fmtUs(Math.max(0, hiddenRise))}: a connection limit makes only new connections wait, so the time was paid past the door, and nothing was seen refused or retransmitted`,
    },
  }
}

/**
 * Any sign of the limit over the finding's window: sessions near it, connections refused, a
 * client connect retransmitted, a connect error.
 */
function limitSeen(ctx: DiagnosisContext, finding: Finding): boolean {
  const range = windowBuckets(ctx, finding)
  const sessions = resourceLevel(ctx, 'gateway_sessions', range)
  const limit = ctx.resources.get('gateway_limit')
  if (sessions !== null && limit !== undefined) {
    const lim = maxOver(limit.max)
    if (!(lim > 0 && sessions.peak / lim < NEAR_LIMIT)) {
      return true
    }
  }
  const refused = refusedConnections(ctx, range)
  if (refused !== null && refused.support > 0) {
    return true
  }
  const retry = retransmitShare(ctx)
  return (retry !== null && retry.share >= RETRANSMIT_NONE) || connectErrors(ctx) > 0
}

/** Requests that failed to connect (`error.type` `connect_*`). */
function connectErrors(ctx: DiagnosisContext): number {
  let errors = 0
  const errCol = ctx.frame.errorType
  for (let i = 0; i < ctx.frame.n; i++) {
    const c = errCol.codes[i] as number
    if (c >= 0 && (errCol.values[c] as string).startsWith('connect')) {
      errors++
    }
  }
  return errors
}
