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
 *
 * A root whose own series is a property of the requests (output or prompt tokens, a tenant's
 * share) is read on the same stretch by the same test and named over the mechanism it explains
 * (ADR 0310, ADR 0320), also when a record passed on that stretch alone.
 */
import type { Cause, Evidence, Finding } from '../../model/diagnosis.js'
import type { StageName } from '../../model/request.js'
import { isoFromMicros, type Micros } from '../../model/units.js'
import { quantileSorted, sortedFinite } from '../../stats/quantile.js'
import { BREACH_STAGE_CAUSES, causeRecord } from '../causes/index.js'
import { END_RATIO, endStretchOf, type EndChange, type EndStretch } from '../detect/end-change.js'
import type { DiagnosisContext } from '../frame/context.js'
import { END_CHANGE_CONFIDENCE, MIN_CONFIDENCE } from '../thresholds.js'
import { bucketsOfWindow } from '../frame/window-span.js'
import { BELOW_ROOT } from './explain-away.js'
import { bucketOf } from '../../timeline/buckets.js'
import { decimals, fmtUs, measureWords, pct, round, roundScore } from './text.js'

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

/** Requests with a known value a step needs for its mean (as the end test's medians). */
const MIN_VALUED_STEP = 5

type Scope = Finding['scope']

interface EndRoot {
  cause: Exclude<Cause, 'healthy'>
  scope: Scope
  /** The root series' last stretch in its widest earlier swings: the strongest root is named. */
  ratio: number
  evidence: Evidence[]
}

/** Per step, the mean of `values` over the requests with one (NaN under {@link MIN_VALUED_STEP}). */
function perStepMean(ctx: DiagnosisContext, values: Float64Array): Float64Array {
  const { frame, grid } = ctx
  const sums = new Float64Array(grid.count)
  const counts = new Float64Array(grid.count)
  for (let i = 0; i < frame.n; i++) {
    const v = values[i] as number
    const b = bucketOf(grid, frame.startUs[i] as number)
    if (v === v && b >= 0) {
      sums[b] = (sums[b] as number) + v
      counts[b] = (counts[b] as number) + 1
    }
  }
  return sums.map((x, b) =>
    (counts[b] as number) >= MIN_VALUED_STEP ? x / (counts[b] as number) : NaN
  )
}

/**
 * A token count per request that rose over the last stretch at the same request rate: longer
 * outputs hold their batch slots longer, longer prompts take longer prefills, and at the same
 * rate the batch fills and the queue grows behind them (ADR 0310 for outputs, ADR 0320 for
 * prompts). The rate is read so that a count that rose with more requests does not claim a queue
 * the requests alone may have filled.
 */
function tokenRoot(
  ctx: DiagnosisContext,
  end: EndChange,
  root: 'engine.long_generations' | 'engine.long_prompts',
  mechanism: Exclude<Cause, 'healthy'>,
  seconds: number
): EndRoot | null {
  const long = root === 'engine.long_generations'
  const tokens = endStretchOf(
    ctx,
    end,
    perStepMean(ctx, long ? ctx.frame.outputTokens : ctx.frame.inputTokens)
  )
  const rate = endStretchOf(ctx, end, ctx.traffic)
  if (tokens === null || rate === null || tokens.ratio < END_RATIO || rate.ratio >= END_RATIO) {
    return null
  }
  const stepS = ctx.grid.stepUs / 1e6
  const what = long ? 'generated' : 'sent'
  const kind = long ? 'output' : 'prompt'
  const how = long
    ? 'longer generations hold their batch slots longer'
    : 'longer prompts take longer prefills and hold more of the batch'
  return {
    cause: root,
    scope: { dimension: null, value: null },
    ratio: tokens.ratio,
    evidence: [
      {
        metric: `${kind}_tokens_per_request`,
        observed: round(tokens.lastUs),
        baseline: round(tokens.typicalUs),
        text: `over the same ${seconds} s the requests ${what} ${Math.round(tokens.lastUs)} ${kind} tokens on average (typically ${Math.round(tokens.typicalUs)}, at most ${Math.round(tokens.highestUs)} before: ${decimals(tokens.ratio, 1)}× the widest earlier swing) at the same request rate (${decimals(rate.lastUs / stepS, 1)} requests/s, typically ${decimals(rate.typicalUs / stepS, 1)}): ${how}, and the ${mechanism} mechanism grows behind them`,
      },
    ],
  }
}

