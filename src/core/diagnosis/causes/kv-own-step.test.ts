/**
 * KV pressure read on its own step when no P99 changed (ADR 0285). For: every cache fills from
 * minute 8 and preempts, and each request waits 1.2× longer in the engine queue: the TTFT P99,
 * made by the window's slowest queues, does not move, the queue's median per step does. The
 * cache is named first over that span and explains the queue. Against: the same cache fills and
 * preempts while the queue keeps its level (capacity well used): no cause. Explained away only by
 * a cache that preempts: the same step of usage without preemptions leaves the queue unexplained.
 */
import { describe, expect, it } from 'vitest'
import type { RequestTimeline } from '../../model/request.js'
import type { Diagnosis } from '../../model/diagnosis.js'
import { diagnose } from '../diagnose.js'
import {
  createTestRng,
  kvPressureSeries,
  makeTimeline,
  minutesInput,
  T0_US,
} from '../testing/make-timeline.js'

const PODS = ['r0', 'r1', 'r2', 'r3', 'r4', 'r5']
const MINUTES = 30
const FULL_FROM_US = T0_US + 8 * 60_000_000
const PER_MINUTE = 240

function run(queueLift: number, preemptPerStep: number): Diagnosis {
  const rng = createTestRng(11)
  const exp = (): number => -Math.log(1 - rng())
  const requests: RequestTimeline[] = []
  for (let i = 0; i < MINUTES * PER_MINUTE; i++) {
    const startUs = T0_US + Math.floor((i / PER_MINUTE) * 60_000_000)
    const full = startUs >= FULL_FROM_US
    requests.push(
      makeTimeline({
        startUs,
        dims: { replica: PODS[i % PODS.length] as string },
        stagesMs: {
          'engine.queue': 150 * exp() * (full ? queueLift : 1),
          'engine.prefill': 60 * (0.8 + 0.4 * rng()),
          'engine.decode': 3000 * (0.8 + 0.4 * rng()),
        },
        tpotMs: 15 * (0.9 + 0.2 * rng()),
        inputTokens: 800,
        outputTokens: 200,
      })
    )
  }
  const resources = kvPressureSeries(PODS, {
    minutes: MINUTES,
    fullFromUs: FULL_FROM_US,
    before: 0.5,
    full: 0.9,
    preemptPerStep,
  })
  return diagnose(minutesInput(requests, MINUTES, resources)).diagnosis
}

const kvOf = (d: Diagnosis) => d.findings.find((f) => f.cause === 'engine.kv_cache_pressure')

describe('KV pressure on its own step', () => {
  it('for: the cache fills and preempts from minute 8 and the queue waits 1.2× longer: the cache first, over its step', () => {
    const d = run(1.2, 4)
    expect(d.findings[0]?.cause).toBe('engine.kv_cache_pressure')
    expect(kvOf(d)?.window?.start).toBe('2025-06-02T09:08:00.000Z')
    const queue = d.findings.find((f) => f.cause === 'engine.queue_saturation')
    if (queue !== undefined) {
      expect(
        queue.evidence.some((e) => e.text.includes('explained by engine.kv_cache_pressure'))
      ).toBe(true)
    }
  })

  it('against: the cache fills and preempts but the queue keeps its level: no cause', () => {
    const d = run(1, 4)
    expect(d.findings[0]?.cause).toBe('healthy')
  })

  it('explained away only by preemptions: the same usage step without any leaves the queue unexplained', () => {
    const d = run(1.2, 0)
    expect(d.findings[0]?.cause).not.toBe('engine.kv_cache_pressure')
    expect((kvOf(d)?.confidence ?? 0) < 0.5).toBe(true)
  })
})
