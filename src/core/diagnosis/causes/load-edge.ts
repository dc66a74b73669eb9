/**
 * The edge between a saturated queue and a slower decode, decided by what raised the engines'
 * load over the time both findings hold (ADR 0242). More requests fill the batch, and a fuller
 * batch costs more per token: the traffic drives the slower decode. Tokens that take longer to
 * serve hold each request longer, so the same requests fill the queue: the slower service drives
 * the queue. Which one it was is the larger factor of the load's rise, requests per second
 * against time per token; the other is the mechanism it drove.
 */
import type { Evidence, Finding } from '../../model/diagnosis.js'
import type { DiagnosisContext } from '../frame/context.js'
import { sharedSpanUs } from '../frame/window-span.js'
import { loadSplit } from '../detect/service-rate.js'
import { decimals, pct, round } from '../explain/text.js'
import { startMask } from '../frame/frame.js'
import { quantileSorted, sortedFinite } from '../../stats/quantile.js'

/** Requests each side needs before their queue is read in steps (fewer: unknown). */
const MIN_SIDE = 20
/**
 * The queue's P90 in engine steps must rise at least this much over the time both findings share
 * against before it for its requests to have waited for slots. Without a shortage of slots a
 * request joins the next step, so its wait counted in steps stays where the scheduler holds it
 * however long the steps grow (P90 0.88–0.91 steps before every window of seeds 77–83, and
 * 1.01–1.33× that inside the memory-bandwidth windows); a queue that holds requests until others
 * finish grows with its backlog (1.9–1444× in the queue-saturation windows). ADR 0540.
 */
const SLOT_WAIT_RISE = 1.5

/**
 * The engine queue's P90 over the median time per output token (one engine step) of the requests
 * `mask` holds; NaN when either has fewer than {@link MIN_SIDE} values.
 */
function queueInSteps(ctx: DiagnosisContext, mask: Uint8Array): number {
  const queue = ctx.frame.stages['engine.queue']
  if (queue === undefined) {
    return NaN
  }
  const q = sortedFinite(queue, mask)
  const step = sortedFinite(ctx.frame.tpotUs, mask)
  if (q.length < MIN_SIDE || step.length < MIN_SIDE) {
    return NaN
  }
  return quantileSorted(q, 0.9) / quantileSorted(step, 0.5)
}

/**
 * Whether the requests started in `span` waited in the engine queue for slots: their queue's P90
 * counted in engine steps rose {@link SLOT_WAIT_RISE}× or more against the requests before it.
 * Null when either side cannot be read.
 */
function waitedForSlots(
  ctx: DiagnosisContext,
  span: { fromUs: number; toUs: number }
): boolean | null {
  const inside = queueInSteps(ctx, startMask(ctx.frame, span.fromUs, span.toUs))
  const before = queueInSteps(ctx, startMask(ctx.frame, -Infinity, span.fromUs))
  const rise = inside / before
  return Number.isFinite(rise) ? rise >= SLOT_WAIT_RISE : null
}

/**
 * Explains `mechanism` away when `driver` made most of the rise in load over the time the two
 * findings share; the line says how the rise splits.
 */
export function loadEdge(
  driver: 'traffic' | 'service'
): (ctx: DiagnosisContext, root: Finding, mechanism: Finding) => Evidence | null {
  return (ctx, root, mechanism) => {
    const span = sharedSpanUs(root.window, mechanism.window)
    if (span === null) {
      return null
    }
    const split = loadSplit(ctx.frame, ctx.input.window, span)
    if (split === null) {
      return null
    }
    // More requests fill the decode batch whether or not any of them waits: the queue is the
    // root of the slower decode only when its requests waited for slots. Four times the requests
    // into batches of 512 waited at P90 1.13 steps against 0.89 before, while TPOT rose 1.9×:
    // the traffic drove the decode, and no queue stood between (ADR 0540).
    if (driver === 'traffic' && waitedForSlots(ctx, span) === false) {
      return null
    }
    const share = driver === 'traffic' ? split.trafficShare : 1 - split.trafficShare
    // More than half: the larger factor is the root; an even split names neither.
    if (!(share > 0.5)) {
      return null
    }
    return {
      metric: 'load_rise',
      observed: round(split.traffic * split.service),
      baseline: 1,
      text: `the engines' load rose ${decimals(split.traffic * split.service, 2)}×: requests per second ${decimals(split.traffic, 2)}× (${pct(split.trafficShare)} of the rise), time per token ${decimals(split.service, 2)}× (${pct(1 - split.trafficShare)}): ${driver === 'traffic' ? 'the requests' : 'the slower tokens'} drove it`,
    }
  }
}
