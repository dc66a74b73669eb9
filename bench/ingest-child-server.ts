/**
 * An ingest server in a child process for the ingest benches, so the clients (in the parent) never
 * share its event loop and its figures are its own: process CPU (DuckDB's threads included), how
 * busy its event loop was, and its peak RSS, sampled every 20 ms. Not a benchmark itself (no
 * `.bench.ts`).
 *
 * Kinds: `null` is the OTLP app with a sink that only counts (HTTP + decode, nothing stored);
 * `duckdb` is `startServer` on a fresh DuckDB file with `decodeWorkers` decode threads. The
 * admission's expected-wait limit is raised so a loaded machine measures cost, not 429s.
 */
import { fork } from 'node:child_process'
import type { AddressInfo } from 'node:net'
import { fileURLToPath } from 'node:url'
import { serve } from '@hono/node-server'
import { DEFAULTS } from '../src/config/defaults.js'
import { createSilentLogger } from '../src/core/logger.js'
import { startServer } from '../src/server/main.js'
import { createOtlpApp } from '../src/server/otlp-app.js'
import { countingSink } from '../src/ingest/testing/sinks.js'

export type ChildServerKind = 'null' | 'duckdb'

export interface ChildServerOptions {
  kind: ChildServerKind
  /** DuckDB file (kind `duckdb`). */
  path?: string
  decodeWorkers?: number
}

/** What the child measured over its life, read when the run is over. */
export interface ChildServerReport {
  cpuUs: number
  eventLoopBusy: number
  peakRssBytes: number
  /** Spans counted by the null sink, or stored in DuckDB. */
  spans: number
}

const CHILD_ENV = 'TOKENLINE_BENCH_CHILD_SERVER'

async function listen(options: ChildServerOptions): Promise<{
  url: string
  spans(): Promise<number>
  close(): Promise<void>
}> {
  if (options.kind === 'null') {
    const sink = countingSink()
    const app = createOtlpApp({
      ingest: sink,
      logger: createSilentLogger(),
      limits: { maxBodyBytes: 16 << 20 },
    })
    const http = await new Promise<ReturnType<typeof serve>>((resolve) => {
      const s = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s))
    })
    return {
      url: `http://127.0.0.1:${(http.address() as AddressInfo).port}/v1/traces`,
      spans: async () => sink.spans,
      close: () => new Promise<void>((resolve) => http.close(() => resolve())),
    }
  }
  const server = await startServer(
    {
      ...DEFAULTS,
      server: { ...DEFAULTS.server, host: '127.0.0.1', apiPort: 0, otlpPort: 0, otlpGrpcPort: -1 },
      store: { ...DEFAULTS.store, kind: 'duckdb', path: options.path ?? ':memory:' },
      ingest: {
        ...DEFAULTS.ingest,
        decodeWorkers: options.decodeWorkers ?? 0,
        maxQueueDelayMs: 60_000,
      },
      log: { level: 'silent' },
    },
    createSilentLogger()
  )
  return {
    url: `${server.otlpUrl}/v1/traces`,
    spans: async () => (await server.store.stats()).spans,
    close: () => server.close(),
  }
}

/** The child: serves, and on 'report' sends its figures, closes and exits. */
async function runChild(options: ChildServerOptions): Promise<void> {
  const server = await listen(options)
  let peak = process.memoryUsage.rss()
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), 20)
  let cpu0 = process.cpuUsage()
  let elu0 = performance.eventLoopUtilization()
  process.on('message', (msg) => {
    if (msg === 'mark') {
      // The timed part starts now: CPU and event-loop figures count from here.
      cpu0 = process.cpuUsage()
      elu0 = performance.eventLoopUtilization()
      process.send?.('marked')
      return
    }
    if (msg !== 'report') {
      return
    }
    const cpu = process.cpuUsage(cpu0)
    const elu = performance.eventLoopUtilization(elu0)
    clearInterval(sampler)
    void server.spans().then(async (spans) => {
      const report: ChildServerReport = {
        cpuUs: cpu.user + cpu.system,
        eventLoopBusy: elu.utilization,
        peakRssBytes: Math.max(peak, process.memoryUsage.rss()),
        spans,
      }
      process.send?.(report)
      await server.close()
      process.exit(0)
    })
  })
  process.send?.({ url: server.url })
}

/**
 * Starts a server in a child process. `mark` starts the timed part (CPU and event loop count
 * from then on; the peak RSS covers the child's whole life); `finish` asks for its report and
 * waits for it to exit.
 */
export async function startChildServer(
  options: ChildServerOptions,
  nodeArgs: readonly string[] = []
): Promise<{ url: string; mark(): Promise<void>; finish(): Promise<ChildServerReport> }> {
  const child = fork(fileURLToPath(import.meta.url), [], {
    execArgv: ['--import', 'tsx', ...nodeArgs],
    env: { ...process.env, [CHILD_ENV]: JSON.stringify(options) },
  })
  const url = await new Promise<string>((resolve, reject) => {
    child.once('message', (m) => resolve((m as { url: string }).url))
    child.once('exit', (code) => reject(new Error(`the server child exited with ${code}`)))
  })
  return {
    url,
    async mark() {
      await new Promise<void>((resolve) => {
        child.once('message', () => resolve())
        child.send('mark')
      })
    },
    async finish() {
      const exited = new Promise((resolve) => child.once('exit', resolve))
      const report = await new Promise<ChildServerReport>((resolve) => {
        child.once('message', (m) => resolve(m as ChildServerReport))
        child.send('report')
      })
      await exited
      return report
    },
  }
}

const childOptions = process.env[CHILD_ENV]
if (childOptions !== undefined) {
  await runChild(JSON.parse(childOptions) as ChildServerOptions)
}
