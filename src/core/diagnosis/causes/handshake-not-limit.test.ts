/**
 * Handshakes on every request are lost keep-alive, not a connection limit that was never reached
 * (ADR 0302). The connection limit's excess signature reads a handshake excess at 0.4 when more
 * requests open connections; nothing checked the load balancer's own word on an excess-proposed
 * finding, so with sessions far below the limit, no SYN retransmit and no refused connection it
 * still outranked lost keep-alive. And a far region, always slower, held the P99's tail while
 * every request paid the handshakes at the median: "the other requests did not get slower", read
 * on the P99 only, set lost keep-alive aside as that region's standing condition.
 * For: sessions at the limit keep a connection-limit finding. Against: sessions far below it,
 * nothing refused, nothing retransmitted. Explained away: a limit never reached is not the
 * answer, and lost keep-alive is not set aside as the far region's condition: the others' median
 * rose in the handshake stages (ADR 0307).
 */
import { describe, expect, it } from 'vitest'
import type { Finding } from '../../model/diagnosis.js'
import type { RequestTimeline } from '../../model/request.js'
import { isoFromMicros, asMicros } from '../../model/units.js'
import { buildContext } from '../frame/context.js'
import type { DiagnosisInput, ResourceSeries } from '../frame/input.js'
import { diagnose } from '../diagnose.js'
import { createTestRng, makeTimeline, minutesInput, T0_US } from '../testing/make-timeline.js'
import { gatewayConnectionLimitCause } from './gateway-connection-limit.js'

const MIN_US = 60_000_000
const MINUTES = 40
const PER_MINUTE = 150
const FROM = 12
const TO = 26
const LIMIT = 4096

/**
 * 150 requests a minute, a third from a region whose round trips are always 1.5 s longer. Before
 * and after, nine in ten requests reuse a connection; from minute 12 to 26 none does, and each
 * pays a full handshake (20 ms connect, 130 ms TLS). Three in a hundred wait 1.5 s in the engine
 * queue all along: the near regions' tail.
 */
function requests(): RequestTimeline[] {
  const rng = createTestRng(3021)
  const out: RequestTimeline[] = []
  for (let m = 0; m < MINUTES; m++) {
    const lost = m >= FROM && m < TO
    for (let k = 0; k < PER_MINUTE; k++) {
      const startUs = T0_US + m * MIN_US + Math.floor((k / PER_MINUTE) * MIN_US)
      const far = k % 3 === 0
      const fresh = lost || rng() < 0.1
      const noise = 0.9 + 0.2 * rng()
      out.push(
        makeTimeline({
          startUs,
          hasClient: true,
          connectionReused: !fresh,
          dims: { replica: `r${k % 4}`, region: far ? 'eu-west-1' : 'us-east-1' },
          stagesMs: {
            'client.connect': fresh ? (lost ? 20 : 15) * noise : 0,
            'client.tls': fresh ? (lost ? 130 : 30) * noise : 0,
            network: (far ? 1500 : 10) * noise,
            'engine.queue': rng() < 0.03 ? 1500 * noise : 2 * noise,
            'engine.prefill': 40 * noise,
            'engine.decode': 150 * 10 * noise,
          },
          tpotMs: 10 * noise,
          inputTokens: 500,
          outputTokens: 150,
        })
      )
    }
  }
  return out
}

/** The load balancer's sessions (one sample every 30 s) and its limit. */
function sessions(value: number): ResourceSeries[] {
  const points = (v: number): { timeUs: number; value: number }[] =>
    Array.from({ length: MINUTES * 2 }, (_, i) => ({
      timeUs: T0_US + i * 30_000_000,
      value: v,
    }))
  const labels = { proxy: 'llm-frontend' }
  return [
    {
      kind: 'gateway_sessions',
      metric: 'haproxy_frontend_current_sessions',
      labels,
      points: points(value),
    },
    {
      kind: 'gateway_limit',
      metric: 'haproxy_frontend_limit_sessions',
      labels,
      points: points(LIMIT),
    },
  ] as ResourceSeries[]
}

function input(sessionsValue: number): DiagnosisInput {
  return minutesInput(requests(), MINUTES, sessions(sessionsValue))
}

/** A connection-limit finding over the handshakes' minutes, as the excess scan proposes it. */
const proposed: Finding = {
  cause: 'gateway.connection_limit',
  confidence: 0.38,
  scope: { dimension: null, value: null },
  window: {
    start: isoFromMicros(asMicros(T0_US + FROM * MIN_US)),
    end: isoFromMicros(asMicros(T0_US + TO * MIN_US)),
  },
  evidence: [],
  actions: [],
}

// A diagnosis reads 6 000 requests: seconds alone, minutes on a
// loaded 2-core machine running the whole suite (three minutes were seen at a load average of
// 32). The bound is on the host, not on the code.
const SLOW = 600_000
/** Building one context: a second alone. */
const RULE = 180_000

describe('full handshakes on every request, far from the connection limit', () => {
  it(
    'for: sessions held at the limit keep a connection-limit finding',
    () => {
      const ctx = buildContext(input(LIMIT))
      expect(gatewayConnectionLimitCause.counter?.(ctx, proposed, 'ttft') ?? null).toBeNull()
    },
    RULE
  )

  it(
    'against: sessions far below the limit, nothing refused or retransmitted',
    () => {
      const ctx = buildContext(input(300))
      const counter = gatewayConnectionLimitCause.counter?.(ctx, proposed, 'ttft') ?? null
      expect(counter).not.toBeNull()
      expect(counter!.factor).toBeLessThanOrEqual(0.3)
      expect(counter!.evidence.text).toMatch(/the limit turned no one away/)
    },
    RULE
  )

  it(
    'explained away: a limit never reached is not the answer',
    () => {
      const { diagnosis } = diagnose(input(300))
      expect(diagnosis.findings[0]?.cause).not.toBe('gateway.connection_limit')
      const limit = diagnosis.findings.find((f) => f.cause === 'gateway.connection_limit')
      expect(limit === undefined || limit.confidence < 0.5).toBe(true)
    },
    SLOW
  )

  // The far region holds the P99 all window, but the near regions' median rose with the
  // handshakes lost keep-alive adds, in its own stages: a change, not the region's (ADR 0307).
  it(
    'explained away: lost keep-alive is the answer, not the far region’s standing condition',
    () => {
      const { diagnosis } = diagnose(input(300))
      const top = diagnosis.findings[0]!
      expect(top.cause).toBe('network.tls_handshake')
      const lines = top.evidence.map((e) => e.text).join('\n')
      expect(lines).not.toMatch(/^against: .*standing condition/m)
      expect(lines).toMatch(/outside region=eu-west-1 .* did get slower: their median TTFT/)
    },
    SLOW
  )
})
