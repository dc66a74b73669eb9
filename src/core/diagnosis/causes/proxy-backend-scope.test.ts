/**
 * A buffering proxy sits in front of the gateway, or of a route or region, so every backend's
 * streams pass through it alike: client gaps that grew on one replica's, node's or version's
 * streams only are not a proxy's (ADR 0545).
 */
import { describe, expect, it } from 'vitest'
import type { ScopeDimension } from '../../model/diagnosis.js'
import { causeRecord } from './index.js'
import { excessWeight, type ExcessView } from './signature.js'

/**
 * A client-gap excess on `dimension` (null: everywhere), TPOT unmoved, localised by the scan to
 * an element of `localized` dimensions (none: not localised): what the weight reads.
 */
function gaps(dimension: ScopeDimension | null, localized: string[] = []): ExcessView {
  return {
    carrier: 'client-gaps',
    anomaly: {
      localized:
        localized.length === 0 ? null : { dimensions: localized, values: localized.map(() => 'x') },
    },
    facts: {
      scope: dimension === null ? null : { dimension, value: 'x' },
      tpotMoved: false,
    },
  } as unknown as ExcessView
}

describe('client gaps on one backend are not a proxy (ADR 0545)', () => {
  const proxy = causeRecord('proxy.stream_buffering')!.excess

  it('against: gaps grown on one replica, node or version give the proxy nothing', () => {
    for (const d of ['replica', 'node', 'version'] as const) {
      expect(excessWeight(proxy, gaps(d)), d).toBe(0)
    }
  })

  it('against: gaps a region shows that the scan localised to one node of it', () => {
    expect(excessWeight(proxy, gaps('region', ['node', 'region']))).toBe(0)
  })

  it("for: gaps grown everywhere, or on a route, region or tenant, are the proxy's to explain", () => {
    for (const d of [null, 'route', 'region', 'tenant'] as const) {
      expect(excessWeight(proxy, gaps(d)), String(d)).toBe(1)
    }
    expect(excessWeight(proxy, gaps('region', ['region', 'route']))).toBe(1)
  })
})
