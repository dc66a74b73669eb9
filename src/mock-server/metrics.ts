/**
 * vLLM-shaped Prometheus metrics for the mock server (text format 0.0.4), with the bucket
 * bounds vLLM's V1 engine uses, so anything that scrapes a real vLLM can scrape this.
 */
import type { EngineStats } from './engine.js'

export const TTFT_BUCKETS_S = [
  0.001, 0.005, 0.01, 0.02, 0.04, 0.06, 0.08, 0.1, 0.25, 0.5, 0.75, 1.0, 2.5, 5.0, 7.5, 10.0, 20.0,
  40.0, 80.0, 160.0, 640.0, 2560.0,
]
export const ITL_BUCKETS_S = [
  0.01, 0.025, 0.05, 0.075, 0.1, 0.15, 0.2, 0.3, 0.4, 0.5, 0.75, 1.0, 2.5, 5.0, 7.5, 10.0, 20.0,
  40.0, 80.0,
]
export const REQUEST_LATENCY_BUCKETS_S = [
  0.3, 0.5, 0.8, 1.0, 1.5, 2.0, 2.5, 5.0, 10.0, 15.0, 20.0, 30.0, 40.0, 50.0, 60.0, 120.0, 240.0,
  480.0, 960.0, 1920.0, 7680.0,
]

class Histogram {
  readonly counts: number[]
  sum = 0
  count = 0
  constructor(readonly bounds: number[]) {
    this.counts = bounds.map(() => 0)
  }
  observe(v: number): void {
    this.sum += v
    this.count++
    for (let i = 0; i < this.bounds.length; i++) {
      if (v <= (this.bounds[i] as number)) {
        this.counts[i] = (this.counts[i] as number) + 1
      }
    }
  }
}

const HISTOGRAMS = {
  'vllm:time_to_first_token_seconds': [
    'Histogram of time to first token in seconds.',
    TTFT_BUCKETS_S,
  ],
  'vllm:inter_token_latency_seconds': [
    'Histogram of inter-token latency in seconds.',
    ITL_BUCKETS_S,
  ],
  'vllm:e2e_request_latency_seconds': [
    'Histogram of e2e request latency in seconds.',
    REQUEST_LATENCY_BUCKETS_S,
  ],
  'vllm:request_queue_time_seconds': [
    'Histogram of time spent in WAITING phase for request.',
    REQUEST_LATENCY_BUCKETS_S,
  ],
  'vllm:request_prefill_time_seconds': [
    'Histogram of time spent in PREFILL phase for request.',
    REQUEST_LATENCY_BUCKETS_S,
  ],
  'vllm:request_decode_time_seconds': [
    'Histogram of time spent in DECODE phase for request.',
    REQUEST_LATENCY_BUCKETS_S,
  ],
} as const

export type HistogramName = keyof typeof HISTOGRAMS

export interface MockMetrics {
  observe(name: HistogramName, seconds: number): void
  addTokens(prompt: number, generation: number): void
  requestFinished(reason: 'stop' | 'length' | 'abort'): void
  render(gauges: EngineStats): string
}

/** vLLM's default `--block-size` on a GPU. */
export const MOCK_KV_BLOCK_SIZE = 16

/**
 * `kvCapacityTokens`: the engine's KV cache, exported as a real vLLM does, in
 * `vllm:cache_config_info` (`num_gpu_blocks` × `block_size`); anything that sizes a replica's
 * cache from a real engine's metrics can size the mock's the same way.
 */
