/**
 * The synthetic window the sampled-diagnosis test and the diagnosis and ClickHouse benchmarks
 * share: eight replicas on four nodes, five tenants, requests evenly spread over the window, and
 * replica vllm-3 2.5× slower in every engine stage from half-way on. Generated one request at a
 * time so a benchmark can stream millions into a store in batches.
 */
import type { RequestTimeline } from '../../model/request.js'
import { createTestRng, makeTimeline, T0_US } from './make-timeline.js'

export interface SlowReplicaWindowSpec {
  /** Requests in the window. */
  requests: number
  minutes: number
  seed: number
  /** Adds a client region (every third request `eu`, the rest `us`). */
  regions?: boolean
}

/** The replica that slows down half-way through the window. */
export const SLOW_REPLICA = 'vllm-3'

export function* slowReplicaWindow(spec: SlowReplicaWindowSpec): Generator<RequestTimeline> {
  const rng = createTestRng(spec.seed)
  const spanUs = spec.minutes * 60_000_000
  const halfUs = T0_US + spanUs / 2
  const n = spec.requests
  for (let i = 0; i < n; i++) {
    const startUs = T0_US + Math.floor((i / n) * spanUs)
    const replica = `vllm-${i % 8}`
    const k = replica === SLOW_REPLICA && startUs >= halfUs ? 2.5 : 1
    const noise = (): number => 0.8 + 0.4 * rng()
    yield makeTimeline({
      startUs,
      dims: {
        replica,
        node: `node-${Math.floor((i % 8) / 2)}`,
        tenant: `t${i % 5}`,
        ...(spec.regions === true ? { region: i % 3 === 0 ? 'eu' : 'us' } : {}),
      },
      stagesMs: {
        network: 10 * noise(),
        'engine.queue': 5 * noise() * k,
        'engine.prefill': 40 * noise() * k,
        'engine.decode': 2000 * noise() * k,
      },
      tpotMs: 10 * noise() * k,
      inputTokens: Math.round(800 * noise()),
      outputTokens: Math.round(200 * noise()),
    })
  }
}
