import { AppError } from '../core/errors.js'
import type { Cause, ScopeDimension } from '../core/model/diagnosis.js'
import type { ChangeEvent } from '../core/model/event.js'
import type { MetricFamilyMeta, MetricSample } from '../core/model/metric.js'
import { isoFromMicros, type Micros } from '../core/model/units.js'
import { otlpTracesJson } from './emit-otlp.js'
import { k8sEventItem, toChangeEvent } from './events.js'
import type { SimRequest } from './request.js'
import { createRng } from '../core/stats/seeded-random.js'
import type { ScenarioDef, ScenarioInfo, ScopeRef } from './scenario.js'
import { SCENARIOS } from './scenarios/registry.js'
import { SIM_METRIC_FAMILIES, Scraper } from './scrape.js'
import { Simulation } from './simulation.js'
import type { RouterPolicy, SimConfig } from './config.js'

/**
 * Appends a deploy at `atUs` that puts the fleet's first version back on every replica an
 * earlier deploy replaced. A deploy retires the replicas it names and appends new ones, so the
 * indexes of those new ones are counted through the control actions in time order.
 */
function addRollback(cfg: SimConfig, atUs: number): void {
  let count = cfg.cluster.replicas
  const deployed: number[] = []
  for (const c of [...cfg.control].sort((a, b) => a.atUs - b.atUs)) {
    if (c.atUs >= atUs) {
      break
    }
    if (c.kind === 'scale') {
      count += c.add
    } else if (c.kind === 'deploy') {
      for (const idx of c.replicaIndexes) {
        if (idx < count) {
          deployed.push(count++)
        }
      }
    }
  }
  if (deployed.length > 0) {
    cfg.control.push({
      atUs,
      kind: 'deploy',
      replicaIndexes: deployed,
      version: cfg.cluster.version,
      canary: false,
    })
  }
}

/** Default start of a run on the real clock: a fixed instant, so files are reproducible. */
export const DEFAULT_START_MS = Date.UTC(2025, 5, 2, 9, 0, 0)
export const DEFAULT_DURATION_MS = 15 * 60_000

export interface RunOptions {
  scenario: string
  seed: number
  durationMs?: number
  /** Epoch ms of virtual time 0. */
  startMs?: number
  /** Overrides the scenario's base arrival rate (requests/s); its phases still scale it. */
  ratePerSec?: number
  /** Overrides the share of requests with a probe client span (0..1). */
  probeShare?: number
  /**
   * Seeds the traffic and engine noise apart from the scenario's platform (which `seed` still
   * draws): another run of the same platform, for held-out checks of a fitted twin.
   */
  trafficSeed?: number
  /** Overrides the scenario's replica count (a held-out run with one more replica). */
  replicas?: number
  /** Multiplies the scenario's base arrival rate (after `ratePerSec`): a held-out run at 2× load. */
  loadFactor?: number
  /** Overrides the router's policy (a held-out run with another routing). */
  routing?: RouterPolicy
  /** Overrides the engines' `max_num_seqs` (a batch cap that no metric exports, as in vLLM). */
  maxNumSeqs?: number
  /**
   * Virtual ms at which every deploy made before it is rolled back to the fleet's first version
   * (one deploy event): a fault that a change ends, for checks of what a recovery is credited to.
   */
  rollbackAtMs?: number
}

/** The `expected.json` document: what the scenario injected. */
export interface ExpectedOutcome {
  scenario: string
  seed: number
  causes: {
    cause: Cause
    scope: { dimension: ScopeDimension | null; value: string | null }
    window: { start: string; end: string }
  }[]
}

/** What a run yields, in virtual-time order. Times are epoch µs. */
export type SimOutput =
  | { kind: 'requests'; timeUs: Micros; requests: readonly SimRequest[] }
  | { kind: 'metrics'; timeUs: Micros; samples: MetricSample[] }
  | { kind: 'event'; timeUs: Micros; event: ChangeEvent; k8s: Record<string, unknown> }

/** A prepared run: iterate `outputs()` once; render traces with `tracesJson()`. */
export interface SimulationRun {
  readonly info: ScenarioInfo
  readonly expected: ExpectedOutcome
  readonly epochUs: number
  readonly durationUs: number
  readonly families: readonly MetricFamilyMeta[]
  readonly simulation: Simulation
  outputs(): Generator<SimOutput>
  /** One OTLP/JSON ExportTraceServiceRequest (single line) with every span of `requests`. */
  tracesJson(requests: readonly SimRequest[]): string
}

