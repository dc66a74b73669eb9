import { describe, expect, it } from 'vitest'
import { measureOfFinding } from './finding-measure.js'
import { changeEvidence, rowEvidence, stageEvidence } from './rule.js'
import type { TimeChange } from './context.js'
import type { ConcentrationRow } from '../concentration/find-concentration.js'
import { asMicros } from '../model/units.js'

const ROW: ConcentrationRow = {
  dimension: 'replica_age',
  value: '<5m',
  slowCount: 99,
  baselineCount: 10,
  slowShare: 0.99,
  baselineShare: 0.01,
  lift: 99,
  z: 30,
  pValue: 0,
  slowRate: 0.9,
  risk: 80,
  significant: true,
}

const CHANGE = {
  p99: new Float64Array(0),
  result: { segments: [], changes: [], noise: 0 },
  elevated: { start: 10, end: 19, baseline: 300_000, elevated: 600_000, ratio: 2 },
  windowUs: { fromUs: asMicros(600_000_000), toUs: asMicros(1_200_000_000) },
  inWindow: new Uint8Array(0),
} as unknown as TimeChange

const STAGE = {
  stage: 'engine.decode' as const,
  slowShare: 0.9,
  baselineShare: 0.8,
  slowMeanUs: 9_000_000,
  baselineMeanUs: 2_000_000,
  excessUs: 7_000_000,
  excessShare: 1,
  p99Us: 9_000_000,
  presence: 1,
}

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
      measureOfFinding({ cause: 'replica.cold_start', evidence: [rowEvidence(ROW, 'TPOT')] })
    ).toBe('tpot')
    expect(measureOfFinding({ cause: 'node.degraded', evidence: [rowEvidence(ROW, 'TTFT')] })).toBe(
      'ttft'
    )
    // The text alone, as the dashboard receives evidence that carries no metric.
    const change = { text: changeEvidence(CHANGE, 'tpot')!.text }
    expect(measureOfFinding({ cause: 'tenant.noisy_neighbor', evidence: [change] })).toBe('tpot')
    expect(
      measureOfFinding({ cause: 'routing.imbalance', evidence: [stageEvidence(STAGE, 'TPOT')] })
    ).toBe('tpot')
  })

  it('falls back on the cause, then on TTFT', () => {
    expect(measureOfFinding({ cause: 'engine.kv_cache_pressure', evidence: [] })).toBe('tpot')
    expect(measureOfFinding({ cause: 'node.degraded', evidence: [{ text: 'slow' }] })).toBe('ttft')
    expect(measureOfFinding({ cause: 'not-a-cause', evidence: [] })).toBe('ttft')
  })
})
