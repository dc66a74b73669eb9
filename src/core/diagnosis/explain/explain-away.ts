/**
 * Explaining away over the causal graph of the cause records: a root cause whose own evidence
 * holds over the same time as a mechanism it drives (a tenant's burst and the queue it fills, a
 * prefix-cache collapse and the slower prefill, a new version and the node it runs on) takes
 * precedence over that mechanism. The mechanism stays in the list, below the root, with a line
 * saying what explains it; the root gains the chain from itself to the latency (ADR 0110).
 */
import type { Cause, Evidence, Finding } from '../../model/diagnosis.js'
import { scopeMask } from '../frame/frame.js'
import { windowSpanUs } from '../frame/window-span.js'
import { causeRecord } from '../causes/index.js'
import type { Counter } from '../causes/record.js'
import { MIN_CONFIDENCE } from '../thresholds.js'
import type { DiagnosisContext } from '../frame/context.js'
import { chainEvidence, PLACE_CAUSES } from './chain.js'
import { measureOfFinding } from './finding-measure.js'
import { medianOf } from '../../stats/quantile.js'

/** Mechanisms first, places after (PLACE_CAUSES). */
/**
 * The order in which an explained finding is taken as the chain's middle step: a mechanism whose
 * own evidence would have been reported (it says how the root slowed the requests), then a place
 * the root's requests share (it says only where), then a mechanism too weak to be reported, which
 * the chain does not name (a version's chain through a 0.10 KV-pressure finding whose evidence was
 * a prefill excess on one replica read as the demo's mechanism).
 */
const chainRank = (f: Finding): number =>
  PLACE_CAUSES.has(f.cause) ? 1 : f.confidence >= MIN_CONFIDENCE ? 0 : 2

/** A root cause explains a mechanism away only when its own evidence reaches this (raw). */
export const ROOT_HOLDS = 0.5
/** An explained mechanism ranks at most this fraction of its root's confidence. */
export const BELOW_ROOT = 0.9

/** Windows that share time, or a finding without one (it holds over the whole window). */
function sameTime(a: Finding, b: Finding): boolean {
  const x = windowSpanUs(a.window)
  const y = windowSpanUs(b.window)
  return x === null || y === null || (x.from <= y.to && y.from <= x.to)
}

/**
 * A mechanism scoped elsewhere than its root names other requests: it is not explained. Scopes on
 * two dimensions (a tenant and a region) can name the same requests, unless they share none (a
 * version that never ran on the node: ADR 0386) or the root's scope is only the mechanism's seen
 * through the requests they share ({@link shadowOf}).
 */
function sameRequests(
  ctx: DiagnosisContext,
  shadow: Shadow,
  root: Finding,
  mechanism: Finding
): boolean {
  const m = mechanism.scope
  const r = root.scope
  if (m.dimension === null || r.dimension === null) {
    return true
  }
  if (m.dimension !== r.dimension) {
    return shareAny(ctx, root, mechanism) && !shadow(root, mechanism)
  }
  return m.value === r.value
}

/** Whether two findings' scopes hold a request in common; true when either is not a column. */
function shareAny(ctx: DiagnosisContext, a: Finding, b: Finding): boolean {
  const x = scopeMask(ctx.frame, a.scope.dimension, a.scope.value)
  const y = scopeMask(ctx.frame, b.scope.dimension, b.scope.value)
  if (x === null || y === null) {
    return true
  }
  return x.some((v, i) => v === 1 && y[i] === 1)
}

/** Requests each side of a median needs before a shadow is told (fewer: cannot tell). */
const SHADOW_MIN = 30
/**
 * The root's requests outside the mechanism's scope kept at most this share of the mechanism's
 * own rise, while the mechanism's outside the root's kept at least {@link SHADOW_KEPT}: the rise
 * is the mechanism's scope's, and the root's scope only shares some of its requests.
 */
const SHADOW_LEFT = 0.25
const SHADOW_KEPT = 0.5

/**
 * What a shadow is read on: the stage the mechanism's evidence names (a far region's network
 * time), by its mean, since a stage is often zero for most requests; else the mechanism's
 * measure, by its median. Null when neither is a column of the frame.
 */
