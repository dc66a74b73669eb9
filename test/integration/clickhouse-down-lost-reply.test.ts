/**
 * A batch ClickHouse took whose reply was lost is stored once when it is sent again (issue #25).
 * The real HTTP client with its retry talks to a loopback front that stores each insert into
 * embedded ClickHouse (chdb) with the settings of its URL, like a ClickHouse server's HTTP
 * interface; the front cuts the connection after storing the first attempt, before answering.
 * The table exists before the store opens (as a Collector makes it), so the schema step that
 * gives it a deduplication window runs on an existing table.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { errorMessage } from '../../src/core/errors.js'
import { createChdbExecutor, isChdbAvailable } from '../../src/storage/clickhouse/chdb-executor.js'
import { createClickHouseStore } from '../../src/storage/clickhouse/clickhouse-store.js'
import { createHttpExecutor } from '../../src/storage/clickhouse/http-executor.js'
import { withInsertRetry } from '../../src/storage/clickhouse/retrying-executor.js'

const available = await isChdbAvailable()
const dir = mkdtempSync(join(tmpdir(), 'tokenline-ch-lost-reply-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

const title = available
  ? 'ClickHouse reply lost after the insert'
  : 'ClickHouse reply lost after the insert: skipped, the optional package chdb is not installed'

describe.skipIf(!available)(title, () => {
  it('stores a batch whose reply was lost and which was sent again once', async () => {
    const database = `lost_reply_${process.pid}`
    const chdb = await createChdbExecutor(join(dir, 'data'))
    await chdb.command(`CREATE DATABASE IF NOT EXISTS ${database}`)
    await chdb.command(
      `CREATE TABLE ${database}.otel_traces (
        Timestamp DateTime64(9), TraceId String, SpanId String, ServiceName LowCardinality(String)
      ) ENGINE = MergeTree PARTITION BY toDate(Timestamp) ORDER BY (ServiceName, Timestamp)`
    )
    const store = await createClickHouseStore({ executor: chdb, database })

    let requests = 0
    const front: Server = createServer((req, res) => {
      requests++
      const params = new URL(req.url ?? '/', 'http://x').searchParams
      const table = /^INSERT INTO (\S+) FORMAT JSONEachRow/i.exec(params.get('query') ?? '')?.[1]
      const dedupToken = params.get('insert_deduplication_token') ?? undefined
      const chunks: Buffer[] = []
      req.on('data', (d: Buffer) => chunks.push(d))
      req.on('end', () => {
        const lose = requests === 1
        chdb
          .insertJson(table ?? '', Buffer.concat(chunks).toString(), {
            ...(dedupToken !== undefined ? { dedupToken } : {}),
          })
          .then(
            () => {
              if (lose) {
                req.socket.destroy()
                return
              }
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
    await new Promise<void>((resolve) => front.listen(0, '127.0.0.1', () => resolve()))
    const executor = withInsertRetry(
      createHttpExecutor({
        url: `http://127.0.0.1:${(front.address() as AddressInfo).port}`,
        database,
      }),
      { firstBackoffMs: 20, maxBackoffMs: 100 }
    )
    const count = async (): Promise<number> =>
      Number((await chdb.rows(`SELECT count() AS n FROM ${database}.otel_traces`))[0]?.['n'])
    try {
      // Two days: ClickHouse writes one block per partition, each deduplicated on its own.
      const batch = (first: number): string =>
        Array.from({ length: 100 }, (_, i) =>
          JSON.stringify({
            Timestamp: `2026-01-0${1 + (i % 2)} 00:00:00.${String(first + i).padStart(9, '0')}`,
            TraceId: (first + i).toString(16).padStart(32, '0'),
            SpanId: (first + i).toString(16).padStart(16, '0'),
            ServiceName: 'vllm',
          })
        ).join('\n')
      await executor.insertJson(`${database}.otel_traces`, batch(0))
      expect(requests).toBe(2)
      expect(executor.counters()).toMatchObject({ retries: 1, recovered: 1 })
      expect(await count()).toBe(100)

      // A different batch is still stored; only the resent copy was dropped.
      await executor.insertJson(`${database}.otel_traces`, batch(100))
      expect(await count()).toBe(200)
    } finally {
      await executor.close()
      await new Promise<void>((resolve) => {
        front.closeAllConnections()
        front.close(() => resolve())
      })
      await store.close()
    }
  }, 60_000)
})