/** Every scenario's name, summary and injected causes. */
export function listScenarios(): ScenarioInfo[] {
  return SCENARIOS.map((s) => ({ name: s.name, summary: s.summary, causes: [...s.causes] }))
}

/** A scenario by name; throws AppError('SIM_SCENARIO_INVALID') naming the known ones. */
export function getScenario(name: string): ScenarioDef {
  const s = SCENARIOS.find((x) => x.name === name)
  if (s === undefined) {
    throw new AppError(
      'SIM_SCENARIO_INVALID',
      `expected a scenario name (${SCENARIOS.map((x) => x.name).join(', ')}), got "${name}"`
    )
  }
  return s
}

/** Builds a run of a scenario from a seed; nothing is simulated until `outputs()` is iterated. */
export function createRun(options: RunOptions): SimulationRun {
  const def = getScenario(options.scenario)
  const durationMs = options.durationMs ?? DEFAULT_DURATION_MS
  if (!Number.isFinite(durationMs) || durationMs < 60_000) {
    throw new AppError(
      'SIM_SCENARIO_INVALID',
      `expected a duration of at least 60000 ms, got ${durationMs}`
    )
  }
  if (!Number.isSafeInteger(options.seed)) {
    throw new AppError('SIM_SCENARIO_INVALID', `expected an integer seed, got ${options.seed}`)
  }
  const durationUs = durationMs * 1000
  const built = def.build(createRng(options.seed).fork(`scenario:${def.name}`), durationUs)
  const cfg = built.config
  if (options.ratePerSec !== undefined) {
    cfg.workload.ratePerSec = options.ratePerSec
  }
  if (options.probeShare !== undefined) {
    cfg.client.probeShare = options.probeShare
  }
  if (options.replicas !== undefined) {
    cfg.cluster.replicas = options.replicas
  }
  if (options.loadFactor !== undefined) {
    cfg.workload.ratePerSec *= options.loadFactor
  }
  if (options.maxNumSeqs !== undefined) {
    cfg.engine.maxNumSeqs = options.maxNumSeqs
  }
  if (options.routing !== undefined) {
    cfg.router.policy = options.routing
  }
  if (options.rollbackAtMs !== undefined) {
    addRollback(cfg, options.rollbackAtMs * 1000)
  }
  const sim = new Simulation(cfg, options.trafficSeed ?? options.seed, durationUs)
  const epochUs = (options.startMs ?? DEFAULT_START_MS) * 1000
  const resolve = (s: ScopeRef): { dimension: ScopeDimension | null; value: string | null } => {
    if ('replicaIndex' in s) {
      return { dimension: 'replica', value: replicaPod(sim, s.replicaIndex) }
    }
    if ('nodeIndex' in s) {
      return { dimension: 'node', value: sim.names.node(s.nodeIndex) }
    }
    return { dimension: s.dimension, value: s.value }
  }
  const expected: ExpectedOutcome = {
    scenario: def.name,
    seed: options.seed,
    causes: built.causes.map((c) => ({
      cause: c.cause,
      scope: resolve(c.scope),
      window: {
        start: isoFromMicros((epochUs + c.fromUs) as Micros),
        end: isoFromMicros((epochUs + c.toUs) as Micros),
      },
    })),
  }
  const info: ScenarioInfo = { name: def.name, summary: def.summary, causes: [...def.causes] }
  const ctx = { sim, epochUs, apiHost: 'api.llm.example.com' }
  return {
    info,
    expected,
    epochUs,
    durationUs,
    families: SIM_METRIC_FAMILIES,
    simulation: sim,
    tracesJson: (requests) => otlpTracesJson(ctx, requests),
    *outputs() {
      const scraper = new Scraper(sim, epochUs)
      let ordinal = 0
      for (const step of sim.run()) {
        const timeUs = (epochUs + step.timeUs) as Micros
        if (step.kind === 'requests') {
          yield { kind: 'requests', timeUs, requests: step.requests }
        } else if (step.kind === 'scrape') {
          yield { kind: 'metrics', timeUs, samples: scraper.scrape(step.timeUs) }
        } else {
          yield {
            kind: 'event',
            timeUs,
            event: toChangeEvent(step.change, epochUs, sim.model.name),
            k8s: k8sEventItem(step.change, epochUs, cfg.cluster.namespace, ordinal++),
          }
        }
      }
    },
  }
}

/**
 * Name of the pod a replica index will have. Replicas added later (scale-ups) do not exist yet
 * when the run starts, so their names are drawn now in the same order the simulation will use.
 */
function replicaPod(sim: Simulation, index: number): string {
  return sim.replicas[index]?.id.pod ?? sim.reservePodName(index)
}
