/**
 * Lines of a byte stream, split on the bytes and decoded one line at a time.
 *
 * `node:readline` costs more than `JSON.parse` of the same lines when its input comes in large
 * chunks: it decodes each chunk into one string and cuts it with a regular expression, and the
 * lines are slices of that string. With the import's 256 KiB reads it took 2–3× as long as
 * reading and parsing with its 64 KiB default (docs/storage.md, "Import"). Here a line is found
 * with `Buffer.indexOf` and decoded on its own, which is as fast as the default readline and
 * does not depend on the chunk size.
 *
 * Line ends are those of readline with `crlfDelay: Infinity`: `\n`, `\r\n` and a lone `\r`,
 * also when `\r\n` is split across two chunks. A last line without an end is a line.
 */
import type { Readable } from 'node:stream'

const LF = 0x0a
const CR = 0x0d

/** Lines of one `\n`-terminated segment: a trailing `\r` dropped, a lone `\r` inside splits. */
function pushSegment(out: string[], buf: Buffer, start: number, end: number, hasCr: boolean): void {
  if (end > start && buf[end - 1] === CR) {
    end--
  }
  const text = buf.toString('utf8', start, end)
  if (!hasCr || text.indexOf('\r') === -1) {
    out.push(text)
    return
  }
  for (const part of text.split('\r')) {
    out.push(part)
  }
}

/**
 * The lines of bytes that hold whole lines (a segment from {@link readLineSegments}): every
 * line ended by `\n`, then what follows the last `\n` when that is not empty.
 */
export function linesOfBytes(bytes: Buffer): string[] {
  const lines: string[] = []
  let at = 0
  // Where the next `\r` is at or after `at` (-1: none left).
  let cr = bytes.indexOf(CR)
  let nl = bytes.indexOf(LF)
  while (nl !== -1) {
    if (cr !== -1 && cr < at) {
      cr = bytes.indexOf(CR, at)
    }
    pushSegment(lines, bytes, at, nl, cr !== -1 && cr < nl)
    at = nl + 1
    nl = bytes.indexOf(LF, at)
  }
  if (at < bytes.length) {
    pushSegment(lines, bytes, at, bytes.length, bytes.indexOf(CR, at) !== -1)
  }
  return lines
}

function asBuffer(chunk: unknown): Buffer {
  if (Buffer.isBuffer(chunk)) {
    return chunk
  }
  const bytes = chunk as Uint8Array
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)
}

/**
 * Cuts a byte stream after its last `\n` of each chunk read: every segment yielded holds whole
 * lines only (the last one may lack its `\n`, at the end of the stream). A line longer than a
 * chunk is gathered from its parts, each copied once.
 */
export async function* readLineSegments(stream: Readable): AsyncGenerator<Buffer> {
  // The bytes of an unfinished line, in the order read.
  let parts: Buffer[] = []
  for await (const chunk of stream) {
    const bytes = asBuffer(chunk)
    const last = bytes.lastIndexOf(LF)
    if (last === -1) {
      parts.push(bytes)
      continue
    }
    const head = bytes.subarray(0, last + 1)
    const segment = parts.length === 0 ? head : Buffer.concat([...parts, head])
    parts = last + 1 < bytes.length ? [bytes.subarray(last + 1)] : []
    yield segment
  }
  if (parts.length > 0) {
    yield Buffer.concat(parts)
  }
}

/**
 * Yields the lines of `stream` in order, a segment at a time (one array per chunk read that
 * ends a line), so a caller pays one `await` per chunk, not per line.
 */
export async function* readLineBatches(stream: Readable): AsyncGenerator<string[]> {
  for await (const segment of readLineSegments(stream)) {
    yield linesOfBytes(segment)
  }
}

/**
 * Runs `read` over a content stream; a stream error (I/O, gzip) is rethrown after `read` has
 * handed on what came before it, so the file's summary counts those lines.
 */
export async function readThenRethrow(content: Readable, read: () => Promise<void>): Promise<void> {
  let streamError: unknown = null
  content.on('error', (err) => {
    streamError = err
  })
  await read()
  if (streamError) {
    throw streamError
  }
}
