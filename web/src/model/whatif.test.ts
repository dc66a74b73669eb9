import { describe, expect, it } from 'vitest'
import { whatIfRows, whatIfStatus, type WhatIfReply } from './whatif.js'

const est = (value: number, lo: number, hi: number) => ({
  value,
  interval: [lo, hi] as [number, number],
})

const reply: WhatIfReply = {
  fit: {
    ok: true,
    reasons: [],
    replay: {
      ttft: {
        p50: { observed: 40, replayed: est(41, 40, 42) },
        p99: { observed: 300, replayed: est(290, 280, 300) },
      },
      tpot: {
        p50: { observed: 8, replayed: est(8, 8, 8) },
        p99: { observed: 10, replayed: est(10, 9, 11) },
      },
    },
  },
  predicted: {
    runs: 5,
    ttft: { p50: est(50, 45, 55), p95: est(200, 190, 210), p99: est(400, 350, 450) },
    tpot: { p50: est(9, 9, 9), p95: est(10, 10, 10), p99: est(12, 11, 12) },
    e2e: { p50: est(1500, 1400, 1600), p95: est(4000, 3900, 4100), p99: est(8000, 7000, 9000) },
    queue: { p50: est(2, 2, 2), p95: est(5, 5, 5), p99: est(9, 8, 10) },
  },
  refused: null,
  notes: [],
}

describe('whatIfRows', () => {
  it('scales each row to its largest value, interval included', () => {
    const rows = whatIfRows(reply)
    expect(rows.map((r) => `${r.measure} ${r.quantile}`)).toEqual([
      'TTFT p50',
      'TTFT p99',
      'TPOT p50',
      'TPOT p99',
      'E2E p50',
      'E2E p99',
    ])
    const ttft99 = rows[1]!
    expect(ttft99.observedBar).toBeCloseTo(300 / 450)
    expect(ttft99.predictedBar).toBeCloseTo(400 / 450)
    expect(ttft99.intervalBar).toEqual([350 / 450, 1])
    // E2E has no replayed figure in this reply: observed is unknown, never 0.
    expect(rows[4]!.observedMs).toBeNull()
    expect(rows[4]!.observedBar).toBeNull()
  })

  it('says why a prediction was refused', () => {
    const refused = { ...reply, predicted: null, refused: { reasons: ['prefix-aware routing: …'] } }
    expect(whatIfRows(refused)).toEqual([])
    expect(whatIfStatus(refused)).toEqual({
      text: 'refused: prefix-aware routing: …',
      kind: 'refused',
    })
  })
})
