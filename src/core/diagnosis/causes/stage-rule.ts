/**
 * Shared shape of the "one stage is where the slow requests lose their time" rules (gateway
 * queueing, downstream dependency, TLS handshakes, network RTT). The stage must explain a large
 * part of the slow cohort's excess over the baseline AND stand on an anomaly: it grew inside the
 * latency change window, it is far out of line with its own baseline (a tail that normal
 * variation does not make), or the slow cohort is concentrated in some dimension.
 */
import type { Evidence } from '../../model/diagnosis.js'
import type { ScopeDimension } from '../../model/diagnosis.js'
import type { StageName } from '../../model/request.js'
import { pickHoldingValue } from '../../concentration/narrowest-scope.js'
import { ramp } from '../../stats/significance.js'
import { changeOfSeries, type DiagnosisContext } from '../frame/context.js'
import { bucketQuantile } from '../../timeline/buckets.js'
import {
  changeEvidence,
  changeWindow,
  impactEvidence,
  rowEvidence,
  scopeOf,
  stageEvidence,
} from '../explain/evidence.js'
import { extraOverMedian, tailImpact, tailImpactOfExtra } from '../detect/impact.js'
import { fmtUs, round } from '../explain/text.js'
import { shiftOf, stageStat } from '../detect/shifts.js'
import { type RuleResult } from './record.js'

export interface StageRuleOptions {
  stages: readonly StageName[]
  scopeDimensions: readonly ScopeDimension[]
  /** Stage excess share at which support starts / is full. */
  excessLo?: number
  excessHi?: number
  /**
   * Whether a large tail impact alone is an anomaly (default true). Network stages say false:
   * distant clients and new connections make a structural tail that is not a fault by itself.
   */
  impactIsAnomaly?: boolean
  /** How the evidence names the stages together (default: their names joined with `+`). */
  label?: string
}

/** Each request's time in `stages` together (0 where it has none of them). */
export function stageSum(ctx: DiagnosisContext, stages: readonly StageName[]): Float64Array {
  const values = new Float64Array(ctx.frame.n)
  for (const stage of stages) {
    const col = ctx.frame.stages[stage]
    for (let i = 0; i < ctx.frame.n; i++) {
      const v = col[i] as number
      if (v === v && v > 0) {
        values[i] = (values[i] as number) + v
      }
    }
  }
  return values
}

/** Evaluates the stage pattern; returns the partial finding plus its raw strengths. */
export function evaluateStageRule(
  ctx: DiagnosisContext,
  options: StageRuleOptions
): (RuleResult & object) | null {
  const stats = options.stages
    .map((s) => stageStat(ctx.ttftStages, s))
    .filter((s): s is NonNullable<typeof s> => s !== undefined && (s.presence ?? 0) > 0)
  if (stats.length === 0) {
    // No such stage: absent data only when the spans that would carry it are absent too.
    const client = options.stages.some((st) => st.startsWith('client.') || st === 'network')
    const source = client ? ctx.frame.hasClient : ctx.frame.hasGateway
    return source.some((v) => v === 1)
      ? null
      : {
          skipped: `no ${client ? 'client' : 'gateway'} spans give the ${options.stages.join('/')} stage`,
        }
  }
  const excess = stats.reduce((s, st) => s + (st.excessShare ?? 0), 0)
  const slowMean = stats.reduce((s, st) => s + (st.slowMeanUs ?? 0), 0)
  const share = ramp(excess, options.excessLo ?? 0.25, options.excessHi ?? 0.55)
  if (share === 0) {
    return null
  }
  let change = ctx.ttftChange
  const values = stageSum(
    ctx,
    stats.map((st) => st.stage)
  )
  let shift = shiftOf(ctx, values, change)
  if (!change.elevated || shift.ratio < 1.3) {
    // The TTFT P99 per step can be too noisy to show the change; the stage's own P90 per step
    // is steadier. Use its change window when it has one.
    const own = changeOfSeries(
      ctx.frame,
      ctx.grid,
      bucketQuantile(ctx.grid, ctx.frame.startUs, values, 0.9).values
    )
    const ownShift = shiftOf(ctx, values, own)
    if (own.elevated && ownShift.ratio >= 1.3) {
      change = own
      shift = ownShift
    }
  }
  const scope = pickHoldingValue(ctx.ttft.rows, options.scopeDimensions)
  // Materiality: how much lower the TTFT P99 would be without the stage's above-typical time.
  const impact = tailImpactOfExtra(ctx.ttft, extraOverMedian(values))
  const scopeImpact = scope ? tailImpact(ctx, ctx.ttft, scope.dimension, scope.value) : 1
  const anomaly = Math.max(
    change.elevated ? ramp(shift.ratio, 1.3, 2.5) : 0,
    options.impactIsAnomaly === false ? 0 : ramp(impact, 1.5, 2.5),
    scope ? ramp(scopeImpact, 1.2, 1.8) : 0
  )
  const confidence = share * anomaly * ramp(impact, 1.05, 1.35) * ramp(slowMean, 2_000, 20_000)
  if (confidence <= 0) {
    return null
  }
  const label = options.label ?? options.stages.join('+')
  const evidence: Evidence[] = stats
    .filter((s) => (s.excessShare ?? 0) > 0.05)
    .map((s) => stageEvidence(s, 'TTFT'))
  if (change.elevated && shift.ratio > 1.3) {
    evidence.push({
      stage: options.stages.join('+'),
      observed: round(shift.inside / 1000),
      baseline: round(shift.outside / 1000),
      text: `${label} averages ${fmtUs(shift.inside)} inside the change window vs ${fmtUs(shift.outside)} outside it`,
    })
    const ce =
      change === ctx.ttftChange
        ? changeEvidence(change, 'ttft')
        : changeEvidence(change, options.stages.join('+'), 'p90')
    if (ce) {
      evidence.push(ce)
    }
  }
  evidence.push(impactEvidence(`the ${label} time above its median`, 'ttft', impact))
  if (scope) {
    evidence.push(rowEvidence(scope.row, 'TTFT'))
    evidence.push(impactEvidence(`${scope.dimension}=${scope.value}`, 'ttft', scopeImpact))
  }
  return {
    confidence,
    scope: scope ? scopeOf(scope.dimension as ScopeDimension, scope.value) : scopeOf(null, null),
    window: change.elevated && shift.ratio > 1.3 ? changeWindow(change) : null,
    evidence,
  }
}
