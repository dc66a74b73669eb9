/**
 * Stage decomposition: for a slow cohort, each stage's share of the cohort's time, its mean in
 * the slow and baseline cohorts, and its excess (slow mean − baseline mean) — the part of the
 * slowness the stage explains. A missing stage counts as 0 s (the request did not pass through
 * it); a negative stage (clock skew between hosts) counts as 0 and is reported.
 */
import type { DurationMeasure, StageName } from '../../model/request.js'
import { AFTER_FIRST_TOKEN_STAGES, STAGE_NAMES } from '../../model/request.js'
import { sortedFinite, quantileSorted } from '../../stats/quantile.js'
import type { RequestFrame } from '../frame/frame.js'

/** Stages on the path to the first token (CONTRACT §4 order). */
export const TTFT_STAGES: readonly StageName[] = STAGE_NAMES.filter(
  (s) => !(AFTER_FIRST_TOKEN_STAGES as readonly StageName[]).includes(s)
)
/** Stages after the first token (a gateway's upstream call after its first chunk among them). */
export const TPOT_STAGES: readonly StageName[] = AFTER_FIRST_TOKEN_STAGES

/** The stages a measure is made of: before the first token for TTFT, after it for TPOT and ITL. */
export function stagesOfMeasure(measure: DurationMeasure): readonly StageName[] {
  switch (measure) {
    case 'ttft':
      return TTFT_STAGES
    case 'tpot':
    case 'itl_max':
      return TPOT_STAGES
    case 'e2e':
      return STAGE_NAMES
  }
}

/**
 * A figure over no requests is null, never 0 (CONTRACT §4, ADR 0343): a cohort without a request
 * has no mean, a cohort whose stages sum to nothing has no shares, and with no stage longer in
 * the slow cohort there is no extra time to share out. The diagnosis's scorers read such a null
 * as the 0 it was before (`?? 0`): there a stage without support adds nothing, which is what the
 * 0 meant to them.
 */
export interface StageStat {
  stage: StageName
  /** Share of the slow cohort's summed stage time, 0..1; null when that sum is 0. */
  slowShare: number | null
  baselineShare: number | null
  /** Mean µs per request (missing = 0); null for a cohort without a request. */
  slowMeanUs: number | null
  baselineMeanUs: number | null
  /** slowMean − baselineMean (µs); null when either is. */
  excessUs: number | null
  /** Share of the summed positive excess over the considered stages, 0..1; null when none. */
  excessShare: number | null
  /** P99 over every request that has the stage (µs); null when none has it. */
  p99Us: number | null
  /** Fraction of requests that have the stage; null for a frame without a request. */
  presence: number | null
}

export interface StageBreakdown {
  stats: StageStat[]
  /** Requests with at least one negative stage (clock skew). */
  negativeCount: number
}

/** Breaks the slow cohort's time down by stage over `stages` (all stages when omitted). */
export function computeStageBreakdown(
  frame: RequestFrame,
  slow: Uint8Array,
  eligible: Uint8Array,
  stages: readonly StageName[] = STAGE_NAMES
): StageBreakdown {
  let slowN = 0
  let baseN = 0
  for (let i = 0; i < frame.n; i++) {
    if (eligible[i] === 1) {
      if (slow[i] === 1) {
        slowN++
      } else {
        baseN++
      }
    }
  }
  const negative = new Uint8Array(frame.n)
  const raw = stages.map((stage) => {
    const col = frame.stages[stage]
    let slowSum = 0
    let baseSum = 0
    let present = 0
    for (let i = 0; i < frame.n; i++) {
      const v = col[i] as number
      if (v !== v) {
        continue
      }
      present++
      if (v < 0) {
        negative[i] = 1
      }
      if (eligible[i] !== 1) {
        continue
      }
      const clipped = v > 0 ? v : 0
      if (slow[i] === 1) {
        slowSum += clipped
      } else {
        baseSum += clipped
      }
    }
    return { stage, slowSum, baseSum, present, p99Us: quantileSorted(sortedFinite(col), 0.99) }
  })
  const slowTotal = raw.reduce((s, r) => s + r.slowSum, 0)
  const baseTotal = raw.reduce((s, r) => s + r.baseSum, 0)
  const stats: StageStat[] = raw.map((r) => {
    const slowMeanUs = slowN === 0 ? null : r.slowSum / slowN
    const baselineMeanUs = baseN === 0 ? null : r.baseSum / baseN
    return {
      stage: r.stage,
      slowShare: slowTotal > 0 ? r.slowSum / slowTotal : null,
      baselineShare: baseTotal > 0 ? r.baseSum / baseTotal : null,
      slowMeanUs,
      baselineMeanUs,
      excessUs: slowMeanUs === null || baselineMeanUs === null ? null : slowMeanUs - baselineMeanUs,
      excessShare: null,
      p99Us: r.present === 0 ? null : Math.max(0, r.p99Us),
      presence: frame.n === 0 ? null : r.present / frame.n,
    }
  })
  const positive = stats.reduce((s, st) => s + Math.max(0, st.excessUs ?? 0), 0)
  for (const st of stats) {
    st.excessShare =
      positive > 0 && st.excessUs !== null ? Math.max(0, st.excessUs) / positive : null
  }
  let negativeCount = 0
  for (let i = 0; i < frame.n; i++) {
    negativeCount += negative[i] as number
  }
  return { stats, negativeCount }
}
