/**
 * Standing conditions (CONTRACT §5): a dimension value that is slower than the rest by about
 * the same factor through the whole window — a region always farther away, a node type always
 * slower, one replica always smaller. Nothing changed, so it is not an incident; it is listed
 * with its cost to the P99 (P99 with it / P99 without it) so the on-call engineer knows what the
 * baseline is made of.
 */
import type { StandingCondition } from '../../model/diagnosis.js'
import type { Dimension } from '../../model/request.js'
import { medianAndSpread, medianShift, quantileSorted, sortedFinite } from '../../stats/quantile.js'
import type { RequestFrame } from '../frame/frame.js'
import { normalUpperTail } from '../../stats/significance.js'
import { normalBound } from './peer-share.js'
import { stageSum } from './own-stage-rise.js'
import { decimals, fmtUs } from '../explain/text.js'

/** The dimensions whose values are places or builds that can be structurally slower. */
const STANDING_DIMENSIONS: readonly Dimension[] = ['region', 'node', 'replica', 'version', 'model']
/** The window is cut into this many equal parts; the difference must hold in each. */
const PARTS = 3
/** Requests a value needs in each part (and the rest) for its median to count. */
const MIN_PER_PART = 10
/**
 * A value's median must stand this many standard errors above the rest's in every part (the
 * robust z of the median shift, `medianShift`): a difference the data establishes in each third,
 * whatever its size. A size floor on the whole TTFT hid a region whose round trips are four times
 * the others' behind an engine time that dwarfs them (1.12–1.15× in every part, z ≈ 6; ADR 0242);
 * how much it matters is its cost, reported beside it.
 */
const MIN_Z = 4
/**
 * "The same through the window", on the log scale: the smallest part's log ratio is at least
 * this share of the largest's. A ratio alone drifts with load: a replica with a smaller batch
 * queues nonlinearly, 3.7× slower in one third and 5.3× in the next, and is still the same
 * structural difference; a value that was 1.05× and then 1.4× changed. A value short of it is
 * still the same condition when its parts differ by no more than its own step-to-step spread
 * ({@link partsWithinSpread}).
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
 * An edge short of {@link EDGE_KEEP} is still the same condition when it sits within the value's
 * own step-to-step spread: a replica with a smaller batch queues in bursts (24× slower one minute,
 * 0.6× the next), so three minutes of it say little, and a fixed share of its difference would
 * call its quiet minutes a change. The window is cut into this many steps (an edge is
 * {@link EDGE_SHARE} of them); each step's log ratio of the value's median to the rest's is one
 * observation of the condition.
 */
const STEPS = 30
/**
 * Noise units (of a mean of the edge's steps) an edge may sit below the value's typical step
 * before it counts as a change: about a 2 % one-sided chance for a condition that did not change.
 */
const EDGE_Z = 2
/**
 * The bound of {@link partsWithinSpread}: {@link EDGE_Z}'s chance shared over every ordered pair
 * of thirds, since the pair it compares is the largest and the smallest, picked after looking
 * (Bonferroni). At {@link EDGE_Z} itself a value that did not change is read as changed in 13 %
 * of windows of independent steps, not 2 % (ADR 0388).
 */
const PARTS_Z = normalBound(normalUpperTail(EDGE_Z) / (PARTS * (PARTS - 1)))
/** Steps a finding's span should hold when {@link grewWithin} asks whether a condition grew there. */
const MIN_GROW_STEPS = 3
/** The finest cut {@link grewWithin} makes of the window (10 s steps in a 40-minute window). */
const MAX_GROW_STEPS = 240
/** Steps with a ratio the spread needs outside the edge; fewer: only {@link EDGE_KEEP} judges. */
const MIN_SPREAD_STEPS = 10
/**
 * A condition is listed on its evidence (slower in every part and at both edges) and its cost is
 * reported, however small: a region 1.25× slower at the median whose requests are not among the
 * slowest still is the baseline the on-call engineer compares with. Only a value whose removal
 * would not lower the P99 at all costs nothing.
 */
const MIN_COST = 1
/** At most this many conditions are listed. */
const MAX_CONDITIONS = 5

/** The client's own network stages: what a request's distance from the service costs it. */
const NETWORK_STAGES = ['client.dns', 'client.connect', 'client.tls', 'network'] as const

/**
 * Per request, the time its client spent on the network (the stages of {@link NETWORK_STAGES}
 * it has); NaN when it has none of them, so that a request without client spans is unknown, not
 * a request with no network time.
 */
