/**
 * Standing conditions (CONTRACT §5): a dimension value that is slower than the rest by about
 * the same factor through the whole window — a region always farther away, a node type always
 * slower, one replica always smaller. Nothing changed, so it is not an incident; it is listed
 * with its cost to the P99 (P99 with it / P99 without it) so the on-call engineer knows what the
 * baseline is made of.
 */
import type { StandingCondition } from '../../model/diagnosis.js'
import type { Dimension } from '../../model/request.js'
import { quantileSorted, sortedFinite } from '../../stats/quantile.js'
import type { RequestFrame } from '../frame/frame.js'
import { fmtUs } from '../explain/text.js'

/** The dimensions whose values are places or builds that can be structurally slower. */
const STANDING_DIMENSIONS: readonly Dimension[] = ['region', 'node', 'replica', 'version', 'model']
/** The window is cut into this many equal parts; the difference must hold in each. */
const PARTS = 3
/** Requests a value needs in each part (and the rest) for its median to count. */
const MIN_PER_PART = 10
/** A value's median must be at least this much above the rest's in every part. */
const MIN_RATIO = 1.2
/**
 * "The same through the window", on the log scale: the smallest part's log ratio is at least
 * this share of the largest's. A ratio alone drifts with load: a replica with a smaller batch
 * queues nonlinearly, 3.7× slower in one third and 5.3× in the next, and is still the same
 * structural difference; a value that was 1.05× and then 1.4× changed.
 */
const MIN_LOG_KEEP = 0.5
/**
 * Each edge of the window (this share of it, at the start and at the end) must show the
 * difference too: a value that turned slow a tenth into the window, or that first served then
 * (a canary), changed inside the window. Three parts alone call a change in the first third's
 * last minutes "the same through the whole window".
 */
const EDGE_SHARE = 0.1
/**
 * An edge must show at least this share of the smallest part's difference (on the log scale, as
 * the parts): a value 1.3× slower in the parts and 1.05× at the start began being slow after the
 * window began.
 */
const EDGE_KEEP = 0.5
/** Requests of the value an edge needs for its median to count; fewer: it did not serve there. */
const MIN_PER_EDGE = 5
/**
 * A condition is listed on its evidence (slower in every part and at both edges) and its cost is
 * reported, however small: a region 1.25× slower at the median whose requests are not among the
 * slowest still is the baseline the on-call engineer compares with. Only a value whose removal
 * would not lower the P99 at all costs nothing.
 */
const MIN_COST = 1
/** At most this many conditions are listed. */
const MAX_CONDITIONS = 5

const MEASURES = [
  { measure: 'ttft', word: 'TTFT', values: (f: RequestFrame) => f.ttftUserUs },
  { measure: 'tpot', word: 'TPOT', values: (f: RequestFrame) => f.tpotUs },
] as const

function median(values: Float64Array, mask: Uint8Array): { v: number; n: number } {
  const s = sortedFinite(values, mask)
  return { v: s.length === 0 ? NaN : quantileSorted(s, 0.5), n: s.length }
}

function round3(v: number): number {
  return Math.round(v * 1000) / 1000
}

/** The value's median over the rest's in one edge of the window; NaN when it barely served there. */
function edgeRatio(
  frame: RequestFrame,
  values: Float64Array,
  edge: Uint8Array,
  which: number,
  codes: Int32Array,
  code: number
): number {
  const mine = new Uint8Array(frame.n)
  const rest = new Uint8Array(frame.n)
  for (let i = 0; i < frame.n; i++) {
    if (edge[i] === which) {
      if (codes[i] === code) {
        mine[i] = 1
      } else if ((codes[i] as number) >= 0) {
        rest[i] = 1
      }
    }
  }
  const a = median(values, mine)
  const b = median(values, rest)
  return a.n < MIN_PER_EDGE || b.n < MIN_PER_EDGE || !(b.v > 0) ? NaN : a.v / b.v
}

/** The standing conditions of `frame` over [fromUs, toUs), costliest first. */
export function standingConditions(
  frame: RequestFrame,
  fromUs: number,
  toUs: number
): StandingCondition[] {
  const out: { cost: number; condition: StandingCondition }[] = []
  const part = new Uint8Array(frame.n)
  // 0 = the first EDGE_SHARE of the window, 1 = the last, 2 = neither.
  const edge = new Uint8Array(frame.n)
  const span = Math.max(1, toUs - fromUs)
  for (let i = 0; i < frame.n; i++) {
    const at = ((frame.startUs[i] as number) - fromUs) / span
    part[i] = Math.min(PARTS - 1, Math.max(0, Math.floor(at * PARTS)))
    edge[i] = at < EDGE_SHARE ? 0 : at >= 1 - EDGE_SHARE ? 1 : 2
  }
  for (const dimension of STANDING_DIMENSIONS) {
    const col = frame.dims[dimension]
    if (col.values.length < 2) {
      continue
    }
    for (const m of MEASURES) {
      const values = m.values(frame)
      const all = sortedFinite(values)
      if (all.length < PARTS * MIN_PER_PART * 2) {
        continue
      }
      const p99All = quantileSorted(all, 0.99)
      col.values.forEach((value, code) => {
        const ratios: number[] = []
        for (let k = 0; k < PARTS; k++) {
          const mine = new Uint8Array(frame.n)
          const rest = new Uint8Array(frame.n)
          for (let i = 0; i < frame.n; i++) {
            if (part[i] === k) {
              if (col.codes[i] === code) {
                mine[i] = 1
              } else if ((col.codes[i] as number) >= 0) {
                rest[i] = 1
              }
            }
          }
          const a = median(values, mine)
          const b = median(values, rest)
          if (a.n < MIN_PER_PART || b.n < MIN_PER_PART || !(b.v > 0)) {
            return
          }
          ratios.push(a.v / b.v)
        }
        const lo = Math.min(...ratios)
        const hi = Math.max(...ratios)
        if (lo < MIN_RATIO || Math.log(lo) < MIN_LOG_KEEP * Math.log(hi)) {
          return
        }
        for (const k of [0, 1]) {
          const r = edgeRatio(frame, values, edge, k, col.codes, code)
          if (
            !(Math.log(r) >= EDGE_KEEP * Math.log(lo)) ||
            Math.log(r) * MIN_LOG_KEEP > Math.log(hi)
          ) {
            return
          }
        }
        const mine = new Uint8Array(frame.n)
        const rest = new Uint8Array(frame.n)
        for (let i = 0; i < frame.n; i++) {
          if (col.codes[i] === code) {
            mine[i] = 1
          } else {
            rest[i] = 1
          }
        }
        const without = sortedFinite(values, rest)
        const cost = without.length > 0 ? p99All / quantileSorted(without, 0.99) : NaN
        if (!(cost > MIN_COST)) {
          return
        }
        const observed = median(values, mine).v
        const baseline = median(values, rest).v
        out.push({
          cost,
          condition: {
            dimension,
            value,
            measure: m.measure,
            observed: round3(observed / 1000),
            baseline: round3(baseline / 1000),
            cost_p99: round3(cost),
            text: `${dimension}=${value}: ${m.word} median ${fmtUs(observed)} against ${fmtUs(baseline)} for the rest, the same through the whole window; without it the ${m.word} P99 would be ${cost.toFixed(2)}× lower`,
          },
        })
      })
    }
  }
  return out
    .sort((a, b) => b.cost - a.cost)
    .slice(0, MAX_CONDITIONS)
    .map((x) => x.condition)
}
