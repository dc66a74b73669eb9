/**
 * `gateway.queueing` — requests wait inside the gateway (worker or connection pool too small).
 *
 * Evidence needed: gateway spans with a queue/admission step (stage `gateway.queue`) or time
 * inside the gateway entry that none of its steps covers (`gateway.unattributed`, the gateway's own
 * wait); `haproxy_backend_current_queue` supports when scraped.
 * For: `gateway.queue` explains most of the slow cohort's excess and grew in the change window
 * (or is far above its baseline). Against: time is spent in the engine instead.
 * Actions (CONTRACT §5.1): more gateway workers; HTTP/2 multiplexing; larger upstream pool.
 */
import type { CauseRecord } from './record.js'
import { round } from '../explain/text.js'
import { resourceLevel } from '../detect/shifts.js'
import { evaluateStageRule } from './stage-rule.js'

export const gatewayQueueingCause: CauseRecord = {
  cause: 'gateway.queueing',
  label: 'Requests queue in the gateway',
  measure: 'ttft',
  chain: ['gateway pool', 'gateway wait'],
  explains: [],
  needs:
    "gateway spans with a queue/admission step (`gateway.queue`) or the gateway's own wait (`gateway.unattributed`); `haproxy_backend_current_queue` supports.",
  predicts:
    "`gateway.queue` plus the gateway's own wait explains the slow cohort's excess and grew in a change window (the TTFT P99's, or the stage's own P90 per step), or creates the tail by itself.",
  against:
    'the time is spent in the engine; a scraped HAProxy backend queue that stays at 0 (listed as "against", confidence × 0.6).',
  actions: [
    'add gateway workers',
    'use HTTP/2 multiplexing to the upstream',
    'enlarge the upstream connection pool',
  ],
  evaluate(ctx) {
    // A gateway that waits for a worker or an upstream slot without a span for it shows that wait
    // as time inside its entry that none of its steps covers (`gateway.unattributed`): the
    // gateway's own wait counts with its recorded queue step.
    const result = evaluateStageRule(ctx, {
      stages: ['gateway.queue', 'gateway.unattributed'],
      label: "the gateway's queue and own wait (gateway.queue+gateway.unattributed)",
      scopeDimensions: ['route', 'region'],
    })
    if (result !== null && 'evidence' in result) {
      const q = resourceLevel(ctx, 'haproxy_queue', null)
      if (q && Number.isFinite(q.peak)) {
        // An empty backend queue argues against queueing in front of the backends: say so, and
        // do not count it as support.
        const empty = q.peak <= 0
        if (empty) {
          result.confidence *= 0.6
        }
        result.evidence.push({
          metric: q.view.metric,
          observed: round(q.peak),
          baseline: round(q.inside),
          text: empty
            ? `against: ${q.view.metric} stays at 0 (requests do not queue for a backend connection; the wait is elsewhere in the gateway)`
            : `requests waiting for a backend connection (${q.view.metric}) peak at ${round(q.peak)} (mean ${round(q.inside)})`,
        })
      }
      // Scope stays null: the gateway is shared by every replica behind it.
      result.scope = { dimension: null, value: null }
    }
    return result
  },
}