function networkUs(f: RequestFrame): Float64Array {
  return stageSum(f, NETWORK_STAGES)
}

interface Measure {
  measure: StandingCondition['measure']
  word: string
  values: (f: RequestFrame) => Float64Array
  /** The dimensions the measure is read on; all of {@link STANDING_DIMENSIONS} when absent. */
  dimensions?: readonly Dimension[]
}

/**
 * TTFT and TPOT on every dimension, and, for a region, its network time. A region's distance is a
 * network property: a region whose round trips are 1.6× the others' (41 against 26 ms) can sit
 * inside the TTFT's engine noise in every third (z < 4 on 1,400 requests) while its network
 * time, measured by the client on each request, shows it at any size of engine time. Its cost
 * is still read on the user's TTFT: what the distance adds to the wait.
 */
const MEASURES: readonly Measure[] = [
  { measure: 'ttft', word: 'TTFT', values: (f) => f.ttftUserUs },
  { measure: 'tpot', word: 'TPOT', values: (f) => f.tpotUs },
  { measure: 'network', word: 'network time', values: networkUs, dimensions: ['region'] },
]

function median(values: Float64Array, mask: Uint8Array): { v: number; n: number } {
  const s = sortedFinite(values, mask)
  return { v: s.length === 0 ? NaN : quantileSorted(s, 0.5), n: s.length }
}

function round3(v: number): number {
  return Math.round(v * 1000) / 1000
}

/**
 * Per step of the window, the log of the value's median over the rest's (NaN where either side
 * has fewer than {@link MIN_PER_EDGE} requests).
 */
function stepLogRatios(
  frame: RequestFrame,
  values: Float64Array,
  step: Uint8Array | Uint16Array,
  codes: Int32Array,
  code: number,
  steps = STEPS
): Float64Array {
  const mine: number[][] = Array.from({ length: steps }, () => [])
  const rest: number[][] = Array.from({ length: steps }, () => [])
  for (let i = 0; i < frame.n; i++) {
    const v = values[i] as number
    const c = codes[i] as number
    if (v !== v || c < 0) {
      continue
    }
    ;(c === code ? mine : rest)[step[i] as number]!.push(v)
  }
  const out = new Float64Array(steps)
  for (let k = 0; k < steps; k++) {
    const a = Float64Array.from(mine[k]!).sort()
    const b = Float64Array.from(rest[k]!).sort()
    const ma = a.length >= MIN_PER_EDGE ? quantileSorted(a, 0.5) : NaN
    const mb = b.length >= MIN_PER_EDGE ? quantileSorted(b, 0.5) : NaN
    out[k] = ma > 0 && mb > 0 ? Math.log(ma / mb) : NaN
  }
  return out
}

/**
 * Whether one edge (`which` 0: the first steps, 1: the last) sits within the value's own spread:
 * the mean of its steps' log ratios is at most {@link EDGE_Z} noise units below the median step
 * of the rest of the window, the noise being the robust spread of those steps. False when there
 * are too few steps to tell.
 */
function edgeWithinSpread(logRatios: Float64Array, which: number): boolean {
  const edgeSteps = Math.round(STEPS * EDGE_SHARE)
  const isEdge = (k: number): boolean => (which === 0 ? k < edgeSteps : k >= STEPS - edgeSteps)
  const edge: number[] = []
  const others: number[] = []
  logRatios.forEach((v, k) => {
    if (v === v) {
      ;(isEdge(k) ? edge : others).push(v)
    }
  })
  if (edge.length < 2 || others.length < MIN_SPREAD_STEPS) {
    return false
  }
  const { median: center, spread } = medianAndSpread(others)
  const mean = edge.reduce((a, v) => a + v, 0) / edge.length
  return mean >= center - (EDGE_Z * spread) / Math.sqrt(edge.length)
}

/**
 * Whether the value's smallest part (`lo`) and largest (`hi`) differ by no more than its own
 * step-to-step spread allows: the mean of `hi`'s steps' log ratios at most {@link PARTS_Z} standard
 * errors above `lo`'s, the standard deviation being that of every step around its own part's mean
 * (so that a change between the parts does not widen it). A replica with a smaller batch queues
 * in bursts (grid 293-21: 0.6× to 44× the others' TTFT from one minute to the next, 11×, 5.8× and
 * 2.9× over the thirds), and a share of the largest part's log ratio calls that burst-to-burst
 * swing a change; a value 1.05× and then 1.4× slower, steady within each part, still changed.
 * The spread is the standard deviation, not a robust one: the steps of a bursty queue fall in two
 * groups, quiet minutes and bursts, and a median deviation reads only the quiet ones while the
 * means carry the bursts (grid 281-109: thirds 2.9×, 7.4× and 2.1×, not listed on the median
 * deviation). False when there are too few steps to tell.
 */
