import { describe, expect, it } from 'vitest'
import {
  METRIC_PANELS,
  buildPanelData,
  missingMetricsHint,
  missingPanelLines,
  resolvePanelLines,
} from './metric-panel-defs.js'

const gateway = METRIC_PANELS.find((p) => p.id === 'gateway')
const gpu = METRIC_PANELS.find((p) => p.id === 'gpu')
if (!gateway || !gpu) {
  throw new Error('panels missing')
}
const GRID = [0, 60_000, 120_000]
const series = (values: number[]) => [
  { labels: {}, points: values.map((v, i) => [GRID[i] ?? 0, v] as const) },
]

function gatewayData(sessions: number[], limit: number) {
  const available = new Set([
    'haproxy_frontend_current_sessions',
    'haproxy_frontend_limit_sessions',
    'haproxy_backend_current_queue',
  ])
  const fetched = new Map([
    ['raw:haproxy_frontend_current_sessions', series(sessions)],
    ['raw:haproxy_frontend_limit_sessions', series([limit, limit, limit])],
    ['raw:haproxy_backend_current_queue', series([0, 2, 1])],
  ])
  return buildPanelData(gateway?.lines ?? [], available, fetched, GRID, 60_000)
}

describe('limits in metric panels', () => {
  it('names a limit far above the lines instead of flattening them', () => {
    const data = gatewayData([40, 120, 80], 10_000)
    expect(data.labels).toEqual(['sessions', 'backend queue'])
    expect(data.offScale).toEqual([{ label: 'limit', value: 10_000, peak: 120 }])
  })

  it('draws a limit the sessions come close to', () => {
    const data = gatewayData([400, 900, 700], 1000)
    expect(data.labels).toEqual(['sessions', 'backend queue', 'limit'])
    expect(data.offScale).toEqual([])
    expect(data.values[2]).toEqual([1000, 1000, 1000])
  })
})

describe('missing-metrics hints', () => {
  it('sends GPU metrics to dcgm-exporter, each name once', () => {
    const hint = missingMetricsHint(gpu)
    expect(hint).toContain('dcgm-exporter')
    expect(hint).not.toContain('/metrics')
    expect(hint.match(/DCGM_FI_DEV_GPU_UTIL/g)).toHaveLength(1)
  })

  it("sends gateway metrics to the proxies' exporters", () => {
    const hint = missingMetricsHint(gateway)
    expect(hint).toContain('prometheus-exporter')
    expect(hint).toContain('nginx-prometheus-exporter')
    expect(hint).toContain('haproxy_frontend_current_sessions')
  })
})

describe('gateway panels read every proxy', () => {
  const upstreams = METRIC_PANELS.find((p) => p.id === 'upstreams')

  it("draws Caddy's in-flight requests as sessions when there is no HAProxy", () => {
    const available = new Set(['caddy_http_requests_in_flight'])
    const fetched = new Map([['raw:caddy_http_requests_in_flight', series([1, 5, 2])]])
    const data = buildPanelData(gateway.lines, available, fetched, GRID, 60_000)
    expect(data.labels).toEqual(['sessions'])
    expect(data.values[0]).toEqual([1, 5, 2])
  })

  it("draws one line per HAProxy server, named by the server, not the proxy's pod", () => {
    const available = new Set(['haproxy_server_current_sessions', 'haproxy_server_limit_sessions'])
    const at = (server: string, values: number[]) => ({
      labels: { instance: '127.0.0.1:8405', pod: 'haproxy-0', proxy: 'engines', server },
      points: values.map((v, i) => [GRID[i] ?? 0, v] as const),
    })
    const fetched = new Map([
      ['raw:haproxy_server_current_sessions', [at('vllm-1', [1, 2, 2]), at('vllm-0', [0, 2, 1])]],
      ['raw:haproxy_server_limit_sessions', [at('vllm-0', [2, 2, 2]), at('vllm-1', [2, 2, 2])]],
    ])
    const data = buildPanelData(upstreams?.lines ?? [], available, fetched, GRID, 60_000)
    expect(data.labels).toEqual(['vllm-0', 'vllm-1', 'limit per upstream'])
    expect(data.values[2]).toEqual([2, 2, 2])
  })
})

describe('a panel with some of its series', () => {
  const cache = METRIC_PANELS.find((p) => p.id === 'cache')!

  it('names the series a line lacks, and draws the others', () => {
    const available = new Set(['vllm:num_preemptions_total', 'vllm:num_requests_running'])
    expect(resolvePanelLines(cache, available).map((l) => l.label)).toEqual(['preemptions/s'])
    expect(missingPanelLines(cache, available)).toEqual([
      {
        label: 'prefix hit %',
        missing: ['vllm:prefix_cache_hits_total', 'vllm:prefix_cache_queries_total'],
      },
    ])
  })

  it('counts a ratio without its denominator as missing, not drawn', () => {
    const available = new Set(['vllm:num_preemptions_total', 'vllm:prefix_cache_hits_total'])
    expect(resolvePanelLines(cache, available).map((l) => l.label)).toEqual(['preemptions/s'])
    expect(missingPanelLines(cache, available)).toEqual([
      { label: 'prefix hit %', missing: ['vllm:prefix_cache_queries_total'] },
    ])
  })

  it('names nothing where every series is there, or where the SGLang set draws', () => {
    const vllm = new Set([
      'vllm:num_preemptions_total',
      'vllm:prefix_cache_hits_total',
      'vllm:prefix_cache_queries_total',
    ])
    expect(missingPanelLines(cache, vllm)).toEqual([])
    const sglang = new Set(['sglang:num_retracted_reqs', 'sglang:cache_hit_rate'])
    expect(resolvePanelLines(cache, sglang).map((l) => l.label)).toEqual([
      'retracted',
      'prefix hit %',
    ])
    expect(missingPanelLines(cache, sglang)).toEqual([])
  })
})
