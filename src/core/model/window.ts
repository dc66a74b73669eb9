/**
 * The one resolver of a `since` / `from` / `to` window, for the API's query parameters
 * (`server/params.parseWindow`) and the CLI's flags (`diagnose --since 2h --to …`). docs/api.md,
 * "Common parameters"; docs/cli.md, "Durations and windows".
 *
 *   from, to   RFC 3339 (fractions to the µs) or epoch milliseconds; the window is [from, to)
 *   since      a duration (duration.ts) counted back from `to`, else from the anchor
 *   to alone   `defaultLengthUs` before it (the API: 30 minutes; files: open, from the start)
 *   from alone up to the anchor
 *
 * Callers resolve a window only when one of the three is given; their default (the last 30
 * minutes, all the data) is theirs.
 *
 * The anchor is the caller's "now": the server's clock, or one µs past the end of the data a
 * file or database holds. Null (an empty store): the ends nobody gave stay open.
 */
import { parseDurationUs, DURATION_EXAMPLES } from './duration.js'
import { microsFromIso, microsFromMillis, type Micros } from './units.js'

export interface WindowText {
  since?: string | undefined
  from?: string | undefined
  to?: string | undefined
}

/** A resolved window in epoch µs; an end is absent only when nothing could fix it. */
export interface ResolvedWindow {
  fromUs?: Micros
  toUs?: Micros
}

/** What was wrong, for the caller to word as a flag (`--from`) or a parameter (`from`). */
export interface WindowProblem {
  name: 'since' | 'from' | 'to'
  expected: string
  actual: string
}

/** The last instant RFC 3339 text can write: 9999-12-31T23:59:59.999Z. */
const MAX_INSTANT_US = 253_402_300_799_999_000

const INSTANT_EXPECTED =
  'RFC 3339 text or epoch milliseconds between 1970-01-01T00:00:00Z and 9999-12-31T23:59:59Z'

/** RFC 3339 text or epoch milliseconds as epoch µs; null outside 1970..9999 or malformed. */
export function parseInstantUs(text: string): Micros | null {
  const us = /^\d+$/.test(text) ? microsFromMillis(Number(text)) : microsFromIso(text)
  // Before 1970 or past year 9999 no span can be, and such a window has no valid Date.
  return us !== null && us >= 0 && us <= MAX_INSTANT_US ? us : null
}

/** `toISOString` that never throws (a message about a bad time must not fail itself). */
function isoOf(us: number): string {
  const date = new Date(us / 1000)
  return Number.isNaN(date.getTime()) ? String(us / 1000) : date.toISOString()
}

/**
 * Resolves the window of `text` against `anchorUs`; `{ problem }` names the first part that is
 * malformed or contradicts another (since with from, from not before to).
 *
 * @example
 * resolveWindowText({ since: '2h', to: '2025-10-09T12:00:00Z' }, { anchorUs: null, defaultLengthUs: null })
 * // { window: { fromUs: …10:00:00Z, toUs: …12:00:00Z } }
 */
export function resolveWindowText(
  text: WindowText,
  options: { anchorUs: Micros | null; defaultLengthUs: Micros | null }
): { window: ResolvedWindow } | { problem: WindowProblem } {
  const problem = (name: WindowProblem['name'], expected: string, actual: string) => ({
    problem: { name, expected, actual },
  })
  if (text.since !== undefined && text.from !== undefined) {
    return problem('since', 'left out when from is given', text.since)
  }
  const toUs = text.to === undefined ? undefined : parseInstantUs(text.to)
  if (toUs === null) {
    return problem('to', INSTANT_EXPECTED, text.to as string)
  }
  const fromUs = text.from === undefined ? undefined : parseInstantUs(text.from)
  if (fromUs === null) {
    return problem('from', INSTANT_EXPECTED, text.from as string)
  }
  let sinceUs: Micros | undefined
  if (text.since !== undefined) {
    const us = parseDurationUs(text.since)
    if (us === null || !(us > 0)) {
      const bare = text.since.trim()
      const hint = /^\d+(?:\.\d+)?$/.test(bare)
        ? ` (a bare number has none: ${bare}s or ${bare}m)`
        : ''
      return problem(
        'since',
        `a duration with a unit${hint}, e.g. ${DURATION_EXAMPLES}, longer than 0`,
        text.since
      )
    }
    sinceUs = us
  }
  const end = toUs ?? options.anchorUs ?? undefined
  let start = fromUs
  if (start === undefined && end !== undefined) {
    const lengthUs = sinceUs ?? (toUs !== undefined ? options.defaultLengthUs : null)
    if (lengthUs !== null) {
      start = (end - lengthUs) as Micros
    }
  }
  const window: ResolvedWindow = {}
  if (start !== undefined) {
    window.fromUs = start
  }
  if (end !== undefined) {
    window.toUs = end
  }
  if (window.fromUs !== undefined && window.toUs !== undefined && !(window.fromUs < window.toUs)) {
    // Only a given `from` can reach this: `since` is positive, so it starts before its end.
    const bound = `${text.to !== undefined ? 'to' : "the window's end"} (${isoOf(window.toUs)})`
    return problem('from', `before ${bound}`, text.from ?? '')
  }
  return { window }
}
