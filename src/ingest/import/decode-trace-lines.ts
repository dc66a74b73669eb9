/**
 * OTLP/JSON Lines of traces to spans, the same on the import's reader and in an import decode
 * worker, so both accept, reject and number lines identically.
 */
import { errorMessage, isAppError } from '../../core/errors.js'
import type { Span } from '../../core/model/span.js'
import { decodeTraces } from '../../core/otlp/decode-traces.js'
import { latestTimeUs } from '../../core/otlp/time-bounds.js'
import type { OtlpReject } from '../../core/otlp/wire-types.js'
import { isUtf8 } from 'node:buffer'
import { readTraceRequestJson } from '../otlp/json-trace-reader.js'
import { linesOfBytes } from './read-lines.js'

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

const LF = 0x0a
const CR = 0x0d

/** One line's spans and rejects (numbered `lineNo`) added to `out`, through `JSON.parse`. */
function decodeLineText(line: string, lineNo: number, out: DecodedTraceLines): void {
  if (line.trim() === '') {
    return
  }
  const { result, reasons } = decodeOtlpLine(line, decodeTraces)
  for (const reason of reasons) {
    out.rejects.push({ line: lineNo, reason })
  }
  if (result !== null) {
    for (const s of result.spans) {
      out.spans.push(s)
    }
  }
}

/**
 * The lines of a segment of whole lines ({@link linesOfBytes}'s line ends) decoded as
 * {@link decodeTraceLines} decodes them, each read from the bytes by the OTLP/JSON reader of
 * `json-trace-reader.ts` (ADR 0520) and through `JSON.parse` only where that reader declines:
 * the same spans, rejects and line numbers, without `JSON.parse`'s object tree per line. Not
 * what the import runs (no faster, ADR 0520); the import bench measures it beside the import.
 */
export function decodeTraceSegment(bytes: Buffer): DecodedTraceLines {
  // Invalid UTF-8 is replaced when a line becomes text; the reader slices between quotes and
  // would replace it differently, so such a segment is read as text whole.
  if (!isUtf8(bytes)) {
    return decodeTraceLines(linesOfBytes(bytes))
  }
  const out: DecodedTraceLines = { lines: 0, spans: [], rejects: [] }
  const latestUs = latestTimeUs(undefined)
  const length = bytes.length
  let lineNo = 0
  let from = 0
  // The next `\r` at or after `from` (-1: none left).
  let cr = bytes.indexOf(CR)
  while (from < length) {
    let nl = bytes.indexOf(LF, from)
    const next = nl === -1 ? length : nl + 1
    if (nl === -1) {
      nl = length
    }
    if (cr !== -1 && cr < from) {
      cr = bytes.indexOf(CR, from)
    }
    let stop = nl
    if (stop > from && bytes[stop - 1] === CR) {
      stop--
    }
    if (cr !== -1 && cr < stop) {
      // A lone \r inside ends a line too: the text path splits it as the line reader does.
      for (const line of linesOfBytes(bytes.subarray(from, next))) {
        decodeLineText(line, ++lineNo, out)
      }
      from = next
      continue
    }
    lineNo++
    let first = from
    while (first < stop) {
      const c = bytes[first] as number
      if (c !== 0x20 && c !== 0x09 && c !== 0x0b && c !== 0x0c) {
        break
      }
      first++
    }
    if (first < stop) {
      const result =
        bytes[first] === 0x7b ? readTraceRequestJson(bytes, from, stop, latestUs) : null
      if (result === null) {
        decodeLineText(bytes.toString('utf8', from, stop), lineNo, out)
      } else {
        for (const x of result.rejected) {
          out.rejects.push({ line: lineNo, reason: `${x.path}: ${x.reason}` })
        }
        for (const s of result.spans) {
          out.spans.push(s)
        }
      }
    }
    from = next
  }
  out.lines = lineNo
  return out
}
