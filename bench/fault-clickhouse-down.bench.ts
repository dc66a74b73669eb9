/**
 * ClickHouse going away and coming back under sustained inserts, full size
 * (test/integration/clickhouse-down.test.ts is the small one). No ClickHouse server binary is
 * installed here, so the ClickHouse behind the socket is chdb, the embedded engine. A loopback
 * front speaks ClickHouse's HTTP insert protocol and stores each body into a MergeTree table
 * through chdb. "Down" closes the front's listener and cuts its connections, so clients see
 * ECONNREFUSED/ECONNRESET as from a stopped server. "Up" listens again on the same port.
 *
 * `--writers` loops insert `--rows`-row JSONEachRow batches through the server's own client:
 * the HTTP executor wrapped in `withInsertRetry`, at its defaults (retry for 6 s, backoff
 * 200 ms → 2 s, 64 MiB retry budget). A refused batch is sent again after its `Retry-After`, as
 * an OTLP exporter does with the server's 503. Two outages: `--short-s` (shorter than the retry
 * window, ridden out) and `--long-s` (longer, refused explicitly).
 *
 * Per outage the bench reports: retries, inserts recovered, refused and given up; peak bytes
 * held for retry against the budget; the time from the return to the first stored batch, and
 * until every writer has stored again (drained). At the end it reports acknowledged rows vs
 * rows in ClickHouse (lost must be 0) and duplicates (0 since each batch carries its
 * `insert_deduplication_token` and the table has the schema's deduplication window, ADR 0198; a
 * cut connection can lose the reply after chdb took the batch). Throughput after the return is
 * given as a ratio to before the first outage.
 *
 *   npx tsx bench/fault-clickhouse-down.bench.ts
 *   npx tsx bench/fault-clickhouse-down.bench.ts --writers 8 --rows 5000 --long-s 30
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { AppError, errorMessage } from '../src/core/errors.js'
import { createChdbExecutor, isChdbAvailable } from '../src/storage/clickhouse/chdb-executor.js'
import { createHttpExecutor } from '../src/storage/clickhouse/http-executor.js'
import { withInsertRetry } from '../src/storage/clickhouse/retrying-executor.js'
import { DEDUPLICATION_WINDOW } from '../src/storage/clickhouse/schema.js'
import { createRecordingLogger } from '../src/server/testing/test-deps.js'
import { numArg } from './cli-args.js'

const writers = numArg('--writers', 4)
const rowsPerBatch = numArg('--rows', 2000)
const warmS = numArg('--warm-s', 15)
const shortS = numArg('--short-s', 3)
const longS = numArg('--long-s', 20)
const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms))

if (!(await isChdbAvailable())) {
  process.stdout.write('skipped: the optional package chdb is not installed (npm install chdb)\n')
  process.exit(0)
}

const dir = mkdtempSync(join(tmpdir(), 'tokenline-ch-down-'))
const chdb = await createChdbExecutor(join(dir, 'data'))
await chdb.command('CREATE DATABASE IF NOT EXISTS bench')
await chdb.command(
  `CREATE TABLE bench.spans (Seq UInt64, TraceId String, Body String)
   ENGINE = MergeTree ORDER BY Seq
   SETTINGS non_replicated_deduplication_window = ${DEDUPLICATION_WINDOW}`
)

// The front: ClickHouse's HTTP insert (query and settings in the URL, rows in the body) into chdb.
const front: Server = createServer((req, res) => {
  const params = new URL(req.url ?? '/', 'http://x').searchParams
  const query = params.get('query') ?? ''
  const dedupToken = params.get('insert_deduplication_token') ?? undefined
  const insert = /^INSERT INTO (\S+) FORMAT JSONEachRow/i.exec(query)
  const chunks: Buffer[] = []
  req.on('data', (d: Buffer) => chunks.push(d))
  req.on('end', () => {
    if (insert === null) {
      res.writeHead(400, { 'X-ClickHouse-Exception-Code': '62' })
      res.end(`Code: 62. DB::Exception: the bench front takes inserts only (${query})`)
      return
    }
    chdb
      .insertJson(`bench.${insert[1]!.split('.').pop()!}`, Buffer.concat(chunks).toString(), {
        ...(dedupToken !== undefined ? { dedupToken } : {}),
      })
      .then(
        () => {
          res.writeHead(200, { 'Content-Type': 'text/plain', 'X-ClickHouse-Summary': '{}' })
          res.end()
        },
        (err: unknown) => {
          res.writeHead(500, { 'X-ClickHouse-Exception-Code': '1000' })
          res.end(`Code: 1000. DB::Exception: ${errorMessage(err)}`)
        }
      )
  })
})
await new Promise<void>((r) => front.listen(0, '127.0.0.1', () => r()))
const port = (front.address() as AddressInfo).port
const down = async (): Promise<void> => {
  const closed = new Promise<void>((r) => front.close(() => r()))
  front.closeAllConnections()
  await closed
}
const up = (): Promise<void> => new Promise((r) => front.listen(port, '127.0.0.1', () => r()))

const logger = createRecordingLogger()
const executor = withInsertRetry(
  createHttpExecutor({ url: `http://127.0.0.1:${port}`, database: 'bench' }),
  { logger, logIntervalMs: 250 }
)

let seq = 0
let stop = false
let ackedRows = 0
let refusedBatches = 0
/** Per writer: when it last stored a batch (performance.now()). */
const storedAt: number[] = Array.from({ length: writers }, () => 0)
const stored: { at: number; rows: number }[] = []

