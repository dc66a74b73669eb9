/**
 * The step-time law of each replica (engine.ts), fitted from its requests' stages. What ran
 * beside each request (decoding seqs, their KV tokens, prefill work, requests in the engine) is
 * rebuilt on a time grid from every request's stages on the same replica, then:
 *
 * - decode law: a request's TPOT ≈ one decode step at the batch and KV tokens it ran beside,
 *   over the share of its steps that carried no prompt, plus columns for the prompt steps
 *   around it (their count and their work: the twin makes those steps itself, so those columns
 *   are not part of the law);
 * - prefill law: the time its prompt took per step against the prefill work of those steps,
 *   over the steps that were compute-bound (slower than the decode step they carried).
 *
 * Both by non-negative least squares; a replica with too few observations borrows the law of
 * all replicas together.
 */
import { stepDurationUs } from './engine.js'
import { IntervalGrid } from './grid.js'
import type { ObservedRequests } from './observed.js'
import { fitNonNegative } from './regression.js'

/** vLLM's default `--max-num-batched-tokens` (the data does not say it). */
export const ASSUMED_MAX_BATCHED_TOKENS = 8192
/** Grid lanes per replica: decoding seqs, their KV tokens, prefill tokens, requests in the engine. */
export const LANES = 4

interface Law {
  c: number[]
  r2: number
  rows: number
}

