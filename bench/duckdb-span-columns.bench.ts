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
import { BIGINT, DuckDBInstance, INTEGER, VARCHAR, type DuckDBConnection } from '@duckdb/node-api'
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
  /** Ids of the stored rows in insertion order, read back after the checkpoint, to check them. */
  readIds?: (conn: DuckDBConnection) => Promise<string[]>
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

/**
 * A lower-case hex id's 32-bit word `word` (0 = the first eight digits) as a signed int32, or
 * null for a null id: ids as fixed-width numbers, so DuckDB gets no string for them at all.
 */
function hexWord(hex: string | null, word: number): number | null {
  if (hex === null) {
    return null
  }
  let v = 0
  for (let k = word * 8; k < word * 8 + 8; k++) {
    const c = hex.charCodeAt(k)
    v = (v << 4) | (c <= 0x39 ? c - 0x30 : c - 0x57)
  }
  return v
}
const ID_WORDS = [
  ...[0, 1, 2, 3].map((w) => ({ name: `trace_w${w}`, value: (s: Span) => hexWord(s.traceId, w) })),
  ...[0, 1].map((w) => ({ name: `span_w${w}`, value: (s: Span) => hexWord(s.spanId, w) })),
  ...[0, 1].map((w) => ({ name: `parent_w${w}`, value: (s: Span) => hexWord(s.parentSpanId, w) })),
]
/** `spans` with its three id columns as eight INTEGER words (32 bytes, no strings). */
const BINARY_ID_COLUMNS: readonly ChunkColumn<Span>[] = [
  ...ID_WORDS.map((w) => ({ type: INTEGER, value: w.value })),
  ...SPAN_COLUMNS.slice(3),
]
/** The same with the trace id kept as text: only the span and parent ids as words. */
const SPAN_ID_WORD_COLUMNS: readonly ChunkColumn<Span>[] = [
  SPAN_COLUMNS[0] as ChunkColumn<Span>,
  ...ID_WORDS.slice(4).map((w) => ({ type: INTEGER, value: w.value })),
  ...SPAN_COLUMNS.slice(3),
]
const SPAN_ID_WORD_TABLE = `CREATE TABLE spans_sid (trace_id VARCHAR NOT NULL, ${ID_WORDS.slice(4)
  .map((w) => `${w.name} INTEGER`)
  .join(', ')},
  name VARCHAR NOT NULL, kind INTEGER NOT NULL, start_us BIGINT NOT NULL, end_us BIGINT NOT NULL,
  status_code INTEGER NOT NULL, status_message VARCHAR, attributes JSON NOT NULL,
  resource JSON NOT NULL, scope_name VARCHAR NOT NULL, scope_version VARCHAR, events JSON NOT NULL)`
/** One INTEGER word back as eight lower-case hex digits (SQL). */
const hexSql = (column: string): string => `printf('%08x', ${column}::BIGINT & 4294967295)`
/** `trace/span/parent` of each row of `table`, in insertion order, as the store's text. */
async function readWordIds(conn: DuckDBConnection, table: string, words: readonly string[]) {
  const text = (names: readonly string[]): string =>
    `CASE WHEN ${names[0]} IS NULL THEN '' ELSE ${names.map(hexSql).join(' || ')} END`
  const trace = words.includes('trace_w0')
    ? text(['trace_w0', 'trace_w1', 'trace_w2', 'trace_w3'])
    : 'trace_id'
  const reader = await conn.runAndReadAll(
    `SELECT ${trace} || '/' || ${text(['span_w0', 'span_w1'])} || '/' || ${text(['parent_w0', 'parent_w1'])} FROM ${table} ORDER BY rowid`
  )
  return reader.getRowsJS().map((r) => String(r[0]))
}
const BINARY_ID_TABLE = `CREATE TABLE spans_bin (${ID_WORDS.map((w) => `${w.name} INTEGER`).join(', ')},
  name VARCHAR NOT NULL, kind INTEGER NOT NULL, start_us BIGINT NOT NULL, end_us BIGINT NOT NULL,
  status_code INTEGER NOT NULL, status_message VARCHAR, attributes JSON NOT NULL,
  resource JSON NOT NULL, scope_name VARCHAR NOT NULL, scope_version VARCHAR, events JSON NOT NULL)`

const variants: Variant[] = [
  { name: 'store columns (baseline)', columns: SPAN_COLUMNS },
  {
    // What a span costs without its own copy of the body's resource and scope (ADR 0205).
    name: 'no resource, no scope',
    columns: SPAN_COLUMNS.map((c, i) =>
      // `scope_name` is NOT NULL: the empty name, inline like the null it stands for.
      i >= RESOURCE && i < RESOURCE + 3
        ? { ...c, value: () => (i === RESOURCE ? '{}' : i === RESOURCE + 1 ? '' : null) }
        : c
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
  {
    // Trace, span and parent ids as fixed-width words instead of 64 bytes of hex text.
    name: 'ids as integer words',
    columns: SPAN_COLUMNS,
    settings: [BINARY_ID_TABLE],
    write: (conn, spans) => appendInChunks(conn, 'spans_bin', BINARY_ID_COLUMNS, spans),
    readIds: (conn) =>
      readWordIds(
        conn,
        'spans_bin',
        ID_WORDS.map((w) => w.name)
      ),
  },
  {
    name: 'span and parent ids as words',
    columns: SPAN_COLUMNS,
    settings: [SPAN_ID_WORD_TABLE],
    write: (conn, spans) => appendInChunks(conn, 'spans_sid', SPAN_ID_WORD_COLUMNS, spans),
    readIds: (conn) =>
      readWordIds(
        conn,
        'spans_sid',
        ID_WORDS.slice(4).map((w) => w.name)
      ),
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
    // Each round starts one variant later, so no variant always runs first (a process's first
    // file pays page faults and code warm-up the later ones do not).
    for (let k = 0; k < picked.length; k++) {
      const v = picked[(round + k) % picked.length] as Variant
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
      if (v.readIds !== undefined) {
        // The words must give back every id as the store's text, or the figures are of a lossy
        // layout: compared row by row with the spans as written.
        const back = await v.readIds(conn)
        const written = groups.flat().map((s) => `${s.traceId}/${s.spanId}/${s.parentSpanId ?? ''}`)
        const wrong = written.filter((id, i) => back[i] !== id).length
        if (back.length !== written.length || wrong > 0) {
          throw new Error(`${v.name}: ${wrong} of ${written.length} ids read back changed`)
        }
      }
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
