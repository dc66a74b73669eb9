/**
 * diagnose, whatif and compare choose their data by one rule (src/cli/source-options.ts): a
 * `--server` next to `--db` or paths is refused by name with exit 2, before any file is read or
 * any server is asked, the same way for each command (the rule's other cases:
 * src/cli/source-options.test.ts).
 */
import { execFile } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

const BIN = join(resolve(import.meta.dirname, '../..'), 'bin/tokenline.js')
const dir = mkdtempSync(join(tmpdir(), 'tokenline-source-choice-'))
// A live server that counts what it is asked: a refused command must not ask it anything.
let asked = 0
const server = createServer((_req, res) => {
  asked++
  res.writeHead(500)
  res.end()
})
let serverUrl = ''

beforeAll(async () => {
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()))
  serverUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(async () => {
  await new Promise<void>((r) => server.close(() => r()))
  rmSync(dir, { recursive: true, force: true })
})

function cli(args: string[]): Promise<{ code: number; stderr: string }> {
  return new Promise((res) => {
    execFile(
      process.execPath,
      [BIN, ...args],
      { cwd: dir, env: { ...process.env, TOKENLINE_TOKEN: '' }, timeout: 60_000 },
      (err, _stdout, stderr) =>
        res({ code: err === null ? 0 : typeof err.code === 'number' ? err.code : -1, stderr })
    )
  })
}

// Each command with the flags it needs besides its source, so only the source can be refused.
const COMMANDS: Record<string, string[]> = {
  diagnose: [],
  whatif: ['--load', '1.5x'],
  compare: ['--at', 'deploy'],
}

describe.each(Object.keys(COMMANDS))('%s chooses one source of data', (command) => {
  const own = COMMANDS[command]!

  it('refuses --server with --db by name, exit 2, asking nothing and creating no file', async () => {
    const before = asked
    const out = await cli([command, ...own, '--server', serverUrl, '--db', 'other.duckdb'])
    expect(out.code).toBe(2)
    expect(out.stderr).toMatch(/--server cannot be combined with --db: give one source of data/)
    expect(asked).toBe(before)
    expect(existsSync(join(dir, 'other.duckdb'))).toBe(false)
  }, 90_000)
})
