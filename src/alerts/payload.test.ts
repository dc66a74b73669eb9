/**
 * An alert's summary names every figure of its rule; one the evaluation could not form is "–",
 * not left out (ADR 0343): a receiver's reader must tell an unmeasured window from a rule that has
 * none. The JSON body keeps it null.
 */
import { describe, expect, it } from 'vitest'
import type { Micros } from '../core/model/units.js'
import type { AlertNotification } from './evaluator.js'
import { alertmanagerPayload, detailText, summaryOf } from './payload.js'

function firing(detail: Record<string, number | null>): AlertNotification {
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

describe('unknown figures in alert text (ADR 0343)', () => {
  it('a burn rate without requests is printed "–", a measured one as before', () => {
    const n = firing({ burn_1h: 14.4, burn_5m: null })
    expect(summaryOf(n)).toBe('ttft-burn is breached (burn_1h=14.4 burn_5m=–)')
    const body = alertmanagerPayload(n, null) as {
      commonAnnotations: Record<string, string>
    }
    expect(body.commonAnnotations['summary']).toContain('burn_5m=–')
  })

  it('a non-finite figure is "–", never NaN or Infinity', () => {
    expect(detailText({ ratio: Number.NaN, z: Number.POSITIVE_INFINITY })).toBe('ratio=– z=–')
  })
})
