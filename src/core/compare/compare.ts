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
  type Groups,
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
/** Requests above a P99 each side needs before that P99 counts toward a verdict (1,000 a side). */
const MIN_TAIL = 10
const MIN_COVERAGE = 0.5
/**
 * The least traffic change between the windows (their rates, or what the normalisation left
 * between them; as a log ratio) past which a change in the direction that traffic alone would
 * move latency is not credited to anything else (ADR 0532).
 */
const MIN_TRAFFIC_LOG_CHANGE = Math.log(1.05)

/**
 * The traffic change a verdict is not taken back for: the larger of 5 % and what two windows of
 * one steady rate differ by one time in twenty (one-sided), the log ratio of two Poisson counts
 * having a standard error of √(1/n₁ + 1/n₂). A change within that is the windows' own draw of
 * arrivals, which the block bootstrap's interval already holds; one beyond it is a change of
 * traffic, which the interval does not (ADR 0532).
 */
function trafficTolerance(beforeRequests: number, afterRequests: number): number {
  if (beforeRequests <= 0 || afterRequests <= 0) {
    return Infinity
  }
  return Math.max(MIN_TRAFFIC_LOG_CHANGE, 1.645 * Math.sqrt(1 / beforeRequests + 1 / afterRequests))
}
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
  /**
   * The quantiles the verdict rests on (moved clearly, by at least MIN_EFFECT, its way; a P99
   * only with MIN_TAIL requests above it); empty unless `improved` or `regressed`.
   */
  restsOn: ('p50' | 'p99')[]
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

/**
 * The verdict on the effect alone, before the traffic left between the windows is weighed, and
 * the quantiles it rests on.
 */
function effectVerdict(
  e: MeasureEffect,
  coverage: number | null
): { verdict: Verdict; restsOn: ('p50' | 'p99')[] } {
  if (
    coverage === null ||
    coverage < MIN_COVERAGE ||
    e.before.n < MIN_REQUESTS ||
    e.after.n < MIN_REQUESTS ||
    e.p50.change === null
  ) {
    return { verdict: 'inconclusive', restsOn: [] }
  }
  const sign = (c: MeasureEffect['p50']): number => {
    if (c.change === null || c.interval === null || Math.abs(c.change) < MIN_EFFECT) {
      return 0
    }
    return c.interval[1] < 0 ? -1 : c.interval[0] > 0 ? 1 : 0
  }
  const s50 = sign(e.p50)
  // A P99 is read for a verdict only where each side has at least MIN_TAIL requests above it:
  // below that its bootstrap redraws the two or three slowest requests, and two runs of one
  // platform with ~150 requests a side were called "improved" on it (ADR 0533).
  const s99 = Math.min(e.before.n, e.after.n) * 0.01 >= MIN_TAIL ? sign(e.p99) : 0
  const verdict: Verdict =
    s50 > 0 || s99 > 0
      ? s50 < 0 || s99 < 0
        ? 'no clear change'
        : 'regressed'
      : s50 < 0 || s99 < 0
        ? 'improved'
        : 'no clear change'
  const way = verdict === 'regressed' ? 1 : verdict === 'improved' ? -1 : 0
  const restsOn =
    way === 0 ? [] : (['p50', 'p99'] as const).filter((q) => (q === 'p50' ? s50 : s99) === way)
  return { verdict, restsOn }
}

/**
 * A gain with less traffic after, or a loss with more, is what the traffic change alone would
 * give: the half-octave cells match traffic only to within ~40 %, and two steady windows whose
 * rates differ by less than that share cells with every request's weight at 1. So such a change
 * stays "no clear change"; a gain despite more traffic, or a loss despite less, keeps its verdict.
 * `least` and `most` are the smaller and larger traffic change (null: unknown).
 */
function weighTraffic(
  alone: Verdict,
  traffic: { least: number | null; most: number | null },
  tolerance: number
): Verdict {
  if (alone === 'improved' && traffic.least !== null && Math.log1p(traffic.least) <= -tolerance) {
    return 'no clear change'
  }
  if (alone === 'regressed' && traffic.most !== null && Math.log1p(traffic.most) >= tolerance) {
    return 'no clear change'
  }
  return alone
}

