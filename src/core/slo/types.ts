/**
 * SLO tiers, objectives and alert rules as the evaluator sees them (already validated and with
 * every duration in µs). The YAML shapes users write live in `src/config/slo.ts`.
 */
import type { Dimension, DurationMeasure } from '../model/request.js'
import type { Micros } from '../model/units.js'

/** Request measures a latency objective can be set on. */
export type SloMeasure = DurationMeasure

export interface LatencyObjective {
  kind: 'latency'
  /** Stable id, e.g. `ttft_p99` (used by alert rules and in the API). */
  id: string
  measure: SloMeasure
  /** 0 < percentile < 100, e.g. 99. */
  percentile: number
  thresholdUs: Micros
}

export interface ErrorRateObjective {
  kind: 'error_rate'
  id: string
  /** Largest acceptable share of failed requests, 0..1. */
  maxErrorRate: number
}

export type Objective = LatencyObjective | ErrorRateObjective

/**
 * Which requests belong to a tier: for every listed dimension the request's value must be one
 * of those given (`*` at the end of a value matches a prefix). An empty match takes everything.
 */
export type TierMatch = Partial<Record<Dimension, readonly string[]>>

export interface Tier {
  name: string
  match: TierMatch
  objectives: readonly Objective[]
}

/** One window pair of a multi-window burn-rate alert (SRE workbook ch. 5). */
export interface BurnWindowPair {
  longUs: Micros
  shortUs: Micros
  /** Burn-rate factor both windows must exceed, e.g. 14.4 for 1h/5m. */
  factor: number
  severity: string
}

interface RuleBase {
  name: string
  severity: string
  /** How long the condition must hold before the alert fires. */
  forUs: Micros
  /** How long the clear condition must hold before a firing alert resolves. */
  resolveForUs: Micros
  /** Clear only when the value drops below `threshold × (1 − hysteresis)`, 0..1. */
  hysteresis: number
  /** Fewer requests than this in the evaluated window → no data (never fires, clears). */
  minRequests: number
  labels: Readonly<Record<string, string>>
  annotations: Readonly<Record<string, string>>
}

/** Fires when every window of some pair burns the objective's error budget too fast. */
export interface BurnRateRule extends RuleBase {
  kind: 'burn_rate'
  tier: string
  objective: string
  windows: readonly BurnWindowPair[]
}

/** Fires when the objective is breached over a sliding window (e.g. p99 over 5 min > target). */
export interface ObjectiveRule extends RuleBase {
  kind: 'objective'
  tier: string
  objective: string
  windowUs: Micros
}

/** Fires when an exact percentile of the query API (`/api/percentiles`) passes a threshold. */
export interface PercentileRule extends RuleBase {
  kind: 'percentile'
  measure: SloMeasure
  /** 0..1 */
  quantile: number
  filters: TierMatch
  windowUs: Micros
  thresholdUs: Micros
}

export type AlertRule = BurnRateRule | ObjectiveRule | PercentileRule

/** The SRE workbook's paging pairs: 2 % of a 30-day budget in 1 h, 5 % in 6 h. */
export const DEFAULT_BURN_WINDOWS: readonly BurnWindowPair[] = [
  {
    longUs: (60 * 60_000_000) as Micros,
    shortUs: (5 * 60_000_000) as Micros,
    factor: 14.4,
    severity: 'page',
  },
  {
    longUs: (6 * 60 * 60_000_000) as Micros,
    shortUs: (30 * 60_000_000) as Micros,
    factor: 6,
    severity: 'page',
  },
]

/** One minute in µs: the evaluation grain. */
export const MINUTE_US = 60_000_000 as Micros
