/**
 * The randomised fault grid: cases drawn from a seed over every cause the independent generator
 * can inject, magnitudes from barely visible (1.2×) to gross (5×), 5–100 % of the window, three
 * workloads (long prompts or long outputs dominating the tail), with and without client spans,
 * gateway spans, metrics and events, alone and in pairs; plus healthy runs. Scoring: top-1
 * (first finding is an injected cause), top-3 (every injected cause is among the first three),
 * scope (the matching finding names the injected scope), and the healthy rules.
 *
 * Besides the random incidents: root-versus-mechanism cases (a tenant's burst big enough to fill
 * the queue, a prefix-cache collapse seen only in the cache counters, KV pressure with
 * preemptions and the traffic that fills the cache, long prompts whose prefill slows the decode
 * steps, long generations whose streams have larger worst gaps), client-side cases that other
 * causes must not claim (a batching window: the same added wait at every distance; TLS
 * handshakes: only the client's connection time grows), healthy runs with a standing condition
 * (a far region, a slower node, or one replica with a smaller batch through the whole window:
 * expected `healthy` plus the condition), data that starts mid-traffic (the first minutes cut
 * off), and signal subsets (spans only, engine spans and metrics without the client or gateway,
 * gateway spans only). Window error: how far the matching finding's window starts and ends from
 * the injected fault's.
 */
import type { Diagnosis, Finding } from '../../model/diagnosis.js'
import { createSeededRandom } from '../../stats/seeded-random.js'
import { diagnose } from '../diagnose.js'
import { frameFromRequests } from '../frame/frame.js'
import type { DiagnosisInput } from '../frame/input.js'
import type { RequestTimeline } from '../../model/request.js'
import { asMicros, microsFromIso } from '../../model/units.js'
import {
  WARM_UP_MIN,
  generateRun,
  scopeOf,
  type Expected,
  type FaultSpec,
  type GenSpec,
  type Workload,
} from './fault-gen.js'

