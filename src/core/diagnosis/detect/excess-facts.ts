/**
 * Excess facts: for each anomaly of every measure (excess-scan.ts), what the data shows about it
 * (excess-carrier.ts: its stage, scope, workload split and carrier) and how strongly: a strength
 * built from how large the shift is against the typical value and how significant it is (robust z
 * of the median difference), or, for a median shift in time, how far it stands above its series'
 * per-step noise (ADR 0230: a small but certain change is named, a large but uncertain one is not
 * made stronger), then how long it holds and how clearly one stage carries it. No cause is named
 * here; each cause record scores itself against these facts (causes/score.ts).
 */
import type { Evidence, Finding, FindingShift } from '../../model/diagnosis.js'
import type { Dimension } from '../../model/request.js'
import { ramp } from '../../stats/significance.js'
import { quantileSorted, sortedFinite } from '../../stats/quantile.js'
import type { DiagnosisContext } from '../frame/context.js'
import { elementMask } from '../frame/frame.js'
import {
  anomalyWindow,
  carrierOf,
  type AnomalyFacts,
  type Carrier,
  meanOf,
  scopeOfAnomaly,
  stageShifts,
  UNATTRIBUTED,
} from './excess-carrier.js'
import type { MeasureAnomaly } from './excess-scan.js'
import { decimals, fmtUs, pct, round } from '../explain/text.js'
import { SECOND_STAGE_SHARE, TPOT_MOVED_SHARE, TPOT_MOVED_Z } from '../thresholds.js'
import { resourceLevel } from './shifts.js'
import { serviceRatio } from './service-rate.js'
import { driftingLoad } from './load-curve.js'
import { anomalyLevelOverNoise, certaintySupport } from './step-certainty.js'
import { replicasOnNode } from '../../concentration/narrowest-scope.js'
import type { TrafficShift } from './traffic-shift.js'
import { contextDemandOnset, risenTraffic, trafficLevel } from './demand-onset.js'
import { jumpedLevel } from './traffic-jump.js'
import { seriesRise } from './step-rise.js'
import { bucketOf } from '../../timeline/buckets.js'

export interface ExcessFact {
  anomaly: MeasureAnomaly
  facts: AnomalyFacts
  carrier: Carrier
  /** How clearly the data shows this excess, 0..1 (before any cause explains it). */
  strength: number
  /**
   * 1 for the stage that carries most of the excess; for a second stage read on its own, its
   * share of the excess over the first's (≤ 1).
   */
  scale: number
  /** A second-stage reading of the same anomaly as the fact before it. */
  secondary: boolean
  scope: Finding['scope']
  window: Finding['window']
  /** What was observed, for any cause that explains it. */
  evidence: Evidence[]
  shift: FindingShift
}

const MEASURE_TEXT: Record<MeasureAnomaly['measure'], string> = {
  ttft: 'TTFT',
  ttft_server: 'server TTFT',
  tpot: 'TPOT',
  itl_max: 'longest inter-token gap',
  e2e: 'E2E',
}

/** The robust z for people: beyond 50 the exact figure says nothing more. */
function zText(z: number): string {
  return z > 50 ? 'z>50' : `z=${decimals(z, 1)}`
}

/** The shift parts as the finding's optional `shift` field (ms). */
export function shiftField(a: MeasureAnomaly): FindingShift {
  return {
    kind: a.parts.kind,
    measure: a.measure,
    tokens_ms: ms(a.parts.tokensUs),
    load_ms: ms(a.parts.loadUs),
    rate_ms: ms(a.parts.rateUs),
  }
}

function ms(us: number | null): number | null {
  return us === null ? null : round(us / 1000)
}

/** Tokens plus load: the workload's part of the shift, unknown when either is. */
function workloadUs(a: MeasureAnomaly): number | null {
  const { tokensUs, loadUs } = a.parts
  return tokensUs === null || loadUs === null ? null : tokensUs + loadUs
}

/** Requests a localised set and its reference each need for their medians to size a change. */
const MIN_LOCALISED = 30

/** A localised element must hold this share of the moved scope's requests in the window. */
const COHERENT_COVER = 0.5

