/**
 * `gateway.queueing` — requests wait inside the gateway (worker or connection pool too small).
 *
 * Evidence needed: gateway spans with a queue/admission step (stage `gateway.queue`) or time
 * inside the gateway entry that none of its steps covers (`gateway.unattributed`, the gateway's own
 * wait); a proxy's backend queue (`haproxy_backend_current_queue`, Envoy's
 * `envoy_cluster_upstream_rq_pending_active`) and its upstream sessions against their limit
 * (`haproxy_server_current_sessions` vs `haproxy_server_limit_sessions`) support when scraped.
 * For: `gateway.queue` explains most of the slow cohort's excess and grew in the change window
 * (or is far above its baseline); the proxy's backend queue grew, its upstreams at their limit.
 * Against: time is spent in the engine instead; an empty backend queue.
 * Actions (CONTRACT §5.1): more gateway workers; HTTP/2 multiplexing; larger upstream pool.
 */
import type { Evidence } from '../../model/diagnosis.js'
import { ramp } from '../../stats/significance.js'
import { type DiagnosisContext, changeBuckets } from '../frame/context.js'
import type { CauseRecord } from './record.js'
import type { ExcessView } from './signature.js'
import { resourceLevel } from '../detect/shifts.js'
import { changeEvidence, changeWindow, scopeOf } from '../explain/evidence.js'
import { figure, fmtUs, pct, round } from '../explain/text.js'
import { maxOver } from '../resources.js'
import { evaluateStageRule, stageSum } from './stage-rule.js'
import type { Finding } from '../../model/diagnosis.js'
import { bucketsOfWindow, windowOfBuckets } from '../frame/window-span.js'
import { quietShift } from '../detect/quiet-shift.js'

/** Upstream sessions at this share of their limit are full: the next request queues. */
const UPSTREAM_FULL = 0.95

export interface ProxyQueue {
  /** 0..1: how strongly the proxy's own series show requests waiting for an upstream. */
  support: number
  /** A backend queue is scraped and stays at 0 while no upstream is full. */
  empty: boolean
  evidence: Evidence[]
}

/**
 * What a proxy's metrics say about requests queueing in it: its backend queue (HAProxy
 * `haproxy_backend_current_queue`, Envoy's pending requests) and its upstream connections
 * against their limit (HAProxy `haproxy_server_current_sessions` vs `…_limit_sessions`, keyed by
 * the upstream they serve). Null when neither is scraped.
 */
