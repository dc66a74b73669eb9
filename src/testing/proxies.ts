/**
 * Real proxies (the Debian binaries) in tests: a free loopback port, a process started with its
 * config, pid and logs in a temp dir and always stopped, OpenAI-style streaming requests through
 * it with the client's own timings, and Tokenline's scraper and import over what it wrote.
 * `openProxyLab` puts these together as every proxy test uses them.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { accessSync, constants, createWriteStream } from 'node:fs'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import http from 'node:http'
import net from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createSilentLogger } from '../core/logger.js'
import { createImportPipeline } from '../ingest/import/import-pipeline.js'
import { importPaths, type ImportSummary } from '../ingest/import/import.js'
import type { IngestSink } from '../ingest/pipeline/types.js'
import { createScraper } from '../ingest/scrape/scraper.js'
import { createMemoryStore } from '../storage/memory/memory-store.js'
import type { SpanStore } from '../storage/span-store.js'
import type { RunningMockServer } from '../mock-server/server.js'
import { startTestMockServer } from '../mock-server/testing/test-mock-server.js'

/** Why a test of `binaries` cannot run (`null` when they are all installed and executable). */
export function missingBinary(...binaries: string[]): string | null {
  for (const b of binaries) {
    try {
      accessSync(b, constants.X_OK)
    } catch {
      return `${b} is not installed (.ci/run installs it)`
    }
  }
  return null
}

/** A port free on 127.0.0.1 right now (the kernel's pick for port 0). */
export async function freePort(): Promise<number> {
  const server = net.createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as net.AddressInfo
  await new Promise<void>((resolve) => server.close(() => resolve()))
  return port
}

async function waitForPort(port: number, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    if (child.exitCode !== null) {
      throw new Error(`exited with ${child.exitCode} before listening on ${port}`)
    }
    const ok = await new Promise<boolean>((resolve) => {
      const s = net.connect(port, '127.0.0.1')
      s.once('connect', () => {
        s.destroy()
        resolve(true)
      })
      s.once('error', () => resolve(false))
    })
    if (ok) {
      return
    }
    if (Date.now() > deadline) {
      throw new Error(`nothing listened on ${port} within ${timeoutMs} ms`)
    }
    await new Promise((r) => setTimeout(r, 50))
  }
}

export interface RunningProcess {
  /** Where stdout and stderr go. */
  stdoutPath: string
  stderrPath: string
  /** Sends a signal (SIGHUP: reload the config). */
  signal(signal: NodeJS.Signals): void
  stop(): Promise<void>
}

/** Starts `command`, its stdout and stderr into files of `dir`, and waits until `port` accepts. */
export async function startProcess(
  command: string,
  args: string[],
  options: { dir: string; port: number; env?: Record<string, string>; name: string }
): Promise<RunningProcess> {
  const stdoutPath = join(options.dir, `${options.name}.stdout`)
  const stderrPath = join(options.dir, `${options.name}.stderr`)
  const out = createWriteStream(stdoutPath)
  const err = createWriteStream(stderrPath)
  const child = spawn(command, args, {
    cwd: options.dir,
    env: { ...process.env, HOME: options.dir, TZ: 'UTC', ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  child.stdout?.pipe(out)
  child.stderr?.pipe(err)
  // 'close', not 'exit': 'exit' can come before the child's last stdout bytes have reached the
  // file, and a proxy's access log is read right after stop().
  const exited = new Promise<void>((resolve) => child.once('close', () => resolve()))
  const stop = async (): Promise<void> => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM')
      const killed = setTimeout(() => child.kill('SIGKILL'), 5000)
      await exited
      clearTimeout(killed)
    }
    await Promise.all([out, err].map((s) => new Promise<void>((resolve) => s.end(() => resolve()))))
  }
  try {
    await waitForPort(options.port, child, 15_000)
  } catch (e) {
    await stop()
    throw new Error(`${options.name}: ${(e as Error).message}`, { cause: e })
  }
  return { stdoutPath, stderrPath, stop, signal: (sig) => child.kill(sig) }
}

/** A temp dir removed by `cleanup`. */
export async function tempDir(prefix: string): Promise<{ dir: string; cleanup(): Promise<void> }> {
  const dir = await mkdtemp(join(tmpdir(), `tokenline-${prefix}-`))
  return { dir, cleanup: () => rm(dir, { recursive: true, force: true }) }
}

/** What a client saw of one streamed completion, ms from sending the request. */
export interface ClientView {
  status: number
  headers: http.IncomingHttpHeaders
  /** First body byte (compressed or not). */
  firstByteMs: number | null
  endMs: number
  /** Arrival times of body chunks as the socket delivered them. */
  chunkMs: number[]
}

/** POSTs a streaming chat completion through `port` and records when its bytes arrive. */
export function streamChat(
  port: number,
  options: { maxTokens?: number; headers?: Record<string, string>; path?: string } = {}
): Promise<ClientView> {
  const body = JSON.stringify({
    model: 'm',
    stream: true,
    max_tokens: options.maxTokens ?? 8,
    messages: [{ role: 'user', content: 'hello' }],
  })
  const started = performance.now()
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: options.path ?? '/v1/chat/completions',
        agent: false,
        headers: { 'content-type': 'application/json', ...options.headers },
      },
      (res) => {
        const chunkMs: number[] = []
        res.on('data', () => chunkMs.push(performance.now() - started))
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            firstByteMs: chunkMs[0] ?? null,
            endMs: performance.now() - started,
            chunkMs,
          })
        )
        res.on('error', reject)
      }
    )
    req.on('error', reject)
    req.end(body)
  })
}

