import type { StageName } from './request.js'

/** The cause vocabulary of CONTRACT §5.1 (stable ids). */
export const CAUSES = [
  'healthy',
  'engine.batching_window',
  'engine.queue_saturation',
  'engine.long_prompts',
  'engine.kv_cache_pressure',
  'engine.prefix_cache_miss',
  'engine.long_generations',
  'engine.memory_bandwidth',
  'replica.cold_start',
  'routing.imbalance',
  'version.regression',
  'node.degraded',
  'tenant.noisy_neighbor',
  'gateway.queueing',
  'gateway.connection_limit',
  'network.tls_handshake',
  'network.high_rtt',
  'proxy.stream_buffering',
  'downstream.dependency',
] as const

export type Cause = (typeof CAUSES)[number]

/** Scope dimensions a finding may name (CONTRACT §5). */
export type ScopeDimension =
  'replica' | 'node' | 'version' | 'tenant' | 'route' | 'region' | 'model'

export interface TimeWindowIso {
  start: string
  end: string
}

/** A piece of evidence: exactly one of `metric`, `stage`, `event`, `dimension` names what it is. */
export interface Evidence {
  metric?: string
  stage?: string
  event?: string
  dimension?: string
  observed: number | string | null
  baseline: number | string | null
  text: string
}

/**
 * Optional (an addition to CONTRACT §5 that readers may ignore): whether the finding is a *mix*
 * shift (the workload changed: longer prompts or outputs, more load) or a *rate* shift (the same
 * workload got slower), with the median shift of `measure` split into its parts (ms).
 */
export interface FindingShift {
  /** Null when a part is unknown: neither reading can be made. */
  kind: 'mix' | 'rate' | null
  measure: string
  /** Null where the part has no inputs (CONTRACT §4). */
  tokens_ms: number | null
  load_ms: number | null
  rate_ms: number | null
}

export interface Finding {
  cause: Cause
  /** 0..1 */
  confidence: number
  scope: { dimension: ScopeDimension | null; value: string | null }
  window: TimeWindowIso | null
  evidence: Evidence[]
  actions: string[]
  /** Mix vs rate shift (optional; see {@link FindingShift}). */
  shift?: FindingShift
}

/** Milliseconds; null when no request of the window carries the measure's inputs. */
export interface Percentiles {
  p50: number | null
  p95: number | null
  p99: number | null
}

/**
 * CONTRACT §5: a difference that holds through the whole window (a region always farther away,
 * a node always slower). `observed`/`baseline`: the value's median and the rest's (ms);
 * `cost_p99`: the measure's P99 with it over the P99 without it; for `network` (a region's
 * client-measured network time), the TTFT's, which that time is part of.
 */
export interface StandingCondition {
  dimension: string
  value: string
  measure: 'ttft' | 'tpot' | 'network'
  observed: number
  baseline: number
  cost_p99: number
  text: string
}

/** CONTRACT §5: the one JSON object `tokenline diagnose --format json` prints. */
export interface Diagnosis {
  schema: 'tokenline.diagnosis/v1'
  window: TimeWindowIso
  requests: number
  slo_breached: boolean
  /** Milliseconds. */
  latency: { ttft: Percentiles; tpot: Percentiles; e2e: Percentiles }
  stages: { stage: StageName; share_of_p99_slow: number; p99_ms: number }[]
  concentration: {
    dimension: string
    value: string
    slow_share: number
    baseline_share: number
    lift: number
  }[]
  findings: Finding[]
  standing_conditions: StandingCondition[]
}
