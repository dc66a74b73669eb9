/**
 * What one contract-suite run is: the deployment, the traffic, the fault (or standing
 * condition), which signals exist, in which wire formats, and the answer CONTRACT §5 asks for.
 * Written from CONTRACT.md only: no code of the simulator or of the grid's generator is used.
 */
import { type Rng, forkRng } from './rng.js'

export const CAUSES = [
  'engine.batching_window',
  'engine.queue_saturation',
  'engine.long_prompts',
  'engine.kv_cache_pressure',
  'engine.prefix_cache_miss',
  'engine.long_generations',
  'engine.memory_bandwidth',
  'replica.cold_start',
  'routing.imbalance',
  'version.regression',
  'node.degraded',
  'tenant.noisy_neighbor',
  'gateway.queueing',
  'gateway.connection_limit',
  'network.tls_handshake',
  'network.high_rtt',
  'proxy.stream_buffering',
  'downstream.dependency',
] as const
export type Cause = (typeof CAUSES)[number]
export type Standing = 'standing.far_region' | 'standing.slow_node' | 'standing.slow_replica'
export type Kind = Cause | Standing | 'healthy'

/** Which producers exist in a run. */
export interface Signals {
  client: boolean
  gateway: boolean
  engine: boolean
  metrics: boolean
  events: boolean
}

export interface ReplicaSpec {
  name: string
  node: string
  version: string
  /** Seconds from the run's start when it takes traffic (0 = there from the start). */
  joinS: number
}

export interface Scope {
  dimension: string | null
  value: string | null
}

export interface Scenario {
  id: string
  kind: Kind
  variant: number
  epochS: number
  durationS: number
  model: string
  replicas: ReplicaSpec[]
  tenants: string[]
  regions: string[]
  /** Concurrent sequences per replica. */
  slots: number
  baseRatePerS: number
  /** Offered load over capacity before any fault. */
  utilisation: number
  /** Diurnal ramp: rate multiplier goes from 1 − a to 1 + a over the run. */
  rampAmplitude: number
  tpotS: number
  prefillPerTokenS: number
  inputMedian: number
  outputMedian: number
  /** Share of the prompt a warm prefix cache serves. */
  prefixHit: number
  rttS: Record<string, number>
  reuseShare: number
  retrieval: boolean
  scrapeS: number
  signals: Signals
  /** Engine spans in SGLang's shape (cached_tokens, input/output_tokens names). */
  sglang: boolean
  /** LiteLLM-style gateway: tenant from metadata.user_api_key_team_id, GenAI upstream span. */
  litellm: boolean
  traceFormat: 'jsonl' | 'json' | 'pb'
  metricFormat: 'om' | 'prom-ms' | 'otlp-json'
  eventFormat: 'jsonl' | 'k8s'
  magnitude: number
  fault: { startS: number; endS: number; target: string | null } | null
  expected: {
    cause: Kind
    scope: Scope
    window: { startS: number; endS: number } | null
    standing: Scope | null
  }
}

const MODELS = [
  'llama-3.1-8b-instruct',
  'qwen2.5-14b',
  'mistral-7b-v0.3',
  'gemma-2-9b-it',
  'phi-3-medium',
]
const REGIONS = ['eu-west-1', 'us-east-1', 'ap-southeast-2', 'sa-east-1']
const TENANTS = ['acme', 'globex', 'initech', 'umbrella', 'hooli', 'stark', 'wayne', 'tyrell']

