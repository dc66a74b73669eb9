/**
 * What each part of a span costs through DuckDB: the same decoded SDK spans appended into fresh
 * files with the store's columns and with one part changed, the variants alternating in one
 * process, so the ratios to the store's own path (the baseline, first in each round) hold on a
 * busy machine. CPU µs per span of the whole process, split by thread (event loop, DuckDB's),
 * for the appends and commits, and apart for the checkpoint that folds the WAL into the file.
 *
 *   npx tsx bench/duckdb-span-columns.bench.ts [--bodies 200] [--group 8] [--rounds 2]
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api'
import type { Span } from '../src/core/model/span.js'
import { decodeTracesProtobuf } from '../src/ingest/otlp/protobuf.js'
import { appendInChunks, type ChunkColumn } from '../src/storage/duckdb/chunk-append.js'
import { inTransaction } from '../src/storage/duckdb/connection.js'
import { applyMigrations } from '../src/storage/duckdb/schema.js'
import { SPAN_COLUMNS } from '../src/storage/duckdb/span-chunks.js'
import { sdkBodies } from './sdk-bodies.js'
import { markStartupThreads, threadCpu, threadCpuSince } from './thread-cpu.js'

const { values: args } = parseArgs({
  options: {
    bodies: { type: 'string', default: '200' },
    group: { type: 'string', default: '8' },
    rounds: { type: 'string', default: '2' },
    /** Comma-separated variant numbers (0 = the baseline) to run; all by default. */
    only: { type: 'string', default: '' },
  },
})
const GROUP = Number(args.group)

interface Variant {
  name: string
  columns: readonly ChunkColumn<Span>[]
  settings?: string[]
}

const ATTRIBUTES = 9
const RESOURCE = 10
const withColumn = (at: number, column: ChunkColumn<Span>): ChunkColumn<Span>[] =>
  SPAN_COLUMNS.map((c, i) => (i === at ? column : c))
const attributesText = new WeakMap<Span, string>()

const variants: Variant[] = [
  { name: 'store columns (baseline)', columns: SPAN_COLUMNS },
  {
    // What a span costs without its own copy of the body's resource and scope (ADR 0205).
    name: 'no resource, no scope',
    columns: SPAN_COLUMNS.map((c, i) =>
      i >= RESOURCE && i < RESOURCE + 3 ? { ...c, value: () => (i === RESOURCE ? '{}' : null) } : c
    ),
  },
  {
    name: 'attributes JSON made beforehand',
    columns: withColumn(ATTRIBUTES, {
      ...(SPAN_COLUMNS[ATTRIBUTES] as ChunkColumn<Span>),
      value: (s) => attributesText.get(s) ?? '{}',
    }),
  },
  {
    name: "attributes '{}'",
    columns: withColumn(ATTRIBUTES, {
      ...(SPAN_COLUMNS[ATTRIBUTES] as ChunkColumn<Span>),
      value: () => '{}',
    }),
  },
  {
    name: 'preserve_insertion_order=false',
    columns: SPAN_COLUMNS,
    settings: ['SET preserve_insertion_order = false'],
  },
  { name: 'threads=1', columns: SPAN_COLUMNS, settings: ['SET threads = 1'] },
]

const picked =
  args.only === '' ? variants : args.only.split(',').map((i) => variants[Number(i)] as Variant)
markStartupThreads()
const bodies = sdkBodies(Number(args.bodies))
const groups: Span[][] = []
for (let i = 0; i < bodies.length; i += GROUP) {
  groups.push(bodies.slice(i, i + GROUP).flatMap((b) => decodeTracesProtobuf(b).spans))
}
const total = groups.reduce((n, g) => n + g.length, 0)
for (const g of groups) {
  for (const s of g) {
    attributesText.set(s, JSON.stringify(s.attributes))
  }
}

interface Cost {
  cpuUs: number
  mainUs: number
  nodeUs: number
  laterUs: number
}
function measureSync(): { done: () => Cost } {
  const t0 = threadCpu()
  const c0 = process.cpuUsage()
  return {
    done: () => {
      const c = process.cpuUsage(c0)
      const t = threadCpuSince(t0)
      return {
        cpuUs: (c.user + c.system) / total,
        mainUs: ((t?.get('main') ?? NaN) * 1000) / total,
        nodeUs: ((t?.get('node') ?? NaN) * 1000) / total,
        laterUs: ((t?.get('later') ?? 0) * 1000) / total,
      }
    },
  }
}

const dir = mkdtempSync(join(tmpdir(), 'tokenline-span-columns-'))
const results = new Map<
  string,
  { write: Cost; checkpoint: Cost; bytes: number; walBytes: number }[]
>()
let n = 0
try {
  for (let round = 0; round < Number(args.rounds); round++) {
    for (const v of picked) {
      const path = join(dir, `v${n++}.duckdb`)
      const instance = await DuckDBInstance.create(path, { checkpoint_threshold: '256MB' })
      const conn: DuckDBConnection = await instance.connect()
      await applyMigrations(conn, new Date().toISOString())
      for (const sql of v.settings ?? []) {
        await conn.run(sql)
      }
      ;(globalThis as { gc?: () => void }).gc?.()
      const w = measureSync()
      for (const g of groups) {
        await inTransaction(conn, () => appendInChunks(conn, 'spans', v.columns, g))
      }
      const write = w.done()
      const walBytes = await import('node:fs').then((fs) => fs.statSync(`${path}.wal`).size)
      const c = measureSync()
      await conn.run('CHECKPOINT')
      const checkpoint = c.done()
      const { size } = await import('node:fs').then((fs) => fs.statSync(path))
      conn.closeSync()
      instance.closeSync()
      const list = results.get(v.name) ?? []
      list.push({ write, checkpoint, bytes: size / total, walBytes: walBytes / total })
      results.set(v.name, list)
    }
  }
} finally {
  rmSync(dir, { recursive: true, force: true })
}
console.log(
  `${total.toLocaleString('en-US')} spans, ${GROUP} bodies per transaction; CPU µs per span (event loop / Node's other threads / DuckDB's), per round`
)
for (const [name, list] of results) {
  const f = (c: Cost): string =>
    `${c.cpuUs.toFixed(1)} (${c.mainUs.toFixed(1)}/${c.nodeUs.toFixed(1)}/${c.laterUs.toFixed(1)})`
  console.log(
    `  ${name.padEnd(34)} append+commit ${list.map((r) => f(r.write)).join(', ')}; checkpoint ${list.map((r) => f(r.checkpoint)).join(', ')}; WAL ${list.map((r) => r.walBytes.toFixed(0)).join(', ')} B/span, file ${list.map((r) => r.bytes.toFixed(0)).join(', ')} B/span`
  )
}
