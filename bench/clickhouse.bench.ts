/**
 * DuckDB vs ClickHouse (embedded, chdb) side by side in one run, on the same data: N requests
 * over one hour (8 replicas, one degraded in the second half; 5 tenants, 3 regions), then the
 * diagnosis (columnar scan + runDiagnosis) and the dashboard's store queries (percentiles,
 * stage means, heatmap, concentration counts, SLO minute counts) on each store, with the ratio
 * ClickHouse / DuckDB. `--scale k` multiplies the requests inside each database after the
 * insert (copies with new trace ids, same hour), so 10 M rows need no 10 M-row JSON from Node.
 * Then simulated spans go into both stores' span tables: ingest rate and bytes on disk per span
 * (and per request) after compaction.
 *
 * The diagnosis reads a hash sample of at most `--sample` requests (default: runDiagnosis's
 * DIAGNOSIS_SAMPLE, ADR 0100); `--full` adds the scan and the diagnosis of every request.
 *
 *   npx tsx bench/clickhouse.bench.ts [--requests 1000000] [--scale 1] [--spans 200000]
 *     [--only duckdb|clickhouse] [--no-warm-up] [--sample 250000] [--full]
 */
import { mkdtempSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { DIAGNOSIS_SAMPLE, runDiagnosis } from '../src/core/diagnosis/run-diagnosis.js'
import {
  FRAME_FLAG_FIELDS,
  FRAME_NUMBER_FIELDS,
  FRAME_TEXT_FIELDS,
} from '../src/core/diagnosis/frame/frame.js'
import { slowReplicaWindow } from '../src/core/diagnosis/testing/slow-replica-window.js'
import type { RequestTimeline } from '../src/core/model/request.js'
import type { Span } from '../src/core/model/span.js'
import { asMicros } from '../src/core/model/units.js'
import { decodeTracesJson } from '../src/core/otlp/decode-traces.js'
import { createRun } from '../src/sim/index.js'
import { createChdbExecutor, isChdbAvailable } from '../src/storage/clickhouse/chdb-executor.js'
import {
  clickHouseSharedOf,
  createClickHouseStore,
} from '../src/storage/clickhouse/clickhouse-store.js'
import { spanToRow } from '../src/storage/clickhouse/rows.js'
import { createDuckDbStore, duckDbSharedOf } from '../src/storage/duckdb/duckdb-store.js'
import { STAGE_NAMES } from '../src/core/model/request.js'
import type { SpanStore } from '../src/storage/span-store.js'

const args = process.argv.slice(2)
const arg = (name: string, fallback: string): string => {
  const i = args.indexOf(`--${name}`)
  return i >= 0 && args[i + 1] !== undefined ? (args[i + 1] as string) : fallback
}
const N = Number(arg('requests', process.env['BENCH_REQUESTS'] ?? '1000000'))
const SCALE = Math.max(1, Math.floor(Number(arg('scale', '1'))))
const SPANS = Number(arg('spans', '200000'))
const only = arg('only', '')
const warmUp = !args.includes('--no-warm-up')
const SAMPLE = Number(arg('sample', String(DIAGNOSIS_SAMPLE)))
const full = args.includes('--full')
const MINUTES = 60
const MIN_US = asMicros(60_000_000)

if (!(await isChdbAvailable())) {
  console.log('skipped: the optional package chdb is not installed (npm install chdb)')
  process.exit(0)
}

function* requestBatches(): Generator<RequestTimeline[]> {
  let batch: RequestTimeline[] = []
  let i = 0
  for (const r of slowReplicaWindow({ requests: N, minutes: MINUTES, seed: 7, regions: true })) {
    if (i % 50 === 0) {
      r.errorType = i % 150 === 0 ? 'timeout' : 'http_503'
    }
    batch.push(r)
    i++
    if (batch.length === 50_000) {
      yield batch
      batch = []
    }
  }
  if (batch.length > 0) {
    yield batch
  }
}

/** Simulated spans (real shapes and attributes): runs of successive seeds until `SPANS`. */
function simulatedSpans(): Span[] {
  const out: Span[] = []
  for (let seed = 1; out.length < SPANS; seed++) {
    const run = createRun({ scenario: 'engine-kv-cache-pressure', seed, durationMs: 10 * 60_000 })
    for (const o of run.outputs()) {
      if (o.kind === 'requests') {
        out.push(...decodeTracesJson(run.tracesJson(o.requests)).spans)
      }
    }
  }
  return out.slice(0, SPANS)
}

/** Wall time, and CPU time of this process (chdb's threads included): steadier under load. */
async function time<T>(fn: () => Promise<T>): Promise<{ ms: number; cpuMs: number; value: T }> {
  const cpu = process.cpuUsage()
  const start = performance.now()
  const value = await fn()
  const used = process.cpuUsage(cpu)
  return { ms: performance.now() - start, cpuMs: (used.user + used.system) / 1000, value }
}

/** Copies every request k-1 more times inside the database (new trace ids, same hour). */
async function scaleUp(kind: string, store: SpanStore): Promise<void> {
  if (SCALE === 1) {
    return
  }
  const duck = duckDbSharedOf(store)
  if (duck) {
    await duck.write(async (c) => {
      // The rows' table: `requests` is a view of it and the dimension sets (ADR 0492).
      await c.run(`INSERT INTO request_rows SELECT r.* REPLACE (r.trace_id || '-' || t.k::VARCHAR AS trace_id)
        FROM request_rows r, range(1, ${SCALE}) t(k)`)
    })
    return
  }
  const ch = clickHouseSharedOf(store)
  if (!ch) {
    throw new Error(`cannot scale ${kind}`)
  }
  await ch.exec.command(`INSERT INTO ${ch.tables.requests}
    SELECT r.* REPLACE (concat(r.trace_id, '-', toString(copies.k)) AS trace_id)
    FROM ${ch.tables.requests} AS r, (SELECT number AS k FROM numbers(1, ${SCALE - 1})) AS copies`)
}

const FRAME_FIELDS = [...FRAME_NUMBER_FIELDS, ...FRAME_FLAG_FIELDS, ...FRAME_TEXT_FIELDS]
const queries: [string, (s: SpanStore) => Promise<unknown>][] = [
  [
    `columnar scan, sample of ≤ ${SAMPLE} (diagnosis frame)`,
    (s) => s.scanRequestColumns({ fields: FRAME_FIELDS, sample: SAMPLE }),
  ],
  [`runDiagnosis, sample of ≤ ${SAMPLE} (total)`, (s) => runDiagnosis(s, { sample: SAMPLE })],
  ...(full
    ? ([
        ['columnar scan, every request', (s) => s.scanRequestColumns({ fields: FRAME_FIELDS })],
        ['runDiagnosis, every request', (s) => runDiagnosis(s, { sample: Infinity })],
      ] as [string, (s: SpanStore) => Promise<unknown>][])
    : []),
  [
    'percentiles p50/p90/p99 × 3 measures by replica, per minute',
    (s) =>
      s.percentiles({
        measures: ['ttft', 'tpot', 'e2e'],
        quantiles: [0.5, 0.9, 0.99],
        groupBy: 'replica',
        stepUs: MIN_US,
      }),
  ],
  [
    'stage means (all stages, per minute)',
    (s) => s.aggregateRequests({ measures: [...STAGE_NAMES], stepUs: MIN_US }),
  ],
  [
    'heatmap e2e (per minute × 40 log bins)',
    (s) => s.histogramRequests({ measure: 'e2e', stepUs: MIN_US, bins: 40 }),
  ],
  [
    'concentration counts (replica, tenant, region)',
    (s) =>
      Promise.all(
        (['replica', 'tenant', 'region'] as const).map((groupBy) =>
          s.aggregateRequests({ measures: ['e2e'], groupBy })
        )
      ),
  ],
  ['SLO minute counts', (s) => s.aggregateRequests({ measures: ['ttft'], stepUs: MIN_US })],
]

const dir = mkdtempSync(join(tmpdir(), 'tokenline-ch-bench-'))
const results = new Map<string, Map<string, number>>()
const kinds = ['duckdb', 'clickhouse'].filter((k) => only === '' || only === k)
const spans = simulatedSpans()
console.log(
  `${N * SCALE} requests (${N} inserted × ${SCALE}); ${spans.length} simulated spans; shared 2-core machine`
)

for (const kind of kinds) {
  const store =
    kind === 'duckdb'
      ? await createDuckDbStore({ path: join(dir, 'bench.duckdb') })
      : await createClickHouseStore({
          executor: await createChdbExecutor(join(dir, 'chdb')),
          database: 'bench',
        })
  const row = new Map<string, number>()
  results.set(kind, row)
  const fill = await time(async () => {
    for (const batch of requestBatches()) {
      await store.upsertRequests(batch)
    }
    await scaleUp(kind, store)
  })
  row.set('insert requests (ms)', fill.ms)
  for (const [name, q] of queries) {
    if (warmUp) {
      await q(store)
    } // first-touch costs are not the query's
    const t = await time(() => q(store))
    row.set(name, t.ms)
    row.set(`${name}, CPU`, t.cpuMs)
  }
  const duckBefore = duckDbSharedOf(store)
  if (duckBefore) {
    await duckBefore.read((c) => c.run('CHECKPOINT').then(() => undefined))
  }
  const requestBytes = (await store.stats()).bytes ?? 0
  const ingest = await time(async () => {
    for (let i = 0; i < spans.length; i += 10_000) {
      await store.insertSpans(spans.slice(i, i + 10_000))
    }
  })
  row.set('span ingest through the store (spans/s)', spans.length / (ingest.ms / 1000))
  row.set('span ingest through the store (spans per CPU-s)', spans.length / (ingest.cpuMs / 1000))
  const ch = clickHouseSharedOf(store)
  const duck = duckDbSharedOf(store)
  if (ch) {
    // ClickHouse's own share: exporter-format JSONEachRow already encoded, parsed and written
    // into a copy of otel_traces (what a Collector's inserts cost the server).
    const scratch = `${ch.tables.traces.replace('otel_traces', 'scratch_traces')}`
    await ch.exec.command(`CREATE TABLE ${scratch} AS ${ch.tables.traces}`)
    const bodies: string[] = []
    for (let i = 0; i < spans.length; i += 10_000) {
      bodies.push(
        spans
          .slice(i, i + 10_000)
          .map((s) => JSON.stringify(spanToRow(s)))
          .join('\n')
      )
    }
    const server = await time(async () => {
      for (const body of bodies) {
        await ch.exec.insertJson(scratch, body)
      }
    })
    row.set('span insert, ClickHouse side only (spans/s)', spans.length / (server.ms / 1000))
    row.set(
      'span insert, ClickHouse side only (spans per CPU-s)',
      spans.length / (server.cpuMs / 1000)
    )
    await ch.exec.command(`DROP TABLE ${scratch}`)
    for (const table of [ch.tables.traces, ch.tables.requests]) {
      await ch.exec.command(`OPTIMIZE TABLE ${table} FINAL`)
    }
    const parts = await ch.exec.rows(`SELECT table, sum(bytes_on_disk) AS b, sum(rows) AS n
      FROM system.parts WHERE active AND database = 'bench' GROUP BY table`)
    const of = (t: string): number => Number(parts.find((p) => p['table'] === t)?.['b'] ?? 0)
    row.set('bytes per span', of('otel_traces') / spans.length)
    row.set('bytes per request', of('tokenline_requests') / (N * SCALE))
  } else if (duck) {
    await duck.read((c) => c.run('CHECKPOINT').then(() => undefined))
    const fileBytes = statSync(join(dir, 'bench.duckdb')).size
    // The file before the spans held the requests (and the metric-free schema).
    row.set('bytes per request', requestBytes / (N * SCALE))
    row.set('bytes per span', (fileBytes - requestBytes) / spans.length)
  }
  await store.close()
  console.log(`${kind}: done`)
}

const fmt = (name: string, v: number | undefined): string =>
  v === undefined
    ? '-'
    : name.includes('(ms)') || !/bytes|spans/.test(name)
      ? `${v.toFixed(0)} ms`
      : v.toFixed(0)
const names = [...new Set([...results.values()].flatMap((r) => [...r.keys()]))]
console.log(
  `\n${'measure'.padEnd(62)}${'duckdb'.padStart(14)}${'clickhouse'.padStart(14)}   ratio ch/duckdb`
)
for (const name of names) {
  const d = results.get('duckdb')?.get(name)
  const c = results.get('clickhouse')?.get(name)
  const ratio = d !== undefined && c !== undefined ? (c / d).toFixed(2) : '-'
  console.log(
    `${name.padEnd(62)}${fmt(name, d).padStart(14)}${fmt(name, c).padStart(14)}   ${ratio}`
  )
}
rmSync(dir, { recursive: true, force: true })
