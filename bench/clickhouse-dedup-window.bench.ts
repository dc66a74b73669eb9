/**
 * What the insert deduplication window (ADR 0198) costs an insert: the same 2 000-row JSONEachRow
 * batches go into two chdb MergeTree tables, one without a window (the baseline) and one with the
 * schema's window and a token per batch, in alternating rounds in one process. Reported per batch
 * as a ratio to the baseline, with the client-side token hash as a ratio to building the body.
 *
 *   npx tsx bench/clickhouse-dedup-window.bench.ts
 *   npx tsx bench/clickhouse-dedup-window.bench.ts --batches 200 --rounds 5
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createChdbExecutor, isChdbAvailable } from '../src/storage/clickhouse/chdb-executor.js'
import { batchToken } from '../src/storage/clickhouse/retrying-executor.js'
import { DEDUPLICATION_WINDOW } from '../src/storage/clickhouse/schema.js'
import { intArg } from './cli-args.js'

const batches = intArg('--batches', 100)
const rounds = intArg('--rounds', 3)
const rowsPerBatch = 2000

if (!(await isChdbAvailable())) {
  process.stdout.write('skipped: the optional package chdb is not installed (npm install chdb)\n')
  process.exit(0)
}

const dir = mkdtempSync(join(tmpdir(), 'tokenline-ch-dedup-'))
const chdb = await createChdbExecutor(join(dir, 'data'))
await chdb.command('CREATE DATABASE IF NOT EXISTS bench')
for (const [name, settings] of [
  ['plain', ''],
  ['windowed', `SETTINGS non_replicated_deduplication_window = ${DEDUPLICATION_WINDOW}`],
] as const) {
  await chdb.command(
    `CREATE TABLE bench.${name} (Seq UInt64, TraceId String, Body String)
     ENGINE = MergeTree ORDER BY Seq ${settings}`
  )
}

let seq = 0
function rows(): object[] {
  return Array.from({ length: rowsPerBatch }, () => {
    const s = seq++
    return {
      Seq: s,
      TraceId: (s + 1).toString(16).padStart(32, '0'),
      Body: `{"gen_ai.request.model":"llama-3-8b","tenant.id":"tenant-${s % 13}","n":${s}}`,
    }
  })
}

const ms = { plain: 0, windowed: 0, build: 0, token: 0 }
try {
  for (let r = 0; r < rounds; r++) {
    for (const name of ['plain', 'windowed'] as const) {
      for (let b = 0; b < batches; b++) {
        const data = rows()
        let t = performance.now()
        const body = data.map((x) => JSON.stringify(x)).join('\n')
        ms.build += performance.now() - t
        t = performance.now()
        const dedupToken = name === 'windowed' ? batchToken(`bench.${name}`, body) : undefined
        ms.token += performance.now() - t
        t = performance.now()
        await chdb.insertJson(`bench.${name}`, body, dedupToken === undefined ? {} : { dedupToken })
        ms[name] += performance.now() - t
      }
    }
  }
  const n = rounds * batches
  const [count] = await chdb.rows(
    'SELECT (SELECT count() FROM bench.plain) AS plain, (SELECT count() FROM bench.windowed) AS windowed'
  )
  process.stdout.write(
    [
      `${n} batches of ${rowsPerBatch} rows per table, ${rounds} alternating rounds`,
      `insert without window: ${(ms.plain / n).toFixed(2)} ms/batch (baseline)`,
      `insert with window ${DEDUPLICATION_WINDOW} and token: ${(ms.windowed / n).toFixed(2)} ms/batch (${(ms.windowed / ms.plain).toFixed(2)}× baseline)`,
      `token hash: ${(ms.token / n).toFixed(3)} ms/batch (${((ms.token * 2) / ms.build).toFixed(3)}× building the body)`,
      `rows stored: plain ${String(count?.['plain'])}, windowed ${String(count?.['windowed'])} (distinct batches, none dropped)`,
    ].join('\n') + '\n'
  )
} finally {
  await chdb.close()
  rmSync(dir, { recursive: true, force: true })
}
