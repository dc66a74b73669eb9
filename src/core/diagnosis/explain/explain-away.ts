/**
 * Explaining away over the causal graph of the cause records: a root cause whose own evidence
 * holds over the same time as a mechanism it drives (a tenant's burst and the queue it fills, a
 * prefix-cache collapse and the slower prefill, a new version and the node it runs on) takes
 * precedence over that mechanism. The mechanism stays in the list, below the root, with a line
 * saying what explains it; the root gains the chain from itself to the latency (ADR 0110).
 */
import type { Cause, Evidence, Finding } from '../../model/diagnosis.js'
import { windowSpanUs } from '../frame/window-span.js'
import { causeRecord } from '../causes/index.js'
import { MIN_CONFIDENCE } from '../thresholds.js'
import type { DiagnosisContext } from '../frame/context.js'
import { chainEvidence, PLACE_CAUSES } from './chain.js'

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
const BELOW_ROOT = 0.9

/** Windows that share time, or a finding without one (it holds over the whole window). */
function sameTime(a: Finding, b: Finding): boolean {
  const x = windowSpanUs(a.window)
  const y = windowSpanUs(b.window)
  return x === null || y === null || (x.from <= y.to && y.from <= x.to)
}

/** A mechanism scoped elsewhere than its root names other requests: it is not explained. */
function sameRequests(root: Finding, mechanism: Finding): boolean {
  const m = mechanism.scope
  const r = root.scope
  if (m.dimension === null || r.dimension === null || m.dimension !== r.dimension) {
    return true
  }
  return m.value === r.value
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
}

/** The edges between these findings that hold on their windows, scopes and data. */
function heldEdges(ctx: DiagnosisContext, findings: readonly Finding[]): Edge[] {
  const edges: Edge[] = []
  for (const root of findings) {
    if (root.confidence < ROOT_HOLDS) {
      continue
    }
    for (const m of findings) {
      if (m === root || !sameTime(root, m) || !sameRequests(root, m)) {
        continue
      }
      if (drives(root.cause, m.cause)) {
        edges.push({ root, mechanism: m, why: null })
        continue
      }
      // An edge that holds on evidence: only this pair's data can say which one drove the other.
      const test = causeRecord(root.cause)?.explainsWhen?.[m.cause as Exclude<Cause, 'healthy'>]
      const line = test?.(ctx, root, m) ?? null
      if (line !== null) {
        edges.push({ root, mechanism: m, why: line })
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
 * Demotes every mechanism that a standing root in `findings` explains, and writes the chain on
 * the root. Mutates the findings in place; the caller sorts afterwards. The answer is the fixed
 * point: a mechanism is explained by a root only while that root is not itself explained (a
 * version that explains a cold start that explains a node: the version explains both), and a
 * mechanism caps at its strongest standing root, whatever order the findings came in.
 */
export function explainAway(ctx: DiagnosisContext, findings: Finding[]): void {
  const edges = heldEdges(ctx, findings)
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
    m.confidence = Math.min(m.confidence, root.confidence * BELOW_ROOT)
    m.evidence.push({
      metric: 'explained_by',
      observed: root.cause,
      baseline: null,
      text: `explained by ${root.cause}${root.scope.dimension === null ? '' : ` (${root.scope.dimension}=${root.scope.value})`}, ${PLACE_CAUSES.has(m.cause) ? 'which holds the same slow requests' : `which drives ${m.cause}`}`,
    })
    if (e.why !== null) {
      m.evidence.push(e.why)
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
