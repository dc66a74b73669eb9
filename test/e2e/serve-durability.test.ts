import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { createDuckDbStore } from '../../src/storage/duckdb/duckdb-store.js'
import { makeLlmTraceRequest } from '../../src/core/otlp/testing/make-llm-request.js'

const ROOT = resolve(import.meta.dirname, '../..')
const BIN = join(ROOT, 'bin/tokenline.js')
const dir = mkdtempSync(join(tmpdir(), 'tokenline-e2e-serve-'))
const db = join(dir, 'db', 'tokenline.duckdb')

interface Serving {
  child: ChildProcess
  otlpUrl: string
  apiUrl: string
  exited: Promise<number | null>
}

/** Starts `tokenline serve` on free ports and waits for the URLs it prints. */
function serve(env: Record<string, string>): Promise<Serving> {
  const child = spawn(
    process.execPath,
    [
      BIN,
      'serve',
      '--port',
      '0',
      '--otlp-port',
      '0',
      '--otlp-grpc-port',
      '0',
      '--db',
      db,
      '--log-level',
      'warn',
    ],
    { cwd: dir, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] }
  )
  const exited = new Promise<number | null>((res) => child.once('exit', (code) => res(code)))
  return new Promise((resolvePromise, reject) => {
    let out = ''
    let err = ''
    child.stderr?.on('data', (d: Buffer) => (err += d.toString()))
    child.stdout?.on('data', (d: Buffer) => {
      out += d.toString()
      const otlp = /OTLP\/HTTP: (http:\/\/\S+)/.exec(out)
      const api = /Dashboard: (http:\/\/\S+?)\/?\s/.exec(out)
      if (otlp?.[1] && api?.[1]) {
        resolvePromise({ child, otlpUrl: otlp[1], apiUrl: api[1], exited })
      }
    })
    void exited.then((code) =>
      reject(new Error(`serve exited (${String(code)}) before listening: ${err}`))
    )
  })
}

/** The process that serves: the launcher's only child, or the launcher itself without one. */
function serverPid(pid: number): number {
  const children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(' ')
  return children.length === 1 && children[0] !== '' ? Number(children[0]) : pid
}

afterAll(() => rmSync(dir, { recursive: true, force: true }))

describe('tokenline serve durability', () => {
  const batches = 20
  const tracesPerBatch = 5

  it('keeps every acknowledged span after kill -9', async () => {
    // A long quiet period: nothing is assembled before the kill, so recovery is tested below.
    const s = await serve({ TOKENLINE_INGEST_QUIET_MS: '600000' })
    for (let b = 0; b < batches; b++) {
      const res = await fetch(`${s.otlpUrl}/v1/traces`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(makeLlmTraceRequest(tracesPerBatch, b * tracesPerBatch)),
      })
      expect(res.status).toBe(200)
    }
    // On glibc Linux the server is the launcher's child (ADR 0313): the crash must be the
    // server's own, since the launcher's end makes the server stop cleanly.
    process.kill(serverPid(s.child.pid as number), 'SIGKILL')
    await s.exited
    const store = await createDuckDbStore({ path: db })
    try {
      const stats = await store.stats()
      expect(stats.spans).toBe(batches * tracesPerBatch * 4)
      expect(stats.requests).toBe(0)
    } finally {
      await store.close()
    }
  })

  it('restarts over the stale lock file and assembles what the crash left unassembled', async () => {
    const s = await serve({ TOKENLINE_INGEST_QUIET_MS: '100' })
    let total = 0
    for (let i = 0; i < 100 && total < batches * tracesPerBatch; i++) {
      const res = await fetch(`${s.apiUrl}/api/requests?window=all&limit=1`)
      total = ((await res.json()) as { total: number }).total
      if (total < batches * tracesPerBatch) {
        await new Promise((r) => setTimeout(r, 100))
      }
    }
    expect(total).toBe(batches * tracesPerBatch)
    expect(existsSync(`${db}.lock`)).toBe(true)
    s.child.kill('SIGTERM')
    expect(await s.exited).toBe(0)
    expect(existsSync(`${db}.lock`)).toBe(false)
  })
})
