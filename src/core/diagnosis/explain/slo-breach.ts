/**
 * With the latency objective breached and no change found: "uniformly slow since the window
 * began", named after the stage that holds most of the slowest requests' time, by the cause
 * records' `breachStages`.
 */
import type { Cause, Evidence, Finding } from '../../model/diagnosis.js'
import type { StageName } from '../../model/request.js'
import { isoFromMicros } from '../../model/units.js'
import type { DiagnosisContext } from '../frame/context.js'
import { BREACH_STAGE_CAUSES } from '../causes/index.js'
import { fmtUs, pct, round } from './text.js'
import {
  computeStageBreakdown,
  type StageBreakdown,
  type StageStat,
} from '../detect/stage-stats.js'
import { splitSlow } from '../frame/cohort.js'
import { summarize } from '../../stats/quantile.js'

/**
 * What a stage measured, where its name alone would read as another tier's time: the gateway's
 * upstream call is the engine's time seen from the gateway, not a dependency (ADR 0383).
 */
const MEASURED: Partial<Record<StageName, string>> = {
  'gateway.upstream': "the gateway's wait for the engine behind it, timed at the gateway",
}

/** The stages that hold a known share of the slowest requests' time, the largest first. */
function rankedStages(b: StageBreakdown): StageStat[] {
  return b.stats
    .filter((s) => (s.presence ?? 0) > 0 && s.slowShare !== null)
    .sort((a, b) => b.slowShare! - a.slowShare!)
}

/** With SLOs breached and nothing else found: "uniformly slow since the window began". */
export function sloBreachFinding(
  ctx: DiagnosisContext,
  actionsOf: (c: Cause) => string[]
): Finding {
  const slos = ctx.input.slos
  // The stages of the measure whose objective is set: TTFT's before the first token.
  let top = rankedStages(slos?.ttftMs !== undefined ? ctx.ttftStages : ctx.allStages)[0]
  let slo: Evidence = {
    metric: 'slo',
    observed: round(ctx.ttft.summary.p99 / 1000),
    baseline: slos?.ttftMs ?? null,
    text: `the latency objective is breached and nothing changed: uniformly slow since the window began (TTFT P99 ${fmtUs(ctx.ttft.summary.p99)}, TPOT P99 ${fmtUs(ctx.tpot.summary.p99)})`,
  }
  // Requests without a first-token time (gateway spans only) have no slow TTFT cohort, so no
  // stage has a share of it: an unknown share is not 0 %, and ranking unknowns named the first
  // stage listed as the cause. The E2E objective, where set, has its own slowest requests.
  if (top === undefined && slos?.e2eMs !== undefined) {
    const split = splitSlow(ctx.frame.e2eUs, slos.e2eMs * 1000)
    const e2eP99 = summarize(ctx.frame.e2eUs).p99
    top = rankedStages(computeStageBreakdown(ctx.frame, split.slow, split.eligible))[0]
    slo = {
      metric: 'slo',
      observed: round(e2eP99 / 1000),
      baseline: slos.e2eMs,
      text: `the latency objective is breached and nothing changed: uniformly slow since the window began (E2E P99 ${fmtUs(e2eP99)}, TTFT P99 ${fmtUs(ctx.ttft.summary.p99)})`,
    }
  }
  const cause: Cause = (top && BREACH_STAGE_CAUSES.get(top.stage)) ?? 'engine.queue_saturation'
  const evidence: Evidence[] = [slo]
  if (top) {
    evidence.push({
      stage: top.stage,
      observed: round(top.slowShare),
      baseline: round(top.baselineShare),
      text: `${top.stage}${MEASURED[top.stage] === undefined ? '' : ` (${MEASURED[top.stage]})`} holds ${pct(top.slowShare)} of the slowest requests' time`,
    })
  }
  return {
    cause,
    confidence: 0.4,
    scope: { dimension: null, value: null },
    window: {
      start: isoFromMicros(ctx.input.window.fromUs),
      end: isoFromMicros(ctx.input.window.toUs),
    },
    evidence,
    actions: actionsOf(cause),
  }
}
