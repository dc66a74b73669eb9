/**
 * Everything the rules share, computed once per diagnosis: the grid, the slow cohorts for TTFT and
 * TPOT with their concentration, the stage breakdowns, the per-step latency series and their
 * change points, resource views and the change events.
 */
import type { CategoricalColumn } from '../../concentration/find-concentration.js'
import type { ChangeEvent } from '../../model/event.js'
import { DIMENSIONS } from '../../model/request.js'
import type { Micros } from '../../model/units.js'
import {
  bucketCounts,
  bucketQuantile,
  makeGrid,
  MINUTE_US,
  type BucketGrid,
} from '../../timeline/buckets.js'
import {
  detectChangePoints,
  findElevatedSpan,
  type ChangePointResult,
  type ElevatedSpan,
} from '../../timeline/change-points.js'
import { buildCohort, type Cohort } from './cohort.js'
import { buildColumns } from './columns.js'
import { processStarts, replicaFirstSeen, youngReplicas } from './young-replicas.js'
import { startMask, type RequestFrame } from './frame.js'
import type { DiagnosisInput } from './input.js'
import type { ResourceKind } from '../metric-families.js'
import { buildResourceViews, type ResourceView } from '../resources.js'
import {
  computeStageBreakdown,
  TPOT_STAGES,
  TTFT_STAGES,
  type StageBreakdown,
} from '../detect/stage-stats.js'

/** Relative change a level shift needs to count as an anomaly. */
export const MIN_RELATIVE_CHANGE = 0.3

export interface TimeChange {
  /** Per-bucket P99 (µs, NaN = too few requests). */
  p99: Float64Array
  result: ChangePointResult
  elevated: ElevatedSpan | null
  /** The elevated span as epoch µs [from, to), or null. */
  windowUs: { fromUs: Micros; toUs: Micros } | null
  /** 1 for requests that started inside the elevated span. */
  inWindow: Uint8Array
}

export interface DiagnosisContext {
  input: DiagnosisInput
  frame: RequestFrame
  grid: BucketGrid
  columns: CategoricalColumn[]
  ttft: Cohort
  tpot: Cohort
  /**
   * The slow cohort of the time per output token at the gateway (the frame's `perOutputTokenUs`:
   * the gateway's stream after the first chunk over the output tokens after the first), when no
   * request carries an engine TPOT; null when one does (the engine's TPOT is then read). Gateway
   * spans alone have no TPOT (CONTRACT §4), yet they time the users' stream: a node that decodes
   * slower shows there (ADR 0344). Only `node.degraded` reads it.
   */
  gatewayTpot: Cohort | null
  ttftStages: StageBreakdown
  tpotStages: StageBreakdown
  /**
   * The cohort with the stronger tail anomaly (TTFT unless TPOT's is clearly stronger): the
   * JSON's `concentration` describes it (its `stages` follow the top finding, stage-breakdown.ts).
   */
  primary: Cohort
  /** Stage breakdown over all stages for the primary cohort. */
  allStages: StageBreakdown
  ttftChange: TimeChange
  tpotChange: TimeChange
  /**
   * The slow minutes as a bucket range (inclusive), null when nothing moved: the strongest
   * excess anomaly's once the scan ran, the TTFT (else TPOT) P99 change before ({@link
   * slowMinutes}, the one rule for both).
   * Rules that compare loads or shares compare them inside these minutes against the rest: a
   * replica that got twice its share for five minutes has 1.1× its share over thirty.
   */
  anomalyBuckets: { from: number; to: number } | null
  /** Requests started per bucket. */
  traffic: Float64Array
  resources: Map<ResourceKind, ResourceView>
  replicaNode: Map<string, string>
  replicaFirstSeenUs: Map<string, number>
  /** Replicas young on evidence (frame/young-replicas.ts) → their first request, epoch µs. */
  youngReplicaUs: Map<string, number>
  events: readonly ChangeEvent[]
  sloBreached: boolean
  /** Requests with a negative stage (clock skew). */
  negativeStages: number
}

function timeChange(frame: RequestFrame, grid: BucketGrid, values: Float64Array): TimeChange {
  const { values: p99 } = bucketQuantile(grid, frame.startUs, values, 0.99, undefined, 5)
  return changeOfSeries(frame, grid, p99)
}

/** Change analysis of any per-bucket series (e.g. a stage's P90 per step). */
export function changeOfSeries(
  frame: RequestFrame,
  grid: BucketGrid,
  p99: Float64Array
): TimeChange {
  const result = detectChangePoints(p99, { minRelativeChange: MIN_RELATIVE_CHANGE })
  const elevated = findElevatedSpan(result, MIN_RELATIVE_CHANGE)
  if (!elevated) {
    return { p99, result, elevated, windowUs: null, inWindow: new Uint8Array(frame.n) }
  }
  const fromUs = (grid.fromUs + elevated.start * grid.stepUs) as Micros
  const toUs = (grid.fromUs + (elevated.end + 1) * grid.stepUs) as Micros
  const inWindow = startMask(frame, fromUs, toUs)
  return { p99, result, elevated, windowUs: { fromUs, toUs }, inWindow }
}

