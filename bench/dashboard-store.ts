/**
 * The dashboard benches' store: N requests over one hour (8 replicas, 5 tenants, 2 regions,
 * ~2 % failures of which a third are timeouts), appended through the store's bulk
 * `upsertRequests` (no HTTP, no assembly), kept in the temp folder per size and reused.
 */
import { createTestRng, makeTimeline, T0_US } from '../src/core/diagnosis/testing/make-timeline.js'
import type { RequestTimeline } from '../src/core/model/request.js'
import type { SpanStore } from '../src/storage/span-store.js'
import { cachedStore } from './cached-store.js'

/** Length of the filled window; it starts at `T0_US`. */
export const BENCH_MINUTES = 60
const SPAN_US = BENCH_MINUTES * 60_000_000
const REPLICAS = Array.from({ length: 8 }, (_, i) => `vllm-${i}`)
const BATCH = 50_000

async function fill(store: SpanStore, N: number): Promise<void> {
  const rng = createTestRng(11)
  let batch: RequestTimeline[] = []
  for (let i = 0; i < N; i++) {
    const startUs = T0_US + Math.floor((i / N) * SPAN_US)
    const noise = (): number => 0.5 + rng()
    const r = makeTimeline({
      startUs,
      dims: {
        replica: REPLICAS[i % REPLICAS.length] as string,
        node: `node-${(i % 8) >> 1}`,
        tenant: `t${i % 5}`,
        region: i % 3 === 0 ? 'eu' : 'us',
      },
      stagesMs: {
        network: 10 * noise(),
        'engine.queue': 5 * noise() * noise(),
        'engine.prefill': 40 * noise(),
        'engine.decode': 2000 * noise(),
      },
      tpotMs: 10 * noise(),
      inputTokens: Math.round(800 * noise()),
      outputTokens: Math.round(200 * noise()),
    })
    // Unique ids across runs of makeTimeline's counter are enough: one fill per process.
    const u = rng()
    if (u < 0.02) {
      r.errorType = u < 0.007 ? 'timeout' : '500'
      r.status = u < 0.007 ? null : 500
    }
    batch.push(r)
    if (batch.length === BATCH) {
      await store.upsertRequests(batch)
      batch = []
    }
  }
  await store.upsertRequests(batch)
}

/** Path of the bench database of `n` requests, built when absent (or when `fresh`). */
export function benchStore(
  n: number,
  fresh: boolean,
  log: (line: string) => void
): Promise<string> {
  return cachedStore(`dashboard-bench-${n}`, `${n} requests`, fresh, log, (store) => fill(store, n))
}