function shadowValues(
  ctx: DiagnosisContext,
  mechanism: Finding
): { of: Float64Array; centre: (xs: number[]) => number } | null {
  const stages = ctx.frame.stages as Record<string, Float64Array | undefined>
  for (const e of mechanism.evidence) {
    const col = e.stage === undefined || e.stage === null ? undefined : stages[e.stage]
    if (col !== undefined) {
      return { of: col, centre: (xs) => xs.reduce((a, b) => a + b, 0) / xs.length }
    }
  }
  const measure = measureOfFinding(mechanism)
  if (measure !== 'ttft' && measure !== 'tpot') {
    return null
  }
  return {
    of: measure === 'ttft' ? ctx.frame.ttftUserUs : ctx.frame.tpotUs,
    centre: medianOf,
  }
}

/**
 * Whether the root's scope is a shadow of the mechanism's: a tenant whose requests come mostly
 * from a far region is slower only through that region. Read on the mechanism's measure (TTFT
 * or TPOT), median inside the mechanism's window over median outside it, for the mechanism's
 * scope, its requests outside the root's scope, and the root's requests outside the mechanism's
 * scope (or on the stage its evidence names, {@link shadowValues}). A traffic-driven root (a tenant's burst filling a replica's queue) slows the others on
 * that replica too, so the mechanism's own requests outside the root keep their rise either way;
 * what tells a shadow is that the root's requests away from the mechanism's scope did not slow.
 * False when a side is too thin to tell or the finding has no window.
 */
function shadowOf(ctx: DiagnosisContext, root: Finding, mechanism: Finding): boolean {
  const span = windowSpanUs(mechanism.window)
  // Before and after are read where neither finding's incident is: a root that exists only
  // inside its own window (a version rolled out and back) has no history of its own, and its
  // first minutes, already slow, are no baseline for "did not slow" (ADR 0283).
  const rootSpan = windowSpanUs(root.window)
  const frame = ctx.frame
  const values = shadowValues(ctx, mechanism)
  if (span === null || values === null) {
    return false
  }
  const inM = scopeMask(frame, mechanism.scope.dimension, mechanism.scope.value)
  const inR = scopeMask(frame, root.scope.dimension, root.scope.value)
  if (inM === null || inR === null) {
    return false
  }
  const rise = (pick: (i: number) => boolean, on = values): number => {
    const inside: number[] = []
    const outside: number[] = []
    for (let i = 0; i < frame.n; i++) {
      const v = on.of[i] as number
      if (v !== v || !pick(i)) {
        continue
      }
      const t = frame.startUs[i] as number
      if (t >= span.from && t < span.to) {
        inside.push(v)
      } else if (rootSpan === null || t < rootSpan.from || t >= rootSpan.to) {
        outside.push(v)
      }
    }
    if (inside.length < SHADOW_MIN || outside.length < SHADOW_MIN) {
      return NaN
    }
    const before = on.centre(outside)
    return before > 0 ? on.centre(inside) / before - 1 : NaN
  }
  const own = rise((i) => inM[i] === 1)
  const kept = rise((i) => inM[i] === 1 && inR[i] !== 1)
  const left = rise((i) => inR[i] === 1 && inM[i] !== 1)
  if (!(own > 0) || kept !== kept || left !== left) {
    return false
  }
  if (!(kept >= SHADOW_KEPT * own && left <= SHADOW_LEFT * own)) {
    return false
  }
  // The root is slower only through the mechanism's scope when what slowed the root went with
  // it: read on the root's own stage or measure too. A replica whose queue rose from its own
  // share of the requests is no shadow of a far region because its network time rose only
  // through that region's requests, nor that region of the replica because its queue did
  // (ADR 0338): two excesses on two stages, each there outside the other's scope.
  const rootValues = shadowValues(ctx, root)
  if (rootValues === null || rootValues.of === values.of) {
    return true
  }
  const rootOwn = rise((i) => inR[i] === 1, rootValues)
  const rootLeft = rise((i) => inR[i] === 1 && inM[i] !== 1, rootValues)
  return !(rootOwn > 0 && rootLeft > SHADOW_LEFT * rootOwn)
}

