/**
 * OTLP/JSON Lines of traces to spans, the same on the import's reader and in an import decode
 * worker, so both accept, reject and number lines identically.
 */
import { isAppError } from '../core/errors.js'
import type { Span } from '../core/model/span.js'
import { decodeTraces } from '../core/otlp/decode-traces.js'

/** What some lines held: their spans in order, and each rejected item with its line. */
export interface DecodedTraceLines {
  /** Lines read, blank ones included (the next batch's lines are numbered after them). */
  lines: number
  spans: Span[]
  /** `line` counts from 1 at the first of these lines. */
  rejects: { line: number; reason: string }[]
}

function errorText(err: unknown): string {
  return err instanceof Error ? err.message : String(err)
}

/**
 * Decodes each line as one `ExportTraceServiceRequest`. A line that is not JSON, or not a
 * usable request, is rejected as a whole; a span that cannot be used is rejected with its path.
 * Blank lines are skipped. Throws only for a bug in the decoder.
 */
export function decodeTraceLines(lines: readonly string[]): DecodedTraceLines {
  const spans: Span[] = []
  const rejects: DecodedTraceLines['rejects'] = []
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] as string
    if (line.trim() === '') {
      continue
    }
    let obj: unknown
    try {
      obj = JSON.parse(line)
    } catch (err) {
      rejects.push({ line: i + 1, reason: `not JSON (${errorText(err)})` })
      continue
    }
    try {
      const r = decodeTraces(obj)
      for (const x of r.rejected) {
        rejects.push({ line: i + 1, reason: `${x.path}: ${x.reason}` })
      }
      for (const s of r.spans) {
        spans.push(s)
      }
    } catch (err) {
      if (!isAppError(err) || err.code !== 'OTLP_DECODE_FAILED') {
        throw err
      }
      rejects.push({ line: i + 1, reason: err.message })
    }
  }
  return { lines: lines.length, spans, rejects }
}
