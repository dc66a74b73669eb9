import type { DecodeMetricsResult } from '../core/otlp/decode-metrics.js'
import type { DecodeTracesResult } from '../core/otlp/decode-traces.js'
import { decodeMetricsProtobuf, decodeTracesProtobuf } from './otlp/protobuf.js'

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
 * Decodes a protobuf file as traces and as metrics and keeps the reading with more good items
 * (the two messages share field numbers at the top, so both may "succeed"). `null` when neither
 * yields anything.
 */
export function decodeProtobufFile(bytes: Uint8Array): ProtobufFile | null {
  const messages = splitFrames(bytes) ?? [bytes]
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
