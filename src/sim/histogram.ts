/** vLLM's real histogram bounds (vllm/v1/metrics: TTFT, inter-token and request-latency buckets). */
export const TTFT_BUCKETS = [
  0.001, 0.005, 0.01, 0.02, 0.04, 0.06, 0.08, 0.1, 0.25, 0.5, 0.75, 1.0, 2.5, 5.0, 7.5, 10.0, 20.0,
  40.0, 80.0, 160.0, 640.0, 2560.0,
]
export const ITL_BUCKETS = [
  0.01, 0.025, 0.05, 0.075, 0.1, 0.15, 0.2, 0.3, 0.4, 0.5, 0.75, 1.0, 2.5, 5.0, 7.5, 10.0, 20.0,
  40.0, 80.0,
]
export const REQUEST_LATENCY_BUCKETS = [
  0.3, 0.5, 0.8, 1.0, 1.5, 2.0, 2.5, 5.0, 10.0, 15.0, 20.0, 30.0, 40.0, 50.0, 60.0, 120.0, 240.0,
  480.0, 960.0, 1920.0, 7680.0,
]
/** `vllm:iteration_tokens_total`: 1, 8, then powers of two up to max_num_batched_tokens. */
export function iterationTokenBuckets(maxBatchedTokens: number): number[] {
  const out = [1, 8]
  for (let v = 16; v <= maxBatchedTokens; v *= 2) {
    out.push(v)
  }
  return out
}

/** A Prometheus-style histogram: per-bucket (non-cumulative) counts, the last one is +Inf. */
export class Histogram {
  readonly counts: Float64Array
  sum = 0
  count = 0

  constructor(readonly bounds: readonly number[]) {
    this.counts = new Float64Array(bounds.length + 1)
  }

  /** Adds `n` observations of `value` (same unit as the bounds). */
  observe(value: number, n = 1): void {
    const b = this.bounds
    let lo = 0
    let hi = b.length
    while (lo < hi) {
      const mid = (lo + hi) >> 1
      if (value <= b[mid]!) {
        hi = mid
      } else {
        lo = mid + 1
      }
    }
    this.counts[lo] = (this.counts[lo] ?? 0) + n
    this.sum += value * n
    this.count += n
  }
}
