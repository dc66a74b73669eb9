/**
 * Turns excess anomalies (excess-scan.ts) into candidate findings: which stage carries the excess
 * (time no span explains is a stage too), whether the workload or the rate shifted, and the
 * narrowest scope that explains it decide the cause. Each anomaly proposes a ranked list of
 * causes; the engine merges them with the rules' findings (see diagnose.ts).
 */
import type { Cause, Finding, ScopeDimension } from '../../model/diagnosis.js'
import { STAGE_NAMES, type StageName } from '../../model/request.js'
import { isoFromMicros, type Micros } from '../../model/units.js'
import type { DiagnosisContext } from '../frame/context.js'
import type { MeasureAnomaly } from './excess-scan.js'
import type { TrafficShift } from './traffic-shift.js'
import { ramp } from '../../stats/significance.js'

const SCOPES: readonly string[] = [
  'replica',
  'node',
  'version',
  'tenant',
  'route',
  'region',
  'model',
]
export const UNATTRIBUTED = 'unattributed'

/** Mean per-request shift of each stage (and of the time no stage covers) from `ref` to `set`. */
export function stageShifts(
  ctx: DiagnosisContext,
  a: MeasureAnomaly,
  set: Uint8Array,
  ref: Uint8Array
): { stage: string; shiftUs: number }[] {
  const frame = ctx.frame
  if (a.stage !== null) {
    // One stage was scanned: its own values (derived where the timeline has no span for it).
    const shiftUs = meanOf(a.values, set, NaN) - meanOf(a.values, ref, NaN)
    return shiftUs === shiftUs ? [{ stage: a.stage, shiftUs }] : []
  }
  const stages: StageName[] = [...a.stages]
  for (const s of STAGE_NAMES) {
    if (
      a.stage === null &&
      s.endsWith('.unattributed') &&
      !stages.includes(s) &&
      a.measure.startsWith('ttft')
    ) {
      stages.push(s)
    }
  }
  let nSet = 0
  let nRef = 0
  for (let i = 0; i < frame.n; i++) {
    if (a.values[i] === a.values[i]) {
      nSet += set[i] === 1 ? 1 : 0
      nRef += set[i] !== 1 && ref[i] === 1 ? 1 : 0
    }
  }
  if (nSet === 0 || nRef === 0) {
    return []
  }
  const out: { stage: string; shiftUs: number }[] = []
  const perSet = new Float64Array(stages.length + 1)
  const perRef = new Float64Array(stages.length + 1)
  for (let i = 0; i < frame.n; i++) {
    const total = a.values[i] as number
    const inSet = set[i] === 1
    if ((!inSet && ref[i] !== 1) || total !== total) {
      continue
    }
    const target = inSet ? perSet : perRef
    let covered = 0
    for (let s = 0; s < stages.length; s++) {
      const v = frame.stages[stages[s] as StageName][i] as number
      const x = v === v && v > 0 ? v : 0
      covered += x
      target[s] = (target[s] as number) + x
    }
    if (a.stage === null && stages.length > 0 && a.measure !== 'tpot' && a.measure !== 'itl_max') {
      target[stages.length] = (target[stages.length] as number) + Math.max(0, total - covered)
    }
  }
  for (let s = 0; s <= stages.length; s++) {
    out.push({
      stage: s < stages.length ? (stages[s] as string) : UNATTRIBUTED,
      shiftUs: (perSet[s] as number) / nSet - (perRef[s] as number) / nRef,
    })
  }
  return out.sort((x, y) => y.shiftUs - x.shiftUs)
}

/** Share of requests with a value of `col` in `mask` (for token and connection shifts). */
function meanOf(values: Float64Array | Int8Array, mask: Uint8Array, missing = -1): number {
  let s = 0
  let n = 0
  for (let i = 0; i < values.length; i++) {
    const v = values[i] as number
    if (mask[i] === 1 && v === v && v !== missing) {
      s += v
      n++
    }
  }
  return n > 0 ? s / n : NaN
}

