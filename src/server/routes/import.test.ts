import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { gzipSync } from 'node:zlib'
import { afterEach, describe, expect, it } from 'vitest'
import { createSilentLogger } from '../../core/logger.js'
import type { ImportSummary } from '../../ingest/import/import.js'
import { createIngestPipeline } from '../../ingest/pipeline/pipeline.js'
import { createMemoryStore } from '../../storage/memory/memory-store.js'
import { makeLlmTraceRequest } from '../../core/otlp/testing/make-llm-request.js'
import { createApp } from '../app.js'

const FIX = resolve(import.meta.dirname, '../../../test/fixtures')
const closers: (() => Promise<void>)[] = []

afterEach(async () => {
  for (const c of closers.splice(0)) {
    await c()
  }
})

function makeApp(maxImportBytes?: number) {
  const store = createMemoryStore()
  const ingest = createIngestPipeline({ store, logger: createSilentLogger(), now: Date.now })
  closers.push(() => ingest.close())
  const app = createApp({
    store,
    ingest,
    logger: createSilentLogger(),
    now: () => 1_718_140_000_000,
    limits: { maxBodyBytes: 1024, ...(maxImportBytes === undefined ? {} : { maxImportBytes }) },
    version: 'test',
  })
  return { app, store }
}

const OCTETS = { 'content-type': 'application/octet-stream' }

describe('POST /api/import: access logs', () => {
  const format =
    '$msec $request_method $uri $status $request_time $upstream_addr $upstream_response_time'
  const lines = [
    '1718140000.500 POST /v1/chat/completions 200 0.300 10.0.0.1:8000 0.299',
    '1718140001.500 GET /health 200 0.001 10.0.0.1:8000 0.001',
    'not a line of that format',
  ].join('\n')

  it('reads an nginx log in the log_format given as nginx_log_format; health checks apart', async () => {
    const { app, store } = makeApp()
    const res = await app.request(
      `/api/import?filename=access.log&nginx_log_format=${encodeURIComponent(format)}`,
      { method: 'POST', headers: OCTETS, body: lines }
    )
    expect(res.status).toBe(200)
    const summary = (await res.json()) as ImportSummary
    expect(summary.files[0]).toMatchObject({ format: 'access-log-nginx', rejected: 1 })
    expect(summary.files[0]?.rejects[0]?.line).toBe(3)
    expect(summary.requests).toBe(1)
    expect(summary.notLlm).toBe(1)
    expect((await store.stats()).requests).toBe(1)
  })

  it('answers 400 for a log_format without $request_time', async () => {
    const { app } = makeApp()
    const res = await app.request(
      `/api/import?filename=access.log&nginx_log_format=${encodeURIComponent('$remote_addr')}`,
      { method: 'POST', headers: OCTETS, body: lines }
    )
    expect(res.status).toBe(400)
    expect(await res.text()).toContain('$request_time')
  })
})

