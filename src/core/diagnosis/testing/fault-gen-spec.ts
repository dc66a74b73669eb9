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
}
