/**
 * What share of an excess fact each cause's mechanism explains, by the fact's carrier (where and
 * how the excess is carried: detect/excess-carrier.ts). A weight of 1 means the mechanism
 * predicts exactly this carrier; a lower weight is a mechanism that can show this way but is not
 * the first reading of it; a cause absent from a carrier does not explain it.
 *
 * These tables are the excess side of each cause record (its `predicts`, in numbers). They live
 * in one file while the per-cause files are being reworked in parallel (ADR 0144); each entry
 * moves into its record's file afterwards.
 */
import type { Cause, Evidence, Finding } from '../../model/diagnosis.js'
import { pct, round } from '../explain/text.js'
import { ramp } from '../../stats/significance.js'
import { scopeCarries, type AnomalyFacts, type Carrier } from '../detect/excess-carrier.js'
import type { MeasureAnomaly } from '../detect/excess-scan.js'
import type { UncoveredFact } from '../detect/uncovered.js'
import {
  LONG_OUTPUT_RATIO,
  LONG_PROMPT_RATIO,
  QUEUE_ONLY_SERVICE,
  RATE_RISE,
} from '../thresholds.js'

export interface ExcessView {
  anomaly: MeasureAnomaly
  facts: AnomalyFacts
  carrier: Carrier
}

type Weight = number | ((x: ExcessView) => number)
type Signature = Partial<Record<Carrier, Weight>>

/**
 * A replica or node that works no slower per token only waits longer: load, not degradation.
 * Queue time alone on one node or replica is load more often than a slow node: a degraded node
 * also prefills and decodes slower.
 */
function queueOnly(f: AnomalyFacts): number {
  return f.service !== null && f.service < QUEUE_ONLY_SERVICE
    ? 0.25
    : f.topStage === 'engine.queue'
      ? 0.5
      : 1
}

/** The scope of a slower-work excess: which cause owns that kind of scope. */
const SCOPE_RATE: Partial<Record<Cause, (f: AnomalyFacts, x: ExcessView) => number>> = {
  'version.regression': (f) => (f.scope?.dimension === 'version' ? 1 : 0),
  'replica.cold_start': (f) =>
    (f.scope?.dimension === 'node' || f.scope?.dimension === 'replica') && f.newReplica ? 1 : 0,
  'node.degraded': (f) => {
    if (f.scope?.dimension !== 'node' && f.scope?.dimension !== 'replica') {
      return 0
    }
    if (f.newReplica) {
      return 0.4
    }
    return (f.scope.dimension === 'replica' ? 0.8 : 1) * queueOnly(f)
  },
  // Imbalance only when the replica got more than its share of the requests.
  'routing.imbalance': (f) =>
    f.scope?.dimension === 'replica' && !f.newReplica
      ? 0.5 * ramp(f.scopeTrafficLift, 1.2, 1.8)
      : 0,
  // A tenant slower than its workload predicts, without a burst of its own, is no cause of the
  // vocabulary: its requests are already weighed by their tokens.
  'tenant.noisy_neighbor': (f) =>
    f.scope?.dimension === 'tenant' && f.burst?.dimension === 'tenant' ? 1 : 0,
  // Round trips delay the first token, not the gaps between tokens, and they add network time:
  // excess inside the engine is not a far region, whatever region it shows in.
  'network.high_rtt': (f, x) =>
    f.scope?.dimension === 'region' && scopeCarries(x.anomaly, f) ? 0.8 : 0,
}

function scopeRate(cause: Cause): Weight {
  const w = SCOPE_RATE[cause]
  return w === undefined ? 0 : (x) => w(x.facts, x)
}

/** Decode time grew: longer outputs, else the scope that owns it, else the engine itself. */
function decode(cause: Cause, everywhere: number): Weight {
  const scoped = SCOPE_RATE[cause]
  return (x) => {
    if (x.facts.outputRatio >= LONG_OUTPUT_RATIO) {
      return cause === 'engine.long_generations' ? 1 : cause === 'engine.memory_bandwidth' ? 0.4 : 0
    }
    return scopeCarries(x.anomaly, x.facts) ? (scoped?.(x.facts, x) ?? 0) : everywhere
  }
}

