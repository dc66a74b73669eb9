import { baseline, round1, type ScenarioDef } from '../scenario.js'

/** Steady, evenly spread traffic well inside capacity. */
export const healthy: ScenarioDef = {
  name: 'healthy',
  summary: 'Steady chat traffic on an 8B model, evenly routed, well inside capacity',
  causes: ['healthy'],
  build(rng) {
    return { config: baseline(rng), causes: [] }
  },
}

/**
 * Slow but healthy: a 70B model on 4-GPU replicas serving long prompts. Latency is high for
 * the model's size and the prompts' length, yet steady and spread evenly: diagnosis must say
 * `healthy`, not invent a cause.
 */
export const healthyHeavy: ScenarioDef = {
  name: 'healthy-heavy',
  summary: 'A 70B model with long prompts: high but steady, evenly spread latency (still healthy)',
  causes: ['healthy'],
  build(rng) {
    const cfg = baseline(rng)
    cfg.cluster.modelKey = 'llama-3.1-70b'
    cfg.cluster.deployment = 'vllm-llama-70b'
    cfg.cluster.replicas = rng.pick([2, 3, 4])
    cfg.cluster.replicasPerNode = 2
    cfg.workload.promptMedian = Math.round(rng.range(5000, 8000))
    cfg.workload.promptSigma = 0.35
    cfg.workload.promptMax = 24_000
    cfg.workload.prefixShare = 0.3
    cfg.workload.outputMedian = Math.round(rng.range(350, 500))
    cfg.workload.outputSigma = 0.4
    cfg.workload.maxTokens = 2048
    cfg.workload.ratePerSec = round1(cfg.cluster.replicas * rng.range(0.35, 0.5))
    return { config: cfg, causes: [] }
  },
}
