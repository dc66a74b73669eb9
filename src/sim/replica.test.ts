import { describe, expect, it } from 'vitest'
import { createRng } from '../core/stats/seeded-random.js'
import { DEFAULT_ENGINE, H100_SXM, MODELS, type EngineConfig } from './config.js'
import { createCostModel } from './cost-model.js'
import { Replica, type ReplicaHost } from './replica.js'
import { REQ_DONE, SimRequest } from './request.js'

/** Deterministic engine: no noise, no warm-up, so step times follow the cost model alone. */
const ENGINE: EngineConfig = { ...DEFAULT_ENGINE, stepNoiseSigma: 0, warmupMs: 0 }

interface Harness {
  replica: Replica
  finished: SimRequest[]
  steps: number[]
  run(): void
  add(req: SimRequest, atUs?: number): void
}

/** One replica driven by a minimal event loop standing in for the simulation. */
function harness(engine: Partial<EngineConfig> = {}, prefixStable = true): Harness {
  const events: { atUs: number; kind: 'step' | 'wake' | 'arrive'; req?: SimRequest }[] = []
  const finished: SimRequest[] = []
  const steps: number[] = []
  const host: ReplicaHost = {
    scheduleStep: (_r, atUs) => events.push({ atUs, kind: 'step' }),
    scheduleWake: (_r, atUs) => events.push({ atUs, kind: 'wake' }),
    finished: (req) => finished.push(req),
    slowFactor: () => 1,
    prefixStable: () => prefixStable,
    prefixTokens: 512,
  }
  const config = { ...ENGINE, ...engine }
  const cm = createCostModel(MODELS['llama-3.1-8b']!, H100_SXM, config)
  const replica = new Replica(
    {
      index: 0,
      pod: 'vllm-0',
      node: 'gpu-0',
      nodeIndex: 0,
      gpuIndexes: [0],
      instance: 'vllm-0:8000',
      version: '0.6.3',
      startedUs: 0,
    },
    cm,
    config,
    host,
    createRng(1)
  )
  return {
    replica,
    finished,
    steps,
    add(req, atUs = 0) {
      events.push({ atUs, kind: 'arrive', req })
    },
    run() {
      for (let n = 0; events.length > 0 && n < 1_000_000; n++) {
        events.sort((a, b) => a.atUs - b.atUs)
        const e = events.shift()!
        if (e.kind === 'arrive') {
          e.req!.engineArriveUs = e.atUs
          replica.enqueue(e.req!, e.atUs)
        } else if (e.kind === 'wake') {
          replica.wake(e.atUs)
        } else {
          steps.push(e.atUs)
          replica.endStep(e.atUs)
        }
      }
    },
  }
}

function request(id: number, promptTokens: number, outputTokens: number, prefixGroup = -1) {
  const r = new SimRequest()
  r.id = id
  r.promptTokens = promptTokens
  r.outputTokens = outputTokens
  r.maxTokens = outputTokens
  r.prefixGroup = prefixGroup
  return r
}

describe('Replica (vLLM-like engine model)', () => {
  it('batches concurrent requests: each decode step advances every running sequence', () => {
    const h = harness()
    for (let i = 0; i < 8; i++) {
      h.add(request(i, 100, 20))
    }
    h.run()
    expect(h.finished).toHaveLength(8)
    expect(h.finished.every((r) => r.state === REQ_DONE && r.generated === 20)).toBe(true)
    // The first arrival starts a step alone (prefill of request 0); the other seven join the
    // next step, whose decode also advances request 0: 21 shared steps, not 8 × 20.
    expect(h.steps).toHaveLength(21)
    expect(h.replica.stats.generationTokens).toBe(8 * 20)
    expect(h.replica.kvUsage).toBe(0)
  })

  it('queues beyond maxNumSeqs and admits in arrival order', () => {
    const h = harness({ maxNumSeqs: 2 })
    for (let i = 0; i < 4; i++) {
      h.add(request(i, 50, 5))
    }
    h.run()
    expect(h.finished.map((r) => r.id)).toEqual([0, 1, 2, 3])
    const [a, , c] = h.finished
    expect(c!.scheduledUs).toBeGreaterThanOrEqual(a!.engineEndUs)
    expect(c!.scheduledUs - c!.queuedUs).toBeGreaterThan(0)
  })

  it('splits a long prompt into chunks of maxNumBatchedTokens (chunked prefill)', () => {
    const h = harness({ maxNumBatchedTokens: 1024 })
    h.add(request(0, 4000, 2))
    h.run()
    // ceil(4000 / 1024) = 4 prefill steps, then one decode step
    expect(h.steps).toHaveLength(5)
    expect(h.finished[0]!.firstTokenUs).toBe(h.steps[3])
  })

  it('preempts the most recently admitted sequence when KV blocks run out, and recomputes it', () => {
    // 40 blocks of 16 tokens; two requests that each grow to 20 blocks + 1 cannot both finish
    const h = harness({ kvCacheBlocks: 40 })
    h.add(request(0, 200, 150))
    h.add(request(1, 200, 150))
    h.run()
    expect(h.finished).toHaveLength(2)
    expect(h.replica.stats.preemptions).toBeGreaterThan(0)
    const [first, second] = h.finished
    expect(first!.id).toBe(0)
    expect(first!.preemptions).toBe(0)
    expect(second!.preemptions).toBeGreaterThan(0)
    expect(second!.generated).toBe(150)
    expect(h.replica.kvUsage).toBe(0)
  })

  it('hits the prefix cache for the second request of a shared prefix', () => {
    const h = harness()
    h.add(request(0, 1000, 2, 7), 0)
    h.add(request(1, 1000, 2, 7), 1_000_000)
    h.add(request(2, 1000, 2, 8), 2_000_000)
    h.run()
    const byId = new Map(h.finished.map((r) => [r.id, r]))
    expect(byId.get(0)!.cachedTokens).toBe(0)
    expect(byId.get(1)!.cachedTokens).toBe(512)
    expect(byId.get(2)!.cachedTokens).toBe(0)
    expect(h.replica.hasPrefix(7) && h.replica.hasPrefix(8)).toBe(true)
    expect(h.replica.stats.prefixHits).toBe(512)
  })

  it('holds new requests for the batching window, unless enough are waiting', () => {
    const held = harness({ batchingWindowMs: 50, batchingPreferredSize: 4 })
    held.add(request(0, 100, 2))
    held.run()
    expect(held.finished[0]!.scheduledUs).toBe(50_000)

    const full = harness({ batchingWindowMs: 50, batchingPreferredSize: 1 })
    full.add(request(0, 100, 2))
    full.run()
    expect(full.finished[0]!.scheduledUs).toBe(0)
  })
})
