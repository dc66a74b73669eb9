/**
 * A DuckDB file after a crash in the middle of a checkpoint, and one damaged by hand (truncated,
 * header overwritten, blocks overwritten): the store opens what it can, or refuses with what to
 * do (and `tokenline serve` exits 3 with that text); it never answers wrong rows.
 */
import { spawn, spawnSync } from 'node:child_process'
import {
  copyFileSync,
  mkdtempSync,
  openSync,
  rmSync,
  statSync,
  truncateSync,
  writeSync,
  closeSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { AppError } from '../../src/core/errors.js'
import type { Micros } from '../../src/core/model/units.js'
import { createDuckDbStore, duckDbSharedOf } from '../../src/storage/duckdb/duckdb-store.js'
import { hexId, makeSpan } from '../../src/core/model/testing/builders.js'

const ROOT = resolve(import.meta.dirname, '../..')
const CHILD = join(ROOT, 'src/storage/testing/store-child.ts')
const dir = mkdtempSync(join(tmpdir(), 'tokenline-damage-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

/** Runs the child in `checkpoint` mode and SIGKILLs it `delayMs` after its second checkpoint starts. */
function killMidCheckpoint(dbPath: string, batchSize: number, delayMs: number): Promise<number> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', CHILD, 'checkpoint', dbPath, String(batchSize)],
      { stdio: ['ignore', 'pipe', 'pipe'] }
    )
    let acked = 0
    let checkpoints = 0
    let buffer = ''
    let stderr = ''
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
    child.stdout.on('data', (chunk: Buffer) => {
      buffer += chunk.toString()
      let nl: number
      while ((nl = buffer.indexOf('\n')) >= 0) {
        const line = buffer.slice(0, nl)
        buffer = buffer.slice(nl + 1)
        const m = /^ack \d+ (\d+)$/.exec(line)
        if (m) {
          acked = Number(m[1])
        } else if (line === 'checkpoint' && ++checkpoints === 2) {
          setTimeout(() => child.kill('SIGKILL'), delayMs)
        }
      }
    })
    child.on('error', reject)
    child.on('exit', (_code, signal) => {
      if (signal === 'SIGKILL') {
        resolvePromise(acked)
      } else {
        reject(new Error(`child ended without being killed: ${stderr}`))
      }
    })
  })
}

async function expectDamaged(path: string, pattern: RegExp): Promise<void> {
  const err = await createDuckDbStore({ path }).then(
    async (s) => {
      await s.close()
      return null
    },
    (e: unknown) => e
  )
  expect(err).toBeInstanceOf(AppError)
  expect((err as AppError).code).toBe('STORE_UNAVAILABLE')
  expect((err as AppError).message).toMatch(pattern)
  expect((err as AppError).message).toContain(`mv ${path} ${path}.damaged`)
}

/** A file of `n` spans, closed (checkpointed). */
async function makeFile(path: string, n: number): Promise<string[]> {
  const store = await createDuckDbStore({ path })
  const spans = Array.from({ length: n }, (_, i) =>
    makeSpan({
      traceId: hexId(i + 1, 32),
      spanId: hexId(i + 1, 16),
      startUs: (1_700_000_000_000_000 + i) as Micros,
      attributes: { i, 'gen_ai.request.model': `model-${i % 7}` },
    })
  )
  await store.insertSpans(spans)
  await store.close()
  return spans.map((s) => s.traceId)
}

