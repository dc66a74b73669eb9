import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { asMicros } from '../model/units.js'
import type { MetricSample } from '../model/metric.js'
import { createPromLineParser, parsePrometheusText } from './parse.js'

const FIXTURES = resolve(import.meta.dirname, '../../../test/fixtures/metrics')
const SHARED_SAMPLES = resolve(import.meta.dirname, '../../../../shared/samples')
const T0 = asMicros(1_700_000_000_000_000)

function read(name: string): string {
  return readFileSync(join(FIXTURES, name), 'utf8')
}

function find(samples: MetricSample[], name: string, labels: Record<string, string> = {}) {
  return samples.filter(
    (s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v)
  )
}

describe('parsePrometheusText on the vLLM Datadog fixture', () => {
  const r = parsePrometheusText(read('vllm-metrics-datadog-fixture.prom'), { defaultTimeUs: T0 })

  it('reads every sample line and rejects none', () => {
    expect(r.rejected).toEqual([])
    expect(r.samples).toHaveLength(185)
    expect(r.flavour).toBe('prometheus')
  })

  it('reads names with colons, exponent values and the default time', () => {
    const [vm] = find(r.samples, 'process_virtual_memory_bytes')
    expect(vm?.value).toBe(6.634254336e9)
    expect(vm?.timeUs).toBe(T0)
    const [gpu] = find(r.samples, 'vllm:gpu_cache_usage_perc', { model_name: 'facebook/opt-125m' })
    expect(gpu?.value).toBe(0)
    const [hits] = find(r.samples, 'vllm:prefix_cache_hits_total')
    expect(hits?.value).toBe(64)
    const [info] = find(r.samples, 'python_info')
    expect(info?.labels).toEqual({
      implementation: 'CPython',
      major: '3',
      minor: '10',
      patchlevel: '12',
      version: '3.10.12',
    })
  })

  it('keeps histogram buckets with their le labels as written', () => {
    const buckets = find(r.samples, 'vllm:time_to_first_token_seconds_bucket')
    expect(buckets.length).toBeGreaterThan(3)
    expect(buckets.at(-1)?.labels.le).toBe('+Inf')
    expect(buckets.at(-1)?.value).toBe(1)
    const [sum] = find(r.samples, 'vllm:time_to_first_token_seconds_sum')
    expect(sum?.value).toBeCloseTo(0.31326723098754883, 15)
  })

  it('returns family metadata', () => {
    const fam = r.families.find((f) => f.name === 'vllm:num_preemptions_total')
    expect(fam).toEqual({
      name: 'vllm:num_preemptions_total',
      type: 'counter',
      help: 'Cumulative number of preemption from the engine.',
      unit: null,
    })
    expect(r.families.find((f) => f.name === 'vllm:iteration_tokens_total')?.type).toBe('histogram')
  })
})

describe('parsePrometheusText on the SGLang docs example', () => {
  const r = parsePrometheusText(read('sglang-metrics-docs-example.prom'), { defaultTimeUs: T0 })

  it('reads the queue, usage and histogram values', () => {
    expect(r.rejected).toEqual([])
    expect(r.samples).toHaveLength(91)
    expect(find(r.samples, 'sglang:num_queue_reqs')[0]?.value).toBe(2826)
    expect(find(r.samples, 'sglang:token_usage')[0]?.value).toBe(0.28)
    expect(find(r.samples, 'sglang:prompt_tokens_total')[0]?.value).toBe(8128902)
    const inf = find(r.samples, 'sglang:time_to_first_token_seconds_bucket', { le: '+Inf' })
    expect(inf[0]?.value).toBe(11008)
    expect(
      find(r.samples, 'sglang:func_latency_seconds_count', { name: 'generate_request' })[0]?.value
    ).toBe(14007)
  })
})

describe('parsePrometheusText on the vLLM design-doc excerpt (elided lines)', () => {
  const r = parsePrometheusText(read('vllm-metrics-design-doc-excerpt.prom'), {
    defaultTimeUs: T0,
  })

  it('rejects the "..." elisions with their line numbers and keeps the rest', () => {
    expect(r.rejected.map((x) => x.line)).toEqual([12, 16, 22, 37])
    expect(r.rejected[0]?.reason).toMatch(/expected a metric name/)
    expect(r.samples).toHaveLength(19)
    expect(find(r.samples, 'vllm:num_requests_running')[0]?.value).toBe(8)
    expect(
      find(r.samples, 'vllm:request_success_total', { finished_reason: 'length' })[0]?.value
    ).toBe(131)
    expect(find(r.samples, 'http_requests_total')[0]?.labels).toEqual({
      handler: '/v1/completions',
      method: 'POST',
      status: '2xx',
    })
  })
})

