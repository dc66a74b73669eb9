/**
 * Multi-dimensional localisation of an additive anomaly, after Adtributor (Bhagwan et al., NSDI
 * 2014): every element (a value of one dimension, or a pair of values of two dimensions) gets its
 * *explanatory power* — the share of the total anomaly (here: excess latency or extra requests)
 * it carries — and its *surprise* — the Jensen–Shannon contribution of its anomaly share against
 * its share of traffic. The narrowest scope is the smallest element that still explains most of
 * the anomaly and is clearly over-represented in it (the "succinct" explanation of Adtributor and
 * the "root-cause pattern" of Squeeze / RiskLoc, which search the same lattice of dimension
 * combinations).
 *
 * Pairs (tenant × route, node × version …) are searched too, but only between columns with few
 * enough values that the lattice stays small.
 */
import { cellQuantiles } from '../stats/cell-quantiles.js'
import type { CategoricalColumn } from './find-concentration.js'

export interface LocalizedElement {
  /** One or two dimensions. */
  dimensions: string[]
  values: string[]
  /** Share of the total anomaly this element carries (can exceed 1 when others are negative). */
  explanatoryPower: number
  /** Share of the anomaly set's requests in this element, 0..1. */
  trafficShare: number
  /** Jensen–Shannon surprise of the element (bits). */
  surprise: number
  count: number
}

export interface LocalizeOptions {
  /** Explanatory power an element needs to be named (default 0.6). */
  minExplanatoryPower?: number
  /** explanatoryPower / trafficShare an element needs (default 1.4). */
  minLift?: number
  /** Fewest requests an element needs (default 20). */
  minCount?: number
  /** Largest product of value counts for a pair to be searched (default 400). */
  maxPairCells?: number
}

const PREFERENCE = ['version', 'tenant', 'region', 'route', 'model', 'replica', 'node']

function jsTerm(p: number, q: number): number {
  const m = (p + q) / 2
  const t = (a: number): number => (a > 0 ? a * Math.log2(a / m) : 0)
  return m > 0 ? 0.5 * (t(p) + t(q)) : 0
}

/**
 * Per cell: request count and a robust anomaly mass, count × median contribution. Medians, not
 * sums: one request stuck for a minute must not make its replica "explain" a region's RTT.
 */
function cellMass(
  cellOf: Int32Array,
  cells: number,
  contribution: Float64Array
): { count: Float64Array; mass: Float64Array } {
  const count = new Float64Array(cells)
  for (let i = 0; i < cellOf.length; i++) {
    const c = cellOf[i] as number
    if (c >= 0) {
      count[c] = (count[c] as number) + 1
    }
  }
  const med = cellQuantiles(cellOf, contribution, cells, 0.5, 1)
  const mass = new Float64Array(cells)
  for (let c = 0; c < cells; c++) {
    const m = med[c] as number
    mass[c] = m === m ? m * (count[c] as number) : 0
  }
  return { count, mass }
}

/**
 * Scores every element over `columns` (and their pairs) for the anomaly `contribution` of the
 * requests where `mask` is 1 (NaN counts as 0). Explanatory power is taken within the element's
 * own dimension (or pair of dimensions), as Adtributor does. Returns all elements by explanatory
 * power and the narrowest one that explains the anomaly, or null when it is spread evenly.
 */
export function localize(
  columns: readonly CategoricalColumn[],
  contribution: Float64Array,
  mask: Uint8Array,
  options: LocalizeOptions = {}
): { elements: LocalizedElement[]; best: LocalizedElement | null } {
  const minEp = options.minExplanatoryPower ?? 0.6
  const minLift = options.minLift ?? 1.4
  const minCount = options.minCount ?? 20
  const maxCells = options.maxPairCells ?? 400
  const n = contribution.length
  const elements: LocalizedElement[] = []
  const score = (
    dims: string[],
    cells: number,
    cellOf: Int32Array,
    label: (c: number) => string[]
  ): void => {
    const { count, mass } = cellMass(cellOf, cells, contribution)
    let total = 0
    let positive = 0
    let inSet = 0
    for (let c = 0; c < cells; c++) {
      total += mass[c] as number
      positive += Math.max(0, mass[c] as number)
      inSet += count[c] as number
    }
    if (total <= 0 || inSet === 0) {
      return
    }
    for (let c = 0; c < cells; c++) {
      const k = count[c] as number
      if (k === 0) {
        continue
      }
      const p = k / inSet
      const q = Math.max(0, mass[c] as number) / positive
      elements.push({
        dimensions: dims,
        values: label(c),
        explanatoryPower: (mass[c] as number) / total,
        trafficShare: p,
        surprise: jsTerm(p, q),
        count: k,
      })
    }
  }
  const usable = columns.filter((c) => c.values.length >= 2)
  for (const col of usable) {
    const cellOf = new Int32Array(n)
    for (let i = 0; i < n; i++) {
      cellOf[i] = mask[i] === 1 ? (col.codes[i] as number) : -1
    }
    score([col.dimension], col.values.length, cellOf, (c) => [col.values[c] as string])
  }
  for (let x = 0; x < usable.length; x++) {
    for (let y = x + 1; y < usable.length; y++) {
      const cx = usable[x] as CategoricalColumn
      const cy = usable[y] as CategoricalColumn
      const k = cy.values.length
      if (cx.values.length * k > maxCells) {
        continue
      }
      const cellOf = new Int32Array(n)
      for (let i = 0; i < n; i++) {
        const a = cx.codes[i] as number
        const b = cy.codes[i] as number
        cellOf[i] = mask[i] !== 1 || a < 0 || b < 0 ? -1 : a * k + b
      }
      score([cx.dimension, cy.dimension], cx.values.length * k, cellOf, (c) => [
        cx.values[Math.floor(c / k)] as string,
        cy.values[c % k] as string,
      ])
    }
  }
  // Collinear elements (every v2 request runs on node n3) tie; the dimension an operator acts
  // on first wins: a version or tenant before the replica or node that hosts it, and a replica alone on its
  // node before the node (the narrower name).
  const rank = (e: LocalizedElement): number =>
    Math.min(...e.dimensions.map((d) => (PREFERENCE.indexOf(d) + 100) % 100))
  elements.sort(
    (a, b) =>
      b.explanatoryPower - a.explanatoryPower ||
      a.trafficShare - b.trafficShare ||
      rank(a) - rank(b) ||
      a.dimensions.join().localeCompare(b.dimensions.join()) ||
      a.values.join().localeCompare(b.values.join())
  )
  let best: LocalizedElement | null = null
  for (const e of elements) {
    if (
      e.count < minCount ||
      e.explanatoryPower < minEp ||
      e.explanatoryPower < minLift * e.trafficShare
    ) {
      continue
    }
    // Narrower (less traffic) wins; a pair must beat a single value clearly to be preferred.
    const margin = e.dimensions.length > (best?.dimensions.length ?? 0) ? 0.7 : 1
    if (best === null || e.trafficShare < best.trafficShare * margin - 1e-9) {
      best = e
    }
  }
  return { elements, best }
}
