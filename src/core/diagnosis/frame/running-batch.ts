import { sortFloats } from '../../stats/float-sort.js'
import { countAtOrBelow } from '../../stats/sorted.js'
import type { DiagnosisContext } from './context.js'

/**
 * How many requests were running on each request's replica when its decode began (itself
 * included), from its engine spans: it ran from its end (start + e2e) back through its decode
 * and prefill. NaN where its engine decode or its end is unknown.
 */
export function runningAtDecode(ctx: DiagnosisContext): Float64Array {
  const f = ctx.frame
  const decode = f.stages['engine.decode']
  const prefill = f.stages['engine.prefill']
  const from = new Float64Array(f.n).fill(NaN)
  const to = new Float64Array(f.n).fill(NaN)
  const at = new Float64Array(f.n).fill(NaN)
  for (let i = 0; i < f.n; i++) {
    const d = decode[i] as number
    const e2e = f.e2eUs[i] as number
    if (!(d >= 0) || e2e !== e2e) {
      continue
    }
    const p = prefill[i] as number
    to[i] = (f.startUs[i] as number) + e2e
    from[i] = (to[i] as number) - d - (p > 0 ? p : 0)
    at[i] = (to[i] as number) - d
  }
  return runningAt(ctx, from, to, at)
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
  const begin = new Float64Array(f.n)
  const end = new Float64Array(f.n)
  for (let i = 0; i < f.n; i++) {
    end[i] = (f.startUs[i] as number) + (f.e2eUs[i] as number)
    begin[i] =
      (end[i] as number) -
      (f.stages['engine.decode'][i] as number) -
      (f.stages['engine.prefill'][i] as number)
  }
  // The others: the count at its own begin holds itself.
  return runningAt(ctx, begin, end, begin).map((v) => v - 1)
}

/**
 * How many requests of each request's replica ran at its moment `at[i]`: began at or before it
 * and not yet ended, from each one's [begin, end] (itself included when its own span holds the
 * moment). NaN for a request without a replica, a begin or an end; those are not counted.
 */
function runningAt(
  ctx: DiagnosisContext,
  begin: Float64Array,
  end: Float64Array,
  at: Float64Array
): Float64Array {
  const codes = ctx.frame.dims.replica.codes
  const byReplica = new Map<number, number[]>()
  for (let i = 0; i < ctx.frame.n; i++) {
    const c = codes[i] as number
    if (c < 0 || !(begin[i] === begin[i]) || !(end[i] === end[i])) {
      continue
    }
    const list = byReplica.get(c) ?? []
    list.push(i)
    byReplica.set(c, list)
  }
  const out = new Float64Array(ctx.frame.n).fill(NaN)
  for (const list of byReplica.values()) {
    const begins = new Float64Array(list.length)
    const ends = new Float64Array(list.length)
    for (let k = 0; k < list.length; k++) {
      begins[k] = begin[list[k] as number] as number
      ends[k] = end[list[k] as number] as number
    }
    // A replica's tens of thousands of times: the radix sort, in the typed-array sort's order.
    sortFloats(begins)
    sortFloats(ends)
    for (const i of list) {
      const t = at[i] as number
      out[i] = countAtOrBelow(begins, t) - countAtOrBelow(ends, t)
    }
  }
  return out
}