/** Share of the requests of `scope` inside `window` that `element` also holds. */
function coverage(scope: Uint8Array, element: Uint8Array, window: Uint8Array): number {
  let all = 0
  let both = 0
  for (let i = 0; i < scope.length; i++) {
    if (scope[i] === 1 && window[i] === 1) {
      all++
      both += element[i] as number
    }
  }
  return all > 0 ? both / all : 0
}

/**
 * The requests outside `scoped`: those of the window (`set`) and those of the reference (`ref`).
 * What a scope's own change is weighed against when the part it names is shared (ADRs 0186, 0368).
 */
function outsideScope(
  inWindow: Uint8Array,
  ref: Uint8Array,
  scoped: Uint8Array
): { set: Uint8Array; ref: Uint8Array } {
  const n = scoped.length
  const elsewhere = new Uint8Array(n)
  const elsewhereRef = new Uint8Array(n)
  for (let i = 0; i < n; i++) {
    elsewhere[i] = inWindow[i] === 1 && scoped[i] === 0 ? 1 : 0
    elsewhereRef[i] = ref[i] === 1 && scoped[i] === 0 ? 1 : 0
  }
  return { set: elsewhere, ref: elsewhereRef }
}

/**
 * `a − b`, or null when either side had no input (a mean over no request): a side without its
 * counts is unknown, not a share of 0, and a difference against it would read as a whole rise or
 * fall.
 */
function knownDifference(a: number, b: number): number | null {
  return Number.isFinite(a) && Number.isFinite(b) ? a - b : null
}

function overlaps(
  a: { from: number; to: number } | null,
  b: { from: number; to: number }
): boolean {
  return a === null || (a.from <= b.to && b.from <= a.to)
}

function unattributedText(stage: string, shiftUs: number, measure: string): string {
  return stage === UNATTRIBUTED
    ? `${fmtUs(shiftUs)} more of ${measure} is covered by no span (before the server sees the request, or between spans)`
    : `${stage} grew by ${fmtUs(shiftUs)} per request`
}

/**
 * The strength of an excess read from its certainty rather than its size (ADR 0230): a median
 * shift in time that stands far above the per-step noise in its window, weighed by how much of
 * the user's latency it is. 0 for a tail shift (one step's P99 is too noisy to read on its own)
 * and for a scope out of line all window long (no change within the window: a standing
 * condition, not an incident).
 */
function certainShift(ctx: DiagnosisContext, a: MeasureAnomaly, rel: number): number {
  if (a.quantile !== 'p50') {
    return 0
  }
  return certaintySupport(anomalyLevelOverNoise(ctx.frame, ctx.grid, a), rel)
}

/**
 * How much slower per token the scope's requests in the window worked: against its reference
 * (the same scope outside the window, or the rest), or, when the fleet's load drifted
 * (load-curve.ts), against its peers in the same steps. Along a drift the window's steps run at
 * another load than the rest's, and a fuller batch costs every replica more per token (prefill
 * chunks share the decode steps): the scope's own before and after would read the drift's load
 * as its own slower work, where its peers in the same minutes ran at the same load (ADR 0303).
 */
function scopeService(
  ctx: DiagnosisContext,
  a: MeasureAnomaly,
  set: Uint8Array,
  ref: Uint8Array,
  scoped: Uint8Array
): number | null {
  if (a.buckets === null || driftingLoad(ctx.frame, ctx.grid) === null) {
    return serviceRatio(ctx.frame, set, ref)
  }
  const peers = new Uint8Array(ctx.frame.n)
  for (let i = 0; i < ctx.frame.n; i++) {
    peers[i] = a.inWindow[i] === 1 && scoped[i] === 0 ? 1 : 0
  }
  return serviceRatio(ctx.frame, set, peers) ?? serviceRatio(ctx.frame, set, ref)
}

/**
 * How certain a fall of the prompt tokens' cached share over an anomaly's steps is: the miss rate
 * (1 − cached tokens over prompt tokens, per step) inside the anomaly's steps against its median
 * in the other steps, in noise units of its own per-step swing (the unit the prefix-cache record
 * reads its own fall in). Read on the scope's requests and on the fleet's, the more certain of the
 * two: a fleet-wide fall whose excess the scan localised to one replica is still certain over the
 * fleet, and a fall on one replica only on its own requests (ADR 0357).
 */
