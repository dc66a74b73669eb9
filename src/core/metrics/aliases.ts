/**
 * CONTRACT §2: the metric families diagnosis uses, and every name that means the same thing
 * (vLLM old and new, SGLang, TGI, TensorRT-LLM, DCGM, OpenTelemetry GenAI, and the proxies in
 * front of them: HAProxy, Caddy, nginx through nginx-prometheus-exporter, Envoy). Extend the
 * lists; never remove a name, users' data depends on it. The vLLM names are checked against a
 * real vLLM's `/metrics` (test/fixtures/real-vllm/), SGLang's and TGI's against fixtures
 * written from their source (test/fixtures/engines/, each naming its file and commit), the
 * HAProxy, Caddy and nginx names against the running Debian binaries
 * (test/integration/proxy-*.test.ts), Envoy's against its stats documentation.
 */

/** A canonical meaning diagnosis asks for. */
export const METRIC_MEANINGS = [
  'requests_running',
  'requests_waiting',
  'kv_cache_usage',
  'preemptions',
  'prefix_cache_queries',
  'prefix_cache_hits',
  'prefix_cache_hit_rate',
  'ttft_seconds',
  'itl_seconds',
  'e2e_seconds',
  'queue_time_seconds',
  'prefill_time_seconds',
  'decode_time_seconds',
  'prompt_tokens',
  'generation_tokens',
  'iteration_tokens',
  'tpot_seconds',
  'inference_time_seconds',
  'prompt_tokens_cached',
  'prompt_tokens_by_source',
  'requests_waiting_by_reason',
  'prefill_computed_tokens',
  'external_prefix_cache_queries',
  'external_prefix_cache_hits',
  'estimated_flops',
  'estimated_read_bytes',
  'estimated_write_bytes',
  'engine_sleep_state',
  'requests_finished',
  'requests_failed',
  'gpu_util_percent',
  'gpu_sm_active',
  'gpu_dram_active',
  'gpu_fb_used_mib',
  'gpu_fb_free_mib',
  'gateway_current_sessions',
  'gateway_limit_sessions',
  'gateway_backend_queue',
  'gateway_backend_queue_max',
  'gateway_upstream_sessions',
  'gateway_upstream_limit_sessions',
  'gateway_upstream_healthy',
  'gateway_connection_overflows',
  'gateway_pending_overflows',
  'gateway_connections_accepted',
  'gateway_connections_handled',
  'gateway_requests',
  'gateway_request_duration_seconds',
  'gateway_response_ttfb_seconds',
  'gateway_queue_time_avg_seconds',
  'gateway_connect_time_avg_seconds',
  'gateway_response_time_avg_seconds',
  'gateway_total_time_avg_seconds',
  'genai_server_ttft_seconds',
  'genai_server_tpot_seconds',
  'genai_server_request_duration_seconds',
  'genai_client_operation_duration_seconds',
  'process_start_time_seconds',
] as const

export type MetricMeaning = (typeof METRIC_MEANINGS)[number]

/** How a family is shaped; counters are read with `rate`, histograms with `histogram_quantile`. */
export type AliasShape = 'gauge' | 'counter' | 'histogram'

export interface MetricAliasGroup {
  shape: AliasShape
  /** Names in preference order: the current name first, older and other engines after. */
  names: readonly string[]
  /**
   * The label that splits the family into parts whose sum is the whole (vLLM's `reason`,
   * `source`, `finished_reason`, `sleep_state`), when the first name has one.
   */
  splitLabel?: string
}

/** OpenTelemetry names arrive as dots (OTLP, Prometheus 3 UTF-8), underscores, or with a unit suffix. */
function otelNames(dotted: string): string[] {
  const underscored = dotted.replaceAll('.', '_')
  return [underscored, `${underscored}_seconds`, dotted]
}

