/**
 * The diagnosis engine (pure), one pass:
 *
 * ```
 * frame ─► facts (change points, workload-normalised excess per measure/stage/scope and its
 *          carrier, resource levels, traffic and workload shifts, who carries the shift,
 *          standing conditions)
 *       ─► every cause record scored once against the facts (causes/score.ts)
 *       ─► counter-evidence, standing conditions set aside, explaining away (root over mechanism)
 *       ─► windows from the consensus of robust signals (detect/windows.ts), events cited
 *       ─► ranked, calibrated CONTRACT §5 object
 * ```
 *
 * Ranking: by confidence. A finding below {@link MIN_CONFIDENCE} is dropped; when none is left
 * the answer is exactly one `healthy` finding, whose confidence is 1 − the strongest dropped
 * candidate. Fewer than {@link MIN_REQUESTS} requests give `healthy` with confidence 0 and the
 * evidence text "not enough data: N requests".
 */
import type {
  Diagnosis,
  Evidence,
  Finding,
  Percentiles,
  StandingCondition,
} from '../model/diagnosis.js'
import { isoFromMicros, microsFromIso, type Micros } from '../model/units.js'
import { quantileSorted, sortedFinite, summarize } from '../stats/quantile.js'
import { calibrate } from './explain/calibration.js'
import { concentrationJson } from './explain/concentration-json.js'
import { buildContext, slowMinutes, type DiagnosisContext } from './frame/context.js'
import type { DiagnosisInput } from './frame/input.js'
import { scopeMask, startMask, type RequestFrame } from './frame/frame.js'
import { excessFacts, shiftField, type ExcessFact } from './detect/excess-facts.js'
import { scanExcess, type MeasureAnomaly } from './detect/excess-scan.js'
import { causeMeasure, measureOfFinding } from './explain/finding-measure.js'
import { sampleFrame } from './frame/frame-sample.js'
import { sloBreachFinding } from './explain/slo-breach.js'
import { uncoveredTime } from './detect/uncovered.js'
import { eventEvidence } from './explain/evidence.js'
import { GATEWAY_TPOT, decimals, fmtUs, pct, round, roundScore } from './explain/text.js'
import { CAUSE_RECORDS as RULES, causeRecord } from './causes/index.js'
import { scoreCause } from './causes/score.js'
import { diagnosisStages } from './explain/stage-breakdown.js'
import { explainAway } from './explain/explain-away.js'
import { grewWithin, standingConditions } from './detect/standing.js'
import { queueOfStanding } from './detect/standing-queue.js'
import { ownStageRise } from './detect/own-stage-rise.js'
import { windowSpanUs } from './frame/window-span.js'
import { BURST_Z_HI, findTrafficShift, type TrafficShift } from './detect/traffic-shift.js'
import { consensusWindow } from './detect/windows.js'
import { endChange } from './detect/end-change.js'
import { endChangeFinding, rootOverEndMechanism } from './explain/end-change.js'
import { openEnd, opensWithData, type OpenEnd, type OpenStart } from './detect/open-end.js'
import {
  HEALTHY_CAP_WHEN_BLIND,
  MAX_FINDINGS,
  MIN_CONFIDENCE,
  MIN_REQUESTS,
  SCAN_SAMPLE,
  STANDING_FACTOR,
  STANDING_REST_CHANGE,
  STANDING_REST_MIN,
  UNCOVERED_BLIND_SHARE,
} from './thresholds.js'

function actionsOf(cause: Finding['cause']): string[] {
  return [...(causeRecord(cause)?.actions ?? [])]
}

export interface DiagnoseResult {
  diagnosis: Diagnosis
  /** Causes that could not be evaluated, with why ("engine.kv_cache_pressure: no metrics for …"). */
  skipped: string[]
}

/** Unknown is never zero: a measure no request carries the inputs of is null. */
function percentilesMs(values: Float64Array): Percentiles {
  const s = summarize(values)
  if (s.count === 0) {
    return { p50: null, p95: null, p99: null }
  }
  return { p50: round(s.p50 / 1000), p95: round(s.p95 / 1000), p99: round(s.p99 / 1000) }
}

