import { describe, expect, it } from 'vitest'
import {
  MODELS,
  Simulation,
  defaultSimConfig,
  type SimConfig,
  type SimRequest,
} from '../../src/sim/index.js'
import { createCostModel, stepCost } from '../../src/sim/cost-model.js'
import { getScenario } from '../../src/sim/index.js'
import { replicaCapacity, useLargeModel } from '../../src/sim/scenario.js'
import { createRng } from '../../src/core/stats/seeded-random.js'

/** One replica, no prefixes, no noise: the engine model alone. */
function engineOnly(patch: (c: SimConfig) => void): SimConfig {
  const c = defaultSimConfig()
  c.cluster.replicas = 1
  c.engine.stepNoiseSigma = 0
  c.workload.prefixShare = 0
  c.workload.promptSigma = 0
  c.workload.outputSigma = 0
  c.client.probeShare = 0
  c.gateway.retryShare = 0
  patch(c)
  return c
}

function runAll(c: SimConfig, seconds: number, seed = 1): { reqs: SimRequest[]; sim: Simulation } {
  const sim = new Simulation(c, seed, seconds * 1e6)
  const reqs: SimRequest[] = []
  for (const s of sim.run()) {
    if (s.kind === 'requests') {
      reqs.push(...s.requests)
    }
  }
  return { reqs, sim }
}

const quantile = (xs: number[], q: number): number => {
  const s = [...xs].sort((a, b) => a - b)
  return s[Math.min(s.length - 1, Math.floor(q * s.length))]!
}

describe('engine fidelity', () => {
  it('TTFT grows about linearly with prompt length at low load', () => {
    const prefill = (prompt: number): number => {
      const { reqs } = runAll(
        engineOnly((c) => {
          c.workload.promptMedian = prompt
          c.workload.ratePerSec = 0.2
          c.engine.chunkedPrefill = false
        }),
        300
      )
      return quantile(
        reqs.map((r) => r.firstTokenUs - r.scheduledUs),
        0.5
      )
    }
    const p1 = prefill(1000)
    const p4 = prefill(4000)
    const p8 = prefill(8000)
    expect(p4 / p1).toBeGreaterThan(3)
    expect(p4 / p1).toBeLessThan(5)
    expect(p8 / p1).toBeGreaterThan(6.5)
    expect(p8 / p1).toBeLessThan(10)
  })

  it('decode step time grows with batch size and KV tokens', () => {
    const c = defaultSimConfig()
    const cm = createCostModel(MODELS['llama-3.1-8b']!, c.cluster.gpu, c.engine)
    const step = (batch: number, ctx: number): number =>
      stepCost(cm, {
        prefillTokens: 0,
        prefillAttnPairs: 0,
        decodeTokens: batch,
        decodeCtxTokens: batch * ctx,
      }).durationUs
    expect(step(1, 1000)).toBeGreaterThan(5000)
    expect(step(1, 1000)).toBeLessThan(9000)
    expect(step(64, 1000)).toBeGreaterThan(step(1, 1000))
    expect(step(256, 1000)).toBeGreaterThan(step(64, 1000) * 1.5)
    expect(step(64, 4000)).toBeGreaterThan(step(64, 1000))
  })

  it('queue time climbs steeply as utilisation nears 1', () => {
    const q99 = (rate: number): number => {
      const { reqs } = runAll(
        engineOnly((c) => {
          c.engine.maxNumSeqs = 8
          c.workload.ratePerSec = rate
        }),
        600
      )
      return quantile(
        reqs.map((r) => r.scheduledUs - r.queuedUs),
        0.99
      )
    }
    const low = q99(1)
    const mid = q99(2)
    const high = q99(3)
    expect(mid).toBeGreaterThan(low)
    expect(high).toBeGreaterThan(mid * 3)
  })

  it('preempts only when the KV cache is full', () => {
    const run = (blocks: number | null) => {
      const c = engineOnly((cfg) => {
        cfg.engine.kvCacheBlocks = blocks
        cfg.workload.promptMedian = 2000
        cfg.workload.outputMedian = 400
        cfg.workload.ratePerSec = 6
      })
      const sim = new Simulation(c, 1, 300e6)
      let maxKv = 0
      let kvWhenFirstPreempted = -1
      for (const s of sim.run()) {
        if (s.kind !== 'scrape') {
          continue
        }
        const r = sim.replicas[0]!
        maxKv = Math.max(maxKv, r.kvUsage)
        if (kvWhenFirstPreempted < 0 && r.stats.preemptions > 0) {
          kvWhenFirstPreempted = maxKv
        }
      }
      return { preemptions: sim.replicas[0]!.stats.preemptions, maxKv, kvWhenFirstPreempted }
    }
    const roomy = run(null)
    expect(roomy.preemptions).toBe(0)
    expect(roomy.maxKv).toBeLessThan(0.5)
    const tight = run(1500)
    expect(tight.preemptions).toBeGreaterThan(0)
    expect(tight.kvWhenFirstPreempted).toBeGreaterThan(0.9)
  })

  it('a 50 ms batching window puts P99 queue time near 50 ms at low load, less at high load', () => {
    // High load: short requests at 300/s, so the batch fills (4 waiting) before the window ends.
    const q99 = (rate: number, seconds: number, short: boolean): number => {
      const { reqs } = runAll(
        engineOnly((c) => {
          c.engine.batchingWindowMs = 50
          c.engine.batchingPreferredSize = 4
          c.workload.ratePerSec = rate
          if (short) {
            c.workload.promptMedian = 50
            c.workload.outputMedian = 10
          }
        }),
        seconds
      )
      return quantile(
        reqs.map((r) => r.scheduledUs - r.queuedUs),
        0.99
      )
    }
    const low = q99(0.5, 300, false)
    expect(low).toBeGreaterThan(45_000)
    expect(low).toBeLessThan(70_000)
    expect(q99(300, 60, true)).toBeLessThan(low * 0.7)
  })

  it('a prefix-cache hit shortens prefill in proportion to the cached tokens', () => {
    const prefill = (stable: boolean): { us: number; cached: number } => {
      const c = engineOnly((cfg) => {
        cfg.workload.promptMedian = 4000
        cfg.workload.prefixShare = 1
        cfg.workload.prefixGroups = 1
        cfg.workload.prefixTokens = 3000
        cfg.workload.ratePerSec = 0.2
        cfg.engine.chunkedPrefill = false
        if (!stable) {
          cfg.phases.push({ fromUs: 0, toUs: 1e12, patch: { prefixStable: false } })
        }
      })
      const { reqs } = runAll(c, 300)
      const rest = reqs.slice(1)
      return {
        us: quantile(
          rest.map((r) => r.firstTokenUs - r.scheduledUs),
          0.5
        ),
        cached: rest[0]!.cachedTokens,
      }
    }
    const hit = prefill(true)
    const miss = prefill(false)
    expect(hit.cached).toBe(2992)
    expect(miss.cached).toBe(0)
    const expected = (4000 - 2992) / 4000
    expect(hit.us / miss.us).toBeGreaterThan(expected * 0.8)
    expect(hit.us / miss.us).toBeLessThan(expected * 1.5)
  })
})