/** Signal sets each cause can be seen through, per CONTRACT §1–§3 (the first is the richest). */
const SIGNALS: Record<Kind, (keyof Signals)[][]> = {
  healthy: [
    ['client', 'gateway', 'engine', 'metrics', 'events'],
    ['engine', 'metrics'],
    ['gateway'],
  ],
  'standing.far_region': [
    ['client', 'gateway', 'engine', 'metrics'],
    ['client', 'gateway'],
  ],
  'standing.slow_node': [['gateway', 'engine', 'metrics'], ['engine']],
  'standing.slow_replica': [
    ['engine', 'metrics'],
    ['gateway', 'engine'],
  ],
  'engine.batching_window': [['gateway', 'engine', 'metrics'], ['engine', 'metrics'], ['engine']],
  'engine.queue_saturation': [
    ['client', 'gateway', 'engine', 'metrics'],
    ['engine', 'metrics'],
    ['engine'],
  ],
  'engine.long_prompts': [['gateway', 'engine', 'metrics'], ['engine']],
  'engine.kv_cache_pressure': [
    ['engine', 'metrics'],
    ['gateway', 'engine', 'metrics'],
  ],
  'engine.prefix_cache_miss': [
    ['engine', 'metrics'],
    ['gateway', 'engine', 'metrics'],
  ],
  'engine.long_generations': [['engine', 'metrics'], ['engine']],
  'engine.memory_bandwidth': [
    ['engine', 'metrics'],
    ['gateway', 'engine', 'metrics'],
  ],
  'replica.cold_start': [['engine', 'metrics', 'events'], ['engine']],
  'routing.imbalance': [['gateway', 'engine', 'metrics'], ['engine']],
  'version.regression': [
    ['engine', 'events'],
    ['gateway', 'engine'],
  ],
  'node.degraded': [['engine', 'metrics'], ['engine']],
  'tenant.noisy_neighbor': [['gateway', 'engine', 'metrics'], ['gateway']],
  'gateway.queueing': [['gateway', 'engine'], ['gateway']],
  'gateway.connection_limit': [
    ['client', 'gateway', 'engine', 'metrics'],
    ['client', 'gateway'],
  ],
  'network.tls_handshake': [
    ['client', 'gateway', 'engine', 'metrics'],
    ['client', 'gateway'],
  ],
  'network.high_rtt': [
    ['client', 'gateway', 'engine', 'metrics'],
    ['client', 'gateway'],
  ],
  'proxy.stream_buffering': [
    ['client', 'gateway', 'engine', 'metrics'],
    ['client', 'gateway', 'engine'],
  ],
  'downstream.dependency': [['gateway', 'engine'], ['gateway']],
}

/** Causes confined to one value of a dimension; the rest touch everything (scope null). */
const SCOPED: Partial<Record<Kind, string>> = {
  'replica.cold_start': 'replica',
  'routing.imbalance': 'replica',
  'version.regression': 'version',
  'node.degraded': 'node',
  'tenant.noisy_neighbor': 'tenant',
  'network.high_rtt': 'region',
  'standing.far_region': 'region',
  'standing.slow_node': 'node',
  'standing.slow_replica': 'replica',
}

export const ALL_KINDS: Kind[] = [
  'healthy',
  ...CAUSES,
  'standing.far_region',
  'standing.slow_node',
  'standing.slow_replica',
]

/**
 * Draws variant `variant` of `kind`; every magnitude, size and format is random. `durationScale`
 * shortens the run (the fault keeps its place as a share of it).
 */