/**
 * A tenant whose share of the requests and whose own requests per step both rose over the last
 * stretch, by the end's test (ADR 0320): its burst is what the queue holds. Both, because a share
 * also rises when the others send less, which queues no one. The tenant with the highest share
 * ratio is named, as the record names one tenant.
 */
function tenantRoot(
  ctx: DiagnosisContext,
  end: EndChange,
  mechanism: Exclude<Cause, 'healthy'>,
  seconds: number
): EndRoot | null {
  const { frame, grid, traffic } = ctx
  const col = frame.dims.tenant
  if (col.values.length < 2) {
    return null
  }
  const counts = col.values.map(() => new Float64Array(grid.count))
  for (let i = 0; i < frame.n; i++) {
    const code = col.codes[i] as number
    const b = bucketOf(grid, frame.startUs[i] as number)
    const c = counts[code]
    if (c !== undefined && b >= 0) {
      c[b] = (c[b] as number) + 1
    }
  }
  let best: EndRoot | null = null
  col.values.forEach((tenant, code) => {
    const own = counts[code]!
    const share = own.map((x, b) =>
      (traffic[b] as number) >= MIN_VALUED_STEP ? x / (traffic[b] as number) : NaN
    )
    const s = endStretchOf(ctx, end, share)
    const n = endStretchOf(ctx, end, own)
    if (s === null || n === null || s.ratio < END_RATIO || n.ratio < END_RATIO) {
      return
    }
    if (best !== null && best.ratio >= s.ratio) {
      return
    }
    const stepS = grid.stepUs / 1e6
    best = {
      cause: 'tenant.noisy_neighbor',
      scope: { dimension: 'tenant', value: tenant },
      ratio: s.ratio,
      evidence: [
        {
          metric: 'tenant_request_share',
          observed: round(s.lastUs),
          baseline: round(s.typicalUs),
          text: `over the same ${seconds} s tenant ${tenant} sent ${pct(s.lastUs)} of the requests (typically ${pct(s.typicalUs)}, at most ${pct(s.highestUs)} before: ${decimals(s.ratio, 1)}× the widest earlier swing), ${decimals(n.lastUs / stepS, 1)} requests/s against typically ${decimals(n.typicalUs / stepS, 1)}: its burst fills the batch, and the ${mechanism} mechanism grows behind it`,
        },
      ],
    }
  })
  return best
}

/**
 * The root behind the mechanism, when the root's own series is a property of the requests and
 * so readable on the last stretch like the latency (ADR 0310, ADR 0320): output tokens, prompt
 * tokens, or a tenant's share of the requests, each tested as the end's latency is (its last
 * stretch at least {@link END_RATIO} of its widest earlier swings above its typical stretch).
 * Only a root whose record explains the mechanism is read; of several, the one whose series
 * stands highest. Null when none can be read (unknown is no rise).
 */
function endRoot(
  ctx: DiagnosisContext,
  end: EndChange,
  mechanism: Exclude<Cause, 'healthy'>,
  seconds: number
): EndRoot | null {
  const explains = (root: Cause): boolean => (causeRecord(root)?.explains ?? []).includes(mechanism)
  const found = [
    explains('engine.long_generations')
      ? tokenRoot(ctx, end, 'engine.long_generations', mechanism, seconds)
      : null,
    explains('engine.long_prompts')
      ? tokenRoot(ctx, end, 'engine.long_prompts', mechanism, seconds)
      : null,
    explains('tenant.noisy_neighbor') ? tenantRoot(ctx, end, mechanism, seconds) : null,
  ].filter((r): r is EndRoot => r !== null)
  return found.reduce<EndRoot | null>((a, r) => (a === null || r.ratio > a.ratio ? r : a), null)
}

