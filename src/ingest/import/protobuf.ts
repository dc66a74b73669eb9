import type { Readable } from 'node:stream'
import type { DecodeMetricsResult } from '../../core/otlp/decode-metrics.js'
import type { DecodeTracesResult } from '../../core/otlp/decode-traces.js'
import { decodeMetricsProtobuf, decodeTracesProtobuf } from '../otlp/protobuf.js'

/** What a protobuf file held: one message, or several framed ones. */
export type ProtobufFile =
  | { kind: 'traces'; messages: DecodeTracesResult[] }
  | { kind: 'metrics'; messages: DecodeMetricsResult[] }

/**
 * Splits the Collector file exporter's `format: proto` framing (each message preceded by its
 * length as a 4-byte big-endian integer). Returns `null` unless the frames cover the bytes
 * exactly: a bare message starts with a field tag (0x0a), which as a length would overrun.
 */
export function splitFrames(bytes: Uint8Array): Uint8Array[] | null {
  const frames: Uint8Array[] = []
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  let at = 0
  while (at < bytes.length) {
    if (at + 4 > bytes.length) {
      return null
    }
    const n = view.getUint32(at)
    at += 4
    if (n === 0 || at + n > bytes.length) {
      return null
    }
    frames.push(bytes.subarray(at, at + n))
    at += n
  }
  return frames.length > 0 ? frames : null
}

function attempt<T>(fn: () => T): T | null {
  try {
    return fn()
  } catch {
    return null
  }
}

/**
 * Decodes messages as traces and as metrics and keeps the reading with more good items (the
 * two messages share field numbers at the top, so both may "succeed"). `null` when neither
 * yields anything.
 */
function chooseReading(messages: Uint8Array[]): ProtobufFile | null {
  const traces = messages.map((m) => attempt(() => decodeTracesProtobuf(m)))
  const metrics = messages.map((m) => attempt(() => decodeMetricsProtobuf(m)))
  const score = (items: number[], rejected: number[]): number =>
    items.reduce((a, b) => a + b, 0) - rejected.reduce((a, b) => a + b, 0)
  const tOk = traces.every((t) => t !== null)
  const mOk = metrics.every((m) => m !== null)
  const t = tOk ? (traces as DecodeTracesResult[]) : null
  const m = mOk ? (metrics as DecodeMetricsResult[]) : null
  const tScore = t
    ? score(
        t.map((x) => x.spans.length),
        t.map((x) => x.rejected.length)
      )
    : -Infinity
  const mScore = m
    ? score(
        m.map((x) => x.samples.length),
        m.map((x) => x.rejected.length)
      )
    : -Infinity
  if (t && tScore >= mScore && t.some((x) => x.spans.length > 0)) {
    return { kind: 'traces', messages: t }
  }
  if (m && m.some((x) => x.samples.length > 0)) {
    return { kind: 'metrics', messages: m }
  }
  return null
}

/** A whole protobuf file, framed or one bare message (see {@link chooseReading}). */
export function decodeProtobufFile(bytes: Uint8Array): ProtobufFile | null {
  return chooseReading(splitFrames(bytes) ?? [bytes])
}

/** One message (a frame) read as traces or metrics, whichever yields more good items. */
export function decodeProtobufMessage(bytes: Uint8Array): ProtobufFile | null {
  return chooseReading([bytes])
}

/** One message as the kind a file was found to hold; throws when it is not one. */
export function decodeProtobufAs(
  kind: ProtobufFile['kind'],
  bytes: Uint8Array
): DecodeTracesResult | DecodeMetricsResult {
  return kind === 'traces' ? decodeTracesProtobuf(bytes) : decodeMetricsProtobuf(bytes)
}

/** What {@link readProtobufFrames} found next. */
export type ProtobufPiece =
  /** One length-prefixed message. */
  | { kind: 'frame'; bytes: Uint8Array }
  /** The whole content, when it does not start with a frame: one bare message. */
  | { kind: 'whole'; bytes: Uint8Array }
  /** The content goes on past the last whole frame with bytes that are no frame. */
  | { kind: 'broken'; reason: string }

/**
 * Reads the Collector file exporter's `format: proto` framing as it streams in, a message at a
 * time, so a capture of any size is never held whole. Content whose first length prefix does
 * not fit in it is one bare message (a message starts with a field tag, 0x0a, which as a length
 * is over 160 MB) and is yielded whole, as before.
 */
export async function* readProtobufFrames(stream: Readable): AsyncGenerator<ProtobufPiece> {
  let queue: Buffer[] = []
  let queued = 0
  let frames = 0
  let whole = false
  const take = (n: number): Buffer => {
    const all = queue.length === 1 ? (queue[0] as Buffer) : Buffer.concat(queue, queued)
    queue = n < all.length ? [all.subarray(n)] : []
    queued -= n
    return all.subarray(0, n)
  }
  for await (const chunk of stream) {
    const bytes = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array)
    queue.push(bytes)
    queued += bytes.length
    while (!whole && queued >= 4) {
      if ((queue[0] as Buffer).length < 4) {
        queue = [Buffer.concat(queue, queued)]
      }
      const n = (queue[0] as Buffer).readUInt32BE(0)
      if (n === 0) {
        if (frames === 0) {
          whole = true
          break
        }
        yield { kind: 'broken', reason: `a frame of length 0 after message ${frames}` }
        stream.destroy()
        return
      }
      if (queued < 4 + n) {
        break
      }
      take(4)
      // A view into the read buffer: the decoders copy what they keep (strings, hex ids), and
      // a copy of every frame cost more in GC of external memory than the decoding did.
      yield { kind: 'frame', bytes: take(n) }
      frames++
    }
  }
  if (queued === 0) {
    return
  }
  const rest = take(queued)
  if (frames === 0) {
    yield { kind: 'whole', bytes: rest }
    return
  }
  yield {
    kind: 'broken',
    reason: `the content ends inside the frame after message ${frames} (${rest.length} bytes left)`,
  }
}