function envelope(
  input: DiagnosisInput,
  ctx: DiagnosisContext | null,
  top?: Finding
): Omit<Diagnosis, 'findings' | 'standing_conditions'> {
  const f = input.frame
  return {
    schema: 'tokenline.diagnosis/v1',
    window: { start: isoFromMicros(input.window.fromUs), end: isoFromMicros(input.window.toUs) },
    requests: f.n,
    slo_breached: ctx?.sloBreached ?? false,
    latency: {
      ttft: percentilesMs(f.ttftUs),
      tpot: percentilesMs(f.tpotUs),
      e2e: percentilesMs(f.e2eUs),
    },
    stages: ctx === null ? [] : diagnosisStages(ctx, top),
    concentration:
      ctx === null
        ? []
        : ctx.primary.rows
            .filter((r) => r.significant)
            .slice(0, 20)
            .map(concentrationJson),
  }
}

function notEnoughData(input: DiagnosisInput, skipped: string[]): DiagnoseResult {
  return {
    diagnosis: {
      ...envelope(input, null),
      findings: [
        {
          cause: 'healthy',
          confidence: 0,
          scope: { dimension: null, value: null },
          window: null,
          evidence: [
            {
              metric: 'requests',
              observed: input.frame.n,
              baseline: MIN_REQUESTS,
              text:
                input.frame.n === 0
                  ? 'no requests in this window'
                  : `not enough data: ${input.frame.n} requests (at least ${MIN_REQUESTS} are needed)`,
            },
          ],
          actions: [],
        },
      ],
      standing_conditions: [],
    },
    skipped,
  }
}

/**
 * Cites the change events (deploy, scale, restart, config, node, canary) that happened shortly
 * before or at the start of a finding's window: what changed when it got slow.
 */
function citeChangeEvents(ctx: DiagnosisContext, finding: Finding): void {
  if (finding.window === null) {
    return
  }
  const startUs = microsFromIso(finding.window.start)
  if (startUs === null) {
    return
  }
  const near = ctx.events
    .filter(
      (e) => e.timeUs >= startUs - 5 * 60_000_000 && e.timeUs <= startUs + 2 * ctx.grid.stepUs
    )
    .sort((a, b) => Math.abs(a.timeUs - startUs) - Math.abs(b.timeUs - startUs))
  const cited = new Set(finding.evidence.map((e) => e.text))
  for (const e of near.slice(0, 2)) {
    const ev = eventEvidence(e)
    if (!cited.has(ev.text)) {
      finding.evidence.push(ev)
    }
  }
}

/**
 * Each record's counter-evidence on the merged finding, whichever detector proposed it: the same
 * "they do not warm up" that lowers a cold start in its rule lowers one the excess scan named.
 */
function applyCounterEvidence(ctx: DiagnosisContext, findings: Finding[]): void {
  for (const f of findings) {
    const counter = causeRecord(f.cause)?.counter?.(ctx, f, measureOfFinding(f))
    if (counter === null || counter === undefined) {
      continue
    }
    f.confidence *= Math.min(1, Math.max(0, counter.factor))
    if (!f.evidence.some((e) => e.text === counter.evidence.text)) {
      f.evidence.push(counter.evidence)
    }
  }
}

/**
 * A finding needs something that changed within the window (or a breached objective): one whose
 * scope is a standing condition, a difference that held through the whole window, is that
 * condition and not an incident. It is listed under `standing_conditions` instead (CONTRACT §5).
 * An unscoped finding can be the same condition seen through its mechanism: a replica with a
 * smaller batch queues all window long, and its queue excess reads as engine-wide saturation.
 * Such a finding is set aside too when the requests outside the condition did not get slower in
 * the finding's window: the excess is the condition's, and nothing else changed (ADR 0183), or
 * when the condition holds the engine queue the window added (ADR 0279).
 */
