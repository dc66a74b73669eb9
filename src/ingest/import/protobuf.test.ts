import { Readable } from 'node:stream'
import { describe, expect, it } from 'vitest'
import { makeLlmTraceRequest } from '../../core/otlp/testing/make-llm-request.js'
import { importSource, type ImportSource } from './import.js'
import { readProtobufFrames, splitFrames, type ProtobufPiece } from './protobuf.js'
import { encodeTracesProtobuf } from '../otlp/protobuf.js'
import { countingSink } from '../testing/sinks.js'

function frame(msg: Uint8Array): Buffer {
  const len = Buffer.alloc(4)
  len.writeUInt32BE(msg.length)
  return Buffer.concat([len, msg])
}

/** `bytes` as a stream of chunks of the given sizes, repeated. */
function chunked(bytes: Buffer, sizes: number[]): Readable {
  const chunks: Buffer[] = []
  for (let at = 0, i = 0; at < bytes.length; i++) {
    const n = sizes[i % sizes.length] as number
    chunks.push(bytes.subarray(at, at + n))
    at += n
  }
  return Readable.from(chunks)
}

async function piecesOf(stream: Readable): Promise<ProtobufPiece[]> {
  const out: ProtobufPiece[] = []
  for await (const p of readProtobufFrames(stream)) {
    out.push(p)
  }
  return out
}

function source(bytes: Buffer, sizes: number[]): ImportSource {
  return {
    name: 'capture.binpb',
    bytes: bytes.length,
    mtimeMs: 0,
    open: () => chunked(bytes, sizes),
  }
}

const messages = Array.from({ length: 12 }, (_, i) =>
  encodeTracesProtobuf(makeLlmTraceRequest(1 + (i % 3), i * 10))
)
const framed = Buffer.concat(messages.map(frame))

describe('readProtobufFrames', () => {
  it.each([[[1]], [[3, 5, 7]], [[4]], [[100_000]], [[13, 1, 2]]])(
    'yields the frames splitFrames finds, read in chunks of %j bytes',
    async (sizes) => {
      const pieces = await piecesOf(chunked(framed, sizes))
      expect(pieces.every((p) => p.kind === 'frame')).toBe(true)
      expect(pieces.map((p) => (p.kind === 'frame' ? Buffer.from(p.bytes) : p))).toEqual(
        splitFrames(framed)!.map((f) => Buffer.from(f))
      )
    }
  )

  it('yields a bare message whole', async () => {
    const bare = Buffer.from(messages[0]!)
    expect(await piecesOf(chunked(bare, [50]))).toEqual([{ kind: 'whole', bytes: bare }])
  })

  it('says where framed content stops being frames', async () => {
    const cut = framed.subarray(0, framed.length - 10)
    const pieces = await piecesOf(chunked(cut, [999]))
    expect(pieces.filter((p) => p.kind === 'frame')).toHaveLength(11)
    expect(pieces.at(-1)).toMatchObject({ kind: 'broken' })
    expect((pieces.at(-1) as { reason: string }).reason).toMatch(/after message 11/)
  })
})

describe('import of a protobuf capture as it streams in', () => {
  it('stores the spans of every frame and names rejects by message', async () => {
    // Message 3 holds a span with a zero trace id.
    const bad = makeLlmTraceRequest(1, 500) as {
      resourceSpans: { scopeSpans: { spans: { traceId: string }[] }[] }[]
    }
    bad.resourceSpans[0]!.scopeSpans[0]!.spans[0]!.traceId = '0'.repeat(32)
    const list = [messages[0]!, messages[1]!, encodeTracesProtobuf(bad), messages[2]!]
    const bytes = Buffer.concat(list.map(frame))
    const sink = countingSink()
    const s = await importSource(source(bytes, [777]), sink)
    expect(s.format).toBe('otlp-protobuf')
    expect(s.error).toBeNull()
    expect(s.rejected).toBe(1)
    expect(s.rejects[0]!.reason).toMatch(/^message 3: resourceSpans\[0\]/)
    expect(sink.spans).toBe(4 + 8 + 3 + 12)
  })

  it('names no message in a file of one frame', async () => {
    const bad = makeLlmTraceRequest(1, 600) as {
      resourceSpans: { scopeSpans: { spans: { traceId: string }[] }[] }[]
    }
    bad.resourceSpans[0]!.scopeSpans[0]!.spans[0]!.traceId = '0'.repeat(32)
    const s = await importSource(source(frame(encodeTracesProtobuf(bad)), [64]), countingSink())
    expect(s.rejects.map((r) => r.reason.slice(0, 16))).toEqual(['resourceSpans[0]'])
  })

  it('keeps the whole frames of a truncated capture and rejects the rest', async () => {
    const sink = countingSink()
    const s = await importSource(source(framed.subarray(0, framed.length - 10), [4096]), sink)
    expect(s.error).toBeNull()
    expect(s.rejected).toBe(1)
    expect(s.rejects[0]!.reason).toMatch(/ends inside the frame after message 11/)
    expect(sink.spans).toBe(s.read.spans)
    // Frames 1-11 hold 1, 2, 3, 1, 2, 3, 1, 2, 3, 1, 2 requests of 4 spans.
    expect(s.read.spans).toBe(84)
  })
})
