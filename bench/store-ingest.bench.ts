/**
 * Store ingest and query benchmark (DuckDB file store).
 *
 *   npx tsx bench/store-ingest.bench.ts                 # 1M spans, 1M requests
 *   npx tsx bench/store-ingest.bench.ts --spans 5000000 --requests 10000000
 *   npx tsx bench/store-ingest.bench.ts --spans 0 --requests 10000000   # percentiles only
 *   TOKENLINE_BENCH_SPANS=200000 TOKENLINE_BENCH_REQUESTS=200000 npx tsx bench/store-ingest.bench.ts
 *
 * Figures: spans/s through `insertSpans` (batches of 512 and 5000) with peak RSS, against a
 * baseline of JSON-serialising the same spans in memory; requests upserted/s; per-dimension
 * percentile query time; and protobuf bytes → decode → insert against decode alone.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { decodeTraces } from '../src/core/otlp/decode-traces.js'
import type { RequestTimeline } from '../src/core/model/request.js'
import type { Span } from '../src/core/model/span.js'
import type { Micros } from '../src/core/model/units.js'
import { decodeTracesProtobuf, encodeTracesProtobuf } from '../src/ingest/otlp/protobuf.js'
import { createDuckDbStore } from '../src/storage/duckdb/duckdb-store.js'
import { makeRequest, hexId } from '../src/core/model/testing/builders.js'
import { makeLlmTraceRequest } from '../src/core/otlp/testing/make-llm-request.js'

const { values: args } = parseArgs({
  options: {
    spans: { type: 'string', default: process.env['TOKENLINE_BENCH_SPANS'] ?? '1000000' },
    requests: { type: 'string', default: process.env['TOKENLINE_BENCH_REQUESTS'] ?? '1000000' },
  },
})
const SPANS = Number(args.spans)
const REQUESTS = Number(args.requests)
const dir = mkdtempSync(join(tmpdir(), 'tokenline-bench-'))

const fmt = (n: number): string => Math.round(n).toLocaleString('en-US')
const mib = (bytes: number): string => `${(bytes / 1024 / 1024).toFixed(0)} MiB`

/** Realistic spans: 4-span LLM traces decoded by the real OTLP decoder (~15 attributes each). */
function spanBatch(first: number, size: number): Span[] {
  return decodeTraces(makeLlmTraceRequest(Math.ceil(size / 4), first)).spans.slice(0, size)
}

function rssSampler(): { stop(): number } {
  let peak = process.memoryUsage().rss
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20)
  return {
    stop() {
      clearInterval(timer)
      return Math.max(peak, process.memoryUsage().rss)
    },
  }
}

async function benchSpanInsert(batchSize: number, inFlight: number, SPANS: number): Promise<void> {
  const store = await createDuckDbStore({
    path: join(dir, `spans-${batchSize}-${inFlight}.duckdb`),
  })
  let insertMs = 0
  let jsonMs = 0
  let jsonBytes = 0
  const rss = rssSampler()
  for (let done = 0; done < SPANS;) {
    // `inFlight` concurrent calls, as from that many exporters posting at once.
    const batches: Span[][] = []
    for (let k = 0; k < inFlight && done < SPANS; k++) {
      batches.push(spanBatch(done / 4, Math.min(batchSize, SPANS - done)))
      done += batchSize
    }
    let t = performance.now()
    for (const batch of batches) {
      jsonBytes += JSON.stringify(batch).length
    }
    jsonMs += performance.now() - t
    t = performance.now()
    await Promise.all(batches.map((batch) => store.insertSpans(batch)))
    insertMs += performance.now() - t
  }
  const peak = rss.stop()
  const stats = await store.stats()
  await store.close()
  const rate = SPANS / (insertMs / 1000)
  const jsonRate = SPANS / (jsonMs / 1000)
  console.log(
    `insertSpans batch ${String(batchSize).padStart(4)} × ${inFlight} in flight: ${fmt(rate)} spans/s (${(insertMs / 1000).toFixed(1)} s), ` +
      `peak RSS ${mib(peak)}, file ${mib(stats.bytes ?? 0)}; baseline JSON.stringify ${fmt(jsonRate)} spans/s ` +
      `(${mib(jsonBytes)}); ratio insert/JSON ${(rate / jsonRate).toFixed(2)}`
  )
}

