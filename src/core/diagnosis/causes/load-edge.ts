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
import { windowSpanUs } from '../frame/window-span.js'
import { loadSplit } from '../detect/service-rate.js'
import { decimals, pct, round } from '../explain/text.js'

/**
 * Explains `mechanism` away when `driver` made most of the rise in load over the time the two
 * findings share; the line says how the rise splits.
 */
export function loadEdge(
  driver: 'traffic' | 'service'
): (ctx: DiagnosisContext, root: Finding, mechanism: Finding) => Evidence | null {
  return (ctx, root, mechanism) => {
    const a = windowSpanUs(root.window)
    const b = windowSpanUs(mechanism.window)
    if (a === null || b === null) {
      // A finding without a window holds everywhere: no inside to compare with an outside.
      return null
    }
    const span = { fromUs: Math.max(a.from, b.from), toUs: Math.min(a.to, b.to) }
    if (!(span.toUs > span.fromUs)) {
      return null
    }
    const split = loadSplit(ctx.frame, ctx.input.window, span)
    if (split === null) {
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
