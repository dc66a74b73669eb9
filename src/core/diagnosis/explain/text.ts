/**
 * How evidence puts figures in words: durations ("123 ms", "1.23 s"), shares, measure names and
 * step widths. Rounding keeps the JSON stable.
 */

/** µs → "123 ms" / "1.23 s". */
export function fmtUs(us: number): string {
  if (!Number.isFinite(us)) {
    return 'n/a'
  }
  const ms = us / 1000
  return Math.abs(ms) >= 1000 ? `${(ms / 1000).toFixed(2)} s` : `${ms.toFixed(ms < 10 ? 1 : 0)} ms`
}

/** Rounds for JSON evidence (3 significant decimals are plenty, and keeps output stable). */
export function round(v: number, digits = 3): number {
  if (!Number.isFinite(v)) {
    return 0
  }
  const f = 10 ** digits
  return Math.round(v * f) / f
}

/** {@link round}, or null for a figure without its inputs (NaN, ±∞): unknown is not 0. */
export function roundKnown(v: number): number | null {
  return Number.isFinite(v) ? round(v) : null
}

export function pct(v: number): string {
  return `${Math.round(v * 100)}%`
}

/** How evidence names a measure: `ttft` → "TTFT"; a stage name stays as it is. */
const MEASURE_WORDS: Record<string, string> = {
  ttft: 'TTFT',
  tpot: 'TPOT',
  itl_max: 'ITL max',
  e2e: 'E2E',
}

export function measureWords(measure: string): string {
  return MEASURE_WORDS[measure] ?? measure
}

/** "the requests with the slowest TTFT" for a measure; "the stalled-stream requests" otherwise. */
export function slowWords(measure: string): string {
  return /^(ttft|tpot|e2e)$/i.test(measure)
    ? `the requests with the slowest ${measure.toUpperCase()}`
    : `the ${measure} requests`
}

/** A bucket width in words: 60 s → "minute", 20 s → "20-second step". */
export function stepWords(stepUs: number): string {
  if (stepUs % 60_000_000 === 0) {
    const minutes = stepUs / 60_000_000
    return minutes === 1 ? 'minute' : `${minutes}-minute step`
  }
  return `${Math.round(stepUs / 1_000_000)}-second step`
}
