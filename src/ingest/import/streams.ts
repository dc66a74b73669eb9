/**
 * The streaming readers of `tokenline import`: OTLP/JSON Lines of traces a segment of whole
 * lines at a time (inline or in decode workers), and protobuf captures a frame at a time
 * (docs/adr/0104).
 */
import type { Readable } from 'node:stream'
import { errorMessage } from '../../core/errors.js'
import type { DecodeMetricsResult } from '../../core/otlp/decode-metrics.js'
import type { DecodeTracesResult } from '../../core/otlp/decode-traces.js'
import { decodeTraceLines, type DecodedTraceLines } from './decode-trace-lines.js'
import { reject, type FileCtx } from './file.js'
import {
  decodeProtobufAs,
  decodeProtobufFile,
  decodeProtobufMessage,
  readProtobufFrames,
  type ProtobufFile,
} from './protobuf.js'
import { linesOfBytes, readLineSegments } from './read-lines.js'

/**
 * OTLP/JSON Lines of traces: a segment of whole lines at a time, decoded inline or, with a
 * pool, in workers. Answers are taken in file order, at most two per worker outstanding, so
 * what is in flight stays a few segments and their spans whatever the file size.
 */
export async function importTraceLines(ctx: FileCtx, content: Readable): Promise<void> {
  const { summary, batcher, pool } = ctx
  let base = 0
  const take = async (r: DecodedTraceLines): Promise<void> => {
    for (const x of r.rejects) {
      reject(ctx, base + x.line, x.reason)
    }
    base += r.lines
    summary.read.spans += r.spans.length
    await batcher.addSpans(r.spans)
  }
  if (pool === null) {
    for await (const segment of readLineSegments(content)) {
      await take(decodeTraceLines(linesOfBytes(segment)))
    }
    return
  }
  const pending: Promise<DecodedTraceLines>[] = []
  for await (const segment of readLineSegments(content)) {
    // A copy the worker can own: a segment is a view into the reader's buffers.
    const p = pool.decode(new Uint8Array(segment))
    // Awaited in order below; until then (or if the import stops first) a failure must not
    // count as an unhandled rejection.
    p.catch(() => {})
    pending.push(p)
    if (pending.length >= pool.workers * 2) {
      await take(await (pending.shift() as Promise<DecodedTraceLines>))
    }
  }
  while (pending.length > 0) {
    await take(await (pending.shift() as Promise<DecodedTraceLines>))
  }
}

const NOT_PROTOBUF =
  'binary content that is neither a protobuf ExportTraceServiceRequest nor an ExportMetricsServiceRequest'

/** Adds one decoded message's items; its rejects are the caller's. */
async function addMessage(
  ctx: FileCtx,
  kind: ProtobufFile['kind'],
  r: DecodeTracesResult | DecodeMetricsResult
): Promise<void> {
  if (kind === 'traces') {
    const t = r as DecodeTracesResult
    ctx.summary.read.spans += t.spans.length
    await ctx.batcher.addSpans(t.spans)
  } else {
    const m = r as DecodeMetricsResult
    ctx.summary.read.samples += m.samples.length
    await ctx.batcher.addSamples(m.samples, m.families)
  }
}

/**
 * A protobuf file, a framed message at a time as it streams in (a capture of any size is never
 * held whole); one bare message is read whole. The first message that reads as traces or as
 * metrics decides which the file holds; a later message that does not decode as that kind is
 * rejected on its own. Rejects are named `message N:` when the file holds more than one.
 */
export async function importProtobuf(ctx: FileCtx, content: Readable): Promise<void> {
  let kind: ProtobufFile['kind'] | null = null
  let index = 0
  // Messages before the kind is known: nothing usable in them either way.
  let unusable = 0
  // The first message's rejects wait until it is known whether another message follows.
  let held: string[] = []
  const release = (framed: boolean): void => {
    for (const reason of held) {
      reject(ctx, null, framed ? `message 1: ${reason}` : reason)
    }
    held = []
  }
  for await (const piece of readProtobufFrames(content)) {
    if (piece.kind === 'whole') {
      const decoded = decodeProtobufFile(piece.bytes)
      if (decoded === null) {
        ctx.summary.error = NOT_PROTOBUF
        return
      }
      const framed = decoded.messages.length > 1
      for (let i = 0; i < decoded.messages.length; i++) {
        const r = decoded.messages[i] as DecodeTracesResult | DecodeMetricsResult
        for (const x of r.rejected) {
          reject(ctx, null, `${framed ? `message ${i + 1}: ` : ''}${x.path}: ${x.reason}`)
        }
        await addMessage(ctx, decoded.kind, r)
      }
      return
    }
    if (piece.kind === 'broken') {
      release(true)
      reject(ctx, null, piece.reason)
      break
    }
    index++
    if (index === 2) {
      release(true)
    }
    let r: DecodeTracesResult | DecodeMetricsResult
    if (kind === null) {
      const decoded = decodeProtobufMessage(piece.bytes)
      if (decoded === null) {
        unusable++
        continue
      }
      kind = decoded.kind
      r = decoded.messages[0] as DecodeTracesResult | DecodeMetricsResult
      for (let i = 1; i <= unusable; i++) {
        reject(ctx, null, `message ${i}: ${NOT_PROTOBUF}`)
      }
    } else {
      try {
        r = decodeProtobufAs(kind, piece.bytes)
      } catch (err) {
        reject(ctx, null, `message ${index}: not a protobuf ${kind} export (${errorMessage(err)})`)
        continue
      }
    }
    const reasons = r.rejected.map((x) => `${x.path}: ${x.reason}`)
    if (index === 1) {
      held = reasons
    } else {
      for (const reason of reasons) {
        reject(ctx, null, `message ${index}: ${reason}`)
      }
    }
    await addMessage(ctx, kind, r)
  }
  release(index > 1)
  if (kind === null && index > 0) {
    ctx.summary.error = NOT_PROTOBUF
  }
}
