/**
 * The CLI against a server started with --auth-token-file: `--token-file` and TOKENLINE_TOKEN
 * are sent, a refused token is exit 2 "authentication failed" (not exit 3), and
 * `diagnose --server` forwards its SLO flags (docs/security.md, docs/diagnosis.md).
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { makeLlmTraceRequest } from '../../src/core/otlp/testing/make-llm-request.js'

const BIN = join(resolve(import.meta.dirname, '../..'), 'bin/tokenline.js')
const dir = mkdtempSync(join(tmpdir(), 'tokenline-e2e-auth-'))
const READ_TOKEN = 'read-token-0123456789abcdef'
const INGEST_TOKEN = 'ingest-token-0123456789abcdef'
// 60 requests from 2025-10-09T08:53:20Z, 37 ms apart, TTFT 151–182 ms.
const WINDOW = ['--from', '1760000000000', '--to', '1760000100000']

interface Outcome {
  code: number
  stdout: string
  stderr: string
}

function cli(args: string[], env: Record<string, string> = {}): Promise<Outcome> {
  return new Promise((res) => {
    execFile(
      process.execPath,
      [BIN, ...args],
      { cwd: dir, env: { ...process.env, TOKENLINE_TOKEN: '', ...env }, timeout: 120_000 },
      (err, stdout, stderr) => {
        const code = err === null ? 0 : typeof err.code === 'number' ? err.code : -1
        res({ code, stdout, stderr })
      }
    )
  })
}

let server: ChildProcess
let apiUrl = ''
let otlpUrl = ''

beforeAll(async () => {
  writeFileSync(join(dir, 'tokens'), `read ${READ_TOKEN}\ningest ${INGEST_TOKEN}\n`)
  writeFileSync(join(dir, 'read.token'), `${READ_TOKEN}\n`)
  writeFileSync(join(dir, 'ingest.token'), `${INGEST_TOKEN}\n`)
  writeFileSync(join(dir, 'traces.jsonl'), `${JSON.stringify(makeLlmTraceRequest(60))}\n`)
  server = spawn(
    process.execPath,
    [
      BIN,
      'serve',
      ...['--port', '0', '--otlp-port', '0', '--otlp-grpc-port', '-1'],
      ...['--db', join(dir, 'auth.duckdb'), '--auth-token-file', join(dir, 'tokens')],
      ...['--log-level', 'warn'],
    ],
    { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] }
  )
  await new Promise<void>((res, rej) => {
    let out = ''
    let err = ''
    server.stderr?.on('data', (d: Buffer) => (err += d.toString()))
    server.stdout?.on('data', (d: Buffer) => {
      out += d.toString()
      const api = /Dashboard: (http:\/\/\S+?)\/?\s/.exec(out)
      const otlp = /OTLP\/HTTP: (http:\/\/\S+)/.exec(out)
      if (api?.[1] && otlp?.[1]) {
        apiUrl = api[1]
        otlpUrl = otlp[1]
        res()
      }
    })
    server.once('exit', (code) => rej(new Error(`serve exited (${String(code)}): ${err}`)))
  })
})

afterAll(async () => {
  if (server.exitCode === null) {
    const exited = new Promise((r) => server.once('exit', r))
    server.kill('SIGTERM')
    await exited
  }
  rmSync(dir, { recursive: true, force: true })
})

describe('the CLI authenticates', () => {
  it('import: no token is exit 2 "authentication failed"; --token-file gets the files in', async () => {
    const refused = await cli(['import', 'traces.jsonl', '--server', apiUrl])
    expect(refused.code).toBe(2)
    expect(refused.stderr).toMatch(/authentication failed: .*HTTP 401.*--token-file/)
    expect(refused.stderr).not.toMatch(/STORE_UNAVAILABLE/)

    const sent = await cli([
      'import',
      'traces.jsonl',
      '--server',
      apiUrl,
      '--token-file',
      'ingest.token',
      '--format',
      'json',
    ])
    expect(sent.stderr).toBe('')
    expect(sent.code).toBe(0)
    expect(JSON.parse(sent.stdout)).toMatchObject({ requests: 60 })
  })

  it('diagnose --server: refused without a token or with the wrong scope', async () => {
    const none = await cli(['diagnose', '--server', apiUrl, ...WINDOW])
    expect(none.code).toBe(2)
    expect(none.stderr).toMatch(/authentication failed: this server requires a bearer token/)

    const wrongScope = await cli(['diagnose', '--server', apiUrl, ...WINDOW], {
      TOKENLINE_TOKEN: INGEST_TOKEN,
    })
    expect(wrongScope.code).toBe(2)
    expect(wrongScope.stderr).toMatch(/authentication failed: .*scope.*HTTP 403/)
  })

  it('diagnose --server with a token forwards --slo-ttft-ms', async () => {
    const diagnose = async (sloMs: string, env: Record<string, string>, extra: string[] = []) => {
      const out = await cli(
        [
          'diagnose',
          '--server',
          apiUrl,
          ...WINDOW,
          '--slo-ttft-ms',
          sloMs,
          '--format',
          'json',
          ...extra,
        ],
        env
      )
      expect(out.stderr).toBe('')
      expect(out.code).toBe(0)
      return JSON.parse(out.stdout) as {
        slo_breached: boolean
        latency: { ttft_ms: { p99: number } }
      }
    }
    const breached = await diagnose('100', { TOKENLINE_TOKEN: READ_TOKEN })
    expect(breached.slo_breached).toBe(true)
    const met = await diagnose('500', {}, ['--token-file', 'read.token'])
    expect(met.slo_breached).toBe(false)
  })

  it('whatif and compare --server send the token: refused without it, let in with it', async () => {
    const asks = [
      ['whatif', '--server', apiUrl, ...WINDOW],
      ['compare', '--server', apiUrl, '--at', 'deploy'],
    ]
    for (const args of asks) {
      const none = await cli(args)
      expect(none.code).toBe(2)
      expect(none.stderr).toMatch(/authentication failed: .*HTTP 401.*--token-file/)
      const sent = await cli([...args, '--token-file', 'read.token'])
      // Past the token: whatever the server makes of this small window, it is not a refusal.
      expect(sent.stderr).not.toMatch(/authentication failed/)
      expect(sent.code).not.toBe(3)
    }
  })

  it('diagnose --server refuses a second source of data by name', async () => {
    const out = await cli(['diagnose', '--server', apiUrl, '--db', 'other.duckdb'])
    expect(out.code).toBe(2)
    expect(out.stderr).toMatch(/--server cannot be combined with --db/)
  })

  it('probe --otlp: a refused token stops the run before its first request', async () => {
    const out = await cli([
      'probe',
      'http://127.0.0.1:1/v1/chat/completions',
      '--model',
      'm',
      '--requests',
      '2',
      '--otlp',
      otlpUrl,
    ])
    expect(out.code).toBe(2)
    expect(out.stderr).toMatch(/authentication failed: .*HTTP 401/)
    expect(out.stdout).toBe('')
  })

  it('simulate --otlp: no token is exit 2 "authentication failed"; --token-file or TOKENLINE_TOKEN plays', async () => {
    const args = ['simulate', '--scenario', 'healthy', '--duration', '1m', '--speed', '120']
    const none = await cli([...args, '--otlp', otlpUrl])
    expect(none.code).toBe(2)
    expect(none.stderr).toMatch(/authentication failed: .*HTTP 401.*--token-file/)
    const wrongScope = await cli([...args, '--otlp', otlpUrl, '--token-file', 'read.token'])
    expect(wrongScope.code).toBe(2)
    expect(wrongScope.stderr).toMatch(/authentication failed: .*HTTP 403/)
    const byFile = await cli([...args, '--otlp', otlpUrl, '--token-file', 'ingest.token'])
    expect(byFile.stderr).toBe('')
    expect(byFile.code).toBe(0)
    expect(byFile.stdout).toMatch(/played \d+ requests \(\d+ posts, 0 failed\)/)
    const byEnv = await cli([...args, '--otlp', otlpUrl], { TOKENLINE_TOKEN: INGEST_TOKEN })
    expect(byEnv.code).toBe(0)
    expect(byEnv.stdout).toMatch(/\(\d+ posts, 0 failed\)/)
  })
})
