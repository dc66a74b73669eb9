/**
 * Tokenises single lines of the Prometheus text format (0.0.4) and OpenMetrics 1.0.
 *
 * Written by hand on purpose: the only JS parser on npm (`parse-prometheus-text-format`,
 * last released 2019) drops timestamps, does not know OpenMetrics (`# UNIT`, exemplars,
 * `# EOF`, second timestamps) nor the Prometheus 3 quoted UTF-8 names, and groups samples into
 * families in memory, which does not suit streaming a multi-gigabyte backfill file.
 */

/** A sample line split into its parts; `value`/`timestamp` are still text. */
export interface SampleTokens {
  name: string
  labels: [string, string][]
  value: string
  timestamp: string | null
  hasExemplar: boolean
}

/** A `# HELP|TYPE|UNIT name rest` line, or `# EOF`, or any other comment. */
export type CommentTokens =
  | { kind: 'help' | 'type' | 'unit'; name: string; rest: string }
  | { kind: 'eof' }
  | { kind: 'other' }

const NAME_START = /[a-zA-Z_:]/
const NAME_CHAR = /[a-zA-Z0-9_:]/
const NUMBER_RE = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/

/**
 * Parses a sample value: decimal/exponent numbers, `NaN`, `+Inf`, `-Inf` (case-insensitive).
 * Returns `null` when the text is not a number.
 */
export function parseSampleValue(text: string): number | null {
  if (NUMBER_RE.test(text)) {
    return Number(text)
  }
  switch (text.toLowerCase()) {
    case 'nan':
      return Number.NaN
    case '+inf':
    case 'inf':
      return Number.POSITIVE_INFINITY
    case '-inf':
      return Number.NEGATIVE_INFINITY
    default:
      return null
  }
}

/**
 * Parses a sample timestamp into epoch milliseconds (float).
 *
 * Text 0.0.4 writes integer milliseconds, OpenMetrics float seconds. A timestamp with a fraction
 * or exponent is seconds; an integer is milliseconds when it is at least 10^11 (any instant after
 * 1973-03-03 in ms) and seconds otherwise (10^11 s is the year 5138). This reads both flavours
 * right for any real data, even files whose `# EOF` or `# UNIT` marker was lost.
 */
export function parseTimestampMs(text: string): number | null {
  if (!NUMBER_RE.test(text)) {
    return null
  }
  const n = Number(text)
  if (!Number.isFinite(n)) {
    return null
  }
  const isInteger = /^[+-]?\d+$/.test(text)
  if (isInteger && Math.abs(n) >= 1e11) {
    return n
  }
  return n * 1000
}

/** Unescapes `\\`, `\"` and `\n` (label values, quoted names, HELP text). */
function unescape(text: string): string {
  if (!text.includes('\\')) {
    return text
  }
  let out = ''
  for (let i = 0; i < text.length; i++) {
    const c = text[i]
    if (c === '\\' && i + 1 < text.length) {
      const n = text[i + 1]
      i++
      if (n === 'n') {
        out += '\n'
      } else if (n === '\\') {
        out += '\\'
      } else if (n === '"') {
        out += '"'
      } else {
        out += `\\${n}`
      }
    } else {
      out += c
    }
  }
  return out
}

/** Reads a `"…"` string starting at `start` (the opening quote); returns its text and end. */
function readQuoted(line: string, start: number): { text: string; end: number } | string {
  let i = start + 1
  let escaped = false
  while (i < line.length) {
    const c = line.charCodeAt(i)
    if (c === 92 /* \ */) {
      escaped = true
      i += 2
      continue
    }
    if (c === 34 /* " */) {
      const raw = line.slice(start + 1, i)
      return { text: escaped ? unescape(raw) : raw, end: i + 1 }
    }
    i++
  }
  return `unterminated quoted string starting at column ${start + 1}`
}

function readBareName(line: string, start: number, allowColon: boolean): number {
  let i = start
  if (i >= line.length || !NAME_START.test(line[i] ?? '') || (!allowColon && line[i] === ':')) {
    return start
  }
  i++
  while (i < line.length && NAME_CHAR.test(line[i] ?? '') && (allowColon || line[i] !== ':')) {
    i++
  }
  return i
}

