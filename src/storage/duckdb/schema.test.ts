import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { DuckDBInstance } from '@duckdb/node-api'
import { afterAll, describe, expect, it } from 'vitest'
import { makeRequest, hexId } from '../../../test/helpers/builders.js'
import { createDuckDbStore } from './duckdb-store.js'
import { SCHEMA_VERSION } from './schema.js'

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
})
