import type { ChangeEvent } from '../../model/event.js'
import type { Micros } from '../../model/units.js'
import type { RequestFrame } from './frame.js'
import type { ResourceKind } from '../metric-families.js'

/** One metric series of a resource family, already read from the store. */
export interface ResourceSeries {
  kind: ResourceKind
  /** Stored metric name (for evidence text). */
  metric: string
  labels: Record<string, string>
  /** Raw samples in time order (counters: cumulative values; the core turns them into rates). */
  points: { timeUs: number; value: number }[]
}

/** Latency objectives in milliseconds at a quantile (default p99). */
export interface SloTargets {
  ttftMs?: number
  tpotMs?: number
  e2eMs?: number
  /** Quantile the targets apply to, 0..1 (default 0.99). */
  quantile?: number
}

/** Everything the pure diagnosis needs, loaded by `analysis/run-diagnosis.ts` or built by tests. */
export interface DiagnosisInput {
  window: { fromUs: Micros; toUs: Micros }
  frame: RequestFrame
  resources: readonly ResourceSeries[]
  events: readonly ChangeEvent[]
  slos?: SloTargets | null
  /** Which resource families are stored at all (names); absent families are reported as missing. */
}
