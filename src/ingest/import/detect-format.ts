/**
 * Tells an input file's format from its first bytes, never from its name: exporters and users
 * name files freely (`.txt`, `.log`, `.out`), and the simulator writes `.om` and `.jsonl`.
 *
 * One bad line must not make a whole file unreadable (ADR 0047): a stray control byte or an
 * invalid UTF-8 sequence does not make text "binary" (binary means many of them), and line
 * formats are recognised by a vote over the first lines of the head, not by the first line
 * alone. The importer then rejects the bad lines one by one with their line numbers.
 */

import {
  accessLogFormatOfJson,
  createLineFormatTest,
  type AccessLogOptions,
} from '../../core/access-log/readers.js'
import type { AccessLogFormat } from '../../core/access-log/record.js'

/** A proxy's access log (docs/proxies.md). */
export type AccessLogInputFormat = `access-log-${AccessLogFormat}`

/** What an input file holds. */
export type InputFormat =
  | AccessLogInputFormat
  | 'otlp-traces-json'
  | 'otlp-metrics-json'
  | 'otlp-traces-jsonl'
  | 'otlp-metrics-jsonl'
  | 'otlp-protobuf'
  | 'prometheus-text'
  | 'events-jsonl'
  | 'events-json'
  | 'kubernetes-events'
  | 'unknown'

export interface DetectedFormat {
  format: InputFormat
  /** Why, in a few words (shown when the format is `unknown`). */
  reason: string
}

/** Bytes a caller should hand to {@link detectFormat}; more is ignored. */
export const DETECT_HEAD_BYTES = 64 * 1024

const GZIP_MAGIC = [0x1f, 0x8b] as const

/** True when the bytes start with the gzip magic number. */
export function isGzip(head: Uint8Array): boolean {
  return head[0] === GZIP_MAGIC[0] && head[1] === GZIP_MAGIC[1]
}

/** Bytes of the head examined for binary content. */
const BINARY_SAMPLE_BYTES = 4096

/**
 * Control bytes (other than tab, LF, CR, FF) and invalid UTF-8 in the first 4 KiB. Protobuf has
 * them every few bytes (tags, lengths, raw ids); text has none, or a stray one.
 */
function oddBytes(head: Uint8Array): { odd: number; sampled: number } {
  const n = Math.min(head.length, BINARY_SAMPLE_BYTES)
  let odd = 0
  for (let i = 0; i < n; i++) {
    const b = head[i] ?? 0
    if (b < 0x09 || (b > 0x0d && b < 0x20) || b === 0x0b) {
      odd++
    }
  }
  // A multi-byte character cut at the end of the sample is not an error: leave 3 bytes out.
  const text = new TextDecoder('utf-8').decode(head.subarray(0, n > 4 ? n - 3 : n))
  for (let i = 0; i < text.length; i++) {
    if (text.charCodeAt(i) === 0xfffd) {
      odd++
    }
  }
  return { odd, sampled: n }
}

/** Binary when odd bytes are more than a stray few: over 2 % of the sample, or 8 of them. */
function looksBinary(head: Uint8Array): boolean {
  const { odd, sampled } = oddBytes(head)
  return odd > Math.max(8, sampled * 0.02)
}

function kindOfJsonObject(obj: Record<string, unknown>): InputFormat | null {
  if ('resourceSpans' in obj || 'resource_spans' in obj) {
    return 'otlp-traces-jsonl'
  }
  if ('resourceMetrics' in obj || 'resource_metrics' in obj) {
    return 'otlp-metrics-jsonl'
  }
  if ('time' in obj && 'kind' in obj) {
    return 'events-jsonl'
  }
  const log = accessLogFormatOfJson(obj)
  return log === null ? null : `access-log-${log}`
}

/** The access-log format of an input format, or `null` for other inputs. */
export function accessLogFormatOf(format: InputFormat): AccessLogFormat | null {
  return format.startsWith('access-log-')
    ? (format.slice('access-log-'.length) as AccessLogFormat)
    : null
}

