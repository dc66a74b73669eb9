import { describe, expect, it } from 'vitest'
import {
  DEFAULT_LABEL_JOIN,
  METRIC_ALIASES,
  METRIC_MEANINGS,
  joinDimensions,
  meaningOfMetric,
  metricNamesFor,
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