function setAsideStanding(
  frame: RequestFrame,
  window: { fromUs: number; toUs: number },
  findings: Finding[],
  standing: readonly StandingCondition[],
  options: {
    /** The stage a finding's excess sits in (default: its first evidence line's). */
    excessStage?: (f: Finding) => string | undefined
    /** Findings whose own series rose in their window beyond chance (ADR 0384). */
    ownChanges?: ReadonlySet<Finding>
  } = {}
): void {
  const excessStage = options.excessStage ?? ((f: Finding) => f.evidence[0]?.stage)
  for (const f of findings) {
    const span = windowSpanUs(f.window)
    // A finding whose own series rose in its window (a replica's share of the requests) is a
    // change by what the cause moves; the condition's latency on its own scope, which that cause
    // moves only through the queue it fills, is not its measure (ADR 0384).
    const ownChanged = options.ownChanges?.has(f) === true
    const same =
      (ownChanged
        ? undefined
        : standing.find(
            (c) =>
              c.dimension === f.scope.dimension &&
              c.value === f.scope.value &&
              // An incident on top of the condition: the difference grew in the finding's window.
              (span === null ||
                ![null, ...ownSeries(frame, c, f)].some((values) =>
                  grewWithin(frame, window, c, { fromUs: span.from, toUs: span.to }, values)
                ))
          )) ?? carriedByStanding(frame, f, standing)
    if (same === undefined) {
      const queued = queuedOnStanding(frame, f, standing, excessStage(f))
      if (queued !== null) {
        f.confidence *= STANDING_FACTOR
        f.evidence.push(queued)
      }
      continue
    }
    f.confidence *= STANDING_FACTOR
    f.evidence.push({
      dimension: same.dimension,
      observed: same.value,
      baseline: null,
      text:
        f.scope.value === null
          ? `against: the excess is ${same.dimension}=${same.value}'s, as slow through the whole window (a standing condition); the other requests did not get slower`
          : same.dimension === f.scope.dimension && same.value === f.scope.value
            ? `against: ${same.dimension}=${same.value} was as slow through the whole window (a standing condition, not a change)`
            : `against: ${f.scope.dimension}=${f.scope.value} is slower only through ${same.dimension}=${same.value}, as slow through the whole window (a standing condition); its requests elsewhere are not`,
    })
  }
}

/**
 * The series a finding stands on where it is not the condition's measure, each read as
 * {@link grewWithin} reads the condition's own: whether the scope's difference in it grew in the
 * finding's window.
 * - A finding read on the time per output token at the gateway: a node whose TTFT was higher all
 *   window long (its queue, by chance) and whose time per token then rose 1.2× inside the
 *   finding's window is an incident on top of the condition (grid 229-12, ADR 0344).
 * - A finding read on a region's own network time: a far region whose round trips doubled three
 *   minutes into the data is an incident on top of its distance, though the 45 ms they added to
 *   its TTFT is within that TTFT's spread per step (grid 257-21, ADR 0354).
 */
function ownSeries(frame: RequestFrame, c: StandingCondition, f: Finding): Float64Array[] {
  const series: Float64Array[] = []
  if (f.evidence.some((e) => e.metric?.startsWith(`${GATEWAY_TPOT}.`) === true)) {
    series.push(frame.perOutputTokenUs)
  }
  if (c.dimension === 'region' && f.evidence[0]?.stage === 'network') {
    series.push(frame.stages.network)
  }
  return series
}

/**
 * The standing condition on the finding's measure that carries its excess: the condition alone
 * moves the P99 by at least {@link STANDING_REST_CHANGE} (its `cost_p99`), and without its
 * requests the finding's requests are less than that times slower at P99 than the others.
 * "The finding's requests" are those inside its window against those outside it; for a scoped
 * finding that holds through the whole window (no window: nothing changed in time), its scope's
 * against the rest's. A tenant whose requests land more often on an always-slower node is slower
 * only through that node: outside the node it is not, and the node is the standing condition.
 * Undefined when an unscoped finding has no window, a side is too thin to tell, the condition
 * barely touches the P99 (the finding stands on something else, a dependency's own series say),
 * or the rest changed too (an incident that also reaches the standing value is still an incident).
 */
