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
import type { DiagnosisContext } from '../frame/context.js'
import { chainEvidence } from './chain.js'

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

/**
 * Demotes every mechanism that a root finding in `findings` explains, and writes the chain on
 * the root. Mutates the findings in place; the caller sorts afterwards. Roots are taken
 * strongest first, so a chain of roots (a version that explains a cold start that explains a
 * node) settles in one pass.
 */
export function explainAway(ctx: DiagnosisContext, findings: Finding[]): void {
  const roots = [...findings].sort((a, b) => b.confidence - a.confidence)
  const explained = new Set<Finding>()
  for (const root of roots) {
    if (root.confidence < ROOT_HOLDS || explained.has(root)) {
      continue
    }
    const why = new Map<Finding, Evidence>()
    const mechanisms = findings.filter((m) => {
      if (m === root || explained.has(m) || !sameTime(root, m) || !sameRequests(root, m)) {
        return false
      }
      if (drives(root.cause, m.cause)) {
        return true
      }
      // An edge that holds on evidence: only this pair's data can say which one drove the other.
      const test = causeRecord(root.cause)?.explainsWhen?.[m.cause as Exclude<Cause, 'healthy'>]
      const line = test?.(ctx, root, m) ?? null
      if (line !== null) {
        why.set(m, line)
      }
      return line !== null
    })
    if (mechanisms.length === 0) {
      continue
    }
    for (const m of mechanisms) {
      explained.add(m)
      m.confidence = Math.min(m.confidence, root.confidence * BELOW_ROOT)
      m.evidence.push({
        metric: 'explained_by',
        observed: root.cause,
        baseline: null,
        text: `explained by ${root.cause}${root.scope.dimension === null ? '' : ` (${root.scope.dimension}=${root.scope.value})`}, which drives ${m.cause}`,
      })
      const line = why.get(m)
      if (line !== undefined) {
        m.evidence.push(line)
      }
    }
    // The chain runs through the strongest mechanism: the one the data shows most clearly.
    const strongest = [...mechanisms].sort((a, b) => b.confidence - a.confidence)[0] as Finding
    const chain = chainEvidence(ctx, root, strongest)
    if (chain !== null) {
      root.evidence.unshift(chain)
    }
  }
}
