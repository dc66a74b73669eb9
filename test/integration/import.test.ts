import { mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync, mkdirSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { gzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AppError } from '../../src/core/errors.js'
import type { IngestSink } from '../../src/ingest/pipeline/types.js'
import { importPaths, type ImportSummary } from '../../src/ingest/import/import.js'
import { encodeMetricsProtobuf, encodeTracesProtobuf } from '../../src/ingest/otlp/protobuf.js'
import { createMemoryStore } from '../../src/storage/memory/memory-store.js'
import type { SpanStore } from '../../src/storage/span-store.js'
import { makeLlmTraceRequest } from '../../src/core/otlp/testing/make-llm-request.js'
import { createTestSink } from '../../src/ingest/testing/sinks.js'

const FIX = resolve(import.meta.dirname, '../fixtures')
let dir: string

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'tokenline-import-'))
  const traces = join(dir, 'traces')
  mkdirSync(join(traces, 'nested'), { recursive: true })
  // JSON Lines, one request per line as the Collector file exporter writes, with a bad line 3.
  const lines = [0, 1, 2, 3].map((i) => JSON.stringify(makeLlmTraceRequest(2, i * 2)))
  lines.splice(2, 0, '{"resourceSpans": [ broken')
  writeFileSync(join(traces, 'export.log'), lines.join('\n') + '\n')
  // The same shape gzipped under a misleading name, inside a nested folder.
  writeFileSync(
    join(traces, 'nested', 'more.json.gz'),
    gzipSync(JSON.stringify(makeLlmTraceRequest(3, 100)) + '\n')
  )
  // A pretty-printed single request and a protobuf one.
  writeFileSync(join(dir, 'one.json'), readFileSync(join(FIX, 'otlp/otlp-trace-example.json')))
  writeFileSync(join(dir, 'batch.pb'), encodeTracesProtobuf(makeLlmTraceRequest(5, 200)))
  const metricsJson = JSON.parse(readFileSync(join(FIX, 'otlp/otlp-metrics-example.json'), 'utf8'))
  writeFileSync(join(dir, 'metrics.binpb'), encodeMetricsProtobuf(metricsJson))
  writeFileSync(join(dir, 'metrics-otlp.json'), JSON.stringify(metricsJson, null, 2))
  // Prometheus: OpenMetrics backfill (gzipped) and a scrape without timestamps (mtime applies).
  writeFileSync(
    join(dir, 'backfill.om.gz'),
    gzipSync(readFileSync(join(FIX, 'metrics/backfill.om')))
  )
  const scrape = join(dir, 'vllm.txt')
  writeFileSync(scrape, readFileSync(join(FIX, 'metrics/vllm-metrics-datadog-fixture.prom')))
  utimesSync(scrape, new Date('2024-06-11T21:00:00Z'), new Date('2024-06-11T21:00:00Z'))
  writeFileSync(join(dir, 'events.jsonl'), readFileSync(join(FIX, 'events/events.jsonl')))
  writeFileSync(join(dir, 'k8s.json'), readFileSync(join(FIX, 'events/kubectl-events.json')))
  writeFileSync(join(dir, 'README.md'), '# notes\n\nnothing to import here\n')
  writeFileSync(join(dir, '.hidden'), 'ignored')
})

afterAll(() => rmSync(dir, { recursive: true, force: true }))

function byName(summary: ImportSummary, name: string) {
  const f = summary.files.find((x) => x.file.endsWith(name))
  if (!f) {
    throw new Error(`no summary for ${name}`)
  }
  return f
}

