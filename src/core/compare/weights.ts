/**
 * Workload normalisation for a before/after comparison: the before window's requests are
 * reweighted so that their workload (prompt length, output length, and the traffic of their
 * minute) matches the after window's. "Before, had it served after's traffic" is then compared
 * with after, so a traffic or mix change alone moves nothing. Per-replica load is deliberately
 * not a key: adding replicas lowers it, and that is a fix to credit, not traffic to remove.
 *
 * After requests whose workload cell the before window never saw cannot be compared; their
 * share is reported as the coverage, and a low coverage makes the verdict "inconclusive".
 */
import type { RequestColumns } from '../model/query.js'

export interface Groups {
  /** 0 before, 1 after, -1 neither. */
  group: Int8Array
  /** Workload cell of each request. */
  cell: Int32Array
  /** Requests per minute of each request's minute (the traffic its cell was read from). */
  traffic: Float64Array
}

export interface Normalisation {
  /** Weight of each before request (0 for after requests and uncomparable cells). */
  weight: Float64Array
  /** 1 for after requests whose cell the before window has. */
  covered: Uint8Array
  /** Share of after requests that are covered; null when the after window has none to cover. */
  coverage: number | null
  /**
   * The traffic the normalisation left between the windows: the covered after requests' traffic
   * over the reweighted before requests' (geometric means of their minutes' rates), minus 1. A
   * traffic cell is half an octave wide, so a change of up to ~40 % can share cells; this is what
   * of it stayed. Null when either side has no comparable request.
   */
  matchedTrafficChange: number | null
  before: {
    requests: number
    /** Over the part of the window the data covers; null when the data covers none of it. */
    ratePerSec: number | null
    promptP50: number | null
    outputP50: number | null
  }
  after: {
    requests: number
    ratePerSec: number | null
    promptP50: number | null
    outputP50: number | null
  }
}

const MINUTE_US = 60_000_000

/** Octave buckets of a token count: 0 … 24 known, and one of their own for an unknown count. */
const TOKEN_BUCKETS = 26
const UNKNOWN_TOKENS = TOKEN_BUCKETS - 1

/**
 * An unknown count (no `gen_ai.usage.*` on the request) is its own bucket: read as 0 it shared a
 * cell with one-token prompts, and a window without counts was "normalised" to them (ADR 0383).
 */
function log2Bucket(v: number): number {
  if (v !== v) {
    return UNKNOWN_TOKENS
  }
  return v >= 2 ? Math.min(UNKNOWN_TOKENS - 1, Math.floor(Math.log2(v))) : 0
}

function median(values: number[]): number | null {
  if (values.length === 0) {
    return null
  }
  const s = [...values].sort((a, b) => a - b)
  return s[Math.ceil(s.length / 2) - 1]!
}

/**
 * The traffic of each request's minute, as a rate per minute. The minutes are counted from where
 * each window's data starts, not on the clock's minutes, and cover that window alone: a minute
 * that the data or the window covers only in part (the data starting at :45, a window cut at a
 * deploy at :27, a window ending where nothing more was recorded) held fewer requests because
 * less of it was counted, and read as a quiet minute it moved steady traffic to another cell. A
 * window's last minute covered less than half is read together with the one before it, so a
 * few seconds' requests are not scaled up to a minute's rate. Requests of neither window get NaN.
 *
 * Each minute's rate is then shrunk toward the two windows' common rate by as much as the
 * minutes vary no more than arrivals at one steady rate would (ADR 0534). A minute's count is a
 * Poisson draw around its true rate: at a steady 70 a minute the minutes fall either side of the
 * cell edge at 64, and matching on the draws weighted the before window toward whichever of its
 * two or three minutes happened to share the after window's cells. Two runs of one platform at
 * one rate then read as a TPOT change of −14 % with an interval below zero, where their
 * unweighted medians differed by 1 %.
 */
