/**
 * Concentration of one measure's slow requests (GET /api/concentration): the slow cohort is
 * everything above a threshold (default: the diagnosis cohort, i.e. above the window's P99).
 */
import type { DurationMeasure } from '../model/request.js'
import { buildCohort } from '../diagnosis/frame/cohort.js'
import { replicaFirstSeen, youngReplicas } from '../diagnosis/frame/young-replicas.js'
import { buildColumns } from '../diagnosis/frame/columns.js'
import type { RequestFrame } from '../diagnosis/frame/frame.js'
import {
  computeStageBreakdown,
  stagesOfMeasure,
  type StageStat,
} from '../diagnosis/detect/stage-stats.js'
import { findConcentration, type ConcentrationRow } from './find-concentration.js'

export type ConcentrationMeasure = DurationMeasure

export interface MeasureConcentration {
  measure: ConcentrationMeasure
  /** µs. */
  thresholdUs: number
  slow: number
  total: number
  rows: ConcentrationRow[]
  /**
   * What the slow requests are compared with: every other request of the window (`rest`), or,
   * for a slow window with enough history, only the requests that started before it (`before`).
   */
  baseline: 'rest' | 'before'
  /**
   * Where the slow requests spend their time, against the rest: the stages that make up the
   * measure (before the first token for TTFT, after it for TPOT and ITL, all for E2E).
   */
  stages: StageStat[]
}

/** Requests before a slow window needed to compare with them rather than with the rest. */
const MIN_BASELINE_BEFORE = 100

/** Optional narrowing of the slow cohort to a time window inside the loaded one (µs). */
interface SlowWindow {
  fromUs: number
  toUs: number
  /** Upper bound of a slow value (a heatmap rectangle's top edge), exclusive; none when absent. */
  maxValueUs?: number
}

function valuesOf(frame: RequestFrame, measure: ConcentrationMeasure): Float64Array {
  switch (measure) {
    case 'ttft':
      return frame.ttftUs
    case 'tpot':
      return frame.tpotUs
    case 'itl_max':
      return frame.itlMaxUs
    case 'e2e':
      return frame.e2eUs
  }
}

/**
 * Computes the concentration rows of `measure`'s slow requests.
 *
 * @param thresholdUs slow = value > threshold; when null, the diagnosis' P99 cohort.
 * @param windowFromUs window start (for the replica-age column).
 * @param slowWindow when given, only requests that start inside it can be slow (a spike), and
 *   every other request of the frame is the baseline; needs a threshold.
 */
export function concentrationOfMeasure(
  frame: RequestFrame,
  measure: ConcentrationMeasure,
  thresholdUs: number | null,
  windowFromUs: number,
  slowWindow: SlowWindow | null = null
): MeasureConcentration {
  const young = youngReplicas(replicaFirstSeen(frame), [], windowFromUs, 120_000_000)
  const columns = buildColumns(frame, young)
  const values = valuesOf(frame, measure)
  const stages = stagesOfMeasure(measure)
  if (thresholdUs === null && slowWindow === null) {
    const cohort = buildCohort(measure === 'tpot' ? 'tpot' : 'ttft', values, columns, null)
    return {
      measure,
      thresholdUs: cohort.thresholdUs,
      slow: cohort.slowCount,
      total: cohort.eligibleCount,
      rows: cohort.rows,
      baseline: 'rest',
      stages: computeStageBreakdown(frame, cohort.slow, cohort.eligible, stages).stats,
    }
  }
  const threshold = thresholdUs ?? 0
  const slow = new Uint8Array(frame.n)
  const eligible = new Uint8Array(frame.n)
  let slowCount = 0
  let total = 0
  let before = 0
  let within = 0
  for (let i = 0; i < frame.n; i++) {
    const v = values[i] as number
    if (v === v) {
      eligible[i] = 1
      total++
      const t = frame.startUs[i] as number
      const inWindow = slowWindow === null || (t >= slowWindow.fromUs && t < slowWindow.toUs)
      const below = slowWindow?.maxValueUs === undefined || v < slowWindow.maxValueUs
      if (inWindow && v > threshold && below) {
        slow[i] = 1
        slowCount++
      }
      if (slowWindow !== null && t < slowWindow.fromUs) {
        before++
      }
      if (inWindow) {
        within++
      }
    }
  }
  // A spike is compared with the traffic before it, where there is enough (at least as many
  // requests as in the window): "what grew" and "what is over-represented" are questions about
  // change. Without that much history (a wide rectangle), with the rest.
  let baseline: MeasureConcentration['baseline'] = 'rest'
  if (slowWindow !== null && before >= Math.max(MIN_BASELINE_BEFORE, within)) {
    baseline = 'before'
    for (let i = 0; i < frame.n; i++) {
      if (slow[i] === 0 && (frame.startUs[i] as number) >= slowWindow.fromUs) {
        eligible[i] = 0
      }
    }
  }
  return {
    measure,
    thresholdUs: threshold,
    slow: slowCount,
    total,
    baseline,
    rows: findConcentration(columns, slow, eligible),
    stages: computeStageBreakdown(frame, slow, eligible, stages).stats,
  }
}
