/**
 * The metric families diagnosis reads (CONTRACT §2) and the aliases that map onto them. A minimal
 * local table: when `core/metrics/aliases.ts` lands it becomes the source of truth and this file
 * re-reads from it.
 */

export type ResourceKind =
  | 'waiting'
  | 'running'
  | 'kv_usage'
  | 'preemptions'
  | 'prefix_queries'
  | 'prefix_hits'
  | 'prefix_hit_rate'
  | 'gpu_util'
  | 'sm_active'
  | 'dram_active'
  | 'haproxy_sessions'
  | 'haproxy_limit'
  | 'haproxy_queue'

export interface ResourceFamilySpec {
  kind: ResourceKind
  /** Accepted metric names, preferred first. Counters are listed with their `_total` name. */
  names: readonly string[]
  /** Monotonic counter: diagnosis reads its per-second rate. */
  counter: boolean
  /** Multiplier to the family's unit (DCGM GPU util is a percentage → 0..1). */
  scale: number
}

export const RESOURCE_FAMILIES: readonly ResourceFamilySpec[] = [
  {
    kind: 'waiting',
    names: ['vllm:num_requests_waiting', 'sglang:num_queue_reqs', 'tgi_queue_size', 'trtllm_num_requests_waiting'],
    counter: false,
    scale: 1,
  },
  {
    kind: 'running',
    names: ['vllm:num_requests_running', 'sglang:num_running_reqs', 'tgi_batch_current_size', 'trtllm_num_requests_running'],
    counter: false,
    scale: 1,
  },
  {
    kind: 'kv_usage',
    names: ['vllm:kv_cache_usage_perc', 'vllm:gpu_cache_usage_perc', 'sglang:token_usage', 'trtllm_kv_cache_utilization'],
    counter: false,
    scale: 1,
  },
  { kind: 'preemptions', names: ['vllm:num_preemptions_total', 'sglang:num_retracted_reqs'], counter: true, scale: 1 },
  {
    kind: 'prefix_queries',
    names: ['vllm:prefix_cache_queries_total', 'vllm:gpu_prefix_cache_queries_total'],
    counter: true,
    scale: 1,
  },
  {
    kind: 'prefix_hits',
    names: ['vllm:prefix_cache_hits_total', 'vllm:gpu_prefix_cache_hits_total'],
    counter: true,
    scale: 1,
  },
  { kind: 'prefix_hit_rate', names: ['sglang:cache_hit_rate'], counter: false, scale: 1 },
  { kind: 'gpu_util', names: ['DCGM_FI_DEV_GPU_UTIL'], counter: false, scale: 0.01 },
  { kind: 'sm_active', names: ['DCGM_FI_PROF_SM_ACTIVE'], counter: false, scale: 1 },
  { kind: 'dram_active', names: ['DCGM_FI_PROF_DRAM_ACTIVE'], counter: false, scale: 1 },
  { kind: 'haproxy_sessions', names: ['haproxy_frontend_current_sessions'], counter: false, scale: 1 },
  { kind: 'haproxy_limit', names: ['haproxy_frontend_limit_sessions'], counter: false, scale: 1 },
  { kind: 'haproxy_queue', names: ['haproxy_backend_current_queue'], counter: false, scale: 1 },
]

/** Candidate stored names of a family name: as written, and with/without a `_total` suffix. */
export function nameVariants(name: string): string[] {
  const base = name.endsWith('_total') ? name.slice(0, -'_total'.length) : name
  return [...new Set([name, base, `${base}_total`])]
}

/**
 * Resolves which stored metric names serve each family: the first alias (in preference order)
 * that is present. Returns kind → stored name.
 */
export function resolveResourceNames(stored: Iterable<string>): Map<ResourceKind, { name: string; spec: ResourceFamilySpec }> {
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
export const REPLICA_LABELS = ['pod', 'replica', 'k8s_pod_name', 'service_instance_id', 'instance'] as const
export const NODE_LABELS = ['node', 'Hostname', 'k8s_node_name', 'host_name', 'hostname'] as const
