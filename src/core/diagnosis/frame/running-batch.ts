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
