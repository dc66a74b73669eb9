/**
 * How fast the engine works per token, apart from how long requests wait: the prefill time per
 * uncached prompt token and the time per output token (the engine's, else the gateway's stream). A degraded node, a slow version or a cold
 * replica works slower per token; an overloaded one only makes requests wait.
 */
import { quantileSorted, sortedFinite } from '../../stats/quantile.js'
import type { RequestFrame } from '../frame/frame.js'

/**
 * The larger of the prefill-per-uncached-token and TPOT ratios (medians) of the requests in
 * `set` over those in `ref`; null when neither can be measured.
 */
export function serviceRatio(frame: RequestFrame, set: Uint8Array, ref: Uint8Array): number | null {
  const ratio = (values: Float64Array): number => {
    const a = quantileSorted(sortedFinite(values, set), 0.5)
    const b = quantileSorted(sortedFinite(values, ref), 0.5)
    return a === a && b === b && b > 0 ? a / b : NaN
  }
  // The per-token columns are filled once with the frame (frame.ts): without engine spans the
  // gateway's stream stands for the decode, so a replica that waits can still be told from one
  // that works slower.
  const r = [ratio(frame.prefillPerTokenUs), ratio(frame.perOutputTokenUs)].filter((x) => x === x)
  return r.length === 0 ? null : Math.max(...r)
}
