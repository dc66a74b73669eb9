/**
 * The chain a root finding prints, from itself through the mechanism it drives to the latency
 * the user sees, each step with its size inside the finding's window against outside it:
 * "tenant=hooli traffic ×3.1 → engine.queue +1.9 s at the median → TTFT P99 ×4.0".
 */
import type { Cause, Evidence, Finding } from '../../model/diagnosis.js'

type CauseId = Exclude<Cause, 'healthy'>
import type { Dimension, StageName } from '../../model/request.js'
import { windowSpanUs } from '../frame/window-span.js'
import { startMask } from '../frame/frame.js'
import { meanWhere, quantileSorted, sortedFinite } from '../../stats/quantile.js'
import { causeRecord } from '../causes/index.js'
import { MIN_CONFIDENCE } from '../thresholds.js'
import type { DiagnosisContext } from '../frame/context.js'
import { isOnGatewayTpot, measureOfFinding } from './finding-measure.js'
import { GATEWAY_TPOT, decimals, fmtUs, measureWords } from './text.js'

/** The stage through which a mechanism cause shows, when it has one. */
const MECHANISM_STAGE: Partial<Record<string, StageName>> = {
  'engine.queue_saturation': 'engine.queue',
  'engine.memory_bandwidth': 'engine.decode',
  'gateway.queueing': 'gateway.queue',
  'engine.long_prompts': 'engine.prefill',
  'node.degraded': 'engine.prefill',
}

/**
 * Causes that say where the slow requests are rather than how they got slow. A root "explains"
 * one of these when the two name the same requests (a canary's replicas all on one node), so in
 * the chain it is the root's own next step on that place, not a mechanism after the root.
 */
export const PLACE_CAUSES: ReadonlySet<string> = new Set([
  'node.degraded',
  'replica.cold_start',
  'routing.imbalance',
  'version.regression',
])

/** The step for a place cause the root explains: "its replicas slow (node=n1 serves the same requests)". */
function placeStep(root: Finding, mechanism: Finding): string {
  const own = causeRecord(root.cause)?.chain[1] ?? mechanism.cause
  const { dimension, value } = mechanism.scope
  return dimension === null ? own : `${own} (${dimension}=${value} serves the same requests)`
}

/** A window needs at least this many requests on each side to size a step. */
const MIN_SIDE = 20
/**
 * Under this P99 ratio inside the window against outside it, the root did not raise the tail:
 * the chain says so rather than print a ratio that reads as its effect.
 */
const P99_RAISED = 1.1

/**
 * The young replica's warm-up signature as the cold-start record words it ("replica r8 works
 * 1.09× as long per token as its peers in the same minutes during its first 5 minutes");
 * `cold-start-chain.test.ts` pins the wording this reads.
 */
const WARM_UP = /^replica (\S+) works (\d+(?:\.\d+)?)× as long per token as its peers/

function inside(ctx: DiagnosisContext, f: Finding): Uint8Array | null {
  const span = windowSpanUs(f.window)
  if (span === null) {
    return null
  }
  const { from, to } = span
  const mask = new Uint8Array(ctx.frame.n)
  for (let i = 0; i < ctx.frame.n; i++) {
    const t = ctx.frame.startUs[i] as number
    mask[i] = t >= from && t <= to ? 1 : 0
  }
  return mask
}

/** The requests started before the window's start; null without a window. */
function beforeWindow(ctx: DiagnosisContext, window: Finding['window']): Uint8Array | null {
  const span = windowSpanUs(window)
  return span === null ? null : startMask(ctx.frame, -Infinity, span.from)
}

function invert(mask: Uint8Array): Uint8Array {
  return mask.map((v) => 1 - v)
}

function q(values: Float64Array, mask: Uint8Array, p: number): number {
  const s = sortedFinite(values, mask)
  return s.length < MIN_SIDE ? NaN : quantileSorted(s, p)
}

function ratioText(r: number): string {
  return `×${r >= 10 ? decimals(r, 0) : decimals(r, 1)}`
}

/** The root's own step: a tenant's traffic share, otherwise its scope or its first mechanism. */
function rootStep(ctx: DiagnosisContext, root: Finding, win: Uint8Array): string {
  const record = causeRecord(root.cause)
  const what = record?.chain[0] ?? root.cause
  const { dimension, value } = root.scope
  const span = windowSpanUs(root.window)
  // Requests per minute of `code` in the dimension (every request when -2), inside the window
  // against outside it; null when either side is too thin to size.
  const rate = (codes: Int32Array | null, code: number): number | null => {
    if (span === null) {
      return null
    }
    let inN = 0
    let outN = 0
    for (let i = 0; i < ctx.frame.n; i++) {
      if (codes === null || codes[i] === code) {
        if (win[i] === 1) {
          inN++
        } else {
          outN++
        }
      }
    }
    const inUs = Math.max(1, span.to - span.from)
    const outUs = ctx.input.window.toUs - ctx.input.window.fromUs - inUs
    return outUs > 0 && outN >= MIN_SIDE && inN > 0 ? inN / inUs / (outN / outUs) : null
  }
  if (dimension === null) {
    // A root that is the traffic itself says by how much it rose.
    const r = what === 'traffic' ? rate(null, -2) : null
    return r === null ? what : `requests per minute ${ratioText(r)}`
  }
  const col = ctx.frame.dims[dimension as Dimension]
  const code = col === undefined ? -1 : col.values.indexOf(value ?? '')
  if (dimension === 'tenant' && code >= 0) {
    const r = rate(col!.codes, code)
    if (r !== null) {
      return `${dimension}=${value} requests per minute ${ratioText(r)}`
    }
  }
  return `${dimension}=${value} (${what})`
}