/** The scope-owning causes read a scoped carrier the same way. */
function scoped(cause: Cause): Signature {
  return {
    'gaps-from-tokens': scopeRate(cause),
    'young-backend': scopeRate(cause),
    'scope-rate': scopeRate(cause),
    'engine-gaps': (x) =>
      x.facts.outputRatio >= LONG_OUTPUT_RATIO ? 0 : (SCOPE_RATE[cause]?.(x.facts, x) ?? 0),
    decode: decode(cause, 0),
  }
}

/** More work arrived everywhere: which kind of work. */
function workload(x: ExcessView): 'outputs' | 'prompts' | 'rate' | 'unclear' {
  const f = x.facts
  if (f.outputRatio >= LONG_OUTPUT_RATIO && f.promptRatio < LONG_PROMPT_RATIO) {
    return 'outputs'
  }
  if (f.promptRatio >= LONG_PROMPT_RATIO) {
    return 'prompts'
  }
  return f.rateRatio >= RATE_RISE ? 'rate' : 'unclear'
}

/**
 * More requests opened a fresh connection, or the same work got slower (no workload shift): the
 * test the three handshake readings (TLS, distance, connection limit) all turn on.
 */
function moreHandshakes(x: ExcessView): boolean {
  return x.facts.freshRise > 0.1 || x.anomaly.parts.kind === 'rate'
}

export const EXCESS_SIGNATURES: Readonly<Partial<Record<Cause, Signature>>> = {
  'engine.queue_saturation': {
    'server-uncovered': (x) => (x.facts.gatewayShare >= 0.5 ? 0.3 : 0.5),
    'tenant-burst': 0.5,
    'backend-load': (x) => (x.facts.scopeTrafficLift >= 1.5 ? 0.3 : 0),
    'kv-pressure': 0.3,
    'prompt-tokens': 0.4,
    workload: (x) => ({ outputs: 0.5, prompts: 0.5, rate: 1, unclear: 0.5 })[workload(x)],
    // The same work got slower: saturation only when more requests came.
    'engine-rate': (x) => 0.5 * ramp(x.facts.rateRatio, 1.05, 1.3),
  },
  'engine.long_prompts': {
    'cache-drop': 0.3,
    'prompt-tokens': 1,
    workload: (x) => ({ outputs: 0, prompts: 1, rate: 0.3, unclear: 0.4 })[workload(x)],
  },
  'engine.long_generations': {
    'engine-gaps': (x) => (x.facts.outputRatio >= LONG_OUTPUT_RATIO ? 0.6 : 0),
    'client-gaps': (x) => (x.facts.tpotMoved ? 0.5 : 0),
    decode: decode('engine.long_generations', 0),
    workload: (x) => (workload(x) === 'outputs' ? 1 : 0),
  },
  'engine.kv_cache_pressure': {
    'kv-pressure': 1,
    decode: decode('engine.kv_cache_pressure', 0.4),
    'engine-rate': 0.2,
  },
  'engine.prefix_cache_miss': { 'cache-drop': 1 },
  'engine.memory_bandwidth': { decode: decode('engine.memory_bandwidth', 0.7) },
  'node.degraded': {
    ...scoped('node.degraded'),
    'server-uncovered': (x) => (x.facts.gatewayShare >= 0.5 ? 0 : 0.3),
    'engine-rate': 0.2,
  },
  'replica.cold_start': scoped('replica.cold_start'),
  'version.regression': scoped('version.regression'),
  'routing.imbalance': {
    ...scoped('routing.imbalance'),
    // Load, not slowness, on one replica: the router sent it more, or ordinary load swings.
    'backend-load': (x) =>
      x.facts.scopeTrafficLift >= 1.5 ? 1 : 0.3 * ramp(x.facts.scopeTrafficLift, 1.1, 1.5),
  },
  'tenant.noisy_neighbor': { ...scoped('tenant.noisy_neighbor'), 'tenant-burst': 1 },
  'network.high_rtt': {
    ...scoped('network.high_rtt'),
    handshake: (x) => (moreHandshakes(x) ? 0 : 0.4),
    'network-time': (x) => (x.facts.scope?.dimension === 'region' ? 1 : 0.6),
  },
  'network.tls_handshake': {
    'connect-wait': 0.4,
    handshake: (x) => (moreHandshakes(x) ? 1 : 0.6),
  },
  'gateway.connection_limit': {
    // Connect time grew far more than the handshake that follows it: SYNs wait or are
    // retransmitted (≈ 1 s steps) at a connection limit, not more handshakes.
    'connect-wait': 1,
    handshake: (x) => (moreHandshakes(x) ? 0.4 : 0),
    'uncovered-with-gaps': 0.3,
    'network-time': (x) => (x.facts.scope?.dimension === 'region' ? 0.3 : 0.7),
  },
  'gateway.queueing': {
    'server-uncovered': (x) => (x.facts.gatewayShare >= 0.5 ? 0.9 : 0),
    'network-time': (x) => (x.facts.scope?.dimension === 'region' ? 0 : 0.4),
    'gateway-wait': 1,
  },
  'proxy.stream_buffering': {
    'client-gaps': (x) => (x.facts.tpotMoved ? 0.5 : 1),
    'uncovered-with-gaps': 1,
  },
  'downstream.dependency': { 'downstream-time': 1 },
}

