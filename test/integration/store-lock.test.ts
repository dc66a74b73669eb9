import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, describe, expect, it } from 'vitest'
import { createDuckDbStore } from '../../src/storage/duckdb/duckdb-store.js'
import {
  lockPathFor,
  readServerLock,
  removeServerLock,
  writeServerLock,
} from '../../src/storage/duckdb/lock.js'

const CHILD = join(import.meta.dirname, '../../src/storage/testing/store-child.ts')
const dir = mkdtempSync(join(tmpdir(), 'tokenline-lock-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

let holder: ChildProcess | null = null
afterEach(() => {
  holder?.kill('SIGKILL')
  holder = null
})

/** Starts a child process that opens `dbPath` and keeps it open; resolves with its pid. */
function holdDatabase(dbPath: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', CHILD, 'hold', dbPath], {
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    holder = child
    let out = ''
    let err = ''
    child.stderr.on('data', (c: Buffer) => (err += c.toString()))
    child.stdout.on('data', (c: Buffer) => {
      out += c.toString()
      const m = /ready (\d+)/.exec(out)
      if (m) {
        resolve(Number(m[1]))
      }
    })
    child.on('exit', (code) => reject(new Error(`holder exited with ${String(code)}: ${err}`)))
  })
}

function deadPid(): number {
  const result = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], {
    encoding: 'utf8',
  })
  return Number(result.stdout)
}

describe('DuckDB store lock handling', () => {
  it('names the serving process and its API URL when a live lock file exists', async () => {
    const dbPath = join(dir, 'served.duckdb')
    const pid = await holdDatabase(dbPath)
    await writeServerLock(dbPath, {
      pid,
      apiUrl: 'http://127.0.0.1:4320',
      otlpUrl: 'http://127.0.0.1:4318',
    })
    expect(await readServerLock(dbPath)).toEqual({
      pid,
      apiUrl: 'http://127.0.0.1:4320',
      otlpUrl: 'http://127.0.0.1:4318',
    })
    const err = await createDuckDbStore({ path: dbPath }).catch((e: unknown) => e)
    expect(err).toMatchObject({ code: 'STORE_LOCKED' })
    expect((err as Error).message).toBe(
      `the database ${dbPath} is held by a running \`tokenline serve\` (pid ${pid}, API http://127.0.0.1:4320); query that server with --server http://127.0.0.1:4320 or stop it`
    )
    // Another process's live lock is not ours to remove.
    await removeServerLock(dbPath)
    expect(existsSync(lockPathFor(dbPath))).toBe(true)
  }, 30_000)

  it("reports DuckDB's own lock with the holder's pid when there is no lock file", async () => {
    const dbPath = join(dir, 'held.duckdb')
    const pid = await holdDatabase(dbPath)
    const err = await createDuckDbStore({ path: dbPath }).catch((e: unknown) => e)
    expect(err).toMatchObject({ code: 'STORE_LOCKED' })
    expect((err as Error).message).toContain(`is held by another process (pid ${pid})`)
  }, 30_000)

  it('ignores a lock file whose process is gone, and removes it', async () => {
    const dbPath = join(dir, 'stale.duckdb')
    await writeServerLock(dbPath, {
      pid: deadPid(),
      apiUrl: 'http://127.0.0.1:1',
      otlpUrl: 'http://127.0.0.1:2',
    })
    expect(await readServerLock(dbPath)).toBeNull()
    const store = await createDuckDbStore({ path: dbPath })
    await store.close()
    await removeServerLock(dbPath)
    expect(existsSync(lockPathFor(dbPath))).toBe(false)
    await removeServerLock(dbPath)
  })

  it('releases the file on close so another process can open it', async () => {
    const dbPath = join(dir, 'released.duckdb')
    const store = await createDuckDbStore({ path: dbPath })
    await store.close()
    const pid = await holdDatabase(dbPath)
    expect(pid).toBeGreaterThan(0)
  }, 30_000)
})
