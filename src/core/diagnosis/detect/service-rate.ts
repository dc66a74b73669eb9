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
  const prefill = frame.stages['engine.prefill']
  const perToken = new Float64Array(frame.n).fill(NaN)
  for (let i = 0; i < frame.n; i++) {
    const p = prefill[i] as number
    const tokens = frame.inputTokens[i] as number
    const cached = frame.cachedTokens[i] as number
    if (p === p && tokens === tokens) {
      // + 64: a fixed per-request cost, so tiny prompts do not dominate the ratio.
      perToken[i] = p / (Math.max(0, tokens - (cached === cached ? cached : 0)) + 64)
    }
  }
  const ratio = (values: Float64Array): number => {
    const a = quantileSorted(sortedFinite(values, set), 0.5)
    const b = quantileSorted(sortedFinite(values, ref), 0.5)
    return a === a && b === b && b > 0 ? a / b : NaN
  }
  // Without engine spans a gateway still sees the decode: its stream after the first chunk
  // (gateway.stream) over the output tokens is the time per token seen from the gateway
  // (CONTRACT §4), so a replica that waits can still be told from one that works slower.
  const stream = frame.stages['gateway.stream']
  const perOutput = Float64Array.from(frame.tpotUs)
  for (let i = 0; i < frame.n; i++) {
    const g = stream[i] as number
    const out = frame.outputTokens[i] as number
    if (perOutput[i] !== perOutput[i] && g === g && out === out && out > 1) {
      perOutput[i] = g / (out - 1)
    }
  }
  const r = [ratio(perToken), ratio(perOutput)].filter((x) => x === x)
  return r.length === 0 ? null : Math.max(...r)
}
