import { execFile } from 'node:child_process'
import {
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  utimesSync,
  writeFileSync,
  mkdirSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { promisify } from 'node:util'
import { gzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEFAULTS } from '../../src/config/defaults.js'
import { createSilentLogger } from '../../src/core/logger.js'
import { startServer } from '../../src/server/main.js'
import { createDuckDbStore } from '../../src/storage/duckdb/duckdb-store.js'
import { makeLlmTraceRequest } from '../../src/core/otlp/testing/make-llm-request.js'

const ROOT = resolve(import.meta.dirname, '../..')
const BIN = join(ROOT, 'bin/tokenline.js')
const run = promisify(execFile)

async function cli(
  args: string[],
  cwd: string,
  env: Record<string, string> = {}
): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run('node', [BIN, ...args], {
      cwd,
      timeout: 120_000,
      env: { ...process.env, ...env },
    })
    return { code: 0, stdout, stderr }
  } catch (err) {
    const e = err as { code?: number; stdout?: string; stderr?: string }
    return { code: e.code ?? 1, stdout: e.stdout ?? '', stderr: e.stderr ?? '' }
  }
}

let dir: string
let data: string

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'tokenline-e2e-import-'))
  data = join(dir, 'data')
  mkdirSync(data)
  const lines = [0, 1, 2, 3, 4].map((i) => JSON.stringify(makeLlmTraceRequest(4, i * 4)))
  writeFileSync(join(data, 'traces.jsonl.gz'), gzipSync(`${lines.join('\n')}\n`))
  writeFileSync(
    join(data, 'metrics.om'),
    readFileSync(join(ROOT, 'test/fixtures/metrics/backfill.om'))
  )
  writeFileSync(
    join(data, 'events.jsonl'),
    readFileSync(join(ROOT, 'test/fixtures/events/events.jsonl'))
  )
})

afterAll(() => rmSync(dir, { recursive: true, force: true }))

describe('tokenline import (real CLI, DuckDB file)', () => {
  it('imports a folder into a new database and assembles the requests', async () => {
    const db = join(dir, 'local', 'db.duckdb')
    const r = await cli(['import', data, '--db', db, '--format', 'json'], dir)
    expect(r.stderr).toBe('')
    expect(r.code).toBe(0)
    const summary = JSON.parse(r.stdout) as {
      target: string
      stored: { spans: number; samples: number; events: number }
      rejected: number
      requests: number
    }
    expect(summary.target).toBe(db)
    expect(summary.stored).toEqual({ spans: 80, samples: 13, events: 4 })
    expect(summary.rejected).toBe(4)
    expect(summary.requests).toBe(20)
    const store = await createDuckDbStore({ path: db })
    try {
      const stats = await store.stats()
      expect(stats).toMatchObject({ spans: 80, requests: 20, metricSamples: 13, events: 4 })
    } finally {
      await store.close()
    }
  })

  it('prints a text table naming rejected lines, and exits 2 when nothing is readable', async () => {
    const db = join(dir, 'text.duckdb')
    const ok = await cli(['import', join(data, 'events.jsonl'), '--db', db], dir)
    expect(ok.code).toBe(0)
    expect(ok.stdout).toMatch(/events-jsonl/)
    expect(ok.stdout).toMatch(/events\.jsonl:6: field "kind" "reboot"/)
    const notes = join(dir, 'notes.md')
    writeFileSync(notes, '# just notes\n')
    const bad = await cli(['import', notes, '--db', db], dir)
    expect(bad.code).toBe(2)
    expect(bad.stderr).toMatch(/nothing could be read/)
  })
})

describe('tokenline import of a scrape without timestamps into a database (ADR 0391)', () => {
  it('places it within the span of the traces read with it, so `diagnose --db` reads their window, not days more', async () => {
    const folder = join(dir, 'untimed')
    mkdirSync(folder)
    const traces = [0, 1, 2, 3, 4].map((i) => makeLlmTraceRequest(4, i * 4))
    writeFileSync(
      join(folder, 'traces.jsonl'),
      `${traces.map((t) => JSON.stringify(t)).join('\n')}\n`
    )
    const ends = JSON.stringify(traces).match(/"endTimeUnixNano":"\d+"/g) ?? []
    const lastEndMs = Math.max(...ends.map((e) => Number(BigInt(e.split('"')[3]!) / 1_000_000n)))
    // A real vLLM `GET /metrics` saved without timestamps, copied four days after the traces.
    const scrape = join(folder, 'metrics.txt')
    writeFileSync(
      scrape,
      readFileSync(join(ROOT, 'test/fixtures/real-vllm/vllm-metrics-after-load.txt'))
    )
    const copied = new Date(lastEndMs + 4 * 86_400_000)
    utimesSync(scrape, copied, copied)
    const db = join(dir, 'untimed.duckdb')
    const imported = await cli(['import', folder, '--db', db, '--format', 'json'], dir)
    expect(imported.code, imported.stderr).toBe(0)
    const summary = JSON.parse(imported.stdout) as {
      files: { file: string; untimedSamples?: { count: number; atMs: number; mtimeMs: number } }[]
    }
    const untimed = summary.files.find((f) => f.file.endsWith('metrics.txt'))?.untimedSamples
    expect(untimed?.count).toBeGreaterThan(0)
    expect(untimed?.mtimeMs).toBe(copied.getTime())
    expect(untimed?.atMs).toBe(lastEndMs)
    const diagnosed = await cli(['diagnose', '--db', db, '--format', 'json'], dir)
    expect(diagnosed.code, diagnosed.stderr).toBe(0)
    const { window } = JSON.parse(diagnosed.stdout) as { window: { start: string; end: string } }
    expect(Date.parse(window.end)).toBe(lastEndMs)
  })
})