function batchBody(first: number): string {
  const lines: string[] = []
  for (let k = 0; k < rowsPerBatch; k++) {
    const s = first + k
    lines.push(
      JSON.stringify({
        Seq: s,
        TraceId: (s + 1).toString(16).padStart(32, '0'),
        Body: `{"gen_ai.request.model":"llama-3-8b","tenant.id":"tenant-${s % 13}","n":${s}}`,
      })
    )
  }
  return `${lines.join('\n')}\n`
}

async function writer(w: number): Promise<void> {
  while (!stop) {
    const first = seq
    seq += rowsPerBatch
    const body = batchBody(first)
    for (;;) {
      try {
        await executor.insertJson('spans', body)
        ackedRows += rowsPerBatch
        storedAt[w] = performance.now()
        stored.push({ at: performance.now(), rows: rowsPerBatch })
        break
      } catch (err) {
        if (!(err instanceof AppError) || err.code !== 'STORE_UNAVAILABLE') {
          throw err
        }
        refusedBatches++
        await sleep(1000 * (err.retryAfterSeconds ?? 1))
      }
    }
  }
}

const rowsPerS = (from: number, to: number): number =>
  stored.filter((s) => s.at >= from && s.at < to).reduce((n, s) => n + s.rows, 0) /
  ((to - from) / 1000)
const peakPending = (from: number): number =>
  Math.max(
    0,
    ...logger.lines
      .slice(from)
      .map((l) => (l.fields as { pending_bytes?: number } | undefined)?.pending_bytes ?? 0)
  )

const running = Array.from({ length: writers }, (_, w) => writer(w))
const report: string[] = [
  `${writers} writers × ${rowsPerBatch}-row batches (${(batchBody(0).length / 1024).toFixed(0)} KiB each), retry for 6 s, budget 64 MiB`,
]
try {
  const t0 = performance.now()
  await sleep(warmS * 1000)
  const baseRate = rowsPerS(t0 + 2000, performance.now())
  report.push(`before: ${baseRate.toFixed(0)} rows/s stored`)
  for (const [label, seconds] of [
    ['short', shortS],
    ['long', longS],
  ] as const) {
    const before = executor.counters()
    const refusedBefore = refusedBatches
    const linesBefore = logger.lines.length
    await down()
    await sleep(seconds * 1000)
    await up()
    const back = performance.now()
    while (performance.now() - back < 60_000 && storedAt.some((t) => t < back)) {
      await sleep(20)
    }
    const firstStored = stored.find((s) => s.at >= back)?.at ?? Number.NaN
    const drainedMs = Math.max(...storedAt) - back
    const after = executor.counters()
    await sleep(warmS * 1000)
    const afterRate = rowsPerS(back + drainedMs + 1000, performance.now())
    report.push(
      `${label} outage ${seconds} s: retries ${after.retries - before.retries}, recovered ${after.recovered - before.recovered}, ` +
        `refused at once ${after.refused - before.refused}, given up ${after.gaveUp - before.gaveUp} ` +
        `(batches answered "not stored, retry later": ${refusedBatches - refusedBefore}); ` +
        `peak held for retry ${(peakPending(linesBefore) / 1048576).toFixed(1)} MiB of 64 MiB; ` +
        `first stored ${(firstStored - back).toFixed(0)} ms after the return, all writers storing after ${drainedMs.toFixed(0)} ms; ` +
        `then ${afterRate.toFixed(0)} rows/s (${(afterRate / baseRate).toFixed(2)}× before)`
    )
  }
} finally {
  stop = true
  await Promise.all(running)
  await executor.close()
  const [row] = await chdb.rows(
    'SELECT count() AS n, uniqExact(Seq) AS distinct_rows FROM bench.spans'
  )
  const n = Number(row?.['n'])
  const distinct = Number(row?.['distinct_rows'])
  report.push(
    `acknowledged ${ackedRows} rows; in ClickHouse ${distinct} distinct (${n - distinct} duplicates); lost ${Math.max(0, ackedRows - distinct)}; ` +
      `log lines "ClickHouse inserts are failing": ${logger.lines.filter((l) => l.msg.startsWith('ClickHouse inserts are failing')).length}`
  )
  await new Promise<void>((r) => front.close(() => r()))
  await chdb.close()
  rmSync(dir, { recursive: true, force: true })
  process.stdout.write(`${report.join('\n')}\n`)
}