function replicaNodes(frame: RequestFrame): Map<string, string> {
  const out = new Map<string, string>()
  const r = frame.dims.replica
  const nd = frame.dims.node
  for (let i = 0; i < frame.n; i++) {
    const rc = r.codes[i] as number
    const nc = nd.codes[i] as number
    if (rc >= 0 && nc >= 0) {
      out.set(r.values[rc] as string, nd.values[nc] as string)
    }
  }
  return out
}

const DIMENSION_SET: ReadonlySet<string> = new Set(DIMENSIONS)

/** How anomalous a cohort's tail is: concentration in a request dimension plus change over time. */
function anomalyScore(cohort: Cohort, change: TimeChange): number {
  let best = 0
  for (const row of cohort.rows) {
    if (row.significant && DIMENSION_SET.has(row.dimension)) {
      best = Math.max(best, row.slowShare - row.baselineShare)
    }
  }
  const shift = change.elevated ? Math.min(1, change.elevated.ratio - 1) : 0
  return best + shift
}

/** Builds the shared context (the expensive part of a diagnosis). */
export function buildContext(input: DiagnosisInput): DiagnosisContext {
  const { frame } = input
  // Half-minute steps when traffic fills them (≥ 100 requests a step), so a fault of a minute or
  // two spans the three steps a change needs; minute steps otherwise.
  const spanUs = input.window.toUs - input.window.fromUs
  const fine = frame.n / Math.max(1, spanUs / 30_000_000) >= 100
  const grid = makeGrid(input.window.fromUs, input.window.toUs, fine ? 30_000_000 : MINUTE_US)
  const firstSeen = replicaFirstSeen(frame)
  const young = youngReplicas(
    firstSeen,
    input.events,
    input.window.fromUs,
    2 * grid.stepUs,
    processStarts(input.resources, new Set(firstSeen.keys()))
  )
  const columns = buildColumns(frame, young)
  const slos = input.slos ?? null
  const ttft = buildCohort(
    'ttft',
    frame.ttftUserUs,
    columns,
    slos?.ttftMs !== undefined ? slos.ttftMs * 1000 : null
  )
  const tpot = buildCohort(
    'tpot',
    frame.tpotUs,
    columns,
    slos?.tpotMs !== undefined ? slos.tpotMs * 1000 : null
  )
  const gatewayTpot =
    tpot.eligibleCount === 0
      ? buildCohort(
          'tpot',
          frame.perOutputTokenUs,
          columns,
          slos?.tpotMs !== undefined ? slos.tpotMs * 1000 : null
        )
      : null
  const q = slos?.quantile ?? 0.99
  let sloBreached = false
  if (slos) {
    const checks: [number | undefined, Float64Array][] = [
      [slos.ttftMs, frame.ttftUs],
      [slos.tpotMs, frame.tpotUs],
      [slos.e2eMs, frame.e2eUs],
    ]
    for (const [targetMs, values] of checks) {
      if (targetMs === undefined) {
        continue
      }
      const sorted = Float64Array.from(values.filter((v) => v === v)).sort()
      if (sorted.length > 0) {
        const at = sorted[
          Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))
        ] as number
        if (at > targetMs * 1000) {
          sloBreached = true
        }
      }
    }
  }
  const replicaNode = replicaNodes(frame)
  const ttftChange = timeChange(frame, grid, frame.ttftUserUs)
  const tpotChange = timeChange(frame, grid, frame.tpotUs)
  const primary =
    anomalyScore(tpot, tpotChange) > anomalyScore(ttft, ttftChange) + 0.1 ? tpot : ttft
  const allStages = computeStageBreakdown(frame, primary.slow, primary.eligible)
  return {
    input,
    frame,
    grid,
    columns,
    ttft,
    tpot,
    gatewayTpot: gatewayTpot !== null && gatewayTpot.eligibleCount > 0 ? gatewayTpot : null,
    ttftStages: computeStageBreakdown(frame, ttft.slow, ttft.eligible, TTFT_STAGES),
    tpotStages: computeStageBreakdown(frame, tpot.slow, tpot.eligible, TPOT_STAGES),
    allStages,
    primary,
    ttftChange,
    tpotChange,
    anomalyBuckets: slowMinutes(ttftChange, tpotChange, null),
    traffic: bucketCounts(grid, frame.startUs),
    resources: buildResourceViews(
      input.resources,
      grid,
      new Set(frame.dims.replica.values),
      new Set(frame.dims.node.values)
    ),
    replicaNode,
    replicaFirstSeenUs: firstSeen,
    youngReplicaUs: young,
    events: input.events,
    sloBreached,
    negativeStages: allStages.negativeCount,
  }
}

/**
 * The one rule for {@link DiagnosisContext.anomalyBuckets}: the strongest excess anomaly's
 * buckets once the scan found one (`excess`), else the TTFT P99 change's, else TPOT's.
 */
export function slowMinutes(
  ttftChange: TimeChange,
  tpotChange: TimeChange,
  excess: { from: number; to: number } | null
): { from: number; to: number } | null {
  return excess ?? changeBuckets(ttftChange) ?? changeBuckets(tpotChange)
}

/** Bucket index range of a change's elevated span, or null. */
export function changeBuckets(change: TimeChange): { from: number; to: number } | null {
  return change.elevated === null ? null : { from: change.elevated.start, to: change.elevated.end }
}
