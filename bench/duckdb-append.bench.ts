/**
 * The ways `@duckdb/node-api` offers to put a batch of spans into the `spans` table, measured on
 * the same spans in the same run (each into its own fresh file, one transaction per batch):
 *
 *   - row appender: one native call per value (`appendVarchar`, …) and per row (`endRow`), the
 *     path the store used first;
 *   - chunk, driver vectors: the driver's vector classes fill each `DuckDBDataChunk` (numbers go
 *     in one buffer copy, but every string is one native call at flush): the store before ADR 0108;
 *   - data chunk (store): `appendInChunks`, which lays each column out itself and hands DuckDB
 *     each distinct long string once per chunk (short ones inline, repeats share a slot);
 *   - JSON batch: the whole batch serialised by one `JSON.stringify` and bound as ONE parameter,
 *     unpacked by DuckDB's JSON reader in `INSERT … SELECT` (one native call per batch).
 *
 * Then the same for `requests` rows (~50 columns, mostly numbers): the row appender against the
 * two chunk fills, on the requests assembled from those spans. Rates are the best of the rounds;
 * CPU is the whole process's (DuckDB's threads included).
 *
 *   npx tsx bench/duckdb-append.bench.ts              # 100k spans, batches of 512
 *   npx tsx bench/duckdb-append.bench.ts --spans 400000 --batch 5000
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import type { DuckDBConnection } from '@duckdb/node-api'
import { assembleRequest } from '../src/core/assembly/assemble-request.js'
import type { RequestTimeline } from '../src/core/model/request.js'
import { decodeTraces } from '../src/core/otlp/decode-traces.js'
import type { Span } from '../src/core/model/span.js'
import { appendAll, inTransaction } from '../src/storage/duckdb/connection.js'
import { openDuckDbInstance } from '../src/storage/duckdb/open.js'
import { appendRequest, appendSpan } from '../src/storage/duckdb/rows.js'
import { REQUEST_COLUMNS } from '../src/storage/duckdb/request-chunks.js'
import { appendInChunks } from '../src/storage/duckdb/chunk-append.js'
import { applyMigrations } from '../src/storage/duckdb/schema.js'
import { appendSpansChunked, SPAN_COLUMNS } from '../src/storage/duckdb/span-chunks.js'
import { appendInDriverVectors } from './duckdb-vector-chunks.js'
import { insertSpansJsonBatch } from './duckdb-json-batch.js'
import { makeLlmTraceRequest } from '../src/core/otlp/testing/make-llm-request.js'
import { groupSpansByTrace } from '../src/core/assembly/group-by-trace.js'

const { values: args } = parseArgs({
  options: {
    spans: { type: 'string', default: '100000' },
    batch: { type: 'string', default: '512' },
  },
})
const SPANS = Number(args.spans)
const BATCH = Number(args.batch)
const dir = mkdtempSync(join(tmpdir(), 'tokenline-append-'))
const fmt = (n: number): string => Math.round(n).toLocaleString('en-US')

const batches: Span[][] = []
for (let done = 0; done < SPANS; done += BATCH) {
  batches.push(decodeTraces(makeLlmTraceRequest(Math.ceil(BATCH / 4), done / 4)).spans)
}
const total = batches.reduce((n, b) => n + b.length, 0)

/** The requests of each batch's traces, as the ingest pipeline assembles them. */
const requestBatches: RequestTimeline[][] = batches.map((spans) => {
  return [...groupSpansByTrace(spans).values()].flatMap((trace) => {
    const request = assembleRequest(trace)
    return request === null ? [] : [request]
  })
})
const totalRequests = requestBatches.reduce((n, b) => n + b.length, 0)

type Method = (conn: DuckDBConnection, spans: readonly Span[]) => Promise<void>
type RequestMethod = (conn: DuckDBConnection, requests: readonly RequestTimeline[]) => Promise<void>
const requestMethods: [string, RequestMethod][] = [
  ['row appender (baseline)', (conn, list) => appendAll(conn, 'requests', list, appendRequest)],
  [
    'chunk, driver vectors',
    (conn, list) => appendInDriverVectors(conn, 'requests', REQUEST_COLUMNS, list),
  ],
  ['data chunk (store)', (conn, list) => appendInChunks(conn, 'requests', REQUEST_COLUMNS, list)],
]
const methods: [string, Method][] = [
  ['row appender (baseline)', (conn, spans) => appendAll(conn, 'spans', spans, appendSpan)],
  [
    'chunk, driver vectors',
    (conn, spans) => appendInDriverVectors(conn, 'spans', SPAN_COLUMNS, spans),
  ],
  ['data chunk (store)', appendSpansChunked],
  ['JSON batch', insertSpansJsonBatch],
]

