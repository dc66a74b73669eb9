/**
 * The resource families diagnosis reads (CONTRACT §2). Names come from the shared alias table
 * (`core/metrics/aliases.ts`); this file only says which ones diagnosis uses and how.
 */
import { DEFAULT_LABEL_JOIN, METRIC_ALIASES, type MetricMeaning } from '../metrics/aliases.js'

export type ResourceKind =
  | 'waiting'
  | 'running'
  | 'kv_usage'
  | 'preemptions'
  | 'prefix_queries'
  | 'prefix_hits'
  | 'prefix_hit_rate'
  | 'prompt_cached'
  | 'prompt_total'
  | 'waiting_deferred'
  | 'gpu_util'
  | 'sm_active'
  | 'dram_active'
  | 'gateway_sessions'
  | 'gateway_limit'
  | 'gateway_queue'
  | 'gateway_upstream_sessions'
  | 'gateway_upstream_limit'
  | 'gateway_cx_overflows'
  | 'gateway_rq_overflows'
  | 'gateway_accepted'
  | 'gateway_handled'
  | 'process_start'

export interface ResourceFamilySpec {
  kind: ResourceKind
  /** Accepted metric names, preferred first. Counters are listed with their `_total` name. */
  names: readonly string[]
  /** Monotonic counter: diagnosis reads its per-second rate. */
  counter: boolean
  /** Multiplier to the family's unit (DCGM GPU util is a percentage → 0..1). */
  scale: number
  /** Only series with these labels belong to the kind (one part of a split family). */
  labels?: Readonly<Record<string, string>>
}

const MEANING_OF: Readonly<Record<ResourceKind, MetricMeaning>> = {
  waiting: 'requests_waiting',
  running: 'requests_running',
  kv_usage: 'kv_cache_usage',
  preemptions: 'preemptions',
  prefix_queries: 'prefix_cache_queries',
  prefix_hits: 'prefix_cache_hits',
  prefix_hit_rate: 'prefix_cache_hit_rate',
  prompt_cached: 'prompt_tokens_cached',
  prompt_total: 'prompt_tokens',
  waiting_deferred: 'requests_waiting_by_reason',
  gpu_util: 'gpu_util_percent',
  sm_active: 'gpu_sm_active',
  dram_active: 'gpu_dram_active',
  gateway_sessions: 'gateway_current_sessions',
  gateway_limit: 'gateway_limit_sessions',
  gateway_queue: 'gateway_backend_queue',
  gateway_upstream_sessions: 'gateway_upstream_sessions',
  gateway_upstream_limit: 'gateway_upstream_limit_sessions',
  gateway_cx_overflows: 'gateway_connection_overflows',
  gateway_rq_overflows: 'gateway_pending_overflows',
  gateway_accepted: 'gateway_connections_accepted',
  gateway_handled: 'gateway_connections_handled',
  process_start: 'process_start_time_seconds',
}

/** Kinds that read one part of a split family (vLLM's `reason="deferred"` waiting requests). */
const LABELS_OF: Partial<Record<ResourceKind, Readonly<Record<string, string>>>> = {
  waiting_deferred: { reason: 'deferred' },
}

/** The families diagnosis reads, with names from the shared alias table (CONTRACT §2). */
export const RESOURCE_FAMILIES: readonly ResourceFamilySpec[] = (
  Object.keys(MEANING_OF) as ResourceKind[]
).map((kind) => {
  const group = METRIC_ALIASES[MEANING_OF[kind]]
  return {
    kind,
    names: group.names,
    counter: group.shape === 'counter',
    scale: kind === 'gpu_util' ? 0.01 : 1,
    ...(LABELS_OF[kind] === undefined ? {} : { labels: LABELS_OF[kind] }),
  }
})

/** Whether a series is the part of a split family that `spec` reads (always, when unsplit). */
export function seriesBelongsTo(
  spec: ResourceFamilySpec,
  labels: Readonly<Record<string, string>>
): boolean {
  return Object.entries(spec.labels ?? {}).every(([k, v]) => labels[k] === v)
}

/** Candidate stored names of a family name: as written, and with/without a `_total` suffix. */
export function nameVariants(name: string): string[] {
  const base = name.endsWith('_total') ? name.slice(0, -'_total'.length) : name
  return [...new Set([name, base, `${base}_total`])]
}

/**
 * Resolves which stored metric names serve each family: the first alias (in preference order)
 * that is present. Returns kind → stored name.
 */
export function resolveResourceNames(
  stored: Iterable<string>
): Map<ResourceKind, { name: string; spec: ResourceFamilySpec }> {
  const have = new Set(stored)
  const out = new Map<ResourceKind, { name: string; spec: ResourceFamilySpec }>()
  for (const spec of RESOURCE_FAMILIES) {
    for (const alias of spec.names) {
      const hit = nameVariants(alias).find((n) => have.has(n))
      if (hit !== undefined) {
        out.set(spec.kind, { name: hit, spec })
        break
      }
    }
  }
  return out
}

/** Label keys that can name a replica / a node, in preference order (CONTRACT §2 joins). */
export const REPLICA_LABELS = [
  ...DEFAULT_LABEL_JOIN.replica,
  'service_instance_id',
  'instance',
] as const
export const NODE_LABELS = [...DEFAULT_LABEL_JOIN.node, 'host_name', 'hostname'] as const
