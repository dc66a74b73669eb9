/**
 * The step-time law of each replica (engine.ts), fitted from its requests' stages. What ran
 * beside each request (decoding seqs, their KV tokens, prefill work, requests in the engine) is
 * rebuilt from every request's stages on the same replica as exact time integrals (no time grid:
 * its bins grew with the window, ADR 0446), then:
 *
 * - decode law: a request's TPOT ≈ one decode step at the batch and KV tokens it ran beside,
 *   over the share of its steps that carried no prompt, plus columns for the prompt steps
 *   around it (their count and their work: the twin makes those steps itself, so those columns
 *   are not part of the law);
 * - prefill law: the time its prompt took per step against the prefill work P of those steps
 *   and P², over the steps that were compute-bound (roofline), or over every prompt step less
 *   its decode step (additive).
 *
 * Both by non-negative least squares; a replica with too few observations borrows the law of
 * all replicas together. The rows are built once; `fit` fits either law on all of them or on a
 * part (the held-out choice of law-choice.ts fits on one half of the window).
 */
import type { StepLawKind, StepModel } from './engine.js'
import { LaneIntegrals } from './lane-integrals.js'
import type { ObservedRequests } from './observed.js'
import { countBelow, sortByKey } from '../../core/stats/sorted.js'
import { fitNonNegative } from './regression.js'

/** vLLM's default `--max-num-batched-tokens` (the data does not say it). */
export const ASSUMED_MAX_BATCHED_TOKENS = 8192
/** Lanes per replica: decoding seqs, their KV tokens, prefill tokens, requests in the engine. */
export const LANES = 4
/** The lane of prompt work, the only one the cached tokens change. */
const PROMPT_WORK = 2

interface Law {
  c: number[]
  r2: number
  rows: number
}

/** What each request ran beside, per kind of observation: the regressions' raw columns. */
interface StepRows {
  /** Per decode row: request, replica, its columns (share of its steps with no prompt (g),
   * mean batch, mean KV tokens, prompt work per step around it, share with a prompt (f)), TPOT.
   * A column an array of its own: a refit makes three again and keeps two (ADR 0505). */
  decode: { i: Int32Array; r: Int32Array; cols: Float64Array[]; y: Float64Array }
  prefill: {
    i: Int32Array
    r: Int32Array
    work: Float64Array
    batch: Float64Array
    kv: Float64Array
    y: Float64Array
  }
}

export interface StepLaws {
  beside: LaneIntegrals
  kind: StepLawKind
  decodeOf: Law[]
  /** Coefficients: base, per token, per token². */
  prefillOf: Law[]
}

/**
 * What ran beside each request (`beside`) and the rows; `fit` fits either law on all rows or on
 * those `train` keeps. With `weights` (per request), each row counts that many times: a
 * bootstrap resample of the requests (ADR 0326), a request drawn twice weighing as two.
 */
export interface StepFit {
  beside: LaneIntegrals
  fit(kind: StepLawKind, train?: (i: number) => boolean, weights?: Float64Array): StepLaws
  /**
   * The prompt steps, one row per request with a prefill, in request order: its request, its
   * replica, the prompt work per step beside it, the decoding batch and their KV tokens, and the
   * time per step it took. Where the laws differ is here (law-choice.ts tests the form on them).
   */
  promptSteps: StepRows['prefill']
  /**
   * The rows and each replica's requests in the order their prompts ended: a refit of the same
   * requests under other cached tokens (`fitStepLaws`' `same`) takes from them what the cached
   * tokens do not change.
   */
  made: { rows: StepRows; prefillOrder: Int32Array[]; prefillSpan: PrefillSpan; scratch: Scratch }
}

/**
 * The memory a law's fit lays its rows out in, made at the first fit and written over by every
 * later one of the same rows (a refit's included): six fits of 1M requests each made ~80 MB of
 * new arrays, and memory written for the first time is what costs on some hosts (ADR 0505). A
 * fit writes every number it reads there before reading it, and its laws keep none of it.
 */