/** How much of the excess `x` the mechanism of `cause` explains (0..1). */
export function excessWeight(cause: Cause, x: ExcessView): number {
  const w = EXCESS_SIGNATURES[cause]?.[x.carrier]
  if (w === undefined) {
    return 0
  }
  return typeof w === 'number' ? w : w(x)
}

/**
 * The scope and extra evidence a cause gives an excess it explains, when they differ from the
 * fact's own: a tenant's burst names the tenant whose share rose, whatever scope the excess
 * itself localised to (the queue it fills is everyone's).
 */
export function excessScope(
  cause: Cause,
  x: ExcessView
): { scope: Finding['scope']; evidence: Evidence[] } | null {
  if (cause === 'network.tls_handshake') {
    return handshakeScope(x)
  }
  const burst = x.facts.burst
  // A burst of a route or region is a fact too, but no tenant's.
  if (cause !== 'tenant.noisy_neighbor' || burst === null || burst.dimension !== 'tenant') {
    return null
  }
  return {
    scope: { dimension: 'tenant', value: burst.value },
    evidence: [
      {
        dimension: 'tenant',
        observed: round(burst.shareInside),
        baseline: round(burst.shareOutside),
        text: `tenant=${burst.value} went from ${pct(burst.shareOutside)} to ${pct(burst.shareInside)} of requests (${burst.rateInside.toFixed(0)} vs ${burst.rateOutside.toFixed(0)} per step)`,
      },
    ],
  }
}

/**
 * New connections are the clients' doing, not a place's: when their share rose as much outside
 * the excess's scope as inside it, a far region only pays more per handshake (three round trips
 * each) and so carries more of the excess. The handshakes happen everywhere; so does the cause.
 */
function handshakeScope(x: ExcessView): { scope: Finding['scope']; evidence: Evidence[] } | null {
  const f = x.facts
  const rise = f.freshRise
  const elsewhere = f.freshRiseElsewhere
  if (f.scope === null || !(rise > 0) || !(elsewhere >= ELSEWHERE_ALIKE * rise)) {
    return null
  }
  return {
    scope: { dimension: null, value: null },
    evidence: [
      {
        dimension: 'connection_reused',
        observed: round(rise),
        baseline: round(elsewhere),
        text: `the share of requests opening a new connection rose by ${pct(rise)} in ${f.scope.dimension}=${f.scope.value} and by ${pct(elsewhere)} everywhere else: the handshakes are everyone's, ${f.scope.value} only pays more for each`,
      },
    ],
  }
}

/** "Rose as much elsewhere": at least this share of the scope's own rise. */
const ELSEWHERE_ALIKE = 0.5

/**
 * What share of a large amount of time no span covers each cause explains, by where it sits:
 * before the server (an accept queue at a connection limit, or distance), in the gateway (its own
 * wait), in the engine (a queue no span names). Weights are lower than for a change: the time may
 * be fixed overhead.
 */
export const UNCOVERED_SIGNATURES: Readonly<
  Partial<Record<Cause, Partial<Record<UncoveredFact['where'], number>>>>
> = {
  'gateway.connection_limit': { client: 0.6 },
  'network.high_rtt': { client: 0.5 },
  'gateway.queueing': { gateway: 0.6 },
  'engine.queue_saturation': { engine: 0.45 },
}
