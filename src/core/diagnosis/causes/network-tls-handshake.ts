/**
 * `network.tls_handshake` — connections are not reused or resumed; each request pays a full TLS
 * handshake.
 *
 * Evidence needed: client spans (`client.tls`, `client.connect`, `tokenline.connection.reused`,
 * `tls.resumed`). For: handshake time (connect + TLS) explains a good part of the slow cohort's
 * excess, AND an anomaly: handshake time or the share of new connections rose inside the latency
 * change window, or most requests open a new connection (keep-alive not working).
 * Against: the extra time is round trips of one far region (the `network` stage is long there
 * too: that is `network.high_rtt`); a steady, small share of new connections.
 * Actions (CONTRACT §5.1): keep-alive / connection pooling; TLS session resumption.
 */
import type { Evidence } from '../../model/diagnosis.js'
import { meanWhere } from '../../stats/quantile.js'
import { ramp } from '../../stats/significance.js'
import type { CauseRecord } from './record.js'
import { changeEvidence, changeWindow, stageEvidence } from '../explain/evidence.js'
import { fmtUs, pct, round } from '../explain/text.js'
import { globalOrLocal, shiftOf, stageStat } from '../detect/shifts.js'
import { farRegion } from './network-high-rtt.js'
import { retransmitShare } from './gateway-connection-limit.js'

export const networkTlsHandshakeCause: CauseRecord = {
  cause: 'network.tls_handshake',
  label: 'Full TLS handshakes on every request',
  measure: 'ttft',
  chain: ['new connections', 'TLS handshakes'],
  explains: [],
  breachStages: ['client.dns', 'client.connect', 'client.tls'],
  needs: 'client spans (`client.tls`, `client.connect`, connection reuse, TLS resumption).',
  predicts:
    "connect + TLS explain a good part of the slow cohort's excess, and handshake time or the share of new connections rose in the change window, or most requests open new connections.",
  against:
    'one far region whose network time is several times the others\' (high RTT); latency changed but neither handshake time nor the share of new connections rose with it (listed as "against", confidence × 0.3).',
  actions: ['enable keep-alive / connection pooling in clients', 'enable TLS session resumption'],
  evaluate(ctx) {
    const { frame } = ctx
    if (frame.hasClient.every((v) => v === 0)) {
      return { skipped: 'no client spans: handshake time is only visible at the client' }
    }
    const tls = stageStat(ctx.ttftStages, 'client.tls')
    const connect = stageStat(ctx.ttftStages, 'client.connect')
    const excess = (tls?.excessShare ?? 0) + (connect?.excessShare ?? 0)
    const share = ramp(excess, 0.15, 0.4)
    if (share === 0) {
      return null
    }
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
      handshake[i] = (t === t && t > 0 ? t : 0) + (c === c && c > 0 ? c : 0)
      const reused = frame.connectionReused[i] as number
      if (reused >= 0) {
        fresh[i] = reused === 1 ? 0 : 1
      }
    }
    const change = ctx.ttftChange
    const hsShift = shiftOf(ctx, handshake, change)
    const freshShift = shiftOf(ctx, fresh, change)
    const freshAll = meanWhere(fresh, client)
    const anomaly = Math.max(
      change.elevated ? Math.max(ramp(hsShift.ratio, 1.5, 3), ramp(freshShift.ratio, 1.5, 3)) : 0,
      freshAll.count > 0 ? ramp(freshAll.mean, 0.4, 0.7) : 0
    )
    let confidence = share * anomaly
    if (confidence <= 0) {
      return null
    }
    const evidence: Evidence[] = [tls, connect]
      .filter((s) => s !== undefined && s.presence > 0)
      .map((s) => stageEvidence(s!, 'TTFT'))
    const rose = hsShift.ratio >= 1.3 || freshShift.ratio >= 1.3
    if (change.elevated && !rose) {
      // Latency changed but handshakes did not: a steady share of new connections cannot be
      // what made it worse, so it is not listed as support.
      confidence *= 0.3
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
        text: `region ${far.region} pays ${far.networkRatio.toFixed(1)}× the network time of the others: round trips, not handshakes, explain part of it`,
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
      window: changeWindow(change),
      evidence,
    }
  },
}
