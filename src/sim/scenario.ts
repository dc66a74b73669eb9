import type { Cause, ScopeDimension } from '../core/model/diagnosis.js'
import { defaultSimConfig, MODELS, type SimConfig } from './config.js'
import { createCostModel, stepCost } from './cost-model.js'
import type { Rng } from '../core/stats/seeded-random.js'

/** Where an injected cause acts; replica and node scopes are resolved to names when the run starts. */
export type ScopeRef =
  | { dimension: ScopeDimension | null; value: string | null }
  | { dimension: 'replica'; replicaIndex: number }
  | { dimension: 'node'; nodeIndex: number }

export interface InjectedCause {
  cause: Cause
  scope: ScopeRef
  /** Virtual µs since the start of the run. */
  fromUs: number
  toUs: number
}

export interface BuiltScenario {
  config: SimConfig
  causes: InjectedCause[]
}

/** A named scenario: data plus a small function that draws one member of its family from a seed. */
export interface ScenarioDef {
  name: string
  summary: string
  /** The causes it injects (the `healthy` ones list `healthy`). */
  causes: Cause[]
  build(rng: Rng, durationUs: number): BuiltScenario
}

/** Public description of a scenario (`tokenline simulate --list`). */
export interface ScenarioInfo {
  name: string
  summary: string
  causes: Cause[]
}

/**
 * The healthy baseline every scenario starts from, randomised by seed: 4–6 replicas of an 8B
 * model, two per node, steady chat traffic at about a third of capacity.
 */
export function baseline(rng: Rng): SimConfig {
  const cfg = defaultSimConfig()
  cfg.cluster.replicas = rng.pick([4, 4, 6, 6, 8])
  cfg.cluster.version = rng.pick(['v0.8.4', 'v0.8.5', 'v0.9.0'])
  cfg.workload.ratePerSec = round1(cfg.cluster.replicas * rng.range(0.9, 1.3))
  cfg.workload.promptMedian = Math.round(rng.range(550, 900))
  cfg.workload.outputMedian = Math.round(rng.range(140, 220))
  return cfg
}

/** Fault onset: somewhere in the middle of the run, so there is a clean baseline before it. */
export function onset(rng: Rng, durationUs: number): number {
  return Math.round(durationUs * rng.range(0.4, 0.55))
}

export function round1(v: number): number {
  return Math.round(v * 10) / 10
}

export function globalScope(): ScopeRef {
  return { dimension: null, value: null }
}

/** Switches a baseline to a 70B model on 4-GPU replicas (a lower-capacity fleet). */
export function useLargeModel(cfg: SimConfig, rng: Rng): void {
  cfg.cluster.modelKey = 'llama-3.1-70b'
  cfg.cluster.deployment = 'vllm-llama-70b'
  cfg.cluster.replicas = rng.pick([2, 3, 4])
  cfg.cluster.replicasPerNode = 2
}

/** Mean of a lognormal given by its median and sigma, capped at `max` (the cap's mass ignored). */
function lognormalMean(median: number, sigma: number, max: number): number {
  return Math.min(max, median * Math.exp((sigma * sigma) / 2))
}

/**
 * Requests per second one replica of `cfg` finishes with `batch` sequences running: each step
 * moves every sequence one token (the cost model's decode step over the mean context), and each
 * request's prefill lengthens the step it joins by what its uncached prompt adds to that step
 * (prefix-cache hits taken out). The step noise, warm-up and preemption are left out.
 */
export function replicaCapacity(cfg: SimConfig, batch: number): number {
  const model = MODELS[cfg.cluster.modelKey]
  if (model === undefined) {
    throw new Error(`unknown model ${cfg.cluster.modelKey}`)
  }
  const cm = createCostModel(model, cfg.cluster.gpu, cfg.engine)
  const w = cfg.workload
  const output = lognormalMean(w.outputMedian, w.outputSigma, w.maxTokens)
  const prompt = lognormalMean(w.promptMedian, w.promptSigma, w.promptMax)
  const cached = cfg.engine.prefixCaching ? w.prefixShare * Math.min(w.prefixTokens, prompt) : 0
  const uncached = Math.max(1, prompt - cached)
  const decode = {
    prefillTokens: 0,
    prefillAttnPairs: 0,
    decodeTokens: batch,
    decodeCtxTokens: batch * (prompt + output / 2),
  }
  const step = stepCost(cm, decode).durationUs
  const withPrefill = stepCost(cm, {
    ...decode,
    prefillTokens: uncached,
    prefillAttnPairs: uncached * (cached + uncached / 2),
  }).durationUs
  const speed = cfg.cluster.versionSpeed[cfg.cluster.version] ?? 1
  return batch / ((output * step + batch * (withPrefill - step)) * speed * 1e-6)
}

/**
 * The largest `max_num_seqs` at which `ratePerReplica` is at least `overload` times what a replica
 * can finish (`replicaCapacity`), so that the rate is past capacity and the waiting queue grows.
 * A fixed cap does not: with short outputs a 70B replica ran 20 of its 48 slots at three times
 * the traffic and nothing waited (ADR 0542).
 */
export function capPastCapacity(cfg: SimConfig, ratePerReplica: number, overload: number): number {
  let cap = 4
  for (let b = 5; b <= cfg.engine.maxNumSeqs; b++) {
    if (ratePerReplica < overload * replicaCapacity(cfg, b)) {
      break
    }
    cap = b
  }
  return cap
}
