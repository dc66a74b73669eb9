/** What a fault-grid run asks the independent generator for (kept apart so its parts share it). */
import type { Cause } from '../../model/diagnosis.js'

export type Workload = 'chat' | 'long-prompts' | 'long-outputs'

export interface FaultSpec {
  cause: Exclude<Cause, 'healthy'> | 'unattributed'
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
