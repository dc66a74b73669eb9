import { describe, expect, it } from 'vitest'
import { isOnGatewayTpot, measureOfFinding } from './finding-measure.js'
import { changeEvidence, rowEvidence, stageEvidence } from './evidence.js'
import { makeChange, makeRow, makeStageStat } from '../testing/evidence-inputs.js'

describe('measureOfFinding', () => {
  it.each([
    ['gateway.queueing', 'ttft'],
    ['network.tls_handshake', 'ttft'],
    ['engine.prefix_cache_miss', 'ttft'],
    ['engine.long_generations', 'tpot'],
    ['engine.memory_bandwidth', 'tpot'],
    ['proxy.stream_buffering', 'itl_max'],
    ['healthy', 'e2e'],
  ])('%s is about %s whatever its evidence cites', (cause, measure) => {
    const evidence = [{ metric: 'e2e.p99_excess', text: 'E2E P99 is 2 s above what …' }]
    expect(measureOfFinding({ cause, evidence })).toBe(measure)
  })

  it('takes the measure a structured metric names before any text', () => {
    const evidence = [
      { dimension: 'version', text: 'requests served by version v2 … slowest TTFT …' },
      { metric: 'tpot.p99_impact', text: 'without …' },
    ]
    expect(measureOfFinding({ cause: 'version.regression', evidence: evidence.slice(1) })).toBe(
      'tpot'
    )
    // The first evidence that names a measure wins.
    expect(measureOfFinding({ cause: 'version.regression', evidence })).toBe('ttft')
  })

  it('reads the wording rule.ts writes for a cause that can slow either measure', () => {
    expect(
      measureOfFinding({ cause: 'replica.cold_start', evidence: [rowEvidence(makeRow(), 'TPOT')] })
    ).toBe('tpot')
    expect(
      measureOfFinding({ cause: 'node.degraded', evidence: [rowEvidence(makeRow(), 'TTFT')] })
    ).toBe('ttft')
    // The text alone, as the dashboard receives evidence that carries no metric.
    const change = { text: changeEvidence(makeChange(), 'tpot')!.text }
    expect(measureOfFinding({ cause: 'tenant.noisy_neighbor', evidence: [change] })).toBe('tpot')
    expect(
      measureOfFinding({
        cause: 'routing.imbalance',
        evidence: [stageEvidence(makeStageStat({ stage: 'engine.decode' }), 'TPOT')],
      })
    ).toBe('tpot')
  })

  it('falls back on the cause, then on TTFT', () => {
    expect(measureOfFinding({ cause: 'engine.kv_cache_pressure', evidence: [] })).toBe('tpot')
    expect(measureOfFinding({ cause: 'node.degraded', evidence: [{ text: 'slow' }] })).toBe('ttft')
    expect(measureOfFinding({ cause: 'not-a-cause', evidence: [] })).toBe('ttft')
  })
})

describe('isOnGatewayTpot', () => {
  it('is true when the first measure named is the time per output token at the gateway', () => {
    const evidence = [
      { dimension: 'version', text: "its users' TTFT 1.10× (2.3 standard errors) …" },
      { metric: 'gateway_tpot.p50_excess', text: 'Time per output token at the gateway P50 …' },
      { metric: 'ttft.p99_impact', text: 'without …' },
    ]
    expect(isOnGatewayTpot(evidence)).toBe(true)
    // Its fallback measure is still TTFT: the chain must not read that one (ADR 0386).
    expect(measureOfFinding({ cause: 'version.regression', evidence: evidence.slice(0, 2) })).toBe(
      'ttft'
    )
  })

  it('is false when a TTFT or TPOT line comes first, or none names the gateway', () => {
    expect(
      isOnGatewayTpot([
        { text: 'requests served by version v2 make up 81% of the requests with the slowest TTFT' },
        { metric: 'gateway_tpot.p50_excess', text: 'Time per output token at the gateway P50 …' },
      ])
    ).toBe(false)
    expect(isOnGatewayTpot([{ metric: 'tpot.p50_excess', text: 'TPOT P50 …' }])).toBe(false)
    expect(isOnGatewayTpot([])).toBe(false)
  })
})
