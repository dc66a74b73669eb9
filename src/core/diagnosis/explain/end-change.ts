/**
 * The answer for a change at the end of the data (detect/end-change.ts, ADR 0260) that no cause
 * could be judged on: not `healthy`, since the end is above everything the data held before it,
 * and not a cause's confident finding, since too little follows the change for any record to
 * weigh its evidence.
 *
 * CONTRACT §5.1 has no "unknown" cause, so the finding names the mechanism the data shows
 * directly, with a confidence below what any judged finding carries: the stage whose median grew
 * most over the last stretch, through the cause records' `breachStages` (the same map a breached
 * objective with no change uses, slo-breach.ts), or a buffering proxy when only the worst gap
 * between tokens rose. Its first evidence line says what changed, by how much and since when, and
 * that the root cause cannot be told yet; its first action is to diagnose again.
 */
import type { Cause, Evidence, Finding } from '../../model/diagnosis.js'
import type { StageName } from '../../model/request.js'
import { isoFromMicros, type Micros } from '../../model/units.js'
import { quantileSorted, sortedFinite } from '../../stats/quantile.js'
import { BREACH_STAGE_CAUSES } from '../causes/index.js'
import type { EndChange, EndStretch } from '../detect/end-change.js'
import type { DiagnosisContext } from '../frame/context.js'
import { END_CHANGE_CONFIDENCE } from '../thresholds.js'
import { fmtUs, measureWords, round } from './text.js'

/** Requests each side needs for a stage's median to be compared. */
const MIN_SIDE = 20

interface StageRise {
  stage: StageName
  cause: Exclude<Cause, 'healthy'>
  beforeUs: number
  afterUs: number
}

/** Stages after the first token: they cannot be what delayed it. */
const AFTER_FIRST_TOKEN: ReadonlySet<StageName> = new Set(['engine.decode', 'stream'])

/**
 * The mapped stage whose median rose most from before the last stretch to inside it; when the
 * first token came later, only the stages before it (decode time grows with every longer answer
 * and would outweigh a queue in milliseconds without having delayed anyone's first token).
 */
function risingStage(ctx: DiagnosisContext, end: EndChange): StageRise | null {
  const firstToken = end.moved.some((s) => s.measure === 'ttft' || s.measure === 'engine.queue')
  const { frame } = ctx
  const inside = new Uint8Array(frame.n)
  const before = new Uint8Array(frame.n)
  for (let i = 0; i < frame.n; i++) {
    const t = frame.startUs[i] as number
    inside[i] = t >= end.fromUs && t < end.toUs ? 1 : 0
    before[i] = t < end.fromUs ? 1 : 0
  }
  let best: StageRise | null = null
  for (const [stage, cause] of BREACH_STAGE_CAUSES) {
    const values = frame.stages[stage]
    if (values === undefined || (firstToken && AFTER_FIRST_TOKEN.has(stage))) {
      continue
    }
    const a = sortedFinite(values, inside)
    const b = sortedFinite(values, before)
    if (a.length < MIN_SIDE || b.length < MIN_SIDE) {
      continue
    }
    const afterUs = quantileSorted(a, 0.5)
    const beforeUs = quantileSorted(b, 0.5)
    if (
      afterUs - beforeUs > 0 &&
      (best === null || afterUs - beforeUs > best.afterUs - best.beforeUs)
    ) {
      best = { stage, cause, beforeUs, afterUs }
    }
  }
  return best
}

/** "A", "A and B", "A, B and C". */
function listWords(items: readonly string[]): string {
  return items.length <= 1
    ? (items[0] ?? '')
    : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]!}`
}

function stretchWords(s: EndStretch): string {
  return `${measureWords(s.measure)} median ${fmtUs(s.lastUs)} (typically ${fmtUs(s.typicalUs)}, at most ${fmtUs(s.highestUs)} before: ${s.ratio.toFixed(1)}× the widest earlier swing)`
}

/** The finding for `end`, or null when nothing names even its mechanism. */
export function endChangeFinding(
  ctx: DiagnosisContext,
  end: EndChange,
  actionsOf: (c: Cause) => string[]
): Finding | null {
  const rise = end.stall ? null : risingStage(ctx, end)
  const cause: Exclude<Cause, 'healthy'> | null = end.stall
    ? 'proxy.stream_buffering'
    : (rise?.cause ?? null)
  if (cause === null) {
    return null
  }
  const seconds = Math.round((end.toUs - end.fromUs) / 1e6)
  const top = end.moved[0]!
  const others = end.moved.slice(1).map((s) => measureWords(s.measure))
  const evidence: Evidence[] = [
    {
      metric: `${top.measure}.p50`,
      observed: round(top.lastUs / 1000),
      baseline: round(top.typicalUs / 1000),
      text: `something changed at the end of the data: over its last ${seconds} s (from ${isoFromMicros(end.fromUs as Micros)}) the ${stretchWords(top)}${others.length > 0 ? `, and ${listWords(others)} with it` : ''}; too little data after it to name the root cause`,
    },
  ]
  for (const s of end.moved.slice(1)) {
    evidence.push({
      metric: `${s.measure}.p50`,
      observed: round(s.lastUs / 1000),
      baseline: round(s.typicalUs / 1000),
      text: `over the same ${seconds} s the ${stretchWords(s)}`,
    })
  }
  evidence.push(
    rise !== null
      ? {
          stage: rise.stage,
          observed: round(rise.afterUs / 1000),
          baseline: round(rise.beforeUs / 1000),
          text: `${rise.stage} grew most: median ${fmtUs(rise.afterUs)} over those ${seconds} s vs ${fmtUs(rise.beforeUs)} before (the mechanism ${cause} names, not necessarily its root)`,
        }
      : {
          metric: 'tpot.p50',
          observed: null,
          baseline: null,
          text: `the worst gap between tokens rose far beyond its history while TPOT did not: tokens arrive in bursts more than slower (the mechanism ${cause} names)`,
        }
  )
  return {
    cause,
    confidence: END_CHANGE_CONFIDENCE,
    scope: { dimension: null, value: null },
    window: { start: isoFromMicros(end.fromUs as Micros), end: isoFromMicros(end.toUs as Micros) },
    evidence,
    actions: [
      'diagnose again in a few minutes: the change needs a few minutes of its own before its cause can be judged',
      ...actionsOf(cause),
    ],
  }
}
