/**
 * Decoding in worker threads changes nothing an import reports or stores: the same spans in the
 * same order, the same rejects on the same lines, over a file cut into many segments, gzipped
 * or not, with CRLF line ends, blank lines, lines that are not JSON and spans that are refused.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Span } from '../../src/core/model/span.js'
import { importPaths, type ImportSummary } from '../../src/ingest/import/import.js'
import type { IngestSink } from '../../src/ingest/pipeline/types.js'
import { makeLlmTraceRequest } from '../../src/core/otlp/testing/make-llm-request.js'
import { zeroIngestCounters } from '../../src/ingest/pipeline/counters.js'

let dir: string

/** A sink that keeps every span handed to it, in order, and the size of each batch. */
function recordingSink(): IngestSink & { spans: Span[]; batches: number[] } {
  const spans: Span[] = []
  const batches: number[] = []
  const zero = zeroIngestCounters()
  return {
    spans,
    batches,
    submitSpans: async (batch) => {
      batches.push(batch.length)
      spans.push(...batch)
    },
    submitMetrics: async () => {},
    submitEvents: async () => {},
    flush: async () => {},
    counters: () => zero,
    close: async () => {},
  }
}

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'tokenline-import-workers-'))
  const lines: string[] = []
  // ~2 MB: several 256 KiB reads, so lines straddle the segments sent to workers.
  for (let i = 0; i < 600; i++) {
    const request = makeLlmTraceRequest(1, i)
    if (i % 97 === 5) {
      // One span of the request refused (a zero trace id), the others kept.
      const rs = (
        request as { resourceSpans: { scopeSpans: { spans: { traceId: string }[] }[] }[] }
      ).resourceSpans
      rs[1]!.scopeSpans[0]!.spans[0]!.traceId = '0'.repeat(32)
    }
    lines.push(JSON.stringify(request))
    if (i % 101 === 7) {
      lines.push('{"resourceSpans": [ not json')
    }
    if (i % 89 === 3) {
      lines.push('')
    }
  }
  const text = lines.join('\r\n') + '\n'
  writeFileSync(join(dir, 'a.jsonl'), text)
  writeFileSync(join(dir, 'b.jsonl.gz'), gzipSync(text))
})

afterAll(() => rmSync(dir, { recursive: true, force: true }))

describe('import with --decode-workers', () => {
  let inline: { summary: ImportSummary; sink: ReturnType<typeof recordingSink> }
  let workers: { summary: ImportSummary; sink: ReturnType<typeof recordingSink> }

  beforeAll(async () => {
    const run = async (decodeWorkers: number) => {
      const sink = recordingSink()
      const summary = await importPaths([dir], sink, {
        decodeWorkers,
        batchSpans: 1000,
        maxRejectsListed: 100,
      })
      return { summary, sink }
    }
    inline = await run(0)
    workers = await run(2)
  })

  it('reads, stores and rejects the same items on the same lines', () => {
    expect(inline.summary.read.spans).toBe(2 * (600 * 4 - 7))
    expect(inline.summary.rejected).toBe(2 * (7 + 6))
    const strip = (s: ImportSummary) => s.files.map((f) => ({ ...f, file: f.file }))
    expect(strip(workers.summary)).toEqual(strip(inline.summary))
    expect(workers.summary.rejected).toBe(inline.summary.rejected)
  })

  it('hands over the same spans in the same order and batches', () => {
    expect(workers.sink.batches).toEqual(inline.sink.batches)
    expect(workers.sink.spans).toEqual(inline.sink.spans)
  })

  it('numbers rejected lines as the file does (blank lines counted)', () => {
    const lines = inline.summary.files[0]!.rejects.map((r) => r.line)
    expect(lines.length).toBe(13)
    expect(new Set(lines).size).toBe(13)
    const first = inline.summary.files[0]!.rejects[0]!
    // Request 5 is on line 7: requests 0-3, the blank line after request 3, request 4.
    expect(first).toMatchObject({ line: 7 })
    expect(first.reason).toMatch(/traceId must be/)
  })
})