function cachedFallUnits(
  ctx: DiagnosisContext,
  a: MeasureAnomaly,
  scope: Uint8Array | null
): number {
  if (a.buckets === null) {
    return NaN
  }
  const { from, to } = a.buckets
  let fleet = FLEET_MISS.get(ctx)
  if (fleet === undefined) {
    fleet = missPerStep(ctx, null)
    FLEET_MISS.set(ctx, fleet)
  }
  const units = [
    seriesRise(fleet, from, to).units,
    scope === null ? NaN : seriesRise(missPerStep(ctx, scope), from, to).units,
  ].filter((u) => u === u)
  return units.length === 0 ? NaN : Math.max(...units)
}

/** The fleet's miss rate per step: the same for every anomaly of one diagnosis. */
const FLEET_MISS = new WeakMap<DiagnosisContext, Float64Array>()

/** 1 − cached over prompt tokens of the requests in `mask` (all when null), per step. */
function missPerStep(ctx: DiagnosisContext, mask: Uint8Array | null): Float64Array {
  const cached = new Float64Array(ctx.grid.count)
  const prompt = new Float64Array(ctx.grid.count)
  for (let i = 0; i < ctx.frame.n; i++) {
    const c = ctx.frame.cachedTokens[i] as number
    const t = ctx.frame.inputTokens[i] as number
    const b = bucketOf(ctx.grid, ctx.frame.startUs[i] as number)
    if ((mask === null || mask[i] === 1) && c === c && t > 0 && b >= 0 && b < ctx.grid.count) {
      cached[b] = (cached[b] as number) + c
      prompt[b] = (prompt[b] as number) + t
    }
  }
  return prompt.map((t, b) => (t > 0 ? 1 - (cached[b] as number) / t : NaN))
}

