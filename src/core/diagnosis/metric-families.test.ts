import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { asMicros, microsFromMillis } from '../model/units.js'
import { parsePrometheusText } from '../prom/parse.js'
import { makeGrid } from '../timeline/buckets.js'
import type { ResourceSeries } from './frame/input.js'
import { resolveResourceNames } from './metric-families.js'
import { buildResourceViews } from './resources.js'

const realVllm = parsePrometheusText(
  readFileSync(
    new URL('../../../test/fixtures/real-vllm/vllm-metrics-after-load.txt', import.meta.url),
    'utf8'
  ),
  { defaultTimeUs: microsFromMillis(0) }
)

describe('resource families on a real vLLM', () => {
  it('resolves the cached-token pair and the deferred waiting requests from real names', () => {
    const names = resolveResourceNames(new Set(realVllm.samples.map((s) => s.name)))
    expect(names.get('prompt_cached')?.name).toBe('vllm:prompt_tokens_cached_total')
    expect(names.get('prompt_total')?.name).toBe('vllm:prompt_tokens_total')
    expect(names.get('waiting_deferred')?.name).toBe('vllm:num_requests_waiting_by_reason')
    expect(names.get('waiting')?.name).toBe('vllm:num_requests_waiting')
  })

  it('reads only the deferred part of the waiting-by-reason family', () => {
    const grid = makeGrid(asMicros(0), asMicros(120_000_000))
    const series = (reason: string, value: number): ResourceSeries => ({
      kind: 'waiting_deferred',
      metric: 'vllm:num_requests_waiting_by_reason',
      labels: { engine: '0', model_name: 'tiny-llama', reason, replica: 'vllm-0' },
      points: [0, 30, 60, 90].map((s) => ({ timeUs: s * 1_000_000, value })),
    })
    const views = buildResourceViews(
      [series('capacity', 7), series('deferred', 2)],
      grid,
      new Set(['vllm-0']),
      new Set()
    )
    const view = views.get('waiting_deferred')!
    expect(view.keyDimension).toBe('replica')
    expect([...view.byKey.keys()]).toEqual(['vllm-0'])
    expect(view.mean[0]).toBe(2)
  })
})
