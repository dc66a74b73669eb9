/**
 * What bench/whatif-mock-engine.bench.ts (the stand-in's engines in real time, their spans over
 * OTLP/HTTP) and bench/whatif-standin-virtual.bench.ts (the stand-in's engine code on a virtual
 * clock) must drive alike: the engine's model, the client's request sizes and the gateway's
 * routing over the replicas.
 */
import type { EngineModel } from '../src/mock-server/engine.js'
import type { Rng } from '../src/core/stats/seeded-random.js'

/** The stand-in engine: saturates near 2.6× RATE's work with these request sizes. */
export const ENGINE: EngineModel = {
  maxBatch: 24,
  prefillMsPerToken: 0.1,
  decodeStepBaseMs: 20,
  decodeStepPerSeqMs: 0.5,
  kvCapacityTokens: 200_000,
}

/**
 * One request's size as the client draws it: prompt words (the stand-in counts a word as a
 * token) and `max_tokens` (the stand-in emits exactly that many).
 */
export function drawRequest(rng: Rng): { words: number; maxTokens: number } {
  const words = Math.max(20, Math.round(rng.lognormal(300, 0.6)))
  const maxTokens = Math.max(4, Math.min(600, Math.round(rng.lognormal(110, 0.6))))
  return { words, maxTokens }
}

/** The replica the k-th request of a phase goes to: round robin in arrival order. */
export function routeOf<T>(replicas: readonly T[], k: number): T {
  return replicas[k % replicas.length]!
}
