/**
 * `network.high_rtt` — clients far from the serving region pay round trips.
 *
 * Evidence needed: client spans (stage `network`, plus `client.connect`/`client.tls`, which
 * scale with RTT) and a `region` dimension. For: network-related stages explain the slow cohort's
 * excess and the slow cohort is concentrated in one region. Against: no regional concentration
 * (then a global network change is reported with lower confidence).
 * Actions (CONTRACT §5.1): serve from a closer region; edge TLS termination.
 */
import { ramp } from '../../stats/significance.js'
import type { Rule } from '../rule.js'
import { evaluateStageRule } from './stage-rule.js'

export const networkHighRttRule: Rule = {
  cause: 'network.high_rtt',
  actions: ['serve these clients from a closer region', 'terminate TLS at the edge'],
  evaluate(ctx) {
    if (ctx.frame.hasClient.every((v) => v === 0)) {
      return { skipped: 'no client spans: network time is only visible at the client' }
    }
    const result = evaluateStageRule(ctx, {
      stages: ['network', 'client.connect', 'client.tls', 'client.send'],
      scopeDimensions: ['region'],
      impactIsAnomaly: false,
    })
    if (result !== null && 'evidence' in result) {
      result.confidence *= result.scope.dimension === 'region' ? 1 : 0.5
      if (result.scope.dimension === 'region') {
        result.confidence = Math.max(result.confidence, ramp(result.confidence, 0.1, 0.4))
      }
    }
    return result
  },
}