export function proxyQueue(
  ctx: DiagnosisContext,
  range: { from: number; to: number } | null
): ProxyQueue | null {
  const queue = resourceLevel(ctx, 'gateway_queue', range)
  const sessions = ctx.resources.get('gateway_upstream_sessions')
  const limits = ctx.resources.get('gateway_upstream_limit')
  const evidence: Evidence[] = []
  let support = 0
  let anyFull = false
  if (queue && Number.isFinite(queue.peak)) {
    // A queue that is there outside the window too is the proxy's ordinary state.
    const grew = !Number.isFinite(queue.outside) || queue.inside > 2 * queue.outside + 0.2
    support = ramp(queue.peak, 0.5, 3) * (grew ? 1 : 0.5)
    if (queue.peak > 0) {
      evidence.push({
        metric: queue.view.metric,
        observed: round(queue.peak),
        baseline: Number.isFinite(queue.outside) ? round(queue.outside) : round(queue.inside),
        text: `requests waiting for a backend connection (${queue.view.metric}) peak at ${figure(queue.peak)} (mean ${figure(queue.inside, 2)}${Number.isFinite(queue.outside) ? ` in the window vs ${figure(queue.outside, 2)} outside` : ''})`,
      })
    }
  }
  if (sessions && limits) {
    const from = range?.from ?? 0
    const to = range?.to ?? ctx.grid.count - 1
    const full: { key: string; ratio: number; peak: number; limit: number }[] = []
    let best = 0
    for (const [key, series] of sessions.byKey) {
      const limit = maxOver(limits.byKey.get(key) ?? new Float64Array(0))
      if (!(limit > 0)) {
        continue
      }
      const peak = maxOver(series, from, to)
      const ratio = peak / limit
      best = Math.max(best, ratio)
      if (ratio >= UPSTREAM_FULL) {
        full.push({ key, ratio, peak, limit })
      }
    }
    if (best > 0) {
      anyFull = full.length > 0
      support = Math.max(support, ramp(best, 0.85, 1))
      const named = full.slice(0, 3).map((f) => `${f.key} ${figure(f.peak)}/${figure(f.limit)}`)
      evidence.push({
        metric: `${sessions.metric} / ${limits.metric}`,
        observed: round(best),
        baseline: 1,
        text: anyFull
          ? `upstream connections at their limit (${named.join(', ')}): the next requests wait in the proxy`
          : `upstream connections peak at ${pct(best)} of their limit`,
      })
    }
  }
  if (queue === null && !(sessions && limits)) {
    return null
  }
  const empty = queue !== null && !(queue.peak > 0) && !anyFull
  if (empty && queue) {
    // An empty backend queue argues against queueing in front of the backends: say so, and do
    // not count it as support.
    evidence.push({
      metric: queue.view.metric,
      observed: 0,
      baseline: round(queue.inside),
      text: `against: ${queue.view.metric} stays at 0 (requests do not queue for a backend connection; the wait is elsewhere in the gateway)`,
    })
  }
  return { support, empty, evidence }
}

const GATEWAY_WAIT = ['gateway.queue', 'gateway.unattributed'] as const

/**
 * "Grew as much elsewhere": the requests outside the scope saw their gateway wait grow by at least
 * this share of the scope's own growth. Half is the point between a wait that grew only in the
 * scope (0) and one that grew alike everywhere (1), the peer line the excess scan draws for the
 * excess itself (excess-scan.ts) and the handshake record for new connections (ADR 0368).
 */
const ELSEWHERE_ALIKE = 0.5

/**
 * The scope an excess of the gateway's wait gives its finding (ADR 0368): none when the wait grew
 * alike outside it. The gateway is in front of every region, tenant and route; the excess scan
 * keeps the one whose latency's excess was the most certain, and with a few minutes before the
 * wait that can be a region whose requests happened to be quick then (grid seed 281 run 54: the
 * wait grew by 41 ms in region=us-east and by 40 ms in each other region). A scope whose wait grew
 * and its peers' did not keeps it.
 */
function gatewayScope(x: ExcessView): { scope: Finding['scope']; evidence: Evidence[] } | null {
  const f = x.facts
  const rise = f.stageRise
  const elsewhere = f.stageRiseElsewhere
  if (
    f.scope === null ||
    !(GATEWAY_WAIT as readonly string[]).includes(f.topStage) ||
    !(rise > 0) ||
    !(elsewhere >= ELSEWHERE_ALIKE * rise)
  ) {
    return null
  }
  return {
    scope: { dimension: null, value: null },
    evidence: [
      {
        stage: f.topStage,
        observed: round(rise / 1000),
        baseline: round(elsewhere / 1000),
        text: `${f.topStage} grew by ${fmtUs(rise)} per request in ${f.scope.dimension}=${f.scope.value} and by ${fmtUs(elsewhere)} everywhere else: the gateway's wait is everyone's`,
      },
    ],
  }
}

/**
 * The window of the gateway's own wait (ADR 0345): the span where its median per step shifted
 * (`quietShift`, edges at the steps nearer the shifted level than the baseline, ADR 0339), when
 * it overlaps the latency's window. A gateway with a free worker or upstream slot waits about
 * nothing, so its wait is a quiet series that steps up with the fault and back with its end; the
 * TTFT P99, one request in a hundred, moves with any slow request at low load (contract seed 139
 * `#0`: a 2.9 s request in the minute before the fault opened the window 113 s early). Null when
 * the wait did not shift or shifted elsewhere: the latency's window stands.
 */