/** A GET through the proxy (health checks, model listings), body discarded. */
export async function get(port: number, path: string): Promise<number> {
  const res = await fetch(`http://127.0.0.1:${port}${path}`)
  await res.arrayBuffer()
  return res.status
}

/** A memory store behind the import pipeline, as `tokenline import` writes. */
export function createTestIngest(): { store: SpanStore; sink: IngestSink } {
  const store = createMemoryStore()
  const sink = createImportPipeline({ store, logger: createSilentLogger(), now: Date.now })
  return { store, sink }
}

/** `tokenline import` of `paths` into the sink. */
export function importFiles(
  sink: IngestSink,
  paths: string[],
  nginxLogFormat?: string
): Promise<ImportSummary> {
  return importPaths(paths, sink, nginxLogFormat === undefined ? {} : { nginxLogFormat })
}

/** Scrapes `url` once into the sink through Tokenline's scraper; returns the outcome. */
export async function scrapeOnce(sink: IngestSink, url: string) {
  const scraper = createScraper({
    targets: [url],
    intervalMs: 60_000,
    sink,
    logger: createSilentLogger(),
    now: Date.now,
    autoStart: false,
  })
  try {
    const [outcome] = await scraper.scrapeOnce()
    return outcome
  } finally {
    await scraper.stop()
  }
}

/** The mock engines behind a proxy, as `startTestMockServer` takes them. */
type EngineOptions = Parameters<typeof startTestMockServer>[0]

/** A proxy test's surroundings: a temp dir, mock engines, an ingest, and what it started. */
export interface ProxyLab {
  /** Configs, logs and pid files go here. */
  dir: string
  /** The memory store behind the import pipeline that scrapes and imports write to. */
  ingest: { store: SpanStore; sink: IngestSink }
  engines: RunningMockServer[]
  /** Writes `text` to `dir/name`; returns the path. */
  writeConfig(name: string, text: string): Promise<string>
  /** `startProcess` in `dir`; `close` stops it if the test has not. */
  start(
    command: string,
    args: string[],
    options: { port: number; env?: Record<string, string>; name: string }
  ): Promise<RunningProcess>
  /**
   * Stops the processes (last started first), the engines and the ingest, then removes `dir`
   * unless `KEEP_TMP` is set (to read a failed run's logs).
   */
  close(): Promise<void>
}

/** Opens a lab with one mock engine per entry of `engines`. */
export async function openProxyLab(name: string, engines: EngineOptions[]): Promise<ProxyLab> {
  const tmp = await tempDir(name)
  const ingest = createTestIngest()
  const started: RunningProcess[] = []
  const running: RunningMockServer[] = []
  const close = async (): Promise<void> => {
    for (const p of [...started].reverse()) {
      await p.stop()
    }
    await Promise.all(running.map((e) => e.close()))
    await ingest.sink.close()
    if (process.env.KEEP_TMP === undefined) {
      await tmp.cleanup()
    }
  }
  try {
    running.push(...(await Promise.all(engines.map((o) => startTestMockServer(o)))))
  } catch (e) {
    await close()
    throw e
  }
  return {
    dir: tmp.dir,
    ingest,
    engines: running,
    async writeConfig(file, text) {
      const path = join(tmp.dir, file)
      await writeFile(path, text)
      return path
    },
    async start(command, args, options) {
      const p = await startProcess(command, args, { ...options, dir: tmp.dir })
      started.push(p)
      return p
    },
    close,
  }
}