function partsWithinSpread(logRatios: Float64Array, lo: number, hi: number): boolean {
  const byPart: number[][] = Array.from({ length: PARTS }, () => [])
  logRatios.forEach((v, k) => {
    if (v === v) {
      byPart[Math.min(PARTS - 1, Math.floor((k * PARTS) / STEPS))]!.push(v)
    }
  })
  const mean = (xs: number[]): number => xs.reduce((s, v) => s + v, 0) / xs.length
  const a = byPart[lo]!
  const b = byPart[hi]!
  const n = byPart.reduce((s, steps) => s + steps.length, 0)
  const groups = byPart.filter((steps) => steps.length > 0).length
  if (a.length < 2 || b.length < 2 || n - groups < MIN_SPREAD_STEPS) {
    return false
  }
  let squares = 0
  for (const steps of byPart) {
    const center = steps.length > 0 ? mean(steps) : 0
    for (const v of steps) {
      squares += (v - center) ** 2
    }
  }
  const sd = Math.sqrt(squares / (n - groups))
  return mean(b) - mean(a) <= PARTS_Z * sd * Math.sqrt(1 / a.length + 1 / b.length)
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

/** One part of the window's values, sorted: of every request with a value of the dimension, and per value. */
interface SortedPart {
  all: Float64Array
  byCode: Float64Array[]
}

/**
 * The finite values of part `k`'s requests that have a value of the dimension, sorted, and those
 * of each value, sorted. A value's requests and the rest's in a part are then read off these
 * (the rest's as `all` without the value's, {@link withoutSorted}) instead of a sort of the part
 * per value: the same arrays, element for element, at one sort per part and measure.
 */
export function sortPart(
  values: Float64Array,
  part: Uint8Array,
  k: number,
  col: { codes: Int32Array; values: readonly string[] }
): SortedPart {
  const counts = new Int32Array(col.values.length)
  let total = 0
  for (let i = 0; i < values.length; i++) {
    const v = values[i] as number
    const c = col.codes[i] as number
    if (part[i] === k && c >= 0 && v === v) {
      counts[c] = (counts[c] as number) + 1
      total++
    }
  }
  const byCode = Array.from(counts, (count) => new Float64Array(count))
  const filled = new Int32Array(col.values.length)
  for (let i = 0; i < values.length; i++) {
    const v = values[i] as number
    const c = col.codes[i] as number
    if (part[i] === k && c >= 0 && v === v) {
      ;(byCode[c] as Float64Array)[filled[c] as number] = v
      filled[c] = (filled[c] as number) + 1
    }
  }
  for (const b of byCode) {
    b.sort()
  }
  return { all: mergeAll(byCode, total), byCode }
}

/** Whether the sort of a typed array puts `x` before `y`: the smaller first, -0 before +0. */
function before(x: number, y: number): boolean {
  return x < y || (x === 0 && y === 0 && Object.is(x, -0) && !Object.is(y, -0))
}

/** The sorted arrays `lists` (of `total` elements in all) merged into one sorted array. */
function mergeAll(lists: readonly Float64Array[], total: number): Float64Array {
  let runs = lists.filter((l) => l.length > 0)
  if (runs.length === 0) {
    return new Float64Array(total)
  }
  while (runs.length > 1) {
    const next: Float64Array[] = []
    for (let r = 0; r < runs.length; r += 2) {
      const a = runs[r] as Float64Array
      const b = runs[r + 1]
      next.push(b === undefined ? a : mergeTwo(a, b))
    }
    runs = next
  }
  return runs[0] as Float64Array
}

function mergeTwo(a: Float64Array, b: Float64Array): Float64Array {
  const out = new Float64Array(a.length + b.length)
  let i = 0
  let j = 0
  let at = 0
  while (i < a.length && j < b.length) {
    const x = a[i] as number
    const y = b[j] as number
    if (before(y, x)) {
      out[at++] = y
      j++
    } else {
      out[at++] = x
      i++
    }
  }
  while (i < a.length) {
    out[at++] = a[i++] as number
  }
  while (j < b.length) {
    out[at++] = b[j++] as number
  }
  return out
}

/**
 * `all` (sorted) without the elements of `sub` (sorted, a sub-multiset of `all`), in order: what
 * sorting the rest would give. Equal means the same number, -0 apart from +0, as the sort orders
 * them, so the result is the rest's sort exactly.
 */
export function withoutSorted(all: Float64Array, sub: Float64Array): Float64Array {
  const out = new Float64Array(all.length - sub.length)
  let j = 0
  let at = 0
  for (let i = 0; i < all.length; i++) {
    const v = all[i] as number
    if (j < sub.length && Object.is(v, sub[j])) {
      j++
    } else {
      out[at++] = v
    }
  }
  return out
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
  const step = new Uint8Array(frame.n)
  const span = Math.max(1, toUs - fromUs)
  for (let i = 0; i < frame.n; i++) {
    const at = ((frame.startUs[i] as number) - fromUs) / span
    part[i] = Math.min(PARTS - 1, Math.max(0, Math.floor(at * PARTS)))
    edge[i] = at < EDGE_SHARE ? 0 : at >= 1 - EDGE_SHARE ? 1 : 2
    step[i] = Math.min(STEPS - 1, Math.max(0, Math.floor(at * STEPS)))
  }
  for (const dimension of STANDING_DIMENSIONS) {
    const col = frame.dims[dimension]
    if (col.values.length < 2) {
      continue
    }
    for (const m of MEASURES) {
      if (m.dimensions !== undefined && !m.dimensions.includes(dimension)) {
        continue
      }
      const values = m.values(frame)
      const all = sortedFinite(values)
      if (all.length < PARTS * MIN_PER_PART * 2) {
        continue
      }
      // The cost is the user's: the network measure's on the TTFT it is part of.
      const costValues = m.measure === 'network' ? frame.ttftUserUs : values
      const costWord = m.measure === 'network' ? 'TTFT' : m.word
      const costAll = sortedFinite(costValues)
      const p99All = costAll.length > 0 ? quantileSorted(costAll, 0.99) : NaN
      const sortedParts: (SortedPart | undefined)[] = []
      col.values.forEach((value, code) => {
        const ratios: number[] = []
        for (let k = 0; k < PARTS; k++) {
          const sorted = (sortedParts[k] ??= sortPart(values, part, k, col))
          const a = sorted.byCode[code] as Float64Array
          const b = withoutSorted(sorted.all, a)
          if (a.length < MIN_PER_PART || b.length < MIN_PER_PART) {
            return
          }
          const ma = quantileSorted(a, 0.5)
          const mb = quantileSorted(b, 0.5)
          if (!(mb > 0) || !(ma > mb) || medianShift(a, b, 0).z < MIN_Z) {
            return
          }
          ratios.push(ma / mb)
        }
        const lo = Math.min(...ratios)
        const hi = Math.max(...ratios)
        let logRatios: Float64Array | null = null
        if (Math.log(lo) < MIN_LOG_KEEP * Math.log(hi)) {
          logRatios = stepLogRatios(frame, values, step, col.codes, code)
          if (!partsWithinSpread(logRatios, ratios.indexOf(lo), ratios.indexOf(hi))) {
            return
          }
        }
        for (const k of [0, 1]) {
          const r = edgeRatio(frame, values, edge, k, col.codes, code)
          // An edge far above the value's largest part changed too; NaN: it did not serve there.
          if (!(r === r) || Math.log(r) * MIN_LOG_KEEP > Math.log(hi)) {
            return
          }
          if (Math.log(r) >= EDGE_KEEP * Math.log(lo)) {
            continue
          }
          logRatios ??= stepLogRatios(frame, values, step, col.codes, code)
          if (!(r > 1) || !edgeWithinSpread(logRatios, k)) {
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
        const cost =
          m.measure === 'network'
            ? p99All / nearerP99(costValues, values, mine, median(values, rest).v)
            : p99Without(costValues, rest, p99All)
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
            text: `${dimension}=${value}: ${m.word} median ${fmtUs(observed)} against ${fmtUs(baseline)} for the rest, the same through the whole window; ${m.measure === 'network' ? "at the rest's network time" : 'without it'} the ${costWord} P99 would be ${decimals(cost, 2)}× lower`,
          },
        })
      })
    }
  }
  // A region listed on its TTFT is the same condition as on its network time, at the same cost:
  // one line, the TTFT's, which the user sees.
  const onTtft = new Set(
    out.filter((x) => x.condition.measure === 'ttft').map((x) => keyOf(x.condition))
  )
  return out
    .filter((x) => x.condition.measure !== 'network' || !onTtft.has(keyOf(x.condition)))
    .sort((a, b) => b.cost - a.cost)
    .slice(0, MAX_CONDITIONS)
    .map((x) => x.condition)
}