/**
 * What a cold start's own requests show, when its evidence holds the warm-up signature: "r8 ×1.09
 * per token against its peers in its first 5 minutes". A weak cold start holds none of the tail,
 * and this is the step its finding stands on (ADR 0217).
 */
function warmUpStep(root: Finding): string | null {
  if (root.cause !== 'replica.cold_start') {
    return null
  }
  const { dimension, value } = root.scope
  for (const e of root.evidence) {
    const m = WARM_UP.exec(e.text)
    // A cold start scoped to one replica is measured on that replica, not on another young one
    // (ADR 0385).
    if (m !== null && (dimension !== 'replica' || m[1] === value)) {
      return `${m[1]} ×${m[2]} per token against its peers in its first 5 minutes`
    }
  }
  return null
}

/** The chain evidence of `root` through `mechanism`, or null when the window cannot size it. */
export function chainEvidence(
  ctx: DiagnosisContext,
  root: Finding,
  mechanism: Finding
): Evidence | null {
  const win = inside(ctx, root) ?? inside(ctx, mechanism)
  if (win === null) {
    return null
  }
  const out = invert(win)
  const measure = measureOfFinding(root)
  // A root seen on the gateway's stream alone is sized on the time per output token there: its
  // TTFT is not what it slowed (ADR 0386).
  const atGateway = measure !== 'tpot' && ctx.gatewayTpot !== null && isOnGatewayTpot(root.evidence)
  const perToken = measure === 'tpot' || atGateway
  const values = atGateway
    ? ctx.frame.perOutputTokenUs
    : measure === 'tpot'
      ? ctx.frame.tpotUs
      : ctx.frame.ttftUserUs
  // The P99 is read against the level it rose from, the requests before the window: after it a
  // backlog the root left may still drain (a saturated queue's demand span is its window, and
  // its drain outside it read "not raised ×0.95" for a queue of minutes). Without enough of them
  // (a window from the data's start), against every request outside it.
  const before = beforeWindow(ctx, root.window ?? mechanism.window)
  const base = before !== null && meanWhere(values, before).count >= MIN_SIDE ? before : out
  const steps = [rootStep(ctx, root, win)]
  const own = warmUpStep(root)
  if (own !== null) {
    steps.push(own)
  }
  // A root that is itself a mechanism of the latency, joined to this one by an edge of its data
  // (a saturated queue that also filled the decode batch), goes through its own stage; the
  // mechanism it drove is named after it.
  const onData = causeRecord(root.cause)?.explainsWhen?.[mechanism.cause as CauseId] !== undefined
  const rootStage = perToken || !onData ? undefined : MECHANISM_STAGE[root.cause]
  // A stage's time per request sizes a first-token mechanism; per-token ones name the cause.
  const stage = rootStage ?? (perToken ? undefined : MECHANISM_STAGE[mechanism.cause])
  if (stage !== undefined) {
    const a = q(ctx.frame.stages[stage], win, 0.5)
    const b = q(ctx.frame.stages[stage], base, 0.5)
    const grew = Number.isFinite(a) && Number.isFinite(b) && a > b
    const also = rootStage === undefined ? '' : `, with ${mechanism.cause}`
    if (grew) {
      steps.push(`${stage} +${fmtUs(a - b)} at the median${also}`)
    } else if (also !== '') {
      steps.push(mechanism.cause)
    }
  } else if (PLACE_CAUSES.has(mechanism.cause)) {
    steps.push(placeStep(root, mechanism))
  } else {
    // A mechanism whose own evidence was too weak to be reported is not named as the way the
    // root slowed the requests: the root's own next step is said instead.
    steps.push(
      mechanism.confidence >= MIN_CONFIDENCE
        ? mechanism.cause
        : (causeRecord(root.cause)?.chain[1] ?? mechanism.cause)
    )
  }
  const a = q(values, win, 0.99)
  const b = q(values, base, 0.99)
  const ratio = a / b
  if (!(Number.isFinite(ratio) && ratio > 0)) {
    return null
  }
  const word = atGateway ? measureWords(GATEWAY_TPOT) : measure === 'tpot' ? 'TPOT' : 'TTFT'
  const sized = `inside the window against ${base === out ? 'outside it' : 'before it'}`
  // Two decimals where one would round a ratio under the line up to "×1.1".
  const last =
    Math.round(ratio * 100) / 100 < P99_RAISED
      ? `${word} P99 not raised (×${decimals(ratio, 2)} ${sized})`
      : `${word} P99 ${ratioText(ratio)} (${sized})`
  return {
    metric: 'chain',
    observed: Math.round(ratio * 100) / 100,
    baseline: 1,
    text: `chain: ${[...steps, last].join(' → ')}`,
  }
}
