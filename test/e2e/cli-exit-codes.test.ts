import { execFile } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { makeLlmTraceRequest } from '../../src/core/otlp/testing/make-llm-request.js'

const BIN = join(resolve(import.meta.dirname, '../..'), 'bin/tokenline.js')
const run = promisify(execFile)

async function cli(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run('node', [BIN, ...args], { cwd: dir, timeout: 120_000 })
    return { code: 0, stdout, stderr }
  } catch (err) {
    const e = err as { code?: number; stdout?: string; stderr?: string }
    return { code: e.code ?? -1, stdout: e.stdout ?? '', stderr: e.stderr ?? '' }
  }
}

let dir: string
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'tokenline-e2e-exit-'))
})
afterAll(() => rmSync(dir, { recursive: true, force: true }))

// The documented table: 0 success, 1 runtime failure, 2 invalid usage/config/input, 3 store.
describe('exit codes as documented', () => {
  it.each([
    { args: ['--help'], code: 0, says: /Usage: tokenline/ },
    { args: ['--version'], code: 0, says: /\d+\.\d+\.\d+/ },
    { args: ['--no-such-option'], code: 2, says: /unknown option/ },
    { args: ['no-such-command'], code: 2, says: /unknown command/ },
    { args: ['diagnose', '--format', 'yaml'], code: 2, says: /yaml.*invalid/ },
    { args: ['demo', '--once', '--format', 'xml'], code: 2, says: /--format must be/ },
    { args: ['simulate', '--scenario', 'no-such', '--out', 'x'], code: 2, says: /scenario/ },
    { args: ['alerts', 'test'], code: 2, says: /--config/ },
    { args: ['serve', '--port', '99999'], code: 2, says: /--port must be a TCP port/ },
    { args: ['import', 'missing-file.jsonl'], code: 2, says: /missing-file/ },
    // Nothing listens on port 1: every request fails, and the run says why.
    {
      args: ['probe', 'http://127.0.0.1:1/v1/chat/completions', '--requests', '2', '--model', 'm'],
      code: 1,
      says: /all 2 requests failed \(connect_refused 2\); nothing listens/,
    },
    {
      args: ['probe', 'http://127.0.0.1:1/v1/chat/completions', '--requests', '2'],
      code: 2,
      says: /cannot discover the model.*pass --model/,
    },
  ])('tokenline $args → $code', async ({ args, code, says }) => {
    const out = await cli(args)
    expect(out.code).toBe(code)
    expect(out.stdout + out.stderr).toMatch(says)
  })
})

describe('diagnose says which data it read', () => {
  it('names the database and how old its newest request is', async () => {
    const file = join(dir, 'traces.jsonl')
    writeFileSync(file, `${JSON.stringify(makeLlmTraceRequest(4, 0))}\n`)
    const db = join(dir, 'old.duckdb')
    expect((await cli(['import', file, '--db', db])).code).toBe(0)
    const out = await cli(['diagnose', '--db', db, '--format', 'json'])
    expect(out.code).toBe(0)
    expect(out.stderr).toMatch(
      /read .*old\.duckdb: 4 requests, the newest at \d{4}-\d\d-\d\d .* UTC \(\d+ (min|h) ago\)/
    )
    expect(JSON.parse(out.stdout)).toHaveProperty('schema')
  })
})

describe('import refuses what it cannot read', () => {
  it('names a Jaeger export, exits 2 and leaves no database behind', async () => {
    const jaeger = join(dir, 'jaeger.json')
    writeFileSync(
      jaeger,
      '{"data":[{"traceID":"ab","spans":[{"traceID":"ab","spanID":"01"}],"processes":{"p1":{}}}]}'
    )
    const notes = join(dir, 'notes.md')
    writeFileSync(notes, '# Notes\n\nThe gateway runs 4 replicas in 2 regions.\n')
    const db = join(dir, 'never.duckdb')
    const out = await cli(['import', jaeger, notes, '--db', db])
    expect(out.code).toBe(2)
    expect(out.stdout + out.stderr).toMatch(/Jaeger JSON/)
    expect(out.stdout + out.stderr).not.toMatch(/prometheus-text/)
    expect(out.stdout).toMatch(/Nothing readable: nothing stored/)
    expect(existsSync(db)).toBe(false)
  })
})
