/**
 * OTLP/JSON Lines of traces to spans, the same on the import's reader and in an import decode
 * worker, so both accept, reject and number lines identically.
 */
import { errorMessage, isAppError } from '../../core/errors.js'
import type { Span } from '../../core/model/span.js'
import { decodeTraces } from '../../core/otlp/decode-traces.js'
import type { OtlpReject } from '../../core/otlp/wire-types.js'

/** What some lines held: their spans in order, and each rejected item with its line. */
export interface DecodedTraceLines {
  /** Lines read, blank ones included (the next batch's lines are numbered after them). */
  lines: number
  spans: Span[]
  /** `line` counts from 1 at the first of these lines. */
  rejects: { line: number; reason: string }[]
}

/**
 * One line of OTLP/JSON decoded with `decode` (traces or metrics): its result, or `null` when the
 * line is rejected whole (not JSON, not a usable request), and the reason of every reject: the
 * line's, or each rejected item's with its path. Throws only for a bug in the decoder.
 */
export function decodeOtlpLine<R extends { rejected: readonly OtlpReject[] }>(
  line: string,
  decode: (obj: unknown) => R
): { result: R | null; reasons: string[] } {
  let obj: unknown
  try {
    obj = JSON.parse(line)
  } catch (err) {
    return { result: null, reasons: [`not JSON (${errorMessage(err)})`] }
  }
  try {
    const result = decode(obj)
    return { result, reasons: result.rejected.map((x) => `${x.path}: ${x.reason}`) }
  } catch (err) {
    if (!isAppError(err) || err.code !== 'OTLP_DECODE_FAILED') {
      throw err
    }
    return { result: null, reasons: [err.message] }
  }
}

/**
 * Decodes each line as one `ExportTraceServiceRequest` ({@link decodeOtlpLine}). Blank lines are
 * skipped. Throws only for a bug in the decoder.
 */
export function decodeTraceLines(lines: readonly string[]): DecodedTraceLines {
  const spans: Span[] = []
  const rejects: DecodedTraceLines['rejects'] = []
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] as string
    if (line.trim() === '') {
      continue
    }
    const { result, reasons } = decodeOtlpLine(line, decodeTraces)
    for (const reason of reasons) {
      rejects.push({ line: i + 1, reason })
    }
    if (result !== null) {
      for (const s of result.spans) {
        spans.push(s)
      }
    }
  }
  return { lines: lines.length, spans, rejects }
}
