import { describe, expect, it } from 'vitest'
import { asMicros } from '../../core/model/units.js'
import { makeRequest } from '../../core/model/testing/builders.js'
import type { HistogramSample, MetricFamily } from './exposition.js'
import { createRequestMetrics } from './request-metrics.js'

function histogram(families: MetricFamily[], name: string): HistogramSample[] {
  const f = families.find((x) => x.name === name)
  return f?.type === 'histogram' ? [...f.samples] : []
}

const count = (s: HistogramSample | undefined) => s?.counts.reduce((a, b) => a + b, 0) ?? 0

describe('derived request metrics', () => {
  it('labels by the configured dimensions, leaves unknowns out, and counts a trace once', () => {
    const metrics = createRequestMetrics({ dimensions: ['model', 'tenant'], maxLabelSets: 10 })
    const withTenant = makeRequest({
      traceId: 'a'.repeat(32),
      dims: { model: 'llama', tenant: 'acme', replica: 'vllm-0' },
      ttftUs: asMicros(200_000),
      ttftSource: 'gateway',
      e2eUs: asMicros(1_500_000),
      stages: { 'engine.prefill': 80_000, 'gateway.auth': -5 },
    })
    const noTenant = makeRequest({
      traceId: 'b'.repeat(32),
      dims: { model: 'llama' },
      e2eUs: asMicros(900_000),
    })
    metrics.observe([withTenant, noTenant])
    metrics.observe([withTenant])
    const families = metrics.families()

    const e2e = histogram(families, 'tokenline_request_e2e_seconds')
    expect(e2e.map((s) => s.labels)).toEqual([
      { model: 'llama', tenant: 'acme' },
      { model: 'llama', tenant: '' },
    ])
    expect(e2e.map(count)).toEqual([1, 1])
    expect(e2e[0]?.sum).toBe(1.5)
    // 1.5 s falls in the (1, 2.5] bucket, which keeps the trace as its exemplar.
    expect(e2e[0]?.exemplars?.[8]).toEqual({ labels: { trace_id: 'a'.repeat(32) }, value: 1.5 })

    const ttft = histogram(families, 'tokenline_request_ttft_seconds')
    expect(ttft.map((s) => s.labels)).toEqual([
      { model: 'llama', tenant: 'acme', origin: 'gateway' },
    ])
    // No TTFT, TPOT or ITL max on the second request: nothing observed, no zero anywhere.
    expect(histogram(families, 'tokenline_request_tpot_seconds')).toEqual([])
    // A negative stage (clock skew) is not a duration: only engine.prefill is observed.
    const stages = histogram(families, 'tokenline_request_stage_duration_seconds')
    expect(stages.map((s) => s.labels['stage'])).toEqual(['engine.prefill'])
  })
})
