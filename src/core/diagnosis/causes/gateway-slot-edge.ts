/**
 * The edge between a saturated engine queue and a queue at the gateway in front of it (ADR 0543).
 * A gateway that admits a fixed number of requests at once holds each slot for the whole upstream
 * call, so the slots it needs are arrivals per second × time each request spends in the engines
 * (Little's law). Its queue fills when either rises: more arrivals than its slots serve (the
 * gateway is the root), or requests that wait longer in the engines and so keep their slots longer
 * (the engines' queue is the root, and the gateway's queue is how it reaches the requests behind
 * it). Which one it was is the larger factor of that product's rise.
 */
import type { Evidence, Finding } from '../../model/diagnosis.js'
import { STAGE_NAMES, type StageName } from '../../model/request.js'
import { arrivalRatio } from '../detect/service-rate.js'
import type { DiagnosisContext } from '../frame/context.js'
import { sharedSpanUs } from '../frame/window-span.js'
import { decimals, pct, round } from '../explain/text.js'

/** Requests each side needs before its rate and engine time are read (fewer: unknown). */
const MIN_SIDE = 20

/** The stages a request spends in the engines, which a gateway's slot waits out. */
const ENGINE_STAGES: readonly StageName[] = STAGE_NAMES.filter((s) => s.startsWith('engine.'))

/**
 * Requests per second inside `span` over the rest of the window, and the mean time in the
 * engines of the requests started inside over those started outside (requests with no engine
 * stage left out of the mean). Null when a side holds too few requests.
 */
function slotDemandSplit(
  ctx: DiagnosisContext,
  span: { fromUs: number; toUs: number }
): { arrivals: number; hold: number } | null {
  const frame = ctx.frame
  const columns = ENGINE_STAGES.map((s) => frame.stages[s]).filter((c) => c !== undefined)
  if (columns.length === 0) {
    return null
  }
  let nIn = 0
  let nOut = 0
  let holdIn = 0
  let holdOut = 0
  let heldIn = 0
  let heldOut = 0
  for (let i = 0; i < frame.n; i++) {
    const t = frame.startUs[i] as number
    const inside = t >= span.fromUs && t < span.toUs
    if (inside) {
      nIn++
    } else {
      nOut++
    }
    let sum = 0
    let seen = false
    for (const c of columns) {
      const v = c[i] as number
      if (v === v) {
        sum += v
        seen = true
      }
    }
    if (!seen) {
      continue
    }
    if (inside) {
      holdIn += sum
      heldIn++
    } else {
      holdOut += sum
      heldOut++
    }
  }
  const arrivals = arrivalRatio(nIn, nOut, ctx.input.window, span)
  if (heldIn < MIN_SIDE || heldOut < MIN_SIDE || arrivals !== arrivals || !(holdOut > 0)) {
    return null
  }
  return { arrivals, hold: holdIn / heldIn / (holdOut / heldOut) }
}

/**
 * Explains a gateway queue away when the time requests spent in the engines made more of the rise
 * in the gateway's slot demand than the arrivals did, over the time both findings hold. A gateway
 * that queued because more requests came than its slots serve keeps its finding: there the
 * engines' time did not rise, or rose less than the arrivals.
 */
export function engineHeldGatewaySlots(
  ctx: DiagnosisContext,
  root: Finding,
  mechanism: Finding
): Evidence | null {
  const span = sharedSpanUs(root.window, mechanism.window)
  if (span === null) {
    return null
  }
  const split = slotDemandSplit(ctx, span)
  if (split === null) {
    return null
  }
  const arrivals = Math.log(Math.max(1, split.arrivals))
  const hold = Math.log(Math.max(1, split.hold))
  // More than half of the rise: an even split names neither.
  if (!(hold > arrivals)) {
    return null
  }
  const share = hold / (hold + arrivals)
  return {
    metric: 'gateway_slot_demand',
    observed: round(split.arrivals * split.hold),
    baseline: 1,
    text: `the gateway's slots were held ${decimals(split.hold, 2)}× as long by requests in the engines (${pct(share)} of the rise in the slots it needed), against ${decimals(split.arrivals, 2)}× the arrivals (${pct(1 - share)}): the engines' queue filled the gateway's`,
  }
}
