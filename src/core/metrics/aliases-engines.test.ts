/**
 * The alias table against SGLang's and TGI's metrics as their source code emits them
 * (test/fixtures/engines/SOURCE.md names the files and commits).
 */
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { resolveResourceNames } from '../diagnosis/metric-families.js'
import { microsFromMillis } from '../model/units.js'
import { parsePrometheusText } from '../prom/parse.js'
import { meaningOfMetric, type MetricMeaning } from './aliases.js'

function parseFixture(engine: string) {
  const text = readFileSync(
    new URL(`../../../test/fixtures/engines/${engine}/metrics.prom`, import.meta.url),
    'utf8'
  )
  return parsePrometheusText(text, { defaultTimeUs: microsFromMillis(0) })
}

function meaningsOf(samples: readonly { name: string }[]): Set<MetricMeaning> {
  const out = new Set<MetricMeaning>()
  for (const s of samples) {
    const m = meaningOfMetric(s.name)
    if (m !== null) {
      out.add(m)
    }
  }
  return out
}

describe.each([
  [
    'sglang',
    [
      'requests_running',
      'requests_waiting',
      'kv_cache_usage',
      'preemptions',
      'prefix_cache_hit_rate',
      'ttft_seconds',
      'itl_seconds',
      'e2e_seconds',
      'queue_time_seconds',
      'prompt_tokens',
      'generation_tokens',
      'prompt_tokens_cached',
      'requests_finished',
      'requests_failed',
    ],
  ],
  [
    'tgi',
    [
      'requests_running',
      'requests_waiting',
      'e2e_seconds',
      'queue_time_seconds',
      'inference_time_seconds',
      'tpot_seconds',
      'requests_finished',
      'requests_failed',
    ],
  ],
] as const)('%s metrics as its source emits them', (engine, expected) => {
  const parsed = parseFixture(engine)

  it('parse without rejects', () => {
    expect(parsed.rejected).toEqual([])
  })

  it('give the diagnosis these meanings', () => {
    expect([...meaningsOf(parsed.samples)].sort()).toEqual([...expected].sort())
  })
})

describe('resource families on SGLang', () => {
  it('reads preemptions from the retraction counter and the cached-token pair', () => {
    const names = resolveResourceNames(new Set(parseFixture('sglang').samples.map((s) => s.name)))
    expect(names.get('preemptions')?.name).toBe('sglang:num_retracted_requests_total')
    expect(names.get('prompt_cached')?.name).toBe('sglang:cached_tokens_total')
    expect(names.get('prompt_total')?.name).toBe('sglang:prompt_tokens_total')
    expect(names.get('waiting')?.name).toBe('sglang:num_queue_reqs')
    expect(names.get('kv_usage')?.name).toBe('sglang:token_usage')
  })
})
