/** `tokenline alerts test` through the real CLI: replay over a simulated fault, and bad input. */
import { execFile } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

const ROOT = resolve(import.meta.dirname, '../..')
const BIN = join(ROOT, 'bin/tokenline.js')
const run = promisify(execFile)

async function cli(
  args: string[],
  cwd: string
): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run('node', [BIN, ...args], { cwd, timeout: 60_000 })
    return { code: 0, stdout, stderr }
  } catch (err) {
    const e = err as { code?: number; stdout?: string; stderr?: string }
    return { code: e.code ?? 1, stdout: e.stdout ?? '', stderr: e.stderr ?? '' }
  }
}

let dir = ''

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'tokenline-e2e-alerts-'))
  writeFileSync(
    join(dir, 'slo.yaml'),
    `slo:
  tiers:
    - name: chat
      match: { route: /v1/chat/completions }
      objectives: [e2e p99 < 9s, "errors < 5%"]
alerts:
  rules:
    - { name: chat-e2e-p99, tier: chat, objective: e2e p99, window: 2m, for: 1m, resolveFor: 2m }
`
  )
  writeFileSync(
    join(dir, 'unmatched.yaml'),
    `slo:
  tiers:
    - name: chat
      match: { route: /v1/chat/completions }
      objectives: [e2e p99 < 9s]
    - name: embeddings
      match: { route: /v1/embeddings }
      objectives: [e2e p99 < 1s]
alerts:
  rules:
    - { name: chat-e2e-p99, tier: chat, objective: e2e p99, window: 2m, for: 1m }
    - { name: embeddings-e2e-p99, tier: embeddings, objective: e2e p99, window: 2m, for: 1m }
`
  )
  writeFileSync(
    join(dir, 'bad.yaml'),
    'slo:\n  tiers:\n    - name: chat\n      objectives: [ttft p99 < soon]\n'
  )
})

afterAll(() => {
  rmSync(dir, { recursive: true, force: true })
})

describe('tokenline alerts test', () => {
  it('prints when each rule would have fired and resolved over a simulated cold start', async () => {
    const r = await cli(
      [
        'alerts',
        'test',
        '--simulate',
        'replica-cold-start',
        '--seed',
        '7',
        '--duration',
        '16m',
        '--config',
        'slo.yaml',
        '--format',
        'json',
        '--no-diagnosis',
      ],
      dir
    )
    expect(r.stderr).toBe('')
    expect(r.code).toBe(0)
    const out = JSON.parse(r.stdout) as {
      schema: string
      rules: { name: string; fired: number; evaluated_minutes: number; firing_at_end: boolean }[]
      transitions: { time: string; rule: string; status: string }[]
    }
    expect(out.schema).toBe('tokenline.alerts-test/v1')
    expect(out.rules).toEqual([
      expect.objectContaining({ name: 'chat-e2e-p99', fired: 1, firing_at_end: false }),
    ])
    expect(out.rules[0]?.evaluated_minutes).toBeGreaterThan(10)
    expect(out.transitions.map((t) => t.status)).toEqual(['firing', 'resolved'])
    // The simulated cold start runs 09:06:28–09:09:04.
    const [fired, resolved] = out.transitions.map((t) => t.time)
    expect(fired && fired >= '2025-06-02T09:07:00').toBe(true)
    expect(fired && fired <= '2025-06-02T09:10:00').toBe(true)
    expect(resolved && resolved > '2025-06-02T09:09:04').toBe(true)
  }, 60_000)

  it('says a rule no request could feed was not evaluated, not that it never fired', async () => {
    const args = ['alerts', 'test', '--simulate', 'healthy', '--seed', '7', '--duration', '6m']
    const common = ['--config', 'unmatched.yaml', '--no-diagnosis']
    const json = await cli([...args, ...common, '--format', 'json'], dir)
    expect(json.stderr).toBe('')
    expect(json.code).toBe(0)
    const out = JSON.parse(json.stdout) as {
      rules: { name: string; fired: number | null; evaluated_minutes: number }[]
    }
    const byName = new Map(out.rules.map((r) => [r.name, r]))
    expect(byName.get('embeddings-e2e-p99')).toMatchObject({ fired: null, evaluated_minutes: 0 })
    expect(byName.get('chat-e2e-p99')?.fired).toBe(0)
    expect(byName.get('chat-e2e-p99')?.evaluated_minutes).toBeGreaterThan(0)
    const text = await cli([...args, ...common], dir)
    expect(text.code).toBe(0)
    expect(text.stdout).toContain('embeddings-e2e-p99: not evaluated')
    expect(text.stdout).toMatch(/chat-e2e-p99: never fired \(\d+ min evaluated\)/)
  }, 60_000)

  it('exits 2 naming the key of an invalid objective', async () => {
    const r = await cli(['alerts', 'test', '--simulate', 'healthy', '--config', 'bad.yaml'], dir)
    expect(r.code).toBe(2)
    expect(r.stderr).toContain('slo.tiers.0.objectives.0')
    expect(r.stderr).toContain('soon')
  }, 60_000)
})
