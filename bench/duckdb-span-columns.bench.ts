/**
 * What each part of a span costs through DuckDB: the same decoded SDK spans appended into fresh
 * files with the store's columns and with one part changed, the variants alternating in one
 * process, so the ratios to the store's own path (the baseline, first in each round) hold on a
 * busy machine. CPU µs per span of the whole process, split by thread (event loop, DuckDB's),
 * for the appends and commits, and apart for the checkpoint that folds the WAL into the file.
 * A variant that claims to store the same rows (`checkRows`) has every row read back and compared
 * with the store's own values, column by column; the run stops on the first write that differs.
 * Last, the chunk fill's JavaScript alone (every column's value, no DuckDB), from `Span` objects
 * and from the decode workers' packed columns (ADR 0349).
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
  /** Every stored row is compared, column by column, with the store's own path's values. */
  checkRows?: boolean
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

/**
 * The rows of one write straight from the decode workers' columns (ADR 0250, one `PackedSpans`
 * per body, as the worker posts them): a row is an index into the write's bodies, each value read
 * from the typed arrays and the string table, no `Span` object. The attributes' JSON is put
 * together from the packed keys and values, each distinct string quoted once per body.
 */
interface PackedWrite {
  packs: readonly PackedSpans[]
  /** Per row: its body, its span within the body, its first attribute entry. */
  pack: Int32Array
  local: Int32Array
  attrAt: Int32Array
  /** Per body: its strings as JSON text, filled as the attributes ask for them. */
  quoted: (string | undefined)[][]
  /** Per body: each resource's JSON text. */
  resources: string[][]
}
const packedWrites = new WeakMap<readonly Span[], PackedWrite>()
let current: PackedWrite | undefined
function packedWrite(packs: readonly PackedSpans[]): PackedWrite {
  const n = packs.reduce((a, p) => a + p.n, 0)
  const pack = new Int32Array(n)
  const local = new Int32Array(n)
  const attrAt = new Int32Array(n)
  let r = 0
  packs.forEach((p, b) => {
    let at = 0
    for (let i = 0; i < p.n; i++, r++) {
      pack[r] = b
      local[r] = i
      attrAt[r] = at
      at += p.fields[i * 8 + 6] as number
    }
  })
  return {
    packs,
    pack,
    local,
    attrAt,
    quoted: packs.map(() => []),
    resources: packs.map((p) => p.resources.map((res) => JSON.stringify(res))),
  }
}
/** The packed string `index` of body `b`, or null for −1. */
const packedString = (w: PackedWrite, b: number, index: number): string | null =>
  index < 0 ? null : ((w.packs[b] as PackedSpans).strings[index] as string)
/** Span field `k` (string index) of row `r`. */
const packedField = (r: number, k: number): string | null => {
  const w = current as PackedWrite
  const b = w.pack[r] as number
  return packedString(
    w,
    b,
    (w.packs[b] as PackedSpans).fields[(w.local[r] as number) * 8 + k] as number
  )
}
const packedNumber = (r: number, k: number): number => {
  const w = current as PackedWrite
  return (w.packs[w.pack[r] as number] as PackedSpans).numbers[
    (w.local[r] as number) * 4 + k
  ] as number
}
/** Scope entry `k` (0 resource, 1 name, 2 version) of row `r`. */
const packedScope = (r: number, k: number): number => {
  const w = current as PackedWrite
  const p = w.packs[w.pack[r] as number] as PackedSpans
  return p.scopes[(p.fields[(w.local[r] as number) * 8 + 5] as number) * 3 + k] as number
}
function packedAttributes(r: number): string {
  const w = current as PackedWrite
  const b = w.pack[r] as number
  const p = w.packs[b] as PackedSpans
  const count = p.fields[(w.local[r] as number) * 8 + 6] as number
  if (count === 0) {
    return '{}'
  }
  const quoted = w.quoted[b] as (string | undefined)[]
  const quote = (index: number): string =>
    (quoted[index] ??= JSON.stringify(p.strings[index] as string))
  let out = '{'
  const from = w.attrAt[r] as number
  for (let a = from; a < from + count; a++) {
    const v = p.attrValues[a] as number
    let value: string
    switch (p.attrTags[a]) {
      case 1:
        value = quote(v)
        break
      case 2:
        value = Number.isFinite(v) ? String(v) : 'null'
        break
      case 3:
        value = 'true'
        break
      case 4:
        value = 'false'
        break
      case 5:
        value = JSON.stringify(p.nested[v])
        break
      default:
        value = 'null'
    }
    out += `${a === from ? '' : ','}${quote(p.attrKeys[a] as number)}:${value}`
  }
  return `${out}}`
}
/** `spans` in table order, read from the current write's columns. */
const PACKED_COLUMNS: readonly ChunkColumn<number>[] = [
  { type: VARCHAR, value: (r) => packedField(r, 0) },
  { type: VARCHAR, value: (r) => packedField(r, 1), distinct: true },
  { type: VARCHAR, value: (r) => packedField(r, 2) },
  { type: VARCHAR, value: (r) => packedField(r, 3) },
  { type: INTEGER, value: (r) => packedNumber(r, 2) },
  { type: BIGINT, value: (r) => packedNumber(r, 0) },
  { type: BIGINT, value: (r) => packedNumber(r, 1) },
  { type: INTEGER, value: (r) => packedNumber(r, 3) },
  { type: VARCHAR, value: (r) => packedField(r, 4) },
  { type: VARCHAR, value: packedAttributes, distinct: true },
  {
    type: VARCHAR,
    value: (r) => {
      const w = current as PackedWrite
      return (w.resources[w.pack[r] as number] as string[])[packedScope(r, 0)] as string
    },
  },
  {
    type: VARCHAR,
    value: (r) =>
      packedString(
        current as PackedWrite,
        (current as PackedWrite).pack[r] as number,
        packedScope(r, 1)
      ),
  },
  {
    type: VARCHAR,
    value: (r) =>
      packedString(
        current as PackedWrite,
        (current as PackedWrite).pack[r] as number,
        packedScope(r, 2)
      ),
  },
  {
    type: VARCHAR,
    value: (r) => {
      const w = current as PackedWrite
      const p = w.packs[w.pack[r] as number] as PackedSpans
      const event = p.fields[(w.local[r] as number) * 8 + 7] as number
      return event < 0 ? '[]' : JSON.stringify(p.events[event])
    },
  },
]
/** Appends the write's rows from its bodies' columns (`spans` is only the key to them). */
async function writePacked(conn: DuckDBConnection, spans: readonly Span[]): Promise<void> {
  const w = packedWrites.get(spans)
  if (w === undefined) {
    throw new Error('no packed bodies for this write')
  }
  current = w
  // The quoted strings are per write, as they would be in the server.
  w.quoted = w.packs.map(() => [])
  w.resources = w.packs.map((p) => p.resources.map((res) => JSON.stringify(res)))
  const rows = Array.from({ length: w.pack.length }, (_, i) => i)
  await appendInChunks(conn, 'spans', PACKED_COLUMNS, rows)
}
/** Every stored `spans` row, as the columns' values (BIGINT as number), in insertion order. */
async function readRows(conn: DuckDBConnection): Promise<unknown[][]> {
  const reader = await conn.runAndReadAll('SELECT * FROM spans ORDER BY rowid')
  return reader.getRowsJS().map((row) => row.map((v) => (typeof v === 'bigint' ? Number(v) : v)))
}

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
  {
    // No `Span` objects between the decode worker and the store: rows from the packed columns.
    name: 'rows from the packed columns',
    columns: SPAN_COLUMNS,
    write: writePacked,
    checkRows: true,
  },
]

