/**
 * Gateway-tier stages: self time of steps, upstream and downstream calls painted on the
 * gateway's clock, and `gateway.unattributed`, the entry's time that none of them covers. With
 * no engine span inside it, an upstream call that recorded its first chunk is split there:
 * `gateway.upstream` before it, `gateway.stream` after.
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
import { readSecondsAsMicros, readString } from './attributes.js'
import type { ClassifiedTrace } from './classify-spans.js'
import { durationOf, nonNegative, type AssemblyNote } from './notes.js'
import { paintSelfTime, type LabeledInterval } from './paint.js'
import {
  ATTR_DB_SYSTEM,
  ATTR_DB_SYSTEM_NAME,
  ATTR_GEN_AI_RESPONSE_TIME_TO_FIRST_CHUNK,
  ATTR_SERVER_ADDRESS,
} from '../otlp/semconv.js'

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
  const engineSideBelow = serverSideUs !== null && engineSideUnderGateway(c)
  const splitAt = engineSideBelow ? null : firstChunkSplit(c)
  for (const s of c.upstream) {
    if (s === splitAt?.call) {
      // Only the call's time before its first chunk is the wait for the upstream; the rest is
      // the answer streaming through, after the first token (docs/timeline.md).
      const depth = c.index.depthOf(s)
      intervals.push({ startUs: s.startUs, endUs: splitAt.atUs, depth, label: 'gateway.upstream' })
      intervals.push({ startUs: splitAt.atUs, endUs: s.endUs, depth, label: 'gateway.stream' })
    } else {
      intervals.push(labeled(s, 'gateway.upstream', c))
    }
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
  if (splitAt !== null) {
    stages['gateway.stream'] = asMicros(painted.get('gateway.stream') ?? 0)
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

/**
 * The upstream call to split at its first chunk: the last attempt with a
 * `gen_ai.response.time_to_first_chunk` inside the call. `null` when none has one.
 */
function firstChunkSplit(c: ClassifiedTrace): { call: Span; atUs: number } | null {
  for (let i = c.upstream.length - 1; i >= 0; i--) {
    const call = c.upstream[i] as Span
    const chunkUs = readSecondsAsMicros(call.attributes, ATTR_GEN_AI_RESPONSE_TIME_TO_FIRST_CHUNK)
    if (chunkUs !== null) {
      const atUs = call.startUs + chunkUs
      return atUs <= call.endUs ? { call, atUs } : null
    }
  }
  return null
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
  if (ix.isAncestor(ix.indexOf(gateway), ix.indexOf(side))) {
    return true
  }
  // The gateway's CLIENT span was never exported (an SDK's batch dropped it): the engine side is
  // an orphan of the same trace, its parent named and missing. Started inside the entry's time it
  // is the entry's call all the same; read otherwise, the entry's whole time was the gateway's own
  // while the engine's stages counted the same time again. Its end is not asked: an API server's
  // span ends after its last byte is sent (vLLM's, 6.6 ms after the gateway's in the recorded
  // stack), and the gateway's time it covers is what is taken out.
  const orphan = side.parentSpanId !== null && ix.parentOf(side) === undefined
  return orphan && side.startUs >= gateway.startUs && side.startUs < gateway.endUs
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
