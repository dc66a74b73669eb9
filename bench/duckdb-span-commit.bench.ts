/**
 * What a span write costs DuckDB, phase by phase: the same decoded SDK spans appended into fresh
 * files through the store's own column layout, each transaction split into its append (chunk
 * fill, `appendDataChunk`, `flushSync`) and its `COMMIT`, then the checkpoint that folds the WAL
 * into the file, with the WAL's bytes per span. Variants (settings of the writer connection,
 * bodies per transaction, a file against memory) alternate in one process, the store's own way
 * first in each round, so their ratios to it hold on a busy machine. CPU µs per span of the whole
 * process, split by thread (event loop / Node's other threads, libuv's pool among them / DuckDB's).
 *
 *   node --expose-gc --import tsx bench/duckdb-span-commit.bench.ts [--bodies 200] [--rounds 2] [--only 0,3]
 */
import { mkdtempSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api'
import type { Span } from '../src/core/model/span.js'
import { decodeTracesProtobuf } from '../src/ingest/otlp/protobuf.js'
import { applyMigrations } from '../src/storage/duckdb/schema.js'
import { appendSpansChunked } from '../src/storage/duckdb/span-chunks.js'
import { sdkBodies } from './sdk-bodies.js'
import { markStartupThreads, threadCpu, threadCpuSince, type ThreadCpu } from './thread-cpu.js'

const { values: args } = parseArgs({
  options: {
    bodies: { type: 'string', default: '200' },
    rounds: { type: 'string', default: '2' },
    /** Comma-separated variant numbers (0 = the store's way) to run; all by default. */
    only: { type: 'string', default: '' },
  },
})

interface Variant {
  name: string
  /** Bodies of 512 spans per transaction. */
  group: number
  memory?: boolean
  settings?: string[]
  /** Instance options beside the checkpoint threshold (what cannot be SET once the file is open). */
  options?: Record<string, string>
  /** Roll back instead of committing: what the append alone leaves to the commit. */
  rollback?: boolean
  /**
   * Open an in-memory instance and ATTACH the file with these options (e.g. `ROW_GROUP_SIZE
   * 4096`), as the default database: the only way to give a file a row group size.
   */
  attach?: string
}

const variants: Variant[] = [
  { name: 'store (8 bodies/tx)', group: 8 },
  { name: 'rolled back, no commit', group: 8, rollback: true },
  { name: 'in memory (no WAL)', group: 8, memory: true },
  { name: '32 bodies/tx', group: 32 },
  { name: '2 bodies/tx', group: 2 },
  // A transaction of a whole row group (122 880 rows) is written to the file, compressed, before
  // its commit ("optimistic write"), so its WAL holds block pointers, not rows.
  { name: '240 bodies/tx (a row group)', group: 240 },
  {
    name: 'preserve_insertion_order=false',
    group: 8,
    settings: ['SET preserve_insertion_order = false'],
  },
  { name: 'threads=1', group: 8, settings: ['SET threads = 1'] },
  {
    name: 'allocator flush at 2 GiB',
    group: 8,
    settings: ["SET allocator_flush_threshold = '2GiB'"],
  },
  {
    name: 'allocator background threads',
    group: 8,
    settings: ['SET allocator_background_threads = true'],
  },
  // The server's own instance (ADR 0249) against the same with the newest storage format, which
  // only a file created with it gets (`storage_compatibility_version`).
  { name: 'one thread (the server)', group: 8, options: { threads: '1' } },
  {
    name: 'one thread, storage version latest',
    group: 8,
    options: { threads: '1', storage_compatibility_version: 'latest' },
  },
  // A transaction at least a row group long commits by moving its rows into the table instead of
  // appending them again (DuckDB's `LocalStorage::Flush`); the row group size is an ATTACH option.
  { name: 'one thread, attached', group: 8, options: { threads: '1' }, attach: '' },
  {
    name: 'one thread, attached, row groups of 4096',
    group: 8,
    options: { threads: '1' },
    attach: 'ROW_GROUP_SIZE 4096',
  },
  {
    name: 'one thread, attached, row groups of 2048',
    group: 8,
    options: { threads: '1' },
    attach: 'ROW_GROUP_SIZE 2048',
  },
  // The same without the optimistic write: the commit moves the rows in, the WAL holds them, and
  // the compression stays with the checkpoint.
  {
    name: 'one thread, attached, row groups of 4096, no optimistic write',
    group: 8,
    options: { threads: '1', enable_optimistic_write: 'false' },
    attach: 'ROW_GROUP_SIZE 4096',
  },
  {
    name: 'one thread, no optimistic write',
    group: 8,
    options: { threads: '1', enable_optimistic_write: 'false' },
  },
]

const picked =
  args.only === '' ? variants : args.only.split(',').map((i) => variants[Number(i)] as Variant)
markStartupThreads()
const decoded = sdkBodies(Number(args.bodies)).map((b) => decodeTracesProtobuf(b).spans)
const total = decoded.reduce((n, s) => n + s.length, 0)

/**
 * CPU µs per span: whole process, then event loop / Node's other threads / DuckDB's; then minor
 * page faults per span (a fresh page the kernel must zero and map: memory freed and taken again).
 */
type Cost = [number, number, number, number, number]
const zero = (): Cost => [0, 0, 0, 0, 0]

function measure(): () => Cost {
  const t0 = threadCpu()
  const f0 = process.resourceUsage().minorPageFault
  const c0 = process.cpuUsage()
  return () => {
    const c = process.cpuUsage(c0)
    const faults = process.resourceUsage().minorPageFault - f0
    const t: ThreadCpu | null = threadCpuSince(t0)
    const per = (k: 'main' | 'node' | 'later'): number => ((t?.get(k) ?? NaN) * 1000) / total
    return [(c.user + c.system) / total, per('main'), per('node'), per('later'), faults / total]
  }
}

function add(into: Cost, c: Cost): void {
  for (let i = 0; i < 5; i++) {
    into[i] = (into[i] as number) + (c[i] as number)
  }
}

interface Result {
  append: Cost
  commit: Cost
  checkpoint: Cost
  walBytes: number
  fileBytes: number
}

const dir = mkdtempSync(join(tmpdir(), 'tokenline-span-commit-'))
const results = new Map<string, Result[]>()
let n = 0
try {
  for (let round = 0; round < Number(args.rounds); round++) {
    for (const v of picked) {
      const groups: Span[][] = []
      for (let i = 0; i < decoded.length; i += v.group) {
        groups.push(decoded.slice(i, i + v.group).flat())
      }
      const path = join(dir, `v${n++}.duckdb`)
      const attached = v.attach !== undefined
      const instance = await DuckDBInstance.create(
        v.memory === true || attached ? ':memory:' : path,
        { checkpoint_threshold: '256MB', ...v.options }
      )
      const conn: DuckDBConnection = await instance.connect()
      if (attached) {
        await conn.run(`ATTACH '${path}' AS db${v.attach === '' ? '' : ` (${v.attach})`}`)
        await conn.run('USE db')
      }
      await applyMigrations(conn, new Date().toISOString())
      for (const sql of v.settings ?? []) {
        await conn.run(sql)
      }
      ;(globalThis as { gc?: () => void }).gc?.()
      const append = zero()
      const commit = zero()
      // Per phase, summed over the transactions: the commit runs on libuv's pool and DuckDB's
      // threads, the append on the event loop.
      for (const g of groups) {
        await conn.run('BEGIN TRANSACTION')
        const a = measure()
        await appendSpansChunked(conn, g)
        add(append, a())
        const c = measure()
        await conn.run(v.rollback === true ? 'ROLLBACK' : 'COMMIT')
        add(commit, c())
      }
      const walBytes =
        v.memory === true ? 0 : (statSync(`${path}.wal`, { throwIfNoEntry: false })?.size ?? 0)
      const k = measure()
      await conn.run('CHECKPOINT')
      const checkpoint = k()
      const fileBytes = v.memory === true ? 0 : statSync(path).size
      conn.closeSync()
      instance.closeSync()
      const list = results.get(v.name) ?? []
      list.push({
        append,
        commit,
        checkpoint,
        walBytes: walBytes / total,
        fileBytes: fileBytes / total,
      })
      results.set(v.name, list)
    }
  }
} finally {
  rmSync(dir, { recursive: true, force: true })
}
const f = (c: Cost): string =>
  `${c[0].toFixed(1)} (${c[1].toFixed(1)}/${c[2].toFixed(1)}/${c[3].toFixed(1)}; ${c[4].toFixed(2)} faults)`
console.log(
  `${total.toLocaleString('en-US')} SDK spans; CPU µs per span, whole process (event loop / Node's other threads / DuckDB's), one figure per round`
)
for (const [name, list] of results) {
  console.log(`  ${name}`)
  console.log(`    append      ${list.map((r) => f(r.append)).join(', ')}`)
  console.log(`    commit      ${list.map((r) => f(r.commit)).join(', ')}`)
  console.log(`    checkpoint  ${list.map((r) => f(r.checkpoint)).join(', ')}`)
  console.log(
    `    WAL ${list.map((r) => r.walBytes.toFixed(0)).join(', ')} B/span; file ${list.map((r) => r.fileBytes.toFixed(0)).join(', ')} B/span`
  )
}
