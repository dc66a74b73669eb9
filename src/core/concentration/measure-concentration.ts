/**
 * Concentration of one measure's slow requests (GET /api/concentration): the slow cohort is
 * everything above a threshold (default: the diagnosis cohort, i.e. above the window's P99).
 */
import type { DurationMeasure } from '../model/request.js'
import { buildCohort } from '../diagnosis/cohort.js'
import { buildColumns } from '../diagnosis/columns.js'
import type { RequestFrame } from '../diagnosis/frame.js'
import { findConcentration, type ConcentrationRow } from './find-concentration.js'

export type ConcentrationMeasure = DurationMeasure

export interface MeasureConcentration {
  measure: ConcentrationMeasure
  /** µs. */
  thresholdUs: number
  slow: number
  total: number
  rows: ConcentrationRow[]
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
 */
export function concentrationOfMeasure(
  frame: RequestFrame,
  measure: ConcentrationMeasure,
  thresholdUs: number | null,
  windowFromUs: number
): MeasureConcentration {
  const columns = buildColumns(frame, windowFromUs, 120_000_000)
  const values = valuesOf(frame, measure)
  if (thresholdUs === null) {
    const cohort = buildCohort(measure === 'tpot' ? 'tpot' : 'ttft', values, columns, null)
    return {
      measure,
      thresholdUs: cohort.thresholdUs,
      slow: cohort.slowCount,
      total: cohort.eligibleCount,
      rows: cohort.rows,
    }
  }
  const slow = new Uint8Array(frame.n)
  const eligible = new Uint8Array(frame.n)
  let slowCount = 0
  let total = 0
  for (let i = 0; i < frame.n; i++) {
    const v = values[i] as number
    if (v === v) {
      eligible[i] = 1
      total++
      if (v > thresholdUs) {
        slow[i] = 1
        slowCount++
      }
    }
  }
  return {
    measure,
    thresholdUs,
    slow: slowCount,
    total,
    rows: findConcentration(columns, slow, eligible),
  }
}
