import { describe, expect, it } from 'vitest'
import {
  clampToData,
  compareParams,
  compareStatus,
  forestRows,
  formatChange,
  splitChoices,
  type CompareReply,
  type CompareRowJson,
} from './compare.js'

const change = (c: number | null, lo: number, hi: number, b = 100, a = 90) => ({
  change: c,
  interval: [lo, hi] as [number, number],
  beforeMs: b,
  afterMs: a,
})

const row = (
  verdict: CompareRowJson['verdict'],
  c: number,
  lo: number,
  hi: number,
  restsOn: CompareRowJson['restsOn'] = []
) => ({
  before: { n: 500 },
  after: { n: 480 },
  p50: change(c, lo, hi),
  p99: change(c * 2, lo * 2, hi * 2),
  verdict,
  restsOn,
})

const reply: CompareReply = {
  before: { start: '2026-01-05T09:00:00Z', end: '2026-01-05T09:30:00Z' },
  after: { start: '2026-01-05T09:30:00Z', end: '2026-01-05T10:00:00Z' },
  workload: {
    coverage: 0.97,
    before: { requests: 500, ratePerSec: 0.28 },
    after: { requests: 480, ratePerSec: null },
  },
  verdict: 'improved',
  measures: {
    ttft: row('improved', -0.2, -0.3, -0.1, ['p50', 'p99']),
    tpot: row('no clear change', 0.01, -0.02, 0.04),
    e2e: row('no clear change', -0.05, -0.1, 0.0),
  },
  stages: [
    { stage: 'engine.queue', ...row('improved', -0.6, -0.8, -0.4, ['p50', 'p99']) },
    { stage: 'engine.prefill', ...row('no clear change', 0.0, -0.01, 0.01) },
  ],
  dimensions: [
    {
      dimension: 'replica',
      value: 'r1',
      measure: 'ttft',
      ...row('regressed', 3, 1, 5, ['p50', 'p99']),
    },
    // Regressed on its tail alone: its median moved 1 % (clearly, but too little to count), its
    // P99 by 40 %.
    {
      dimension: 'tenant',
      value: 't2',
      measure: 'tpot',
      ...row('regressed', 0.01, 0.005, 0.013, ['p99']),
      p99: change(0.4, 0.36, 0.42),
    },
  ],
  notes: [],
}

describe('before / after panel model', () => {
  it('offers the window’s change events, latest first, then its middle; events outside are left out', () => {
    const choices = splitChoices({ from: 0, to: 100_000 }, [
      { time_ms: 20_000, kind: 'deploy', label: 'version v2' },
      { time_ms: 70_000, kind: 'scale', label: '' },
      { time_ms: 150_000, kind: 'deploy', label: 'later' },
      { time_ms: 0, kind: 'deploy', label: 'at the edge' },
      { time_ms: 70_000, kind: 'scale', label: 'second replica' },
    ])
    expect(choices.map((c) => c.atMs)).toEqual([70_000, 20_000, 50_000])
    expect(choices[0]!.label).toBe('scale 00:01:10 (+1 more)')
    expect(choices[1]!.label).toBe('deploy 00:00:20 · version v2')
    expect(choices[2]!.label).toBe('the middle of the window')
  })

  it('cuts the view to the data, whose ends it reaches past on whole chart steps', () => {
    // The extent comes from microseconds; `FROM..TO` takes whole milliseconds.
    const extent = { startMs: 12_500.082, endMs: 1_187_400.245 }
    expect(clampToData({ from: 0, to: 1_200_000 }, extent)).toEqual({ from: 12_500, to: 1_187_401 })
    // A view inside the data keeps its edges; without an extent, or with none of it inside, too.
    expect(clampToData({ from: 60_000, to: 120_000 }, extent)).toEqual({
      from: 60_000,
      to: 120_000,
    })
    expect(clampToData({ from: 0, to: 1_000 }, null)).toEqual({ from: 0, to: 1_000 })
    expect(clampToData({ from: 0, to: 1_000 }, extent)).toEqual({ from: 0, to: 1_000 })
  })

  it('splits the window at the chosen time into two epoch-ms ranges', () => {
    expect(compareParams({ from: 1000, to: 9000 }, 4000)).toEqual({
      before: '1000..4000',
      after: '4000..9000',
    })
  })

  it('draws measures, then only the stages and values with a verdict, on one symmetric axis', () => {
    const { rows, axis } = forestRows(reply)
    expect(rows.map((r) => r.label)).toEqual([
      'TTFT p50',
      'TTFT p99',
      'TPOT p50',
      'TPOT p99',
      'E2E p50',
      'E2E p99',
      'engine.queue p50',
      'replica=r1 TTFT p50',
      'tenant=t2 TPOT p99',
    ])
    // +300 % would squash the rest: the axis stops at ±100 % and the row is drawn at its edge.
    expect(axis).toBe(1)
    const r1 = rows[7]!
    expect(r1.point).toBe(1)
    expect(r1.interval).toEqual([1, 1])
    // Coloured only where the server's verdict rests on the quantile (`restsOn`): TTFT's P50 and
    // P99; not TPOT, `no clear change`; the tenant's P99, not its P50.
    expect(rows.map((r) => r.carries)).toEqual([
      true,
      true,
      false,
      false,
      false,
      false,
      true,
      true,
      true,
    ])
    // −20 % [−30 %, −10 %] on ±100 %: left of the middle.
    const ttft = rows[0]!
    expect(ttft.point).toBeCloseTo(0.4, 10)
    expect(ttft.interval![0]).toBeCloseTo(0.35, 10)
    expect(ttft.interval![1]).toBeCloseTo(0.45, 10)
  })

  it('scales a small change up to at least ±5 %, and leaves an unknown change undrawn', () => {
    const quiet: CompareReply = {
      ...reply,
      measures: {
        ttft: row('no clear change', 0.01, -0.02, 0.03),
        tpot: { ...row('inconclusive', 0, 0, 0), p50: { ...change(null, 0, 0), interval: null } },
        e2e: row('no clear change', 0.0, -0.01, 0.01),
      },
      stages: [],
      dimensions: [],
    }
    const { rows, axis } = forestRows(quiet)
    expect(axis).toBeCloseTo(0.06, 10)
    const tpot = rows.find((r) => r.label === 'TPOT p50')!
    expect(tpot.point).toBeNull()
    expect(tpot.interval).toBeNull()
  })

  it('prints an unknown as "–", never as 0', () => {
    expect(formatChange(null)).toBe('–')
    expect(formatChange(-1e-16)).toBe('0.0 %')
    expect(formatChange(-0.034)).toBe('−3.4 %')
    expect(formatChange(0.25)).toBe('+25 %')
    expect(compareStatus(reply)).toBe(
      'IMPROVED · 500 → 480 requests · 0.28 → – req/s · 97 % of after matched'
    )
    expect(compareStatus({ ...reply, workload: { ...reply.workload, coverage: null } })).toMatch(
      /– % of after matched$/
    )
  })
})