/** The alias table of CONTRACT §2 (histogram names are family names, without `_bucket`). */
export const METRIC_ALIASES: Readonly<Record<MetricMeaning, MetricAliasGroup>> = {
  requests_running: {
    shape: 'gauge',
    names: [
      'vllm:num_requests_running',
      'sglang:num_running_reqs',
      'tgi_batch_current_size',
      'trtllm_num_requests_running',
    ],
  },
  requests_waiting: {
    shape: 'gauge',
    names: [
      'vllm:num_requests_waiting',
      'sglang:num_queue_reqs',
      'tgi_queue_size',
      'trtllm_num_requests_waiting',
    ],
  },
  kv_cache_usage: {
    shape: 'gauge',
    names: [
      'vllm:kv_cache_usage_perc',
      'vllm:gpu_cache_usage_perc',
      'sglang:token_usage',
      'trtllm_kv_cache_utilization',
    ],
  },
  preemptions: {
    shape: 'counter',
    // SGLang's counter first; its older `num_retracted_reqs` is a gauge of the last interval.
    names: [
      'vllm:num_preemptions_total',
      'sglang:num_retracted_requests_total',
      'sglang:num_retracted_reqs',
    ],
  },
  prefix_cache_queries: {
    shape: 'counter',
    names: ['vllm:prefix_cache_queries_total', 'vllm:gpu_prefix_cache_queries_total'],
  },
  prefix_cache_hits: {
    shape: 'counter',
    names: ['vllm:prefix_cache_hits_total', 'vllm:gpu_prefix_cache_hits_total'],
  },
  prefix_cache_hit_rate: {
    shape: 'gauge',
    names: ['sglang:cache_hit_rate', 'vllm:gpu_prefix_cache_hit_rate'],
  },
  ttft_seconds: {
    shape: 'histogram',
    names: ['vllm:time_to_first_token_seconds', 'sglang:time_to_first_token_seconds'],
  },
  itl_seconds: {
    shape: 'histogram',
    names: [
      'vllm:inter_token_latency_seconds',
      'vllm:time_per_output_token_seconds',
      'sglang:inter_token_latency_seconds',
      'sglang:time_per_output_token_seconds',
    ],
  },
  e2e_seconds: {
    shape: 'histogram',
    names: [
      'vllm:e2e_request_latency_seconds',
      'sglang:e2e_request_latency_seconds',
      'tgi_request_duration',
    ],
  },
  queue_time_seconds: {
    shape: 'histogram',
    names: [
      'vllm:request_queue_time_seconds',
      'sglang:queue_time_seconds',
      'tgi_request_queue_duration',
    ],
  },
  prefill_time_seconds: {
    shape: 'histogram',
    names: ['vllm:request_prefill_time_seconds', 'sglang:prefill_time_seconds'],
  },
  decode_time_seconds: {
    shape: 'histogram',
    names: ['vllm:request_decode_time_seconds', 'sglang:decode_time_seconds'],
  },
  prompt_tokens: {
    shape: 'counter',
    names: ['vllm:prompt_tokens_total', 'sglang:prompt_tokens_total'],
  },
  generation_tokens: {
    shape: 'counter',
    names: ['vllm:generation_tokens_total', 'sglang:generation_tokens_total'],
  },
  iteration_tokens: { shape: 'histogram', names: ['vllm:iteration_tokens_total'] },
  /** Per request: (e2e − TTFT) / (output tokens − 1); `itl_seconds` is per token. */
  tpot_seconds: {
    shape: 'histogram',
    names: [
      'vllm:request_time_per_output_token_seconds',
      'tgi_request_mean_time_per_token_duration',
    ],
  },
  /** Time in the running phase (prefill + decode), queue excluded. */
  inference_time_seconds: {
    shape: 'histogram',
    names: ['vllm:request_inference_time_seconds', 'tgi_request_inference_duration'],
  },
  /** Prompt tokens served from a prefix cache (local and external). */
  prompt_tokens_cached: {
    shape: 'counter',
    names: ['vllm:prompt_tokens_cached_total', 'sglang:cached_tokens_total'],
  },
  /** `source` = local_compute | local_cache_hit | external_kv_transfer. */
  prompt_tokens_by_source: {
    shape: 'counter',
    names: ['vllm:prompt_tokens_by_source_total'],
    splitLabel: 'source',
  },
  /** `reason` = capacity (no room to schedule) | deferred (LoRA budget, KV transfer, blocked). */
  requests_waiting_by_reason: {
    shape: 'gauge',
    names: ['vllm:num_requests_waiting_by_reason'],
    splitLabel: 'reason',
  },
  /** Prompt tokens a request's prefill computed (cached ones excluded). */
  prefill_computed_tokens: {
    shape: 'histogram',
    names: ['vllm:request_prefill_kv_computed_tokens'],
  },
  /** KV-connector (cross-instance) prefix cache, in tokens. */
  external_prefix_cache_queries: {
    shape: 'counter',
    names: ['vllm:external_prefix_cache_queries_total'],
  },
  external_prefix_cache_hits: {
    shape: 'counter',
    names: ['vllm:external_prefix_cache_hits_total'],
  },
  /** vLLM's own model-FLOPs-utilisation estimates, per GPU (zero on CPU builds). */
  estimated_flops: { shape: 'counter', names: ['vllm:estimated_flops_per_gpu_total'] },
  estimated_read_bytes: { shape: 'counter', names: ['vllm:estimated_read_bytes_per_gpu_total'] },
  estimated_write_bytes: {
    shape: 'counter',
    names: ['vllm:estimated_write_bytes_per_gpu_total'],
  },
  /** 1 on the current state: awake | weights_offloaded (sleep level 1) | discard_all (level 2). */
  engine_sleep_state: {
    shape: 'gauge',
    names: ['vllm:engine_sleep_state'],
    splitLabel: 'sleep_state',
  },
  /** Finished requests; vLLM splits by `finished_reason` (stop, length, abort, error, …). */
  requests_finished: {
    shape: 'counter',
    names: ['vllm:request_success_total', 'sglang:num_requests_total', 'tgi_request_success'],
    splitLabel: 'finished_reason',
  },
  /** Requests that failed or were aborted (TGI splits by `err`). */
  requests_failed: {
    shape: 'counter',
    names: ['tgi_request_failure', 'sglang:num_aborted_requests_total'],
  },
  gpu_util_percent: { shape: 'gauge', names: ['DCGM_FI_DEV_GPU_UTIL'] },
  gpu_sm_active: { shape: 'gauge', names: ['DCGM_FI_PROF_SM_ACTIVE'] },
  gpu_dram_active: { shape: 'gauge', names: ['DCGM_FI_PROF_DRAM_ACTIVE'] },
  gpu_fb_used_mib: { shape: 'gauge', names: ['DCGM_FI_DEV_FB_USED'] },
  gpu_fb_free_mib: { shape: 'gauge', names: ['DCGM_FI_DEV_FB_FREE'] },
  /**
   * Connections or requests the gateway holds now, on its client side. Read against
   * `gateway_limit_sessions` only when the limit is HAProxy's, the first name of both.
   */
  gateway_current_sessions: {
    shape: 'gauge',
    names: [
      'haproxy_frontend_current_sessions',
      'caddy_http_requests_in_flight',
      'nginx_connections_active',
      'envoy_http_downstream_cx_active',
    ],
  },
  /** The frontend's `maxconn`: past it, new connections wait in the kernel's accept queue. */
  gateway_limit_sessions: { shape: 'gauge', names: ['haproxy_frontend_limit_sessions'] },
  /** Requests waiting for an upstream connection slot (HAProxy queue, Envoy pending). */
  gateway_backend_queue: {
    shape: 'gauge',
    names: ['haproxy_backend_current_queue', 'envoy_cluster_upstream_rq_pending_active'],
  },
  /** The longest backend queue since the proxy started (HAProxy keeps it, never resets it). */
  gateway_backend_queue_max: { shape: 'gauge', names: ['haproxy_backend_max_queue'] },
  /** Connections to one upstream (HAProxy per `server`; Envoy per cluster). */
  gateway_upstream_sessions: {
    shape: 'gauge',
    names: ['haproxy_server_current_sessions', 'envoy_cluster_upstream_cx_active'],
  },
  /** A server's `maxconn`: past it, requests queue (`gateway_backend_queue`, HAProxy `Tw`). */
  gateway_upstream_limit_sessions: { shape: 'gauge', names: ['haproxy_server_limit_sessions'] },
  /** 1 per healthy upstream (Caddy, label `upstream`), or healthy members per cluster (Envoy). */
  gateway_upstream_healthy: {
    shape: 'gauge',
    names: ['caddy_reverse_proxy_upstreams_healthy', 'envoy_cluster_membership_healthy'],
  },
  /** Connections refused by a circuit breaker's connection limit (Envoy). */
  gateway_connection_overflows: { shape: 'counter', names: ['envoy_cluster_upstream_cx_overflow'] },
  /** Requests refused because the pending queue was full (Envoy). */
  gateway_pending_overflows: {
    shape: 'counter',
    names: ['envoy_cluster_upstream_rq_pending_overflow'],
  },
  /**
   * nginx: accepted minus handled is the connections dropped at `worker_connections`, nginx's
   * connection limit.
   */
  gateway_connections_accepted: { shape: 'counter', names: ['nginx_connections_accepted'] },
  gateway_connections_handled: { shape: 'counter', names: ['nginx_connections_handled'] },
  /** Requests the gateway received (every route: health checks and scrapes included). */
  gateway_requests: {
    shape: 'counter',
    names: [
      'haproxy_frontend_http_requests_total',
      'caddy_http_requests_total',
      'nginx_http_requests_total',
      'envoy_http_downstream_rq_total',
    ],
  },
  /** Whole request as the gateway saw it; for a stream, to its last byte. */
  gateway_request_duration_seconds: {
    shape: 'histogram',
    names: ['caddy_http_request_duration_seconds'],
  },
  /** Request start to the response's first byte (headers), as the gateway saw it. */
  gateway_response_ttfb_seconds: {
    shape: 'histogram',
    names: ['caddy_http_response_duration_seconds'],
  },
  /** HAProxy's averages are over the backend's last 1024 requests, not over time. */
  gateway_queue_time_avg_seconds: {
    shape: 'gauge',
    names: ['haproxy_backend_queue_time_average_seconds'],
  },
  gateway_connect_time_avg_seconds: {
    shape: 'gauge',
    names: ['haproxy_backend_connect_time_average_seconds'],
  },
  gateway_response_time_avg_seconds: {
    shape: 'gauge',
    names: ['haproxy_backend_response_time_average_seconds'],
  },
  gateway_total_time_avg_seconds: {
    shape: 'gauge',
    names: ['haproxy_backend_total_time_average_seconds'],
  },
  genai_server_ttft_seconds: {
    shape: 'histogram',
    names: otelNames('gen_ai.server.time_to_first_token'),
  },
  genai_server_tpot_seconds: {
    shape: 'histogram',
    names: otelNames('gen_ai.server.time_per_output_token'),
  },
  genai_server_request_duration_seconds: {
    shape: 'histogram',
    names: otelNames('gen_ai.server.request.duration'),
  },
  genai_client_operation_duration_seconds: {
    shape: 'histogram',
    names: otelNames('gen_ai.client.operation.duration'),
  },
  /**
   * When the scraped process started (Unix seconds), from every Prometheus client library: an
   * engine's says when its replica (re)started even when no event was recorded.
   */
  process_start_time_seconds: { shape: 'gauge', names: ['process_start_time_seconds'] },
}

