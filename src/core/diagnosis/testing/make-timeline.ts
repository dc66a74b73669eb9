/**
 * Builders for hand-made request timelines (unit tests and the diagnosis benchmark). Pure and
 * deterministic: randomness comes from {@link createTestRng} with a seed.
 */
import type { Dimension, RequestTimeline, StageName } from '../../model/request.js'
import { STAGE_NAMES } from '../../model/request.js'
import { asMicros, type Micros } from '../../model/units.js'
import { createSeededRandom } from '../../stats/seeded-random.js'
import type { DiagnosisInput, ResourceSeries } from '../frame/input.js'
import { frameFromRequests } from '../frame/frame.js'

/** A seeded uniform generator for test data (see {@link createSeededRandom}). */
export const createTestRng = createSeededRandom

/**
 * The index one draw of `rng` picks from relative `weights` (a router's weighted choice); the
 * last index when rounding leaves the draw past every weight.
 */
export function pickWeighted(rng: () => number, weights: readonly number[]): number {
  let u = rng() * weights.reduce((a, b) => a + b, 0)
  for (let i = 0; i < weights.length; i++) {
    u -= weights[i] as number
    if (u < 0) {
      return i
    }
  }
  return weights.length - 1
}

/** 2025-06-02T09:00:00Z in epoch µs. */
export const T0_US = asMicros(Date.UTC(2025, 5, 2, 9, 0, 0) * 1000)

/**
 * The diagnosis input of `minutes` of data from {@link T0_US}: these requests, these series, no
 * change events (the window most hand-made runs are diagnosed over).
 */
export function minutesInput(
  requests: readonly RequestTimeline[],
  minutes: number,
  resources: readonly ResourceSeries[] = []
): DiagnosisInput {
  return {
    window: { fromUs: T0_US, toUs: asMicros(T0_US + minutes * 60_000_000) },
    frame: frameFromRequests([...requests]),
    resources,
    events: [],
  }
}

export interface TimelineSpec {
  startUs?: number
  dims?: Partial<Record<Dimension, string | null>>
  /** Stage durations in ms. */
  stagesMs?: Partial<Record<StageName, number>>
  ttftMs?: number | null
  tpotMs?: number | null
  itlMaxMs?: number | null
  inputTokens?: number | null
  outputTokens?: number | null
  connectionReused?: boolean | null
  tlsResumed?: boolean | null
  hasClient?: boolean
  status?: number | null
}

let counter = 0

/** One request timeline; TTFT defaults to the sum of the pre-decode stages, e2e to TTFT + decode. */
export function makeTimeline(spec: TimelineSpec = {}): RequestTimeline {
  counter++
  const stages = Object.fromEntries(STAGE_NAMES.map((s) => [s, null])) as Record<
    StageName,
    Micros | null
  >
  let preUs = 0
  for (const [name, ms] of Object.entries(spec.stagesMs ?? {})) {
    const us = asMicros(Math.round((ms as number) * 1000))
    stages[name as StageName] = us
    if (name !== 'engine.decode' && name !== 'stream') {
      preUs += us
    }
  }
  const ttftUs =
    spec.ttftMs === null ? null : asMicros(spec.ttftMs !== undefined ? spec.ttftMs * 1000 : preUs)
  const decodeUs = stages['engine.decode'] ?? 0
  const startUs = asMicros(spec.startUs ?? T0_US)
  // A request whose first token nobody logged still spent its stages' time before decoding.
  const e2eUs = asMicros((ttftUs ?? preUs) + decodeUs)
  return {
    traceId: counter.toString(16).padStart(32, '0'),
    startUs,
    endUs: asMicros(startUs + e2eUs),
    dims: {
      model: 'llama-8b',
      version: 'v1',
      replica: 'r0',
      node: 'n0',
      tenant: 't0',
      route: '/v1/chat/completions',
      region: 'us-east-1',
      gateway: 'gw-0',
      ...spec.dims,
    },
    stages,
    downstreamName: null,
    ttftUs,
    ttftSource: spec.hasClient ? 'client' : 'engine',
    tpotUs: spec.tpotMs === null ? null : asMicros(Math.round((spec.tpotMs ?? 10) * 1000)),
    itlMaxUs:
      spec.itlMaxMs === undefined || spec.itlMaxMs === null ? null : asMicros(spec.itlMaxMs * 1000),
    e2eUs,
    inputTokens: spec.inputTokens === undefined ? 800 : spec.inputTokens,
    outputTokens: spec.outputTokens === undefined ? 200 : spec.outputTokens,
    cachedTokens: null,
    status: spec.status === undefined ? 200 : spec.status,
    errorType: null,
    retries: 0,
    connectionReused: spec.connectionReused ?? null,
    tlsResumed: spec.tlsResumed ?? null,
    hasClient: spec.hasClient ?? false,
    hasGateway: false,
    hasEngine: true,
    spanCount: 1,
  }
}

export interface ClusterSpec {
  seed: number
  minutes: number
  perMinute: number
  /** replica → node. */
  replicas: Record<string, string>
  /** Multiplies engine stage times per replica (default 1). */
  slowdown?: (replica: string, startUs: number) => number
}

