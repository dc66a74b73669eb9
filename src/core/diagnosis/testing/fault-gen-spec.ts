/** What a fault-grid run asks the independent generator for (kept apart so its parts share it). */
import type { Cause } from '../../model/diagnosis.js'

export type Workload = 'chat' | 'long-prompts' | 'long-outputs'

/**
 * What the generator can inject: a cause of CONTRACT §5.1, time no span covers (`unattributed`),
 * or a structural difference that is not a cause at all (`replica.small_batch`: one replica
 * configured with half the batch capacity of its peers, for the standing-condition runs).
 */
export interface FaultSpec {
  cause: Exclude<Cause, 'healthy'> | 'unattributed' | 'replica.small_batch'
  /** Size on the cause's own signal, 1.2 (barely visible) … 5 (gross). */
  magnitude: number
  /** Fraction of the window the fault covers (it ends at the window's end). */
  windowShare: number
}

export interface GenSpec {
  seed: number
  minutes?: number
  perMinute?: number
  workload?: Workload
  client?: boolean
  gateway?: boolean
  metrics?: boolean
  events?: boolean
  /** false: requests carry no cached-token count; only the prefix-cache counters do. */
  cachedOnRequests?: boolean
  faults: FaultSpec[]
  /** Traffic that drifts without a step (the robustness grid's runs); none when absent. */
  drift?: TrafficDrift
}

/**
 * A smooth change of the request rate: from 1× to `ratio`× (or from `ratio`× down to 1× when
 * `falling`) between `fromShare` of the window and its end, along a straight line or a half
 * cosine (flat at both ends). No minute differs from the next by more than the drift's slope.
 */
export interface TrafficDrift {
  ratio: number
  shape: 'linear' | 'smooth'
  /** Where in the window the drift starts: 0 at the data's start, 0.5 mid-run. */
  fromShare: number
  falling: boolean
}

/** The drift's rate multiplier in `minute` of `minutes` (1 without a drift). */
export function driftFactor(
  drift: TrafficDrift | undefined,
  minute: number,
  minutes: number
): number {
  if (drift === undefined) {
    return 1
  }
  const t = Math.min(
    1,
    Math.max(0, ((minute + 0.5) / minutes - drift.fromShare) / (1 - drift.fromShare))
  )
  const s = drift.shape === 'linear' ? t : (1 - Math.cos(Math.PI * t)) / 2
  return drift.falling ? drift.ratio - (drift.ratio - 1) * s : 1 + (drift.ratio - 1) * s
}
