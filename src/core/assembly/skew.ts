/**
 * Moves the engine span onto the client's clock before `stream` compares the two (the only
 * stage that compares two hosts' clocks; docs/timeline.md "Clock skew").
 */
import { SPAN_KIND, type Span } from '../model/span.js'
import { asMicros } from '../model/units.js'
import type { AssemblyNote } from './notes.js'
import type { TraceIndex } from './trace-index.js'

/**
 * How far to move the engine span to put it on the client's clock. Walking from the client span
 * down to the engine span, a SERVER span (another process) that does not fit inside its caller is
 * moved to the middle of the caller, as jaeger-ui's clock-skew adjustment does; moves add up.
 *
 * ```
 * client   |------------------------------|         client   |------------------------------|
 * upstream     |----------------------|       →     upstream     |----------------------|
 * engine                  |------------------|      engine          |------------------|
 *                         (host clock ahead)                        (centred: shift < 0)
 * ```
 */
export function skewShiftToClient(
  ix: TraceIndex,
  client: Span,
  engine: Span,
  notes: AssemblyNote[]
): number {
  const chain: Span[] = [engine]
  let p = ix.parentOf(engine)
  for (let guard = 0; p !== undefined && p !== client && guard < ix.spans.length; guard++) {
    chain.push(p)
    p = ix.parentOf(p)
  }
  if (p !== client) {
    return 0
  }
  let shiftUs = 0
  let parent = client
  let parentShiftUs = 0
  for (let i = chain.length - 1; i >= 0; i--) {
    const child = chain[i] as Span
    const parentDur = parent.endUs - parent.startUs
    const childDur = child.endUs - child.startUs
    const start = child.startUs + shiftUs
    const pStart = parent.startUs + parentShiftUs
    const fits = start >= pStart && start + childDur <= pStart + parentDur
    if (!fits && child.kind === SPAN_KIND.SERVER && childDur <= parentDur) {
      const delta = Math.round(pStart + (parentDur - childDur) / 2 - start)
      shiftUs += delta
      notes.push({ code: 'clock_skew_adjusted', spanId: child.spanId, shiftUs: asMicros(delta) })
    }
    parent = child
    parentShiftUs = shiftUs
  }
  return shiftUs
}