/** P99 of all over P99 of the requests outside the value: what the value's requests add. */
function p99Without(values: Float64Array, rest: Uint8Array, p99All: number): number {
  const without = sortedFinite(values, rest)
  return without.length > 0 ? p99All / quantileSorted(without, 0.99) : NaN
}

/**
 * The TTFT P99 with the region brought to the other regions' distance: each of its requests
 * loses the network time it spent beyond the rest's median (none when it spent less). Leaving
 * the region out instead asks what its requests are, not what its distance adds: a far region
 * whose requests sit below a tail made by a long-output queue leaves the P99 of the others
 * higher (grid 223-49: eu-west 8.5× the others' network time in every third, 1.4× their TTFT,
 * P99 without it 1.01× that with it), and a distance the data establishes was listed as costing
 * nothing. NaN when no request of the region has both its network time and its TTFT.
 */
function nearerP99(
  ttft: Float64Array,
  network: Float64Array,
  mine: Uint8Array,
  restNetwork: number
): number {
  const nearer = new Float64Array(ttft.length)
  let moved = 0
  for (let i = 0; i < ttft.length; i++) {
    const t = ttft[i] as number
    const extra = (network[i] as number) - restNetwork
    if (mine[i] === 1 && t === t && extra === extra) {
      nearer[i] = t - Math.max(0, extra)
      moved++
    } else {
      nearer[i] = t
    }
  }
  const sorted = sortedFinite(nearer)
  return moved === 0 || sorted.length === 0 ? NaN : quantileSorted(sorted, 0.99)
}

