/**
 * Whether the typical request outside a standing condition got slower in a finding's window
 * through the finding's own stages (ADR 0307).
 *
 * A standing condition (a far region) can hold the P99 all window long while a cost every request
 * pays moves only the median: lost keep-alive adds a handshake to each request, and the near
 * regions' P99 stays with the engine backlog that held it before. Read on the P99 alone, "the
 * others did not get slower" and the finding is set aside as the region's. Read on the median
 * alone, any finding whose window saw everyone slow down keeps the credit for a rise another
 * mechanism made (a queue finding while the memory bandwidth slowed every token, ADR 0304). So
 * the median counts only when the finding's own stages carry most of the rise:
 *
 * ```
 * rest's TTFT median   outside ▕ 52 ms ▏   inside ▕ 202 ms ▏   ×3.9
 * own stages (TLS)     outside ▕  0 ms ▏   inside ▕ 150 ms ▏   150 of 150 ms: the finding's
 * own stages (queue)   outside ▕  2 ms ▏   inside ▕ 7.6 ms ▏   5.6 of 15 ms: not its rise
 * ```
 */
import type { StageName } from '../../model/request.js'
import { quantileSorted, sortedFinite } from '../../stats/quantile.js'
import type { RequestFrame } from '../frame/frame.js'

/**
 * The share of the rest's median rise the finding's own stages must carry: more than any other
 * part, "most of it". Less, and something else moved the typical request.
 */
const OWN_SHARE = 0.5

export interface OwnStageRise {
  /** The rest's median inside the window over outside it. */
  ratio: number
  /** The rise of the rest's median, µs. */
  riseUs: number
  /** The rise of the median of the own stages' per-request sum, µs. */
  ownRiseUs: number
}

/**
 * Per request, the sum of `stages` it has; NaN when it has none of them (unknown, not zero).
 */
export function stageSum(frame: RequestFrame, stages: readonly StageName[]): Float64Array {
  const out = new Float64Array(frame.n).fill(NaN)
  const cols = stages.map((s) => frame.stages[s])
  for (let i = 0; i < frame.n; i++) {
    let sum = NaN
    for (const c of cols) {
      const v = c[i] as number
      if (v === v) {
        sum = (sum === sum ? sum : 0) + Math.max(0, v)
      }
    }
    out[i] = sum
  }
  return out
}

function median(values: Float64Array, mask: Uint8Array, min: number): number {
  const s = sortedFinite(values, mask)
  return s.length < min ? NaN : quantileSorted(s, 0.5)
}

/**
 * The rest's median rise when it is at least `minRatio` and the finding's own `stages` carry
 * at least {@link OWN_SHARE} of it; null otherwise, and null when either side has fewer than
 * `minRequests` requests with the measure or with the stages (nothing to credit).
 */
export function ownStageRise(
  frame: RequestFrame,
  values: Float64Array,
  stages: readonly StageName[],
  inside: Uint8Array,
  outside: Uint8Array,
  minRatio: number,
  minRequests: number
): OwnStageRise | null {
  if (stages.length === 0) {
    return null
  }
  const after = median(values, inside, minRequests)
  const before = median(values, outside, minRequests)
  if (!(before > 0) || !(after >= minRatio * before)) {
    return null
  }
  const own = stageSum(frame, stages)
  const ownAfter = median(own, inside, minRequests)
  const ownBefore = median(own, outside, minRequests)
  const riseUs = after - before
  const ownRiseUs = ownAfter - ownBefore
  if (!(ownRiseUs >= OWN_SHARE * riseUs)) {
    return null
  }
  return { ratio: after / before, riseUs, ownRiseUs }
}
