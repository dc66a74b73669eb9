/**
 * The alias table against a real vLLM's `/metrics` (test/fixtures/real-vllm/): every vLLM name
 * we list for the families the issue named exists with the shape we say, split labels included.
 */
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { parsePrometheusText } from '../prom/parse.js'
import { microsFromMillis } from '../model/units.js'
import { METRIC_ALIASES, METRIC_MEANINGS, meaningOfMetric, type MetricMeaning } from './aliases.js'

const read = (name: string): string =>
  readFileSync(new URL(`../../../test/fixtures/real-vllm/${name}`, import.meta.url), 'utf8')

const parsed = parsePrometheusText(read('vllm-metrics-after-load.txt'), {
  defaultTimeUs: microsFromMillis(Date.UTC(2026, 11, 1)),
})
const types = new Map(parsed.families.map((f) => [f.name, f.type]))
const sampleNames = new Set(parsed.samples.map((s) => s.name))

/** Families the issue lists as real but missing, and the meaning each now has. */
const ISSUE_FAMILIES: [string, MetricMeaning][] = [
  ['vllm:request_time_per_output_token_seconds', 'tpot_seconds'],
  ['vllm:request_inference_time_seconds', 'inference_time_seconds'],
  ['vllm:prompt_tokens_cached_total', 'prompt_tokens_cached'],
  ['vllm:prompt_tokens_by_source_total', 'prompt_tokens_by_source'],
  ['vllm:num_requests_waiting_by_reason', 'requests_waiting_by_reason'],
  ['vllm:request_prefill_kv_computed_tokens', 'prefill_computed_tokens'],
  ['vllm:external_prefix_cache_queries_total', 'external_prefix_cache_queries'],
  ['vllm:external_prefix_cache_hits_total', 'external_prefix_cache_hits'],
  ['vllm:estimated_flops_per_gpu_total', 'estimated_flops'],
  ['vllm:estimated_read_bytes_per_gpu_total', 'estimated_read_bytes'],
  ['vllm:estimated_write_bytes_per_gpu_total', 'estimated_write_bytes'],
  ['vllm:engine_sleep_state', 'engine_sleep_state'],
  ['vllm:request_success_total', 'requests_finished'],
]

/** The exposition's family name: counters lose `_total` in `# TYPE` lines of some clients. */
function typeOf(name: string): string | undefined {
  return types.get(name) ?? types.get(name.replace(/_total$/, ''))
}

describe('metric aliases against a real vLLM /metrics', () => {
  it('parses the capture without rejects (420 sample lines, 45 of them `_created`)', () => {
    expect(parsed.rejected).toEqual([])
    expect(parsed.samples.length).toBe(375)
    expect(parsed.droppedCreated).toBe(45)
  })

  it.each(ISSUE_FAMILIES)('%s means %s, with the right shape', (name, meaning) => {
    expect(meaningOfMetric(name)).toBe(meaning)
    const shape = METRIC_ALIASES[meaning].shape
    expect(typeOf(name)).toBe(shape)
    const series = shape === 'histogram' ? `${name}_bucket` : name
    expect(sampleNames.has(series), series).toBe(true)
  })

  it('finds every vLLM alias of the table in real output, except names of other versions', () => {
    const older = new Set([
      'vllm:gpu_cache_usage_perc',
      'vllm:gpu_prefix_cache_queries_total',
      'vllm:gpu_prefix_cache_hits_total',
      'vllm:gpu_prefix_cache_hit_rate',
      'vllm:time_per_output_token_seconds',
    ])
    const missing = METRIC_MEANINGS.flatMap((m) => METRIC_ALIASES[m].names)
      .filter((n) => n.startsWith('vllm:') && !older.has(n))
      .filter((n) => typeOf(n) === undefined)
    expect(missing).toEqual([])
  })

  it('splits the labelled families by the labels vLLM really uses', () => {
    for (const meaning of METRIC_MEANINGS) {
      const { names, splitLabel } = METRIC_ALIASES[meaning]
      if (splitLabel === undefined) {
        continue
      }
      const first = names[0]!
      const values = new Set(
        parsed.samples.filter((s) => s.name === first).map((s) => s.labels[splitLabel])
      )
      expect(values.has(undefined), `${first} without ${splitLabel}`).toBe(false)
      expect(values.size, first).toBeGreaterThan(1)
    }
    const reasons = parsed.samples
      .filter((s) => s.name === 'vllm:num_requests_waiting_by_reason')
      .map((s) => s.labels['reason'])
    expect(reasons.sort()).toEqual(['capacity', 'deferred'])
  })

  it('carries model_name and engine but no replica label (metrics need the scrape target to say)', () => {
    const running = parsed.samples.find((s) => s.name === 'vllm:num_requests_running')!
    expect(running.labels).toEqual({ engine: '0', model_name: 'tiny-llama' })
  })
})