async function run(name: string, method: Method): Promise<number> {
  const instance = await openDuckDbInstance(join(dir, `${name.replace(/\W+/g, '-')}.duckdb`))
  const conn = await instance.connect()
  // The `requests` table of schema step 8: a view of two tables since step 9 (ADR 0492).
  await applyMigrations(conn, new Date().toISOString(), 8)
  const t = performance.now()
  for (const batch of batches) {
    await inTransaction(conn, () => method(conn, batch))
  }
  const ms = performance.now() - t
  const count = (await conn.runAndReadAll('SELECT count(*) FROM spans')).getRowsJS()[0]?.[0]
  if (Number(count) !== total) {
    throw new Error(`${name}: stored ${String(count)} of ${total}`)
  }
  conn.closeSync()
  instance.closeSync()
  return total / (ms / 1000)
}

/** Requests/s and CPU µs per request of the whole process (DuckDB's threads included). */
async function runRequests(name: string, method: RequestMethod): Promise<[number, number]> {
  const instance = await openDuckDbInstance(join(dir, `req-${name.replace(/\W+/g, '-')}.duckdb`))
  const conn = await instance.connect()
  // The `requests` table of schema step 8: a view of two tables since step 9 (ADR 0492).
  await applyMigrations(conn, new Date().toISOString(), 8)
  const t = performance.now()
  const cpu = process.cpuUsage()
  for (const batch of requestBatches) {
    await inTransaction(conn, () => method(conn, batch))
  }
  const ms = performance.now() - t
  const used = process.cpuUsage(cpu)
  const count = (await conn.runAndReadAll('SELECT count(*) FROM requests')).getRowsJS()[0]?.[0]
  if (Number(count) !== totalRequests) {
    throw new Error(`${name}: stored ${String(count)} of ${totalRequests} requests`)
  }
  conn.closeSync()
  instance.closeSync()
  return [totalRequests / (ms / 1000), (used.user + used.system) / totalRequests]
}

try {
  // Two rounds, interleaved, so load from other processes hits every method alike.
  const rates = new Map<string, number[]>()
  for (let round = 0; round < 2; round++) {
    for (const [name, method] of methods) {
      const list = rates.get(name) ?? []
      list.push(await run(`${name}-${round}`, method))
      rates.set(name, list)
    }
  }
  const requestRates = new Map<string, [number, number][]>()
  for (let round = 0; round < 3; round++) {
    for (const [name, method] of requestMethods) {
      const list = requestRates.get(name) ?? []
      list.push(await runRequests(`${name}-${round}`, method))
      requestRates.set(name, list)
    }
  }
  const best = (name: string): number => Math.max(...(rates.get(name) ?? [0]))
  const base = best('row appender (baseline)')
  console.log(`${fmt(total)} spans in batches of ${BATCH}, one transaction per batch, file store`)
  for (const [name] of methods) {
    const rate = best(name)
    console.log(
      `${name.padEnd(24)} ${fmt(rate).padStart(9)} spans/s (${(1e6 / rate).toFixed(1)} µs/span), ratio to row appender ${(rate / base).toFixed(2)}`
    )
  }
  // Best of three rounds for the rate; the least CPU per request for the cost.
  const bestRequests = (name: string): [number, number] => {
    const runs = requestRates.get(name) ?? []
    return [Math.max(...runs.map((r) => r[0])), Math.min(...runs.map((r) => r[1]))]
  }
  const [requestBase, requestBaseCpu] = bestRequests('row appender (baseline)')
  console.log(`${fmt(totalRequests)} requests (the same traces), one transaction per batch`)
  for (const [name] of requestMethods) {
    const [rate, cpuUs] = bestRequests(name)
    console.log(
      `${name.padEnd(24)} ${fmt(rate).padStart(9)} requests/s (${(1e6 / rate).toFixed(1)} µs/request, CPU ${cpuUs.toFixed(1)} µs/request), ratio to row appender ${(rate / requestBase).toFixed(2)} (CPU ${(cpuUs / requestBaseCpu).toFixed(2)})`
    )
  }
} finally {
  rmSync(dir, { recursive: true, force: true })
}