/**
 * Steady traffic spread round-robin over replicas: engine queue ~5 ms, prefill ~40 ms, decode
 * ~2 s, TPOT ~10 ms, each with ±20 % noise.
 */
export function makeCluster(spec: ClusterSpec): RequestTimeline[] {
  const rng = createTestRng(spec.seed)
  const names = Object.keys(spec.replicas)
  const out: RequestTimeline[] = []
  const n = spec.minutes * spec.perMinute
  for (let i = 0; i < n; i++) {
    const startUs = T0_US + Math.floor((i / spec.perMinute) * 60_000_000)
    const replica = names[i % names.length] as string
    const k = spec.slowdown?.(replica, startUs) ?? 1
    const noise = (): number => 0.8 + 0.4 * rng()
    out.push(
      makeTimeline({
        startUs,
        dims: { replica, node: spec.replicas[replica] ?? null },
        stagesMs: {
          'engine.queue': 5 * noise() * k,
          'engine.prefill': 40 * noise() * k,
          'engine.decode': 2000 * noise() * k,
        },
        tpotMs: 10 * noise() * k,
      })
    )
  }
  return out
}

/**
 * A KV cache per pod that fills from `fullFromUs` on (`vllm:kv_cache_usage_perc` at `full`, at
 * `before` until then) with `preemptPerStep` preemptions counted per 15-second scrape while full.
 */
export function kvPressureSeries(
  pods: readonly string[],
  spec: {
    minutes: number
    fullFromUs: number
    before: number
    full: number
    preemptPerStep: number
  }
): ResourceSeries[] {
  return kvSeries(pods, 15_000_000, spec.minutes * 4, (timeUs) => {
    const late = timeUs >= spec.fullFromUs
    return { usage: late ? spec.full : spec.before, preempted: late ? spec.preemptPerStep : 0 }
  })
}

/**
 * vLLM's KV gauge (`vllm:kv_cache_usage_perc`) and preemption counter
 * (`vllm:num_preemptions_total`) per pod, `steps` scrapes `stepUs` apart from {@link T0_US}:
 * `at(timeUs)` gives the usage at a scrape and the preemptions counted since the one before
 * (called pod by pod, scrape by scrape, so a seeded draw inside it is reproducible).
 */
export function kvSeries(
  pods: readonly string[],
  stepUs: number,
  steps: number,
  at: (timeUs: number) => { usage: number; preempted: number }
): ResourceSeries[] {
  return pods.flatMap((pod) => {
    const kv: ResourceSeries = {
      kind: 'kv_usage',
      metric: 'vllm:kv_cache_usage_perc',
      labels: { pod },
      points: [],
    }
    const pre: ResourceSeries = {
      kind: 'preemptions',
      metric: 'vllm:num_preemptions_total',
      labels: { pod },
      points: [],
    }
    let total = 0
    for (let s = 0; s < steps; s++) {
      const timeUs = T0_US + s * stepUs
      const { usage, preempted } = at(timeUs)
      kv.points.push({ timeUs, value: usage })
      total += preempted
      pre.points.push({ timeUs, value: total })
    }
    return [kv, pre]
  })
}

/**
 * vLLM's prefix-cache counters per pod (`vllm:prefix_cache_queries_total` and `_hits_total`),
 * scraped each minute: `perMinute` requests of `prompt` tokens split over the pods, a share
 * `hitRateAt(minute)` of them found in the cache (±0.5 % drawn from `rng` per pod and minute).
 */
export function prefixCounterSeries(
  pods: readonly string[],
  spec: {
    minutes: number
    perMinute: number
    prompt: number
    hitRateAt: (minute: number) => number
    rng: () => number
  }
): ResourceSeries[] {
  return pods.flatMap((pod) => {
    const queries: ResourceSeries = {
      kind: 'prefix_queries',
      metric: 'vllm:prefix_cache_queries_total',
      labels: { pod },
      points: [],
    }
    const hits: ResourceSeries = {
      kind: 'prefix_hits',
      metric: 'vllm:prefix_cache_hits_total',
      labels: { pod },
      points: [],
    }
    let q = 0
    let h = 0
    for (let m = 0; m < spec.minutes; m++) {
      const looked = (spec.perMinute / pods.length) * spec.prompt
      q += looked
      h += looked * (spec.hitRateAt(m) + 0.01 * (spec.rng() - 0.5))
      const timeUs = T0_US + (m + 1) * 60_000_000
      queries.points.push({ timeUs, value: q })
      hits.points.push({ timeUs, value: h })
    }
    return [queries, hits]
  })
}

/**
 * Requests per step for `count` steps: Poisson around `rate(step)`, drawn from `seed` with the
 * normal approximation (Box–Muller on two uniforms per step), rounded and never below 0.
 */
export function poissonSteps(
  seed: number,
  count: number,
  rate: (step: number) => number
): Float64Array {
  const rnd = createSeededRandom(seed)
  return Float64Array.from({ length: count }, (_, k) => {
    const u = Math.max(1e-9, rnd())
    const g = Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * rnd())
    const m = rate(k)
    return Math.max(0, Math.round(m + Math.sqrt(m) * g))
  })
}
