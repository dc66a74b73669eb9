/**
 * The one duration grammar of Tokenline: flags (`--since 2h`, `probe --timeout 30s`), query
 * parameters (`since=30m`, `step=1m`), config strings (`for: 5m`) and SLO objectives
 * (`ttft p99 < 800ms`). docs/cli.md, "Durations and windows"; ADR 0126.
 *
 *   duration = term+            terms in decreasing unit order, each unit once: 1h30m, 2m30s
 *   term     = decimal unit     1, 1.5, 0.25 (no sign, no exponent, no spaces inside)
 *   unit     = d | h | m | s | ms | us | µs
 *
 * A unit is always required: a bare `30` meant seconds in the API, milliseconds in the probe and
 * minutes in the simulator. Only a name that carries its unit (`--slo-ttft-ms 500`,
 * `scrape.intervalMs`) takes a bare number, and it never goes through this parser.
 */
import type { Micros } from './units.js'

const UNIT_US = {
  d: 86_400_000_000,
  h: 3_600_000_000,
  m: 60_000_000,
  s: 1_000_000,
  ms: 1000,
  us: 1,
  µs: 1,
} as const

type Unit = keyof typeof UNIT_US

/** Longest first, so `ms` is not read as `m` followed by junk. */
const TERM = /(\d+(?:\.\d+)?)(ms|us|µs|d|h|m|s)/y

/** What a duration looks like, for error messages. */
export const DURATION_EXAMPLES = '500ms, 30s, 5m, 2h, 7d or 1h30m'

/**
 * Parses a duration into whole microseconds (≥ 0); null when the text is not one (no unit, an
 * unknown or repeated unit, units out of order, a sign, spaces inside).
 *
 * @example
 * parseDurationUs('1h30m') // 5_400_000_000
 * parseDurationUs('30')    // null: a unit is required
 */
export function parseDurationUs(text: string): Micros | null {
  const s = text.trim()
  if (s === '') {
    return null
  }
  let us = 0
  let lastScale = Number.POSITIVE_INFINITY
  TERM.lastIndex = 0
  while (TERM.lastIndex < s.length) {
    const at = TERM.lastIndex
    const m = TERM.exec(s)
    if (m === null || m.index !== at) {
      return null
    }
    const scale = UNIT_US[m[2] as Unit]
    // `us` and `µs` are one unit: the strict order refuses both in one duration.
    if (!(scale < lastScale)) {
      return null
    }
    lastScale = scale
    us += Number(m[1]) * scale
  }
  return Number.isFinite(us) ? (Math.round(us) as Micros) : null
}

/** {@link parseDurationUs} in milliseconds (fractions of a ms kept); null when not a duration. */
export function parseDurationMs(text: string): number | null {
  const us = parseDurationUs(text)
  return us === null ? null : us / 1000
}

/**
 * The message for text that is not a duration, naming where it came from (`--since`, `step`);
 * a bare number is told it needs a unit.
 */
export function durationProblem(name: string, text: string): string {
  const bare = /^\s*\d+(?:\.\d+)?\s*$/.test(text)
  return `${name} must be a duration with a unit, e.g. ${DURATION_EXAMPLES} (actual: ${JSON.stringify(text)}${bare ? `: a bare number has no unit, write ${text.trim()}s or ${text.trim()}m` : ''})`
}