describe('tokenline import --server of a scrape without timestamps (ADR 0400)', () => {
  it('places the real vLLM scrape within the span of its traces, so the window is theirs, not days more', async () => {
    // The real vLLM capture: ten OTLP protobuf bodies and a `GET /metrics` saved without
    // timestamps, copied four days later; the scrape is named first.
    const folder = join(dir, 'real-vllm')
    mkdirSync(folder)
    const bodies = readdirSync(join(ROOT, 'test/fixtures/real-vllm/bodies'))
      .filter((f) => f.endsWith('.body'))
      .map((f) => join(ROOT, 'test/fixtures/real-vllm/bodies', f))
    const scrape = join(folder, 'metrics.txt')
    writeFileSync(
      scrape,
      readFileSync(join(ROOT, 'test/fixtures/real-vllm/vllm-metrics-after-5-requests.txt'))
    )
    const copied = new Date(Date.parse('2026-12-05T18:41:41Z'))
    utimesSync(scrape, copied, copied)
    const server = await startServer(
      {
        ...DEFAULTS,
        server: {
          ...DEFAULTS.server,
          host: '127.0.0.1',
          apiPort: 0,
          otlpPort: 0,
          otlpGrpcPort: -1,
        },
        store: { ...DEFAULTS.store, kind: 'duckdb', path: join(dir, 'real-vllm.duckdb') },
      },
      createSilentLogger()
    )
    try {
      const r = await cli(
        ['import', '--server', server.apiUrl, '--format', 'json', scrape, ...bodies],
        dir
      )
      expect(r.code, r.stderr).toBe(0)
      const summary = JSON.parse(r.stdout) as {
        files: { file: string; untimedSamples?: { count: number; atMs: number; mtimeMs: number } }[]
        read: { samples: number }
        stored: { samples: number }
      }
      expect(summary.files[0]?.file).toBe(scrape)
      expect(summary.stored.samples).toBe(summary.read.samples)
      const untimed = summary.files[0]?.untimedSamples
      expect(untimed?.mtimeMs).toBe(copied.getTime())
      const res = await fetch(new URL('/api/diagnosis?window=all', server.apiUrl))
      const { window } = (await res.json()) as { window: { start: string; end: string } }
      const spanMs = Date.parse(window.end) - Date.parse(window.start)
      expect(spanMs).toBeGreaterThan(0)
      expect(spanMs).toBeLessThan(5 * 60_000)
      // At the end of the last span (the window's end, shown to the millisecond).
      expect(Math.floor(untimed!.atMs)).toBe(Date.parse(window.end))
    } finally {
      await server.close()
    }
  })
})

describe('tokenline import while a server holds the database', () => {
  it('sends the files to the server named in the lock file', async () => {
    const db = join(dir, 'served.duckdb')
    const server = await startServer(
      {
        ...DEFAULTS,
        server: { ...DEFAULTS.server, host: '127.0.0.1', apiPort: 0, otlpPort: 0, otlpGrpcPort: 0 },
        store: { ...DEFAULTS.store, kind: 'duckdb', path: db },
      },
      createSilentLogger()
    )
    try {
      const r = await cli(['import', data, '--db', db, '--format', 'json'], dir)
      expect(r.code).toBe(0)
      expect(r.stderr).toMatch(
        /held by a running server; sending the files to http:\/\/127\.0\.0\.1/
      )
      const summary = JSON.parse(r.stdout) as {
        stored: { spans: number; samples: number; events: number }
        files: { file: string; format: string; rejects: { file: string; line: number }[] }[]
      }
      expect(summary.stored).toEqual({ spans: 80, samples: 13, events: 4 })
      const events = summary.files.find((f) => f.format === 'events-jsonl')
      expect(events?.file).toBe(join(data, 'events.jsonl'))
      expect(events?.rejects[0]).toMatchObject({ file: join(data, 'events.jsonl'), line: 5 })
      const stats = await server.store.stats()
      expect(stats).toMatchObject({ spans: 80, requests: 20, metricSamples: 13, events: 4 })

      // --server works without a lock file too.
      const again = await cli(
        ['import', join(data, 'metrics.om'), '--server', server.apiUrl, '--format', 'json'],
        dir
      )
      expect(again.code).toBe(0)
      expect((await server.store.stats()).metricSamples).toBe(26)
    } finally {
      await server.close()
    }
  })

  it('sends TOKENLINE_TOKEN to a server that asks for tokens', async () => {
    const tokens = join(dir, 'tokens')
    writeFileSync(tokens, 'ingest e2e-ingest-token-0123456789\n')
    const server = await startServer(
      {
        ...DEFAULTS,
        server: {
          ...DEFAULTS.server,
          apiPort: 0,
          otlpPort: 0,
          otlpGrpcPort: 0,
          authTokenFile: tokens,
        },
        store: { ...DEFAULTS.store, kind: 'memory', path: ':memory:' },
      },
      createSilentLogger()
    )
    try {
      const file = join(data, 'metrics.om')
      const args = ['import', file, '--server', server.apiUrl, '--format', 'json']
      const refused = await cli(args, dir)
      expect(refused.code).not.toBe(0)
      expect(refused.stderr).toMatch(/HTTP 401/)
      const ok = await cli(args, dir, { TOKENLINE_TOKEN: 'e2e-ingest-token-0123456789' })
      expect(ok.code, ok.stderr).toBe(0)
      expect((await server.store.stats()).metricSamples).toBe(13)
    } finally {
      await server.close()
    }
  })
})
