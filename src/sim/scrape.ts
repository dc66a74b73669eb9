import type { MetricFamilyMeta, MetricSample } from '../core/model/metric.js'
import type { Micros } from '../core/model/units.js'
import type { Histogram } from './histogram.js'
import type { Replica } from './replica.js'
import type { Simulation } from './simulation.js'

/** Families the simulator exposes, with vLLM / DCGM / HAProxy help texts. */
export const SIM_METRIC_FAMILIES: MetricFamilyMeta[] = [
  g('vllm:num_requests_running', 'Number of requests in model execution batches.'),
  g('vllm:num_requests_waiting', 'Number of requests waiting to be processed.'),
  g('vllm:kv_cache_usage_perc', 'KV-cache usage. 1 means 100 percent usage.'),
  c('vllm:num_preemptions_total', 'Cumulative number of preemption from the engine.'),
  c(
    'vllm:prefix_cache_queries_total',
    'Prefix cache queries, in terms of number of queried tokens.'
  ),
  c('vllm:prefix_cache_hits_total', 'Prefix cache hits, in terms of number of cached tokens.'),
  c('vllm:prompt_tokens_total', 'Number of prefill tokens processed.'),
  c('vllm:generation_tokens_total', 'Number of generation tokens processed.'),
  c('vllm:request_success_total', 'Count of successfully processed requests.'),
  h('vllm:iteration_tokens_total', 'Histogram of number of tokens per engine_step.'),
  h('vllm:time_to_first_token_seconds', 'Histogram of time to first token in seconds.'),
  h('vllm:inter_token_latency_seconds', 'Histogram of inter-token latency in seconds.'),
  h('vllm:e2e_request_latency_seconds', 'Histogram of e2e request latency in seconds.'),
  h('vllm:request_queue_time_seconds', 'Histogram of time spent in WAITING phase for request.'),
  h('vllm:request_inference_time_seconds', 'Histogram of time spent in RUNNING phase for request.'),
  h('vllm:request_prefill_time_seconds', 'Histogram of time spent in PREFILL phase for request.'),
  h('vllm:request_decode_time_seconds', 'Histogram of time spent in DECODE phase for request.'),
  g('DCGM_FI_DEV_GPU_UTIL', 'GPU utilization (in %).'),
  g('DCGM_FI_PROF_SM_ACTIVE', 'The ratio of cycles an SM has at least 1 warp assigned.'),
  g('DCGM_FI_PROF_DRAM_ACTIVE', 'Ratio of cycles the device memory interface is active.'),
  g('DCGM_FI_DEV_SM_CLOCK', 'SM clock frequency (in MHz).'),
  g('DCGM_FI_DEV_FB_USED', 'Framebuffer memory used (in MiB).'),
  g('DCGM_FI_DEV_FB_FREE', 'Framebuffer memory free (in MiB).'),
  g('haproxy_frontend_current_sessions', 'Number of current sessions on the frontend.'),
  g('haproxy_frontend_limit_sessions', 'Maximum number of sessions allowed on the frontend.'),
  g('haproxy_backend_current_queue', 'Number of requests waiting in the backend queue.'),
]

function g(name: string, help: string): MetricFamilyMeta {
  return { name, type: 'gauge', help, unit: null }
}
function c(name: string, help: string): MetricFamilyMeta {
  return { name, type: 'counter', help, unit: null }
}
function h(name: string, help: string): MetricFamilyMeta {
  return { name, type: 'histogram', help, unit: null }
}

const FB_TOTAL_MIB = 81_559
const SM_CLOCK_MHZ = 1980

interface Prev {
  busyUs: number
  computeUs: number
  memoryUs: number
  atUs: number
}

/**
 * Reads the simulation's state as every scrape target would expose it at one instant:
 * one vLLM `/metrics` per live replica, one DCGM exporter per GPU node, one HAProxy.
 * Counters are cumulative (monotonic); GPU activity gauges average over the scrape interval.
 */
export class Scraper {
  private readonly prev = new Map<Replica, Prev>()

  constructor(
    private readonly sim: Simulation,
    private readonly epochUs: number
  ) {}

