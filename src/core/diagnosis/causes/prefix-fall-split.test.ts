/**
 * A prefix-cache fall just under the change points' relative size, after a dip of the same size,
 * is placed on the part of their span where it is certain (ADR 0347). Grid 239-92: 1.2× misses
 * over the data's last 35 %, the requests' cached-token share 0.42 → 0.30 from 09:20 (the miss
 * rate 0.58 → 0.70, 1.19× against steps that swing 3 %); the change points split at a dip at
 * 09:04:30 and joined the fall to the 14.5 minutes before it (1.12×, under where its size ramp
 * starts to count). The two parts of one split at 09:20 differ by about 15 standard errors of their
 * steps' swing. The same run without its fault names nothing.
 */
import { describe, expect, it } from 'vitest'
import { microsFromIso } from '../../model/units.js'
import {
  diagnoseGridCase,
  evidenceText,
  findingOf,
  gridCase,
  gridCaseInput,
  withoutFaults,
} from '../testing/grid.js'

// Each case generates and diagnoses 7 200 requests: seconds on a busy machine.
const SLOW = 180_000

describe('a prefix-cache fall is placed where it is certain', () => {
  it(
    'for: grid 239-92, the cached share 0.42 → 0.30 over the last 35 %, named from its own start',
    () => {
      const c = gridCase(239, 92)
      const { diagnosis } = diagnoseGridCase(c)
      const top = diagnosis.findings[0]!
      expect(top.cause).toBe('engine.prefix_cache_miss')
      expect(evidenceText(top)).toMatch(/hit rate fell from 0\.42 to 0\.3 at [^:]+:20:(00|30)/)
      const { g } = gridCaseInput(c)
      const faultFromUs = g.window.fromUs + 20 * 60_000_000
      expect(Math.abs(microsFromIso(top.window!.start)! - faultFromUs)).toBeLessThanOrEqual(
        30_000_000
      )
    },
    SLOW
  )

  it(
    'against: the same run without its fault names no prefix-cache fall',
    () => {
      const { diagnosis } = diagnoseGridCase(withoutFaults(gridCase(239, 92)))
      expect(findingOf(diagnosis, 'engine.prefix_cache_miss')).toBeUndefined()
      expect(diagnosis.findings[0]!.cause).toBe('healthy')
    },
    SLOW
  )
})
