/**
 * A gateway-queueing window is the span of the gateway's own wait (ADR 0345), not the latency's:
 * at 75 requests a minute the P99 of a minute is its slowest request or two, so a slow request in
 * each of the two minutes before the fault opens the P99's span there, and an engine hiccup in
 * the minute before it lifts that minute's P90; the consensus of the two with the P50 then opens
 * the window two minutes early (contract seed 139 `gateway.queueing#0` on main: 113 s early,
 * 33 s late, as here). The gateway's wait is about nothing with a free worker, and steps up and
 * back with the fault.
 */
import { describe, expect, it } from 'vitest'
import type { RequestTimeline } from '../../model/request.js'
import { microsFromIso } from '../../model/units.js'
import { diagnose } from '../diagnose.js'
import { createTestRng, makeTimeline, minutesInput, T0_US } from '../testing/make-timeline.js'

const MIN_US = 60_000_000
const MINUTES = 33
const PER_MINUTE = 75
/** The fault, in seconds from the data's start (as the contract run's: 653–1107 s). */
const FAULT_FROM_S = 653
const FAULT_TO_S = 1107
/** The minute before the fault in which a sixth of the requests wait in the engine (a hiccup). */
const HICCUP = 9
/** Minutes before the fault that each hold one request slow for its own reasons (a long prompt). */
const SLOW_BEFORE = [8, 9]

function requests(fault: boolean): RequestTimeline[] {
  const rng = createTestRng(345)
  const out: RequestTimeline[] = []
  for (let m = 0; m < MINUTES; m++) {
    for (let k = 0; k < PER_MINUTE; k++) {
      const startUs = T0_US + m * MIN_US + Math.floor((k / PER_MINUTE) * MIN_US)
      const s = (startUs - T0_US) / 1e6
      const inFault = fault && s >= FAULT_FROM_S && s < FAULT_TO_S
      // Requests wait for a gateway worker in the fault: from nothing to about a second.
      const waitMs = inFault ? 50 + 700 * rng() : 0.5 + rng()
      const slow = SLOW_BEFORE.includes(m) && k === 30
      const hiccup = m === HICCUP && k % 6 === 0
      out.push({
        ...makeTimeline({
          startUs,
          dims: { replica: `r${k % 3}` },
          stagesMs: {
            'gateway.queue': waitMs,
            'engine.queue': hiccup ? 400 + 200 * rng() : 5 * rng(),
            'engine.prefill': slow ? 2900 : 50 + 40 * rng(),
            'engine.decode': 1500 + 500 * rng(),
          },
          inputTokens: slow ? 30_000 : 800,
        }),
        hasGateway: true,
      })
    }
  }
  return out
}

describe("a gateway-queueing window is the gateway's own wait", () => {
  it('starts and ends within a minute of the wait, not at a slow request before it', () => {
    const { diagnosis } = diagnose(minutesInput(requests(true), MINUTES))
    const f = diagnosis.findings[0]!
    expect(f.cause).toBe('gateway.queueing')
    const startUs = microsFromIso(f.window!.start)!
    const endUs = microsFromIso(f.window!.end)!
    expect(Math.abs(startUs - (T0_US + FAULT_FROM_S * 1e6))).toBeLessThanOrEqual(MIN_US)
    expect(Math.abs(endUs - (T0_US + FAULT_TO_S * 1e6))).toBeLessThanOrEqual(MIN_US)
  })

  it('against: with no wait in the gateway, it names no gateway queueing', () => {
    const { diagnosis } = diagnose(minutesInput(requests(false), MINUTES))
    expect(diagnosis.findings.map((x) => x.cause)).not.toContain('gateway.queueing')
  })
})