  scrape(tUs: number): MetricSample[] {
    const sim = this.sim
    const cfg = sim.config
    const out: MetricSample[] = []
    const timeUs = (this.epochUs + tUs) as Micros
    const push = (name: string, labels: Record<string, string>, value: number): void => {
      out.push({ name, labels, timeUs, value })
    }
    const model = sim.model.name
    for (const r of sim.replicas) {
      if (!r.alive) {
        continue
      }
      const id = r.id
      const base = {
        job: 'vllm',
        instance: id.instance,
        namespace: cfg.cluster.namespace,
        pod: id.pod,
        node: id.node,
        engine: '0',
        model_name: model,
      }
      const st = r.stats
      push('vllm:num_requests_running', base, r.numRunning)
      push('vllm:num_requests_waiting', base, r.numWaiting)
      push('vllm:kv_cache_usage_perc', base, round(r.kvUsage, 6))
      push('vllm:num_preemptions_total', base, st.preemptions)
      push('vllm:prefix_cache_queries_total', base, st.prefixQueries)
      push('vllm:prefix_cache_hits_total', base, st.prefixHits)
      push('vllm:prompt_tokens_total', base, st.promptTokens)
      push('vllm:generation_tokens_total', base, st.generationTokens)
      push('vllm:request_success_total', { ...base, finished_reason: 'stop' }, st.success)
      histogram(push, 'vllm:iteration_tokens_total', base, st.iterationTokens)
      histogram(push, 'vllm:time_to_first_token_seconds', base, st.ttft)
      histogram(push, 'vllm:inter_token_latency_seconds', base, st.itl)
      histogram(push, 'vllm:e2e_request_latency_seconds', base, st.e2e)
      histogram(push, 'vllm:request_queue_time_seconds', base, st.queue)
      histogram(push, 'vllm:request_inference_time_seconds', base, st.inference)
      histogram(push, 'vllm:request_prefill_time_seconds', base, st.prefill)
      histogram(push, 'vllm:request_decode_time_seconds', base, st.decode)

      const p = this.prev.get(r) ?? {
        busyUs: 0,
        computeUs: 0,
        memoryUs: 0,
        atUs: Math.max(0, tUs - cfg.scrapeIntervalMs * 1000),
      }
      const span = Math.max(1, tUs - p.atUs)
      const busy = Math.min(1, (st.busyUs - p.busyUs) / span)
      const computeShare =
        st.busyUs > p.busyUs ? (st.computeUs - p.computeUs) / (st.busyUs - p.busyUs) : 0
      const memoryShare =
        st.busyUs > p.busyUs ? (st.memoryUs - p.memoryUs) / (st.busyUs - p.busyUs) : 0
      this.prev.set(r, {
        busyUs: st.busyUs,
        computeUs: st.computeUs,
        memoryUs: st.memoryUs,
        atUs: tUs,
      })
      const slow = sim.params.nodeSlowFactor[id.nodeIndex] ?? 1
      const fbUsed = Math.round(FB_TOTAL_MIB * cfg.engine.gpuMemoryUtilization + 512)
      for (const gpu of id.gpuIndexes) {
        const labels = {
          job: 'dcgm-exporter',
          instance: `${id.node}:9400`,
          gpu: String(gpu),
          UUID: gpuUuid(id.node, gpu),
          device: `nvidia${gpu}`,
          modelName: cfg.cluster.gpu.name,
          Hostname: id.node,
          node: id.node,
          namespace: cfg.cluster.namespace,
          pod: id.pod,
          container: 'vllm',
        }
        push('DCGM_FI_DEV_GPU_UTIL', labels, Math.round(busy * 100))
        push(
          'DCGM_FI_PROF_SM_ACTIVE',
          labels,
          round(busy * Math.min(1, 0.25 + 0.7 * computeShare), 4)
        )
        push(
          'DCGM_FI_PROF_DRAM_ACTIVE',
          labels,
          round(busy * Math.min(1, 0.1 + 0.85 * memoryShare), 4)
        )
        push('DCGM_FI_DEV_SM_CLOCK', labels, Math.round(SM_CLOCK_MHZ / slow))
        push('DCGM_FI_DEV_FB_USED', labels, fbUsed)
        push('DCGM_FI_DEV_FB_FREE', labels, FB_TOTAL_MIB - fbUsed)
      }
    }
    const lb = { job: 'haproxy', instance: sim.names.lbInstance }
    push('haproxy_frontend_current_sessions', { ...lb, proxy: 'fe_llm_api' }, sim.sessions)
    push(
      'haproxy_frontend_limit_sessions',
      { ...lb, proxy: 'fe_llm_api' },
      cfg.gateway.connectionLimit
    )
    push('haproxy_backend_current_queue', { ...lb, proxy: 'be_llm_gateway' }, sim.gatewayQueued())
    return out
  }
}

function histogram(
  push: (name: string, labels: Record<string, string>, value: number) => void,
  name: string,
  base: Record<string, string>,
  hist: Histogram
): void {
  let cum = 0
  for (let k = 0; k < hist.bounds.length; k++) {
    cum += hist.counts[k]!
    push(`${name}_bucket`, { ...base, le: formatLe(hist.bounds[k]!) }, cum)
  }
  push(`${name}_bucket`, { ...base, le: '+Inf' }, hist.count)
  push(`${name}_sum`, base, round(hist.sum, 6))
  push(`${name}_count`, base, hist.count)
}

/** Prometheus' Python client writes bounds as floats ("1.0", "0.005"). */
function formatLe(v: number): string {
  return Number.isInteger(v) ? v.toFixed(1) : String(v)
}

function round(v: number, digits: number): number {
  const f = 10 ** digits
  return Math.round(v * f) / f
}

function gpuUuid(node: string, gpu: number): string {
  let h = 0x811c9dc5
  const key = `${node}/${gpu}`
  for (let k = 0; k < key.length; k++) {
    h = Math.imul(h ^ key.charCodeAt(k), 0x01000193) >>> 0
  }
  const hex = (h >>> 0).toString(16).padStart(8, '0')
  return `GPU-${hex}-${hex.slice(0, 4)}-${hex.slice(4)}-${hex.slice(2, 6)}-${hex}${hex.slice(0, 4)}`
}
