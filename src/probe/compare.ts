import { PHASES } from './report.js'
import { percentile, roundMs, sortedCopy } from './stats.js'
import type { ProbeRecord } from './types.js'

export interface MannWhitneyResult {
  u: number
  /** Two-sided p-value (normal approximation with tie and continuity correction). */
  p: number
  /** P(a value from A > a value from B) + ½ P(equal): 0.5 means no shift. */
  probabilityAGreater: number
}

/**
 * Mann–Whitney U test. Hand-written because no statistics package is installed and the test is
 * a rank sum plus a normal approximation, adequate for the sample sizes a probe run yields (≥ 20).
 */
export function mannWhitneyU(a: readonly number[], b: readonly number[]): MannWhitneyResult | null {
  const n1 = a.length
  const n2 = b.length
  if (n1 === 0 || n2 === 0) {
    return null
  }
  const all = [...a.map((v) => ({ v, g: 0 })), ...b.map((v) => ({ v, g: 1 }))].sort(
    (x, y) => x.v - y.v
  )
  let rankSumA = 0
  let tieTerm = 0
  for (let i = 0; i < all.length;) {
    let j = i
    while (j + 1 < all.length && (all[j + 1] as { v: number }).v === (all[i] as { v: number }).v) {
      j++
    }
    const avgRank = (i + j) / 2 + 1
    const t = j - i + 1
    tieTerm += t * t * t - t
    for (let k = i; k <= j; k++) {
      if ((all[k] as { g: number }).g === 0) {
        rankSumA += avgRank
      }
    }
    i = j + 1
  }
  const u1 = rankSumA - (n1 * (n1 + 1)) / 2
  const n = n1 + n2
  const mu = (n1 * n2) / 2
  const sigma = Math.sqrt(((n1 * n2) / 12) * (n + 1 - tieTerm / (n * (n - 1))))
  const p =
    sigma === 0 ? 1 : Math.min(1, 2 * (1 - normalCdf(Math.max(0, Math.abs(u1 - mu) - 0.5) / sigma)))
  return { u: u1, p, probabilityAGreater: u1 / (n1 * n2) }
}

/** Standard normal CDF via the Abramowitz–Stegun 7.1.26 erf approximation (|error| < 1.5e-7). */
export function normalCdf(z: number): number {
  const x = Math.abs(z) / Math.SQRT2
  const t = 1 / (1 + 0.3275911 * x)
  const y =
    1 -
    ((((1.061405429 * t - 1.453152027) * t + 1.421413741) * t - 0.284496736) * t + 0.254829592) *
      t *
      Math.exp(-x * x)
  return z >= 0 ? (1 + y) / 2 : (1 - y) / 2
}

export interface PhaseComparison {
  phase: string
  nA: number
  nB: number
  p50A: number | null
  p50B: number | null
  p99A: number | null
  p99B: number | null
  deltaP50: number | null
  deltaP99: number | null
  p: number | null
  significant: boolean
}

/** Compares two runs phase by phase (B relative to A), at significance level `alpha`. */
export function compareRuns(
  a: readonly ProbeRecord[],
  b: readonly ProbeRecord[],
  alpha = 0.05
): PhaseComparison[] {
  const values = (
    records: readonly ProbeRecord[],
    key: keyof ProbeRecord,
    scope: string
  ): number[] =>
    records
      .filter(
        (r) => !(scope === 'new' && r.connection_reused) && !(scope === 'ok' && r.error !== null)
      )
      .map((r) => r[key])
      .filter((v): v is number => typeof v === 'number')
  return PHASES.map(({ key, label, scope }) => {
    const va = sortedCopy(values(a, key, scope))
    const vb = sortedCopy(values(b, key, scope))
    const mw = mannWhitneyU(va, vb)
    const q = (s: number[], p: number): number | null => {
      const x = percentile(s, p)
      return x === null ? null : roundMs(x)
    }
    const d = (x: number | null, y: number | null): number | null =>
      x === null || y === null ? null : roundMs(y - x)
    const p50A = q(va, 50)
    const p50B = q(vb, 50)
    const p99A = q(va, 99)
    const p99B = q(vb, 99)
    return {
      phase: label,
      nA: va.length,
      nB: vb.length,
      p50A,
      p50B,
      p99A,
      p99B,
      deltaP50: d(p50A, p50B),
      deltaP99: d(p99A, p99B),
      p: mw === null ? null : Number(mw.p.toPrecision(3)),
      significant: mw !== null && mw.p < alpha,
    }
  })
}

/** Parses a probe JSONL file's text into records; lines that are not records are counted. */
export function parseRecords(text: string): { records: ProbeRecord[]; rejected: number } {
  const records: ProbeRecord[] = []
  let rejected = 0
  for (const line of text.split('\n')) {
    if (line.trim() === '') {
      continue
    }
    try {
      const o = JSON.parse(line) as ProbeRecord
      if (typeof o.trace_id === 'string' && typeof o.e2e_ms === 'number') {
        records.push(o)
      } else {
        rejected++
      }
    } catch {
      rejected++
    }
  }
  return { records, rejected }
}

/** Renders a comparison as a text table. */
export function renderComparisonText(
  rows: readonly PhaseComparison[],
  labels: [string, string]
): string {
  const f = (v: number | null): string => (v === null ? '-' : v.toFixed(2))
  const header = [
    'phase (ms)',
    'nA',
    'nB',
    'P50 A',
    'P50 B',
    'ΔP50',
    'P99 A',
    'P99 B',
    'ΔP99',
    'p',
    '',
  ]
  const body = rows.map((r) => [
    r.phase,
    String(r.nA),
    String(r.nB),
    f(r.p50A),
    f(r.p50B),
    f(r.deltaP50),
    f(r.p99A),
    f(r.p99B),
    f(r.deltaP99),
    r.p === null ? '-' : String(r.p),
    r.significant ? '*' : '',
  ])
  const widths = header.map((h, i) =>
    Math.max(h.length, ...body.map((r) => (r[i] as string).length))
  )
  const line = (c: string[]): string =>
    c
      .map((x, i) => (i === 0 ? x.padEnd(widths[i] as number) : x.padStart(widths[i] as number)))
      .join('  ')
  return [
    `A = ${labels[0]}`,
    `B = ${labels[1]}`,
    '',
    line(header),
    ...body.map(line),
    '',
    '* Mann–Whitney U two-sided p < 0.05 (distributions differ); Δ = B − A',
    '',
  ].join('\n')
}
