/**
 * The `stages` list of the diagnosis (CONTRACT §5): where the slowest requests spend their time,
 * for the measure the top finding is about. A gateway-queueing or TLS finding is about the first
 * token, so its list holds the stages before the first token for the requests above the TTFT P99
 * against the rest; over whole requests, decode (seconds) would hide the queue (hundreds of ms).
 *
 *   top finding                           measure   slow cohort        stages
 *   queue, prefill, network, gateway, …   ttft      above TTFT P99     before the first token
 *   long generations, memory bandwidth    tpot      above TPOT P99     engine.decode, stream
 *   stream buffering                      itl_max   above ITL-max P99  engine.decode, stream
 *   healthy (or none)                     e2e       above E2E P99      all
 *
 * Replica, node, version, tenant and KV findings follow the measure their evidence names
 * ({@link measureOfFinding}).
 */
import type { Diagnosis, Finding } from '../../model/diagnosis.js'
import type { DurationMeasure } from '../../model/request.js'
import { splitSlow } from '../frame/cohort.js'
import type { DiagnosisContext } from '../frame/context.js'
import { measureOfFinding } from './finding-measure.js'
import { roundFinite } from './text.js'
import {
  computeStageBreakdown,
  stagesOfMeasure,
  type StageBreakdown,
} from '../detect/stage-stats.js'

/** The measure the `stages` list describes when `top` is the top finding. */
export function stagesMeasureOf(top: Finding | undefined): DurationMeasure {
  return top === undefined ? 'e2e' : measureOfFinding(top)
}

/**
 * The stage breakdown of `measure`'s slow cohort over the stages it is made of. TTFT and TPOT
 * reuse the context's cohorts (the ones the findings cite, SLO-widened when an objective is set).
 */
export function stageBreakdownOf(ctx: DiagnosisContext, measure: DurationMeasure): StageBreakdown {
  switch (measure) {
    case 'ttft':
      return ctx.ttftStages
    case 'tpot':
      return ctx.tpotStages
    case 'itl_max': {
      const split = splitSlow(ctx.frame.itlMaxUs, null)
      return computeStageBreakdown(ctx.frame, split.slow, split.eligible, stagesOfMeasure(measure))
    }
    case 'e2e': {
      const sloMs = ctx.input.slos?.e2eMs
      const split = splitSlow(ctx.frame.e2eUs, sloMs === undefined ? null : sloMs * 1000)
      return computeStageBreakdown(ctx.frame, split.slow, split.eligible, stagesOfMeasure(measure))
    }
  }
}

/** The CONTRACT §5 `stages` list for the top finding: stages some request has, in §4 order. */
export function diagnosisStages(
  ctx: DiagnosisContext,
  top: Finding | undefined
): Diagnosis['stages'] {
  return stageBreakdownOf(ctx, stagesMeasureOf(top)).stats.flatMap((s) =>
    // A share over a slow cohort without stage time (or without a request) is unknown: the
    // stage is left out rather than listed at 0% (ADR 0343).
    (s.presence ?? 0) > 0 && s.slowShare !== null && s.p99Us !== null
      ? [
          {
            stage: s.stage,
            share_of_p99_slow: roundFinite(s.slowShare),
            p99_ms: roundFinite(s.p99Us / 1000),
          },
        ]
      : []
  )
}