function keyOf(c: StandingCondition): string {
  return `${c.dimension}\u0000${c.value}`
}

/**
 * Whether a standing condition's difference grew inside [fromUs, toUs) beyond its own
 * step-to-step spread: the mean of the window's steps' log ratios (the value's median over the
 * rest's, as {@link stepLogRatios}) at least {@link MIN_Z} noise units above the median step
 * outside it, the noise being those steps' robust spread. A region always a little farther away
 * whose round trips then grew by half is a standing condition with an incident on top: the
 * condition does not explain the incident away (ADR 0242). False when either side has too few
 * steps to tell. `values`: the measure read instead of the condition's, when a finding stands on
 * another one (a node's time per output token at the gateway under its standing TTFT, ADR 0344).
 */
export function grewWithin(
  frame: RequestFrame,
  window: { fromUs: number; toUs: number },
  condition: Pick<StandingCondition, 'dimension' | 'value' | 'measure'>,
  span: { fromUs: number; toUs: number },
  values: Float64Array | null = null
): boolean {
  const m = MEASURES.find((x) => x.measure === condition.measure)
  const col = frame.dims[condition.dimension as Dimension] as
    RequestFrame['dims'][Dimension] | undefined
  const code = col === undefined ? -1 : col.values.indexOf(condition.value)
  if (m === undefined || col === undefined || code < 0) {
    return false
  }
  const width = Math.max(1, window.toUs - window.fromUs)
  // Steps fine enough that the span holds a few of them: a round trip that grew in the window's
  // last minute is one step of thirty, too few to tell from the condition's own spread, and
  // "cannot tell" would set the incident aside as the condition.
  const steps = Math.min(
    MAX_GROW_STEPS,
    Math.max(STEPS, Math.ceil((MIN_GROW_STEPS * width) / Math.max(1, span.toUs - span.fromUs)))
  )
  const step = new Uint16Array(frame.n)
  for (let i = 0; i < frame.n; i++) {
    const at = ((frame.startUs[i] as number) - window.fromUs) / width
    step[i] = Math.min(steps - 1, Math.max(0, Math.floor(at * steps)))
  }
  const logRatios = stepLogRatios(frame, values ?? m.values(frame), step, col.codes, code, steps)
  const inside: number[] = []
  const outside: number[] = []
  logRatios.forEach((v, k) => {
    if (v !== v) {
      return
    }
    // A step counts as inside when its middle is.
    const mid = window.fromUs + ((k + 0.5) * width) / steps
    ;(mid >= span.fromUs && mid < span.toUs ? inside : outside).push(v)
  })
  if (inside.length < 2 || outside.length < 2) {
    return false
  }
  const { median: center, spread } = medianAndSpread(outside)
  const mean = inside.reduce((a, v) => a + v, 0) / inside.length
  return mean > center + (MIN_Z * spread) / Math.sqrt(inside.length)
}