const REPLICAS = Array.from({ length: 16 }, (_, i) => `vllm-${i}`)
const TENANTS = Array.from({ length: 50 }, (_, i) => `tenant-${i}`)

function requestBatch(first: number, size: number): RequestTimeline[] {
  return Array.from({ length: size }, (_, k) => {
    const i = first + k
    const x = ((i * 2654435761) % 1_000_003) / 1_000_003
    return makeRequest({
      traceId: hexId(i + 1, 32),
      startUs: (1_760_000_000_000_000 + i * 3000) as Micros,
      endUs: (1_760_000_000_000_000 + i * 3000 + 900_000) as Micros,
      dims: {
        model: 'llama-3-8b',
        version: '0.6.3',
        replica: REPLICAS[i % 16] ?? null,
        node: `gpu-${i % 4}`,
        tenant: TENANTS[i % 50] ?? null,
        route: '/v1/chat/completions',
        region: 'eu',
        gateway: 'gw-1',
      },
      stages: {
        'gateway.queue': Math.round(x * 5000),
        'engine.queue': Math.round(x * x * 200_000),
        'engine.prefill': 120_000 + (i % 97) * 100,
        'engine.decode': 700_000,
      },
      ttftUs: (150_000 + Math.round(x ** 4 * 2_000_000)) as Micros,
      ttftSource: 'client',
      tpotUs: (20_000 + (i % 13) * 100) as Micros,
      e2eUs: (900_000 + Math.round(x * 300_000)) as Micros,
      inputTokens: 512,
      outputTokens: 128,
      status: 200,
      hasClient: true,
      hasGateway: true,
      hasEngine: true,
      spanCount: 4,
    })
  })
}

async function benchRequests(): Promise<void> {
  const store = await createDuckDbStore({ path: join(dir, 'requests.duckdb') })
  const batchSize = 20_000
  let upsertMs = 0
  for (let done = 0; done < REQUESTS; done += batchSize) {
    const batch = requestBatch(done, Math.min(batchSize, REQUESTS - done))
    const t = performance.now()
    await store.upsertRequests(batch)
    upsertMs += performance.now() - t
  }
  console.log(
    `upsertRequests (new, batch ${batchSize}): ${fmt(REQUESTS / (upsertMs / 1000))} requests/s`
  )
  // Replacements: late spans re-assemble requests that are already stored.
  const replaced = Math.min(100_000, REQUESTS)
  let replaceMs = 0
  for (let done = 0; done < replaced; done += batchSize) {
    const batch = requestBatch(REQUESTS - replaced + done, Math.min(batchSize, replaced - done))
    const t = performance.now()
    await store.upsertRequests(batch)
    replaceMs += performance.now() - t
  }
  console.log(
    `upsertRequests (replacing, batch ${batchSize}, table of ${fmt(REQUESTS)}): ${fmt(replaced / (replaceMs / 1000))} requests/s`
  )
  const quantiles = [0.5, 0.9, 0.95, 0.99]
  for (const [label, query] of [
    ['ttft by replica', { measures: ['ttft'] as const, quantiles, groupBy: 'replica' as const }],
    ['ttft by tenant', { measures: ['ttft'] as const, quantiles, groupBy: 'tenant' as const }],
    [
      'ttft,e2e,engine.queue overall',
      { measures: ['ttft', 'e2e', 'engine.queue'] as const, quantiles },
    ],
    [
      'ttft per 60 s step',
      { measures: ['ttft'] as const, quantiles, stepUs: 60_000_000 as Micros },
    ],
  ] as const) {
    const t = performance.now()
    const rows = await store.percentiles({ ...query, measures: [...query.measures] })
    const ms = performance.now() - t
    console.log(
      `percentiles ${label} over ${fmt(REQUESTS)} requests: ${ms.toFixed(0)} ms (${rows.length} rows)`
    )
  }
  const t = performance.now()
  await store.queryRequests({
    sortBy: 'ttft',
    sortDir: 'desc',
    limit: 50,
    filters: { replica: ['vllm-3'] },
  })
  console.log(
    `queryRequests top 50 by ttft for one replica: ${(performance.now() - t).toFixed(0)} ms`
  )
  await store.close()
}