describe('POST /api/import', () => {
  it('imports gzipped OTLP JSON Lines larger than the OTLP body limit and assembles requests', async () => {
    const { app, store } = makeApp()
    const body = gzipSync(
      [0, 1, 2].map((i) => JSON.stringify(makeLlmTraceRequest(2, i * 2))).join('\n')
    )
    const res = await app.request('/api/import?filename=../../etc/traces.jsonl.gz', {
      method: 'POST',
      headers: OCTETS,
      body,
    })
    expect(res.status).toBe(200)
    const summary = (await res.json()) as ImportSummary
    expect(summary.files[0]).toMatchObject({
      file: 'traces.jsonl.gz',
      format: 'otlp-traces-jsonl',
      gzip: true,
      stored: { spans: 24, samples: 0, events: 0 },
    })
    expect(summary.requests).toBe(6)
    expect((await store.stats()).requests).toBe(6)
  })

  it('uses the mtime parameter for Prometheus samples without timestamps', async () => {
    const { app, store } = makeApp()
    const res = await app.request('/api/import?filename=vllm.prom&mtime=1718140000000', {
      method: 'POST',
      headers: OCTETS,
      body: readFileSync(resolve(FIX, 'metrics/sglang-metrics-docs-example.prom')),
    })
    expect(res.status).toBe(200)
    const series = await store.querySeries({ name: 'sglang:num_queue_reqs' })
    expect(series[0]?.points).toEqual([{ timeUs: 1_718_140_000_000_000, value: 2826 }])
  })

  it('places samples without a timestamp within timed_start..timed_end, the data sent with them (ADR 0400)', async () => {
    const { app, store } = makeApp()
    const scrape = readFileSync(resolve(FIX, 'metrics/sglang-metrics-docs-example.prom'))
    // Copied four days after the traces it was taken with, which end at timed_end.
    const res = await app.request(
      '/api/import?filename=vllm.prom&mtime=1718485600000&timed_start=1718140000000&timed_end=1718140075500',
      { method: 'POST', headers: OCTETS, body: scrape }
    )
    expect(res.status).toBe(200)
    const summary = (await res.json()) as ImportSummary
    expect(summary.files[0]?.untimedSamples).toMatchObject({
      atMs: 1_718_140_075_500,
      mtimeMs: 1_718_485_600_000,
    })
    expect(summary.stored.samples).toBe(summary.read.samples)
    const series = await store.querySeries({ name: 'sglang:num_queue_reqs' })
    expect(series[0]?.points).toEqual([{ timeUs: 1_718_140_075_500_000, value: 2826 }])
  })

  it("places them when the upload is received when nothing says otherwise, and answers the span of an upload's timed data", async () => {
    const { app, store } = makeApp()
    const res = await app.request('/api/import?filename=vllm.prom', {
      method: 'POST',
      headers: OCTETS,
      body: readFileSync(resolve(FIX, 'metrics/sglang-metrics-docs-example.prom')),
    })
    expect(((await res.json()) as { timedExtent: unknown }).timedExtent).toBeNull()
    const series = await store.querySeries({ name: 'sglang:num_queue_reqs' })
    expect(series[0]?.points).toEqual([{ timeUs: 1_718_140_000_000_000, value: 2826 }])
    const body = JSON.stringify(makeLlmTraceRequest(1, 0))
    const nanos = (key: string): number[] =>
      [...body.matchAll(new RegExp(`"${key}":"(\\d+)"`, 'g'))].map((m) => Number(m[1]) / 1e6)
    const traces = await app.request('/api/import?filename=traces.json', {
      method: 'POST',
      headers: OCTETS,
      body,
    })
    expect(((await traces.json()) as { timedExtent: unknown }).timedExtent).toEqual({
      startMs: Math.min(...nanos('startTimeUnixNano')),
      endMs: Math.max(...nanos('endTimeUnixNano')),
    })
  })

  it('answers 400 for a timed_start without timed_end, or one after it', async () => {
    const { app } = makeApp()
    for (const query of ['timed_start=1718140000000', 'timed_start=2&timed_end=1']) {
      const res = await app.request(`/api/import?filename=x.prom&${query}`, {
        method: 'POST',
        headers: OCTETS,
        body: 'x 1\n',
      })
      expect(res.status, query).toBe(400)
      expect(await res.json()).toMatchObject({ error: { code: 'INPUT_INVALID' } })
    }
  })

  it('reports unknown content in the summary and rejects a bad mtime', async () => {
    const { app } = makeApp()
    const res = await app.request('/api/import?filename=notes.md', {
      method: 'POST',
      headers: OCTETS,
      body: '# notes\n\nhello\n',
    })
    expect(res.status).toBe(200)
    expect(((await res.json()) as ImportSummary).files[0]?.error).toMatch(/format not recognised/)
    const bad = await app.request('/api/import?mtime=yesterday', {
      method: 'POST',
      headers: OCTETS,
      body: 'x 1',
    })
    expect(bad.status).toBe(400)
    expect(await bad.json()).toMatchObject({ error: { code: 'INPUT_INVALID' } })
  })

  it('answers 413 past api.maxImportBytes, declared or streamed, and keeps nothing', async () => {
    const { app, store } = makeApp(1000)
    const big = new Uint8Array(5000).fill(0x61)
    const declared = await app.request('/api/import?filename=x.jsonl', {
      method: 'POST',
      headers: { ...OCTETS, 'content-length': String(big.length) },
      body: big,
    })
    expect(declared.status).toBe(413)
    expect(((await declared.json()) as { error: { message: string } }).error.message).toContain(
      'api.maxImportBytes'
    )
    const streamed = await app.request('/api/import?filename=x.jsonl', {
      method: 'POST',
      headers: OCTETS,
      body: new ReadableStream<Uint8Array>({
        start(controller) {
          for (let i = 0; i < 5; i++) {
            controller.enqueue(big.subarray(0, 1000))
          }
          controller.close()
        },
      }),
      duplex: 'half',
    } as RequestInit)
    expect(streamed.status).toBe(413)
    expect((await store.stats()).spans).toBe(0)
  })
})