export function drawScenario(
  kind: Kind,
  variant: number,
  parent: Rng,
  durationScale = 1
): Scenario {
  const rng = forkRng(parent)
  const sets = SIGNALS[kind]
  const set = sets[variant % sets.length] ?? []
  const signals: Signals = {
    client: set.includes('client'),
    gateway: set.includes('gateway'),
    engine: set.includes('engine'),
    metrics: set.includes('metrics'),
    events: set.includes('events') || (set.includes('metrics') && rng.chance(0.5)),
  }
  // Scaled after the draw so that a shorter suite keeps every other draw of the full one.
  const durationS = Math.round(rng.int(30, 50) * 60 * durationScale)
  // Two replicas per node so that a node and a replica are different scopes.
  const replicaCount = rng.int(kind === 'version.regression' ? 4 : 3, 6)
  const podBase = rng.pick(['vllm', 'llm', 'serve'])
  const nodeBase = rng.pick(['gpu-node', 'ip-10-0-3', 'a100'])
  const replicas: ReplicaSpec[] = []
  for (let i = 0; i < replicaCount; i++) {
    replicas.push({
      name: `${podBase}-${rng.hex(5)}-${i}`,
      node: `${nodeBase}-${Math.floor(i / 2) + 1}`,
      version: 'v1.4.2',
      joinS: 0,
    })
  }
  const tenants = TENANTS.slice(0, rng.int(3, 6))
  const regions = REGIONS.slice(0, rng.int(2, 3))
  const rttS: Record<string, number> = {}
  for (const r of regions) {
    rttS[r] = rng.uniform(0.008, 0.045)
  }
  const tpotS = rng.uniform(0.012, 0.03)
  const outputMedian = rng.int(90, 220)
  const inputMedian = rng.int(300, 1500)
  const prefillPerTokenS = rng.uniform(0.00006, 0.00015)
  // Mean service time of the lognormal draws below (output sigma 0.7 → mean ≈ 1.28 × median).
  const serviceS = inputMedian * prefillPerTokenS + outputMedian * 1.28 * tpotS * 1.1
  // A few thousand requests per run; the slot count is what makes the offered load 35–55 %.
  const baseRatePerS = rng.uniform(1.2, 2.5)
  const slots = Math.max(
    4,
    Math.round((baseRatePerS * serviceS) / (rng.uniform(0.3, 0.45) * replicaCount))
  )
  const utilisation = (baseRatePerS * serviceS) / (slots * replicaCount)
  const magnitude = rng.uniform(1.5, 5)
  const startS = rng.uniform(0.25, 0.55) * durationS
  const lengthS = Math.min(durationS - startS - 120, rng.uniform(0.15, 0.4) * durationS)
  const isFault = kind !== 'healthy' && !kind.startsWith('standing.')
  let target: string | null = null
  const dim = SCOPED[kind] ?? null
  if (kind === 'replica.cold_start') {
    const fresh: ReplicaSpec = {
      name: `${podBase}-${rng.hex(5)}-${replicaCount}`,
      node: `${nodeBase}-${Math.floor(replicaCount / 2) + 1}`,
      version: 'v1.4.2',
      joinS: startS,
    }
    replicas.push(fresh)
    target = fresh.name
  } else if (kind === 'version.regression') {
    target = 'v1.5.0'
  } else if (dim === 'replica') {
    target = rng.pick(replicas).name
  } else if (dim === 'node') {
    target = (replicas[rng.int(0, Math.floor((replicaCount - 2) / 2)) * 2] as ReplicaSpec).node
  } else if (dim === 'tenant') {
    target = rng.pick(tenants)
  } else if (dim === 'region') {
    target = regions[regions.length - 1] as string
  }
  const sglang = signals.engine && rng.chance(kind === 'engine.prefix_cache_miss' ? 0 : 0.25)
  const model = rng.pick(MODELS)
  const scope: Scope =
    dim !== null && isFault ? { dimension: dim, value: target } : { dimension: null, value: null }
  return {
    id: `${kind}#${variant}`,
    kind,
    variant,
    epochS: Math.floor(Date.UTC(2025, rng.int(0, 11), rng.int(1, 28), rng.int(0, 23)) / 1000),
    durationS,
    model,
    replicas,
    tenants,
    regions,
    slots,
    baseRatePerS,
    utilisation,
    rampAmplitude: rng.uniform(0, 0.1),
    tpotS,
    prefillPerTokenS,
    inputMedian: kind === 'engine.prefix_cache_miss' ? inputMedian * 3 : inputMedian,
    outputMedian,
    prefixHit: rng.uniform(0.55, 0.85),
    rttS,
    reuseShare: rng.uniform(0.85, 0.98),
    retrieval: kind === 'downstream.dependency' || rng.chance(0.3),
    scrapeS: rng.pick([15, 30, 60]),
    signals,
    sglang,
    litellm: signals.gateway && !signals.engine && rng.chance(0.5),
    traceFormat: rng.pick(['jsonl', 'jsonl', 'json', 'pb']),
    metricFormat: rng.pick(['om', 'om', 'prom-ms', 'otlp-json']),
    eventFormat: rng.pick(['jsonl', 'k8s']),
    magnitude,
    fault: isFault
      ? { startS, endS: startS + lengthS, target }
      : kind.startsWith('standing.')
        ? { startS: 0, endS: durationS, target }
        : null,
    expected: {
      cause: isFault ? kind : 'healthy',
      scope,
      window: isFault ? { startS, endS: startS + lengthS } : null,
      standing: kind.startsWith('standing.') ? { dimension: dim, value: target } : null,
    },
  }
}
