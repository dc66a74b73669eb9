import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { DuckDBInstance } from '@duckdb/node-api'
import { openDuckDbInstance } from './open.js'

const dirs: string[] = []
afterEach(() => {
  for (const d of dirs.splice(0)) {
    rmSync(d, { recursive: true, force: true })
  }
})

async function threadsOf(instance: DuckDBInstance): Promise<number> {
  const conn = await instance.connect()
  try {
    const reader = await conn.runAndReadAll("SELECT current_setting('threads')")
    return Number(reader.getRowsJS()[0]?.[0])
  } finally {
    conn.closeSync()
    instance.closeSync()
  }
}

describe('openDuckDbInstance threads', () => {
  it("runs DuckDB with the worker threads asked for, and DuckDB's own count when none are", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tokenline-open-'))
    dirs.push(dir)
    const own = await threadsOf(await DuckDBInstance.create(':memory:'))
    expect(await threadsOf(await openDuckDbInstance(join(dir, 'a.duckdb'), { threads: 1 }))).toBe(1)
    expect(await threadsOf(await openDuckDbInstance(join(dir, 'b.duckdb'), { threads: 3 }))).toBe(3)
    expect(await threadsOf(await openDuckDbInstance(join(dir, 'c.duckdb'), { threads: 0 }))).toBe(
      own
    )
    expect(await threadsOf(await openDuckDbInstance(join(dir, 'd.duckdb')))).toBe(own)
  })
})

describe('openDuckDbInstance allocator', () => {
  it("runs DuckDB's allocator background thread for a file, so pages freed while the writer idles go back to the system", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tokenline-open-'))
    dirs.push(dir)
    const instance = await openDuckDbInstance(join(dir, 'a.duckdb'))
    const conn = await instance.connect()
    try {
      const reader = await conn.runAndReadAll(
        "SELECT current_setting('allocator_background_threads')"
      )
      expect(reader.getRowsJS()[0]?.[0]).toBe(true)
    } finally {
      conn.closeSync()
      instance.closeSync()
    }
  })
})
