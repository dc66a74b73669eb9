/**
 * `gateway.connection_limit` — the load balancer's connection limit is reached; new connections
 * are refused or retried (SYN retransmit ≈ 1 s).
 *
 * Evidence needed: `haproxy_frontend_current_sessions` vs `haproxy_frontend_limit_sessions`, or
 * client spans (`client.connect`, retries, connect errors). For: sessions at the limit (a
 * saturated resource); the slow cohort's excess is connect time of about a second or more, with
 * retries or `connect_*` errors. Against: sessions well below the limit; connect time in line
 * with the baseline.
 * Actions (CONTRACT §5.1): raise the limit; HTTP/2 multiplexing; keep-alive for SSE.
 */
import type { Evidence } from '../../model/diagnosis.js'
import { ramp } from '../../stats/significance.js'
import type { Rule } from '../rule.js'
import {
  changeBuckets,
  changeWindow,
  missingEvidence,
  pct,
  resourceLevel,
  round,
  stageEvidence,
  stageStat,
} from '../rule.js'
import { maxOver } from '../resources.js'

export const gatewayConnectionLimitRule: Rule = {
  cause: 'gateway.connection_limit',
  actions: [
    'raise the connection limit (maxconn)',
    'use HTTP/2 multiplexing',
    'keep connections alive for SSE',
  ],
  evaluate(ctx) {
    const range = changeBuckets(ctx.ttftChange)
    const sessions = resourceLevel(ctx, 'haproxy_sessions', range)
    const limit = ctx.resources.get('haproxy_limit')
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
        text: `frontend sessions peak at ${round(sessions.peak)} of a limit of ${round(lim)} (${pct(ratio)})`,
      })
    } else {
      evidence.push(
        missingEvidence(
          'load-balancer sessions (haproxy_frontend_current_sessions / _limit_sessions)'
        )
      )
    }
    let conn = 0
    if (connect && connect.presence > 0) {
      conn = ramp(connect.excessShare, 0.25, 0.55) * ramp(connect.slowMeanUs, 300_000, 900_000)
      if (conn > 0) {
        evidence.push(stageEvidence(connect, 'TTFT'))
      }
    }
    let errors = 0
    const errCol = ctx.frame.errorType
    for (let i = 0; i < ctx.frame.n; i++) {
      const c = errCol.codes[i] as number
      if (c >= 0 && (errCol.values[c] as string).startsWith('connect')) {
        errors++
      }
    }
    if (errors > 0) {
      evidence.push({
        metric: 'error.type=connect_*',
        observed: errors,
        baseline: 0,
        text: `${errors} requests failed to connect`,
      })
    }
    if (sat === 0 && conn === 0) {
      return sessions
        ? null
        : connect && connect.presence > 0
          ? null
          : { skipped: 'no load-balancer metrics and no client spans' }
    }
    const confidence =
      sat > 0 ? Math.max(sat * (conn > 0 || errors > 0 || range ? 1 : 0.6), conn) : conn * 0.8
    return {
      confidence,
      scope: { dimension: null, value: null },
      window: changeWindow(ctx.ttftChange),
      evidence,
    }
  },
}
