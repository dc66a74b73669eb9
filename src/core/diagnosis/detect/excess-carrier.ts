/**
 * Facts about an excess anomaly (excess-scan.ts), with no cause in them: which stage carries the
 * excess (time no span explains is a stage too), its scope, how it splits into workload and
 * slower work, and where and how it is carried (its {@link Carrier}). The cause records score
 * themselves against these facts (each record's `excess` signature, causes/signature.ts).
 */
import type { Finding, ScopeDimension } from '../../model/diagnosis.js'
import { STAGE_NAMES, type StageName } from '../../model/request.js'
import { windowOfBuckets } from '../frame/window-span.js'
import type { DiagnosisContext } from '../frame/context.js'
import type { MeasureAnomaly } from './excess-scan.js'
import type { TrafficShift } from './traffic-shift.js'
import { quantileSorted, sortedFinite } from '../../stats/quantile.js'
import { LONG_OUTPUT_RATIO } from '../thresholds.js'

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

/** Streams each side needs before the engine's own pace per token is read against the other's. */
const GAP_PACE_MIN_STREAMS = 20

/**
 * The longest gap between a stream's chunks, split into the part the engine's own pace explains and
 * the part the client saw beyond it. A gap is one token's wait, so the stage that carries it is the
 * one whose time per token grew, not the one whose time per stream did: a stream's whole decode
 * time swings with its length by seconds, and compared between two sets of streams that swing
 * outweighs a gap that grew by milliseconds, whichever side made it. The engine's part is the gap
 * its own pace predicts, the typical gap times how much slower the engine produced each token
 * (median decode time per token, the same streams inside against outside); what is left of the
 * shift came between the engine and the client (a proxy holding the stream, the network): the
 * `stream` stage, the client's side of the stream (ADR 0297). Null when too few streams carry
 * the engine's decode time and their token count, as behind a gateway without engine spans.
 */