const PROM_SAMPLE = /^(?:[a-zA-Z_:][a-zA-Z0-9_:]*|\{")[^\n]*?[ \t][-+]?(?:[0-9.]|nan|inf)/i
// Prometheus 3 writes UTF-8 names inside the braces: `{"gen_ai.server.x", le="1"} 3`.
const PROM_QUOTED_SAMPLE = /^\{"[^"\n]*"\s*(?:,[^\n]*)?\}[ \t]+[-+.0-9a-zA-Z]/
const PROM_COMMENT = /^#[ \t]+(?:HELP|TYPE|UNIT|EOF)\b/
// A whole sample line, `name{labels} value [timestamp] [# exemplar]`: prose such as
// "Tokenline tells the people who run inference…" matches the loose pattern above, never this.
const PROM_STRICT_SAMPLE =
  /^(?:[a-zA-Z_:][a-zA-Z0-9_:]*(?:\{[^}]*\})?|\{[^}]*\})[ \t]+[-+]?(?:[0-9][0-9.eE+-]*|\.[0-9]+|NaN|Inf|\+Inf)(?:[ \t]+-?[0-9]+(?:\.[0-9]+)?)?(?:[ \t]+#.*)?$/

/**
 * Trace formats we do not read, named with the way to get OTLP out of them (a user holding a
 * Jaeger or Zipkin export should learn what it is and what to do, not "unknown JSON").
 */
function foreignTraceFormat(text: string): string | null {
  if (/"traceID"\s*:/.test(text) && /"spans"\s*:/.test(text) && /"processes"\s*:/.test(text)) {
    return (
      'Jaeger JSON (the UI/query API export), which is not read: fetch traces as OTLP from ' +
      "Jaeger's /api/v3/traces, or point the services' OTLP exporters at tokenline serve"
    )
  }
  if (/"traceId"\s*:/.test(text) && /"localEndpoint"\s*:/.test(text)) {
    return (
      'Zipkin v2 JSON, which is not read: replay it through an OpenTelemetry Collector ' +
      '(zipkin receiver, otlphttp exporter to tokenline serve)'
    )
  }
  return null
}

/** Lines of the head that vote on a line format. */
const VOTE_LINES = 200

/**
 * The line format most of the head's complete lines have (JSON Lines kinds or Prometheus
 * text), or `null` when fewer than half of the non-empty, non-comment lines agree. A bad first
 * line, or a stray bad line anywhere, does not change the answer.
 */
function voteLineFormat(
  text: string,
  complete: boolean,
  accessLogLine: (line: string) => AccessLogFormat | null
): InputFormat | null {
  const lines = text.split('\n', VOTE_LINES + 1)
  if (!complete || lines.length > VOTE_LINES) {
    lines.pop() // possibly cut short
  }
  const votes = new Map<InputFormat, number>()
  let voters = 0
  let promComments = 0
  for (const raw of lines) {
    const line = raw.trim()
    if (line === '') {
      continue
    }
    if (line.startsWith('#')) {
      promComments += PROM_COMMENT.test(line) ? 1 : 0
      continue
    }
    voters++
    let kind: InputFormat | null
    if (line.startsWith('{') && !PROM_QUOTED_SAMPLE.test(line)) {
      try {
        const obj: unknown = JSON.parse(line)
        kind =
          typeof obj === 'object' && obj !== null && !Array.isArray(obj)
            ? kindOfJsonObject(obj as Record<string, unknown>)
            : null
      } catch {
        kind = null
      }
    } else if (
      (PROM_SAMPLE.test(line) && PROM_STRICT_SAMPLE.test(line)) ||
      PROM_QUOTED_SAMPLE.test(line)
    ) {
      kind = 'prometheus-text'
    } else {
      const log = accessLogLine(line)
      kind = log === null ? null : `access-log-${log}`
    }
    if (kind !== null) {
      votes.set(kind, (votes.get(kind) ?? 0) + 1)
    }
  }
  if (promComments > 0) {
    votes.set('prometheus-text', (votes.get('prometheus-text') ?? 0) + voters)
  }
  let best: InputFormat | null = null
  let bestVotes = 0
  for (const [kind, n] of votes) {
    if (n > bestVotes) {
      best = kind
      bestVotes = n
    }
  }
  return best !== null && bestVotes * 2 >= Math.max(1, voters) ? best : null
}

/**
 * Detects the format from the (decompressed) head of a file. `complete` says the head is the
 * whole file, so a JSON document can be parsed whole to be sure.
 */
export function detectFormat(
  head: Uint8Array,
  complete: boolean,
  options: AccessLogOptions = {}
): DetectedFormat {
  const accessLogLine = createLineFormatTest(options)
  if (head.length === 0) {
    return { format: 'unknown', reason: 'the file is empty' }
  }
  if (looksBinary(head)) {
    return { format: 'otlp-protobuf', reason: 'binary content' }
  }
  let text = new TextDecoder('utf-8').decode(head)
  if (text.charCodeAt(0) === 0xfeff) {
    text = text.slice(1)
  }
  const trimmed = text.trimStart()
  if (trimmed.startsWith('{') && !PROM_QUOTED_SAMPLE.test(trimmed)) {
    const nl = trimmed.indexOf('\n')
    const firstLine = (nl === -1 ? trimmed : trimmed.slice(0, nl)).trim()
    if (nl !== -1 || complete) {
      try {
        const obj = JSON.parse(firstLine) as Record<string, unknown>
        const kind = kindOfJsonObject(obj)
        if (kind === 'events-jsonl') {
          return { format: kind, reason: 'JSON lines with time and kind' }
        }
        if (kind !== null && accessLogFormatOf(kind) !== null) {
          return { format: kind, reason: 'JSON access-log lines' }
        }
        if (kind !== null && 'items' in obj === false) {
          return { format: kind, reason: 'one OTLP request per line' }
        }
        if (Array.isArray(obj.items)) {
          return { format: 'kubernetes-events', reason: 'a JSON object with items' }
        }
      } catch {
        // Not one object per line, or a bad first line: the vote below tells them apart.
      }
      const voted = voteLineFormat(trimmed, complete, accessLogLine)
      if (voted !== null && voted !== 'prometheus-text') {
        return { format: voted, reason: 'most lines are JSON objects of one kind' }
      }
    } else if (/^\{\s*"(resourceSpans|resource_spans)"/.test(trimmed)) {
      // One line longer than the head: JSON Lines (or a one-line document, read the same way).
      return { format: 'otlp-traces-jsonl', reason: 'one OTLP request per line' }
    } else if (/^\{\s*"(resourceMetrics|resource_metrics)"/.test(trimmed)) {
      return { format: 'otlp-metrics-jsonl', reason: 'one OTLP request per line' }
    }
    if (/"(resourceSpans|resource_spans)"\s*:/.test(trimmed)) {
      return { format: 'otlp-traces-json', reason: 'a JSON document with resourceSpans' }
    }
    if (/"(resourceMetrics|resource_metrics)"\s*:/.test(trimmed)) {
      return { format: 'otlp-metrics-json', reason: 'a JSON document with resourceMetrics' }
    }
    if (/"items"\s*:/.test(trimmed) || /"involvedObject"\s*:/.test(trimmed)) {
      return { format: 'kubernetes-events', reason: 'a JSON object with items' }
    }
    return {
      format: 'unknown',
      reason:
        foreignTraceFormat(trimmed) ??
        'JSON without resourceSpans, resourceMetrics, items or time+kind',
    }
  }
  if (trimmed.startsWith('[')) {
    if (/"time"\s*:/.test(trimmed) && /"kind"\s*:/.test(trimmed)) {
      return { format: 'events-json', reason: 'a JSON array of events' }
    }
    // Envoy's default access-log lines start with `[%START_TIME%]`.
    const voted = voteLineFormat(trimmed, complete, accessLogLine)
    if (voted !== null && accessLogFormatOf(voted) !== null) {
      return { format: voted, reason: 'most lines are access-log lines of one proxy' }
    }
    return {
      format: 'unknown',
      reason: foreignTraceFormat(trimmed) ?? 'a JSON array without time and kind fields',
    }
  }
  const voted = voteLineFormat(trimmed, complete, accessLogLine)
  if (voted !== null) {
    return {
      format: voted,
      reason:
        voted === 'prometheus-text'
          ? 'metric sample lines'
          : accessLogFormatOf(voted) !== null
            ? 'most lines are access-log lines of one proxy'
            : 'most lines are JSON objects of one kind',
    }
  }
  // A few odd bytes but no text format: it may still be protobuf.
  if (oddBytes(head).odd > 0) {
    return { format: 'otlp-protobuf', reason: 'binary content' }
  }
  return {
    format: 'unknown',
    reason:
      'not OTLP JSON/protobuf, Prometheus text, change events or a known access log ' +
      '(a custom nginx log_format needs --nginx-log-format)',
  }
}
