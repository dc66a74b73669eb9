import { describe, expect, it } from 'vitest'
import { computeMeasures, toProbeRecord } from './measures.js'
import type { RequestResult } from './types.js'

function makeResult(
  overrides: Partial<RequestResult> = {},
  marks: Partial<RequestResult['marks']> = {}
): RequestResult {
  return {
    traceId: 'a'.repeat(32),
    spanId: 'b'.repeat(16),
    scheduledEpochMs: Date.UTC(2025, 0, 1),
    status: 200,
    error: null,
    errorDetail: null,
    connectionReused: false,
    tls: null,
    protocolVersion: '1.1',
    marks: {
      scheduledAtMs: 1000,
      sentAtMs: 1002,
      dnsStartAtMs: 1002,
      dnsEndAtMs: 1003,
      connectStartAtMs: null,
      connectEndAtMs: 1005,
      tlsEndAtMs: null,
      requestWrittenAtMs: 1006,
      headersAtMs: 1010,
      firstByteAtMs: 1010,
      firstEventAtMs: 1011,
      firstAnyTokenAtMs: 1050,
      lastEventAtMs: 1332,
      endAtMs: 1400,
      ...marks,
    },
    contentArrivalsAtMs: [1100, 1110, 1120, 1130, 1330],
    choiceArrivalsAtMs: [1050, 1100, 1110, 1120, 1130, 1330, 1331],
    events: 7,
    usage: { inputTokens: 10, outputTokens: 5 },
    retries: 0,
    text: '',
    ...overrides,
  }
}

describe('computeMeasures', () => {
  //  scheduled 1000 ─ sent 1002 ─ lookup 1003 ─ connect 1005 ─ first byte 1010
  //  content: 1100 1110 1120 1130 ........ 1330   end 1400
  it('measures from the scheduled time and derives gaps, tpot and stalls', () => {
    const x = computeMeasures(makeResult())
    expect(x.clientLagMs).toBe(2)
    expect(x.dnsMs).toBe(1)
    expect(x.connectMs).toBe(2)
    expect(x.tlsMs).toBe(0)
    expect(x.ttfbMs).toBe(10)
    expect(x.ttftMs).toBe(100)
    expect(x.itlGapsMs).toEqual([10, 10, 10, 200])
    expect(x.tpotMs).toBe(230 / 4)
    expect(x.itlMaxMs).toBe(200)
    // 200 > 5 × median(10) and > 100 ms
    expect(x.stalls).toBe(1)
    expect(x.e2eMs).toBe(400)
  })

  it('counts connect from the connect call when it was marked, not from the lookup', () => {
    // the request's own set-up between lookup 1003 and the connect call 1004.5 is not connect
    const x = computeMeasures(makeResult({}, { connectStartAtMs: 1004.5 }))
    expect(x.dnsMs).toBe(1)
    expect(x.connectMs).toBe(0.5)
  })

  it('does not count a long gap as a stall when it is under 100 ms', () => {
    const x = computeMeasures(makeResult({ contentArrivalsAtMs: [0, 1, 2, 3, 90] }))
    expect(x.stalls).toBe(0)
  })

  it('gives null for measures that cannot exist (no content)', () => {
    const x = computeMeasures(
      makeResult({ contentArrivalsAtMs: [], usage: { inputTokens: null, outputTokens: null } })
    )
    expect(x.ttftMs).toBeNull()
    expect(x.tpotMs).toBeNull()
    expect(x.itlP50Ms).toBeNull()
    expect(x.chunks).toBe(0)
  })
})

describe('toProbeRecord', () => {
  it('writes exactly the documented fields', () => {
    const rec = toProbeRecord(makeResult())
    expect(Object.keys(rec).sort()).toEqual(
      [
        'trace_id',
        'scheduled_at',
        'sent_at',
        'status',
        'error',
        'connection_reused',
        'tls_resumed',
        'tls_version',
        'alpn',
        'dns_ms',
        'connect_ms',
        'tls_ms',
        'ttfb_ms',
        'first_event_ms',
        'ttft_ms',
        'tpot_ms',
        'itl_p50_ms',
        'itl_p99_ms',
        'itl_max_ms',
        'stalls',
        'chunks',
        'input_tokens',
        'output_tokens',
        'retries',
        'e2e_ms',
        'client_lag_ms',
      ].sort()
    )
    expect(rec.scheduled_at).toBe('2025-01-01T00:00:00.000Z')
    expect(rec.sent_at).toBe('2025-01-01T00:00:00.002Z')
    expect(rec.tls_resumed).toBeNull()
    expect(rec.ttft_ms).toBe(100)
  })

  it('adds raw gaps only when asked', () => {
    expect(toProbeRecord(makeResult(), { rawGaps: true }).itl_gaps_ms).toEqual([10, 10, 10, 200])
  })
})
