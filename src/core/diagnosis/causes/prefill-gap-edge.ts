/**
 * The edge between longer prefills and stalls in the client's token stream (ADR 0544). An engine
 * that schedules a request's prefill in the same step as the running streams' decode (vLLM's
 * chunked prefill, SGLang's mixed batches) makes every running stream wait for that step, so a
 * prefill that grows (prompts computed again after the prefix cache stopped hitting, or longer
 * prompts) grows the longest gap between tokens of the streams beside it by about as much. A
 * buffering proxy holds tokens the engine already sent, with the prefills unchanged. When the
 * prefill rose by at least half as much as the streams' longest gap, the prefills account for
 * most of the gaps, and the stalls are that cause's.
 */
import type { Evidence, Finding } from '../../model/diagnosis.js'
import type { DiagnosisContext } from '../frame/context.js'
import { sharedSpanUs } from '../frame/window-span.js'
import { fmtUs, round } from '../explain/text.js'
import { quantileSorted, sortedFinite } from '../../stats/quantile.js'

/** Requests each side needs before its medians are read (fewer: unknown). */
const MIN_SIDE = 20
/** The prefill's rise over the longest gap's at which the prefills hold most of the gaps. */
const HOLDS_MOST = 0.5

/** The median of `column` over the requests `mask` holds; NaN with fewer than {@link MIN_SIDE}. */
function medianWhere(column: Float64Array, mask: Uint8Array): number {
  const v = sortedFinite(column, mask)
  return v.length < MIN_SIDE ? NaN : quantileSorted(v, 0.5)
}

/**
 * Explains stalled streams away when the median prefill of the requests started over the time both
 * findings hold rose by at least half the rise of the client streams' median longest gap, against
 * the requests started outside it. Null when either side is too thin, the gap did not rise, or the
 * prefill rose less.
 */
export function prefillHeldTheGaps(
  ctx: DiagnosisContext,
  root: Finding,
  mechanism: Finding
): Evidence | null {
  const span = sharedSpanUs(root.window, mechanism.window)
  const prefill = ctx.frame.stages['engine.prefill']
  if (span === null || prefill === undefined) {
    return null
  }
  const { fromUs, toUs } = span
  const frame = ctx.frame
  const inside = new Uint8Array(frame.n)
  const outside = new Uint8Array(frame.n)
  const streamsIn = new Uint8Array(frame.n)
  const streamsOut = new Uint8Array(frame.n)
  for (let i = 0; i < frame.n; i++) {
    const t = frame.startUs[i] as number
    const isIn = t >= fromUs && t < toUs
    inside[i] = isIn ? 1 : 0
    outside[i] = isIn ? 0 : 1
    // The gaps a proxy would hold are the ones the client saw.
    const client = frame.hasClient[i] === 1
    streamsIn[i] = client && isIn ? 1 : 0
    streamsOut[i] = client && !isIn ? 1 : 0
  }
  const gapRise = medianWhere(frame.itlMaxUs, streamsIn) - medianWhere(frame.itlMaxUs, streamsOut)
  const prefillRise = medianWhere(prefill, inside) - medianWhere(prefill, outside)
  if (!(gapRise > 0) || !(prefillRise >= HOLDS_MOST * gapRise)) {
    return null
  }
  return {
    metric: 'prefill_gap_rise',
    // Milliseconds, as the other duration evidence: the prefill's rise against the gap's.
    observed: round(prefillRise / 1000),
    baseline: round(gapRise / 1000),
    text: `the streams' longest gap between tokens rose ${fmtUs(gapRise)} at the median and the prefill of the requests beside them ${fmtUs(prefillRise)}: a prefill runs in the same engine step as the streams' decode, so the longer prefills held the tokens, which a buffering proxy does not need`,
  }
}