/** The excess facts of all anomalies (one per anomaly, two when a second stage carries much). */
export function excessFacts(
  ctx: DiagnosisContext,
  anomalies: readonly MeasureAnomaly[],
  burst: TrafficShift | null,
  named: { text: string; metric: string } | null = null
): ExcessFact[] {
  const out: ExcessFact[] = []
  const tpot = anomalies.find((a) => a.measure === 'tpot')
  const itl = anomalies.find((a) => a.measure === 'itl_max')
  // TPOT explains the longest gap only when it moved enough to: a gap spans a few tokens at most.
  const tpotMoved =
    tpot !== undefined &&
    tpot.z >= TPOT_MOVED_Z &&
    tpot.shiftUs >= TPOT_MOVED_SHARE * tpot.baselineUs &&
    (itl === undefined || itl.shiftUs <= 8 * tpot.shiftUs)
  // Whether each request opened a fresh connection (-1: unknown); the same for every anomaly.
  const fresh = Int8Array.from(ctx.frame.connectionReused, (v) => (v < 0 ? -1 : 1 - v))
  for (const a of anomalies) {
    if (a.measure === 'e2e' && anomalies.length > 1) {
      // E2E repeats TTFT and decode; it speaks only when nothing else moved.
      continue
    }
    const n = ctx.frame.n
    const seriesMask = a.seriesScope
      ? elementMask(ctx.frame, [a.seriesScope.dimension], [a.seriesScope.value])
      : null
    const localMask = a.localized
      ? elementMask(ctx.frame, a.localized.dimensions, a.localized.values)
      : null
    // The element localised inside the window must cover the scope whose own series moved (a
    // version that covers the replica it runs on); one that covers a sliver of it names load
    // noise elsewhere in the same minutes, and the scope that moved is the answer.
    const coherent =
      seriesMask === null ||
      localMask === null ||
      coverage(seriesMask, localMask, a.inWindow) >= COHERENT_COVER
    const scoped = (coherent ? localMask : null) ?? seriesMask ?? new Uint8Array(n).fill(1)
    const set = new Uint8Array(n)
    const ref = new Uint8Array(n)
    for (let i = 0; i < n; i++) {
      set[i] = a.inWindow[i] === 1 && scoped[i] === 1 ? 1 : 0
      ref[i] = a.buckets === null ? (scoped[i] === 1 ? 0 : 1) : a.inWindow[i] === 1 ? 0 : 1
    }
    const shifts = stageShifts(ctx, a, set, ref)
    const positive = shifts.reduce((s, x) => s + Math.max(0, x.shiftUs), 0)
    const top = shifts[0] ?? { stage: 'none', shiftUs: 0 }
    const stageShare = positive > 0 ? Math.max(0, top.shiftUs) / positive : 0
    const outRef = meanOf(ctx.frame.outputTokens, ref)
    const inp = (m: Uint8Array): number =>
      meanOf(ctx.frame.cachedTokens, m) / Math.max(1, meanOf(ctx.frame.inputTokens, m))
    const scope = scopeOfAnomaly(coherent ? a : { ...a, localized: null })
    // The stages' growth among the window's requests outside the scope: what the scope's own
    // stage growth is weighed against by a record whose part is shared (ADR 0368).
    const outside = scope === null ? null : outsideScope(a.inWindow, ref, scoped)
    const elsewhereShifts = outside === null ? null : stageShifts(ctx, a, outside.set, outside.ref)
    const riseElsewhere = (stage: string): number =>
      elsewhereShifts === null
        ? NaN
        : (elsewhereShifts.find((x) => x.stage === stage)?.shiftUs ?? NaN)
    const burstHere = burst !== null && overlaps(a.buckets, burst.buckets) ? burst : null
    // A replica, or a node whose every replica, first served inside the window is new.
    const members =
      scope?.dimension === 'replica'
        ? [scope.value]
        : scope?.dimension === 'node'
          ? replicasOnNode(ctx.replicaNode, scope.value)
          : []
    const replicaStart =
      members.length > 0
        ? Math.min(...members.map((m) => ctx.youngReplicaUs.get(m) ?? -Infinity))
        : undefined
    let scopeTrafficLift = 1
    if (scope !== null) {
      const col = ctx.frame.dims[scope.dimension as Dimension]
      const code = col.values.indexOf(scope.value)
      let inScope = 0
      let inWin = 0
      for (let i = 0; i < n; i++) {
        if (a.inWindow[i] === 1) {
          inWin++
          inScope += col.codes[i] === code ? 1 : 0
        }
      }
      scopeTrafficLift = inWin > 0 ? (inScope / inWin) * col.values.length : 1
    }
    let clients = 0
    let gateways = 0
    let setCount = 0
    for (let i = 0; i < n; i++) {
      if (set[i] === 1) {
        setCount++
        clients += ctx.frame.hasClient[i] as number
        gateways += ctx.frame.hasGateway[i] as number
      }
    }
    // Over the steps the data covers: the grid's other steps hold no request because there was
    // no data, not because fewer came (a window wider than the data).
    const rateLevel =
      a.buckets === null
        ? 1
        : (trafficLevel(ctx.traffic, a.buckets.from, a.buckets.to)?.level ?? null)
    const rateJumped =
      a.buckets === null || rateLevel === null || rateLevel <= 1
        ? 1
        : risenTraffic(ctx.traffic, ctx.grid, a.buckets.from, a.buckets.to, contextDemandOnset(ctx))
            .jumped
    const promptRef = meanOf(ctx.frame.inputTokens, ref)
    const shiftOf = (stage: string): number => shifts.find((x) => x.stage === stage)?.shiftUs ?? 0
    const kv = resourceLevel(ctx, 'kv_usage', a.buckets)
    const pre = resourceLevel(ctx, 'preemptions', a.buckets)
    const kvPressure =
      kv !== null &&
      kv.peak >= 0.9 &&
      (!Number.isFinite(kv.outside) || kv.inside > kv.outside + 0.05) &&
      (pre === null ||
        (pre.inside > 0 && (!Number.isFinite(pre.outside) || pre.inside > pre.outside)))
    const facts: AnomalyFacts = {
      kvPressure,
      service: scope !== null ? scopeService(ctx, a, set, ref, scoped) : null,
      connectShiftUs: shiftOf('client.connect'),
      tlsShiftUs: shiftOf('client.tls'),
      promptRatio: promptRef > 0 ? meanOf(ctx.frame.inputTokens, set) / promptRef : 1,
      // A rate that only followed its trend did not rise: as far as it jumped (ADR 0292).
      rateRatio: rateLevel === null ? null : jumpedLevel(rateLevel, rateJumped),
      rateLevel,
      clientShare: setCount > 0 ? clients / setCount : 0,
      gatewayShare: setCount > 0 ? gateways / setCount : 0,
      scopeTrafficLift,
      topStage: top.stage,
      stageShare,
      scope,
      burst: burstHere,
      outputRatio: outRef > 0 ? meanOf(ctx.frame.outputTokens, set) / outRef : 1,
      cachedDrop: knownDifference(inp(ref), inp(set)),
      cachedFallUnits: cachedFallUnits(ctx, a, (coherent ? localMask : null) ?? seriesMask),
      freshRise: knownDifference(meanOf(fresh, set), meanOf(fresh, ref)),
      freshRiseElsewhere:
        outside === null
          ? null
          : knownDifference(meanOf(fresh, outside.set), meanOf(fresh, outside.ref)),
      stageRise: top.shiftUs,
      stageRiseElsewhere: riseElsewhere(top.stage),
      newReplica: replicaStart !== undefined && Number.isFinite(replicaStart),
      tpotMoved: a.measure !== 'tpot' && tpotMoved,
      itlMoved:
        itl !== undefined &&
        !tpotMoved &&
        itl.z >= 4 &&
        itl.shiftUs >= 0.5 * Math.max(0, top.shiftUs) &&
        (itl.buckets === null || overlaps(a.buckets, itl.buckets)),
    }
    // A median change of every request that localises to one scope is as large as it is there:
    // over all requests, two replicas of eight that doubled move the median by a fraction of
    // that, and a short or partial fault would read as noise. Measured on the localised set
    // against the rest of the window (the excess is already normalised for the workload).
    let shiftUs = a.shiftUs
    if (a.quantile === 'p50' && a.seriesScope === null && a.localized !== null) {
      const inSet = sortedFinite(a.excessUs, set)
      const inRef = sortedFinite(a.excessUs, ref)
      if (inSet.length >= MIN_LOCALISED && inRef.length >= MIN_LOCALISED) {
        shiftUs = Math.max(shiftUs, quantileSorted(inSet, 0.5) - quantileSorted(inRef, 0.5))
      }
    }
    const rel = a.impactBaseUs > 0 ? shiftUs / a.impactBaseUs : 0
    let size = a.quantile === 'p50' ? ramp(rel, 0.05, 0.3) : ramp(rel, 0.3, 1.5)
    if (a.stage !== null && a.quantile === 'p50' && rel >= 0.03 && a.shiftUs >= 5_000) {
      // One stage that doubled is a clear change even when the user's TTFT moved only a few per
      // cent: a retrieval call from 18 to 36 ms is worth naming when nothing else moved.
      // A stage that was nothing at the median and now takes time (15 ms of time no span covers
      // where there was none) grew at least as clearly as one that doubled.
      const relStage = a.baselineUs > 0 ? a.shiftUs / a.baselineUs : 1
      size = Math.max(size, 0.7 * ramp(relStage, 0.3, 1))
    }
    // A spike of a step or two is weaker evidence than a level that holds: load swings make
    // short spikes on their own.
    const steps = a.buckets === null ? Infinity : a.buckets.to - a.buckets.from + 1
    const holds = 0.5 + 0.5 * ramp(steps, 1, 5)
    // The stage named must account for the shift: a median that moved while no stage's mean did
    // is an artefact of the mix (a few very long requests), and names nothing.
    // Only TTFT is a sum of its stages; a gap or a time per token is not.
    const sumOfStages = a.measure === 'ttft' || a.measure === 'ttft_server'
    const accounted = !sumOfStages ? 1 : a.shiftUs > 0 ? Math.max(0, top.shiftUs) / a.shiftUs : 0
    const strength =
      0.95 *
      holds *
      Math.max(size * ramp(a.z, 3, 10), certainShift(ctx, a, rel)) *
      (0.6 + 0.4 * ramp(stageShare, 0.3, 0.7)) *
      ramp(accounted, 0.15, 0.5)
    if (strength <= 0) {
      continue
    }
    const what = named?.text ?? MEASURE_TEXT[a.measure]
    const where =
      (a.stage ? ` (${a.stage})` : '') +
      (a.seriesScope ? ` for ${a.seriesScope.dimension}=${a.seriesScope.value}` : '')
    const window = anomalyWindow(ctx, a)
    const evidence: Evidence[] = [
      {
        metric: `${named?.metric ?? a.measure}.${a.quantile}_excess`,
        observed: round(a.shiftUs / 1000),
        baseline: round(a.baselineUs / 1000),
        text:
          a.stage !== null
            ? `${a.stage}${a.seriesScope ? ` for ${a.seriesScope.dimension}=${a.seriesScope.value}` : ''} takes ${fmtUs(a.shiftUs)} more per request at the median (usually ${fmtUs(a.baselineUs)}; ${zText(a.z)})${window ? ` between ${window.start} and ${window.end}` : ' throughout the window'}`
            : `${what} ${a.quantile.toUpperCase()}${where} is ${fmtUs(a.shiftUs)} above what its workload predicts (typical ${fmtUs(a.baselineUs)}; ${zText(a.z)})${window ? ` between ${window.start} and ${window.end}` : ' throughout the window'}`,
      },
    ]
    if (top.shiftUs > 0 && top.stage !== 'none') {
      evidence.push({
        stage: top.stage,
        observed: round(top.shiftUs / 1000),
        baseline: 0,
        text: `${unattributedText(top.stage, top.shiftUs, what)}: ${pct(stageShare)} of the stage excess`,
      })
    }
    evidence.push({
      metric: 'shift.kind',
      observed: a.parts.kind,
      baseline: null,
      text:
        a.parts.kind === 'mix'
          ? `the workload changed: longer or more requests explain ${fmtUs(workloadUs(a))} (their tokens ${fmtUs(a.parts.tokensUs)}, the load they make ${fmtUs(a.parts.loadUs)}); ${a.parts.rateUs !== null && a.parts.rateUs > 0 ? `the same work got ${fmtUs(a.parts.rateUs)} slower` : 'the same work did not get slower'}`
          : a.parts.kind === 'rate'
            ? `the same work got slower by ${fmtUs(a.parts.rateUs)}; longer or more requests explain ${fmtUs(workloadUs(a))} (their tokens ${fmtUs(a.parts.tokensUs)}, the load they make ${fmtUs(a.parts.loadUs)})`
            : `whether the workload changed or the same work got slower is unknown: a part has no inputs (their tokens ${fmtUs(a.parts.tokensUs)}, the load they make ${fmtUs(a.parts.loadUs)}, the same work ${fmtUs(a.parts.rateUs)})`,
    })
    if (a.localized && coherent) {
      const e = a.localized
      evidence.push({
        dimension: e.dimensions.join('×'),
        observed: round(e.explanatoryPower),
        baseline: round(e.trafficShare),
        text: `${e.dimensions.map((d, k) => `${d}=${e.values[k]}`).join(' × ')} carries ${pct(Math.min(1, e.explanatoryPower))} of the extra time with ${pct(e.trafficShare)} of the requests`,
      })
    }
    const base = {
      anomaly: a,
      strength,
      scope: scope ?? { dimension: null, value: null },
      window,
      evidence,
      shift: shiftField(a),
    }
    out.push({ ...base, facts, carrier: carrierOf(a, facts), scale: 1, secondary: false })
    // A second stage that carries a good part of the excess is read on its own too (faults come
    // in pairs: handshakes and a cache miss in the same minutes).
    const second = shifts[1]
    if (second && positive > 0 && second.shiftUs / positive >= SECOND_STAGE_SHARE) {
      const share = second.shiftUs / positive
      const other: AnomalyFacts = {
        ...facts,
        topStage: second.stage,
        stageShare: share,
        stageRise: second.shiftUs,
        stageRiseElsewhere: riseElsewhere(second.stage),
      }
      out.push({
        ...base,
        facts: other,
        carrier: carrierOf(a, other),
        scale: Math.min(1, share / stageShare),
        secondary: true,
      })
    }
  }
  return out
}
