/**
 * Memory a diagnosis of the dashboard's window costs the server: the resident set (RSS, which
 * DuckDB's buffers count in) and the V8 heap, sampled every 20 ms while `runDiagnosis` reads and
 * diagnoses the window of N requests of bench/dashboard-store.ts, as a delta over the process
 * just before. The read is the server's (a hash sample of at most DIAGNOSIS_SAMPLE requests, ADR
 * 0100) or, with `--sample all`, every request of the window. The baseline of the same run is the
 * store's own open cost (RSS after opening, before any read).
 *
 *   npx tsx --expose-gc bench/dashboard-memory.bench.ts [--requests 1000000] [--sample all]
 */
import { parseArgs } from 'node:util'
import { performance } from 'node:perf_hooks'
import { T0_US } from '../src/core/diagnosis/testing/make-timeline.js'
import { DIAGNOSIS_SAMPLE, runDiagnosis } from '../src/core/diagnosis/run-diagnosis.js'
import { asMicros } from '../src/core/model/units.js'
import { createDuckDbStore } from '../src/storage/duckdb/duckdb-store.js'
import { BENCH_MINUTES, benchStore } from './dashboard-store.js'

const { values: args } = parseArgs({
  options: {
    requests: { type: 'string', default: '1000000' },
    sample: { type: 'string', default: String(DIAGNOSIS_SAMPLE) },
  },
})
const N = Number(args.requests)
const MiB = 1024 * 1024
const gc = (globalThis as { gc?: () => void }).gc ?? (() => undefined)

async function measure(sample: number): Promise<void> {
  const path = await benchStore(N, false, () => undefined)
  gc()
  const beforeOpen = process.memoryUsage().rss
  const store = await createDuckDbStore({ path })
  gc()
  const before = process.memoryUsage()
  let peakRss = before.rss
  let peakHeap = before.heapUsed
  const timer = setInterval(() => {
    const m = process.memoryUsage()
    peakRss = Math.max(peakRss, m.rss)
    peakHeap = Math.max(peakHeap, m.heapUsed)
  }, 20)
  const started = performance.now()
  const { diagnosis } = await runDiagnosis(store, {
    fromUs: T0_US,
    toUs: asMicros(T0_US + BENCH_MINUTES * 60_000_000),
    filters: {},
    sample,
  })
  const ms = performance.now() - started
  clearInterval(timer)
  const after = process.memoryUsage()
  peakRss = Math.max(peakRss, after.rss)
  peakHeap = Math.max(peakHeap, after.heapUsed)
  await store.close()
  const read = Number.isFinite(sample) ? Math.min(sample, N) : N
  process.stdout.write(
    `${Number.isFinite(sample) ? `sample ≤ ${sample}` : 'every request'} (${diagnosis.requests} in the window, ~${read} read): ` +
      `store open +${((before.rss - beforeOpen) / MiB).toFixed(0)} MiB (baseline); diagnosis peak RSS +${((peakRss - before.rss) / MiB).toFixed(0)} MiB ` +
      `(×${((peakRss - before.rss) / Math.max(1, before.rss - beforeOpen)).toFixed(1)} the baseline), heap +${((peakHeap - before.heapUsed) / MiB).toFixed(0)} MiB; ` +
      `${((peakRss - before.rss) / MiB / (read / 1e6)).toFixed(0)} MiB RSS per 1M requests read; ${(ms / 1000).toFixed(1)} s\n`
  )
}

await measure(args.sample === 'all' ? Infinity : Number(args.sample))