function skipBlanks(line: string, i: number): number {
  while (i < line.length && (line[i] === ' ' || line[i] === '\t')) {
    i++
  }
  return i
}

/**
 * Splits a sample line: `name{l="v",…} value [timestamp] [# {exemplar} value [ts]]`, also the
 * Prometheus 3 form `{"dotted.name", l="v"} value`. Returns a reason string when malformed.
 */
export function tokenizeSample(line: string): SampleTokens | string {
  let i = 0
  let name = ''
  if (line[0] === '"') {
    const q = readQuoted(line, 0)
    if (typeof q === 'string') {
      return q
    }
    name = q.text
    i = q.end
  } else if (line[0] !== '{') {
    const end = readBareName(line, 0, true)
    if (end === 0) {
      return `expected a metric name, found ${JSON.stringify(line.slice(0, 20))}`
    }
    name = line.slice(0, end)
    i = end
  }
  const labels: [string, string][] = []
  if (line[i] === '{') {
    i++
    for (;;) {
      i = skipBlanks(line, i)
      if (line[i] === '}') {
        i++
        break
      }
      if (i >= line.length) {
        return 'expected "}" before end of line'
      }
      let labelName: string
      let quotedLabel = false
      if (line[i] === '"') {
        const q = readQuoted(line, i)
        if (typeof q === 'string') {
          return q
        }
        labelName = q.text
        quotedLabel = true
        i = q.end
      } else {
        const end = readBareName(line, i, false)
        if (end === i) {
          return `expected a label name at column ${i + 1}, found ${JSON.stringify(line.slice(i, i + 10))}`
        }
        labelName = line.slice(i, end)
        i = end
      }
      i = skipBlanks(line, i)
      if (line[i] === '=') {
        i = skipBlanks(line, i + 1)
        if (line[i] !== '"') {
          return `expected '"' after ${labelName}= at column ${i + 1}`
        }
        const q = readQuoted(line, i)
        if (typeof q === 'string') {
          return q
        }
        if (labels.some(([k]) => k === labelName)) {
          return `duplicate label ${labelName}`
        }
        labels.push([labelName, q.text])
        i = q.end
      } else if (quotedLabel && name === '') {
        name = labelName
      } else {
        return `expected "=" after label name ${labelName} at column ${i + 1}`
      }
      i = skipBlanks(line, i)
      if (line[i] === ',') {
        i++
      } else if (line[i] !== '}') {
        return `expected "," or "}" at column ${i + 1}`
      }
    }
  }
  if (name === '') {
    return 'sample has no metric name'
  }
  if (line[i] !== ' ' && line[i] !== '\t') {
    return i >= line.length
      ? `sample ${name} has no value`
      : `expected a space before the value at column ${i + 1}`
  }
  const rest = line.slice(i).trim()
  const hash = rest.indexOf(' # ')
  const main = hash === -1 ? rest : rest.slice(0, hash)
  const parts = main.split(/[ \t]+/)
  if (parts.length > 2) {
    return `unexpected text after the timestamp: ${JSON.stringify(parts[2])}`
  }
  return {
    name,
    labels,
    value: parts[0] ?? '',
    timestamp: parts[1] ?? null,
    hasExemplar: hash !== -1,
  }
}

/** Splits a comment line (starts with `#`). */
export function tokenizeComment(line: string): CommentTokens {
  const m = /^#[ \t]+(HELP|TYPE|UNIT|EOF)(?:[ \t]+|$)/.exec(line)
  if (!m) {
    return { kind: 'other' }
  }
  if (m[1] === 'EOF') {
    return { kind: 'eof' }
  }
  const kind = m[1] === 'HELP' ? 'help' : m[1] === 'TYPE' ? 'type' : 'unit'
  let i = m[0].length
  let name: string
  if (line[i] === '"') {
    const q = readQuoted(line, i)
    if (typeof q === 'string') {
      return { kind: 'other' }
    }
    name = q.text
    i = q.end
  } else {
    const end = readBareName(line, i, true)
    if (end === i) {
      return { kind: 'other' }
    }
    name = line.slice(i, end)
    i = end
  }
  const rest = line.slice(i).replace(/^[ \t]/, '')
  return { kind, name, rest: kind === 'help' ? unescape(rest) : rest.trim() }
}
