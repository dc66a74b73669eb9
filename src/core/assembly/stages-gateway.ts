/**
 * Gateway-tier stages: self time of steps, upstream and downstream calls painted on the
 * gateway's clock, and `gateway.unattributed`, the entry's time that none of them covers.
 *
 * ```
 * gateway   |····|auth|rl|··wait for slot··|======= upstream =======|·|
 *            ^^^^          ^^^^^^^^^^^^^^^^                         ^  gateway.unattributed
 * engine                                      |fe|queue|prefill|decode|  (its duration is taken
 *                                                                        out of upstream)
 * ```
 */
import type { StageName } from '../model/request.js'
import type { Span } from '../model/span.js'
import { asMicros, type Micros } from '../model/units.js'
import { readString } from './attributes.js'
import type { ClassifiedTrace } from './classify-spans.js'
import { durationOf, nonNegative, type AssemblyNote } from './notes.js'
import { paintSelfTime, type LabeledInterval } from './paint.js'
import { ATTR_DB_SYSTEM, ATTR_DB_SYSTEM_NAME, ATTR_SERVER_ADDRESS } from '../otlp/semconv.js'

type Stages = Record<StageName, Micros | null>

/**
 * Fills the gateway stages; returns the downstream target's name. `serverSideUs` is the
 * duration of the engine side (its API-server span, else the engine span) or `null`.
 */
export function fillGatewayStages(
  stages: Stages,
  notes: AssemblyNote[],
  c: ClassifiedTrace,
  serverSideUs: number | null
): string | null {
  const { gateway } = c
  if (gateway === null) {
    return null
  }
  const intervals: LabeledInterval<StageName>[] = []
  for (const step of c.steps) {
    intervals.push(labeled(step.span, step.stage, c))
  }
  for (const s of c.upstream) {
    intervals.push(labeled(s, 'gateway.upstream', c))
  }
  for (const s of c.downstream) {
    intervals.push(labeled(s, 'downstream', c))
  }
  const painted = new Map<StageName, number>()
  paintSelfTime(intervals, gateway.startUs, gateway.endUs, painted)
  let paintedUs = 0
  for (const us of painted.values()) {
    paintedUs += us
  }
  for (const step of c.steps) {
    stages[step.stage] = asMicros(painted.get(step.stage) ?? 0)
  }
  const engineSideBelow = serverSideUs !== null && engineSideUnderGateway(c)
  if (c.upstream.length > 0) {
    // The engine's own time is inside the upstream call; subtract its duration (its own
    // clock) rather than its position, so host clock offsets cannot leak in.
    const engineInside = engineSideBelow && c.engineInUpstream
    stages['gateway.upstream'] = nonNegative(
      notes,
      'gateway.upstream',
      (painted.get('gateway.upstream') ?? 0) - (engineInside ? serverSideUs : 0)
    )
  }
  let downstreamName: string | null = null
  if (c.downstream.length > 0) {
    stages.downstream = asMicros(painted.get('downstream') ?? 0)
    downstreamName = nameDownstream(c.downstream)
  }
  // An engine called without a CLIENT span (the entry's direct child) is inside the entry's
  // unpainted time: that time is the engine's, not the gateway's.
  const engineOutsideCalls = engineSideBelow && !c.engineInUpstream ? serverSideUs : 0
  stages['gateway.unattributed'] = nonNegative(
    notes,
    'gateway.unattributed',
    durationOf(gateway) - paintedUs - engineOutsideCalls
  )
  return downstreamName
}

/** Whether the engine (or its API server) is part of the gateway's request (below the entry). */
function engineSideUnderGateway(c: ClassifiedTrace): boolean {
  const { index: ix, gateway } = c
  const side = c.frontend ?? c.engine
  if (side === null || gateway === null) {
    return false
  }
  if (c.engineInUpstream) {
    return true
  }
  return ix.isAncestor(ix.indexOf(gateway), ix.indexOf(side))
}

function labeled(s: Span, label: StageName, c: ClassifiedTrace): LabeledInterval<StageName> {
  return { startUs: s.startUs, endUs: s.endUs, depth: c.index.depthOf(s), label }
}

function nameDownstream(downstream: readonly Span[]): string {
  let longest = downstream[0] as Span
  for (const s of downstream) {
    if (durationOf(s) > durationOf(longest)) {
      longest = s
    }
  }
  return (
    readString(longest.attributes, ATTR_SERVER_ADDRESS) ??
    readString(longest.attributes, ATTR_DB_SYSTEM_NAME) ??
    readString(longest.attributes, ATTR_DB_SYSTEM) ??
    longest.name
  )
}