function carriedByStanding(
  frame: RequestFrame,
  f: Finding,
  standing: readonly StandingCondition[]
): StandingCondition | undefined {
  const measure = measureOfFinding(f)
  if (measure !== 'ttft' && measure !== 'tpot') {
    return undefined
  }
  const ofFinding = findingRequests(frame, f)
  if (ofFinding === null) {
    return undefined
  }
  const values = measure === 'ttft' ? frame.ttftUserUs : frame.tpotUs
  let credited: Evidence | null = null
  for (const c of standing) {
    // The finding's own scope is judged by whether its difference grew in the window (ADR 0242):
    // that the others did not get slower meanwhile is what a fault of that scope predicts, not a
    // sign that nothing changed (ADR 0376).
    const itsOwnScope = c.dimension === f.scope.dimension && c.value === f.scope.value
    if (
      itsOwnScope ||
      c.measure !== measure ||
      c.cost_p99 < STANDING_REST_CHANGE ||
      !(c.dimension in frame.dims)
    ) {
      continue
    }
    const col = frame.dims[c.dimension as keyof RequestFrame['dims']]
    const code = col.values.indexOf(c.value)
    if (code < 0) {
      continue
    }
    const restInside = new Uint8Array(frame.n)
    const restOutside = new Uint8Array(frame.n)
    for (let i = 0; i < frame.n; i++) {
      const within = ofFinding[i] === 1
      const rest = col.codes[i] !== code
      restInside[i] = within && rest ? 1 : 0
      restOutside[i] = !within && rest ? 1 : 0
    }
    const rest = p99Ratio(values, restInside, restOutside)
    if (!(rest < STANDING_REST_CHANGE)) {
      continue
    }
    // The tail stayed with the condition; the typical request may still have paid the finding's
    // own cost (a handshake on every request), which is a change, not the condition (ADR 0307).
    const stages = causeRecord(f.cause)?.breachStages ?? []
    const own = ownStageRise(
      frame,
      values,
      stages,
      restInside,
      restOutside,
      STANDING_REST_CHANGE,
      STANDING_REST_MIN
    )
    if (own === null) {
      return c
    }
    if (credited === null) {
      credited = {
        dimension: c.dimension,
        observed: round(own.ratio),
        baseline: null,
        text: `the requests outside ${c.dimension}=${c.value} (a standing condition) did get slower: their median ${measure.toUpperCase()} rose ${decimals(own.ratio, 2)}× in the window, ${fmtUs(own.ownRiseUs)} of its ${fmtUs(own.riseUs)} in ${stages.join(' + ')}, this cause's own stages`,
      }
    }
  }
  if (credited !== null) {
    f.evidence.push(credited)
  }
  return undefined
}

/**
 * An unscoped finding whose engine-queue excess is a standing condition's: the condition's
 * requests hold most of the queue time the window added, and the other requests of the window
 * wait no longer than outside it (ADR 0279). A replica always 1.8× slower crosses its capacity
 * when the traffic drifts up 1.1–1.2×, and its queue, read engine-wide, is saturation with a
 * window; the other replicas' P99 rose with the traffic too, which the P99 test above cannot
 * tell from an incident, while their typical request waits as little as before. The "against" line, or
 * null when the finding's excess is not the engine queue or no condition holds it.
 */
function queuedOnStanding(
  frame: RequestFrame,
  f: Finding,
  standing: readonly StandingCondition[],
  excessStage: string | undefined
): Evidence | null {
  if (f.scope.value !== null || f.window === null || excessStage !== 'engine.queue') {
    return null
  }
  const inWindow = findingRequests(frame, f)
  if (inWindow === null) {
    return null
  }
  const held = queueOfStanding(frame, frame.stages['engine.queue'], inWindow, standing)
  if (held === null) {
    return null
  }
  const { dimension, value } = held.condition
  return {
    dimension,
    observed: value,
    baseline: null,
    text: `against: ${pct(held.share)} of the engine queue time the window added is ${dimension}=${value}'s, as slow through the whole window (a standing condition); the other requests of the window wait no longer than outside it (Cliff's δ ${decimals(held.restDelta, 2)})`,
  }
}

