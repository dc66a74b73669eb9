/**
 * `network.tls_handshake` — connections are not reused or resumed; each request pays a full TLS
 * handshake.
 *
 * Evidence needed: client spans (`client.tls`, `client.connect`, `tokenline.connection.reused`,
 * `tls.resumed`). For: TLS/connect time explains the slow cohort's excess AND the slow cohort is
 * concentrated in `connection_reused=false` or `tls_resumed=false`. Against: the same time in
 * the `network` stage with a region concentration (that is RTT, not handshakes).
 * Actions (CONTRACT §5.1): keep-alive / connection pooling; TLS session resumption.
 */
import { ramp } from '../../stats/significance.js'
import type { Rule } from '../rule.js'
import { findRow, rowEvidence, stageStat } from '../rule.js'
import { evaluateStageRule } from './stage-rule.js'

export const networkTlsHandshakeRule: Rule = {
  cause: 'network.tls_handshake',
  actions: ['enable keep-alive / connection pooling in clients', 'enable TLS session resumption'],
  evaluate(ctx) {
    if (ctx.frame.hasClient.every((v) => v === 0)) {
      return { skipped: 'no client spans: handshake time is only visible at the client' }
    }
    const result = evaluateStageRule(ctx, {
      stages: ['client.tls', 'client.connect'],
      scopeDimensions: ['region', 'route', 'tenant'],
      excessLo: 0.2,
      excessHi: 0.5,
      impactIsAnomaly: false,
    })
    if (result === null || !('evidence' in result)) {
      return result
    }
    const rows = [findRow(ctx.ttft.rows, 'connection_reused', 'false'), findRow(ctx.ttft.rows, 'tls_resumed', 'false')].filter(
      (r) => r !== undefined && r.significant
    )
    const net = stageStat(ctx.ttftStages, 'network')
    const reuse = rows.length > 0 ? Math.max(...rows.map((r) => ramp(r!.lift, 1.3, 3))) : 0.3
    result.confidence *= reuse * (net && net.excessShare > 0.3 ? 0.5 : 1)
    for (const r of rows) {
      result.evidence.push(rowEvidence(r!, 'TTFT'))
    }
    if (rows.length === 0) {
      result.evidence.push({ dimension: 'connection_reused', observed: null, baseline: null, text: 'slow requests are not concentrated on new or unresumed connections' })
    }
    return result
  },
}
