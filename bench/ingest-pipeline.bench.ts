/**
 * Ingest pipeline throughput with many small batches, as OTLP exporters send them: C concurrent
 * submitters each submit batches of B spans (whole 7-span request traces) into a DuckDB file
 * through `createIngestPipeline` (group commit), then flush (assembly of every request).
 * Baseline in the same run: the same spans written with one `insertSpans` call per batch,
 * sequentially, straight to a fresh store (a transaction per HTTP request).
 *
 *   npx tsx bench/ingest-pipeline.bench.ts                     # 200k spans, batches of 70, 128 submitters
 *   npx tsx bench/ingest-pipeline.bench.ts --spans 1000000 --batch 35 --concurrency 64
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createSilentLogger } from '../src/core/logger.js'
import type { Span } from '../src/core/model/span.js'
import { createIngestPipeline } from '../src/ingest/pipeline/pipeline.js'
import { createDuckDbStore } from '../src/storage/duckdb/duckdb-store.js'
import { makeVllmTrace } from '../src/core/model/testing/builders.js'

function intArg(flag: string, env: string, fallback: number): number {
  const i = process.argv.indexOf(flag)
  const raw = i === -1 ? process.env[env] : process.argv[i + 1]
  const n = Number(raw ?? fallback)
  if (!Number.isInteger(n) || n <= 0) {
    throw new Error(`${flag} must be a positive integer (actual: ${raw})`)
  }
  return n
}

const totalSpans = intArg('--spans', 'BENCH_SPANS', 200_000)
const batchSpans = intArg('--batch', 'BENCH_BATCH', 70)
const concurrency = intArg('--concurrency', 'BENCH_CONCURRENCY', 128)

const batches: Span[][] = []
let current: Span[] = []
for (let made = 0; made < totalSpans;) {
  for (const s of makeVllmTrace()) {
    current.push(s)
    made++
  }
  if (current.length >= batchSpans) {
    batches.push(current)
    current = []
  }
}
if (current.length > 0) {
  batches.push(current)
}
const spanCount = batches.reduce((n, b) => n + b.length, 0)

const dir = await mkdtemp(join(tmpdir(), 'tokenline-bench-'))
try {
  // Baseline: one transaction per batch, no pipeline.
  const plain = await createDuckDbStore({ path: join(dir, 'plain.duckdb') })
  const baselineBatches = batches.slice(0, Math.max(1, Math.floor(batches.length / 10)))
  const baselineSpans = baselineBatches.reduce((n, b) => n + b.length, 0)
  let t0 = performance.now()
  for (const b of baselineBatches) {
    await plain.insertSpans(b)
  }
  const baselineMs = performance.now() - t0
  await plain.close()

  const store = await createDuckDbStore({ path: join(dir, 'pipeline.duckdb') })
  const pipeline = createIngestPipeline({
    store,
    logger: createSilentLogger(),
    now: Date.now,
    maxQueueItems: 1_000_000,
  })
  t0 = performance.now()
  let next = 0
  const submitter = async (): Promise<void> => {
    while (next < batches.length) {
      const b = batches[next++] as Span[]
      await pipeline.submitSpans(b)
    }
  }
  await Promise.all(Array.from({ length: concurrency }, submitter))
  const storedMs = performance.now() - t0
  await pipeline.flush()
  const totalMs = performance.now() - t0
  const { requestsAssembled } = pipeline.counters()
  await pipeline.close()
  await store.close()

  const rate = (n: number, ms: number): string =>
    Math.round((n / ms) * 1000).toLocaleString('en-US')
  console.log(
    `${spanCount} spans in ${batches.length} batches of ~${batchSpans}, ${concurrency} submitters`
  )
  console.log(
    `baseline (one insertSpans per batch, ${baselineSpans} spans): ${rate(baselineSpans, baselineMs)} spans/s`
  )
  console.log(`pipeline, acknowledged (group commit):  ${rate(spanCount, storedMs)} spans/s`)
  console.log(
    `pipeline incl. assembly of ${requestsAssembled} requests: ${rate(spanCount, totalMs)} spans/s`
  )
  console.log(
    `ratio (pipeline ack rate / baseline rate): ${(baselineMs / baselineSpans / (storedMs / spanCount)).toFixed(2)}`
  )
} finally {
  await rm(dir, { recursive: true, force: true })
}
