/**
 * The edge from a full KV cache to one slow replica or node (`node.degraded`). When every engine's
 * cache is full and preempting, the queue grows on all of them, and by chance it runs longest on
 * one: that replica then holds the slowest requests, which is what a degraded place looks like
 * from the latency alone. What tells them apart is the work: a degraded node prefills and decodes
 * each token slower, while a replica that waits on a full cache does the same work at the same
 * pace, give or take the prompts it recomputes after a preemption. The edge holds when the
 * place's cache was as full as the others' over its window and its requests work per token less
 * than {@link SLOWER_WORK} times the others'.
 */
import type { Evidence, Finding } from '../../model/diagnosis.js'
import { replicasOnNode } from '../../concentration/narrowest-scope.js'
import type { DiagnosisContext } from '../frame/context.js'
import { startMask } from '../frame/frame.js'
import { bucketsOfWindow, windowSpanUs } from '../frame/window-span.js'
import { serviceRatio } from '../detect/service-rate.js'
import { decimals, pct, round } from '../explain/text.js'
import { maxOver } from '../resources.js'

/** KV usage at which a replica's cache counts as full (as the record's "replicas at ≥ 90%"). */
const FULL = 0.9
/** Of the other replicas, at least this share must be full too: the pressure is everyone's. */
const OTHERS_FULL = 0.5
/**
 * Per-token work of the place's requests over the others' at which it is slower work, not a
 * longer wait: a preempted request recomputes its prompt once, which can raise the prefill per
 * token by a part, not by half again across the replica's requests.
 */
const SLOWER_WORK = 1.5

export function kvExplainsPlace(
  ctx: DiagnosisContext,
  root: Finding,
  mechanism: Finding
): Evidence | null {
  const scope = mechanism.scope
  if ((scope.dimension !== 'replica' && scope.dimension !== 'node') || scope.value === null) {
    return null
  }
  const window = mechanism.window ?? root.window
  const range = bucketsOfWindow(ctx.grid, window)
  const span = windowSpanUs(window)
  const view = ctx.resources.get('kv_usage')
  if (range === null || span === null || view === undefined || view.keyDimension !== 'replica') {
    return null
  }
  const members =
    scope.dimension === 'node' ? replicasOnNode(ctx.replicaNode, scope.value) : [scope.value]
  const mine: number[] = []
  const others: number[] = []
  for (const [key, series] of view.byKey) {
    const peak = maxOver(series, range.from, range.to)
    if (peak === peak) {
      ;(members.includes(key) ? mine : others).push(peak)
    }
  }
  const othersFull = others.filter((p) => p >= FULL).length
  if (
    mine.length === 0 ||
    others.length === 0 ||
    !mine.every((p) => p >= FULL) ||
    othersFull < OTHERS_FULL * others.length
  ) {
    return null
  }
  const frame = ctx.frame
  const codes = new Set(members.map((m) => frame.dims.replica.values.indexOf(m)))
  const inWindow = startMask(frame, span.from, span.to)
  const onPlace = new Uint8Array(frame.n)
  const rest = new Uint8Array(frame.n)
  for (let i = 0; i < frame.n; i++) {
    if (inWindow[i] !== 1) {
      continue
    }
    const on = codes.has(frame.dims.replica.codes[i] as number)
    onPlace[i] = on ? 1 : 0
    rest[i] = on ? 0 : 1
  }
  const work = serviceRatio(frame, onPlace, rest)
  if (work === null || !(work < SLOWER_WORK)) {
    return null
  }
  return {
    metric: view.metric,
    observed: round(Math.min(...mine)),
    baseline: round(othersFull / others.length),
    text: `${scope.dimension}=${scope.value}'s KV cache was full (${pct(Math.min(...mine))} at its peak) as ${othersFull} of the ${others.length} other replicas' were, and its requests work per token ${decimals(work, 2)}× the others': they waited on the full cache, the ${scope.dimension} is not slower`,
  }
}