/** Whether `root` drives `mechanism` in the causal graph, directly or through other mechanisms. */
function drives(root: Cause, mechanism: Cause, seen = new Set<Cause>()): boolean {
  for (const next of causeRecord(root)?.explains ?? []) {
    if (next === mechanism) {
      return true
    }
    if (!seen.has(next)) {
      seen.add(next)
      if (drives(next, mechanism, seen)) {
        return true
      }
    }
  }
  return false
}

/** One edge of the causal graph that holds on this data: `root` explains `mechanism`. */
interface Edge {
  root: Finding
  mechanism: Finding
  /** The pair's own line saying which drove the other (an edge that holds on evidence). */
  why: Evidence | null
  /**
   * What the mechanism keeps of its own confidence when the root explains only part of it (a
   * node whose slow requests are mostly a young replica's first minutes), with the line saying so.
   */
  keeps: Counter | null
}

/** {@link shadowOf} for one pair of findings of this diagnosis. */
type Shadow = (root: Finding, mechanism: Finding) => boolean

/**
 * {@link shadowOf}, answered once per pair: the shadow ranking and the explaining edges ask the
 * same pairs, and each answer is up to three passes over the frame. Neither step changes what a
 * shadow reads (windows, scopes, the stage a finding's evidence names).
 */
function shadowMemo(ctx: DiagnosisContext): Shadow {
  const memo = new Map<Finding, Map<Finding, boolean>>()
  return (root, mechanism) => {
    let row = memo.get(root)
    if (row === undefined) {
      row = new Map()
      memo.set(root, row)
    }
    let answer = row.get(mechanism)
    if (answer === undefined) {
      answer = shadowOf(ctx, root, mechanism)
      row.set(mechanism, answer)
    }
    return answer
  }
}

/** The edges between these findings that hold on their windows, scopes and data. */
function heldEdges(ctx: DiagnosisContext, shadow: Shadow, findings: readonly Finding[]): Edge[] {
  const edges: Edge[] = []
  for (const root of findings) {
    if (root.confidence < ROOT_HOLDS) {
      continue
    }
    for (const m of findings) {
      if (m === root || !sameTime(root, m) || !sameRequests(ctx, shadow, root, m)) {
        continue
      }
      if (drives(root.cause, m.cause)) {
        // A root that explains only part of a mechanism it drives says what the mechanism keeps.
        const part = causeRecord(root.cause)?.explainsPart?.[m.cause as Exclude<Cause, 'healthy'>]
        const keeps = part === undefined ? null : part(ctx, root, m, measureOfFinding(m))
        if (keeps === null || keeps.factor < 1) {
          edges.push({ root, mechanism: m, why: null, keeps })
        }
        continue
      }
      // An edge that holds on evidence: only this pair's data can say which one drove the other.
      const test = causeRecord(root.cause)?.explainsWhen?.[m.cause as Exclude<Cause, 'healthy'>]
      const line = test?.(ctx, root, m) ?? null
      if (line !== null) {
        edges.push({ root, mechanism: m, why: line, keeps: null })
      }
    }
  }
  return edges
}

/**
 * Which findings stand as roots: a finding is explained exactly when a root that stands (its own
 * evidence holds and nothing explains it) drives it. Decided along the graph, each finding once
 * every finding that could explain it is decided, so neither the order of the findings nor their
 * confidences before this step change the answer. A cycle (two edges that hold on evidence, each
 * way) gives no such order: the finding with the stronger own evidence is taken as the root.
 */
function standingRoots(findings: readonly Finding[], edges: readonly Edge[]): Set<Finding> {
  const into = new Map<Finding, Finding[]>()
  for (const e of edges) {
    into.set(e.mechanism, [...(into.get(e.mechanism) ?? []), e.root])
  }
  const stands = new Map<Finding, boolean>()
  const open = new Set(findings)
  while (open.size > 0) {
    let progressed = false
    for (const f of open) {
      const roots = into.get(f) ?? []
      if (roots.every((r) => stands.has(r))) {
        stands.set(f, !roots.some((r) => stands.get(r) === true))
        open.delete(f)
        progressed = true
      }
    }
    if (!progressed) {
      const first = [...open].sort(
        (a, b) => b.confidence - a.confidence || a.cause.localeCompare(b.cause)
      )[0] as Finding
      stands.set(first, true)
      open.delete(first)
    }
  }
  return new Set(findings.filter((f) => stands.get(f) === true))
}

