/**
 * A full KV cache everywhere explains one replica's slow requests (ADR 0277). For: every cache
 * full and preempting from half-way, one replica's queue runs longest, its work per token 1.2×
 * (prompts recomputed after preemptions, enough for the place record to call it slower work): the
 * cache is named first and the replica is explained by it. Against: the same
 * replica also does each token 2× slower (a degraded node under the same pressure): not explained.
 */
import { describe, expect, it } from 'vitest'
import type { RequestTimeline } from '../../model/request.js'
import { asMicros } from '../../model/units.js'
import { diagnose } from '../diagnose.js'
import { frameFromRequests } from '../frame/frame.js'
import { createTestRng, kvPressureSeries, makeTimeline, T0_US } from '../testing/make-timeline.js'

const REPLICAS = { r0: 'n0', r1: 'n0', r2: 'n1', r3: 'n1' }
const MINUTES = 30
const HALF_US = T0_US + 15 * 60_000_000

function run(slowWork: number): ReturnType<typeof diagnose>['diagnosis'] {
  const rng = createTestRng(3)
  const names = Object.keys(REPLICAS)
  const requests: RequestTimeline[] = []
  for (let i = 0; i < MINUTES * 120; i++) {
    const startUs = T0_US + Math.floor((i / 120) * 60_000_000)
    const replica = names[i % names.length] as string
    const late = startUs >= HALF_US
    const noise = (): number => 0.8 + 0.4 * rng()
    // Under pressure every queue grows; r3's runs longest (by chance, in a real cluster).
    const queue = late ? (replica === 'r3' ? 4000 : 300) : 5
    const work = late && replica === 'r3' ? slowWork : 1
    requests.push(
      makeTimeline({
        startUs,
        dims: { replica, node: REPLICAS[replica as keyof typeof REPLICAS] },
        stagesMs: {
          'engine.queue': queue * noise(),
          'engine.prefill': 40 * noise() * work,
          'engine.decode': 2000 * noise() * work,
        },
        tpotMs: 10 * noise() * work,
      })
    )
  }
  const resources = kvPressureSeries(names, {
    minutes: MINUTES,
    fullFromUs: HALF_US,
    before: 0.3,
    full: 0.97,
    preemptPerStep: 3,
  })
  return diagnose({
    window: { fromUs: T0_US, toUs: asMicros(T0_US + MINUTES * 60_000_000) },
    frame: frameFromRequests(requests),
    resources,
    events: [],
  }).diagnosis
}

const explainedByCache = (d: ReturnType<typeof run>): boolean =>
  d.findings.some(
    (f) =>
      f.cause === 'node.degraded' &&
      f.evidence.some((e) => e.text.includes('waited on the full cache'))
  )

describe('a full KV cache everywhere and one slow replica', () => {
  it('for: its queue ran longest, its prompts recomputed after preemptions (1.2× per token): the cache first', () => {
    const d = run(1.2)
    expect(d.findings[0]?.cause).toBe('engine.kv_cache_pressure')
    expect(d.findings.some((f) => f.cause === 'node.degraded')).toBe(true)
    expect(explainedByCache(d)).toBe(true)
  })

  it('against: the replica also works 2× slower per token: it is not explained by the cache', () => {
    const d = run(2)
    expect(d.findings.some((f) => f.cause === 'node.degraded')).toBe(true)
    expect(explainedByCache(d)).toBe(false)
  })
})
