/**
 * With the latency objective breached and no change found: "uniformly slow since the window
 * began", named after the stage that holds most of the slowest requests' time, by the cause
 * records' `breachStages`.
 */
import type { Cause, Evidence, Finding } from '../../model/diagnosis.js'
import { isoFromMicros } from '../../model/units.js'
import type { DiagnosisContext } from '../frame/context.js'
import { BREACH_STAGE_CAUSES } from '../causes/index.js'
import { fmtUs, pct, round } from './text.js'

/** With SLOs breached and nothing else found: "uniformly slow since the window began". */
export function sloBreachFinding(
  ctx: DiagnosisContext,
  actionsOf: (c: Cause) => string[]
): Finding {
  // The stages of the measure whose objective is set: TTFT's before the first token.
  const stages = ctx.input.slos?.ttftMs !== undefined ? ctx.ttftStages : ctx.allStages
  const top = [...stages.stats]
    .filter((s) => (s.presence ?? 0) > 0)
    .sort((a, b) => (b.slowShare ?? 0) - (a.slowShare ?? 0))[0]
  const cause: Cause = (top && BREACH_STAGE_CAUSES.get(top.stage)) ?? 'engine.queue_saturation'
  const evidence: Evidence[] = [
    {
      metric: 'slo',
      observed: round(ctx.ttft.summary.p99 / 1000),
      baseline: ctx.input.slos?.ttftMs ?? null,
      text: `the latency objective is breached and nothing changed: uniformly slow since the window began (TTFT P99 ${fmtUs(ctx.ttft.summary.p99)}, TPOT P99 ${fmtUs(ctx.tpot.summary.p99)})`,
    },
  ]
  if (top) {
    evidence.push({
      stage: top.stage,
      observed: round(top.slowShare),
      baseline: round(top.baselineShare),
      text: `${top.stage} holds ${pct(top.slowShare)} of the slowest requests' time`,
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
