/**
 * A finding's window (RFC 3339 strings, CONTRACT §5) and the grid's bucket ranges, converted one
 * way in one place: the rules, the chain and explaining away compare the same minutes.
 */
import type { Finding } from '../../model/diagnosis.js'
import { asMicros, isoFromMicros, microsFromIso } from '../../model/units.js'
import type { BucketGrid } from '../../timeline/buckets.js'

/** Inclusive bucket indexes on the grid. */
export interface BucketRange {
  from: number
  to: number
}

/** A finding's window as epoch µs [from, to]; null without one or when it does not parse. */
export function windowSpanUs(window: Finding['window']): { from: number; to: number } | null {
  if (window === null) {
    return null
  }
  const from = microsFromIso(window.start)
  const to = microsFromIso(window.end)
  return from === null || to === null ? null : { from, to }
}

/**
 * The time two findings' windows share, as epoch µs [fromUs, toUs); null when either has no window
 * (a finding without one holds everywhere: there is no inside to compare with an outside) or the
 * two do not meet. The edges between two findings read their data over it.
 */
export function sharedSpanUs(
  a: Finding['window'],
  b: Finding['window']
): { fromUs: number; toUs: number } | null {
  const x = windowSpanUs(a)
  const y = windowSpanUs(b)
  if (x === null || y === null) {
    return null
  }
  const span = { fromUs: Math.max(x.from, y.from), toUs: Math.min(x.to, y.to) }
  return span.toUs > span.fromUs ? span : null
}

/**
 * RFC 3339 text keeps whole milliseconds (`isoFromMicros` floors), so a window written from bucket
 * edges reads back up to this much below them whenever the grid starts off a whole millisecond,
 * which data whose first request starts at any microsecond does.
 */
const ISO_FLOOR_US = 999

/** The buckets a window covers, clamped to the grid; null without a window or none on the grid. */
export function bucketsOfWindow(grid: BucketGrid, window: Finding['window']): BucketRange | null {
  const span = windowSpanUs(window)
  if (span === null) {
    return null
  }
  const from = Math.max(0, Math.floor((span.from + ISO_FLOOR_US - grid.fromUs) / grid.stepUs))
  const to = Math.min(grid.count - 1, Math.ceil((span.to - grid.fromUs) / grid.stepUs) - 1)
  return to >= from ? { from, to } : null
}

/**
 * The bucket range `windowOfBuckets` wrote `window` from; null when its start is no bucket edge
 * (a window taken from an instant, such as a replica's first request).
 */
export function bucketsWrittenAs(grid: BucketGrid, window: Finding['window']): BucketRange | null {
  const span = windowSpanUs(window)
  if (span === null) {
    return null
  }
  const from = Math.floor((span.from + ISO_FLOOR_US - grid.fromUs) / grid.stepUs)
  const below = grid.fromUs + from * grid.stepUs - span.from
  if (below < 0 || below > ISO_FLOOR_US) {
    return null
  }
  return { from, to: Math.ceil((span.to - grid.fromUs) / grid.stepUs) - 1 }
}

/** A bucket range as a finding's window; the end never past the diagnosis window's (`endUs`). */
export function windowOfBuckets(
  grid: BucketGrid,
  range: BucketRange,
  endUs: number
): NonNullable<Finding['window']> {
  const from = grid.fromUs + range.from * grid.stepUs
  const to = Math.min(endUs, grid.fromUs + (range.to + 1) * grid.stepUs)
  return { start: isoFromMicros(asMicros(from)), end: isoFromMicros(asMicros(to)) }
}
