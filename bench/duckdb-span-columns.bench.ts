/**
 * What each part of a span costs through DuckDB: the same decoded SDK spans appended into fresh
 * files with the store's columns and with one part changed, the variants alternating in one
 * process, so the ratios to the store's own path (the baseline, first in each round) hold on a
 * busy machine. CPU µs per span of the whole process, split by thread (event loop, DuckDB's),
 * for the appends and commits, and apart for the checkpoint that folds the WAL into the file.
 *
 *   npx tsx bench/duckdb-span-columns.bench.ts [--bodies 200] [--group 8] [--rounds 2]
 *     [--only 0,7] [--duckdb-threads N]   (the server's thread count unless given)
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { deserialize, serialize } from 'node:v8'
import { deflateSync, inflateSync } from 'node:zlib'
import { BIGINT, DuckDBInstance, VARCHAR, type DuckDBConnection } from '@duckdb/node-api'
import type { Span } from '../src/core/model/span.js'
import { decodeTracesProtobuf } from '../src/ingest/otlp/protobuf.js'
import { packSpans, unpackSpans, type PackedSpans } from '../src/ingest/otlp/span-transfer.js'
import { appendInChunks, type ChunkColumn } from '../src/storage/duckdb/chunk-append.js'
import { inTransaction } from '../src/storage/duckdb/connection.js'
import { applyMigrations } from '../src/storage/duckdb/schema.js'
import { SPAN_COLUMNS } from '../src/storage/duckdb/span-chunks.js'
import { DEFAULTS } from '../src/config/defaults.js'
import { sdkBodies } from './sdk-bodies.js'
import { markStartupThreads, threadCpu, threadCpuSince } from './thread-cpu.js'

const { values: args } = parseArgs({
  options: {
    bodies: { type: 'string', default: '200' },
    group: { type: 'string', default: '8' },
    rounds: { type: 'string', default: '2' },
    /** Comma-separated variant numbers (0 = the baseline) to run; all by default. */
    only: { type: 'string', default: '' },
    /** DuckDB's worker threads; the server's default (`store.duckDbThreads`) unless given. */
    'duckdb-threads': { type: 'string', default: String(DEFAULTS.store.duckDbThreads) },
  },
})
const GROUP = Number(args.group)
const THREADS = Number(args['duckdb-threads'])

interface Variant {
  name: string
  columns: readonly ChunkColumn<Span>[]
  settings?: string[]
  /** Writes one transaction's spans its own way instead of into `spans` with `columns`. */
  write?: (conn: DuckDBConnection, spans: readonly Span[]) => Promise<void>
}

/** Each trace of a write once, at its earliest start: what finds its batch again. */
interface TraceEntry {
  traceId: string
  batch: number
  startUs: number
}
const TRACE_ENTRY_COLUMNS: readonly ChunkColumn<TraceEntry>[] = [
  { type: VARCHAR, value: (t) => t.traceId, distinct: true },
  { type: BIGINT, value: (t) => t.batch },
  { type: BIGINT, value: (t) => t.startUs },
]
let nextBatch = 0
const BATCH_TABLES = [
  'CREATE TABLE span_batches (batch_id BIGINT, start_us BIGINT, end_us BIGINT, span_count INTEGER, body BLOB)',
  'CREATE TABLE span_traces (trace_id VARCHAR, batch_id BIGINT, start_us BIGINT)',
]

/**
 * A write's spans as one JSON body (one row; deflated at `level`, or as text for 0), plus one
 * row per trace pointing at it: what a span costs when DuckDB sees a row per trace and no
 * per-span values at all.
 */
async function writeBatchBody(
  conn: DuckDBConnection,
  spans: readonly Span[],
  level: number,
  encode: (spans: readonly Span[]) => Uint8Array = (all) => Buffer.from(JSON.stringify(all))
): Promise<void> {
  const batch = nextBatch++
  const byTrace = new Map<string, TraceEntry>()
  let startUs = Infinity
  let endUs = -Infinity
  for (const s of spans) {
    startUs = Math.min(startUs, s.startUs)
    endUs = Math.max(endUs, s.endUs)
    const entry = byTrace.get(s.traceId)
    if (entry === undefined) {
      byTrace.set(s.traceId, { traceId: s.traceId, batch, startUs: s.startUs })
    } else if (s.startUs < entry.startUs) {
      entry.startUs = s.startUs
    }
  }
  await appendInChunks(conn, 'span_traces', TRACE_ENTRY_COLUMNS, [...byTrace.values()])
  const bytes = encode(spans)
  const body = level === 0 ? bytes : deflateSync(bytes, { level })
  const appender = await conn.createAppender('span_batches')
  appender.appendBigInt(BigInt(batch))
  appender.appendBigInt(BigInt(startUs))
  appender.appendBigInt(BigInt(endUs))
  appender.appendInteger(spans.length)
  appender.appendBlob(body)
  appender.endRow()
  appender.flushSync()
  appender.closeSync()
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
  {
    name: 'one deflated body per write',
    columns: SPAN_COLUMNS,
    settings: BATCH_TABLES,
    write: (conn, spans) => writeBatchBody(conn, spans, 1),
  },
  {
    name: 'one JSON body per write, as is',
    columns: SPAN_COLUMNS,
    settings: BATCH_TABLES,
    write: (conn, spans) => writeBatchBody(conn, spans, 0),
  },
  {
    // Each distinct string once, numbers in typed arrays (the decode workers' transfer format,
    // ADR 0250), through V8's serializer: a cheaper codec than JSON for the same spans.
    name: 'one packed body per write, deflated',
    columns: SPAN_COLUMNS,
    settings: BATCH_TABLES,
    write: (conn, spans) => writeBatchBody(conn, spans, 1, (all) => serialize(packSpans(all))),
  },
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
      const instance = await DuckDBInstance.create(path, {
        checkpoint_threshold: '256MB',
        ...(THREADS > 0 ? { threads: String(THREADS) } : {}),
      })
      const conn: DuckDBConnection = await instance.connect()
      await applyMigrations(conn, new Date().toISOString())
      for (const sql of v.settings ?? []) {
        await conn.run(sql)
      }
      ;(globalThis as { gc?: () => void }).gc?.()
      const w = measureSync()
      for (const g of groups) {
        await inTransaction(conn, () =>
          v.write === undefined ? appendInChunks(conn, 'spans', v.columns, g) : v.write(conn, g)
        )
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

// What reading one trace back from a per-write body would cost: the whole write's body
// inflated and rebuilt, whatever share of it the trace is.
{
  const group = groups[0] as Span[]
  const packed = deflateSync(serialize(packSpans(group)), { level: 1 })
  const json = deflateSync(JSON.stringify(group), { level: 1 })
  const time = (read: () => unknown): string => {
    const c0 = process.cpuUsage()
    for (let i = 0; i < 10; i++) {
      read()
    }
    const c = process.cpuUsage(c0)
    return ((c.user + c.system) / 10 / 1000).toFixed(1)
  }
  console.log(
    `  one write's body (${group.length} spans) read back: packed ${time(() => unpackSpans(deserialize(inflateSync(packed)) as PackedSpans))} ms CPU, JSON ${time(() => JSON.parse(inflateSync(json).toString()))} ms`
  )
}