/**
 * The stage an end-of-data finding's excess is in: its first lines say which measures moved at
 * the end, the stage line after them which stage grew most (explain/end-change.ts). A queue that
 * grows at the end of the data on a standing condition's place is that condition's cost as much
 * as one in a window inside it (ADR 0353).
 */
function endExcessStage(f: Finding): string | undefined {
  return f.evidence.find((e) => e.stage !== undefined)?.stage
}

/**
 * The `healthy` answer's line for an end-of-data finding a standing condition explained: what
 * grew at the end, and why it is the condition's.
 */
function endSetAside(f: Finding): Evidence | null {
  const grew = f.evidence.find((e) => e.stage !== undefined)
  const against = f.evidence[f.evidence.length - 1]
  if (
    grew === undefined ||
    typeof grew.observed !== 'number' ||
    typeof grew.baseline !== 'number' ||
    against === undefined ||
    f.window === null
  ) {
    return null
  }
  return {
    stage: grew.stage!,
    observed: grew.observed,
    baseline: grew.baseline,
    text: `from ${f.window.start} to the end of the data ${grew.stage!} grew (median ${fmtUs(grew.observed * 1000)} vs ${fmtUs(grew.baseline * 1000)} before), but not as an incident: ${against.text.replace(/^against: /, '')}`,
  }
}

/**
 * Which requests are the finding's: those inside its window, or, for a scoped finding without
 * one, those of its scope. Null when neither can be told.
 */
function findingRequests(frame: RequestFrame, f: Finding): Uint8Array | null {
  if (f.window !== null) {
    const fromUs = microsFromIso(f.window.start)
    const toUs = microsFromIso(f.window.end)
    return fromUs === null || toUs === null ? null : startMask(frame, fromUs, toUs)
  }
  return scopeMask(frame, f.scope.dimension, f.scope.value)
}

/**
 * A finding needs a before and an after inside the data: one whose window opens with the data
 * shows only where something ended (detect/open-end.ts). It is set aside like a standing
 * condition, whose onset the data does not hold either (ADR 0199). Returns where the earliest
 * such window of a reportable finding ended, for the `healthy` answer to say so; null when none
 * was set aside.
 */
function setAsideOpenStart(ctx: DiagnosisContext, findings: Finding[]): OpenStart | null {
  let found: OpenStart | null = null
  for (const f of findings) {
    const open = opensWithData(ctx, f.window)
    if (open === null) {
      continue
    }
    // Only a finding that would have been reported is worth a line in the `healthy` answer.
    const reportable = f.confidence >= MIN_CONFIDENCE
    f.confidence *= STANDING_FACTOR
    f.evidence.push({
      metric: 'window',
      observed: f.window!.start,
      baseline: null,
      text: `against: the window opens where the data begins (${isoFromMicros(open.dataFromUs as Micros)}); with no before to compare with, the data shows this ending at ${isoFromMicros(open.endUs as Micros)}, not starting`,
    })
    if (reportable && (found === null || open.endUs < found.endUs)) {
      found = open
    }
  }
  return found
}

/** P99 of `values` over `inside` / over `outside`; NaN when either side is too thin. */
function p99Ratio(values: Float64Array, inside: Uint8Array, outside: Uint8Array): number {
  const a = sortedFinite(values, inside)
  const b = sortedFinite(values, outside)
  if (a.length < STANDING_REST_MIN || b.length < STANDING_REST_MIN) {
    return NaN
  }
  const before = quantileSorted(b, 0.99)
  return before > 0 ? quantileSorted(a, 0.99) / before : NaN
}