describe('parsePrometheusText on OpenMetrics backfill text', () => {
  const r = parsePrometheusText(read('backfill.om'), { defaultTimeUs: T0 })

  it('detects OpenMetrics and reads second timestamps with decimals', () => {
    expect(r.rejected).toEqual([])
    expect(r.flavour).toBe('openmetrics')
    const waiting = find(r.samples, 'vllm:num_requests_waiting')
    expect(waiting.map((s) => [s.timeUs, s.value])).toEqual([
      [1718140500_000_000, 0],
      [1718140515_500_000, 3],
      [1718140530_000_000, 12],
    ])
  })

  it('drops _created samples, skips exemplars, names counter families by their samples', () => {
    expect(r.droppedCreated).toBe(1)
    expect(find(r.samples, 'vllm:num_preemptions_created')).toEqual([])
    expect(find(r.samples, 'vllm:num_preemptions_total').map((s) => s.value)).toEqual([1, 4])
    expect(r.families.find((f) => f.name === 'vllm:num_preemptions_total')?.type).toBe('counter')
    expect(r.families.find((f) => f.name === 'vllm:num_requests_waiting')?.unit).toBe('requests')
    const le1 = find(r.samples, 'vllm:time_to_first_token_seconds_bucket', { le: '1.0' })
    expect(le1[0]?.value).toBe(8)
  })

  it('reads quoted UTF-8 names, label escapes, NaN and infinities', () => {
    const [g] = find(r.samples, 'gen_ai.server.time_to_first_token')
    expect(g?.value).toBeNaN()
    expect(g?.labels.path).toBe('a\\b "q"\nz')
    expect(r.families.find((f) => f.name === 'gen_ai.server.time_to_first_token')?.type).toBe(
      'gauge'
    )
    expect(find(r.samples, 'DCGM_FI_DEV_GPU_UTIL').map((s) => s.value)).toEqual([
      Number.POSITIVE_INFINITY,
      Number.NEGATIVE_INFINITY,
    ])
  })
})

describe('parsePrometheusText on text 0.0.4 with millisecond timestamps', () => {
  const r = parsePrometheusText(read('text-ms-timestamps.prom'), { defaultTimeUs: T0 })

  it('reads ms timestamps and rejects broken lines with reasons', () => {
    expect(r.flavour).toBe('prometheus')
    expect(find(r.samples, 'haproxy_frontend_current_sessions').map((s) => s.timeUs)).toEqual([
      1718140500_000_000, 1718140560_000_000,
    ])
    // A trailing comma inside the braces is allowed.
    expect(find(r.samples, 'haproxy_backend_current_queue')[0]?.value).toBe(7)
    expect(r.rejected).toEqual([
      { line: 8, reason: expect.stringMatching(/unexpected text|expected/) },
      { line: 10, reason: 'value "seven" is not a number' },
    ])
  })
})

describe('parsePrometheusText edge cases', () => {
  it('adds extra labels and keeps a clashing exposed label as exported_*', () => {
    const r = parsePrometheusText('up{instance="inner"} 1\nfoo 2\n', {
      defaultTimeUs: T0,
      extraLabels: { instance: 'vllm:8000', job: 'vllm' },
    })
    expect(r.samples[0]?.labels).toEqual({
      instance: 'vllm:8000',
      exported_instance: 'inner',
      job: 'vllm',
    })
    expect(r.samples[1]?.labels).toEqual({ instance: 'vllm:8000', job: 'vllm' })
  })

  it('rejects malformed lines with specific reasons', () => {
    const cases: [string, RegExp][] = [
      ['foo{a="1"', /expected "}"|expected "," or "}"/],
      ['foo{a="1} 1', /unterminated/],
      ['foo{a=1} 1', /expected '"'/],
      ['foo{a="1",a="2"} 1', /duplicate label a/],
      ['foo', /has no value/],
      ['foo 1 2 3', /unexpected text/],
      ['foo 1 abc', /timestamp "abc"/],
      // A span's bounds: not at or before 1970, not past 2262 (10^11 - 1 s is the year 5138).
      ['foo 1 -100', /timestamp "-100" must lie after 1970-01-01 and before 2262/],
      ['foo 1 0', /timestamp "0" must lie after 1970/],
      ['foo 1 99999999999', /timestamp "99999999999" must lie after 1970/],
      ['# TYPE foo wobble', /unknown metric type/],
    ]
    for (const [line, reason] of cases) {
      const r = parsePrometheusText(line, { defaultTimeUs: T0 })
      expect(r.samples, line).toEqual([])
      expect(r.rejected[0]?.reason, line).toMatch(reason)
    }
  })

  it('treats integer timestamps below 1e11 as seconds and CRLF line ends as newlines', () => {
    const r = parsePrometheusText('a 1 1718140500\r\nb 2 1718140500000\r\n', { defaultTimeUs: T0 })
    expect(r.samples.map((s) => s.timeUs)).toEqual([1718140500_000_000, 1718140500_000_000])
    expect(r.rejected).toEqual([])
  })

  it('streams: the line parser gives the same result in pieces', () => {
    const text = read('backfill.om')
    const p = createPromLineParser({ defaultTimeUs: T0 })
    const got: MetricSample[] = []
    text.split('\n').forEach((line, i) => {
      p.push(line, i + 1)
      if (i % 3 === 0) {
        got.push(...p.take().samples)
      }
    })
    got.push(...p.take().samples)
    expect(got).toEqual(parsePrometheusText(text, { defaultTimeUs: T0 }).samples)
  })

  it('tolerates every shared sample file', () => {
    if (!existsSync(SHARED_SAMPLES)) {
      return
    }
    for (const f of readdirSync(SHARED_SAMPLES).filter((n) => n.endsWith('.prom'))) {
      const r = parsePrometheusText(readFileSync(join(SHARED_SAMPLES, f), 'utf8'), {
        defaultTimeUs: T0,
      })
      expect(r.samples.length, f).toBeGreaterThan(10)
      expect(r.rejected.length, f).toBeLessThan(r.samples.length / 4)
    }
  })
})

describe('samples without a timestamp', () => {
  it('are counted, apart from timed samples and dropped _created ones', () => {
    const p = createPromLineParser({ defaultTimeUs: T0 })
    const lines = [
      '# TYPE a counter',
      'a_total 1',
      'a_created 1700000000',
      'b 2 1764547200000',
      'c 3',
      'd x',
    ]
    lines.forEach((l, i) => p.push(l, i + 1))
    const { samples } = p.take()
    expect(samples.map((s) => s.name)).toEqual(['a_total', 'b', 'c'])
    expect(p.untimed()).toBe(2)
  })
})
