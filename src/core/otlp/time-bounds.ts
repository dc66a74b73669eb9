import type { Micros } from '../model/units.js'

/**
 * The latest OTLP time that still fits the signed 64-bit nanosecond count the stores keep
 * (2^63 − 1 ns, in 2262), in epoch µs. A later time fails the store's int64 column, so it is
 * rejected at decode, span by span, instead of failing the write it would share with others.
 */
export const MAX_INT64_TIME_US = Number(9_223_372_036_854_775n) as Micros

/**
 * What times a decoder accepts. Times before 1970 (negative or zero) are always refused, as is
 * anything past {@link MAX_INT64_TIME_US}.
 */
export interface TimeBounds {
  /**
   * The latest time accepted, epoch µs: the receiving server passes its clock plus the clock
   * skew it tolerates (`ingest.maxFutureSkewMs`); files imported later keep the int64 bound.
   */
  latestUs?: number
}

/** The effective latest time for `bounds` (never past the int64 limit). */
export function latestTimeUs(bounds: TimeBounds | undefined): number {
  const latest = bounds?.latestUs
  return latest === undefined || latest > MAX_INT64_TIME_US ? MAX_INT64_TIME_US : latest
}

function describeUs(us: number): string {
  const ms = Math.floor(us / 1000)
  // Date covers ±8.64e15 ms; past that show the raw number.
  return Math.abs(ms) <= 8.64e15 ? new Date(ms).toISOString() : `${us} µs`
}

/**
 * Why `field` at `us` is out of bounds, or `null` when it is fine. `latestUs` comes from
 * {@link latestTimeUs}.
 */
export function timeOutOfBounds(field: string, us: number, latestUs: number): string | null {
  if (us <= latestUs) {
    return null
  }
  const limit =
    latestUs >= MAX_INT64_TIME_US
      ? 'the int64 nanosecond range'
      : `${describeUs(latestUs)} ${PAST_SKEW}`
  return `${field} must not be later than ${limit} (actual: ${describeUs(us)})`
}

const PAST_SKEW = '(the server clock plus ingest.maxFutureSkewMs)'
const PAST_SKEW_ACTUAL = / \(the server clock plus ingest\.maxFutureSkewMs\) \(actual: ([^)]+)\)$/

/**
 * The rejected time (epoch ms) in a reason {@link timeOutOfBounds} worded for a time past the
 * server clock plus the tolerated skew, or `null` for any other reason. Read back from the text
 * because that is all a reject carries across the decode workers and both wire formats.
 */
export function futureTimeMsOf(reason: string): number | null {
  const actual = PAST_SKEW_ACTUAL.exec(reason)?.[1]
  if (actual === undefined) {
    return null
  }
  const ms = Date.parse(actual)
  return Number.isFinite(ms) ? ms : null
}
