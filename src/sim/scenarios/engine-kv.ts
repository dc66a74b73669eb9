import { baseline, globalScope, onset, round1, type ScenarioDef } from '../scenario.js'

/**
 * KV cache pressure: a small KV budget (a second model shares the GPUs) and, from the onset,
 * conversations with long histories. KV usage pins near 1, preemptions climb, requests
 * recompute and queue.
 */
export const kvCachePressure: ScenarioDef = {
  name: 'engine-kv-cache-pressure',
  summary: 'Long conversation contexts fill a small KV cache: usage near 1, preemptions rising',
  causes: ['engine.kv_cache_pressure'],
  build(rng, durationUs) {
    const cfg = baseline(rng)
    const from = onset(rng, durationUs)
    cfg.engine.kvCacheBlocks = rng.int(2200, 2800)
    cfg.engine.gpuMemoryUtilization = 0.5
    cfg.workload.ratePerSec = round1(cfg.cluster.replicas * rng.range(1.4, 1.7))
    cfg.workload.outputMedian = Math.round(rng.range(300, 400))
    cfg.phases.push({
      fromUs: from,
      toUs: durationUs,
      patch: { promptMedian: Math.round(rng.range(2800, 3600)) },
    })
    return {
      config: cfg,
      causes: [
        { cause: 'engine.kv_cache_pressure', scope: globalScope(), fromUs: from, toUs: durationUs },
      ],
    }
  },
}
