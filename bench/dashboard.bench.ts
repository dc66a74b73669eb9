/**
 * Dashboard first-paint benchmark: N requests over one hour (8 replicas, 5 tenants, 3 regions,
 * ~2% failures of which a third are timeouts) in a DuckDB file, then every API call the dashboard
 * makes on first paint for the whole hour (as web/src/pages/dashboard/load-view.ts issues them), through `createApp(deps).request(...)` with the real
 * DuckDB store. Prints each route's time, their sum (calls one after another), the time of all
 * calls at once (as the page issues them), and the ratio to a baseline `SELECT count(*)`-style
 * store call (`stats()`) measured in the same run.
 *
 * The database is built once per size and kept in the temp folder (ingest speed is measured by
 * store-ingest.bench.ts); `--fresh` rebuilds it.
 *
 *   npx tsx bench/dashboard.bench.ts [--requests 1000000] [--fresh] [--skip diagnosis,concentration]
 */
import { performance } from 'node:perf_hooks'
import { T0_US } from '../src/core/diagnosis/testing/make-timeline.js'
import type { Logger } from '../src/core/logger.js'
import { createIngestPipeline } from '../src/ingest/pipeline/pipeline.js'
import { createApp } from '../src/server/app.js'
import { createDuckDbStore } from '../src/storage/duckdb/duckdb-store.js'
import { BENCH_MINUTES, benchStore } from './dashboard-store.js'

const args = process.argv.slice(2)
const arg = (name: string, fallback: string): string => {
  const i = args.indexOf(`--${name}`)
  return i >= 0 && args[i + 1] !== undefined ? (args[i + 1] as string) : fallback
}
const N = Number(arg('requests', process.env['BENCH_REQUESTS'] ?? '1000000'))
const fresh = args.includes('--fresh')
const skip = new Set(arg('skip', '').split(',').filter(Boolean))
const MINUTES = BENCH_MINUTES
const SPAN_US = MINUTES * 60_000_000

const silent: Logger = { debug() {}, info() {}, warn() {}, error() {} }

async function time<T>(work: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const started = performance.now()
  const value = await work()
  return { ms: performance.now() - started, value }
}

async function main(): Promise<void> {
  const path = await benchStore(N, fresh, (line) => process.stdout.write(`${line}\n`))

  const store = await createDuckDbStore({ path })
  const fromMs = T0_US / 1000
  const toMs = fromMs + SPAN_US / 1000
  const nowMs = toMs + 60_000
  const ingest = createIngestPipeline({
    store,
    logger: silent,
    now: () => nowMs,
    sweepIntervalMs: 0,
  })
  const app = createApp({
    store,
    ingest,
    logger: silent,
    now: () => nowMs,
    limits: { maxBodyBytes: 16 << 20 },
    version: 'bench',
  })
  const w = `from=${fromMs}&to=${toMs}`
  const step = '30s'
  const calls: [string, string][] = [
    ['health', '/api/health'],
    ['metrics', '/api/metrics'],
    ['dimensions', '/api/dimensions?window=all'],
    [
      'percentiles (KPIs)',
      `/api/percentiles?${w}&measure=ttft&measure=tpot&measure=e2e&q=0.5,0.99`,
    ],
    ['traffic', `/api/traffic?${w}&step=${step}`],
    [
      'percentiles (panels)',
      `/api/percentiles?${w}&measure=ttft&measure=tpot&measure=e2e&q=0.5,0.95,0.99&step=${step}`,
    ],
    ['heatmap', `/api/heatmap?${w}&measure=ttft&step=${step}&buckets=40`],
    ['stages (means)', `/api/stages?${w}&step=${step}&p99=false`],
    ['events', `/api/events?${w}`],
    ['requests (samples)', `/api/requests?${w}&sort=e2e&dir=desc&limit=20`],
    ['slo', `/api/slo?${w}`],
    ['alerts', '/api/alerts?limit=0'],
    ['concentration', `/api/concentration?${w}&measure=ttft`],
    ['diagnosis', `/api/diagnosis?${w}`],
  ]
  const wanted = calls.filter(([name]) => !skip.has(name))

  // Warm-up: the first query of a fresh process pays for loading the file's blocks.
  await store.stats()
  const baseline = await time(() => store.stats())
  const rows: { name: string; ms: number; status: number; bytes: number }[] = []
  for (const [name, url] of wanted) {
    const { ms, value } = await time(async () => {
      const res = await app.request(url)
      return { status: res.status, bytes: (await res.text()).length }
    })
    rows.push({ name, ms, ...value })
  }
  const together = await time(() =>
    Promise.all(wanted.map(async ([, url]) => (await app.request(url)).text()))
  )

  const width = Math.max(...rows.map((r) => r.name.length))
  process.stdout.write(`\n${N} requests, window ${MINUTES} min, step ${step}\n`)
  process.stdout.write(`baseline (store.stats: count(*) per table): ${baseline.ms.toFixed(1)} ms\n`)
  for (const r of rows) {
    process.stdout.write(
      `${r.name.padEnd(width)}  ${r.ms.toFixed(1).padStart(8)} ms  ×${(r.ms / baseline.ms).toFixed(1).padStart(6)}  ` +
        `HTTP ${r.status}  ${(r.bytes / 1024).toFixed(1)} KiB\n`
    )
  }
  const sum = rows.reduce((a, r) => a + r.ms, 0)
  process.stdout.write(
    `${'sum (one after another)'.padEnd(width)}  ${sum.toFixed(1).padStart(8)} ms  ×${(sum / baseline.ms).toFixed(1).padStart(6)}\n`
  )
  process.stdout.write(
    `${'all at once (first paint)'.padEnd(width)}  ${together.ms.toFixed(1).padStart(8)} ms  ×${(together.ms / baseline.ms).toFixed(1).padStart(6)}\n`
  )
  await ingest.close()
  await store.close()
}

await main()
