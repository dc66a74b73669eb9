/**
 * A request write taken apart (issue #29): the SDK bodies' requests (as `bench/ingest-cost`
 * assembles them) written in the assembler's transactions of 4 096 into a fresh DuckDB file (the
 * server's settings, one thread), per variant of the `requests` columns:
 *
 *   - `all`           every column, as the store writes them (`REQUEST_COLUMNS`, `appendInChunks`)
 *   - `non-null`      only the columns with a value in some request (a table without the others):
 *                     the most that any saving on the always-NULL columns could give
 *   - `strings`, `doubles`, `other fixed` (BIGINT, INTEGER, BOOLEAN), `trace_id`: one kind alone
 *   - `narrow-temp`   every column of `requests`, written through a TEMP table of only the columns
 *                     with a value in the write, then `INSERT INTO requests (those) SELECT … FROM`
 *                     it and `DELETE FROM` it, in the same transaction (ADR 0401, rejected)
 *
 * For each: CPU µs per request of the chunk fill alone (JavaScript, into a chunk never appended),
 * of the fill + `appendDataChunk` + `flushSync` (the event loop's part of a write), and of the
 * `COMMIT` (libuv's pool); process CPU, so with one DuckDB thread and nothing else running it is
 * the work of the write. Variants rotate each round (a process's first file runs cold).
 * It first prints how many columns a request has, how many are NULL in every request, of what
 * kind, for the SDK requests and for the real captures.
 *
 *   npx tsx bench/request-write-parts.bench.ts [--bodies 100] [--rounds 4] [--only all,non-null]
 *   npx tsx bench/request-write-parts.bench.ts --digest    # the stored rows' digests, then exit
 *   npx tsx bench/request-write-parts.bench.ts --fixed     # a write's phases for 1 and 2 048 rows
 *
 * `--digest` writes the SDK requests (bodies built with a fixed clock and seeded ids, so every
 * run makes the same ones) and the real captures' requests through the store (`upsertRequests` of new traces
 * in writes of 4 096, then the first 1 000 again as replacing upserts), reads every row back and
 * prints one digest per set: two builds that store the same values print the same digests.
 * `--fixed` times each phase of a write of one row and of one full chunk (30 writes each, CPU ms,
 * median): what a write costs whatever its size.
 */
import { createHash } from 'node:crypto'
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { gunzipSync } from 'node:zlib'
import { parseArgs } from 'node:util'
import { DuckDBDataChunk, type DuckDBConnection } from '@duckdb/node-api'
import type { RequestTimeline } from '../src/core/model/request.js'
import { decodeTracesProtobuf } from '../src/ingest/otlp/protobuf.js'
import { stripContent } from '../src/ingest/pipeline/content-filter.js'
import {
  appendInChunks,
  CHUNK_ROWS,
  fillChunk,
  layoutOf,
  newScratch,
  type ChunkColumn,
} from '../src/storage/duckdb/chunk-append.js'
import { createDuckDbStore, duckDbSharedOf } from '../src/storage/duckdb/duckdb-store.js'
import { mulberry32 } from '../src/core/stats/testing/mulberry32.js'
import { openDuckDbInstance } from '../src/storage/duckdb/open.js'
import { REQUEST_COLUMNS } from '../src/storage/duckdb/request-chunks.js'
import { MIGRATIONS } from '../src/storage/duckdb/schema.js'
import { sdkBodies } from './sdk-bodies.js'
import { assembleBatches } from './assemble-batches.js'

const { values: args } = parseArgs({
  options: {
    bodies: { type: 'string', default: '100' },
    rounds: { type: 'string', default: '4' },
    only: { type: 'string' },
    digest: { type: 'boolean', default: false },
    fixed: { type: 'boolean', default: false },
  },
})
const WRITE = 4096

const isNull = (v: unknown): boolean => v === null || v === undefined

/** Per column: index, SQL name, kind, whether NULL in every request. */
async function columnNames(c: DuckDBConnection): Promise<string[]> {
  const r = await c.runAndReadAll(
    "SELECT column_name FROM duckdb_columns() WHERE table_name = 'requests' ORDER BY column_index"
  )
  return r.getRowsJS().map((row) => String(row[0]))
}