async function benchEndToEnd(inFlight: number): Promise<void> {
  const payloadSpans = 512
  const payloads = Array.from({ length: 32 }, (_, i) =>
    encodeTracesProtobuf(makeLlmTraceRequest(payloadSpans / 4, i * 1000))
  )
  const total = Math.ceil(SPANS / 4)
  const rounds = Math.ceil(total / payloadSpans)
  const store = await createDuckDbStore({ path: join(dir, `e2e-${inFlight}.duckdb`) })
  let decodeMs = 0
  let e2eMs = 0
  let decoded = 0
  let stored = 0
  // Decode-only and end-to-end alternate per slice, so a change in machine load during the run
  // affects both figures alike.
  const slice = inFlight * 8
  for (let first = 0; first < rounds; first += slice) {
    const last = Math.min(rounds, first + slice)
    let t = performance.now()
    for (let i = first; i < last; i++) {
      decoded += decodeTracesProtobuf(payloads[i % payloads.length] as Uint8Array).spans.length
    }
    decodeMs += performance.now() - t
    t = performance.now()
    // Like a server with up to `inFlight` export requests open: each request body is decoded in
    // its own event-loop turn (as it arrives on its socket) and then awaits the store, so
    // decoding the next requests overlaps the running commit.
    const open = new Set<Promise<void>>()
    for (let i = first; i < last; i++) {
      while (open.size >= inFlight) {
        await Promise.race(open)
      }
      await new Promise<void>((resolve) => setImmediate(resolve))
      const { spans } = decodeTracesProtobuf(payloads[i % payloads.length] as Uint8Array)
      stored += spans.length
      const request: Promise<void> = store.insertSpans(spans).then(() => {
        open.delete(request)
      })
      open.add(request)
    }
    await Promise.all(open)
    e2eMs += performance.now() - t
  }
  const decodeRate = decoded / (decodeMs / 1000)
  const e2eRate = stored / (e2eMs / 1000)
  await store.close()
  console.log(
    `protobuf → decode → insert (${payloadSpans}-span requests, ${inFlight} in flight, ${fmt(stored)} spans): ` +
      `${fmt(e2eRate)} spans/s; decode only ${fmt(decodeRate)} spans/s; ratio ${(e2eRate / decodeRate).toFixed(2)} ` +
      `(goal ≥ 100,000 spans/s, ratio ≥ 0.5)`
  )
}

try {
  console.log(
    `store-ingest bench: ${fmt(SPANS)} spans, ${fmt(REQUESTS)} requests, DuckDB files in ${dir}`
  )
  // The full N goes through the 5000-span configuration (peak RSS); the small-batch variants use
  // a quarter of it, enough for a stable rate, so the default run stays short.
  if (SPANS > 0) {
    await benchSpanInsert(5000, 1, SPANS)
    await benchSpanInsert(512, 1, Math.ceil(SPANS / 4))
    await benchSpanInsert(512, 8, Math.ceil(SPANS / 4))
    await benchEndToEnd(1)
    await benchEndToEnd(8)
  }
  if (REQUESTS > 0) {
    await benchRequests()
  }
} finally {
  rmSync(dir, { recursive: true, force: true })
}