function ownWait(ctx: DiagnosisContext, window: Finding['window']): Finding['window'] {
  const range = bucketsOfWindow(ctx.grid, window)
  const shift = range === null ? null : quietShift(ctx, stageSum(ctx, GATEWAY_WAIT))
  if (range === null || shift === null || shift.end < range.from || range.to < shift.start) {
    return null
  }
  return windowOfBuckets(ctx.grid, { from: shift.start, to: shift.end }, ctx.input.window.toUs)
}

export const gatewayQueueingCause: CauseRecord = {
  cause: 'gateway.queueing',
  label: 'Requests queue in the gateway',
  measure: 'ttft',
  chain: ['gateway pool', 'gateway wait'],
  explains: [],
  breachStages: ['gateway.queue', 'gateway.unattributed'],
  needs:
    "gateway spans with a queue/admission step (`gateway.queue`) or the gateway's own wait (`gateway.unattributed`); a proxy's backend queue (`haproxy_backend_current_queue`, Envoy pending requests) and upstream sessions against their limit (`haproxy_server_current_sessions` / `…_limit_sessions`) support, or stand alone without gateway spans.",
  predicts:
    "`gateway.queue` plus the gateway's own wait explains the slow cohort's excess and grew in a change window (the TTFT P99's, or the stage's own P90 per step), or creates the tail by itself; the proxy's backend queue grows and its upstreams sit at their session limit.",
  against:
    'the time is spent in the engine; a scraped backend queue that stays at 0 with every upstream below its limit (listed as "against", confidence × 0.6).',
  actions: [
    'add gateway workers',
    'use HTTP/2 multiplexing to the upstream',
    'enlarge the upstream connection pool',
  ],
  excess: {
    'server-uncovered': (x) => (x.facts.gatewayShare >= 0.5 ? 0.9 : 0),
    'network-time': (x) => (x.facts.scope?.dimension === 'region' ? 0 : 0.4),
    'gateway-wait': 1,
  },
  uncovered: { gateway: 0.6 },
  excessScope: gatewayScope,
  evaluate(ctx) {
    // A gateway that waits for a worker or an upstream slot without a span for it shows that wait
    // as time inside its entry that none of its steps covers (`gateway.unattributed`): the
    // gateway's own wait counts with its recorded queue step.
    const result = evaluateStageRule(ctx, {
      stages: GATEWAY_WAIT,
      label: "the gateway's queue and own wait (gateway.queue+gateway.unattributed)",
      scopeDimensions: ['route', 'region'],
    })
    const range = changeBuckets(ctx.ttftChange)
    const proxy = proxyQueue(ctx, range)
    if (result !== null && 'evidence' in result) {
      if (proxy !== null) {
        if (proxy.empty) {
          result.confidence *= 0.6
        } else {
          // The proxy's own count of waiting requests confirms what the spans show.
          result.confidence += (1 - result.confidence) * 0.5 * proxy.support
        }
        result.evidence.push(...proxy.evidence)
      }
      // Scope stays null: the gateway is shared by every replica behind it.
      result.scope = scopeOf(null, null)
      const own = ownWait(ctx, result.window)
      return own === null ? result : { ...result, window: own, ownWindow: true }
    }
    // Without gateway spans (a proxy that emits none), its metrics alone can name the wait when
    // latency rose while requests queued in it.
    if (proxy !== null && proxy.support > 0 && range !== null && ctx.ttftChange.elevated) {
      const confidence = 0.8 * proxy.support * ramp(ctx.ttftChange.elevated.ratio, 1.3, 2)
      if (confidence > 0) {
        const ce = changeEvidence(ctx.ttftChange, 'ttft')
        return {
          confidence,
          scope: scopeOf(null, null),
          window: changeWindow(ctx.ttftChange),
          evidence: ce ? [...proxy.evidence, ce] : proxy.evidence,
        }
      }
    }
    return result
  },
}