export interface StepLaws {
  grid: IntervalGrid
  decodeOf: Law[]
  prefillOf: Law[]
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

/** Fits each replica's decode and prefill law; `cached` is per request. */
export function fitStepLaws(o: ObservedRequests, cached: Float64Array): StepLaws {
  const R = o.replicas.length
  let t0 = Infinity
  let t1 = -Infinity
  for (let i = 0; i < o.n; i++) {
    t0 = Math.min(t0, o.queuedUs[i]!)
    t1 = Math.max(t1, timesOf(o, i).end)
  }
  const span = Math.max(1, t1 - t0)
  // At most ~8M cells over all replicas: a 2 ms grid for a short window, coarser for long ones.
  const binUs = Math.max(2_000, span / 200_000, (span * R * LANES) / 8_000_000)
  const grid = new IntervalGrid(t0, binUs, span, R * LANES)
  for (let i = 0; i < o.n; i++) {
    const base = o.replica[i]! * LANES
    const { sched, first, end } = timesOf(o, i)
    grid.add(base, first, end, 1)
    grid.add(base + 1, first, end, o.promptTokens[i]! + o.outputTokens[i]! / 2)
    if (o.prefillUs[i]! > 0) {
      grid.add(
        base + 2,
        sched,
        first,
        Math.max(1, o.promptTokens[i]! - cached[i]!) / o.prefillUs[i]!
      )
    }
    grid.add(base + 3, o.queuedUs[i]!, end, 1)
  }

  // Prefill steps per replica, by the time they ended (the request's first token): a request
  // whose prompt is longer than the step budget took several.
  const firstOf = new Float64Array(o.n)
  const rowsOf: number[][] = o.replicas.map(() => [])
  for (let i = 0; i < o.n; i++) {
    firstOf[i] = o.queuedUs[i]! + o.queueUs[i]! + o.prefillUs[i]!
    rowsOf[o.replica[i]!]!.push(i)
  }
  const prefillEnds = rowsOf.map((rows) => {
    const order = Int32Array.from(rows).sort((x, y) => firstOf[x]! - firstOf[y]!)
    const t = new Float64Array(order.length)
    const steps = new Float64Array(order.length + 1)
    order.forEach((i, k) => {
      t[k] = firstOf[i]!
      steps[k + 1] =
        steps[k]! +
        Math.ceil(Math.max(1, o.promptTokens[i]! - cached[i]!) / ASSUMED_MAX_BATCHED_TOKENS)
    })
    return { t, steps }
  })
  const lowerBound = (t: Float64Array, x: number): number => {
    let lo = 0
    let hi = t.length
    while (lo < hi) {
      const mid = (lo + hi) >> 1
      if (t[mid]! < x) {
        lo = mid + 1
      } else {
        hi = mid
      }
    }
    return lo
  }
  const decodeX: number[][] = o.replicas.map(() => [])
  const decodeY: number[][] = o.replicas.map(() => [])
  const prefillRows: { r: number; work: number; batch: number; kv: number; y: number }[] = []
  for (let i = 0; i < o.n; i++) {
    const r = o.replica[i]!
    const base = r * LANES
    const { sched, first, end } = timesOf(o, i)
    const out = o.outputTokens[i]!
    if (out >= 2 && o.decodeUs[i]! > 0) {
      const steps = out - 1
      const len = o.decodeUs[i]!
      // A step that carries a prompt lasts as long as the prompt takes (the roofline's max), so
      // the decode cost shows only in the share `g` of the request's steps that carried none:
      // TPOT ≈ g·(base + seqs·B + kv·K) + f·prefillBase + perPrefillToken·(prompt work per step).
      // Without `g` the batch and KV terms also absorbed how often prompts interrupted, which
      // rises with load: on one platform the KV term came out 22 % steep, 16 % with `g` (ADR 0204).
      const pe = prefillEnds[r]!
      const f = Math.min(
        1,
        (pe.steps[lowerBound(pe.t, end)]! - pe.steps[lowerBound(pe.t, first + 1)]!) / steps
      )
      const g = 1 - f
      decodeX[r]!.push(
        g,
        (g * grid.integral(base, first, end)) / len,
        (g * grid.integral(base + 1, first, end)) / len,
        grid.integral(base + 2, first, end) / steps,
        f
      )
      decodeY[r]!.push(len / steps)
    }
    if (o.prefillUs[i]! > 0) {
      const len = o.prefillUs[i]!
      const work = grid.integral(base + 2, sched, first)
      const steps = Math.max(1, Math.ceil(work / ASSUMED_MAX_BATCHED_TOKENS))
      prefillRows.push({
        r,
        work: work / steps,
        batch: grid.integral(base, sched, first) / len,
        kv: grid.integral(base + 1, sched, first) / len,
        y: len / steps,
      })
    }
  }
  const decodeFit = (X: number[], Y: number[]): Law => {
    const f = fitNonNegative(Float64Array.from(X), Float64Array.from(Y), 5)
    return { c: f.coefficients, r2: f.r2, rows: Y.length }
  }
  const pooledDecode = decodeFit(decodeX.flat(), decodeY.flat())
  const decodeOf = o.replicas.map((_, r) =>
    decodeY[r]!.length >= 100 ? decodeFit(decodeX[r]!, decodeY[r]!) : pooledDecode
  )
  const decodeStep = (r: number, batch: number, kv: number): number => {
    const c = decodeOf[r]!.c
    return c[0]! + c[1]! * batch + c[2]! * kv
  }
  const prefillFit = (r: number | null): Law => {
    const X: number[] = []
    const Y: number[] = []
    for (const row of prefillRows) {
      if ((r === null || row.r === r) && row.y > 1.1 * decodeStep(row.r, row.batch, row.kv)) {
        X.push(1, row.work)
        Y.push(row.y)
      }
    }
    const f = fitNonNegative(Float64Array.from(X), Float64Array.from(Y), 2)
    return { c: f.coefficients, r2: f.r2, rows: Y.length }
  }
  const pooledPrefill = prefillFit(null)
  const prefillOf = o.replicas.map((_, r) => {
    const own = prefillFit(r)
    return own.rows >= 50 ? own : pooledPrefill
  })
  return { grid, decodeOf, prefillOf }
}

/**
 * Per request without a cached-token count: the prompt tokens its prefill computed, from its
 * prefill time under the fitted law, less the other prompts' work in the same steps; the rest
 * of its prompt counts as served by the prefix cache (an estimate, bounded by the prompt).
 */
export function inferCachedTokens(o: ObservedRequests, cached: Float64Array, laws: StepLaws): void {
  const { grid, decodeOf, prefillOf } = laws
  for (let i = 0; i < o.n; i++) {
    if (o.cachedTokens[i] === o.cachedTokens[i] || !(o.prefillUs[i]! > 0)) {
      continue
    }
    const r = o.replica[i]!
    const p = prefillOf[r]!.c
    const d = decodeOf[r]!.c
    if (!(p[1]! > 0)) {
      continue
    }
    const base = r * LANES
    const { sched, first } = timesOf(o, i)
    const len = o.prefillUs[i]!
    const batch = grid.integral(base, sched, first) / len
    const kv = grid.integral(base + 1, sched, first) / len
    const own = Math.max(1, o.promptTokens[i]! - cached[i]!)
    const others = Math.max(0, grid.integral(base + 2, sched, first) - own)
    const decode = stepDurationUs(
      {
        decodeBaseUs: d[0]!,
        perDecodeSeqUs: d[1]!,
        perKvTokenUs: d[2]!,
        prefillBaseUs: 0,
        perPrefillTokenUs: 0,
      },
      0,
      batch,
      kv
    )
    // A step no slower than its decode step says only that the prompt work fit under it.
    const work =
      len <= 1.1 * decode
        ? Math.min(own, (decode - p[0]!) / p[1]! - others)
        : (len - p[0]!) / p[1]! - others
    const uncached = Math.min(o.promptTokens[i]!, Math.max(1, Math.round(work)))
    cached[i] = o.promptTokens[i]! - uncached
  }
}
