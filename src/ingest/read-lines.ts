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
 * Yields the lines of `stream` in order, a chunk's worth at a time (one array per chunk read,
 * possibly empty), so a caller pays one `await` per chunk, not per line. A line longer than a
 * chunk is gathered from its parts without copying them more than once.
 */
export async function* readLineBatches(stream: Readable): AsyncGenerator<string[]> {
  // The bytes of an unfinished line, in the order read.
  let parts: Buffer[] = []
  for await (const chunk of stream) {
    const bytes = Buffer.isBuffer(chunk)
      ? chunk
      : Buffer.from(
          (chunk as Uint8Array).buffer,
          (chunk as Uint8Array).byteOffset,
          (chunk as Uint8Array).byteLength
        )
    const lines: string[] = []
    let at = 0
    let nl = bytes.indexOf(LF)
    if (nl !== -1 && parts.length > 0) {
      parts.push(bytes.subarray(0, nl))
      const line = Buffer.concat(parts)
      parts = []
      pushSegment(lines, line, 0, line.length, line.indexOf(CR) !== -1)
      at = nl + 1
      nl = bytes.indexOf(LF, at)
    }
    // Where the next `\r` is at or after `at` (-1: none left in this chunk).
    let cr = bytes.indexOf(CR, at)
    while (nl !== -1) {
      if (cr !== -1 && cr < at) {
        cr = bytes.indexOf(CR, at)
      }
      pushSegment(lines, bytes, at, nl, cr !== -1 && cr < nl)
      at = nl + 1
      nl = bytes.indexOf(LF, at)
    }
    if (at < bytes.length) {
      parts.push(at === 0 ? bytes : bytes.subarray(at))
    }
    yield lines
  }
  if (parts.length > 0) {
    const rest = Buffer.concat(parts)
    const lines: string[] = []
    pushSegment(lines, rest, 0, rest.length, rest.indexOf(CR) !== -1)
    yield lines
  }
}