/** The mix/rate split of the anomaly of the measure a cause is about, when there is one. */
function attachShift(f: Finding, anomalies: readonly MeasureAnomaly[]): void {
  // The scan's decode measure is TPOT; stream buffering (max ITL) shows there too.
  const byCause = causeMeasure(f.cause)
  const measure = byCause === 'tpot' || byCause === 'itl_max' ? 'tpot' : 'ttft'
  const a = anomalies.find((x) => x.measure === measure)
  if (a !== undefined) {
    f.shift = shiftField(a)
  }
}

/**
 * The one `healthy` finding. Its confidence is the share of checks that could run (CONTRACT §5),
 * lowered by the strongest rejected candidate, and never above {@link HEALTHY_CAP_WHEN_BLIND}
 * when a check was skipped or most of the latency is time no span explains.
 */
function healthyFinding(
  ctx: DiagnosisContext,
  strongest: number,
  skipped: readonly string[],
  unattributedShare: number,
  moved: boolean,
  end: OpenEnd | null,
  start: OpenStart | null
): Finding {
  const significant = ctx.primary.rows.filter((r) => r.significant)
  const evidence: Finding['evidence'] = [
    {
      metric: 'ttft.p99',
      // No request with a TTFT (token counts without times, times out of range): the summary's
      // P99 and P50 are NaN, which round to null, as in the envelope's latency.
      observed: round(ctx.ttft.summary.p99 / 1000),
      baseline: round(ctx.ttft.summary.p50 / 1000),
      text: moved
        ? 'latency moved, but no cause has enough evidence'
        : end !== null
          ? 'no change over time that the data can confirm yet, and no saturated resource'
          : significant.length > 0
            ? `no change over time and no saturated resource; the slowest requests lean to ${significant[0]!.dimension}=${significant[0]!.value}, but that does not move the P99`
            : 'no change over time, no concentration in any dimension and no saturated resource',
    },
  ]
  if (!ctx.frame.hasClient.includes(1)) {
    // What only the client sees (a buffering proxy, the network, TLS) cannot be judged here.
    evidence.push({
      metric: 'client_spans',
      observed: 0,
      baseline: null,
      // Only when nothing moved is "nothing changed server-side" true; a move no cause explains
      // is still pointed at the client's view, which may hold what the server cannot see.
      text: moved
        ? 'no client spans: latency visible only at the client (a buffering proxy, the network, TLS) cannot be seen here; run `tokenline probe URL` through the same path'
        : 'healthy (server-side): nothing changed server-side; latency visible only at the client (a buffering proxy, the network, TLS) cannot be seen without client spans: run `tokenline probe URL` through the same path',
    })
  }
  const checked = (RULES.length - skipped.length) / RULES.length
  if (skipped.length > 0) {
    evidence.push({
      metric: 'coverage',
      observed: RULES.length - skipped.length,
      baseline: RULES.length,
      text: `checked ${RULES.length - skipped.length} of ${RULES.length} causes; could not check ${skipped.map((x) => x.split(':')[0]).join(', ')}`,
    })
  }
  let cap = 1
  if (skipped.length > 0) {
    cap = HEALTHY_CAP_WHEN_BLIND
  }
  if (moved) {
    // Latency moved and no cause explains it: that is "cannot tell", not "healthy".
    cap = Math.min(cap, HEALTHY_CAP_WHEN_BLIND)
  }
  if (end !== null) {
    // Too short to be a change yet, too high to call the end of the data fine.
    cap = Math.min(cap, HEALTHY_CAP_WHEN_BLIND)
    const seconds = Math.round((end.steps * ctx.grid.stepUs) / 1e6)
    evidence.push({
      metric: `${end.measure}.p50`,
      observed: round(end.shiftUs / 1000),
      baseline: null,
      text: `the last ${seconds} s of the data are slower than the rest (${end.measure.toUpperCase()} median +${Math.round(end.shiftUs / 1000)} ms, ${decimals(end.z, 1)} noise units): too short to tell a change from noise; diagnose again in a few minutes`,
    })
  }
  if (start !== null) {
    // What ran before the recording may have been an incident or the usual level: not fine, not
    // a cause either.
    cap = Math.min(cap, HEALTHY_CAP_WHEN_BLIND)
    evidence.push({
      metric: 'window',
      observed: isoFromMicros(start.endUs as Micros),
      baseline: isoFromMicros(start.dataFromUs as Micros),
      text: `the data begins inside a slower stretch that ends at ${isoFromMicros(start.endUs as Micros)}: what came before the recording cannot be compared with; diagnose a window that starts earlier to see whether it was an incident`,
    })
  }
  if (unattributedShare >= UNCOVERED_BLIND_SHARE) {
    cap = Math.min(cap, HEALTHY_CAP_WHEN_BLIND)
    evidence.push({
      stage: 'unattributed',
      observed: round(unattributedShare),
      baseline: null,
      text: `${pct(unattributedShare)} of a typical TTFT is covered by no span: it could not be checked`,
    })
  }
  if (ctx.negativeStages > 0) {
    evidence.push({
      stage: 'clock_skew',
      observed: ctx.negativeStages,
      baseline: 0,
      text: `${ctx.negativeStages} requests have negative stages (clock skew between hosts); counted as 0`,
    })
  }
  return {
    cause: 'healthy',
    confidence: roundScore(Math.min(cap, checked, 1 - strongest)),
    scope: { dimension: null, value: null },
    window: null,
    evidence,
    actions: [],
  }
}

