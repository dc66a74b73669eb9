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
import { BREACH_STAGE_CAUSES, causeRecord } from '../causes/index.js'
import { END_RATIO, endStretchOf, type EndChange, type EndStretch } from '../detect/end-change.js'
import type { DiagnosisContext } from '../frame/context.js'
import { END_CHANGE_CONFIDENCE } from '../thresholds.js'
import { bucketOf } from '../../timeline/buckets.js'
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

/** Requests with a known output length a step needs for its mean (as the end test's medians). */
const MIN_OUTPUT_STEP = 5

interface EndRoot {
  cause: Exclude<Cause, 'healthy'>
  evidence: Evidence[]
}

/**
 * The root behind the mechanism, when the root's own series is a property of the requests and
 * so readable on the last stretch like the latency (ADR 0310): longer outputs hold their batch
 * slots longer, and at the same request rate the batch fills and the queue grows behind them.
 * The test is the end's own: the output tokens per request of the last stretch stand at least
 * {@link END_RATIO} of their widest earlier swings above their typical stretch, while the
 * requests per step, read the same way, do not (the same rate). Only a root whose record
 * explains the mechanism is named; null when either series cannot be read (unknown is no rise).
 */
function longOutputRoot(
  ctx: DiagnosisContext,
  end: EndChange,
  mechanism: Exclude<Cause, 'healthy'>,
  seconds: number
): EndRoot | null {
  const root = 'engine.long_generations'
  if (!(causeRecord(root)?.explains ?? []).includes(mechanism)) {
    return null
  }
  const { frame, grid } = ctx
  const sums = new Float64Array(grid.count)
  const counts = new Float64Array(grid.count)
  for (let i = 0; i < frame.n; i++) {
    const o = frame.outputTokens[i] as number
    const b = bucketOf(grid, frame.startUs[i] as number)
    if (o === o && b >= 0) {
      sums[b] = (sums[b] as number) + o
      counts[b] = (counts[b] as number) + 1
    }
  }
  const perStep = sums.map((x, b) =>
    (counts[b] as number) >= MIN_OUTPUT_STEP ? x / (counts[b] as number) : NaN
  )
  const outputs = endStretchOf(ctx, end, perStep)
  const rate = endStretchOf(ctx, end, ctx.traffic)
  if (outputs === null || rate === null || outputs.ratio < END_RATIO || rate.ratio >= END_RATIO) {
    return null
  }
  const stepS = grid.stepUs / 1e6
  return {
    cause: root,
    evidence: [
      {
        metric: 'output_tokens_per_request',
        observed: round(outputs.lastUs),
        baseline: round(outputs.typicalUs),
        text: `over the same ${seconds} s the requests generated ${Math.round(outputs.lastUs)} output tokens on average (typically ${Math.round(outputs.typicalUs)}, at most ${Math.round(outputs.highestUs)} before: ${outputs.ratio.toFixed(1)}× the widest earlier swing) at the same request rate (${(rate.lastUs / stepS).toFixed(1)} requests/s, typically ${(rate.typicalUs / stepS).toFixed(1)}): longer generations hold their batch slots longer, and the ${mechanism} mechanism grows behind them`,
      },
    ],
  }
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
  const root = rise === null ? null : longOutputRoot(ctx, end, cause, seconds)
  const top = end.moved[0]!
  const others = end.moved.slice(1).map((s) => measureWords(s.measure))
  const evidence: Evidence[] = [
    {
      metric: `${top.measure}.p50`,
      observed: round(top.lastUs / 1000),
      baseline: round(top.typicalUs / 1000),
      text: `something changed at the end of the data: over its last ${seconds} s (from ${isoFromMicros(end.fromUs as Micros)}) the ${stretchWords(top)}${others.length > 0 ? `, and ${listWords(others)} with it` : ''}; ${root === null ? 'too little data after it to name the root cause' : 'too little data after it to judge a cause on its latency, but the requests themselves show the root (below)'}`,
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
          text: `${rise.stage} grew most: median ${fmtUs(rise.afterUs)} over those ${seconds} s vs ${fmtUs(rise.beforeUs)} before (the mechanism ${cause} names${root === null ? ', not necessarily its root' : `, explained by ${root.cause}`})`,
        }
      : {
          metric: 'tpot.p50',
          observed: null,
          baseline: null,
          text: `the worst gap between tokens rose far beyond its history while TPOT did not: tokens arrive in bursts more than slower (the mechanism ${cause} names)`,
        }
  )
  if (root !== null) {
    evidence.push(...root.evidence)
  }
  return {
    cause: root?.cause ?? cause,
    confidence: END_CHANGE_CONFIDENCE,
    scope: { dimension: null, value: null },
    window: { start: isoFromMicros(end.fromUs as Micros), end: isoFromMicros(end.toUs as Micros) },
    evidence,
    actions: [
      'diagnose again in a few minutes: the change needs a few minutes of its own before its cause can be judged',
      ...actionsOf(root?.cause ?? cause),
    ],
  }
}