/** "A", "A and B", "A, B and C". */
function listWords(items: readonly string[]): string {
  return items.length <= 1
    ? (items[0] ?? '')
    : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]!}`
}

function stretchWords(s: EndStretch): string {
  return `${measureWords(s.measure)} median ${fmtUs(s.lastUs)} (typically ${fmtUs(s.typicalUs)}, at most ${fmtUs(s.highestUs)} before: ${decimals(s.ratio, 1)}× the widest earlier swing)`
}

/** The first evidence line: what changed at the end, by how much and since when. */
function endLines(end: EndChange, seconds: number, rooted: boolean): Evidence[] {
  const top = end.moved[0]!
  const others = end.moved.slice(1).map((s) => measureWords(s.measure))
  const evidence: Evidence[] = [
    {
      metric: `${top.measure}.p50`,
      observed: round(top.lastUs / 1000),
      baseline: round(top.typicalUs / 1000),
      text: `something changed at the end of the data: over its last ${seconds} s (from ${isoFromMicros(end.fromUs as Micros)}) the ${stretchWords(top)}${others.length > 0 ? `, and ${listWords(others)} with it` : ''}; ${rooted ? 'too little data after it to judge a cause on its latency, but the requests themselves show the root (below)' : 'too little data after it to name the root cause'}`,
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
  return evidence
}

function endFinding(
  end: EndChange,
  cause: Exclude<Cause, 'healthy'>,
  scope: Scope,
  evidence: Evidence[],
  actionsOf: (c: Cause) => string[]
): Finding {
  return {
    cause,
    confidence: END_CHANGE_CONFIDENCE,
    scope,
    window: { start: isoFromMicros(end.fromUs as Micros), end: isoFromMicros(end.toUs as Micros) },
    evidence,
    actions: [
      'diagnose again in a few minutes: the change needs a few minutes of its own before its cause can be judged',
      ...actionsOf(cause),
    ],
  }
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
  const root = rise === null ? null : endRoot(ctx, end, cause, seconds)
  const evidence = endLines(end, seconds, root !== null)
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
  return endFinding(
    end,
    root?.cause ?? cause,
    root?.scope ?? { dimension: null, value: null },
    evidence,
    actionsOf
  )
}

/**
 * A mechanism judged on the end stretch alone, with its root read on the requests over the same
 * stretch (ADR 0320): the record that passed weighed a change with nothing after it, and the root
 * it cannot see there (its own record needs a level after the change) the requests show. The root
 * goes first at the end-of-data confidence; the mechanism stays below it, capped as explaining
 * away caps a mechanism (explain-away.ts), with a line naming its root. `findings` is returned
 * unchanged unless its top finding's window lies inside the end stretch, a root whose record
 * explains it is read there, and the two name the same requests (the mechanism unscoped or on the
 * root's scope).
 */
export function rootOverEndMechanism(
  ctx: DiagnosisContext,
  end: EndChange,
  findings: readonly Finding[],
  actionsOf: (c: Cause) => string[]
): Finding[] {
  const judged = findings[0]
  const span = judged === undefined ? null : bucketsOfWindow(ctx.grid, judged.window)
  const endFrom = Math.round((end.fromUs - ctx.grid.fromUs) / ctx.grid.stepUs)
  if (judged === undefined || judged.cause === 'healthy' || span === null || span.from < endFrom) {
    return [...findings]
  }
  const seconds = Math.round((end.toUs - end.fromUs) / 1e6)
  const root = endRoot(ctx, end, judged.cause, seconds)
  if (
    root === null ||
    (judged.scope.dimension !== null &&
      (judged.scope.dimension !== root.scope.dimension || judged.scope.value !== root.scope.value))
  ) {
    return [...findings]
  }
  const evidence = endLines(end, seconds, true)
  evidence.push(
    {
      metric: 'judged_mechanism',
      observed: judged.cause,
      baseline: null,
      text: `${judged.cause} passed its record at ${judged.confidence.toFixed(2)} on these ${seconds} s alone (the mechanism, explained by ${root.cause})`,
    },
    ...root.evidence
  )
  const found = endFinding(end, root.cause, root.scope, evidence, actionsOf)
  const mechanism: Finding = {
    ...judged,
    confidence: roundScore(Math.min(judged.confidence, found.confidence * BELOW_ROOT)),
    evidence: [
      ...judged.evidence,
      {
        metric: 'explained_by',
        observed: root.cause,
        baseline: null,
        text: `explained by ${root.cause}${root.scope.dimension === null ? '' : ` (${root.scope.dimension}=${root.scope.value})`}, which drives ${judged.cause}: read on the requests over the same last ${seconds} s`,
      },
    ],
  }
  const rest = findings.slice(1).filter((f) => f.cause !== root.cause)
  return [found, mechanism, ...rest]
    .filter((f) => f.confidence >= MIN_CONFIDENCE)
    .sort((a, b) => b.confidence - a.confidence || a.cause.localeCompare(b.cause))
}
