/**
 * The fill of a `requests` data chunk alone (no append), the store's column-wise `fillChunk` with
 * `REQUEST_COLUMNS` against the row-wise fill of `bench/request-fill-rows.ts` (ADR 0422,
 * rejected), in one process, alternating each round (the first order swapped every other round,
 * the first two rounds left out), into one reused chunk: CPU µs per request, median and range.
 *
 *   npx tsx bench/request-fill.bench.ts [--bodies 100] [--rounds 26]
 *   npx tsx bench/request-fill.bench.ts --check   # both fills' stored rows compared, then exit
 *   npx tsx bench/request-fill.bench.ts --writes 60   # whole writes through the store, then exit
 *
 * `--check` appends the SDK requests and the real captures' requests through both fills into two
 * tables of the `requests` schema and counts the rows one has and the other has not (0 when the
 * two store the same values, NULLs included). `--writes N` makes N store writes of the first
 * 4 096 SDK requests (`upsertRequests` of new traces, one DuckDB thread, the store's `fillChunk`)
 * into a fresh file and prints the process's CPU per request, user and system apart, and its
 * minor page faults per write: what a write costs beside its fill.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { gunzipSync } from 'node:zlib'
import { DuckDBDataChunk, DuckDBInstance } from '@duckdb/node-api'
import type { RequestTimeline } from '../src/core/model/request.js'
import { decodeTracesProtobuf } from '../src/ingest/otlp/protobuf.js'
import { stripContent } from '../src/ingest/pipeline/content-filter.js'
import {
  appendInChunks,
  CHUNK_ROWS,
  fillChunk,
  layoutOf,
  newScratch,
} from '../src/storage/duckdb/chunk-append.js'
import { inTransaction } from '../src/storage/duckdb/connection.js'
import { createDuckDbStore } from '../src/storage/duckdb/duckdb-store.js'
import { REQUEST_COLUMNS } from '../src/storage/duckdb/request-chunks.js'
import { MIGRATIONS } from '../src/storage/duckdb/schema.js'
import { fillRequestChunk } from './request-fill-rows.js'
import { sdkBodies } from './sdk-bodies.js'
import { assembleBatches } from './assemble-batches.js'

const { values: args } = parseArgs({
  options: {
    bodies: { type: 'string', default: '100' },
    rounds: { type: 'string', default: '26' },
    check: { type: 'boolean', default: false },
    writes: { type: 'string' },
  },
})

if (new Uint8Array(new Uint32Array([1]).buffer)[0] !== 1) {
  throw new Error('the row-wise fill writes little-endian words: not on this host')
}

const requests = assembleBatches([
  sdkBodies(Number(args.bodies)).flatMap((b) => stripContent(decodeTracesProtobuf(b).spans)),
])

if (args.check) {
  const fixtures = join(import.meta.dirname, '../test/fixtures')
  const real = assembleBatches([
    [
      ...readdirSync(join(fixtures, 'real-vllm'))
        .filter((f) => f.endsWith('.body'))
        .map((f) => readFileSync(join(fixtures, 'real-vllm', f))),
      ...readdirSync(join(fixtures, 'real-stack-traces/traces')).map((f) =>
        gunzipSync(readFileSync(join(fixtures, 'real-stack-traces/traces', f)))
      ),
    ].flatMap((b) => stripContent(decodeTracesProtobuf(b).spans)),
  ])
  const instance = await DuckDBInstance.create(':memory:')
  const conn = await instance.connect()
  // The `requests` table of schema step 8, whose columns `REQUEST_COLUMNS` are (a view of two
  // tables since step 9, ADR 0492).
  for (const m of MIGRATIONS.filter((step) => step.version <= 8)) {
    for (const statement of m.statements) {
      await conn.run(statement)
    }
  }
  for (const [name, list] of [
    ['SDK bodies', requests],
    ['real captures', real],
  ] as const) {
    await conn.run('DELETE FROM requests')
    await conn.run('CREATE OR REPLACE TABLE row_wise AS SELECT * FROM requests LIMIT 0')
    await inTransaction(conn, () => appendInChunks(conn, 'requests', REQUEST_COLUMNS, list))
    await inTransaction(conn, async () => {
      const appender = await conn.createAppender('row_wise')
      const chunk = DuckDBDataChunk.create(
        REQUEST_COLUMNS.map((c) => c.type),
        CHUNK_ROWS
      )
      for (let at = 0; at < list.length; at += CHUNK_ROWS) {
        fillRequestChunk(chunk, list.slice(at, at + CHUNK_ROWS))
        appender.appendDataChunk(chunk)
        chunk.reset()
      }
      appender.flushSync()
      appender.closeSync()
    })
    const differ = (
      await conn.runAndReadAll(
        'SELECT count(*) FROM ((FROM requests EXCEPT ALL FROM row_wise) UNION ALL (FROM row_wise EXCEPT ALL FROM requests))'
      )
    ).getRowsJS()[0]?.[0]
    console.log(`${name}: ${list.length} requests, rows stored differently: ${String(differ)}`)
  }
  conn.closeSync()
  instance.closeSync()
  process.exit(0)
}

if (args.writes !== undefined) {
  const writes = Number(args.writes)
  const dir = mkdtempSync(join(tmpdir(), 'tokenline-request-fill-'))
  const store = await createDuckDbStore({ path: join(dir, 'writes.duckdb'), threads: 1 })
  const batch = requests.slice(0, 4096)
  const faults = process.resourceUsage().minorPageFault
  const start = process.cpuUsage()
  for (let k = 0; k < writes; k++) {
    await store.upsertRequests(batch, { newTraces: true })
  }
  const used = process.cpuUsage(start)
  const faulted = process.resourceUsage().minorPageFault - faults
  const per = (us: number): string => (us / writes / batch.length).toFixed(2)
  console.log(
    `${writes} writes of ${batch.length}: CPU ${per(used.user + used.system)} µs per request (user ${per(used.user)}, system ${per(used.system)}), ${Math.round(faulted / writes)} minor page faults per write`
  )
  await store.close()
  rmSync(dir, { recursive: true, force: true })
  process.exit(0)
}

const types = REQUEST_COLUMNS.map((c) => c.type)
const layouts = types.map(layoutOf)
const chunk = DuckDBDataChunk.create(types, CHUNK_ROWS)
const scratch = newScratch()
const variants: [string, (part: readonly RequestTimeline[]) => void][] = [
  ['column-wise (store)', (part) => fillChunk(chunk, REQUEST_COLUMNS, layouts, part, scratch)],
  ['row-wise', (part) => fillRequestChunk(chunk, part)],
]
const perRequest = new Map<string, number[]>()
const rounds = Number(args.rounds)
for (let round = 0; round < rounds; round++) {
  for (const [name, fill] of round % 2 === 0 ? variants : [...variants].reverse()) {
    const start = process.cpuUsage()
    for (let at = 0; at < requests.length; at += CHUNK_ROWS) {
      fill(requests.slice(at, at + CHUNK_ROWS))
      chunk.reset()
    }
    const used = process.cpuUsage(start)
    if (round >= 2) {
      perRequest.set(name, [
        ...(perRequest.get(name) ?? []),
        (used.user + used.system) / requests.length,
      ])
    }
  }
}
console.log(
  `${requests.length} SDK requests, ${rounds - 2} rounds, CPU µs per request of the fill alone:`
)
for (const [name, values] of perRequest) {
  const sorted = [...values].sort((a, b) => a - b)
  const median = sorted[(sorted.length - 1) >> 1] as number
  console.log(
    `  ${name.padEnd(20)} ${median.toFixed(3)} (${(sorted[0] as number).toFixed(3)}–${(sorted[sorted.length - 1] as number).toFixed(3)})`
  )
}