function profile(label: string, requests: readonly RequestTimeline[], names: string[]): void {
  const kinds = new Map<string, { columns: number; allNull: number }>()
  let nullValues = 0
  let stringBytes = 0
  for (const [i, col] of REQUEST_COLUMNS.entries()) {
    const kind = col.type.toString()
    const k = kinds.get(kind) ?? { columns: 0, allNull: 0 }
    let nulls = 0
    for (const r of requests) {
      const v = col.value(r)
      if (isNull(v)) {
        nulls++
      } else if (typeof v === 'string') {
        stringBytes += Buffer.byteLength(v)
      }
    }
    nullValues += nulls
    k.columns++
    if (nulls === requests.length) {
      k.allNull++
    }
    kinds.set(kind, k)
    void names[i]
  }
  console.log(
    `${label}: ${requests.length} requests, ${REQUEST_COLUMNS.length} columns; NULL values per request ${(nullValues / requests.length).toFixed(1)}; string bytes per request ${(stringBytes / requests.length).toFixed(1)}`
  )
  for (const [kind, k] of kinds) {
    console.log(`  ${kind.padEnd(8)} ${k.columns} columns, ${k.allNull} NULL in every request`)
  }
}

if (args.digest) {
  // The SDK bodies' times follow the clock and their ids `Math.random`: both fixed, every run
  // builds the same requests.
  Date.now = () => 1_780_000_000_000
  Math.random = mulberry32(29)
}
const spans = sdkBodies(Number(args.bodies)).flatMap((b) =>
  stripContent(decodeTracesProtobuf(b).spans)
)
const requests = assembleBatches([spans])
const fixtures = join(import.meta.dirname, '../test/fixtures')
const realBodies = [
  ...readdirSync(join(fixtures, 'real-vllm'))
    .filter((f) => f.endsWith('.body'))
    .map((f) => readFileSync(join(fixtures, 'real-vllm', f))),
  ...readdirSync(join(fixtures, 'real-stack-traces/traces')).map((f) =>
    gunzipSync(readFileSync(join(fixtures, 'real-stack-traces/traces', f)))
  ),
]
const real = assembleBatches([
  realBodies.flatMap((b) => stripContent(decodeTracesProtobuf(b).spans)),
])

const dir = mkdtempSync(join(tmpdir(), 'tokenline-request-parts-'))
let fileNo = 0
async function freshFile(): Promise<{ c: DuckDBConnection; close: () => void }> {
  const instance = await openDuckDbInstance(join(dir, `f${fileNo++}.duckdb`), { threads: 1 })
  const c = await instance.connect()
  // The `requests` table of schema step 8, whose columns `REQUEST_COLUMNS` are (a view of two
  // tables since step 9, ADR 0492): the variants are forms of that table.
  for (const m of MIGRATIONS.filter((step) => step.version <= 8)) {
    for (const s of m.statements) {
      await c.run(s)
    }
  }
  return {
    c,
    close: () => {
      c.closeSync()
      instance.closeSync()
    },
  }
}

/** Every stored request row, in a fixed order, as text (BIGINTs as decimals), hashed. */
async function storedDigest(list: readonly RequestTimeline[]): Promise<string> {
  const store = await createDuckDbStore({ path: join(dir, `d${fileNo++}.duckdb`), threads: 1 })
  try {
    for (let at = 0; at < list.length; at += WRITE) {
      await store.upsertRequests(list.slice(at, at + WRITE), { newTraces: true })
    }
    await store.upsertRequests(list.slice(0, 1000))
    const rows = await duckDbSharedOf(store)?.read(async (c) =>
      (await c.runAndReadAll('SELECT * FROM requests ORDER BY ALL')).getRowObjectsJS()
    )
    const text = (rows ?? [])
      .map((row) => JSON.stringify(row, (_, v: unknown) => (typeof v === 'bigint' ? `${v}n` : v)))
      .join('\n')
    return `${rows?.length ?? 0} rows ${createHash('sha256').update(text).digest('hex')}`
  } finally {
    await store.close()
  }
}

