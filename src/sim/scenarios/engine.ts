import {
  baseline,
  capPastCapacity,
  globalScope,
  onset,
  round1,
  useLargeModel,
  type ScenarioDef,
} from '../scenario.js'

/** A dynamic batching window holds requests to form batches: worst when traffic is light. */
export const batchingWindow: ScenarioDef = {
  name: 'engine-batching-window',
  summary: 'A 50–150 ms batch wait window delays every request at light traffic; GPUs idle',
  causes: ['engine.batching_window'],
  build(rng, durationUs) {
    const cfg = baseline(rng)
    cfg.engine.batchingWindowMs = rng.int(50, 150)
    cfg.engine.batchingPreferredSize = 16
    cfg.workload.ratePerSec = round1(cfg.cluster.replicas * rng.range(0.5, 0.8))
    return {
      config: cfg,
      causes: [
        { cause: 'engine.batching_window', scope: globalScope(), fromUs: 0, toUs: durationUs },
      ],
    }
  },
}

/** Demand rises past what the fleet can serve: queues grow on every replica. */
export const queueSaturation: ScenarioDef = {
  name: 'engine-queue-saturation',
  summary: 'Traffic rises beyond fleet capacity; waiting queues grow on all replicas',
  causes: ['engine.queue_saturation'],
  build(rng, durationUs) {
    const cfg = baseline(rng)
    useLargeModel(cfg, rng)
    const from = onset(rng, durationUs)
    const overload = rng.range(1.2, 1.5)
    cfg.workload.ratePerSec = round1(cfg.cluster.replicas * rng.range(1.6, 2))
    const rise = round1(rng.range(3, 3.5))
    // The cap is set from the cost model so that the risen rate is past what the fleet finishes
    // (by `overload`) and the one before is about half of it: the fault is the queue by design.
    cfg.engine.maxNumSeqs = capPastCapacity(
      cfg,
      (cfg.workload.ratePerSec * rise) / cfg.cluster.replicas,
      overload
    )
    cfg.phases.push({ fromUs: from, toUs: durationUs, patch: { rateMultiplier: rise } })
    return {
      config: cfg,
      causes: [
        { cause: 'engine.queue_saturation', scope: globalScope(), fromUs: from, toUs: durationUs },
      ],
    }
  },
}

/** An influx of 10k–20k-token prompts: long prefills, TTFT up, the queue blocks behind them. */
export const longPrompts: ScenarioDef = {
  name: 'engine-long-prompts',
  summary: 'An influx of very long prompts makes prefill slow and blocks the queue',
  causes: ['engine.long_prompts'],
  build(rng, durationUs) {
    const cfg = baseline(rng)
    const from = onset(rng, durationUs)
    cfg.workload.promptMax = 32_000
    cfg.workload.longPromptMedian = rng.int(12_000, 20_000)
    cfg.phases.push({
      fromUs: from,
      toUs: durationUs,
      patch: { longPromptShare: round1(rng.range(0.2, 0.35)) },
    })
    return {
      config: cfg,
      causes: [
        { cause: 'engine.long_prompts', scope: globalScope(), fromUs: from, toUs: durationUs },
      ],
    }
  },
}

/** Shared system prompts start carrying per-request data: prefix-cache hits collapse. */
export const prefixCacheMiss: ScenarioDef = {
  name: 'engine-prefix-cache-miss',
  summary: 'A prompt-template change puts per-request data in the system prompt; prefix hits drop',
  causes: ['engine.prefix_cache_miss'],
  build(rng, durationUs) {
    const cfg = baseline(rng)
    const from = onset(rng, durationUs)
    cfg.workload.prefixShare = 0.9
    cfg.workload.prefixGroups = rng.int(3, 6)
    cfg.workload.prefixTokens = rng.int(2500, 4000)
    cfg.workload.promptMedian = cfg.workload.prefixTokens + 400
    cfg.workload.promptSigma = 0.25
    cfg.workload.ratePerSec = round1(cfg.cluster.replicas * rng.range(1.5, 2.5))
    cfg.phases.push({ fromUs: from, toUs: durationUs, patch: { prefixStable: false } })
    return {
      config: cfg,
      causes: [
        { cause: 'engine.prefix_cache_miss', scope: globalScope(), fromUs: from, toUs: durationUs },
      ],
    }
  },
}

/** A few very long generations share every batch and slow all co-batched decoding. */
export const longGenerations: ScenarioDef = {
  name: 'engine-long-generations',
  summary: 'A share of requests generate thousands of tokens; TPOT of co-batched requests rises',
  causes: ['engine.long_generations'],
  build(rng, durationUs) {
    const cfg = baseline(rng)
    const from = onset(rng, durationUs)
    cfg.workload.ratePerSec = round1(cfg.cluster.replicas * rng.range(1.5, 2))
    cfg.workload.longOutputMedian = rng.int(3000, 5000)
    cfg.workload.longOutputMaxTokens = 8192
    cfg.phases.push({
      fromUs: from,
      toUs: durationUs,
      patch: { longOutputShare: round1(rng.range(0.08, 0.12) * 100) / 100 },
    })
    return {
      config: cfg,
      causes: [
        { cause: 'engine.long_generations', scope: globalScope(), fromUs: from, toUs: durationUs },
      ],
    }
  },
}

/** Big decode batches: every step reads the KV of hundreds of sequences, TPOT rises with batch. */
export const memoryBandwidth: ScenarioDef = {
  name: 'engine-memory-bandwidth',
  summary: 'Large decode batches saturate HBM bandwidth; TPOT rises with batch size',
  causes: ['engine.memory_bandwidth'],
  build(rng, durationUs) {
    const cfg = baseline(rng)
    const from = onset(rng, durationUs)
    cfg.cluster.replicas = 2
    cfg.engine.maxNumSeqs = 512
    cfg.workload.promptMedian = rng.int(600, 1000)
    cfg.workload.promptSigma = 0.3
    cfg.workload.outputMedian = rng.int(450, 650)
    cfg.workload.outputSigma = 0.3
    cfg.workload.ratePerSec = round1(2 * rng.range(3, 4))
    cfg.phases.push({
      fromUs: from,
      toUs: durationUs,
      patch: { rateMultiplier: round1(rng.range(4, 4.5)) },
    })
    return {
      config: cfg,
      causes: [
        { cause: 'engine.memory_bandwidth', scope: globalScope(), fromUs: from, toUs: durationUs },
      ],
    }
  },
}
