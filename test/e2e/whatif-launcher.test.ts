/**
 * `tokenline whatif` through the launcher, which starts it again in a child whose malloc asks for
 * transparent huge pages where the kernel gives them only on request (ADR 0531): the answer, the
 * exit code and a stop signal are the command's own, and no process is left behind.
 */
import { execFile, spawn } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { promisify } from 'node:util'
import { describe, expect, it } from 'vitest'
import { glibcVersion, hugePageEnv, transparentHugePages } from '../../bin/malloc-arenas.js'

const ROOT = resolve(import.meta.dirname, '../..')
const BIN = join(ROOT, 'bin/tokenline.js')
// The recorded real stack's traces (gateway, Caddy, two vLLM replicas), kept in the repository.
const REAL_STACK = join(ROOT, 'test/fixtures/real-stack-traces/traces')
const run = promisify(execFile)

async function exitOf(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run('node', args, { cwd: ROOT, timeout: 120_000 })
    return { code: 0, stdout, stderr }
  } catch (err) {
    const e = err as { code?: number; stdout?: string; stderr?: string }
    return { code: e.code ?? -1, stdout: e.stdout ?? '', stderr: e.stderr ?? '' }
  }
}

/** The launcher's children, read from /proc (Linux). */
function childrenOf(pid: number): number[] {
  const text = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim()
  return text === '' ? [] : text.split(/\s+/).map(Number)
}

describe('whatif through the launcher (ADR 0531)', () => {
  it('gives the bytes and exit code the command gives in this process', async () => {
    const args = ['whatif', REAL_STACK, '--load', '2x', '--format', 'json']
    const launched = await exitOf([BIN, ...args])
    const direct = await exitOf(['--import', 'tsx', 'src/cli/main.ts', ...args])
    // The recorded real stack is refused (ADR 0467): exit 4 with the reasons in the JSON.
    expect(direct.code).toBe(4)
    expect(launched.code).toBe(direct.code)
    expect(launched.stdout).toBe(direct.stdout)
    expect(JSON.parse(launched.stdout)).toHaveProperty('refused.reasons')
  }, 240_000)

  it.runIf(process.platform === 'linux')(
    'runs the command in a child asking for huge pages where that helps; SIGTERM leaves no process',
    async () => {
      const launcher = spawn(
        'node',
        [BIN, 'whatif', REAL_STACK, '--load', '2x', '--format', 'json'],
        { cwd: ROOT, stdio: 'ignore' }
      )
      const exited = new Promise<NodeJS.Signals | number | null>((ok) =>
        launcher.on('exit', (code, signal) => ok(signal ?? code))
      )
      const expected = hugePageEnv(
        ['whatif'],
        process.env,
        process.platform,
        glibcVersion(),
        transparentHugePages()
      )
      // The child appears within the launcher's first moments; the command then takes seconds
      // (loading, reading the traces, fitting), so the signal below finds it running.
      let children: number[] = []
      for (let waited = 0; waited < 5_000 && children.length === 0; waited += 20) {
        await new Promise((ok) => setTimeout(ok, 20))
        children = childrenOf(launcher.pid!)
        if (expected === null && waited >= 500) {
          break
        }
      }
      if (expected === null) {
        // Without glibc 2.35 or with the kernel's mode `always` or `never`, nothing is gained by a
        // second process: the command runs in the launcher's.
        expect(children).toEqual([])
      } else {
        expect(children).toHaveLength(1)
        // Between its fork and its exec the child still shows the launcher's environment.
        const wanted = `GLIBC_TUNABLES=${expected['GLIBC_TUNABLES']}`
        let env: string[] = []
        for (let waited = 0; waited < 3_000 && !env.includes(wanted); waited += 20) {
          env = readFileSync(`/proc/${children[0]}/environ`, 'utf8').split('\0')
          if (!env.includes(wanted)) {
            await new Promise((ok) => setTimeout(ok, 20))
          }
        }
        expect(env).toContain(wanted)
      }
      launcher.kill('SIGTERM')
      const ended = await Promise.race([
        exited,
        new Promise<string>((ok) => setTimeout(() => ok('still running after 15 s'), 15_000)),
      ])
      if (ended !== 'SIGTERM') {
        launcher.kill('SIGKILL')
        for (const c of children) {
          process.kill(c, 'SIGKILL')
        }
      }
      // Ended by the signal, as a shell would report the command's end; the child is gone too.
      expect(ended).toBe('SIGTERM')
      for (const c of children) {
        expect(existsSync(`/proc/${c}`)).toBe(false)
      }
    },
    60_000
  )
})
