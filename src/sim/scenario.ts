import type { Cause, ScopeDimension } from '../core/model/diagnosis.js'
import { defaultSimConfig, type SimConfig } from './config.js'
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
