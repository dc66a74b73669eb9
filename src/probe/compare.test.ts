import { describe, expect, it } from 'vitest'
import { compareRuns, mannWhitneyU, normalCdf, parseRecords } from './compare.js'
import type { ProbeRecord } from './types.js'

describe('mannWhitneyU', () => {
  it('finds no difference between identical samples', () => {
    const a = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]
    const r = mannWhitneyU(a, a)
    expect(r?.p).toBeCloseTo(1, 5)
    expect(r?.probabilityAGreater).toBeCloseTo(0.5, 9)
  })

  it('matches the textbook value for two shifted samples', () => {
    // scipy.stats.mannwhitneyu([1..20], [11..30], method='asymptotic') → U=50, p≈6.7e-5
    const a = Array.from({ length: 20 }, (_, i) => i + 1)
    const b = Array.from({ length: 20 }, (_, i) => i + 11)
    const r = mannWhitneyU(a, b)
    expect(r?.u).toBe(50)
    expect(r?.p).toBeGreaterThan(5e-5)
    expect(r?.p).toBeLessThan(9e-5)
  })

  it('normalCdf is accurate', () => {
    expect(normalCdf(0)).toBeCloseTo(0.5, 7)
    expect(normalCdf(1.959964)).toBeCloseTo(0.975, 6)
  })
})

describe('compareRuns', () => {
  const rec = (ttft: number): ProbeRecord =>
    ({
      trace_id: 't',
      error: null,
      connection_reused: true,
      ttft_ms: ttft,
      e2e_ms: ttft * 10,
      client_lag_ms: 0,
    }) as ProbeRecord
  it('flags a shifted TTFT and reports B − A deltas', () => {
    const a = Array.from({ length: 50 }, (_, i) => rec(100 + i))
    const b = Array.from({ length: 50 }, (_, i) => rec(200 + i))
    const ttft = compareRuns(a, b).find((r) => r.phase === 'ttft')
    expect(ttft?.significant).toBe(true)
    expect(ttft?.deltaP50).toBe(100)
    const lag = compareRuns(a, b).find((r) => r.phase === 'client_lag')
    expect(lag?.significant).toBe(false)
  })

  it('parses JSONL and counts lines that are not records', () => {
    const { records, rejected } = parseRecords('{"trace_id":"x","e2e_ms":1}\nnot json\n{"a":1}\n')
    expect(records).toHaveLength(1)
    expect(rejected).toBe(2)
  })
})
