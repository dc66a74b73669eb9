/**
 * An alert's summary names every figure of its rule; one the evaluation could not form is "–",
 * not left out (ADR 0343): a receiver's reader must tell an unmeasured window from a rule that has
 * none. The JSON body keeps it null.
 */
import { describe, expect, it } from 'vitest'
import { alertmanagerPayload, detailText, summaryOf } from './payload.js'
import { firingNotification } from './testing/notification.js'

describe('unknown figures in alert text (ADR 0343)', () => {
  it('a burn rate without requests is printed "–", a measured one as before', () => {
    const n = firingNotification({ burn_1h: 14.4, burn_5m: null })
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
