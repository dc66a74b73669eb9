/**
 * How evidence puts figures in words: durations ("123 ms", "1.23 s"), shares, measure names and
 * step widths. Rounding keeps the JSON stable.
 */

/** µs → "123 ms" / "1.23 s"; a duration without its inputs (NaN, ±∞) is "–" (CONTRACT §4). */
export function fmtUs(us: number | null): string {
  if (us === null || !Number.isFinite(us)) {
    return UNKNOWN_TEXT
  }
  const ms = us / 1000
  return Math.abs(ms) >= 1000 ? `${(ms / 1000).toFixed(2)} s` : `${ms.toFixed(ms < 10 ? 1 : 0)} ms`
}

/** How text shows a figure without its inputs (CONTRACT §4: JSON null, text "–"). */
const UNKNOWN_TEXT = '–'

/**
 * Rounds for JSON evidence (3 significant decimals are plenty, and keeps output stable). A figure
 * without its inputs (a median over no requests, a ratio over a zero denominator: NaN, ±∞) is
 * null, never 0 (ADR 0337): the type makes every caller say what an unknown becomes.
 */
export function round(v: number | null, digits = 3): number | null {
  if (v === null || !Number.isFinite(v)) {
    return null
  }
  const f = 10 ** digits
  return Math.round(v * f) / f
}

/** {@link round} for text: the rounded figure, or "–" for one without its inputs. */
export function figure(v: number | null, digits = 3): string {
  const r = round(v, digits)
  return r === null ? UNKNOWN_TEXT : String(r)
}

/**
 * `v.toFixed(digits)` for evidence text, or "–" for a figure without its inputs: a ratio over a
 * zero denominator, a z over a zero standard error (ADR 0343). `toFixed` would print "NaN" or
 * "Infinity", which reads as a measured value.
 */
export function decimals(v: number | null, digits: number): string {
  return v === null || !Number.isFinite(v) ? UNKNOWN_TEXT : v.toFixed(digits)
}

/**
 * {@link round} for a figure finite by construction (a share over a total checked to be positive,
 * a lift whose baseline is floored at one request). Should the construction ever fail, the figure
 * stays NaN, which JSON writes as null, rather than becoming a 0 that reads as measured.
 */
export function roundFinite(v: number, digits = 3): number {
  return round(v, digits) ?? Number.NaN
}

/**
 * A confidence or score rounded for the JSON. It is a judgement, not a measure: a record whose
 * score has no support (NaN) found nothing, so it is 0, as a score was before ADR 0337.
 */
export function roundScore(v: number): number {
  return round(v) ?? 0
}

/** A share as "42%"; a share without its inputs is "–". */
export function pct(v: number | null): string {
  return v !== null && Number.isFinite(v) ? `${Math.round(v * 100)}%` : UNKNOWN_TEXT
}

/**
 * The time per output token at the gateway (the frame's `perOutputTokenUs` where no engine TPOT
 * exists): the gateway's stream after the first chunk over the output tokens after the first.
 * Named apart from the TPOT that CONTRACT §4 defines, which gateway spans alone do not give.
 */
export const GATEWAY_TPOT = 'gateway_tpot'

/** How evidence names a measure: `ttft` → "TTFT"; a stage name stays as it is. */
const MEASURE_WORDS: Record<string, string> = {
  ttft: 'TTFT',
  tpot: 'TPOT',
  itl_max: 'ITL max',
  e2e: 'E2E',
  [GATEWAY_TPOT]: 'time per output token at the gateway',
}

export function measureWords(measure: string): string {
  return MEASURE_WORDS[measure] ?? measure
}

/** "the requests with the slowest TTFT" for a measure; "the stalled-stream requests" otherwise. */
export function slowWords(measure: string): string {
  if (measure === GATEWAY_TPOT) {
    return `the requests with the slowest ${measureWords(measure)}`
  }
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