function isScope(d: string): d is ScopeDimension {
  return SCOPES.includes(d)
}

/** The scope of an anomaly: its localised element's best single dimension, else the series scope. */
function scopeOfAnomaly(a: MeasureAnomaly): { dimension: ScopeDimension; value: string } | null {
  const e = a.localized
  if (e !== null) {
    if (e.dimensions.length === 1) {
      const d = e.dimensions[0] as string
      return isScope(d) ? { dimension: d, value: e.values[0] as string } : null
    }
    // A pair: name the member that alone explains more (the contract names one dimension).
    const singles = e.dimensions.map((d, k) =>
      a.elements.find(
        (x) => x.dimensions.length === 1 && x.dimensions[0] === d && x.values[0] === e.values[k]
      )
    )
    const k = (singles[0]?.explanatoryPower ?? 0) >= (singles[1]?.explanatoryPower ?? 0) ? 0 : 1
    const d = e.dimensions[k] as string
    return isScope(d) ? { dimension: d, value: e.values[k] as string } : null
  }
  // Nothing stands out inside the anomaly set: the scope whose series moved is the scope.
  const s = a.seriesScope
  return s !== null && isScope(s.dimension)
    ? { dimension: s.dimension as ScopeDimension, value: s.value }
    : null
}

export interface AnomalyFacts {
  topStage: string
  stageShare: number
  scope: { dimension: ScopeDimension; value: string } | null
  burst: TrafficShift | null
  outputRatio: number
  cachedDrop: number
  freshRise: number
  newReplica: boolean
  tpotMoved: boolean
  /** Mean prompt tokens in the anomaly set / in the reference. */
  promptRatio: number
  /** Requests per step inside the window / outside it. */
  rateRatio: number
  /** Share of the set's requests with client spans (where buffering can be seen). */
  clientShare: number
  /** Share of the set's requests with gateway spans. */
  gatewayShare: number
  /** How much `client.connect` and `client.tls` grew per request (µs). */
  connectShiftUs: number
  tlsShiftUs: number
  /** The scope's share of the window's requests × the number of values of its dimension. */
  scopeTrafficLift: number
  /** The client's longest inter-token gap rose at the same time (a buffering proxy delays both). */
  itlMoved: boolean
  /** KV cache ≥ 90 % full with preemptions inside the anomaly's window, more than outside it. */
  kvPressure: boolean
  /** Per-token prefill/decode time of the set over the reference (null = not measurable). */
  service: number | null
}

