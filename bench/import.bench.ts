/**
 * `tokenline import` throughput: writes a JSON Lines file of N OTLP trace requests (one request
 * of 4 spans per line, as the Collector file exporter writes), then times
 *   1. the baseline: reading the file line by line and JSON.parse of every line, and
 *   2. importPaths into a sink that drops everything (the import's own reading and decoding),
 *   3. importPaths into a fresh DuckDB file through the real ingest pipeline (decode, store
 *      spans, assemble and store request timelines), with the import's default of two batches
 *      in flight and, in the same run, with one (the reader waiting for every commit).
 *
 *   npx tsx bench/import.bench.ts                 # 100k requests
 *   npx tsx bench/import.bench.ts --requests 1000000
 *   BENCH_REQUESTS=20000 npx tsx bench/import.bench.ts
 */
import { createReadStream, createWriteStream, statSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createInterface } from 'node:readline'
import { once } from 'node:events'
import { createSilentLogger } from '../src/core/logger.js'
import { importPaths } from '../src/ingest/import.js'
import { createImportPipeline } from '../src/ingest/import-pipeline.js'
import { createIngestPipeline } from '../src/ingest/pipeline.js'
import type { ImportSummary } from '../src/ingest/import.js'
import type { IngestSink } from '../src/ingest/types.js'
import type { StoreStats } from '../src/core/model/query.js'
import { createDuckDbStore } from '../src/storage/duckdb/duckdb-store.js'
import { makeLlmTraceRequest } from '../test/fixtures/otlp/make-llm-request.js'

function requestedCount(): number {
  const i = process.argv.indexOf('--requests')
  const flag = i === -1 ? undefined : process.argv[i + 1]
  const n = Number(flag ?? process.env.BENCH_REQUESTS ?? 100_000)
  if (!Number.isInteger(n) || n <= 0) {
    throw new Error(`--requests must be a positive integer (actual: ${flag})`)
  }
  return n
}

async function writeJsonl(path: string, requests: number): Promise<void> {
  const out = createWriteStream(path)
  for (let i = 0; i < requests; i++) {
    if (!out.write(`${JSON.stringify(makeLlmTraceRequest(1, i))}\n`)) {
      await once(out, 'drain')
    }
  }
  out.end()
  await once(out, 'finish')
}

async function readAndParse(path: string): Promise<number> {
  const rl = createInterface({ input: createReadStream(path), crlfDelay: Infinity })
  let spans = 0
  for await (const line of rl) {
    const obj = JSON.parse(line) as { resourceSpans: { scopeSpans: { spans: unknown[] }[] }[] }
    for (const rs of obj.resourceSpans) {
      for (const ss of rs.scopeSpans) {
        spans += ss.spans.length
      }
    }
  }
  return spans
}

function createDiscardSink(): IngestSink {
  const zero = {
    spansAccepted: 0,
    spansDuplicate: 0,
    tracesNotLlm: 0,
    requestsAssembled: 0,
    metricSamplesAccepted: 0,
    eventsAccepted: 0,
    queueDepth: 0,
    pendingTraces: 0,
  }
  return {
    submitSpans: async () => {},
    submitMetrics: async () => {},
    submitEvents: async () => {},
    flush: async () => {},
    counters: () => zero,
    close: async () => {},
  }
}

const fmt = (n: number): string => Math.round(n).toLocaleString('en-US')

async function main(): Promise<void> {
  const requests = requestedCount()
  const dir = await mkdtemp(join(tmpdir(), 'tokenline-import-bench-'))
  try {
    const file = join(dir, 'traces.jsonl')
    let t = performance.now()
    await writeJsonl(file, requests)
    const sizeMb = statSync(file).size / 1_048_576
    console.log(
      `generated ${fmt(requests)} requests (${sizeMb.toFixed(0)} MB) in ${((performance.now() - t) / 1000).toFixed(1)} s`
    )

    t = performance.now()
    const baselineSpans = await readAndParse(file)
    const baselineS = (performance.now() - t) / 1000

    // Reading and decoding alone, into a sink that drops everything: the import's own cost.
    t = performance.now()
    await importPaths([file], createDiscardSink())
    const decodeS = (performance.now() - t) / 1000

    // The import's pipeline (bounded, as `tokenline import`), then the server's limits.
    const intoStore = async (
      name: string,
      make: typeof createIngestPipeline,
      batchesInFlight?: number
    ): Promise<{
      s: number
      heapMb: number
      liveMb: number
      summary: ImportSummary
      stats: StoreStats
    }> => {
      const store = await createDuckDbStore({ path: join(dir, `${name}.duckdb`) })
      const sink = make({ store, logger: createSilentLogger(), now: Date.now })
      global.gc?.()
      const before = process.memoryUsage().heapUsed
      let peak = before
      let live = before
      const sampler = setInterval(() => {
        peak = Math.max(peak, process.memoryUsage().heapUsed)
      }, 200)
      // With --expose-gc: the heap still reachable (what a limit must bound), not garbage.
      const gcSampler = setInterval(() => {
        if (global.gc) {
          global.gc()
          live = Math.max(live, process.memoryUsage().heapUsed)
        }
      }, 2000)
      const t0 = performance.now()
      const summary = await importPaths([file], sink, { batchesInFlight })
      const s = (performance.now() - t0) / 1000
      clearInterval(sampler)
      clearInterval(gcSampler)
      await sink.close()
      const stats = await store.stats()
      await store.close()
      const mb = (b: number): number => (b - before) / 1_048_576
      return { s, heapMb: mb(peak), liveMb: mb(live), summary, stats }
    }
    const bounded = await intoStore('import', createImportPipeline)
    // The same with one batch at a time (the reader waits for every commit), as before ADR 0102.
    const oneBatch = await intoStore('one-batch', createImportPipeline, 1)
    const serverLimits = await intoStore('server-limits', createIngestPipeline)
    const importS = bounded.s
    const { summary, stats } = bounded

    console.log(
      `baseline  read + JSON.parse: ${baselineS.toFixed(2)} s, ${fmt(baselineSpans / baselineS)} spans/s`
    )
    console.log(
      `decode    import, no store:    ${decodeS.toFixed(2)} s, ${fmt(requests / decodeS)} requests/s (${(decodeS / baselineS).toFixed(1)}x baseline)`
    )
    console.log(
      `import    into DuckDB:        ${importS.toFixed(2)} s, ${fmt(requests / importS)} requests/s, ${fmt(summary.stored.spans / importS)} spans/s`
    )
    console.log(`ratio     import / baseline:   ${(importS / baselineS).toFixed(1)}x`)
    console.log(
      `stored    ${fmt(stats.spans)} spans, ${fmt(stats.requests)} requests (assembled: ${fmt(summary.requests)}), rejected ${summary.rejected}`
    )
    console.log(
      `one batch in flight: ${oneBatch.s.toFixed(2)} s (${(oneBatch.s / baselineS).toFixed(1)}x baseline); two (the default): ${importS.toFixed(2)} s`
    )
    for (const [name, r] of [
      ['import limits', bounded],
      ['import limits, one batch in flight', oneBatch],
      ['server limits', serverLimits],
    ] as const) {
      console.log(
        `heap      ${name}: ${r.s.toFixed(2)} s, peak +${r.heapMb.toFixed(0)} MB` +
          (global.gc ? `, reachable (after GC) peak +${r.liveMb.toFixed(0)} MB` : '') +
          ` (file ${sizeMb.toFixed(0)} MB)`
      )
    }
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}

await main()