/** Every metric name that means `meaning`, preferred first. */
export function metricNamesFor(meaning: MetricMeaning): readonly string[] {
  return METRIC_ALIASES[meaning].names
}

let byName: Map<string, MetricMeaning> | null = null

/**
 * The meaning of a stored metric name, or `null`. Histogram series names (`_bucket`, `_sum`,
 * `_count`) resolve to their family's meaning.
 */
export function meaningOfMetric(name: string): MetricMeaning | null {
  if (byName === null) {
    byName = new Map()
    for (const m of METRIC_MEANINGS) {
      for (const n of METRIC_ALIASES[m].names) {
        byName.set(n, m)
      }
    }
  }
  const direct = byName.get(name)
  if (direct) {
    return direct
  }
  const base = /^(.*)_(bucket|sum|count)$/.exec(name)?.[1]
  return base !== undefined ? (byName.get(base) ?? null) : null
}

/** Request dimensions a metric series can be joined on. */
export type JoinDimension = 'replica' | 'node' | 'model'

/** Dimension → label names that carry it, first present wins. */
export type LabelJoin = Readonly<Record<JoinDimension, readonly string[]>>

/**
 * CONTRACT §2 default: `pod` ↔ replica, `node` or `Hostname` (DCGM) ↔ node, `model_name` ↔
 * model. `instance` is kept as a label but joins nothing by default (it is host:port, not a pod).
 * `replica` is what a named scrape target (`--scrape vllm-0=URL`) adds to its samples.
 */