/**
 * The excess of the time per output token at the gateway, read as the TPOT is, when no request
 * carries an engine TPOT (ADR 0344): the gateway's stream after the first chunk over the output
 * tokens after the first (the frame's `perOutputTokenUs`), what the users' TPOT is as the gateway
 * sees it. A gateway that marks its first chunk times the stream apart from the wait before it;
 * E2E over the output tokens would mix the TTFT in. Its evidence names it apart from the TPOT of
 * CONTRACT §4, which gateway spans alone do not give. Empty when an engine TPOT exists.
 */
function gatewayTpotFacts(ctx: DiagnosisContext, burst: TrafficShift | null): ExcessFact[] {
  if (ctx.gatewayTpot === null) {
    return []
  }
  const frame = { ...ctx.frame, tpotUs: ctx.frame.perOutputTokenUs }
  const sample = sampleFrame(frame, SCAN_SAMPLE)
  const anomalies = scanExcess(sample, ctx.grid, 'tpot')
  return excessFacts({ ...ctx, frame: sample }, anomalies, burst, {
    text: 'Time per output token at the gateway',
    metric: GATEWAY_TPOT,
  })
}

/** Diagnoses one window (pure; never throws on odd data). */
export function diagnose(input: DiagnosisInput): DiagnoseResult {
  if (input.frame.n < MIN_REQUESTS) {
    return notEnoughData(input, ['all causes: not enough requests'])
  }
  const ctx = buildContext(input)
  const skipped: string[] = []
  const sample = sampleFrame(input.frame, SCAN_SAMPLE)
  const scanCtx = sample === input.frame ? ctx : { ...ctx, frame: sample }
  const anomalies = scanExcess(sample, ctx.grid)
  // The noisy-neighbour record's scan statistic (ADR 0193). A fact's burst takes the excess from
  // every other reading, so it must be past where chance reaches, not merely where support starts.
  const burst = findTrafficShift(sample, ctx.grid, BURST_Z_HI)
  const facts = excessFacts(scanCtx, anomalies, burst)
  const gatewayFacts = gatewayTpotFacts(ctx, burst)
  const uncovered = uncoveredTime(scanCtx)
  // The rules compare loads and shares inside the slow minutes the excess shows most clearly,
  // which for a weak or short fault are not where the P99 changed (if it did at all).
  const slowest = facts
    .filter((x) => x.anomaly.buckets !== null)
    .sort((a, b) => b.strength * b.scale - a.strength * a.scale)[0]
  ctx.anomalyBuckets = slowMinutes(ctx.ttftChange, ctx.tpotChange, slowest?.anomaly.buckets ?? null)
  const merged: Finding[] = []
  // Windows from the cause's own series (ADR 0275): the latency consensus leaves them.
  const ownWindows = new Set<Finding>()
  const ownChanges = new Set<Finding>()
  for (const record of RULES) {
    const scored = scoreCause(
      ctx,
      record,
      record.readsGatewayTpot === true ? [...facts, ...gatewayFacts] : facts,
      uncovered,
      skipped
    )
    if (scored !== null) {
      merged.push(scored.finding)
      if (scored.ownWindow) {
        ownWindows.add(scored.finding)
      }
      if (scored.ownChange) {
        ownChanges.add(scored.finding)
      }
    }
  }
  for (const f of merged) {
    if (!ownWindows.has(f)) {
      f.window = consensusWindow(ctx, sample, anomalies, f, measureOfFinding(f))
    }
    f.window = causeRecord(f.cause)?.windowEnd?.(ctx, f) ?? f.window
  }
  const standing = standingConditions(input.frame, input.window.fromUs, input.window.toUs)
  applyCounterEvidence(ctx, merged)
  let openStart: OpenStart | null = null
  if (!ctx.sloBreached) {
    setAsideStanding(input.frame, input.window, merged, standing, { ownChanges })
    openStart = setAsideOpenStart(ctx, merged)
  }
  explainAway(ctx, merged)
  for (const f of merged) {
    f.confidence = roundScore(Math.min(1, Math.max(0, f.confidence)))
    if (f.shift === undefined) {
      attachShift(f, anomalies)
    }
    citeChangeEvents(ctx, f)
  }
  // Ties break by cause id so the same data always gives the same order.
  merged.sort((a, b) => b.confidence - a.confidence || a.cause.localeCompare(b.cause))
  let findings = merged.filter((f) => f.confidence >= MIN_CONFIDENCE).slice(0, MAX_FINDINGS)
  for (const f of findings) {
    f.confidence = roundScore(calibrate(f.confidence))
  }
  if (findings.length === 0 && ctx.sloBreached) {
    findings = [sloBreachFinding(ctx, actionsOf)]
  }
  const end = endChange(ctx)
  let endAside: Evidence | null = null
  if (findings.length === 0) {
    // The data's last minute above all its history is not "healthy", though no cause could be
    // judged on so short a change: its mechanism, said as such (ADR 0260).
    const atEnd = end === null ? null : endChangeFinding(ctx, end, actionsOf)
    if (atEnd !== null && !ctx.sloBreached) {
      setAsideStanding(input.frame, input.window, [atEnd], standing, {
        excessStage: endExcessStage,
      })
    }
    if (atEnd !== null && atEnd.confidence >= MIN_CONFIDENCE) {
      findings = [atEnd]
    } else if (atEnd !== null) {
      endAside = endSetAside(atEnd)
    }
  } else if (end !== null) {
    // A mechanism judged on that last minute alone gives way to the root the requests show
    // there, as a root beats its mechanism (ADR 0320).
    findings = rootOverEndMechanism(ctx, end, findings, actionsOf).slice(0, MAX_FINDINGS)
  }
  if (findings.length === 0) {
    const moved =
      ctx.ttftChange.elevated !== null ||
      ctx.tpotChange.elevated !== null ||
      anomalies.some((a) => a.z >= 4)
    findings = [
      healthyFinding(
        ctx,
        merged[0]?.confidence ?? 0,
        skipped,
        uncovered.share,
        moved,
        moved ? null : openEnd(ctx),
        openStart
      ),
    ]
    if (endAside !== null) {
      findings[0]!.evidence.splice(1, 0, endAside)
    }
  }
  return {
    diagnosis: { ...envelope(input, ctx, findings[0]), findings, standing_conditions: standing },
    skipped,
  }
}