interface Scratch {
  buffer: Float64Array | null
  /** False once released: each later fit makes its own, collected with it. */
  keep: boolean
}

/** The scratch of `s`, made at its first use as long as the most a fit of `rows` lays out. */
function scratchOf(s: Scratch, rows: StepRows): Float64Array {
  const made =
    s.buffer ??
    new Float64Array(Math.max(rows.decode.y.length * (DECODE_COLS + 1), rows.prefill.y.length * 4))
  if (s.keep) {
    s.buffer = made
  }
  return made
}

/**
 * Lets go of a fit's scratch (ADR 0516): the prediction's few later fits need not hold ~50 MB of
 * it on 1M requests through the runs, where the peak memory is.
 */
export function releaseScratch(fit: StepFit): void {
  fit.made.scratch.buffer = null
  fit.made.scratch.keep = false
}

/**
 * Per decode row, the prompt ends its replica saw before its decode and before its end: places
 * in the replica's prompt ends (`prefillOrder`), which the cached tokens do not move, so a refit
 * reads the steps between them without searching again (2M searches on 1M requests).
 */
interface PrefillSpan {
  from: Int32Array
  to: Int32Array
}

interface Times {
  sched: number
  first: number
  end: number
}

function timesOf(o: ObservedRequests, i: number): Times {
  const sched = o.queuedUs[i]! + o.queueUs[i]!
  const first = sched + o.prefillUs[i]!
  return { sched, first, end: first + o.decodeUs[i]! }
}

const DECODE_COLS = 5

/**
 * Rebuilds what ran beside each request on each replica; `cached` is per request. With `same`,
 * a fit of the same requests under other cached tokens, only the prompt-work lane (the one the
 * cached tokens change) is built again: the others are taken from it as built (ADR 0458).
 */