function gapShifts(
  ctx: DiagnosisContext,
  a: MeasureAnomaly,
  set: Uint8Array,
  ref: Uint8Array
): { stage: string; shiftUs: number }[] | null {
  const frame = ctx.frame
  const decode = frame.stages['engine.decode']
  const perToken = new Float64Array(frame.n).fill(NaN)
  const inSet = new Uint8Array(frame.n)
  const inRef = new Uint8Array(frame.n)
  for (let i = 0; i < frame.n; i++) {
    const d = decode[i] as number
    const o = frame.outputTokens[i] as number
    if (a.values[i] === a.values[i] && d === d && d > 0 && o > 1) {
      perToken[i] = d / (o - 1)
      inSet[i] = set[i] as number
      inRef[i] = set[i] === 1 ? 0 : (ref[i] as number)
    }
  }
  const paceSet = sortedFinite(perToken, inSet)
  const paceRef = sortedFinite(perToken, inRef)
  if (paceSet.length < GAP_PACE_MIN_STREAMS || paceRef.length < GAP_PACE_MIN_STREAMS) {
    return null
  }
  const before = quantileSorted(paceRef, 0.5)
  if (!(before > 0)) {
    return null
  }
  const engineUs = a.baselineUs * (quantileSorted(paceSet, 0.5) / before - 1)
  return [
    { stage: 'engine.decode', shiftUs: engineUs },
    { stage: 'stream', shiftUs: a.shiftUs - engineUs },
  ].sort((x, y) => y.shiftUs - x.shiftUs)
}

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
  if (a.measure === 'itl_max') {
    const gaps = gapShifts(ctx, a, set, ref)
    if (gaps !== null) {
      return gaps
    }
  }
  const stages: StageName[] = [...a.stages]
  for (const s of STAGE_NAMES) {
    if (s.endsWith('.unattributed') && !stages.includes(s) && a.measure.startsWith('ttft')) {
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
    if (stages.length > 0 && a.measure !== 'tpot' && a.measure !== 'itl_max') {
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
    // A pair of a version (or tenant) and the machines it runs on: every v2 request ran on one
    // node, so the two are collinear, and what changed is what runs there (ADR 0064, step 10 of
    // docs/diagnosis.md): name the version before its node or replica.
    const causal = e.dimensions.findIndex((d) => d === 'version' || d === 'tenant')
    const machine = e.dimensions.findIndex((d) => d === 'node' || d === 'replica')
    if (causal >= 0 && machine >= 0) {
      return {
        dimension: e.dimensions[causal] as ScopeDimension,
        value: e.values[causal] as string,
      }
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
  /**
   * The cached share of prompt tokens in the reference minus in the set; null when either side
   * carries no cached-token or prompt-token count (unknown, not "no drop").
   */
  cachedDrop: number | null
  /**
   * The cached share's fall over the anomaly's steps in noise units of its own per-step swing
   * (step-rise.ts): the more certain of the set's scope and the whole fleet. NaN when the steps
   * cannot give it (no window, too few steps either side, no cached-token counts).
   */
  cachedFallUnits: number
  /**
   * The share of requests opening a new connection in the set minus in the reference; null when
   * either side has no request that says whether its connection was reused.
   */
  freshRise: number | null
  /**
   * The same rise among the window's requests outside the scope (null without a scope or without
   * the counts either side): a per-connection mechanism that rose everywhere is not the scope's,
   * however much more a far scope pays for each handshake.
   */
  freshRiseElsewhere: number | null
  /** How much the stage that carries the excess (`topStage`) grew per request in the set (µs). */
  stageRise: number
  /**
   * The same stage's growth among the window's requests outside the scope, against theirs
   * outside the window (µs; NaN without a scope): a shared part that slowed everyone is not the
   * scope's, however much its latency's excess stood out there.
   */
  stageRiseElsewhere: number
  newReplica: boolean
  tpotMoved: boolean
  /** Mean prompt tokens in the anomaly set / in the reference. */
  promptRatio: number
  /**
   * Requests per step inside the window / outside it, as far as they jumped (ADR 0292); null when
   * either side covers no step of the data.
   */
  rateRatio: number | null
  /**
   * Requests per step inside the window / outside it, as counted over the steps the data covers:
   * a drift's level included; null when either side covers none.
   */
  rateLevel: number | null
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

/**
 * Where and how an anomaly's excess is carried: the mechanism the data shows, named without any
 * cause. Each cause record declares which carriers its mechanism explains
 * (its record's `excess` signature); the engine scores every record against every fact.
 *
 * One anomaly has exactly one carrier. Where two readings of the same excess compete, the one
 * that explains the other comes first, and the comment says why.
 */
export type Carrier =
  /** Longest inter-token gap grew because every token got slower (TPOT's anomaly explains it). */
  | 'gaps-from-tokens'
  /** Longest gap grew inside the engine (decode), or no client saw it. */
  | 'engine-gaps'
  /** Gaps or stream time grew at the client only. */
  | 'client-gaps'
  /** Connect time grew far more than the handshake after it: SYNs wait at a limit. */
  | 'connect-wait'
  /** Handshake time (DNS, connect, TLS) grew. */
  | 'handshake'
  /** Time no span covers grew inside the server that measured TTFT (no client view). */
  | 'server-uncovered'
  /** Time no span covers grew while the client's longest gap grew with it. */
  | 'uncovered-with-gaps'
  /** Round-trip time, sending, or time before the server sees the request grew. */
  | 'network-time'
  /** The gateway's own queue or wait grew. */
  | 'gateway-wait'
  /** A dependency call (retrieval, vector store) grew. */
  | 'downstream-time'
  /** One tenant's share of the traffic rose over the same minutes. */
  | 'tenant-burst'
  /** More work landed on one replica or node (a mix shift there). */
  | 'backend-load'
  /** The same work got slower while the KV cache ran full and preempted. */
  | 'kv-pressure'
  /** Time per output token grew. */
  | 'decode'
  /** A replica or node that joined inside the window got slower. */
  | 'young-backend'
  /** Fewer prompt tokens came from the prefix cache while prefill or queue time grew. */
  | 'cache-drop'
  /** Longer prompts explain most of the shift. */
  | 'prompt-tokens'
  /** The same work got slower on one scope (version, node, replica, tenant, region). */
  | 'scope-rate'
  /** More work arrived everywhere (longer or more requests). */
  | 'workload'
  /** The same work got slower in the engine everywhere and nothing above names why. */
  | 'engine-rate'
  /** Whether more work came or the same work got slower is unknown (a shift part has no inputs). */
  | 'unsplit'

/**
 * The gateway's upstream call and its stream after the first chunk are the engine's queue,
 * prefill and decode seen from the gateway (CONTRACT §4): without engine spans they are read as
 * those engine stages, never as the gateway's own wait or a dependency's time.
 */
const BACKEND_SEEN_FROM_GATEWAY: ReadonlySet<string> = new Set([
  'gateway.upstream',
  'gateway.stream',
])

/** Whether the slower-work reading names a scope a cause can own. */
export function scopeCarries(a: MeasureAnomaly, f: AnomalyFacts): boolean {
  switch (f.scope?.dimension) {
    case 'version':
    case 'node':
    case 'replica':
      return true
    case 'tenant':
      return f.burst !== null
    case 'region':
      return (
        (a.measure.startsWith('ttft') || a.measure === 'e2e') && !f.topStage.startsWith('engine.')
      )
    default:
      return false
  }
}

/** The carrier of an anomaly (see {@link Carrier}). */
export function carrierOf(a: MeasureAnomaly, f: AnomalyFacts): Carrier {
  const s = f.topStage
  if (a.measure === 'itl_max' && f.tpotMoved) {
    return 'gaps-from-tokens'
  }
  // A longer stream has a larger worst gap at the same pace: when the outputs got longer, the
  // engine's streams carry the gaps, wherever they were seen.
  if (
    a.measure === 'itl_max' &&
    (s === 'engine.decode' || f.clientShare < 0.5 || f.outputRatio >= LONG_OUTPUT_RATIO)
  ) {
    return 'engine-gaps'
  }
  // A buffering proxy holds chunks whatever the engine's load. Gaps that the load the requests
  // made explains (more prefills between a stream's tokens, fuller batches) came with the work
  // that arrived, as the queue's and the decode's excess does: the workload carries them,
  // wherever the requests that saw them came from. While the KV cache ran full and preempted, a
  // preempted stream's pause is the longest gap, however much load or longer prompts filled it.
  if (a.measure === 'itl_max' && a.parts.kind === 'mix') {
    return f.kvPressure ? 'kv-pressure' : 'workload'
  }
  if (a.measure === 'itl_max' || s === 'stream') {
    return 'client-gaps'
  }
  if (s === 'client.connect' && f.connectShiftUs > 2 * Math.max(0, f.tlsShiftUs)) {
    return 'connect-wait'
  }
  if (s === 'client.tls' || s === 'client.connect' || s === 'client.dns') {
    return 'handshake'
  }
  if (s === UNATTRIBUTED && f.clientShare < 0.5) {
    return 'server-uncovered'
  }
  if ((s === UNATTRIBUTED || s === 'client.unattributed') && f.itlMoved) {
    return 'uncovered-with-gaps'
  }
  if (
    s === 'network' ||
    s === 'client.send' ||
    s === 'client.unattributed' ||
    (s === UNATTRIBUTED && a.measure === 'ttft')
  ) {
    return 'network-time'
  }
  if (s.startsWith('gateway.') && !BACKEND_SEEN_FROM_GATEWAY.has(s)) {
    // A gateway's queue is shared by the requests of every backend: wait that lands on one
    // replica's or node's requests is that backend's time (no engine span split it off).
    const backend = f.scope?.dimension === 'replica' || f.scope?.dimension === 'node'
    return backend ? 'scope-rate' : 'gateway-wait'
  }
  if (s === 'downstream') {
    return 'downstream-time'
  }
  // A tenant whose traffic rose in the same minutes drives the queue everyone waits in: the
  // burst explains the engine's excess, whichever stage shows it.
  if (f.burst && f.burst.dimension === 'tenant') {
    return 'tenant-burst'
  }
  if (
    a.parts.kind === 'mix' &&
    (f.scope?.dimension === 'replica' || f.scope?.dimension === 'node')
  ) {
    return 'backend-load'
  }
  const scoped = scopeCarries(a, f)
  if (f.kvPressure && a.parts.kind === 'rate' && !scoped) {
    return 'kv-pressure'
  }
  if (a.measure === 'tpot' || s === 'engine.decode' || s === 'gateway.stream') {
    return 'decode'
  }
  if (f.newReplica && (f.scope?.dimension === 'replica' || f.scope?.dimension === 'node')) {
    return 'young-backend'
  }
  // A cached share unknown on either side shows no drop: the carrier is read from what is known.
  if (
    f.cachedDrop !== null &&
    f.cachedDrop > 0.15 &&
    (s === 'engine.prefill' || s === 'engine.queue' || s === 'gateway.upstream')
  ) {
    return 'cache-drop'
  }
  // Tokens explain most only against known load and rate parts.
  const { tokensUs, loadUs, rateUs } = a.parts
  if (
    tokensUs !== null &&
    loadUs !== null &&
    rateUs !== null &&
    tokensUs > Math.max(rateUs, loadUs) &&
    tokensUs > 0
  ) {
    return 'prompt-tokens'
  }
  if (scoped) {
    return 'scope-rate'
  }
  // An unknown split is neither more work nor the same work slower (ADR 0393).
  return a.parts.kind === 'mix' ? 'workload' : a.parts.kind === 'rate' ? 'engine-rate' : 'unsplit'
}

function windowOf(ctx: DiagnosisContext, a: MeasureAnomaly): Finding['window'] {
  return a.buckets === null ? null : windowOfBuckets(ctx.grid, a.buckets, ctx.input.window.toUs)
}

export { windowOf as anomalyWindow, scopeOfAnomaly, meanOf }
