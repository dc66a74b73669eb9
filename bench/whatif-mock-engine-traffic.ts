/**
 * What bench/whatif-mock-engine.bench.ts (the stand-in's engines in real time, their spans over
 * OTLP/HTTP) and bench/whatif-standin-virtual.bench.ts (the stand-in's engine code on a virtual
 * clock) must drive alike: the engine's model, the client's request sizes and the gateway's
 * routing over the replicas; and the engine's own cost law in the twin's terms, which those and
 * bench/whatif-knee.bench.ts put in place of the fitted one as an oracle.
 */
import type { EngineModel } from '../src/mock-server/engine.js'
import type { Rng } from '../src/core/stats/seeded-random.js'
import type { TwinReplica } from '../src/sim/twin/engine.js'

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

/**
 * The stand-in's own cost law on every step of the twin's engine, the decode-only ones too: the
 * stand-in counts the admitted sequences in its per-sequence cost (one a step, the usual case at
 * these rates).
 */
export function standInLaw(r: TwinReplica): TwinReplica {
  return {
    ...r,
    step: {
      decodeBaseUs: 1000 * ENGINE.decodeStepBaseMs,
      perDecodeSeqUs: 1000 * ENGINE.decodeStepPerSeqMs,
      perKvTokenUs: 0,
      prefillBaseUs: 0,
      perPrefillTokenUs: 1000 * ENGINE.prefillMsPerToken,
      law: 'additive',
    },
    stepUs: (prefill: number, decoding: number) =>
      1000 *
      (ENGINE.decodeStepBaseMs +
        ENGINE.decodeStepPerSeqMs * (decoding + 1) +
        ENGINE.prefillMsPerToken * prefill),
  }
}