export function fitStepLaws(o: ObservedRequests, cached: Float64Array, same?: StepFit): StepFit {
  const R = o.replicas.length
  // Prefill steps per replica, by the time they ended (the request's first token): a request
  // whose prompt is longer than the step budget took several.
  const firstOf = new Float64Array(o.n)
  const rowsOf: number[][] = o.replicas.map(() => [])
  for (let i = 0; i < o.n; i++) {
    firstOf[i] = o.queuedUs[i]! + o.queueUs[i]! + o.prefillUs[i]!
    rowsOf[o.replica[i]!]!.push(i)
  }
  // Added lane by lane: the changes then lie grouped as the integrals sort them, so grouping
  // them by lane is a copy, not 8M writes scattered over 128 lanes.
  const beside =
    same === undefined
      ? new LaneIntegrals(R * LANES, LANES * o.n, (lane) => lane % LANES === PROMPT_WORK)
      : LaneIntegrals.keeping(same.beside, (lane) => lane % LANES === PROMPT_WORK, o.n)
  for (const [r, rows] of rowsOf.entries()) {
    const base = r * LANES
    if (same === undefined) {
      for (const i of rows) {
        const { first, end } = timesOf(o, i)
        beside.add(base, first, end, 1)
      }
      for (const i of rows) {
        const { first, end } = timesOf(o, i)
        beside.add(base + 1, first, end, o.promptTokens[i]! + o.outputTokens[i]! / 2)
      }
    }
    for (const i of rows) {
      const { sched, first } = timesOf(o, i)
      if (o.prefillUs[i]! > 0) {
        const uncached = Math.max(1, o.promptTokens[i]! - cached[i]!)
        beside.add(base + PROMPT_WORK, sched, first, uncached / o.prefillUs[i]!)
      }
    }
    if (same === undefined) {
      for (const i of rows) {
        beside.add(base + 3, o.queuedUs[i]!, timesOf(o, i).end, 1)
      }
    }
  }
  // The order of the prompts' ends does not depend on the cached tokens: a refit keeps it.
  const prefillOrder =
    same?.made.prefillOrder ?? rowsOf.map((rows) => sortByKey(Int32Array.from(rows), firstOf))
  const prefillEnds = prefillOrder.map((order) => {
    // A refit reads only the steps: its places in the prompt ends are the first build's.
    const t = same === undefined ? new Float64Array(order.length) : null
    const steps = new Float64Array(order.length + 1)
    // A loop, not `forEach`: a callback per request is 1M calls on a 1M-request window.
    for (let k = 0; k < order.length; k++) {
      const i = order[k]!
      if (t !== null) {
        t[k] = firstOf[i]!
      }
      steps[k + 1] =
        steps[k]! +
        Math.ceil(Math.max(1, o.promptTokens[i]! - cached[i]!) / ASSUMED_MAX_BATCHED_TOKENS)
    }
    return { t: t ?? new Float64Array(0), steps }
  })
  if (same !== undefined) {
    return refitRows(o, same, beside, prefillEnds, R)
  }
  // At most one row of each kind per request: filled in place, then cut to the rows made.
  const dI = new Int32Array(o.n)
  const dR = new Int32Array(o.n)
  const dCols = Array.from({ length: DECODE_COLS }, () => new Float64Array(o.n))
  const dY = new Float64Array(o.n)
  const dFrom = new Int32Array(o.n)
  const dTo = new Int32Array(o.n)
  const pI = new Int32Array(o.n)
  const pR = new Int32Array(o.n)
  const pWork = new Float64Array(o.n)
  const pBatch = new Float64Array(o.n)
  const pKv = new Float64Array(o.n)
  const pY = new Float64Array(o.n)
  let dn = 0
  let pn = 0
  // The batch and KV lanes (0 and 1) read together: the same decodes, so the same instants.
  const pair = new Float64Array(2)
  for (let i = 0; i < o.n; i++) {
    const r = o.replica[i]!
    const base = r * LANES
    const { sched, first, end } = timesOf(o, i)
    const out = o.outputTokens[i]!
    if (out >= 2 && o.decodeUs[i]! > 0) {
      const steps = out - 1
      const len = o.decodeUs[i]!
      // `f`: the share of the request's steps that carried a prompt. Under the roofline such a
      // step lasts as long as the prompt takes, so the decode cost shows only in the other
      // share `g`: TPOT ≈ g·(base + seqs·B + kv·K) + f·prefillBase + perPrefillToken·(prompt
      // work per step). Without `g` the batch and KV terms also absorbed how often prompts
      // interrupted, which rises with load (ADR 0204). Under the additive law every step pays
      // the decode cost, and `g` is 1.
      const pe = prefillEnds[r]!
      const from = countBelow(pe.t, first + 1)
      const to = countBelow(pe.t, end)
      const f = Math.min(1, (pe.steps[to]! - pe.steps[from]!) / steps)
      dFrom[dn] = from
      dTo[dn] = to
      dI[dn] = i
      dR[dn] = r
      dCols[0]![dn] = 1 - f
      beside.integralPair(base, first, end, pair)
      dCols[1]![dn] = pair[0]! / len
      dCols[2]![dn] = pair[1]! / len
      dCols[3]![dn] = beside.integral(base + 2, first, end) / steps
      dCols[4]![dn] = f
      dY[dn++] = len / steps
    }
    if (o.prefillUs[i]! > 0) {
      const len = o.prefillUs[i]!
      const work = beside.integral(base + 2, sched, first)
      const steps = Math.max(1, Math.ceil(work / ASSUMED_MAX_BATCHED_TOKENS))
      pI[pn] = i
      pR[pn] = r
      pWork[pn] = work / steps
      beside.integralPair(base, sched, first, pair)
      pBatch[pn] = pair[0]! / len
      pKv[pn] = pair[1]! / len
      pY[pn++] = len / steps
    }
  }
  // Views of the first dn and pn rows, not copies: on 1M requests a slice copied 100 MB of
  // fresh memory (ADR 0505).
  const scratch: Scratch = { buffer: null, keep: true }
  const rows: StepRows = {
    decode: {
      i: dI.subarray(0, dn),
      r: dR.subarray(0, dn),
      cols: dCols.map((c) => c.subarray(0, dn)),
      y: dY.subarray(0, dn),
    },
    prefill: {
      i: pI.subarray(0, pn),
      r: pR.subarray(0, pn),
      work: pWork.subarray(0, pn),
      batch: pBatch.subarray(0, pn),
      kv: pKv.subarray(0, pn),
      y: pY.subarray(0, pn),
    },
  }
  return {
    beside,
    fit: (kind, train, weights) => fitKind(rows, beside, R, kind, train, weights, scratch),
    promptSteps: rows.prefill,
    made: {
      rows,
      prefillOrder,
      prefillSpan: { from: dFrom.subarray(0, dn), to: dTo.subarray(0, dn) },
      scratch,
    },
  }
}

