/**
 * Picks the narrowest scope that holds. A value "holds" the slow cohort when it is significant
 * and covers most of the cohort. Among replicas and nodes: a node wins over its replicas when at
 * least two of its replicas are each slow (their slow rates are all well above the rest's); a
 * lone slow replica on a node is named as the replica.
 */
import type { ConcentrationRow } from './find-concentration.js'

export interface ScopeChoice {
  dimension: string
  value: string
  row: ConcentrationRow
}

/** Smallest share of the slow cohort a scope must cover to be named (default). */
export const DEFAULT_MIN_COVERAGE = 0.6

/**
 * The best single holding value among `dimensions` (in preference order on ties), or null.
 * Rows must come from {@link findConcentration}.
 */
export function pickHoldingValue(
  rows: readonly ConcentrationRow[],
  dimensions: readonly string[],
  minCoverage = DEFAULT_MIN_COVERAGE
): ScopeChoice | null {
  let best: ScopeChoice | null = null
  let bestScore = 0
  for (const row of rows) {
    if (!row.significant || row.slowShare < minCoverage || !dimensions.includes(row.dimension)) {
      continue
    }
    // Coverage beyond what the value's size explains, weighted by how much riskier the value is.
    const score =
      (row.slowShare - row.baselineShare) * Math.log(Math.max(1, Math.min(row.risk, 100)))
    if (score > bestScore + 1e-9) {
      best = { dimension: row.dimension, value: row.value, row }
      bestScore = score
    }
  }
  return best
}

/**
 * Replica or node: given the holding rows and which replicas run on which node, returns the node
 * when ≥ 2 of its replicas are each clearly slow, else the slowest replica, else null.
 *
 * @param replicaNode replica → node (from the requests' dimensions).
 */
export function pickReplicaOrNode(
  rows: readonly ConcentrationRow[],
  replicaNode: ReadonlyMap<string, string>,
  minCoverage = DEFAULT_MIN_COVERAGE
): ScopeChoice | null {
  const replicaRows = new Map<string, ConcentrationRow>()
  for (const row of rows) {
    if (row.dimension === 'replica') {
      replicaRows.set(row.value, row)
    }
  }
  const node = pickHoldingValue(rows, ['node'], minCoverage)
  if (node) {
    const members = replicasOnNode(replicaNode, node.value)
    // Slow rate of the replicas on other nodes: a member is slow when clearly above it.
    let outSlow = 0
    let outAll = 0
    for (const [r, row] of replicaRows) {
      if (!members.includes(r)) {
        outSlow += row.slowCount
        outAll += row.slowCount + row.baselineCount
      }
    }
    const outsideRate = outAll === 0 ? 0 : outSlow / outAll
    const slowMembers = members.filter((r) => {
      const row = replicaRows.get(r)
      return (
        row !== undefined && row.slowRate >= Math.max(3 * outsideRate, node.row.slowRate * 0.25)
      )
    })
    if (slowMembers.length >= 2 || (members.length >= 2 && slowMembers.length === members.length)) {
      return node
    }
  }
  const replica = pickHoldingValue(rows, ['replica'], minCoverage)
  if (replica) {
    return replica
  }
  // A node with a single replica (or an unknown replica set) still holds on its own.
  return node
}

/** The replicas that run on `node` (from the replica → node map). */
export function replicasOnNode(replicaNode: ReadonlyMap<string, string>, node: string): string[] {
  return [...replicaNode.entries()].filter(([, n]) => n === node).map(([r]) => r)
}
