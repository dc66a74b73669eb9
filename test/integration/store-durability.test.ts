import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { createDuckDbStore } from '../../src/storage/duckdb/duckdb-store.js'

const CHILD = join(import.meta.dirname, '../../src/storage/testing/store-child.ts')
const dir = mkdtempSync(join(tmpdir(), 'tokenline-durability-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

/** Starts the inserting child and SIGKILLs it the moment it acknowledges batch `killAfter`. */
function insertUntilKilled(
  dbPath: string,
  batchSize: number,
  killAfter: number
): Promise<{ batches: number; spans: number }> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', CHILD, 'insert', dbPath, String(batchSize)],
      {
        stdio: ['ignore', 'pipe', 'pipe'],
      }
    )
    let acked = { batches: 0, spans: 0 }
    let buffer = ''
    let stderr = ''
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
    child.stdout.on('data', (chunk: Buffer) => {
      buffer += chunk.toString()
      let nl: number
      while ((nl = buffer.indexOf('\n')) >= 0) {
        const line = buffer.slice(0, nl)
        buffer = buffer.slice(nl + 1)
        const m = /^ack (\d+) (\d+)$/.exec(line)
        if (m) {
          acked = { batches: Number(m[1]), spans: Number(m[2]) }
          if (acked.batches >= killAfter) {
            child.kill('SIGKILL')
          }
        }
      }
    })
    child.on('error', reject)
    child.on('exit', (_code, signal) => {
      if (signal === 'SIGKILL' && acked.batches >= killAfter) {
        resolve(acked)
      } else {
        reject(new Error(`child ended without being killed (signal ${String(signal)}): ${stderr}`))
      }
    })
  })
}

describe('DuckDB store durability', () => {
  it('keeps every acknowledged span batch after the writer is killed with SIGKILL', async () => {
    const dbPath = join(dir, 'killed.duckdb')
    const batchSize = 500
    const acked = await insertUntilKilled(dbPath, batchSize, 6)
    const store = await createDuckDbStore({ path: dbPath })
    try {
      const { spans } = await store.stats()
      // Everything acknowledged is there; a batch in flight is all-or-nothing.
      expect(spans).toBeGreaterThanOrEqual(acked.spans)
      expect(spans % batchSize).toBe(0)
      const lastAcked = await store.getSpans([acked.spans.toString(16).padStart(32, '0')])
      expect(lastAcked).toHaveLength(1)
      expect(lastAcked[0]?.attributes['batch']).toBe(acked.batches - 1)
    } finally {
      await store.close()
    }
  }, 60_000)
})
