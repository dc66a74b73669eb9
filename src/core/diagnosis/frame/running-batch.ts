import { countAtOrBelow } from '../../stats/sorted.js'
import type { DiagnosisContext } from './context.js'

/**
 * How many requests were running on each request's replica when its decode began (itself
 * included), from its engine spans: it ran from its end (start + e2e) back through its decode
 * and prefill. NaN where its engine decode or its end is unknown.
 */
export function runningAtDecode(ctx: DiagnosisContext): Float64Array {
  const f = ctx.frame
  const col = f.dims.replica
  const decode = f.stages['engine.decode']
  const prefill = f.stages['engine.prefill']
  const out = new Float64Array(f.n).fill(NaN)
  const byReplica = new Map<number, number[]>()
  const from = new Float64Array(f.n)
  const to = new Float64Array(f.n)
  for (let i = 0; i < f.n; i++) {
    const c = col.codes[i] as number
    const d = decode[i] as number
    const e2e = f.e2eUs[i] as number
    if (c < 0 || !(d >= 0) || e2e !== e2e) {
      continue
    }
    const p = prefill[i] as number
    to[i] = (f.startUs[i] as number) + e2e
    from[i] = (to[i] as number) - d - (p > 0 ? p : 0)
    const list = byReplica.get(c) ?? []
    list.push(i)
    byReplica.set(c, list)
  }
  for (const list of byReplica.values()) {
    const starts = Float64Array.from(list, (i) => from[i] as number).sort()
    const ends = Float64Array.from(list, (i) => to[i] as number).sort()
    for (const i of list) {
      const t = (to[i] as number) - (decode[i] as number)
      // Running at t: started at or before t and not yet ended.
      out[i] = countAtOrBelow(starts, t) - countAtOrBelow(ends, t)
    }
  }
  return out
}

const AT_PREFILL = new WeakMap<DiagnosisContext, Float64Array>()

/**
 * The requests each one shared its replica with when its prefill began: how many others of the
 * same replica were between their own prefill start and their end at that moment (its running
 * batch, read from the spans). NaN without the engine stages to place it. A request's batch is
 * the same whichever requests ask for it, so the sweep runs once per diagnosis: node.degraded
 * reads it for its scope against its peers and for every request against the peers' batch.
 *
 * Not {@link runningAtDecode} less itself: the others that began or ended during its prefill
 * make the two differ by one on 6–10 % of the requests (grid seed 257, cases 75, 98, 109), and
 * that count places a request without a prefill span, where this one leaves it NaN.
 */
export function runningAtPrefill(ctx: DiagnosisContext): Float64Array {
  let batch = AT_PREFILL.get(ctx)
  if (batch === undefined) {
    batch = countAtPrefill(ctx)
    AT_PREFILL.set(ctx, batch)
  }
  return batch
}

function countAtPrefill(ctx: DiagnosisContext): Float64Array {
  const f = ctx.frame
  const begin = new Float64Array(f.n).fill(NaN)
  const end = new Float64Array(f.n).fill(NaN)
  const byReplica = new Map<number, number[]>()
  for (let i = 0; i < f.n; i++) {
    const c = f.dims.replica.codes[i] as number
    const e = (f.startUs[i] as number) + (f.e2eUs[i] as number)
    const b =
      e - (f.stages['engine.decode'][i] as number) - (f.stages['engine.prefill'][i] as number)
    if (c < 0 || !(b === b) || !(e === e)) {
      continue
    }
    begin[i] = b
    end[i] = e
    const list = byReplica.get(c) ?? []
    list.push(i)
    byReplica.set(c, list)
  }
  const batch = new Float64Array(f.n).fill(NaN)
  for (const list of byReplica.values()) {
    // Ends sorted, begins sorted: the others running at b began at or before b and end after it.
    const begins = Float64Array.from(list.map((i) => begin[i] as number)).sort()
    const ends = Float64Array.from(list.map((i) => end[i] as number)).sort()
    for (const i of list) {
      const b = begin[i] as number
      batch[i] = countAtOrBelow(begins, b) - countAtOrBelow(ends, b) - 1
    }
  }
  return batch
}
