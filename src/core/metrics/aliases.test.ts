import { describe, expect, it } from 'vitest'
import {
  DEFAULT_LABEL_JOIN,
  METRIC_ALIASES,
  METRIC_MEANINGS,
  joinDimensions,
  meaningOfMetric,
  metricNamesFor,
  proxySeriesJoin,
  resolveLabelJoin,
} from './aliases.js'

describe('metric aliases (CONTRACT §2)', () => {
  it('maps every engine name of a meaning', () => {
    expect(metricNamesFor('requests_waiting')).toEqual([
      'vllm:num_requests_waiting',
      'sglang:num_queue_reqs',
      'tgi_queue_size',
      'trtllm_num_requests_waiting',
    ])
    expect(meaningOfMetric('vllm:gpu_cache_usage_perc')).toBe('kv_cache_usage')
    expect(meaningOfMetric('vllm:gpu_prefix_cache_hits_total')).toBe('prefix_cache_hits')
    expect(meaningOfMetric('vllm:time_per_output_token_seconds_bucket')).toBe('itl_seconds')
    expect(meaningOfMetric('gen_ai_server_time_to_first_token_bucket')).toBe(
      'genai_server_ttft_seconds'
    )
    expect(meaningOfMetric('gen_ai.client.operation.duration')).toBe(
      'genai_client_operation_duration_seconds'
    )
    expect(meaningOfMetric('DCGM_FI_PROF_DRAM_ACTIVE')).toBe('gpu_dram_active')
    expect(meaningOfMetric('haproxy_backend_current_queue')).toBe('gateway_backend_queue')
    expect(meaningOfMetric('python_gc_objects_collected_total')).toBeNull()
  })

  it('gives each name one meaning only', () => {
    const seen = new Map<string, string>()
    for (const m of METRIC_MEANINGS) {
      for (const n of METRIC_ALIASES[m].names) {
        expect(seen.get(n), n).toBeUndefined()
        seen.set(n, m)
      }
    }
  })

  it('joins labels onto dimensions, configurable', () => {
    expect(joinDimensions({ pod: 'vllm-0', Hostname: 'gpu-7', model_name: 'llama' })).toEqual({
      replica: 'vllm-0',
      node: 'gpu-7',
      model: 'llama',
    })
    expect(joinDimensions({ instance: '10.0.0.1:8000' })).toEqual({
      replica: null,
      node: null,
      model: null,
    })
    const join = resolveLabelJoin({ replica: ['instance'] })
    expect(join.node).toEqual(DEFAULT_LABEL_JOIN.node)
    expect(joinDimensions({ instance: '10.0.0.1:8000' }, join).replica).toBe('10.0.0.1:8000')
  })
})

describe('proxy and load-balancer aliases', () => {
  it.each([
    ['haproxy_frontend_current_sessions', 'gateway_current_sessions'],
    ['caddy_http_requests_in_flight', 'gateway_current_sessions'],
    ['nginx_connections_active', 'gateway_current_sessions'],
    ['haproxy_server_current_sessions', 'gateway_upstream_sessions'],
    ['haproxy_server_limit_sessions', 'gateway_upstream_limit_sessions'],
    ['haproxy_backend_max_queue', 'gateway_backend_queue_max'],
    ['envoy_cluster_upstream_rq_pending_active', 'gateway_backend_queue'],
    ['envoy_cluster_upstream_cx_active', 'gateway_upstream_sessions'],
    ['envoy_cluster_upstream_cx_overflow', 'gateway_connection_overflows'],
    ['envoy_cluster_upstream_rq_pending_overflow', 'gateway_pending_overflows'],
    ['caddy_reverse_proxy_upstreams_healthy', 'gateway_upstream_healthy'],
    ['caddy_http_response_duration_seconds_bucket', 'gateway_response_ttfb_seconds'],
    ['caddy_http_request_duration_seconds_count', 'gateway_request_duration_seconds'],
    ['haproxy_backend_connect_time_average_seconds', 'gateway_connect_time_avg_seconds'],
    ['haproxy_backend_response_time_average_seconds', 'gateway_response_time_avg_seconds'],
    ['nginx_http_requests_total', 'gateway_requests'],
    ['nginx_connections_accepted', 'gateway_connections_accepted'],
  ] as const)('%s means %s', (name, meaning) => {
    expect(meaningOfMetric(name)).toBe(meaning)
  })

  it('names the upstream and the proxy part of a proxy series', () => {
    expect(
      proxySeriesJoin('haproxy_server_current_sessions', { proxy: 'be', server: 's1' })
    ).toEqual({ upstream: 's1', proxy: 'be' })
    expect(proxySeriesJoin('haproxy_backend_current_queue', { proxy: 'be' })).toEqual({
      upstream: null,
      proxy: 'be',
    })
    expect(
      proxySeriesJoin('caddy_reverse_proxy_upstreams_healthy', { upstream: '10.0.0.7:8000' })
    ).toEqual({ upstream: '10.0.0.7:8000', proxy: null })
    expect(proxySeriesJoin('vllm:num_requests_running', { pod: 'vllm-0' })).toEqual({
      upstream: null,
      proxy: null,
    })
  })
})
