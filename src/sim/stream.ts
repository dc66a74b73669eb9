import type { Replica } from './replica.js'
import type { SimRequest } from './request.js'

/** Gap between SSE events that arrive in the same read after a proxy flush. */
const BURST_GAP_US = 30

let scratch = new Float64Array(4096)

/**
 * Fills the client-side stream measures of a finished request (chunk times, ITL percentiles,
 * stalls) from the replica's step log: each decoding step delivered one token, and a buffering
 * proxy releases tokens in bursts of `bufferTokens`. `downUs` is the one-way delay engine → client.
 */
export function fillClientStream(req: SimRequest, replica: Replica, downUs: number): void {
  const n = req.outputTokens
  if (scratch.length < n) {
    scratch = new Float64Array(Math.max(n, scratch.length * 2))
  }
  const times = scratch
  let k = 0
  const segs = req.segments
  for (let i = 0; i < segs.length && k < n; i += 2) {
    for (let s = segs[i]!; s <= segs[i + 1]! && k < n; s++) {
      const t = replica.stepEndUs(s)
      times[k++] = t ?? (k > 0 ? times[k - 1]! : req.firstTokenUs)
    }
  }
  // Tokens missing from the log (very long generations): spread evenly to the end.
  if (k < n) {
    const from = k > 0 ? times[k - 1]! : req.firstTokenUs
    const left = n - k
    for (let j = 1; k < n; j++) {
      times[k++] = from + ((req.engineEndUs - from) * j) / left
    }
  }
  const buffer = req.bufferTokens
  if (buffer > 1) {
    // Each token is released when its buffer fills (or the stream ends).
    for (let start = 0; start < n; start += buffer) {
      const end = Math.min(n, start + buffer)
      const flushUs = times[end - 1]!
      for (let j = start; j < end; j++) {
        times[j] = flushUs + (j - start) * BURST_GAP_US
      }
    }
  }
  req.clientFirstChunkUs = times[0]! + downUs
  req.clientLastChunkUs = times[n - 1]! + downUs
  req.chunks = n
  if (n < 2) {
    req.itlP50Us = req.itlP99Us = req.itlMaxUs = 0
    req.stalls = 0
    return
  }
  const gaps = new Float64Array(n - 1)
  for (let i = 1; i < n; i++) {
    gaps[i - 1] = times[i]! - times[i - 1]!
  }
  gaps.sort()
  const q = (p: number): number => gaps[Math.min(gaps.length - 1, Math.floor(p * gaps.length))]!
  const median = q(0.5)
  req.itlP50Us = median
  req.itlP99Us = q(0.99)
  req.itlMaxUs = gaps[gaps.length - 1]!
  let stalls = 0
  const limit = Math.max(5 * median, 100_000)
  for (let i = gaps.length - 1; i >= 0 && gaps[i]! > limit; i--) {
    stalls++
  }
  req.stalls = stalls
}
