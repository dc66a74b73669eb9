/**
 * A firing burn-rate notification with a given rule detail, for the tests of what an alert says
 * (the notifier's delivery and the payload's text) to build from one shape.
 */
import type { Micros } from '../../core/model/units.js'
import type { AlertNotification } from '../evaluator.js'

export function firingNotification(detail: Record<string, number | null> = {}): AlertNotification {
  return {
    status: 'firing',
    timeUs: 1_760_000_000_000_000 as Micros,
    record: {
      key: 'ttft-burn',
      kind: 'burn_rate',
      tier: null,
      objective: null,
      severity: 'page',
      state: {
        status: 'firing',
        activeSinceUs: null,
        firingSinceUs: 1_760_000_000_000_000 as Micros,
        clearSinceUs: null,
        resolvedAtUs: null,
        lastEvalUs: null,
        lastValue: null,
        fireCount: 1,
      },
      labels: {},
      annotations: {},
      detail,
      findings: [],
      diagnosisWindow: null,
    },
  } as AlertNotification
}