export function createMockMetrics(modelName: string, kvCapacityTokens?: number): MockMetrics {
  const hist = new Map<HistogramName, Histogram>()
  for (const [name, [, bounds]] of Object.entries(HISTOGRAMS)) {
    hist.set(name as HistogramName, new Histogram([...bounds]))
  }
  let promptTokens = 0
  let generationTokens = 0
  const success = new Map<string, number>()
  const labels = `engine="0",model_name="${modelName.replace(/["\\]/g, '_')}"`
  return {
    observe(name, seconds) {
      hist.get(name)?.observe(seconds)
    },
    addTokens(prompt, generation) {
      promptTokens += prompt
      generationTokens += generation
    },
    requestFinished(reason) {
      success.set(reason, (success.get(reason) ?? 0) + 1)
    },
    render(g) {
      const out: string[] = []
      const gauge = (name: string, help: string, v: number): void => {
        out.push(`# HELP ${name} ${help}`, `# TYPE ${name} gauge`, `${name}{${labels}} ${v}`)
      }
      const counter = (name: string, help: string, v: number): void => {
        out.push(`# HELP ${name} ${help}`, `# TYPE ${name} counter`, `${name}{${labels}} ${v}`)
      }
      gauge(
        'vllm:num_requests_running',
        'Number of requests in model execution batches.',
        g.running
      )
      gauge('vllm:num_requests_waiting', 'Number of requests waiting to be processed.', g.waiting)
      gauge('vllm:kv_cache_usage_perc', 'KV-cache usage. 1 means 100 percent usage.', g.kvUsage)
      counter(
        'vllm:num_preemptions_total',
        'Cumulative number of preemption from the engine.',
        g.preemptions
      )
      counter('vllm:prompt_tokens_total', 'Number of prefill tokens processed.', promptTokens)
      counter(
        'vllm:generation_tokens_total',
        'Number of generation tokens processed.',
        generationTokens
      )
      // Not vLLM's: the mock's own account of its step timers, so a bench can tell a host that
      // delayed the engine from an engine that is slow (docs/mock-server.md).
      counter('mock:engine_steps_total', 'Engine steps run.', g.steps.count)
      counter(
        'mock:engine_step_planned_seconds_total',
        'Step time the engine model gave its steps.',
        g.steps.plannedMs / 1000
      )
      counter(
        'mock:engine_step_seconds_total',
        'Step time the steps took: planned plus the timer firing late.',
        g.steps.takenMs / 1000
      )
      if (kvCapacityTokens !== undefined) {
        // The label set of a real vLLM's CacheConfig gauge (one per engine, no model_name).
        const cacheLabels = [
          `block_size="${MOCK_KV_BLOCK_SIZE}"`,
          'cache_dtype="auto"',
          'enable_prefix_caching="False"',
          'engine="0"',
          'gpu_memory_utilization="0.9"',
          'num_cpu_blocks="None"',
          `num_gpu_blocks="${Math.floor(kvCapacityTokens / MOCK_KV_BLOCK_SIZE)}"`,
          'num_gpu_blocks_override="None"',
          'sliding_window="None"',
        ].join(',')
        out.push(
          '# HELP vllm:cache_config_info Information of the LLMEngine CacheConfig',
          '# TYPE vllm:cache_config_info gauge',
          `vllm:cache_config_info{${cacheLabels}} 1.0`
        )
      }
      out.push('# HELP vllm:request_success_total Count of successfully processed requests.')
      out.push('# TYPE vllm:request_success_total counter')
      for (const [reason, n] of success) {
        out.push(`vllm:request_success_total{${labels},finished_reason="${reason}"} ${n}`)
      }
      for (const [name, [help]] of Object.entries(HISTOGRAMS)) {
        const h = hist.get(name as HistogramName) as Histogram
        out.push(`# HELP ${name} ${help}`, `# TYPE ${name} histogram`)
        h.bounds.forEach((b, i) => {
          out.push(
            `${name}_bucket{${labels},le="${Number.isInteger(b) ? b.toFixed(1) : String(b)}"} ${h.counts[i]}`
          )
        })
        out.push(`${name}_bucket{${labels},le="+Inf"} ${h.count}`)
        out.push(`${name}_count{${labels}} ${h.count}`, `${name}_sum{${labels}} ${h.sum}`)
      }
      return out.join('\n') + '\n'
    },
  }
}
