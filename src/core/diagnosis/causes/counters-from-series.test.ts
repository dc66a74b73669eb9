/**
 * Counter-evidence read from the engines' own series when the spans cannot carry it (ADR 0242).
 * Memory bandwidth — against: the prefix-cache counters fell while vLLM's spans carry no cached
 * tokens, so more of each prompt was prefilled in the decode steps; for: a bandwidth fault with the
 * same counters flat keeps its finding. KV-cache pressure — against: its own usage series shows
 * room over the finding's window; for: a full cache with preemptions keeps its finding.
 * Explained away: grid run 7-99 (a prefix-cache collapse seen only in the counters) now names the
 * collapse first, not the decode slowdown it caused.
 */
import { describe, expect, it } from 'vitest'
import type { Cause, Finding } from '../../model/diagnosis.js'
import { buildContext } from '../frame/context.js'
import type { FaultSpec } from '../testing/fault-gen-spec.js'
import { generateRun, inputOfRun, minuteOfRun } from '../testing/fault-gen.js'
import { diagnoseGridCase, gridCases } from '../testing/grid.js'
import { causeRecord } from './index.js'

function run(cause: FaultSpec['cause']) {
  // The fault holds over the last half of the run.
  const g = generateRun({
    seed: 4,
    minutes: 20,
    perMinute: 120,
    metrics: true,
    cachedOnRequests: false,
    faults: [{ cause, magnitude: 3, windowShare: 0.5 }],
  })
  const ctx = buildContext(inputOfRun(g))
  const at = (minute: number): string => minuteOfRun(g, minute)
  const counter = (c: Exclude<Cause, 'healthy'>) => {
    const f: Finding = {
      cause: c,
      confidence: 0.7,
      scope: { dimension: null, value: null },
      window: { start: at(10), end: at(20) },
      evidence: [],
      actions: [],
    }
    return causeRecord(c)!.counter!(ctx, f, 'tpot')
  }
  return { ctx, counter }
}

const prefix = run('engine.prefix_cache_miss')

describe('counter-evidence from the engines’ series', () => {
  it('memory bandwidth, against: the hit counters fell, so the uncached prompts per request rose', () => {
    const c = prefix.counter('engine.memory_bandwidth')
    expect(c).not.toBeNull()
    expect(c!.factor).toBeLessThan(1)
    expect(c!.evidence.text).toMatch(/read from vllm:prefix_cache_hits_total/)
  })

  it('memory bandwidth, for: a bandwidth fault with the counters flat is not argued against', () => {
    expect(run('engine.memory_bandwidth').counter('engine.memory_bandwidth')).toBeNull()
  })

  it('KV-cache pressure, against: its usage series shows room over the window', () => {
    const c = prefix.counter('engine.kv_cache_pressure')
    expect(c?.factor).toBe(0.3)
    expect(c?.evidence.text).toMatch(
      /^against: KV cache usage peaks at \d+% .* the cache had room$/
    )
  })

  it('KV-cache pressure, for: a full cache with preemptions is not argued against', () => {
    expect(run('engine.kv_cache_pressure').counter('engine.kv_cache_pressure')).toBeNull()
  })

  it('explained away: a prefix-cache collapse seen only in the counters is named before the decode it slowed (7-99)', () => {
    const c = gridCases(7, 120, 30, 240).find((x) => x.id === '7-99')!
    expect(c.spec.faults[0]?.cause).toBe('engine.prefix_cache_miss')
    const { diagnosis } = diagnoseGridCase(c)
    expect(diagnosis.findings[0]?.cause).toBe('engine.prefix_cache_miss')
  }, 180_000)
})