export const DEFAULT_LABEL_JOIN: LabelJoin = {
  replica: ['pod', 'k8s_pod_name', 'replica'],
  node: ['node', 'Hostname', 'k8s_node_name'],
  model: ['model_name', 'model'],
}

/** The default mapping with some dimensions replaced (config key `metrics.labelJoin`). */
export function resolveLabelJoin(
  overrides?: Partial<Record<JoinDimension, readonly string[]>>
): LabelJoin {
  return { ...DEFAULT_LABEL_JOIN, ...overrides }
}

/** The request dimensions a series' labels name (missing ones are `null`). */
export function joinDimensions(
  labels: Readonly<Record<string, string>>,
  join: LabelJoin = DEFAULT_LABEL_JOIN
): Record<JoinDimension, string | null> {
  const pick = (names: readonly string[]): string | null => {
    for (const n of names) {
      const v = labels[n]
      if (v !== undefined && v !== '') {
        return v
      }
    }
    return null
  }
  return { replica: pick(join.replica), node: pick(join.node), model: pick(join.model) }
}

/**
 * The model(s) each replica serves, read from its metric series: an engine's `/metrics` names
 * its model (`model_name`) and a named scrape target its replica. This is how a request whose
 * spans carry no model can get one from the metrics of the same replica.
 *
 * @example
 * modelsByReplica([{ labels: { replica: 'vllm-0', model_name: 'tiny-llama' } }])
 * // Map { 'vllm-0' => ['tiny-llama'] }
 */