/**
 * The rows of a refit under other cached tokens: the same requests make the same rows, and only
 * the columns that read the prompt work (its lane and the prompt steps around a decode) are
 * computed again. The batch and KV columns are those of `same`, whose lanes `beside` keeps as
 * built, so they are the same numbers; computing them again was 4 of the 9 integrals per
 * request of the refit (ADR 0463).
 */
function refitRows(
  o: ObservedRequests,
  same: StepFit,
  beside: LaneIntegrals,
  prefillEnds: { steps: Float64Array }[],
  R: number
): StepFit {
  const was = same.made.rows
  const { from, to } = same.made.prefillSpan
  const d = was.decode
  // The batch and KV columns are the same numbers; the other three are made again.
  const n = d.i.length
  const cols = [
    new Float64Array(n),
    d.cols[1]!,
    d.cols[2]!,
    new Float64Array(n),
    new Float64Array(n),
  ]
  for (let k = 0; k < d.i.length; k++) {
    const i = d.i[k]!
    const r = d.r[k]!
    const { first, end } = timesOf(o, i)
    const steps = o.outputTokens[i]! - 1
    const pe = prefillEnds[r]!.steps
    const f = Math.min(1, (pe[to[k]!]! - pe[from[k]!]!) / steps)
    cols[0]![k] = 1 - f
    cols[3]![k] = beside.integral(r * LANES + PROMPT_WORK, first, end) / steps
    cols[4]![k] = f
  }
  const p = was.prefill
  const work = new Float64Array(p.i.length)
  const y = new Float64Array(p.i.length)
  for (let k = 0; k < p.i.length; k++) {
    const i = p.i[k]!
    const { sched, first } = timesOf(o, i)
    const all = beside.integral(p.r[k]! * LANES + PROMPT_WORK, sched, first)
    const steps = Math.max(1, Math.ceil(all / ASSUMED_MAX_BATCHED_TOKENS))
    work[k] = all / steps
    y[k] = o.prefillUs[i]! / steps
  }
  const rows: StepRows = {
    decode: { i: d.i, r: d.r, cols, y: d.y },
    prefill: { i: p.i, r: p.r, work, batch: p.batch, kv: p.kv, y },
  }
  return {
    beside,
    fit: (kind, train, weights) =>
      fitKind(rows, beside, R, kind, train, weights, same.made.scratch),
    promptSteps: rows.prefill,
    made: { ...same.made, rows },
  }
}

