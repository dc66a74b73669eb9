/**
 * Stopping the CLI the way a process manager does: SIGTERM (or SIGHUP) to the `npx` wrapper
 * leaves no process, no listening port and no database lock behind (docs/cli.md, "Signals").
 */
import { spawn, type ChildProcess } from 'node:child_process'
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs'
import { connect } from 'node:net'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'

const ROOT = resolve(import.meta.dirname, '../..')
const BIN = join(ROOT, 'bin/tokenline.js')
const dir = mkdtempSync(join(tmpdir(), 'tokenline-e2e-signals-'))
const started: ChildProcess[] = []

/** A project that depends on tokenline, as `npx tokenline` finds it: node_modules/.bin. */
function makeProject(): string {
  const project = join(dir, 'project')
  mkdirSync(join(project, 'node_modules/.bin'), { recursive: true })
  writeFileSync(join(project, 'package.json'), '{"name":"uses-tokenline","private":true}\n')
  symlinkSync(ROOT, join(project, 'node_modules/tokenline'))
  symlinkSync('../tokenline/bin/tokenline.js', join(project, 'node_modules/.bin/tokenline'))
  return project
}
const project = makeProject()

/** The environment of a shell outside npm: the npm_* variables of a test run are not the user's. */
function plainEnv(): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^npm_/i.test(k)))
}

interface Running {
  child: ChildProcess
  stdout: string
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>
}

function start(
  command: string,
  args: string[],
  ready: RegExp,
  options: { detached?: boolean } = {}
): Promise<Running> {
  const child = spawn(command, args, {
    cwd: project,
    env: plainEnv(),
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: options.detached ?? false,
  })
  started.push(child)
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((res) =>
    child.once('exit', (code, signal) => res({ code, signal }))
  )
  return new Promise((res, rej) => {
    let out = ''
    let err = ''
    child.stderr?.on('data', (d: Buffer) => (err += d.toString()))
    child.stdout?.on('data', (d: Buffer) => {
      out += d.toString()
      if (ready.test(out)) {
        res({ child, stdout: out, exited })
      }
    })
    exited.then(
      ({ code }) =>
        rej(new Error(`${args.join(' ')} exited (${String(code)}) before ready: ${err}`)),
      rej
    )
  })
}

/** Every live process below `pid`, from /proc (Linux). */
function descendants(pid: number): number[] {
  const children = new Map<number, number[]>()
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) {
      continue
    }
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8')
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
      if (fields[0] === 'Z') {
        continue
      }
      const ppid = Number(fields[1])
      children.set(ppid, [...(children.get(ppid) ?? []), Number(name)])
    } catch {
      // The process ended while the table was read.
    }
  }
  const out: number[] = []
  const queue = [pid]
  while (queue.length > 0) {
    for (const child of children.get(queue.shift() as number) ?? []) {
      out.push(child)
      queue.push(child)
    }
  }
  return out
}

/** A process's environment as `NAME=value` lines, or '' once it is gone. */
function environOf(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/environ`, 'utf8').replaceAll('\0', '\n')
  } catch {
    return ''
  }
}

const onGlibcLinux =
  process.platform === 'linux' &&
  process.env['MALLOC_ARENA_MAX'] === undefined &&
  (process.report.getReport() as { header?: { glibcVersionRuntime?: string } }).header
    ?.glibcVersionRuntime !== undefined

function isAlive(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    return stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z'
  } catch {
    return false
  }
}

async function waitUntil(what: string, done: () => boolean, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (!done()) {
    if (Date.now() > deadline) {
      throw new Error(`timed out waiting until ${what}`)
    }
    await new Promise((r) => setTimeout(r, 100))
  }
}

function portRefuses(port: number): Promise<boolean> {
  return new Promise((res) => {
    const socket = connect({ port, host: '127.0.0.1' })
    socket.once('connect', () => {
      socket.destroy()
      res(false)
    })
    socket.once('error', () => res(true))
  })
}

function portsOf(text: string): number[] {
  return [...text.matchAll(/127\.0\.0\.1:(\d+)/g)].map((m) => Number(m[1]))
}

afterAll(() => {
  for (const child of started) {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGKILL')
    }
  }
  rmSync(dir, { recursive: true, force: true })
})

describe('stopping the npx wrapper stops tokenline', () => {
  const db = join(dir, 'signals.duckdb')
  const serveArgs = ['serve', '--port', '0', '--otlp-port', '0', '--otlp-grpc-port', '0']

  it.each(['SIGTERM', 'SIGHUP'] as const)(
    'serve: %s to npx leaves no process, port or lock',
    async (signal) => {
      const npx = await start(
        'npx',
        ['--offline', 'tokenline', ...serveArgs, '--db', db],
        /Dashboard: http:\/\/\S+\/\s/
      )
      const below = descendants(npx.child.pid as number)
      expect(below.length).toBeGreaterThan(0)
      expect(existsSync(`${db}.lock`)).toBe(true)
      if (onGlibcLinux) {
        // The server runs with at most two malloc arenas (ADR 0313).
        expect(below.some((pid) => environOf(pid).includes('MALLOC_ARENA_MAX=2'))).toBe(true)
      }
      npx.child.kill(signal)
      await npx.exited
      await waitUntil('every process below npx is gone', () => !below.some(isAlive))
      for (const port of portsOf(npx.stdout)) {
        expect(await portRefuses(port)).toBe(true)
      }
      expect(existsSync(`${db}.lock`)).toBe(false)

      // The database opens again, and a server stopped by a signal exits 0.
      const again = await start(
        process.execPath,
        [BIN, ...serveArgs, '--db', db],
        /Dashboard: http:\/\/\S+\/\s/
      )
      again.child.kill(signal)
      expect(await again.exited).toEqual({ code: 0, signal: null })
      expect(existsSync(`${db}.lock`)).toBe(false)
    }
  )

  it('serve: SIGTERM to its whole process group stops it cleanly, not cut by a second signal', async () => {
    // What systemd's default stop does: every process of the unit gets the signal, the launcher
    // that forwards it and the server alike (ADR 0313).
    const group = await start(
      process.execPath,
      [BIN, ...serveArgs, '--db', db],
      /Dashboard: http:\/\/\S+\/\s/,
      { detached: true }
    )
    process.kill(-(group.child.pid as number), 'SIGTERM')
    expect(await group.exited).toEqual({ code: 0, signal: null })
    expect(existsSync(`${db}.lock`)).toBe(false)
  })

  it('mock-server: SIGTERM to npx leaves no process or port', async () => {
    const npx = await start(
      'npx',
      ['--offline', 'tokenline', 'mock-server', '--port', '0'],
      /listening http:\/\/\S+\s/
    )
    const below = descendants(npx.child.pid as number)
    npx.child.kill('SIGTERM')
    await npx.exited
    await waitUntil('every process below npx is gone', () => !below.some(isAlive))
    const [port] = portsOf(npx.stdout)
    expect(port).toBeGreaterThan(0)
    expect(await portRefuses(port as number)).toBe(true)
  })
})