function trafficPerMinute(
  start: Float64Array,
  group: Int8Array,
  windows: readonly { fromUs: number; toUs: number }[]
): Float64Array {
  const n = start.length
  // Each window's minutes: their rates and minutes of exposure (a whole minute, the covered part
  // of the last one, or the last two read together as one).
  const minutes: { rate: number[]; exposure: number[] }[] = []
  // Each request's window and minute; -1 for requests of neither window.
  const unit = new Int32Array(n).fill(-1)
  windows.forEach(({ fromUs, toUs }, k) => {
    const span = Math.max(1, toUs - fromUs)
    const bins = Math.max(1, Math.ceil(span / MINUTE_US))
    const binOf = (t: number): number =>
      t === t ? Math.min(bins - 1, Math.max(0, Math.floor((t - fromUs) / MINUTE_US))) : 0
    const count = new Float64Array(bins)
    for (let i = 0; i < n; i++) {
      if (group[i] === k) {
        count[binOf(start[i]!)]! += 1
      }
    }
    const lastUs = span - (bins - 1) * MINUTE_US
    const merge = bins > 1 && lastUs < MINUTE_US / 2
    const own: { rate: number[]; exposure: number[] } = { rate: [], exposure: [] }
    for (let b = 0; b < (merge ? bins - 1 : bins); b++) {
      const merged = merge && b === bins - 2
      const e = merged ? 1 + lastUs / MINUTE_US : b === bins - 1 ? lastUs / MINUTE_US : 1
      own.rate.push((merged ? count[b]! + count[b + 1]! : count[b]!) / e)
      own.exposure.push(e)
    }
    minutes.push(own)
    for (let i = 0; i < n; i++) {
      if (group[i] === k) {
        unit[i] = Math.min(binOf(start[i]!), own.rate.length - 1)
      }
    }
  })
  const shrunk = shrinkRates(minutes)
  const out = new Float64Array(n).fill(NaN)
  for (let i = 0; i < n; i++) {
    if (unit[i]! >= 0) {
      out[i] = shrunk[group[i]!]![unit[i]!]!
    }
  }
  return out
}

/**
 * Empirical-Bayes shrinkage of Poisson rates with unequal exposures (the Poisson–gamma model of
 * Clayton and Kaldor, 1987, with the moment estimate of the spread of the true rates): every
 * minute of both windows moves toward their pooled rate λ, keeping the share τ² ÷ (τ² + λ/e) of
 * its deviation, where τ² is the spread the minutes show beyond arrival noise and λ/e a minute's
 * own noise. Minutes that vary only as one steady rate's draws all read λ; a real change (a
 * doubling, a burst) is kept nearly whole. The same rule as the twin's arrivals (ADR 0200).
 *
 * One level, not a window's rate and then its minutes': with two windows the spread between
 * them rests on one degree of freedom, and two runs at one rate whose counts differ by chance
 * (174 and 140 requests) were then kept apart, put in cells either side of an edge, and read
 * `inconclusive` with no request in common (ADR 0534). Written here: no maintained library
 * offers this estimate.
 */
function shrinkRates(windows: readonly { rate: number[]; exposure: number[] }[]): number[][] {
  let sumC = 0
  let sumE = 0
  let sumE2 = 0
  let m = 0
  for (const w of windows) {
    w.rate.forEach((r, u) => {
      const e = w.exposure[u]!
      sumC += r * e
      sumE += e
      sumE2 += e * e
      m++
    })
  }
  if (m < 2 || sumC <= 0) {
    return windows.map((w) => w.rate)
  }
  const lambda = sumC / sumE
  let q = 0
  for (const w of windows) {
    w.rate.forEach((r, u) => {
      q += w.exposure[u]! * (r - lambda) ** 2
    })
  }
  const tau2 = Math.max(0, (q - (m - 1) * lambda) / (sumE - sumE2 / sumE))
  return windows.map((w) =>
    w.rate.map((r, u) => lambda + (tau2 / (tau2 + lambda / w.exposure[u]!)) * (r - lambda))
  )
}

/**
 * Groups requests by window and workload cell. The columns hold the requests scanned from the
 * earlier window's start to the later one's end; `data` is where the store's data starts and ends.
 */
export function groupRequests(
  columns: RequestColumns,
  before: { fromUs: number; toUs: number },
  after: { fromUs: number; toUs: number },
  data?: DataSpan
): Groups {
  const n = columns.n
  const start = columns.numbers.start ?? new Float64Array(n).fill(NaN)
  const prompt = columns.numbers.input_tokens ?? new Float64Array(n).fill(NaN)
  const output = columns.numbers.output_tokens ?? new Float64Array(n).fill(NaN)
  const group = new Int8Array(n).fill(-1)
  for (let i = 0; i < n; i++) {
    const t = start[i]!
    group[i] =
      t >= before.fromUs && t < before.toUs ? 0 : t >= after.fromUs && t < after.toUs ? 1 : -1
  }
  const traffic = trafficPerMinute(start, group, [
    coveredRange(before, data),
    coveredRange(after, data),
  ])
  const cell = new Int32Array(n)
  for (let i = 0; i < n; i++) {
    // Half-octave traffic cells: minute-to-minute noise at a steady rate stays inside one.
    const t = traffic[i]! >= 1 ? Math.floor(2 * Math.log2(traffic[i]!)) : 0
    cell[i] =
      (log2Bucket(prompt[i]!) * TOKEN_BUCKETS + log2Bucket(output[i]!)) * 64 + Math.min(63, t)
  }
  return { group, cell, traffic }
}