export function modelsByReplica(
  series: Iterable<{ labels: Readonly<Record<string, string>> }>,
  join: LabelJoin = DEFAULT_LABEL_JOIN
): Map<string, string[]> {
  const sets = new Map<string, Set<string>>()
  for (const s of series) {
    const { replica, model } = joinDimensions(s.labels, join)
    if (replica === null || model === null) {
      continue
    }
    const set = sets.get(replica) ?? new Set<string>()
    set.add(model)
    sets.set(replica, set)
  }
  return new Map([...sets].map(([replica, models]) => [replica, [...models].sort()]))
}

/** What a proxy's series is about: the upstream (replica) and the proxy part it belongs to. */
export interface ProxySeriesJoin {
  /** The upstream as the proxy names it: HAProxy `server`, Caddy `upstream` (host:port). */
  upstream: string | null
  /** HAProxy `proxy` (frontend or backend), Envoy `envoy_cluster_name`, Caddy `server`. */
  proxy: string | null
}

/**
 * Labels that name a proxy's upstream, by metric name prefix. They name the same thing as an
 * access log's upstream (HAProxy's server name, Caddy's dial address), which becomes the
 * `replica` of a request read from the log (docs/proxies.md), so metrics and logs meet.
 */
const PROXY_LABELS: readonly { prefix: string; upstream?: string; proxy?: string }[] = [
  { prefix: 'haproxy_server_', upstream: 'server', proxy: 'proxy' },
  { prefix: 'haproxy_', proxy: 'proxy' },
  { prefix: 'caddy_reverse_proxy_', upstream: 'upstream' },
  { prefix: 'caddy_http_', proxy: 'server' },
  { prefix: 'envoy_cluster_', proxy: 'envoy_cluster_name' },
]

/**
 * The upstream and proxy part a proxy metric series names (both `null` for other series).
 *
 * @example
 * proxySeriesJoin('haproxy_server_current_sessions', { proxy: 'be', server: 'vllm-0' })
 * // { upstream: 'vllm-0', proxy: 'be' }
 */
export function proxySeriesJoin(
  name: string,
  labels: Readonly<Record<string, string>>
): ProxySeriesJoin {
  for (const p of PROXY_LABELS) {
    if (name.startsWith(p.prefix)) {
      const upstream = p.upstream === undefined ? undefined : labels[p.upstream]
      const proxy = p.proxy === undefined ? undefined : labels[p.proxy]
      return {
        upstream: upstream === undefined || upstream === '' ? null : upstream,
        proxy: proxy === undefined || proxy === '' ? null : proxy,
      }
    }
  }
  return { upstream: null, proxy: null }
}