/** Ranked causes an anomaly points at, with weights 0..1. */
export function causesFor(a: MeasureAnomaly, f: AnomalyFacts): [Cause, number][] {
  // Queue time alone on one node or replica is load more often than a slow node: a degraded
  // node also prefills and decodes slower.
  // A scope that works no slower per token only waits longer: load, not degradation.
  const queueOnly =
    f.service !== null && f.service < 1.15 ? 0.25 : f.topStage === 'engine.queue' ? 0.5 : 1
  const rateScoped = (): [Cause, number][] => {
    switch (f.scope?.dimension) {
      case 'version':
        return [['version.regression', 1]]
      case 'node':
        return f.newReplica
          ? [
              ['replica.cold_start', 1],
              ['node.degraded', 0.4],
            ]
          : [['node.degraded', queueOnly]]
      case 'replica':
        return f.newReplica
          ? [
              ['replica.cold_start', 1],
              ['node.degraded', 0.4],
            ]
          : [
              ['node.degraded', 0.8 * queueOnly],
              // Imbalance only when the replica got more than its share of the requests.
              ['routing.imbalance', 0.5 * ramp(f.scopeTrafficLift, 1.2, 1.8)],
            ]
      case 'tenant':
        // A tenant slower than its workload predicts, without a burst of its own, is no cause of
        // the vocabulary: its requests are already weighed by their tokens.
        return f.burst ? [['tenant.noisy_neighbor', 1]] : []
      case 'region':
        // Round trips delay the first token, not the gaps between tokens, and they add network
        // time: excess inside the engine is not a far region, whatever region it shows in.
        return (a.measure.startsWith('ttft') || a.measure === 'e2e') &&
          !f.topStage.startsWith('engine.')
          ? [['network.high_rtt', 0.8]]
          : []
      default:
        return []
    }
  }
  const s = f.topStage
  if (a.measure === 'itl_max' && f.tpotMoved) {
    // The gaps grew because every token got slower: TPOT's own anomaly explains it.
    return rateScoped()
  }
  if (a.measure === 'itl_max' && (s === 'engine.decode' || f.clientShare < 0.5)) {
    // The engine made the gaps (or no client saw them): not a proxy's doing.
    return f.outputRatio >= 1.5 ? [['engine.long_generations', 0.6]] : rateScoped()
  }
  if (a.measure === 'itl_max' || s === 'stream') {
    return f.tpotMoved
      ? [
          ['engine.long_generations', 0.5],
          ['proxy.stream_buffering', 0.5],
        ]
      : [['proxy.stream_buffering', 1]]
  }
  if (s === 'client.connect' && f.connectShiftUs > 2 * Math.max(0, f.tlsShiftUs)) {
    // Connect time grew far more than the handshake that follows it: SYNs wait or are
    // retransmitted (≈ 1 s steps) at a connection limit, not more handshakes.
    return [
      ['gateway.connection_limit', 1],
      ['network.tls_handshake', 0.4],
    ]
  }
  if (s === 'client.tls' || s === 'client.connect' || s === 'client.dns') {
    return f.freshRise > 0.1 || a.parts.kind === 'rate'
      ? [
          ['network.tls_handshake', 1],
          ['gateway.connection_limit', 0.4],
        ]
      : [
          ['network.tls_handshake', 0.6],
          ['network.high_rtt', 0.4],
        ]
  }
  if (s === UNATTRIBUTED && f.clientShare < 0.5) {
    // No client: the uncovered time lies inside the server that measured TTFT.
    return f.gatewayShare >= 0.5
      ? [
          ['gateway.queueing', 0.9],
          ['engine.queue_saturation', 0.3],
        ]
      : [
          ['engine.queue_saturation', 0.5],
          ['node.degraded', 0.3],
        ]
  }
  if ((s === UNATTRIBUTED || s === 'client.unattributed') && f.itlMoved) {
    return [
      ['proxy.stream_buffering', 1],
      ['gateway.connection_limit', 0.3],
    ]
  }
  if (
    s === 'network' ||
    s === 'client.send' ||
    s === 'client.unattributed' ||
    (s === UNATTRIBUTED && a.measure === 'ttft')
  ) {
    return f.scope?.dimension === 'region'
      ? [
          ['network.high_rtt', 1],
          ['gateway.connection_limit', 0.3],
        ]
      : [
          ['gateway.connection_limit', 0.7],
          ['network.high_rtt', 0.6],
          ['gateway.queueing', 0.4],
        ]
  }
  if (s.startsWith('gateway.') && s !== 'gateway.upstream') {
    // A gateway's queue is shared by the requests of every backend: wait that lands on one
    // replica's or node's requests is that backend's time (no engine span split it off).
    const backend = f.scope?.dimension === 'replica' || f.scope?.dimension === 'node'
    return backend ? rateScoped() : [['gateway.queueing', 1]]
  }
  if (s === 'downstream' || s === 'gateway.upstream') {
    return [['downstream.dependency', 1]]
  }
  if (f.burst && f.burst.dimension === 'tenant') {
    return [
      ['tenant.noisy_neighbor', 1],
      ['engine.queue_saturation', 0.5],
    ]
  }
  if (
    a.parts.kind === 'mix' &&
    (f.scope?.dimension === 'replica' || f.scope?.dimension === 'node')
  ) {
    // Load, not slowness, on one replica: the router sent it more, or ordinary load swings.
    return f.scopeTrafficLift >= 1.5
      ? [
          ['routing.imbalance', 1],
          ['engine.queue_saturation', 0.3],
        ]
      : [['routing.imbalance', 0.3 * ramp(f.scopeTrafficLift, 1.1, 1.5)]]
  }
  const scoped = rateScoped()
  if (f.kvPressure && a.parts.kind === 'rate' && scoped.length === 0) {
    // The same work got slower while the KV cache ran full and preempted: the engine runs fewer
    // sequences at once, so requests queue and decode slower.
    return [
      ['engine.kv_cache_pressure', 1],
      ['engine.queue_saturation', 0.3],
    ]
  }
  if (a.measure === 'tpot' || s === 'engine.decode') {
    if (f.outputRatio >= 1.5) {
      return [
        ['engine.long_generations', 1],
        ['engine.memory_bandwidth', 0.4],
      ]
    }
    return scoped.length > 0
      ? scoped
      : [
          ['engine.memory_bandwidth', 0.7],
          ['engine.kv_cache_pressure', 0.4],
        ]
  }
  if (f.newReplica && (f.scope?.dimension === 'replica' || f.scope?.dimension === 'node')) {
    // A replica that joined inside the window: cold caches and first compilations are its own.
    return rateScoped()
  }
  if (f.cachedDrop > 0.15 && (s === 'engine.prefill' || s === 'engine.queue')) {
    // Fewer prompt tokens came from the prefix cache: the same prompts cost more prefill.
    return [
      ['engine.prefix_cache_miss', 1],
      ['engine.long_prompts', 0.3],
    ]
  }
  if (a.parts.tokensUs > Math.max(a.parts.rateUs, a.parts.loadUs) && a.parts.tokensUs > 0) {
    return [
      ['engine.long_prompts', 1],
      ['engine.queue_saturation', 0.4],
    ]
  }
  if (f.cachedDrop > 0.2 && s === 'engine.prefill') {
    return [
      ['engine.prefix_cache_miss', 1],
      ['engine.long_prompts', 0.4],
    ]
  }
  if (scoped.length > 0) {
    return scoped
  }
  if (a.parts.kind === 'mix') {
    // More work arrived: longer prompts or outputs per request, or more requests.
    if (f.outputRatio >= 1.5 && f.promptRatio < 1.4) {
      return [
        ['engine.long_generations', 1],
        ['engine.queue_saturation', 0.5],
      ]
    }
    if (f.promptRatio >= 1.4) {
      return [
        ['engine.long_prompts', 1],
        ['engine.queue_saturation', 0.5],
      ]
    }
    return f.rateRatio >= 1.15
      ? [
          ['engine.queue_saturation', 1],
          ['engine.long_prompts', 0.3],
        ]
      : [
          ['engine.queue_saturation', 0.5],
          ['engine.long_prompts', 0.4],
        ]
  }
  // The same work got slower in the engine and nothing above names why: saturation only when
  // more requests came; the rest are guesses and weigh little.
  return [
    ['engine.queue_saturation', 0.5 * ramp(f.rateRatio, 1.05, 1.3)],
    ['engine.kv_cache_pressure', 0.2],
    ['node.degraded', 0.2],
  ]
}

function windowOf(ctx: DiagnosisContext, a: MeasureAnomaly): Finding['window'] {
  const b = a.buckets
  if (b === null) {
    return null
  }
  const from = ctx.grid.fromUs + b.from * ctx.grid.stepUs
  const to = Math.min(ctx.input.window.toUs, ctx.grid.fromUs + (b.to + 1) * ctx.grid.stepUs)
  return { start: isoFromMicros(from as Micros), end: isoFromMicros(to as Micros) }
}

export { windowOf as anomalyWindow, scopeOfAnomaly, meanOf }