/** Where the data starts and ends (µs, both ends inclusive), as the store's extent gives it. */
export interface DataSpan {
  startUs: number
  endUs: number
}

/**
 * The seconds of a window the data covers. A window asked for beyond the data holds no requests
 * there because nothing was recorded, not because none came: a rate over the whole window read
 * steady traffic as a fall wherever one side reached past the data's end.
 */
export function coveredSeconds(w: { fromUs: number; toUs: number }, data?: DataSpan): number {
  const { fromUs, toUs } = coveredRange(w, data)
  return Math.max(0, (toUs - fromUs) / 1e6)
}

/** The part of a window the data covers (the window itself without `data`). */
function coveredRange(
  w: { fromUs: number; toUs: number },
  data?: DataSpan
): { fromUs: number; toUs: number } {
  return data === undefined
    ? w
    : { fromUs: Math.max(w.fromUs, data.startUs), toUs: Math.min(w.toUs, data.endUs + 1) }
}

/**
 * exp(d) − 1, with a difference of two means of one shrunk rate's log (ADR 0534) read as the 0 it
 * is, not as the −9e-15 their summing leaves.
 */
function ratio(logDiff: number): number {
  return Math.abs(logDiff) < 1e-9 ? 0 : Math.exp(logDiff) - 1
}

/** Reweights the before requests to the after window's workload. */
export function normalise(
  columns: RequestColumns,
  g: Groups,
  before: { fromUs: number; toUs: number },
  after: { fromUs: number; toUs: number },
  data?: DataSpan
): Normalisation {
  const n = columns.n
  const countB = new Map<number, number>()
  const countA = new Map<number, number>()
  let nB = 0
  let nA = 0
  for (let i = 0; i < n; i++) {
    if (g.group[i] === 0) {
      countB.set(g.cell[i]!, (countB.get(g.cell[i]!) ?? 0) + 1)
      nB++
    } else if (g.group[i] === 1) {
      countA.set(g.cell[i]!, (countA.get(g.cell[i]!) ?? 0) + 1)
      nA++
    }
  }
  const covered = new Uint8Array(n)
  let nCovered = 0
  for (let i = 0; i < n; i++) {
    if (g.group[i] === 1 && countB.has(g.cell[i]!)) {
      covered[i] = 1
      nCovered++
    }
  }
  const weight = new Float64Array(n)
  for (let i = 0; i < n; i++) {
    if (g.group[i] === 0) {
      const a = countA.get(g.cell[i]!) ?? 0
      const b = countB.get(g.cell[i]!)!
      weight[i] = a / b
    }
  }
  const prompt = columns.numbers.input_tokens
  const output = columns.numbers.output_tokens
  const summary = (
    k: 0 | 1,
    w: { fromUs: number; toUs: number },
    count: number
  ): Normalisation['before'] => {
    const p: number[] = []
    const o: number[] = []
    for (let i = 0; i < n; i++) {
      if (g.group[i] === k) {
        const pi = prompt?.[i] ?? NaN
        const oi = output?.[i] ?? NaN
        if (pi === pi) {
          p.push(pi)
        }
        if (oi === oi) {
          o.push(oi)
        }
      }
    }
    const seconds = coveredSeconds(w, data)
    return {
      requests: count,
      ratePerSec: seconds > 0 ? count / seconds : null,
      promptP50: median(p),
      outputP50: median(o),
    }
  }
  let logA = 0
  let logB = 0
  let sumB = 0
  for (let i = 0; i < n; i++) {
    const t = g.traffic[i]!
    if (covered[i] === 1) {
      logA += Math.log(t)
    } else if (weight[i]! > 0) {
      logB += weight[i]! * Math.log(t)
      sumB += weight[i]!
    }
  }
  return {
    weight,
    covered,
    matchedTrafficChange: nCovered > 0 && sumB > 0 ? ratio(logA / nCovered - logB / sumB) : null,
    // A share of no requests is unknown: 0 read as "none of the after traffic was seen before".
    coverage: nA > 0 ? nCovered / nA : null,
    before: summary(0, before, nB),
    after: summary(1, after, nA),
  }
}
