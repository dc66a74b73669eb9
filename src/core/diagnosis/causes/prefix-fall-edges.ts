/**
 * Where a prefix-cache fall began and ended, read inside the scrape intervals that hold its edges
 * (ADR 0309). A counter's rate is the mean over the interval between two scrapes and is stamped
 * at the later scrape, so on the grid the interval that holds the fall's last seconds lands in
 * the step after them, and the window ends up to a scrape interval late:
 *
 * ```
 * fall             ████████████████████░░░░░░░░░░    ends at 2448 s
 * scrapes  ──┬─────────┬─────────┬─────────┬──────   every 60 s, at 2354, 2414, 2474 s
 * hit rate    0         0       0.24      0.67       0.24: the fall held 64 % of (2414, 2474]
 * steps    │ 2340–2400 │ 2400–2460 │ 2460–2520 │     2474 s stamps 0.24 in 2460–2520
 * ```
 *
 * Each interval's hit rate r between the series' own level outside the fall (o) and inside it
 * (i) says which share of the interval the fall held, s = (o − r)/(o − i). Summed over the
 * intervals near an edge, from a point inside the fall outwards, the shares are the fall's
 * seconds there: the edge is that far from the point. Each replica scrapes at its own phase; the
 * median over them is the fleet's edge.
 */
import type { ResourceKind } from '../metric-families.js'
import type { DiagnosisContext } from '../frame/context.js'
import { medianOf } from '../../stats/quantile.js'

interface Interval {
  fromUs: number
  toUs: number
  rate: number
}

/** Share of an edge range the intervals must cover for a series to place the edge. */
const MIN_COVER = 0.9

function labelsKey(labels: Record<string, string>): string {
  return Object.entries(labels)
    .filter(([k]) => k !== '__name__')
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([k, v]) => `${k}=${v}`)
    .join(',')
}

/** Per scrape interval of one series pair: hits over lookups in that interval (resets handled). */
function intervals(
  num: readonly { timeUs: number; value: number }[],
  den: readonly { timeUs: number; value: number }[]
): Interval[] {
  const denAt = new Map(den.map((p) => [p.timeUs, p.value]))
  const both = num
    .filter((p) => denAt.has(p.timeUs))
    .map((p) => ({ timeUs: p.timeUs, h: p.value, q: denAt.get(p.timeUs) as number }))
    .sort((a, b) => a.timeUs - b.timeUs)
  const out: Interval[] = []
  for (let k = 1; k < both.length; k++) {
    const a = both[k - 1]!
    const b = both[k]!
    const h = b.h >= a.h ? b.h - a.h : b.h
    const q = b.q >= a.q ? b.q - a.q : b.q
    if (q > 0 && b.timeUs > a.timeUs) {
      out.push({ fromUs: a.timeUs, toUs: b.timeUs, rate: Math.min(1, h / q) })
    }
  }
  return out
}

/** Seconds (µs) of [fromUs, toUs] the fall held by the intervals' shares; null when thinly covered. */
function fallTimeUs(
  ivs: readonly Interval[],
  fromUs: number,
  toUs: number,
  outside: number,
  inside: number
): number | null {
  let held = 0
  let covered = 0
  for (const iv of ivs) {
    const overlap = Math.min(toUs, iv.toUs) - Math.max(fromUs, iv.fromUs)
    if (overlap <= 0) {
      continue
    }
    const share = Math.min(1, Math.max(0, (outside - iv.rate) / (outside - inside)))
    held += share * overlap
    covered += overlap
  }
  return covered >= MIN_COVER * (toUs - fromUs) ? held : null
}

/**
 * The fall's start and end (epoch µs) from the counters `numKind` / `denKind` (hits and lookups,
 * or cached and all prompt tokens), given the fall's span on the grid [fromUs, toUs]; null when
 * no series pair places both edges.
 */
export function fallEdgesUs(
  ctx: DiagnosisContext,
  numKind: ResourceKind,
  denKind: ResourceKind,
  span: { fromUs: number; toUs: number }
): { startUs: number; endUs: number } | null {
  const stepUs = ctx.grid.stepUs
  const dens = new Map(
    ctx.input.resources.filter((s) => s.kind === denKind).map((s) => [labelsKey(s.labels), s])
  )
  // A point inside the fall on each side of its middle, at most two steps from the edge: the
  // shares inside a long fall add their noise and nothing else.
  const mid = (span.fromUs + span.toUs) / 2
  const startRange = { fromUs: span.fromUs - stepUs, toUs: Math.min(mid, span.fromUs + 2 * stepUs) }
  const endRange = { fromUs: Math.max(mid, span.toUs - 2 * stepUs), toUs: span.toUs + stepUs }
  const starts: number[] = []
  const ends: number[] = []
  for (const s of ctx.input.resources) {
    const den = s.kind === numKind ? dens.get(labelsKey(s.labels)) : undefined
    if (den === undefined) {
      continue
    }
    const ivs = intervals(s.points, den.points)
    const rates = (inFall: boolean): number[] =>
      ivs
        .filter((iv) =>
          inFall
            ? iv.fromUs >= span.fromUs && iv.toUs <= span.toUs
            : iv.toUs <= span.fromUs || iv.fromUs >= span.toUs
        )
        .map((iv) => iv.rate)
    const inRates = rates(true)
    const outRates = rates(false)
    if (inRates.length === 0 || outRates.length === 0) {
      continue
    }
    const inside = medianOf(inRates)
    const outside = medianOf(outRates)
    if (!(outside > inside)) {
      continue
    }
    const before = fallTimeUs(ivs, startRange.fromUs, startRange.toUs, outside, inside)
    const after = fallTimeUs(ivs, endRange.fromUs, endRange.toUs, outside, inside)
    if (before !== null && after !== null) {
      starts.push(startRange.toUs - before)
      ends.push(endRange.fromUs + after)
    }
  }
  if (starts.length === 0) {
    return null
  }
  const startUs = medianOf(starts)
  const endUs = Math.min(ctx.input.window.toUs, medianOf(ends))
  return endUs > startUs ? { startUs, endUs } : null
}