/** Which reading of the traffic change `value` is: the windows' rates, or within their cells. */
function trafficSource(norm: Normalisation, rateChange: number | null, value: number): string {
  return value === rateChange && norm.before.ratePerSec !== null && norm.after.ratePerSec !== null
    ? `${norm.before.ratePerSec.toFixed(2)} → ${norm.after.ratePerSec.toFixed(2)} req/s`
    : 'within the workload cells the comparison matched'
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

/**
 * The bootstrap's blocks: each window cut into spans as long as its mean request (E2E), by start
 * time. Requests that overlap share a replica's batch and queue, so their latencies move
 * together, and a resample of single requests took a window of a few hundred long generations
 * for hundreds of independent draws: two runs of one platform read as a TPOT change with an
 * interval that excluded zero (ADR 0532). Little's law makes a span of the mean request hold
 * about as many requests as run at once. Without E2E every request is its own block.
 */
function resamplingBlocks(
  columns: RequestColumns,
  g: Groups,
  before: { fromUs: number; toUs: number },
  after: { fromUs: number; toUs: number }
): Int32Array {
  const n = columns.n
  const start = columns.numbers.start
  const e2e = columns.numbers.e2e
  const block = new Int32Array(n).fill(-1)
  let next = 0
  for (const [k, w] of [
    [0, before],
    [1, after],
  ] as const) {
    let sum = 0
    let count = 0
    let members = 0
    for (let i = 0; i < n; i++) {
      if (g.group[i] !== k) {
        continue
      }
      members++
      const v = e2e?.[i] ?? NaN
      if (v === v && v > 0) {
        sum += v
        count++
      }
    }
    // At least the window's mean gap between requests: requests far shorter than their gaps
    // share nothing (every block holds about one), and the block ids stay under the request
    // count however long the window, where 1 µs requests over a day numbered 8.6e10 spans.
    const gapUs = members > 0 ? (w.toUs - w.fromUs) / members : 0
    const spanUs = count > 0 ? Math.max(sum / count, gapUs) : 0
    let last = -1
    for (let i = 0; i < n; i++) {
      if (g.group[i] !== k) {
        continue
      }
      const t = start?.[i] ?? NaN
      const b = spanUs > 0 && t === t ? Math.floor((t - w.fromUs) / spanUs) : -1
      block[i] = b >= 0 ? next + b : -2 - i
      last = Math.max(last, b)
    }
    next += last + 1
  }
  // A request with no start (or no E2E on its side) is its own block, numbered after the rest.
  for (let i = 0; i < n; i++) {
    if (block[i]! <= -2) {
      block[i] = next++
    }
  }
  return block
}

/** The rows of each of `codes` in a dictionary-coded column, in increasing order. */
function rowsOfCodes(column: ArrayLike<number>, codes: readonly number[]): Map<number, Int32Array> {
  const lists = new Map<number, number[]>(codes.map((c) => [c, []]))
  for (let i = 0; i < column.length; i++) {
    lists.get(column[i]!)?.push(i)
  }
  return new Map([...lists].map(([c, rows]) => [c, Int32Array.from(rows)]))
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
  const block = resamplingBlocks(columns, g, before, after)
  const rawBefore = Uint8Array.from(g.group, (x) => (x === 0 ? 1 : 0))
  const rawAfter = Uint8Array.from(g.group, (x) => (x === 1 ? 1 : 0))
  // A change from no traffic is unknown (a note says why), not "traffic changed by 0 %".
  const rateChange =
    norm.before.ratePerSec !== null && norm.before.ratePerSec > 0 && norm.after.ratePerSec !== null
      ? norm.after.ratePerSec / norm.before.ratePerSec - 1
      : null
  // Both the windows' rates and what the cells left between them: matching minutes on their
  // counts pairs after's busiest minutes with before's quietest when the rates differ, while the
  // load that set their latency is each window's own (ADR 0532).
  const readings = [norm.matchedTrafficChange, rateChange].filter(
    (x): x is number => x !== null && x > -1 && Number.isFinite(x)
  )
  const traffic = {
    least: readings.length > 0 ? Math.min(...readings) : null,
    most: readings.length > 0 ? Math.max(...readings) : null,
  }
  const tolerance = trafficTolerance(norm.before.requests, norm.after.requests)
  // Effects whose verdict the traffic change took back, by direction (a note says so).
  const takenBack = { gain: 0, loss: 0 }
  const effect = (
    values: Float64Array,
    subset?: Int32Array,
    iters = iterations,
    level = 0.95
  ): MeasureRow => {
    const e = measureEffect(values, norm.weight, norm.covered, {
      iterations: iters,
      seed,
      rawBefore,
      rawAfter,
      level,
      block,
      ...(subset === undefined ? {} : { subset }),
    })
    const { verdict: alone, restsOn } = effectVerdict(e, norm.coverage)
    const verdict = weighTraffic(alone, traffic, tolerance)
    if (verdict !== alone) {
      takenBack[alone === 'improved' ? 'gain' : 'loss']++
    }
    return { ...e, verdict, restsOn: verdict === alone ? restsOn : [] }
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
    // Each value's requests as a list of indices, in one pass: a mask per value read the whole
    // window once per value and measure.
    const members = rowsOfCodes(
      col.codes,
      top.map((t) => t.code)
    )
    for (const { code } of top) {
      const value = col.values[code]!
      const subset = members.get(code)!
      let nb = 0
      let na = 0
      for (const i of subset) {
        nb += g.group[i] === 0 ? 1 : 0
        na += g.group[i] === 1 ? 1 : 0
      }
      if (nb < MIN_REQUESTS || na < MIN_REQUESTS) {
        continue
      }
      for (const m of COMPARE_MEASURES) {
        // Many values are tested at once: a wider interval keeps chance movers out.
        const row = effect(valuesOf(columns, m), subset, Math.min(iterations, 100), 0.99)
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
    // Said where it moves the rate by 1 % or more: windows given on round times a few seconds
    // past the data (09:00..09:30 where the data starts at 09:00:03) need no note.
    if (options.data !== undefined && seconds < 0.99 * ((w.toUs - w.fromUs) / 1e6)) {
      notes.push(
        `the ${side} window reaches past the data (${isoFromMicros(options.data.startUs as Micros)} → ${isoFromMicros(options.data.endUs as Micros)}): ${seconds > 0 ? `its rate is over the ${formatSeconds(seconds)} the data covers` : 'the data covers none of it, so its rate is unknown'}`
      )
    }
  }
  const within = `beyond the ${Math.round(100 * Math.expm1(tolerance))} % by which two windows of one steady rate this size differ`
  const effects = (k: number): string => `${k} effect${k === 1 ? '' : 's'} read as no clear change`
  if (takenBack.gain > 0 && traffic.least !== null) {
    notes.push(
      `the after window had ${Math.round(-100 * traffic.least)} % less traffic than the before window (${trafficSource(norm, rateChange, traffic.least)}; ${within}): a gain that lighter load alone would give is not credited to anything else (${effects(takenBack.gain)})`
    )
  }
  if (takenBack.loss > 0 && traffic.most !== null) {
    notes.push(
      `the after window had ${Math.round(100 * traffic.most)} % more traffic than the before window (${trafficSource(norm, rateChange, traffic.most)}; ${within}): a loss that heavier load alone would give is not blamed on anything else (${effects(takenBack.loss)})`
    )
  }
  if (rateChange !== null && Math.abs(rateChange) >= 0.2) {
    notes.push(
      `traffic changed by ${rateChange > 0 ? '+' : ''}${Math.round(rateChange * 100)} % (${norm.before.ratePerSec!.toFixed(2)} → ${norm.after.ratePerSec!.toFixed(2)} req/s); the effects are normalised to the after window's traffic`
    )
  }
  const workload = {
    coverage: norm.coverage,
    matchedTrafficChange: norm.matchedTrafficChange,
    before: norm.before,
    after: norm.after,
  }
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