const picked =
  args.only === '' ? variants : args.only.split(',').map((i) => variants[Number(i)] as Variant)
markStartupThreads()
const bodies = sdkBodies(Number(args.bodies))
const groups: Span[][] = []
for (let i = 0; i < bodies.length; i += GROUP) {
  const decoded = bodies.slice(i, i + GROUP).map((b) => decodeTracesProtobuf(b).spans)
  const group = decoded.flat()
  groups.push(group)
  // What the decode worker posts for each body (ADR 0250), made here outside the timing.
  packedWrites.set(group, packedWrite(decoded.map(packSpans)))
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
      if (v.checkRows === true) {
        // The store's own values for the same spans: the variant must store exactly them.
        const back = await readRows(conn)
        const written = groups.flat().map((s) =>
          SPAN_COLUMNS.map((c) => {
            const value = c.value(s)
            return typeof value === 'bigint' ? Number(value) : value
          })
        )
        const wrong = written.filter(
          (row, i) => JSON.stringify(row) !== JSON.stringify(back[i])
        ).length
        if (back.length !== written.length || wrong > 0) {
          throw new Error(`${v.name}: ${wrong} of ${written.length} rows read back differ`)
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

// The chunk fill's JavaScript alone, no DuckDB: every column's value of every row, from the
// `Span` objects (the store's getters) and from the packed columns, alternating, five rounds each.
{
  const cpu = (work: () => void): number => {
    const c0 = process.cpuUsage()
    work()
    const c = process.cpuUsage(c0)
    return (c.user + c.system) / total
  }
  let sink = 0
  const keep = (value: unknown): void => {
    sink += value === null ? 0 : 1
  }
  const fromSpans = (columns: readonly ChunkColumn<Span>[]): void => {
    for (const g of groups) {
      for (const c of columns) {
        for (const s of g) {
          keep(c.value(s))
        }
      }
    }
  }
  const fromPacked = (columns: readonly ChunkColumn<number>[]): void => {
    for (const g of groups) {
      current = packedWrites.get(g) as PackedWrite
      current.quoted = current.packs.map(() => [])
      for (const c of columns) {
        for (let r = 0; r < g.length; r++) {
          keep(c.value(r))
        }
      }
    }
  }
  const spansUs: number[] = []
  const packedUs: number[] = []
  const spansAttrUs: number[] = []
  const packedAttrUs: number[] = []
  const gc = (globalThis as { gc?: () => void }).gc ?? (() => undefined)
  for (let round = 0; round < 5; round++) {
    gc()
    spansUs.push(cpu(() => fromSpans(SPAN_COLUMNS)))
    gc()
    packedUs.push(cpu(() => fromPacked(PACKED_COLUMNS)))
    gc()
    spansAttrUs.push(cpu(() => fromSpans([SPAN_COLUMNS[ATTRIBUTES] as ChunkColumn<Span>])))
    gc()
    packedAttrUs.push(cpu(() => fromPacked([PACKED_COLUMNS[ATTRIBUTES] as ChunkColumn<number>])))
  }
  const list = (us: readonly number[]): string => us.map((u) => u.toFixed(2)).join(', ')
  console.log(
    `  column values alone, CPU µs per span: from Span objects ${list(spansUs)} (attributes alone ${list(spansAttrUs)}); from the packed columns ${list(packedUs)} (attributes alone ${list(packedAttrUs)})${sink > 0 ? '' : ' (nothing read)'}`
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