describe('DuckDB file after a crash or damage', () => {
  it.each([5])(
    'keeps every acknowledged span after SIGKILL %i ms into a checkpoint',
    async (delayMs) => {
      const path = join(dir, `checkpoint-${delayMs}.duckdb`)
      const batchSize = 4000
      const acked = await killMidCheckpoint(path, batchSize, delayMs)
      const store = await createDuckDbStore({ path })
      try {
        const { spans } = await store.stats()
        expect(spans).toBeGreaterThanOrEqual(acked)
        expect(spans % batchSize).toBe(0)
        // Every row reads back whole: a full scan, not only the counts kept in metadata.
        const ids = Array.from({ length: spans / batchSize }, (_, b) =>
          hexId(b * batchSize + batchSize, 32)
        )
        expect(await store.getSpans(ids)).toHaveLength(ids.length)
      } finally {
        await store.close()
      }
    },
    60_000
  )

  it('refuses a truncated file, or one whose header is overwritten, saying what to do', async () => {
    const good = join(dir, 'good.duckdb')
    await makeFile(good, 20_000)
    const truncated = join(dir, 'truncated.duckdb')
    copyFileSync(good, truncated)
    truncateSync(truncated, 10_000)
    await expectDamaged(truncated, /is damaged: the file is shorter than its own header says/)

    const header = join(dir, 'header.duckdb')
    copyFileSync(good, header)
    const fd = openSync(header, 'r+')
    // Both database headers (DuckDB keeps two and uses the newer valid one).
    writeSync(fd, Buffer.alloc(64, 0x5a), 0, 64, 4096 + 64)
    writeSync(fd, Buffer.alloc(64, 0x5a), 0, 64, 8192 + 64)
    closeSync(fd)
    await expectDamaged(header, /is damaged: a block of the file fails its checksum/)
  })

  it('answers an error that says the file is damaged, never wrong rows, when data blocks are overwritten', async () => {
    const path = join(dir, 'blocks.duckdb')
    const traceIds = await makeFile(path, 20_000)
    const size = statSync(path).size
    const fd = openSync(path, 'r+')
    // Garbage every 128 KiB past the two headers: whichever blocks the table uses, some are hit.
    for (let at = 3 * 4096 + 262_144; at < size - 4096; at += 131_072) {
      writeSync(fd, Buffer.alloc(4096, 0xa5), 0, 4096, at)
    }
    closeSync(fd)
    const opened = await createDuckDbStore({ path }).then(
      (store) => ({ store }),
      (err: unknown) => ({ err })
    )
    if ('err' in opened) {
      expect((opened.err as AppError).message).toMatch(/is damaged/)
      return
    }
    const { store } = opened
    try {
      const read = await store.getSpans(traceIds).then(
        (spans) => ({ spans }),
        (err: unknown) => ({ err })
      )
      if ('err' in read) {
        expect((read.err as AppError).code).toBe('STORE_UNAVAILABLE')
        expect((read.err as AppError).message).toMatch(
          /is damaged: a block of the file fails its checksum/
        )
      } else {
        // Blocks the table does not use were hit: then every row is exactly right.
        expect(read.spans).toHaveLength(traceIds.length)
        expect(new Set(read.spans.map((s) => s.attributes['i'])).size).toBe(traceIds.length)
      }
      // The SLO store's reads go through the shared reader: the same words there.
      const scanned = await duckDbSharedOf(store)!
        .read((c) => c.runAndReadAll('SELECT sum(hash(body)) FROM span_writes'))
        .then(
          () => null,
          (err: unknown) => err
        )
      if (scanned !== null) {
        expect((scanned as AppError).code).toBe('STORE_UNAVAILABLE')
        expect((scanned as AppError).message).toContain(`mv ${path} ${path}.damaged`)
      }
    } finally {
      await store.close()
    }
  })

  it('tokenline serve exits 3 on a damaged file and prints what to do', () => {
    const good = join(dir, 'serve-good.duckdb')
    const damaged = join(dir, 'serve-damaged.duckdb')
    copyFileSync(join(dir, 'good.duckdb'), good)
    copyFileSync(good, damaged)
    truncateSync(damaged, 10_000)
    const out = spawnSync(
      process.execPath,
      [
        join(ROOT, 'bin/tokenline.js'),
        'serve',
        '--port',
        '0',
        '--otlp-port',
        '0',
        '--otlp-grpc-port',
        '-1',
        '--db',
        damaged,
      ],
      { encoding: 'utf8', timeout: 30_000 }
    )
    expect(out.status).toBe(3)
    expect(out.stderr).toContain(`the database ${damaged} is damaged`)
    expect(out.stderr).toContain('restore it (and its .wal) from a backup')
  }, 40_000)
})
