/**
 * `compare`: did it get better? Two windows of stored requests, per measure, per stage and per
 * dimension value, with workload-normalised effect sizes (weights.ts, effect.ts) and a verdict
 * that needs the interval to exclude no change. A change of traffic alone leaves the
 * normalised effect at zero, or, when the windows' traffic never overlaps, says "inconclusive".
 */
import { DIMENSIONS, STAGE_NAMES, type Dimension, type StageName } from '../model/request.js'
import type { RequestColumns, RequestField } from '../model/query.js'
import { isoFromMicros, type Micros } from '../model/units.js'
import { measureEffect, type MeasureEffect } from './effect.js'
import {
  coveredSeconds,
  groupRequests,
  normalise,
  type DataSpan,
  type Normalisation,
} from './weights.js'

export const COMPARE_MEASURES = ['ttft', 'tpot', 'e2e'] as const
export type CompareMeasure = (typeof COMPARE_MEASURES)[number]

/** The fields `compare` reads from a store's columnar scan. */
export const COMPARE_FIELDS: readonly RequestField[] = [
  'start',
  'ttft',
  'tpot',
  'e2e',
  'input_tokens',
  'output_tokens',
  ...STAGE_NAMES,
  ...DIMENSIONS,
]

export type Verdict = 'improved' | 'regressed' | 'no clear change' | 'inconclusive'

/** A change smaller than this is "no clear change" even when its interval excludes zero. */
export const MIN_EFFECT = 0.1
const MIN_REQUESTS = 30
const MIN_COVERAGE = 0.5
const MAX_VALUES_PER_DIMENSION = 20

export interface CompareOptions {
  /** Bootstrap resamples per effect (default 200). */
  iterations?: number
  seed?: number
  /** Off: measures and stages only, no per-dimension rows (the costly part). */
  dimensions?: boolean
  /** Where the stored data starts and ends: each window's rate is over the part of it covered. */
  data?: DataSpan
}

export interface MeasureRow extends MeasureEffect {
  verdict: Verdict
}

export interface CompareReport {
  schema: 'tokenline.compare/v1'
  before: { start: string; end: string }
  after: { start: string; end: string }
  workload: Omit<Normalisation, 'weight' | 'covered'>
  verdict: Verdict
  measures: Record<CompareMeasure, MeasureRow>
  stages: ({ stage: StageName } & MeasureRow)[]
  dimensions: ({ dimension: Dimension; value: string; measure: CompareMeasure } & MeasureRow)[]
  notes: string[]
}

function verdictOf(e: MeasureEffect, coverage: number | null): Verdict {
  if (
    coverage === null ||
    coverage < MIN_COVERAGE ||
    e.before.n < MIN_REQUESTS ||
    e.after.n < MIN_REQUESTS ||
    e.p50.change === null
  ) {
    return 'inconclusive'
  }
  const sign = (c: MeasureEffect['p50']): number => {
    if (c.change === null || c.interval === null || Math.abs(c.change) < MIN_EFFECT) {
      return 0
    }
    return c.interval[1] < 0 ? -1 : c.interval[0] > 0 ? 1 : 0
  }
  const s50 = sign(e.p50)
  const s99 = sign(e.p99)
  if (s50 > 0 || s99 > 0) {
    return s50 < 0 || s99 < 0 ? 'no clear change' : 'regressed'
  }
  return s50 < 0 || s99 < 0 ? 'improved' : 'no clear change'
}

function formatSeconds(s: number): string {
  return s >= 120 ? `${Math.round(s / 60)} min` : `${Math.round(s)} s`
}

function valuesOf(columns: RequestColumns, field: RequestField): Float64Array {
  return (
    (columns.numbers as Record<string, Float64Array | undefined>)[field] ??
    new Float64Array(columns.n).fill(NaN)
  )
}

