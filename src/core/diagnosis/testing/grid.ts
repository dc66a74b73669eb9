/**
 * The randomised fault grid: cases drawn from a seed over every cause the independent generator
 * can inject, magnitudes from barely visible (1.2×) to gross (5×), 5–100 % of the window, three
 * workloads (long prompts or long outputs dominating the tail), with and without client spans,
 * gateway spans, metrics and events, alone and in pairs; plus healthy runs. Scoring: top-1
 * (first finding is an injected cause), top-3 (every injected cause is among the first three),
 * scope (the matching finding names the injected scope), and the healthy rules.
 */
import type { Diagnosis } from '../../model/diagnosis.js'
import { createSeededRandom } from '../../stats/seeded-random.js'
import { diagnose } from '../diagnose.js'
import { frameFromRequests } from '../frame.js'
import {
  generateRun,
  type Expected,
  type FaultSpec,
  type GenSpec,
  type Workload,
} from './fault-gen.js'

export const GRID_CAUSES: readonly FaultSpec['cause'][] = [
  'network.high_rtt',
  'network.tls_handshake',
  'proxy.stream_buffering',
  'tenant.noisy_neighbor',
  'engine.queue_saturation',
  'engine.long_prompts',
  'engine.long_generations',
  'engine.prefix_cache_miss',
  'engine.kv_cache_pressure',
  'engine.memory_bandwidth',
  'node.degraded',
  'version.regression',
  'replica.cold_start',
  'routing.imbalance',
  'gateway.queueing',
  'gateway.connection_limit',
  'downstream.dependency',
  'unattributed',
]

export const MAGNITUDES = [1.2, 1.5, 2, 3, 5] as const

const NEEDS_CLIENT = new Set([
  'network.high_rtt',
  'network.tls_handshake',
  'proxy.stream_buffering',
  'gateway.connection_limit',
  'unattributed',
])
const NEEDS_GATEWAY = new Set(['gateway.queueing', 'downstream.dependency'])
const NEEDS_METRICS = new Set(['engine.kv_cache_pressure', 'engine.memory_bandwidth'])

export interface GridCase {
  id: string
  spec: GenSpec
  magnitude: number
}

/** `count` cases drawn from `seed` (deterministic). */
export function gridCases(seed: number, count: number, minutes = 30, perMinute = 240): GridCase[] {
  const rnd = createSeededRandom(seed)
  const pick = <T>(items: readonly T[]): T => items[Math.floor(rnd() * items.length)] as T
  const out: GridCase[] = []
  for (let k = 0; k < count; k++) {
    const healthy = rnd() < 0.08
    const pair = !healthy && rnd() < 0.2
    const causes: FaultSpec['cause'][] = healthy ? [] : [pick(GRID_CAUSES)]
    if (pair) {
      let second = pick(GRID_CAUSES)
      while (second === causes[0]) {
        second = pick(GRID_CAUSES)
      }
      causes.push(second)
    }
    const magnitude = pick(MAGNITUDES)
    const windowShare = pick([0.05, 0.2, 0.35, 0.5, 0.75, 1])
    const faults = causes.map((cause) => ({ cause, magnitude, windowShare }))
    const spec: GenSpec = {
      seed: seed * 1000 + k,
      minutes,
      perMinute,
      workload: pick<Workload>(['chat', 'long-prompts', 'long-outputs']),
      client: causes.some((c) => NEEDS_CLIENT.has(c)) || rnd() < 0.5,
      gateway: causes.some((c) => NEEDS_GATEWAY.has(c)) || rnd() < 0.6,
      metrics: causes.some((c) => NEEDS_METRICS.has(c)) || rnd() < 0.5,
      events: rnd() < 0.5,
      faults,
    }
    out.push({ id: `${seed}-${k}`, spec, magnitude })
  }
  return out
}

export interface CaseScore {
  expected: Expected[]
  /** Top finding's cause and confidence. */
  top: string
  confidence: number
  top1: boolean
  top3: boolean
  /** null when no injected cause is among the findings. */
  scope: boolean | null
  /** Faulty run answered `healthy` above 0.5, or healthy run answered with a cause. */
  healthyError: boolean
}

/** Scores one diagnosis against the injected causes. */
export function scoreDiagnosis(d: Diagnosis, expected: readonly Expected[]): CaseScore {
  const findings = d.findings
  const top = findings[0]!
  if (expected.length === 0) {
    const ok = top.cause === 'healthy'
    return {
      expected: [],
      top: top.cause,
      confidence: top.confidence,
      top1: ok,
      top3: ok,
      scope: null,
      healthyError: !ok,
    }
  }
  const first3 = findings.slice(0, 3).map((f) => f.cause)
  const match = expected.find((e) => e.cause === top.cause)
  const any = findings.find((f) => expected.some((e) => e.cause === f.cause))
  const want = any ? expected.find((e) => e.cause === any.cause) : undefined
  return {
    expected: [...expected],
    top: top.cause,
    confidence: top.confidence,
    top1: match !== undefined,
    top3: expected.every((e) => first3.includes(e.cause)),
    scope:
      any && want
        ? any.scope.dimension === want.scope.dimension && any.scope.value === want.scope.value
        : null,
    healthyError: top.cause === 'healthy' && top.confidence > 0.5,
  }
}

/** Generates, diagnoses and scores one case. */
export function runGridCase(c: GridCase): CaseScore {
  const g = generateRun(c.spec)
  const { diagnosis } = diagnose({
    window: g.window,
    frame: frameFromRequests(g.requests),
    resources: g.resources,
    events: g.events,
  })
  return scoreDiagnosis(diagnosis, g.expected)
}