function fitKind(
  rows: StepRows,
  beside: LaneIntegrals,
  R: number,
  kind: StepLawKind,
  train: ((i: number) => boolean) | undefined,
  weights: Float64Array | undefined,
  scratch: Scratch
): StepLaws {
  const d = rows.decode
  // A row of weight w is the row repeated w times: least squares over √w · row.
  const rootWeight = (i: number): number => (weights === undefined ? 1 : Math.sqrt(weights[i]!))
  // Rows per replica into typed arrays sized up front: at 1M requests the fit runs six times
  // (two laws × two halves for the choice, then the chosen law twice).
  const keep = new Uint8Array(d.y.length)
  const counts = new Int32Array(R)
  for (let k = 0; k < d.y.length; k++) {
    if ((train === undefined || train(d.i[k]!)) && rootWeight(d.i[k]!) > 0) {
      keep[k] = 1
      counts[d.r[k]!]!++
    }
  }
  // Each replica's rows and times in the scratch, one after another: all of X, then all of Y.
  const space = scratchOf(scratch, rows)
  const kept = counts.reduce((a, c) => a + c, 0)
  const startOf = (r: number): number => {
    let at = 0
    for (let q = 0; q < r; q++) {
      at += counts[q]!
    }
    return at
  }
  const X = Array.from({ length: R }, (_, r) =>
    space.subarray(startOf(r) * DECODE_COLS, (startOf(r) + counts[r]!) * DECODE_COLS)
  )
  const [gCol, batchCol, kvCol, workCol, fCol] = d.cols as [
    Float64Array,
    Float64Array,
    Float64Array,
    Float64Array,
    Float64Array,
  ]
  const yFrom = kept * DECODE_COLS
  const Y = Array.from({ length: R }, (_, r) =>
    space.subarray(yFrom + startOf(r), yFrom + startOf(r) + counts[r]!)
  )
  const at = new Int32Array(R)
  for (let k = 0; k < d.y.length; k++) {
    if (keep[k] === 0) {
      continue
    }
    const r = d.r[k]!
    const w = rootWeight(d.i[k]!)
    const g = (kind === 'additive' ? 1 : gCol[k]!) * w
    const x = X[r]!
    const o = at[r]! * DECODE_COLS
    x[o] = g
    x[o + 1] = g * batchCol[k]!
    x[o + 2] = g * kvCol[k]!
    x[o + 3] = w * workCol[k]!
    x[o + 4] = w * fCol[k]!
    Y[r]![at[r]!++] = w * d.y[k]!
  }
  const decodeFit = (x: Float64Array, y: Float64Array): Law => {
    const f = fitNonNegative(x, y, DECODE_COLS)
    return { c: f.coefficients, r2: f.r2, rows: y.length }
  }
  const concat = (parts: Float64Array[]): Float64Array => {
    const out = new Float64Array(parts.reduce((a, p) => a + p.length, 0))
    let o = 0
    for (const p of parts) {
      out.set(p, o)
      o += p.length
    }
    return out
  }
  // The law of all replicas together, for those with too few rows of their own.
  let pooledDecode: Law | null = null
  const pooled = (): Law => (pooledDecode ??= decodeFit(concat(X), concat(Y)))
  const decodeOf = Y.map((y, r) => (y.length >= 100 ? decodeFit(X[r]!, y) : pooled()))
  const decodeStep = (r: number, batch: number, kv: number): number => {
    const c = decodeOf[r]!.c
    return c[0]! + c[1]! * batch + c[2]! * kv
  }
  // Roofline: the steps slower than their decode step are the prompt's own (compute-bound).
  // Additive: every prompt step is its decode step plus the prompt's cost.
  // Kept rows first, then filled in place, per replica (as the decode rows above).
  const p = rows.prefill
  const pKeep = new Uint8Array(p.y.length)
  const pCounts = new Int32Array(R)
  for (let k = 0; k < p.y.length; k++) {
    const i = p.i[k]!
    const w = rootWeight(i)
    if ((train !== undefined && !train(i)) || !(w > 0)) {
      continue
    }
    const decode = decodeStep(p.r[k]!, p.batch[k]!, p.kv[k]!)
    if (kind === 'additive' || p.y[k]! > 1.1 * decode) {
      pKeep[k] = 1
      pCounts[p.r[k]!]!++
    }
  }
  // The prompt rows take the scratch after the decode laws are fitted: X and Y are read no more.
  const pStartOf = (r: number): number => {
    let at = 0
    for (let q = 0; q < r; q++) {
      at += pCounts[q]!
    }
    return at
  }
  const pKept = pStartOf(R)
  const px = Array.from({ length: R }, (_, r) =>
    space.subarray(pStartOf(r) * 3, (pStartOf(r) + pCounts[r]!) * 3)
  )
  const py = Array.from({ length: R }, (_, r) =>
    space.subarray(pKept * 3 + pStartOf(r), pKept * 3 + pStartOf(r) + pCounts[r]!)
  )
  at.fill(0)
  for (let k = 0; k < p.y.length; k++) {
    if (pKeep[k] === 0) {
      continue
    }
    const r = p.r[k]!
    const w = rootWeight(p.i[k]!)
    const work = p.work[k]!
    const o = at[r]!
    px[r]![o * 3] = w
    px[r]![o * 3 + 1] = w * work
    px[r]![o * 3 + 2] = w * work * work
    py[r]![at[r]!++] =
      kind === 'additive' ? w * (p.y[k]! - decodeStep(r, p.batch[k]!, p.kv[k]!)) : w * p.y[k]!
  }
  const prefillFit = (x: Float64Array, y: Float64Array): Law => {
    const f = fitNonNegative(x, y, 3)
    return { c: f.coefficients, r2: f.r2, rows: y.length }
  }
  let pooledPrefill: Law | null = null
  const prefillOf = py.map((y, r) =>
    y.length >= 50 ? prefillFit(px[r]!, y) : (pooledPrefill ??= prefillFit(concat(px), concat(py)))
  )
  return { beside, kind, decodeOf, prefillOf }
}

