/**
 * `network.tls_handshake` weighs the slow cohort's connects as handshakes only when they took a
 * handshake's round trip: a connect of 0.9 s or more is a SYN retransmitted at a connection limit
 * (ADR 0310). Grid seed 11's run 44 (a 1.2× connection limit over the last minute, client spans)
 * was answered `network.tls_handshake` 0.85–0.88: the retransmitted connects held 39 % of the slow
 * first tokens' extra time and the TLS stage 4 %.
 */
import { describe, expect, it } from 'vitest'
import { buildContext } from '../frame/context.js'
import { diagnose } from '../diagnose.js'
import { generateRun, inputOfRun } from '../testing/fault-gen.js'
import { gridCases } from '../testing/grid.js'
import { networkTlsHandshakeCause } from './network-tls-handshake.js'

const SLOW = 180_000

function confidence(r: ReturnType<typeof networkTlsHandshakeCause.evaluate>): number {
  return r === null || 'skipped' in r ? 0 : r.confidence
}

describe('network.tls_handshake: connects retransmitted at a limit are not handshakes', () => {
  it(
    'against: a connection limit in the last minute is not named a TLS handshake; the limit is',
    () => {
      const c = gridCases(11, 120, 30, 240).find((x) => x.id === '11-44')!
      const input = inputOfRun(generateRun(c.spec))
      expect(confidence(networkTlsHandshakeCause.evaluate(buildContext(input)))).toBeLessThan(0.3)
      expect(diagnose(input).diagnosis.findings[0]?.cause).toBe('gateway.connection_limit')
    },
    SLOW
  )

  it(
    'for: lost keep-alive, whose connects take a round trip each, keeps its confidence',
    () => {
      const g = generateRun({
        seed: 7201,
        minutes: 30,
        perMinute: 240,
        workload: 'chat',
        client: true,
        gateway: true,
        faults: [{ cause: 'network.tls_handshake', magnitude: 3, windowShare: 0.4 }],
      })
      const d = diagnose(inputOfRun(g)).diagnosis
      expect(d.findings[0]?.cause).toBe('network.tls_handshake')
      expect(d.findings[0]!.confidence).toBeGreaterThan(0.5)
    },
    SLOW
  )
})
