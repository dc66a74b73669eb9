/**
 * Diagnosis benchmark: N requests over 8 replicas (one degraded in the second half) with 8
 * replicas' metric series, in a memory store (or DuckDB ':memory:' with --store duckdb, a DuckDB
 * file in a temp folder with --store duckdb-file). Prints the time of a plain row scan of the same
 * requests (baseline; `--skip row-scan` leaves it out, it is slow on DuckDB), the columnar scan
 * of the frame's fields, the window load (columnar scan → frame + metric series), the pure
 * diagnosis, and the whole runDiagnosis, with ratios.
 *
 *   npx tsx bench/diagnosis.bench.ts [--requests 200000] [--store memory|duckdb|duckdb-file]
 *     [--skip row-scan]
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { loadWindow } from '../src/core/diagnosis/frame/load-window.js'
import { runDiagnosis } from '../src/core/diagnosis/run-diagnosis.js'
import { diagnose } from '../src/core/diagnosis/diagnose.js'
import {
  FRAME_FLAG_FIELDS,
  FRAME_NUMBER_FIELDS,
  FRAME_TEXT_FIELDS,
} from '../src/core/diagnosis/frame/frame.js'
import { createTestRng, T0_US } from '../src/core/diagnosis/testing/make-timeline.js'
import { slowReplicaWindow } from '../src/core/diagnosis/testing/slow-replica-window.js'
import type { MetricSample } from '../src/core/model/metric.js'
import type { RequestTimeline } from '../src/core/model/request.js'
import { asMicros } from '../src/core/model/units.js'
import { createDuckDbStore } from '../src/storage/duckdb/duckdb-store.js'
import { createMemoryStore } from '../src/storage/memory/memory-store.js'
import type { SpanStore } from '../src/storage/span-store.js'

const args = process.argv.slice(2)
const arg = (name: string, fallback: string): string => {
  const i = args.indexOf(`--${name}`)
  return i >= 0 && args[i + 1] !== undefined ? (args[i + 1] as string) : fallback
}
const N = Number(arg('requests', process.env['BENCH_REQUESTS'] ?? '200000'))
const storeKind = arg('store', 'memory')
const skipRowScan = arg('skip', '') === 'row-scan'
const MINUTES = 60
const REPLICAS = Array.from({ length: 8 }, (_, i) => `vllm-${i}`)

async function fill(store: SpanStore): Promise<void> {
  let batch: RequestTimeline[] = []
  for (const r of slowReplicaWindow({ requests: N, minutes: MINUTES, seed: 7, regions: true })) {
    batch.push(r)
    if (batch.length === 10_000) {
      await store.upsertRequests(batch)
      batch = []
    }
  }
  await store.upsertRequests(batch)
  const rng = createTestRng(8)
  const samples: MetricSample[] = []
  for (let t = 0; t < MINUTES * 4; t++) {
    const timeUs = asMicros(T0_US + t * 15_000_000)
    for (const pod of REPLICAS) {
      const labels = { pod, node: 'n' }
      samples.push({ name: 'vllm:num_requests_waiting', labels, timeUs, value: rng() })
      samples.push({ name: 'vllm:num_requests_running', labels, timeUs, value: 8 + 4 * rng() })
      samples.push({ name: 'vllm:kv_cache_usage_perc', labels, timeUs, value: 0.3 + 0.1 * rng() })
      samples.push({ name: 'vllm:num_preemptions_total', labels, timeUs, value: 0 })
      samples.push({ name: 'DCGM_FI_PROF_DRAM_ACTIVE', labels, timeUs, value: 0.5 + 0.1 * rng() })
    }
  }
  await store.insertMetricSamples(samples)
}

async function time<T>(fn: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const start = performance.now()
  const value = await fn()
  return { ms: performance.now() - start, value }
}

const dir = storeKind === 'duckdb-file' ? mkdtempSync(join(tmpdir(), 'tokenline-bench-')) : null
const store =
  storeKind === 'duckdb'
    ? await createDuckDbStore({ path: ':memory:' })
    : dir
      ? await createDuckDbStore({ path: join(dir, 'bench.duckdb') })
      : createMemoryStore()
const filled = await time(() => fill(store))
console.log(
  `store ${storeKind}: ${N} requests + 8 replicas × 5 series inserted in ${(filled.ms / 1000).toFixed(1)} s`
)

const scan = skipRowScan
  ? null
  : await time(async () => {
      let rows = 0
      for await (const batch of store.scanRequests({}, 10_000)) {
        rows += batch.length
      }
      return rows
    })
const columns = await time(() =>
  store.scanRequestColumns({
    fields: [...FRAME_NUMBER_FIELDS, ...FRAME_FLAG_FIELDS, ...FRAME_TEXT_FIELDS],
  })
)
const baseMs = scan?.ms ?? columns.ms
const baseName = scan ? 'row scan' : 'columnar scan'
const load = await time(() => loadWindow(store, {}))
const pure = await time(async () =>
  diagnose({
    window: load.value.window,
    frame: load.value.frame,
    resources: load.value.resources,
    events: load.value.events,
  })
)
const whole = await time(() => runDiagnosis(store))
const top = whole.value.diagnosis.findings[0]
if (scan) {
  console.log(`baseline: plain row scan of ${scan.value} rows   ${scan.ms.toFixed(0)} ms`)
}
console.log(
  `columnar scan of ${columns.value.n} rows (frame fields)   ${columns.ms.toFixed(0)} ms   ${(columns.ms / baseMs).toFixed(2)}× ${baseName}`
)
console.log(
  `load window (columnar scan → frame + series)   ${load.ms.toFixed(0)} ms   ${(load.ms / baseMs).toFixed(2)}× ${baseName}`
)
console.log(
  `diagnose (pure, on the frame)         ${pure.ms.toFixed(0)} ms   ${(pure.ms / baseMs).toFixed(2)}× ${baseName}`
)
console.log(
  `runDiagnosis (total)                  ${whole.ms.toFixed(0)} ms   ${(whole.ms / baseMs).toFixed(2)}× ${baseName}`
)
console.log(
  `top finding: ${top?.cause} ${JSON.stringify(top?.scope)} confidence ${top?.confidence}`
)
await store.close()
if (dir) {
  rmSync(dir, { recursive: true, force: true })
}
