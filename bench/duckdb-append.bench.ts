/**
 * The ways `@duckdb/node-api` offers to put a batch of spans into the `spans` table, measured on
 * the same spans in the same run (each into its own fresh file, one transaction per batch):
 *
 *   - row appender: one native call per value (`appendVarchar`, …) and per row (`endRow`), the
 *     path the store used first;
 *   - data chunk: `DuckDBDataChunk.setColumnValues` per column + `appendDataChunk` (numbers go in
 *     one buffer copy, but every string is still one native call at flush);
 *   - JSON batch: the whole batch serialised by one `JSON.stringify` and bound as ONE parameter,
 *     unpacked by DuckDB's JSON reader in `INSERT … SELECT` (one native call per batch).
 *
 *   npx tsx bench/duckdb-append.bench.ts              # 100k spans, batches of 512
 *   npx tsx bench/duckdb-append.bench.ts --spans 400000 --batch 5000
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import type { DuckDBConnection } from '@duckdb/node-api'
import { decodeTraces } from '../src/core/otlp/decode-traces.js'
import type { Span } from '../src/core/model/span.js'
import { appendAll, inTransaction } from '../src/storage/duckdb/connection.js'
import { openDuckDbInstance } from '../src/storage/duckdb/open.js'
import { appendSpan } from '../src/storage/duckdb/rows.js'
import { applyMigrations } from '../src/storage/duckdb/schema.js'
import { appendSpansChunked } from '../src/storage/duckdb/span-chunks.js'
import { insertSpansJsonBatch } from './duckdb-json-batch.js'
import { makeLlmTraceRequest } from '../test/fixtures/otlp/make-llm-request.js'

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

type Method = (conn: DuckDBConnection, spans: readonly Span[]) => Promise<void>
const methods: [string, Method][] = [
  ['row appender (baseline)', (conn, spans) => appendAll(conn, 'spans', spans, appendSpan)],
  ['data chunk (store)', appendSpansChunked],
  ['JSON batch', insertSpansJsonBatch],
]

async function run(name: string, method: Method): Promise<number> {
  const instance = await openDuckDbInstance(join(dir, `${name.replace(/\W+/g, '-')}.duckdb`))
  const conn = await instance.connect()
  await applyMigrations(conn, new Date().toISOString())
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
  const best = (name: string): number => Math.max(...(rates.get(name) ?? [0]))
  const base = best('row appender (baseline)')
  console.log(`${fmt(total)} spans in batches of ${BATCH}, one transaction per batch, file store`)
  for (const [name] of methods) {
    const rate = best(name)
    console.log(
      `${name.padEnd(24)} ${fmt(rate).padStart(9)} spans/s (${(1e6 / rate).toFixed(1)} µs/span), ratio to row appender ${(rate / base).toFixed(2)}`
    )
  }
} finally {
  rmSync(dir, { recursive: true, force: true })
}