export const GRID_CAUSES: readonly FaultSpec['cause'][] = [
  'engine.batching_window',
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

export type GridKind = 'incident' | 'healthy' | 'standing' | 'root' | 'client'
export type GridSubset = 'all' | 'spans-only' | 'engine-and-metrics' | 'gateway-only'

export interface GridCase {
  id: string
  spec: GenSpec
  magnitude: number
  kind: GridKind
  subset: GridSubset
  /** Minutes cut from the start of the data (it then starts mid-traffic). */
  cutMinutes: number
}

const SHARES = [0.05, 0.2, 0.35, 0.5, 0.75, 0.9] as const
/** Causes a gateway alone can see: dimensions and its own stages. */
const GATEWAY_VISIBLE = new Set([
  'gateway.queueing',
  'downstream.dependency',
  'node.degraded',
  'version.regression',
  'routing.imbalance',
  'replica.cold_start',
  'tenant.noisy_neighbor',
])
const ROOTS: readonly FaultSpec['cause'][] = [
  'tenant.noisy_neighbor',
  'engine.prefix_cache_miss',
  'engine.kv_cache_pressure',
  'engine.long_prompts',
  'engine.long_generations',
]
/** Client-side causes and the look-alikes they are taken for (see the module header). */
const CLIENT_SIDE: readonly FaultSpec['cause'][] = [
  'engine.batching_window',
  'network.tls_handshake',
]
const STANDING: readonly FaultSpec['cause'][] = [
  'network.high_rtt',
  'node.degraded',
  'replica.small_batch',
]

/** `count` cases drawn from `seed` (deterministic). */
export function gridCases(seed: number, count: number, minutes = 30, perMinute = 240): GridCase[] {
  const rnd = createSeededRandom(seed)
  const pick = <T>(items: readonly T[]): T => items[Math.floor(rnd() * items.length)] as T
  const out: GridCase[] = []
  for (let k = 0; k < count; k++) {
    const u = rnd()
    const kind: GridKind =
      u < 0.08
        ? 'healthy'
        : u < 0.16
          ? 'standing'
          : u < 0.28
            ? 'root'
            : u < 0.36
              ? 'client'
              : 'incident'
    const pair = kind === 'incident' && rnd() < 0.2
    const causes: FaultSpec['cause'][] =
      kind === 'healthy'
        ? []
        : kind === 'standing'
          ? [pick(STANDING)]
          : kind === 'root'
            ? [pick(ROOTS)]
            : kind === 'client'
              ? [pick(CLIENT_SIDE)]
              : [pick(GRID_CAUSES)]
    if (pair) {
      let second = pick(GRID_CAUSES)
      while (second === causes[0]) {
        second = pick(GRID_CAUSES)
      }
      causes.push(second)
    }
    const magnitude =
      kind === 'root' || kind === 'client'
        ? pick([3, 5])
        : kind === 'standing'
          ? pick([2, 3])
          : pick(MAGNITUDES)
    const windowShare =
      kind === 'standing'
        ? 1
        : kind === 'root' || kind === 'client'
          ? pick([0.35, 0.5])
          : pick(SHARES)
    const faults = causes.map((cause) => ({ cause, magnitude, windowShare }))
    const subsetDraw = rnd()
    let subset: GridSubset =
      subsetDraw < 0.6
        ? 'all'
        : subsetDraw < 0.73
          ? 'spans-only'
          : subsetDraw < 0.86
            ? 'engine-and-metrics'
            : 'gateway-only'
    // A subset that hides the only signal of an injected cause is not a fair question.
    const needsClient = causes.some((c) => NEEDS_CLIENT.has(c)) || kind === 'client'
    const needsMetrics = causes.some((c) => NEEDS_METRICS.has(c)) || kind === 'root'
    if (
      (subset === 'engine-and-metrics' &&
        (needsClient || causes.some((c) => NEEDS_GATEWAY.has(c)))) ||
      (subset === 'spans-only' && needsMetrics) ||
      (subset === 'gateway-only' && !causes.every((c) => GATEWAY_VISIBLE.has(c)))
    ) {
      subset = 'all'
    }
    const cutMinutes = kind !== 'standing' && windowShare <= 0.75 && rnd() < 0.3 ? 5 : 0
    const spec: GenSpec = {
      seed: seed * 1000 + k,
      minutes,
      perMinute,
      workload: pick<Workload>(['chat', 'long-prompts', 'long-outputs']),
      client:
        subset === 'all' ? needsClient || rnd() < 0.5 : subset === 'spans-only' && needsClient,
      gateway:
        subset === 'gateway-only' ||
        (subset !== 'engine-and-metrics' &&
          (causes.some((c) => NEEDS_GATEWAY.has(c)) || rnd() < 0.6)),
      metrics:
        subset === 'engine-and-metrics' || (subset === 'all' && (needsMetrics || rnd() < 0.5)),
      events: subset === 'all' && rnd() < 0.5,
      cachedOnRequests: !(kind === 'root' && causes[0] === 'engine.prefix_cache_miss'),
      faults,
    }
    out.push({ id: `${seed}-${k}`, spec, magnitude, kind, subset, cutMinutes })
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
  /** Standing-condition runs: the condition is listed (null on other runs). */
  standingListed: boolean | null
  /** Seconds between the matching finding's window and the fault's (worse end); null: none. */
  windowErrorS: number | null
}

function windowError(
  f: Finding | undefined,
  fault: { fromUs: number; toUs: number } | null
): number | null {
  if (f === undefined || f.window === null || fault === null) {
    return null
  }
  const a = microsFromIso(f.window.start)
  const b = microsFromIso(f.window.end)
  if (a === null || b === null) {
    return null
  }
  return Math.max(Math.abs(a - fault.fromUs), Math.abs(b - fault.toUs)) / 1e6
}

/** Scores one diagnosis against the injected causes. */
export function scoreDiagnosis(
  d: Diagnosis,
  expected: readonly Expected[],
  standing: Expected['scope'] | null = null,
  fault: ((cause: string) => { fromUs: number; toUs: number }) | null = null
): CaseScore {
  const findings = d.findings
  const top = findings[0]!
  // Older diagnoses have no standing conditions.
  const conditions = d.standing_conditions ?? []
  const standingListed =
    standing === null
      ? null
      : conditions.some((c) => c.dimension === standing.dimension && c.value === standing.value)
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
      standingListed,
      windowErrorS: null,
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
    standingListed,
    windowErrorS: windowError(any, any && fault ? fault(any.cause) : null),
  }
}

/**
 * What a gateway alone records: its upstream CLIENT span covers the engine's time, split at the
 * first chunk into `gateway.upstream` (queue and prefill) and `gateway.stream` (decode), as the
 * gateway tier does (CONTRACT §4); the engine's own stages are unknown.
 */
export function stripEngine(r: RequestTimeline): RequestTimeline {
  const stages = { ...r.stages }
  const first = (stages['engine.queue'] ?? 0) + (stages['engine.prefill'] ?? 0)
  const decode = stages['engine.decode']
  for (const k of Object.keys(stages) as (keyof typeof stages)[]) {
    if (k.startsWith('engine.')) {
      stages[k] = null
    }
  }
  stages['gateway.upstream'] = asMicros(first)
  stages['gateway.stream'] = decode
  return { ...r, stages, hasEngine: false, hasClient: false, tpotUs: null, itlMaxUs: null }
}

/** Generates, diagnoses and scores one case. */
export function runGridCase(c: GridCase): CaseScore {
  return diagnoseGridCase(c).score
}

/** Case `k` of a seed's 120-case grid, as the bench's `--detail` names it (`SEED-k`). */
export function gridCase(seed: number, k: number): GridCase {
  const c = gridCases(seed, 120).find((x) => x.id === `${seed}-${k}`)
  if (c === undefined) {
    throw new Error(`no grid case ${seed}-${k}`)
  }
  return c
}

/** The same case with nothing injected: a cause's "against" run, the same traffic without its fault. */
export const withoutFaults = (c: GridCase): GridCase => ({
  ...c,
  kind: 'healthy',
  spec: { ...c.spec, faults: [] },
})

/** A finding's evidence lines as one text, to match what a case's answer says. */
export const evidenceText = (f: Finding | undefined): string =>
  (f?.evidence ?? []).map((e) => e.text).join(' ')

/** The diagnosis's finding of `cause`, if it has one. */
export const findingOf = (d: Diagnosis, cause: string): Finding | undefined =>
  d.findings.find((f) => f.cause === cause)

/** What a grid case hands the diagnosis: the generated run, cut and stripped to its subset. */
export function gridCaseInput(c: GridCase): {
  g: ReturnType<typeof generateRun>
  input: DiagnosisInput
} {
  const g = generateRun(c.spec)
  const cutUs = g.window.fromUs + c.cutMinutes * 60_000_000
  const fromUs = asMicros(cutUs)
  const requests = g.requests
    .filter((r) => r.startUs >= cutUs)
    .map((r) => (c.subset === 'gateway-only' ? stripEngine(r) : r))
  const resources = g.resources.map((s) => ({
    ...s,
    points: s.points.filter((p) => p.timeUs >= cutUs),
  }))
  const events = g.events.filter((e) => e.timeUs >= cutUs)
  return {
    g,
    input: {
      window: { fromUs, toUs: g.window.toUs },
      frame: frameFromRequests(requests),
      resources,
      events,
    },
  }
}

/** Generates, diagnoses and scores one case, keeping the diagnosis (for per-case detail). */
export function diagnoseGridCase(c: GridCase): { score: CaseScore; diagnosis: Diagnosis } {
  const { g, input } = gridCaseInput(c)
  const { diagnosis } = diagnose(input)
  const minutes = c.spec.minutes ?? 30
  const share = c.spec.faults[0]?.windowShare ?? 1
  const faultFromUs = g.window.fromUs + Math.ceil(minutes * (1 - share)) * 60_000_000
  // A cold replica is slow only while it warms up (fault-gen.ts: WARM_UP_MIN), alone or paired,
  // and no fault ends after the data does.
  const fault =
    c.kind === 'healthy' || c.kind === 'standing'
      ? null
      : (cause: string): { fromUs: number; toUs: number } => ({
          fromUs: faultFromUs,
          toUs:
            cause === 'replica.cold_start'
              ? Math.min(faultFromUs + WARM_UP_MIN * 60_000_000, g.window.toUs as number)
              : (g.window.toUs as number),
        })
  if (c.kind === 'standing') {
    const condition = c.spec.faults[0]
    return {
      score: scoreDiagnosis(diagnosis, [], condition ? scopeOf(condition) : null, null),
      diagnosis,
    }
  }
  return { score: scoreDiagnosis(diagnosis, g.expected, null, fault), diagnosis }
}
