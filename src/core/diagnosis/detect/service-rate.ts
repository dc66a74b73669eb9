/**
 * How fast the engine works per token, apart from how long requests wait: the prefill time per
 * uncached prompt token and the time per output token (the engine's, else the gateway's stream). A degraded node, a slow version or a cold
 * replica works slower per token; an overloaded one only makes requests wait.
 */
import { quantileSorted, sortedFinite } from '../../stats/quantile.js'
import type { RequestFrame } from '../frame/frame.js'

/** Requests each side of a window needs before its load can be compared. */
const MIN_SIDE = 30

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

/**
 * Requests per second started inside `span` over those started in the rest of `window`, from their
 * counts; NaN when either side of the window has no time (a span that covers it all, or none of it).
 */
export function arrivalRatio(
  nIn: number,
  nOut: number,
  window: { fromUs: number; toUs: number },
  span: { fromUs: number; toUs: number }
): number {
  const inUs = Math.min(span.toUs, window.toUs) - Math.max(span.fromUs, window.fromUs)
  const outUs = window.toUs - window.fromUs - inUs
  return inUs > 0 && outUs > 0 ? nIn / inUs / (nOut / outUs) : NaN
}

/**
 * What raised the engines' offered load in [fromUs, toUs] against the rest of the window: more
 * requests per second (`traffic`), or each token taking longer to serve (`service`, the larger
 * of the prefill-per-uncached-token and time-per-output-token median ratios). The load a queue
 * drains is requests per second × time per request, so the two multiply, and on the log scale
 * each one's share of the rise is exact: `trafficShare` = ln traffic / (ln traffic + ln service),
 * each factor counted only when it rose. A queue saturated by 1.35× the requests whose fuller
 * batches cost 1.1× per token is three-quarters traffic; 1.3× the requests into engines whose
 * tokens take 5× as long is four-fifths the slower service. Null when either side of the window
 * has too few requests to measure, or neither factor rose.
 */
export function loadSplit(
  frame: RequestFrame,
  window: { fromUs: number; toUs: number },
  span: { fromUs: number; toUs: number }
): { traffic: number; service: number; trafficShare: number } | null {
  const set = new Uint8Array(frame.n)
  const ref = new Uint8Array(frame.n)
  let nIn = 0
  let nOut = 0
  for (let i = 0; i < frame.n; i++) {
    const t = frame.startUs[i] as number
    if (t >= span.fromUs && t < span.toUs) {
      set[i] = 1
      nIn++
    } else {
      ref[i] = 1
      nOut++
    }
  }
  const traffic = arrivalRatio(nIn, nOut, window, span)
  if (nIn < MIN_SIDE || nOut < MIN_SIDE || traffic !== traffic) {
    return null
  }
  const service = serviceRatio(frame, set, ref)
  if (service === null) {
    return null
  }
  const t = Math.log(Math.max(1, traffic))
  const s = Math.log(Math.max(1, service))
  if (t + s <= 0) {
    return null
  }
  return { traffic, service, trafficShare: t / (t + s) }
}
