/**
 * A queue that grows only where a standing condition is. A replica always slower than the rest
 * works nearer its capacity all window; when the traffic drifts up (a ramp, a few bursts), its
 * load crosses what it can take and its queue runs away, while the other engines, at the same
 * share of the traffic and their usual speed, wait as little as before. Read engine-wide, that
 * queue is saturation with a change window; read per place, it is the slow replica's cost: more
 * replicas of the same speed would not drain it, a replica as fast as the rest would (ADR 0279).
 */
import type { StandingCondition } from '../../model/diagnosis.js'
import type { Dimension } from '../../model/request.js'
import { sortedFinite } from '../../stats/quantile.js'
import { cliffsDelta } from '../../stats/significance.js'
import type { RequestFrame } from '../frame/frame.js'

/** The places the engine runs on: a condition there has its own queue. A region has none. */
const ENGINE_PLACES: readonly Dimension[] = ['replica', 'node', 'version', 'model']
/**
 * Cliff's delta at which the typical request waits longer (Romano et al.: below 0.147 an effect
 * is negligible). Saturation makes the typical request of its window wait (ADR 0245): outside the
 * condition's requests it must still do so.
 */
const TYPICAL_WAIT = 0.147
/** Requests the rest needs inside and outside the window for its typical wait to count. */
const MIN_REST = 50

export interface QueueOfStanding {
  condition: StandingCondition
  /** The condition's requests' share of the window's queue time above the time outside it. */
  share: number
  /** Cliff's delta of the other requests' queue time inside the window over outside it. */
  restDelta: number
}

/**
 * The standing condition, on a place the engine runs on, whose requests hold most (at least
 * half) of the `queue` time the window added (the requests `inWindow` above the mean of the same
 * side's requests outside it), while the other requests of the window wait no longer than those
 * outside it (Cliff's delta under {@link TYPICAL_WAIT}). Null when none does, or a side is too
 * thin to tell.
 */
export function queueOfStanding(
  frame: RequestFrame,
  queue: Float64Array,
  inWindow: Uint8Array,
  standing: readonly StandingCondition[]
): QueueOfStanding | null {
  const seen = new Set<string>()
  for (const c of standing) {
    const key = `${c.dimension}\u0000${c.value}`
    if (seen.has(key) || !ENGINE_PLACES.includes(c.dimension as Dimension)) {
      continue
    }
    seen.add(key)
    const col = frame.dims[c.dimension as Dimension]
    const code = col.values.indexOf(c.value)
    if (code < 0) {
      continue
    }
    // [mine inside, mine outside, rest inside, rest outside]: sums and counts.
    const sum = [0, 0, 0, 0]
    const n = [0, 0, 0, 0]
    const restIn = new Uint8Array(frame.n)
    const restOut = new Uint8Array(frame.n)
    for (let i = 0; i < frame.n; i++) {
      const v = queue[i] as number
      const own = col.codes[i] as number
      if (v !== v || own < 0) {
        continue
      }
      const k = (own === code ? 0 : 2) + (inWindow[i] === 1 ? 0 : 1)
      sum[k]! += v
      n[k]!++
      if (k === 2) {
        restIn[i] = 1
      } else if (k === 3) {
        restOut[i] = 1
      }
    }
    if (n[2]! < MIN_REST || n[3]! < MIN_REST || n[0] === 0 || n[1] === 0) {
      continue
    }
    // Each side's queue time added by the window: its requests in the window, each above the
    // mean of its own requests outside it.
    const held = Math.max(0, sum[0]! - n[0]! * (sum[1]! / n[1]!))
    const rest = Math.max(0, sum[2]! - n[2]! * (sum[3]! / n[3]!))
    if (!(held > 0) || held < (held + rest) / 2) {
      continue
    }
    const restDelta = cliffsDelta(sortedFinite(queue, restIn), sortedFinite(queue, restOut))
    if (restDelta < TYPICAL_WAIT) {
      return { condition: c, share: held / (held + rest), restDelta }
    }
  }
  return null
}