const cpuUs = (since: NodeJS.CpuUsage): number => {
  const u = process.cpuUsage(since)
  return u.user + u.system
}
const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b)
  return s.length === 0 ? NaN : (s[(s.length - 1) >> 1] as number)
}

if (args.fixed) {
  const { c, close } = await freshFile()
  const types = REQUEST_COLUMNS.map((col) => col.type)
  const layouts = types.map(layoutOf)
  let at = 0
  for (const rows of [1, CHUNK_ROWS]) {
    const phases = new Map<string, number[]>()
    const time = <T>(name: string, work: () => T): T => {
      const t = process.cpuUsage()
      const out = work()
      phases.set(name, [...(phases.get(name) ?? []), cpuUs(t) / 1000])
      return out
    }
    for (let k = 0; k < 30; k++) {
      const part = requests.slice(at, at + rows)
      at = (at + rows) % (requests.length - CHUNK_ROWS)
      await c.run('BEGIN')
      let t = process.cpuUsage()
      const appender = await c.createAppender('requests')
      phases.set('createAppender', [...(phases.get('createAppender') ?? []), cpuUs(t) / 1000])
      const chunk = time('data chunk + scratch', () => ({
        chunk: DuckDBDataChunk.create(types, CHUNK_ROWS),
        scratch: newScratch(),
      }))
      time('fill', () => fillChunk(chunk.chunk, REQUEST_COLUMNS, layouts, part, chunk.scratch))
      time('appendDataChunk', () => appender.appendDataChunk(chunk.chunk))
      time('flushSync', () => appender.flushSync())
      time('closeSync', () => appender.closeSync())
      t = process.cpuUsage()
      await c.run('COMMIT')
      phases.set('COMMIT', [...(phases.get('COMMIT') ?? []), cpuUs(t) / 1000])
    }
    console.log(
      `${rows} row(s) per write, CPU ms, median of 30: ${[...phases].map(([n, v]) => `${n} ${median(v).toFixed(2)}`).join(', ')}`
    )
  }
  close()
  rmSync(dir, { recursive: true, force: true })
  process.exit(0)
}

if (args.digest) {
  console.log(`SDK bodies' requests: ${await storedDigest(requests)}`)
  console.log(`real captures' requests: ${await storedDigest(real)}`)
  rmSync(dir, { recursive: true, force: true })
  process.exit(0)
}

{
  const { c, close } = await freshFile()
  const names = await columnNames(c)
  close()
  profile('SDK bodies', requests, names)
  profile('real captures', real, names)
}

/**
 * ADR 0401's candidate: the write's columns with a value in some row go to a TEMP table of just
 * them (the appender writes every column of its table), then into `requests` in one
 * `INSERT … SELECT`, which fills the columns left out with NULL as constant vectors.
 */
async function appendThroughNarrowTemp(
  c: DuckDBConnection,
  names: readonly string[],
  rows: readonly RequestTimeline[]
): Promise<void> {
  const present = REQUEST_COLUMNS.flatMap((col, i) =>
    rows.some((r) => !isNull(col.value(r))) ? [{ col, name: names[i] as string, i }] : []
  )
  const mask = present.reduce((m, p) => m | (1n << BigInt(p.i)), 0n)
  const part = `requests_columns_${mask.toString(16)}`
  const list = present.map((p) => p.name).join(', ')
  await c.run(
    `CREATE TEMP TABLE IF NOT EXISTS temp.main.${part} AS SELECT ${list} FROM requests LIMIT 0`
  )
  const columns = present.map((p) => p.col)
  const types = columns.map((col) => col.type)
  const layouts = types.map(layoutOf)
  const scratch = newScratch()
  const appender = await c.createAppender(part, 'main', 'temp')
  const chunk = DuckDBDataChunk.create(types, CHUNK_ROWS)
  for (let at = 0; at < rows.length; at += CHUNK_ROWS) {
    fillChunk(chunk, columns, layouts, rows.slice(at, at + CHUNK_ROWS), scratch)
    appender.appendDataChunk(chunk)
    chunk.reset()
  }
  appender.flushSync()
  appender.closeSync()
  await c.run(`INSERT INTO requests (${list}) SELECT ${list} FROM temp.main.${part}`)
  await c.run(`DELETE FROM temp.main.${part}`)
}