/** Compares the `after` window with the `before` one over the scanned requests of both. */
export function compareWindows(
  columns: RequestColumns,
  before: { fromUs: number; toUs: number },
  after: { fromUs: number; toUs: number },
  options: CompareOptions = {}
): CompareReport {
  const iterations = options.iterations ?? 200
  const seed = options.seed ?? 1
  const g = groupRequests(columns, before, after, options.data)
  const norm = normalise(columns, g, before, after, options.data)
  const rawBefore = Uint8Array.from(g.group, (x) => (x === 0 ? 1 : 0))
  const rawAfter = Uint8Array.from(g.group, (x) => (x === 1 ? 1 : 0))
  const effect = (
    values: Float64Array,
    mask?: Uint8Array,
    iters = iterations,
    level = 0.95
  ): MeasureRow => {
    const w = mask === undefined ? norm.weight : norm.weight.map((v, i) => (mask[i] === 1 ? v : 0))
    const a =
      mask === undefined ? norm.covered : norm.covered.map((v, i) => (mask[i] === 1 ? v : 0))
    const only = (m: Uint8Array): Uint8Array =>
      mask === undefined ? m : m.map((v, i) => (mask[i] === 1 ? v : 0))
    const e = measureEffect(values, w, a, {
      iterations: iters,
      seed,
      rawBefore: only(rawBefore),
      rawAfter: only(rawAfter),
      level,
    })
    return { ...e, verdict: verdictOf(e, norm.coverage) }
  }
  const measures = {} as Record<CompareMeasure, MeasureRow>
  for (const m of COMPARE_MEASURES) {
    measures[m] = effect(valuesOf(columns, m))
  }
  const stages: CompareReport['stages'] = []
  for (const s of STAGE_NAMES) {
    const v = valuesOf(columns, s)
    let nb = 0
    let na = 0
    for (let i = 0; i < columns.n; i++) {
      if (v[i] === v[i]) {
        nb += g.group[i] === 0 ? 1 : 0
        na += g.group[i] === 1 ? 1 : 0
      }
    }
    if (nb >= MIN_REQUESTS && na >= MIN_REQUESTS) {
      const row = effect(v)
      // A stage whose typical value is zero (TLS on a reused connection) has no P50 change to speak of.
      if (row.p50.change !== null) {
        stages.push({ stage: s, ...row })
      }
    }
  }
  const dimensions: CompareReport['dimensions'] = []
  for (const d of options.dimensions === false ? [] : DIMENSIONS) {
    const col = columns.texts[d]
    if (col === undefined || col.values.length < 2) {
      continue
    }
    const counts = new Array<number>(col.values.length).fill(0)
    for (const c of col.codes) {
      if (c >= 0) {
        counts[c] = counts[c]! + 1
      }
    }
    // The busiest values only: a dimension with thousands of users is not read one by one.
    const top = counts
      .map((count, code) => ({ count, code }))
      .sort((x, y) => y.count - x.count)
      .slice(0, MAX_VALUES_PER_DIMENSION)
    for (const { code } of top) {
      const value = col.values[code]!
      const mask = Uint8Array.from(col.codes, (c) => (c === code ? 1 : 0))
      let nb = 0
      let na = 0
      for (let i = 0; i < columns.n; i++) {
        if (mask[i] === 1) {
          nb += g.group[i] === 0 ? 1 : 0
          na += g.group[i] === 1 ? 1 : 0
        }
      }
      if (nb < MIN_REQUESTS || na < MIN_REQUESTS) {
        continue
      }
      for (const m of COMPARE_MEASURES) {
        // Many values are tested at once: a wider interval keeps chance movers out.
        const row = effect(valuesOf(columns, m), mask, Math.min(iterations, 100), 0.99)
        if (row.verdict === 'improved' || row.verdict === 'regressed') {
          dimensions.push({ dimension: d, value, measure: m, ...row })
        }
      }
    }
  }
  // A value whose typical request moved (P50) is where the change lives; a P99 that moved
  // everywhere at once is the mechanism showing through every slice.
  dimensions.sort((x, y) => Math.abs(y.p50.change ?? 0) - Math.abs(x.p50.change ?? 0))
  const verdicts = COMPARE_MEASURES.map((m) => measures[m].verdict)
  const verdict: Verdict = verdicts.includes('inconclusive')
    ? 'inconclusive'
    : verdicts.includes('regressed')
      ? verdicts.includes('improved')
        ? 'no clear change'
        : 'regressed'
      : verdicts.includes('improved')
        ? 'improved'
        : 'no clear change'
  const notes: string[] = []
  for (const [side, n] of [
    ['before', norm.before.requests],
    ['after', norm.after.requests],
  ] as const) {
    if (n === 0) {
      notes.push(`the ${side} window has no requests: there is nothing to compare`)
    }
  }
  if (norm.coverage !== null && norm.coverage < MIN_COVERAGE) {
    notes.push(
      `only ${Math.round(norm.coverage * 100)} % of the after window's requests have a workload (prompt, output length and traffic) the before window also saw: a traffic change this large cannot be told apart from a fix`
    )
  }
  for (const [side, w] of [
    ['before', before],
    ['after', after],
  ] as const) {
    const seconds = coveredSeconds(w, options.data)
    if (options.data !== undefined && seconds < (w.toUs - w.fromUs) / 1e6) {
      notes.push(
        `the ${side} window reaches past the data (${isoFromMicros(options.data.startUs as Micros)} → ${isoFromMicros(options.data.endUs as Micros)}): ${seconds > 0 ? `its rate is over the ${formatSeconds(seconds)} the data covers` : 'the data covers none of it, so its rate is unknown'}`
      )
    }
  }
  // A change from no traffic is unknown (the note above says why), not "traffic changed by 0 %".
  const rateChange =
    norm.before.ratePerSec !== null && norm.before.ratePerSec > 0 && norm.after.ratePerSec !== null
      ? norm.after.ratePerSec / norm.before.ratePerSec - 1
      : NaN
  if (Math.abs(rateChange) >= 0.2) {
    notes.push(
      `traffic changed by ${rateChange > 0 ? '+' : ''}${Math.round(rateChange * 100)} % (${norm.before.ratePerSec!.toFixed(2)} → ${norm.after.ratePerSec!.toFixed(2)} req/s); the effects are normalised to the after window's traffic`
    )
  }
  const workload = { coverage: norm.coverage, before: norm.before, after: norm.after }
  return {
    schema: 'tokenline.compare/v1',
    before: {
      start: isoFromMicros(before.fromUs as Micros),
      end: isoFromMicros(before.toUs as Micros),
    },
    after: {
      start: isoFromMicros(after.fromUs as Micros),
      end: isoFromMicros(after.toUs as Micros),
    },
    workload,
    verdict,
    measures,
    stages,
    dimensions,
    notes,
  }
}
