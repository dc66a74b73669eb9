import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { DuckDBInstance } from '@duckdb/node-api'
import { afterAll, describe, expect, it } from 'vitest'
import { makeRequest, makeSpan, hexId } from '../../core/model/testing/builders.js'
import type { Micros } from '../../core/model/units.js'
import { createDuckDbStore } from './duckdb-store.js'
import { MIGRATIONS, SCHEMA_VERSION } from './schema.js'
import { appendSpansChunked } from './span-chunks.js'

const dir = mkdtempSync(join(tmpdir(), 'tokenline-schema-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

async function appliedVersions(path: string): Promise<number[]> {
  const instance = await DuckDBInstance.create(path)
  const connection = await instance.connect()
  const rows = (
    await connection.runAndReadAll('SELECT version FROM schema_migrations ORDER BY version')
  ).getRowsJS()
  connection.closeSync()
  instance.closeSync()
  return rows.map((r) => Number(r[0]))
}

describe('DuckDB schema migrations', () => {
  it('applies every step once and keeps data across reopen', async () => {
    const path = join(dir, 'reopen.duckdb')
    const first = await createDuckDbStore({ path })
    await first.upsertRequests([makeRequest({ traceId: hexId(1, 32) })])
    await first.close()
    const second = await createDuckDbStore({ path })
    expect((await second.stats()).requests).toBe(1)
    await second.close()
    expect(await appliedVersions(path)).toEqual(
      Array.from({ length: SCHEMA_VERSION }, (_, i) => i + 1)
    )
  })

  it('refuses a file written by a newer schema', async () => {
    const path = join(dir, 'newer.duckdb')
    await (await createDuckDbStore({ path })).close()
    const instance = await DuckDBInstance.create(path)
    const connection = await instance.connect()
    await connection.run(
      `INSERT INTO schema_migrations VALUES (${SCHEMA_VERSION + 1}, 'future', now())`
    )
    connection.closeSync()
    instance.closeSync()
    await expect(createDuckDbStore({ path })).rejects.toMatchObject({ code: 'STORE_UNSUPPORTED' })
  })

  it('upgrades a first-schema file: unattributed stages added, old rows kept', async () => {
    const path = join(dir, 'v1.duckdb')
    const instance = await DuckDBInstance.create(path)
    const connection = await instance.connect()
    await connection.run(`CREATE TABLE schema_migrations (
      version INTEGER PRIMARY KEY, name VARCHAR NOT NULL, applied_at TIMESTAMPTZ NOT NULL)`)
    for (const sql of MIGRATIONS[0]!.statements) {
      await connection.run(sql)
    }
    await connection.run(`INSERT INTO schema_migrations VALUES (1, 'initial tables', now())`)
    connection.closeSync()
    instance.closeSync()

    const store = await createDuckDbStore({ path })
    const old = makeRequest({ traceId: hexId(1, 32) })
    const added = makeRequest({ traceId: hexId(2, 32) })
    added.stages['client.unattributed'] = 302_000 as never
    added.stages['gateway.unattributed'] = 800_100 as never
    added.stages['engine.unattributed'] = 4768 as never
    await store.upsertRequests([old, added])
    expect((await store.getRequest(added.traceId))?.stages).toMatchObject({
      'client.unattributed': 302_000,
      'gateway.unattributed': 800_100,
      'engine.unattributed': 4768,
    })
    expect((await store.getRequest(old.traceId))?.stages['engine.queue']).toBe(
      old.stages['engine.queue']
    )
    await store.close()
    expect(await appliedVersions(path)).toEqual(
      Array.from({ length: SCHEMA_VERSION }, (_, i) => i + 1)
    )
  })

  it('upgrades a step-6 file: its spans rows stay readable beside the new writes (ADR 0395)', async () => {
    const path = join(dir, 'v6.duckdb')
    const instance = await DuckDBInstance.create(path)
    const connection = await instance.connect()
    await connection.run(`CREATE TABLE schema_migrations (
      version INTEGER PRIMARY KEY, name VARCHAR NOT NULL, applied_at TIMESTAMPTZ NOT NULL)`)
    for (const step of MIGRATIONS.filter((m) => m.version <= 6)) {
      for (const sql of step.statements) {
        await connection.run(sql)
      }
      await connection.run(
        `INSERT INTO schema_migrations VALUES (${step.version}, '${step.name}', now())`
      )
    }
    const T0 = 1_760_000_000_000_000
    const old = [1, 2].map((n) =>
      makeSpan({ traceId: hexId(1, 32), spanId: hexId(n, 16), startUs: (T0 + n) as Micros })
    )
    await appendSpansChunked(connection, old)
    connection.closeSync()
    instance.closeSync()

    const store = await createDuckDbStore({ path })
    const added = makeSpan({ traceId: hexId(1, 32), spanId: hexId(3, 16), startUs: T0 as Micros })
    await store.insertSpans([added])
    expect((await store.getSpans([hexId(1, 32)])).map((s) => s.spanId)).toEqual([
      hexId(1, 16),
      hexId(2, 16),
      hexId(3, 16),
    ])
    expect((await store.stats()).spans).toBe(3)
    expect(await store.unassembledTraceIds(T0 as Micros, 10)).toEqual([hexId(1, 32)])
    await store.close()
    expect(await appliedVersions(path)).toEqual(
      Array.from({ length: SCHEMA_VERSION }, (_, i) => i + 1)
    )
  })
})