/**
 * A finding whose scope is a shadow of another's on a different dimension ({@link shadowOf}) ranks
 * below it: a tenant slower only where its requests come from a far region is that region's
 * excess seen through the tenant, whatever cause its own evidence suggested. Only a finding whose
 * own evidence holds ({@link ROOT_HOLDS}) casts a shadow.
 */
function demoteShadows(shadow: Shadow, findings: readonly Finding[]): void {
  const caps = new Map<Finding, Finding>()
  for (const f of findings) {
    for (const by of findings) {
      if (
        by === f ||
        by.confidence < ROOT_HOLDS ||
        f.scope.dimension === null ||
        by.scope.dimension === null ||
        f.scope.dimension === by.scope.dimension ||
        !sameTime(f, by) ||
        !shadow(f, by)
      ) {
        continue
      }
      const held = caps.get(f)
      if (held === undefined || by.confidence > held.confidence) {
        caps.set(f, by)
      }
    }
  }
  // Caps are read from the confidences before any demotion, so the order of the findings does not
  // change the answer.
  for (const [f, by] of caps) {
    f.confidence = Math.min(f.confidence, by.confidence * BELOW_ROOT)
    f.evidence.push({
      metric: 'shadow_of',
      observed: `${by.scope.dimension}=${by.scope.value}`,
      baseline: null,
      text: `against: ${f.scope.dimension}=${f.scope.value} is slower only through ${by.scope.dimension}=${by.scope.value} (${by.cause}); its requests elsewhere did not slow`,
    })
  }
}

/**
 * Demotes every mechanism that a standing root in `findings` explains, and writes the chain on
 * the root. Mutates the findings in place; the caller sorts afterwards. The answer is the fixed
 * point: a mechanism is explained by a root only while that root is not itself explained (a
 * version that explains a cold start that explains a node: the version explains both), and a
 * mechanism caps at its strongest standing root, whatever order the findings came in.
 */
export function explainAway(ctx: DiagnosisContext, findings: Finding[]): void {
  const shadow = shadowMemo(ctx)
  demoteShadows(shadow, findings)
  const edges = heldEdges(ctx, shadow, findings)
  const roots = standingRoots(findings, edges)
  const byRoot = new Map<Finding, Finding[]>()
  for (const m of findings) {
    if (roots.has(m)) {
      continue
    }
    const held = edges.filter((e) => e.mechanism === m && roots.has(e.root))
    // The strongest root that explains it sets its cap and is the one named.
    const e = held.sort(
      (a, b) => b.root.confidence - a.root.confidence || a.root.cause.localeCompare(b.root.cause)
    )[0]
    if (e === undefined) {
      continue
    }
    const root = e.root
    // A place whose slow requests are a young replica's first minutes keeps only what is left of
    // its concentration without them (ADR 0373): the cap alone kept such a node just below the
    // cold start, where it read as a second fault.
    const own = e.keeps === null ? m.confidence : m.confidence * e.keeps.factor
    m.confidence = Math.min(own, root.confidence * BELOW_ROOT)
    m.evidence.push({
      metric: 'explained_by',
      observed: root.cause,
      baseline: null,
      text: `explained by ${root.cause}${root.scope.dimension === null ? '' : ` (${root.scope.dimension}=${root.scope.value})`}, ${PLACE_CAUSES.has(m.cause) ? 'which holds the same slow requests' : `which drives ${m.cause}`}`,
    })
    if (e.why !== null) {
      m.evidence.push(e.why)
    }
    if (e.keeps !== null) {
      m.evidence.push(e.keeps.evidence)
    }
    byRoot.set(root, [...(byRoot.get(root) ?? []), m])
  }
  for (const [root, mechanisms] of byRoot) {
    // The chain runs through the strongest mechanism: the one the data shows most clearly; a
    // place the root's requests share (a node under a canary) only when no reported mechanism is
    // there.
    const strongest = [...mechanisms].sort(
      (a, b) => chainRank(a) - chainRank(b) || b.confidence - a.confidence
    )[0] as Finding
    const chain = chainEvidence(ctx, root, strongest)
    if (chain !== null) {
      root.evidence.unshift(chain)
    }
  }
}
