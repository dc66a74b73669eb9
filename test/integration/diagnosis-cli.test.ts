/**
 * `tokenline diagnose` as users run it: the real CLI over simulated files, JSON and text output,
 * exit codes.
 */
import { execFile } from 'node:child_process'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { simulateToDirectory } from '../../src/sim/node/write-files.js'

const run = promisify(execFile)
const BIN = join(process.cwd(), 'bin/tokenline.js')
let dir: string
let expected: { cause: string; scope: { dimension: string | null; value: string | null } }

async function cli(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run('node', [BIN, ...args], { maxBuffer: 64 << 20 })
    return { code: 0, stdout, stderr }
  } catch (err) {
    const e = err as { code?: number; stdout?: string; stderr?: string }
    return { code: e.code ?? 1, stdout: e.stdout ?? '', stderr: e.stderr ?? '' }
  }
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'tokenline-diagnose-'))
  const summary = await simulateToDirectory({
    scenario: 'version-regression',
    seed: 1,
    durationMs: 10 * 60_000,
    outDir: join(dir, 'sim'),
  })
  expected = summary.expected.causes[0]!
}, 120_000)

afterAll(async () => {
  await rm(dir, { recursive: true, force: true })
})

describe('tokenline diagnose', () => {
  it('prints the diagnosis JSON of a folder of files (exit 0 even with findings)', async () => {
    const { code, stdout } = await cli(['diagnose', join(dir, 'sim'), '--format', 'json'])
    expect(code).toBe(0)
    const body = JSON.parse(stdout) as {
      schema: string
      findings: { cause: string; scope: unknown }[]
    }
    expect(body.schema).toBe('tokenline.diagnosis/v1')
    expect(body.findings[0]!.cause).toBe(expected.cause)
    expect(body.findings[0]!.scope).toEqual(expected.scope)
  }, 120_000)

  it('prints a text report with the top finding first and its actions', async () => {
    const { code, stdout } = await cli(['diagnose', join(dir, 'sim'), '--since', '5m'])
    expect(code).toBe(0)
    // The date once, then times of day; lines short enough for a terminal.
    expect(stdout).toMatch(
      /^window {3}\d{4}-\d\d-\d\d \d\d:\d\d:\d\d → (\d{4}-\d\d-\d\d )?\d\d:\d\d:\d\d UTC {2}\(\d+ requests\)/
    )
    expect(stdout.split('\n').filter((l) => l.length > 100)).toEqual([])
    expect(stdout).toMatch(/\n1\. \S+ {2}confidence \d\.\d\d/)
    // The canary is slow through all of the last 5 minutes: nothing changed inside them, so the
    // slower version is a standing condition of that window, not an incident.
    expect(stdout).toMatch(/\n1\. healthy /)
    expect(stdout).toMatch(
      /standing conditions \(the same through the whole window, not incidents\):\n {5}- (version|node|replica)=/
    )
  }, 120_000)

  it('prints the finding with its actions over the whole data, where the canary starts', async () => {
    const { code, stdout } = await cli(['diagnose', join(dir, 'sim')])
    expect(code).toBe(0)
    expect(stdout).toMatch(new RegExp(`\\n1\\. ${expected.cause.replace('.', '\\.')} `))
    expect(stdout).toContain('actions:')
  }, 120_000)

  it('exits 2 on bad input', async () => {
    const empty = join(dir, 'empty.txt')
    await writeFile(empty, 'not telemetry\n')
    expect((await cli(['diagnose', empty])).code).toBe(2)
    expect((await cli(['diagnose', join(dir, 'sim'), '--from', 'soon'])).code).toBe(2)
    expect((await cli(['diagnose', join(dir, 'nothing-here')])).code).toBe(2)
  }, 120_000)

  it('refuses an empty database as nothing to diagnose, never a window at 1970', async () => {
    const db = join(dir, 'empty.duckdb')
    for (const format of ['json', 'text']) {
      const r = await cli(['diagnose', '--db', db, '--format', format])
      expect(r.code).toBe(2)
      expect(r.stdout).toBe('')
      expect(r.stderr).toContain('the store holds no data')
      expect(r.stderr).not.toContain('1970')
    }
  }, 120_000)
})