type Variant = { name: string; columns: number[] }
const kindOf = (i: number): string => (REQUEST_COLUMNS[i] as ChunkColumn<unknown>).type.toString()
const indices = REQUEST_COLUMNS.map((_, i) => i)
const allVariants: Variant[] = [
  { name: 'all', columns: indices },
  {
    name: 'non-null',
    columns: indices.filter((i) =>
      requests.some((r) => !isNull((REQUEST_COLUMNS[i] as ChunkColumn<RequestTimeline>).value(r)))
    ),
  },
  { name: 'strings', columns: indices.filter((i) => kindOf(i) === 'VARCHAR') },
  { name: 'doubles', columns: indices.filter((i) => kindOf(i) === 'DOUBLE') },
  {
    name: 'other fixed',
    columns: indices.filter((i) => !['VARCHAR', 'DOUBLE'].includes(kindOf(i))),
  },
  { name: 'trace_id', columns: [0] },
  { name: 'narrow-temp', columns: indices },
]
const only = args.only?.split(',')
const variants = allVariants.filter((v) => only === undefined || only.includes(v.name))

const results = new Map<string, { fill: number[]; append: number[]; commit: number[] }>()

for (let round = 0; round < Number(args.rounds); round++) {
  for (let k = 0; k < variants.length; k++) {
    const v = variants[(round + k) % variants.length] as Variant
    const columns = v.columns.map((i) => REQUEST_COLUMNS[i] as ChunkColumn<RequestTimeline>)
    const { c, close } = await freshFile()
    const names = await columnNames(c)
    const table = v.name === 'all' || v.name === 'narrow-temp' ? 'requests' : 'part'
    if (table === 'part') {
      await c.run(
        `CREATE TABLE part AS SELECT ${v.columns.map((i) => names[i]).join(', ')} FROM requests LIMIT 0`
      )
    }
    // The fill alone: into a chunk of the same types, never appended.
    const types = columns.map((col) => col.type)
    const layouts = types.map(layoutOf)
    const chunk = DuckDBDataChunk.create(types, CHUNK_ROWS)
    const scratch = newScratch()
    ;(globalThis as { gc?: () => void }).gc?.()
    let t = process.cpuUsage()
    for (let at = 0; at < requests.length; at += CHUNK_ROWS) {
      fillChunk(chunk, columns, layouts, requests.slice(at, at + CHUNK_ROWS), scratch)
      chunk.reset()
    }
    const fill = cpuUs(t)
    let append = 0
    let commit = 0
    for (let at = 0; at < requests.length; at += WRITE) {
      await c.run('BEGIN')
      t = process.cpuUsage()
      const write = requests.slice(at, at + WRITE)
      await (v.name === 'narrow-temp'
        ? appendThroughNarrowTemp(c, names, write)
        : appendInChunks(c, table, columns, write))
      append += cpuUs(t)
      t = process.cpuUsage()
      await c.run('COMMIT')
      commit += cpuUs(t)
    }
    close()
    const r = results.get(v.name) ?? { fill: [], append: [], commit: [] }
    r.fill.push(fill / requests.length)
    r.append.push(append / requests.length)
    r.commit.push(commit / requests.length)
    results.set(v.name, r)
    console.log(
      `round ${round} ${v.name.padEnd(12)} ${v.columns.length} columns: fill ${(fill / requests.length).toFixed(2)}, fill+append+flush ${(append / requests.length).toFixed(2)}, commit ${(commit / requests.length).toFixed(2)} µs/request`
    )
  }
}
console.log('median over rounds, CPU µs per request: fill | fill+append+flush | commit | write')
for (const v of variants) {
  const r = results.get(v.name)
  if (r === undefined) {
    continue
  }
  console.log(
    `  ${v.name.padEnd(12)} ${String(v.columns.length).padStart(2)} columns  ${median(r.fill).toFixed(2)} | ${median(r.append).toFixed(2)} | ${median(r.commit).toFixed(2)} | ${(median(r.append) + median(r.commit)).toFixed(2)}`
  )
}
rmSync(dir, { recursive: true, force: true })
