/**
 * Combines the rules' findings with the excess candidates, and adds the findings no change or
 * concentration needs: time that no span explains (a large `*.unattributed` stage, or TTFT the
 * stages do not cover), and an SLO breach with nothing changed ("uniformly slow since the window
 * began").
 *
 * Merging: a cause both sides name keeps the rule's evidence and gains the excess evidence; its
 * confidence is the larger one plus a small agreement bonus (independent lines of evidence). A
 * cause only the excess scan names enters on its own confidence.
 */
import type { Cause, Evidence, Finding } from '../../model/diagnosis.js'
import { STAGE_NAMES, type StageName } from '../../model/request.js'
import { isoFromMicros } from '../../model/units.js'
import { quantileSorted, sortedFinite } from '../../stats/quantile.js'
import { ramp } from '../../stats/significance.js'
import type { DiagnosisContext } from '../frame/context.js'
import type { ExcessCandidate } from './excess-candidates.js'
import { fmtUs, pct, round } from '../explain/text.js'
import { TTFT_STAGES } from './stage-stats.js'

/** Merges rule findings and excess candidates into one list (unsorted). */
export function mergeCandidates(
  rules: readonly Finding[],
  excess: readonly ExcessCandidate[],
  actionsOf: (cause: Cause) => string[]
): Finding[] {
  const byCause = new Map<Cause, Finding>()
  for (const f of rules) {
    byCause.set(f.cause, { ...f, evidence: [...f.evidence] })
  }
  const bestExcess = new Map<Cause, ExcessCandidate>()
  for (const c of excess) {
    const prev = bestExcess.get(c.cause)
    if (prev === undefined || c.confidence > prev.confidence) {
      bestExcess.set(c.cause, c)
    }
  }
  for (const [cause, x] of bestExcess) {
    const r = byCause.get(cause)
    const { measure: _measure, ...finding } = x
    if (r === undefined) {
      byCause.set(cause, { ...finding, actions: actionsOf(cause) })
      continue
    }
    const hi = Math.max(r.confidence, x.confidence)
    const lo = Math.min(r.confidence, x.confidence)
    r.confidence = Math.min(0.99, hi + 0.15 * lo)
    if (r.scope.dimension === null && x.scope.dimension !== null && x.confidence >= r.confidence) {
      r.scope = x.scope
    }
    const seen = new Set(r.evidence.map((e) => e.text))
    r.evidence.push(...x.evidence.filter((e) => !seen.has(e.text)).slice(0, 3))
    r.shift = x.shift
    if (r.window === null) {
      r.window = x.window
    }
  }
  return [...byCause.values()]
}

function medianOf(values: Float64Array, mask?: Uint8Array): number {
  return quantileSorted(sortedFinite(values, mask), 0.5)
}

/**
 * Time no span explains. Uses the named `*.unattributed` stages when the timeline has them, and
 * otherwise the part of the user's TTFT the stages do not cover on requests that carry both a
 * client-side TTFT and server spans.
 */
export function unattributedCandidates(ctx: DiagnosisContext): {
  candidates: { cause: Cause; finding: Omit<Finding, 'actions'> }[]
  share: number
} {
  const frame = ctx.frame
  const ttftMedian = medianOf(frame.ttftUserUs)
  if (!(ttftMedian > 0)) {
    return { candidates: [], share: 0 }
  }
  let stage = 'unattributed'
  let medianUs = 0
  for (const s of STAGE_NAMES) {
    if (s.endsWith('.unattributed')) {
      const m = medianOf(frame.stages[s as StageName])
      if (m > medianUs) {
        medianUs = m
        stage = s
      }
    }
  }
  if (medianUs === 0) {
    // Without named stages: the TTFT part its stages do not cover, by where TTFT was measured
    // (client, else gateway, else engine: CONTRACT §4).
    const where = ['client.unattributed', 'gateway.unattributed', 'engine.unattributed']
    const gaps = where.map(() => new Float64Array(frame.n).fill(NaN))
    for (let i = 0; i < frame.n; i++) {
      const t = frame.ttftUserUs[i] as number
      if (t !== t || (frame.hasEngine[i] !== 1 && frame.hasGateway[i] !== 1)) {
        continue
      }
      let covered = 0
      for (const s of TTFT_STAGES) {
        const v = frame.stages[s][i] as number
        covered += v === v && v > 0 ? v : 0
      }
      const k = frame.ttftFromClient[i] === 1 ? 0 : frame.hasGateway[i] === 1 ? 1 : 2
      ;(gaps[k] as Float64Array)[i] = Math.max(0, t - covered)
    }
    gaps.forEach((g, k) => {
      const m = medianOf(g)
      if (m > medianUs) {
        medianUs = m
        stage = where[k] as string
      }
    })
  }
  const share = medianUs / ttftMedian
  const strength = ramp(share, 0.25, 0.6) * ramp(medianUs, 30_000, 150_000)
  if (strength <= 0) {
    return { candidates: [], share }
  }
  const where = stage.startsWith('client.')
    ? 'before the server sees the request (network, accept queue or client)'
    : stage.startsWith('gateway.')
      ? "inside the gateway, outside its recorded steps: the gateway's own wait"
      : 'inside the engine, outside queue, prefill and decode'
  const evidence: Evidence[] = [
    {
      stage,
      observed: round(medianUs / 1000),
      baseline: round(ttftMedian / 1000),
      text: `${fmtUs(medianUs)} of a typical ${fmtUs(ttftMedian)} TTFT (${pct(share)}) happens ${where}; no span explains it`,
    },
  ]
  const causes: [Cause, number][] = stage.startsWith('client.')
    ? [
        ['gateway.connection_limit', 0.6],
        ['network.high_rtt', 0.5],
      ]
    : stage.startsWith('gateway.')
      ? [['gateway.queueing', 0.6]]
      : [['engine.queue_saturation', 0.45]]
  return {
    share,
    candidates: causes.map(([cause, w]) => ({
      cause,
      finding: {
        cause,
        confidence: strength * w,
        scope: { dimension: null, value: null },
        window: null,
        evidence,
      },
    })),
  }
}

/** Maps the stage holding most of the slow cohort's time to the cause it most often means. */
const STAGE_CAUSE: Partial<Record<string, Cause>> = {
  'client.dns': 'network.tls_handshake',
  'client.connect': 'network.tls_handshake',
  'client.tls': 'network.tls_handshake',
  network: 'network.high_rtt',
  'gateway.queue': 'gateway.queueing',
  downstream: 'downstream.dependency',
  'gateway.upstream': 'downstream.dependency',
  'engine.queue': 'engine.queue_saturation',
  'engine.prefill': 'engine.long_prompts',
  'engine.decode': 'engine.memory_bandwidth',
  stream: 'proxy.stream_buffering',
}

/** With SLOs breached and nothing else found: "uniformly slow since the window began". */
export function sloBreachFinding(
  ctx: DiagnosisContext,
  actionsOf: (c: Cause) => string[]
): Finding {
  // The stages of the measure whose objective is set: TTFT's before the first token.
  const stages = ctx.input.slos?.ttftMs !== undefined ? ctx.ttftStages : ctx.allStages
  const top = [...stages.stats]
    .filter((s) => s.presence > 0)
    .sort((a, b) => b.slowShare - a.slowShare)[0]
  const cause: Cause = (top && STAGE_CAUSE[top.stage]) ?? 'engine.queue_saturation'
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
