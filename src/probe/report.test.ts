import { describe, expect, it } from 'vitest'
import { buildReport, renderReportText } from './report.js'
import type { ProbeRecord } from './types.js'

function record(i: number, lagMs: number): ProbeRecord {
  return {
    trace_id: `t${i}`,
    scheduled_at: '2026-01-01T00:00:00.000Z',
    sent_at: '2026-01-01T00:00:00.000Z',
    status: 200,
    error: null,
    connection_reused: i > 0,
    tls_resumed: null,
    tls_version: null,
    alpn: null,
    dns_ms: 0,
    connect_ms: 1,
    tls_ms: 0,
    ttfb_ms: 20,
    first_event_ms: 21,
    ttft_ms: 30 + i,
    tpot_ms: 10,
    itl_p50_ms: 10,
    itl_p99_ms: 12,
    itl_max_ms: 12,
    stalls: 0,
    chunks: 10,
    input_tokens: 100,
    output_tokens: 10,
    retries: 0,
    e2e_ms: 130 + i,
    client_lag_ms: lagMs,
  }
}

const base = {
  target: 'http://127.0.0.1:8000/v1/chat/completions',
  durationMs: 10_000,
  slo: null,
  interrupted: false,
}

describe('probe report wording follows the load model', () => {
  const records = Array.from({ length: 20 }, (_, i) => record(i, 50))

  it('an open loop counts from the schedule and warns when the probe fell behind', () => {
    const r = buildReport({ ...base, records, load: 'poisson 2/s', openLoop: true })
    expect(r.definitions['start']).toMatch(/SCHEDULED send time \(open loop\)/)
    expect(r.phases.map((p) => p.phase)).toContain('client_lag')
    expect(r.clientLag.warning).toMatch(/fell behind its schedule/)
  })

  it('a closed loop counts from the actual send and has no schedule to fall behind', () => {
    const r = buildReport({ ...base, records, load: '4 users', openLoop: false })
    const text = renderReportText(r)
    expect(r.definitions['start']).toMatch(/actual send \(closed loop/)
    expect(text).not.toMatch(/open loop|SCHEDULED|client_lag|fell behind/)
    expect(r.clientLag.warning).toBeNull()
  })
})