/** The step model of replica `r` under `laws`. */
export function stepModelOf(laws: StepLaws, r: number): StepModel {
  const d = laws.decodeOf[r]!.c
  const p = laws.prefillOf[r]!.c
  return {
    decodeBaseUs: d[0]!,
    perDecodeSeqUs: d[1]!,
    perKvTokenUs: d[2]!,
    prefillBaseUs: p[0]!,
    perPrefillTokenUs: p[1]!,
    perPrefillTokenSqUs: p[2]!,
    law: laws.kind,
  }
}

/**
 * The prompt work of one step that takes `us` under the prefill law `p` (its P² term included).
 * A function of its own, not a closure made per request: 1M of them on a 1M-request window.
 */
function workOf(p: ArrayLike<number>, us: number): number {
  const t = Math.max(0, us - p[0]!)
  return p[2]! > 0 ? (-p[1]! + Math.sqrt(p[1]! * p[1]! + 4 * p[2]! * t)) / (2 * p[2]!) : t / p[1]!
}

/**
 * Per request without a cached-token count: the prompt tokens its prefill computed, from its
 * prefill time under the fitted law, less the other prompts' work in the same steps; the rest
 * of its prompt counts as served by the prefix cache (an estimate, bounded by the prompt).
 */
export function inferCachedTokens(o: ObservedRequests, cached: Float64Array, laws: StepLaws): void {
  const { beside, decodeOf, prefillOf, kind } = laws
  const pair = new Float64Array(2)
  for (let i = 0; i < o.n; i++) {
    if (o.cachedTokens[i] === o.cachedTokens[i] || !(o.prefillUs[i]! > 0)) {
      continue
    }
    const r = o.replica[i]!
    const p = prefillOf[r]!.c
    const d = decodeOf[r]!.c
    if (!(p[1]! > 0) && !(p[2]! > 0)) {
      continue
    }
    const base = r * LANES
    const { sched, first } = timesOf(o, i)
    const len = o.prefillUs[i]!
    beside.integralPair(base, sched, first, pair)
    const batch = pair[0]! / len
    const kv = pair[1]! / len
    const own = Math.max(1, o.promptTokens[i]! - cached[i]!)
    const all = beside.integral(base + 2, sched, first)
    const others = Math.max(0, all - own)
    const steps = Math.max(1, Math.ceil(all / ASSUMED_MAX_BATCHED_TOKENS))
    const decode = d[0]! + d[1]! * batch + d[2]! * kv
    const perStep = len / steps
    // Roofline: a step no slower than its decode step says only that the prompt work fit
    // under it. Additive: the decode step is part of every step's time.
    const work =
      kind === 'additive'
        ? steps * workOf(p, perStep - decode) - others
        : perStep <= 1.1 * decode
          ? Math.min(own, steps * workOf(p, decode) - others)
          : steps * workOf(p, perStep) - others
    const uncached = Math.min(o.promptTokens[i]!, Math.max(1, Math.round(work)))
    cached[i] = o.promptTokens[i]! - uncached
  }
}