describe('a replica past its capacity (ADR 0542)', () => {
  /** Requests one replica finished per second over [100 s, 300 s) while offered 1.5× `replicaCapacity`. */
  function served(model: 'small' | 'large', cap: number): { estimate: number; served: number } {
    const c = defaultSimConfig()
    if (model === 'large') {
      useLargeModel(c, createRng(1))
    }
    c.cluster.replicas = 1
    c.client.probeShare = 0
    c.gateway.retryShare = 0
    c.gateway.maxConcurrent = 1_000_000
    c.engine.maxNumSeqs = cap
    const estimate = replicaCapacity(c, cap)
    c.workload.ratePerSec = estimate * 1.5
    const { reqs } = runAll(c, 300)
    const done = reqs.filter((r) => r.engineEndUs >= 100e6 && r.engineEndUs < 300e6).length
    return { estimate, served: done / 200 }
  }

  it('serves what replicaCapacity says at its cap, give or take 15 %, and not more', () => {
    for (const [model, cap] of [
      ['small', 32],
      ['large', 16],
    ] as const) {
      const { estimate, served: rate } = served(model, cap)
      expect(rate / estimate, `${model} model, cap ${cap}`).toBeGreaterThan(0.85)
      expect(rate / estimate, `${model} model, cap ${cap}`).toBeLessThan(1.02)
    }
  })

  it('engine-queue-saturation: the risen traffic is past the cap it draws, and the waiting queue grows', () => {
    // Seeds 86 and 87 drew caps of 64 and 48 before, which their traffic never filled: nothing
    // waited, and the scenario's label said a queue that was not there.
    for (const seed of [86, 87]) {
      const built = getScenario('engine-queue-saturation').build(
        createRng(seed).fork('scenario:engine-queue-saturation'),
        600e6
      )
      const c = built.config
      const from = built.causes[0]!.fromUs
      const perReplica = c.workload.ratePerSec / c.cluster.replicas
      const rise = c.phases[0]!.patch.rateMultiplier!
      const capacity = replicaCapacity(c, c.engine.maxNumSeqs)
      expect(perReplica / capacity).toBeLessThan(0.6)
      expect((perReplica * rise) / capacity).toBeGreaterThan(1.2)
      const { reqs } = runAll(c, 600, seed)
      const wait = (fromUs: number, toUs: number): number => {
        const w = reqs
          .filter((r) => r.engineArriveUs >= fromUs && r.engineArriveUs < toUs && r.scheduledUs > 0)
          .map((r) => r.scheduledUs - r.engineArriveUs)
        return w.reduce((a, b) => a + b, 0) / w.length
      }
      const before = wait(60e6, from)
      const late = wait(from + 0.5 * (600e6 - from), 600e6)
      expect(
        late,
        `seed ${seed}: mean engine wait ${late} µs late against ${before} before`
      ).toBeGreaterThan(20 * before + 1e6)
    }
  })
})