describe('importPaths over a folder of every format', () => {
  let store: SpanStore
  let summary: ImportSummary
  let progress: [number, number][]

  beforeAll(async () => {
    store = createMemoryStore()
    progress = []
    summary = await importPaths([dir], createTestSink(store), {
      onProgress: (done, total) => progress.push([done, total]),
    })
  })

  it('detects each format by content, not by name', () => {
    expect(summary.files.map((f) => [f.file.slice(dir.length + 1), f.format, f.gzip])).toEqual([
      ['README.md', 'unknown', false],
      ['backfill.om.gz', 'prometheus-text', true],
      ['batch.pb', 'otlp-protobuf', false],
      ['events.jsonl', 'events-jsonl', false],
      ['k8s.json', 'kubernetes-events', false],
      ['metrics-otlp.json', 'otlp-metrics-json', false],
      ['metrics.binpb', 'otlp-protobuf', false],
      ['one.json', 'otlp-traces-json', false],
      ['traces/export.log', 'otlp-traces-jsonl', false],
      ['traces/nested/more.json.gz', 'otlp-traces-jsonl', true],
      ['vllm.txt', 'prometheus-text', false],
    ])
    expect(byName(summary, 'README.md').error).toMatch(/format not recognised/)
  })

  it('counts what was read and stored per file, and names rejects by file and line', () => {
    const log = byName(summary, 'export.log')
    expect(log.read.spans).toBe(4 * 2 * 4)
    expect(log.stored.spans).toBe(32)
    expect(log.rejected).toBe(1)
    expect(log.rejects[0]).toMatchObject({ file: log.file, line: 3 })
    expect(log.rejects[0]?.reason).toMatch(/not JSON/)
    expect(byName(summary, 'more.json.gz').stored.spans).toBe(12)
    expect(byName(summary, 'batch.pb').stored.spans).toBe(20)
    expect(byName(summary, 'one.json').stored.spans).toBe(1)
    expect(byName(summary, 'metrics.binpb').stored.samples).toBe(
      byName(summary, 'metrics-otlp.json').stored.samples
    )
    expect(byName(summary, 'metrics.binpb').stored.samples).toBeGreaterThan(0)
    expect(byName(summary, 'events.jsonl')).toMatchObject({
      read: { events: 4 },
      stored: { events: 4 },
      rejected: 4,
    })
    expect(byName(summary, 'events.jsonl').rejects.map((r) => r.line)).toEqual([5, 6, 7, 8])
    expect(byName(summary, 'k8s.json').stored.events).toBe(5)
    expect(byName(summary, 'k8s.json').rejects[0]).toMatchObject({ line: null })
    expect(byName(summary, 'k8s.json').rejects[0]?.reason).toMatch(/^items\[6\]/)
    expect(byName(summary, 'vllm.txt').stored.samples).toBe(185)
    expect(summary.stored.spans).toBe(32 + 12 + 20 + 1)
    expect(summary.rejected).toBe(1 + 4 + 1)
  })

  it('stores samples with file timestamps, or the mtime when the text has none', async () => {
    const waiting = await store.querySeries({
      name: 'vllm:num_requests_waiting',
      labels: { pod: 'vllm-0' },
    })
    expect(waiting[0]?.points.map((p) => p.value)).toEqual([0, 3, 12])
    const hits = await store.querySeries({ name: 'vllm:prefix_cache_hits_total' })
    expect(hits[0]?.points).toEqual([
      { timeUs: Date.parse('2024-06-11T21:00:00Z') * 1000, value: 64 },
    ])
    const events = await store.queryEvents({})
    expect(events).toHaveLength(9)
  })

  it('reports progress up to the total byte count', () => {
    const last = progress.at(-1)
    expect(last?.[0]).toBe(last?.[1])
    expect(progress.length).toBeGreaterThan(5)
    for (let i = 1; i < progress.length; i++) {
      expect(progress[i]![0]).toBeGreaterThanOrEqual(progress[i - 1]![0])
    }
  })
})

describe('importPaths edge cases', () => {
  it('reports a missing path and reads nothing', async () => {
    const s = await importPaths([join(dir, 'nope')], createTestSink(createMemoryStore()))
    expect(s.files[0]?.error).toBe('no such file or folder')
    expect(s.stored).toEqual({ spans: 0, samples: 0, events: 0 })
  })

  it('reports a corrupt gzip file without stopping the import', async () => {
    const bad = join(dir, 'corrupt.gz')
    writeFileSync(
      bad,
      Buffer.concat([gzipSync('x'.repeat(100)).subarray(0, 12), Buffer.alloc(50, 7)])
    )
    try {
      const s = await importPaths(
        [bad, join(dir, 'events.jsonl')],
        createTestSink(createMemoryStore())
      )
      expect(s.files[0]?.error).toMatch(/could not read the file/)
      expect(s.stored.events).toBe(4)
    } finally {
      rmSync(bad)
    }
  })

  it('waits Retry-After and resends a batch the sink refused as overloaded', async () => {
    const store = createMemoryStore()
    const inner = createTestSink(store)
    let refusals = 2
    const sink: IngestSink = {
      ...inner,
      submitSpans: async (spans) => {
        if (refusals-- > 0) {
          throw new AppError('INGEST_OVERLOADED', 'queue full', { retryAfterSeconds: 0.01 })
        }
        await inner.submitSpans(spans)
      },
    }
    const sleeps: number[] = []
    const s = await importPaths([join(dir, 'batch.pb')], sink, {
      sleep: async (ms) => {
        sleeps.push(ms)
      },
    })
    expect(sleeps).toEqual([50, 50])
    expect(s.stored.spans).toBe(20)
    expect((await store.stats()).spans).toBe(20)
  })

  it('reads the Collector file exporter protobuf framing (length-prefixed messages)', async () => {
    const frame = (msg: Uint8Array): Buffer => {
      const len = Buffer.alloc(4)
      len.writeUInt32BE(msg.length)
      return Buffer.concat([len, msg])
    }
    const path = join(dir, 'framed.binpb')
    writeFileSync(
      path,
      Buffer.concat([
        frame(encodeTracesProtobuf(makeLlmTraceRequest(2, 300))),
        frame(encodeTracesProtobuf(makeLlmTraceRequest(3, 310))),
      ])
    )
    try {
      const s = await importPaths([path], createTestSink(createMemoryStore()))
      expect(s.files[0]).toMatchObject({ format: 'otlp-protobuf', rejected: 0, error: null })
      expect(s.stored.spans).toBe(20)
    } finally {
      rmSync(path)
    }
  })

  it('submits in batches of the configured size', async () => {
    const store = createMemoryStore()
    const inner = createTestSink(store)
    const sizes: number[] = []
    const sink: IngestSink = {
      ...inner,
      submitSpans: async (spans) => {
        sizes.push(spans.length)
        await inner.submitSpans(spans)
      },
    }
    await importPaths([join(dir, 'traces', 'export.log')], sink, { batchSpans: 10 })
    // 4 requests of 8 spans: exact batches, a request split across two when it must.
    expect(sizes).toEqual([10, 10, 10, 2])
  })
})
