/**
 * CPU the real server spends per span, measured inside the server: `startServer` runs in a child
 * process on a fresh DuckDB file (decoding inline), the clients in this one, so the figure is the
 * server's alone (`process.cpuUsage`, DuckDB's threads included) over the run, beside spans/s,
 * p99 acknowledgement latency and how busy the server's event loop was. Bodies are those of
 * `bench/ingest-http.bench.ts` (OTel SDK serializer, 512 spans each); every answer must be a 200.
 * The admission's expected-wait limit is raised so a loaded machine measures cost, not 429s.
 *
 *   npx tsx bench/ingest-server-cpu.bench.ts                 # 400 bodies, 8 clients
 *   npx tsx bench/ingest-server-cpu.bench.ts --bodies 200 --clients 16
 */
import { fork } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { DEFAULTS } from '../src/config/defaults.js'
import { createSilentLogger } from '../src/core/logger.js'
import { startServer } from '../src/server/main.js'
import { postBodies, sdkBodies } from './sdk-bodies.js'

const { values: args } = parseArgs({
  options: {
    bodies: { type: 'string', default: '400' },
    clients: { type: 'string', default: '8' },
    serve: { type: 'string' },
  },
})

interface ServerReport {
  cpuUs: number
  eventLoopBusy: number
  stored: number
}

/** The child: serves until asked for its report, then closes. */
async function serveChild(path: string): Promise<void> {
  const server = await startServer(
    {
      ...DEFAULTS,
      server: { ...DEFAULTS.server, host: '127.0.0.1', apiPort: 0, otlpPort: 0, otlpGrpcPort: -1 },
      store: { kind: 'duckdb', path },
      ingest: { ...DEFAULTS.ingest, decodeWorkers: 0, maxQueueDelayMs: 60_000 },
      log: { level: 'silent' },
    },
    createSilentLogger()
  )
  const cpu0 = process.cpuUsage()
  const elu0 = performance.eventLoopUtilization()
  process.on('message', (msg) => {
    if (msg !== 'report') {
      return
    }
    const cpu = process.cpuUsage(cpu0)
    const elu = performance.eventLoopUtilization(elu0)
    void server.store.stats().then(async ({ spans }) => {
      const report: ServerReport = {
        cpuUs: cpu.user + cpu.system,
        eventLoopBusy: elu.utilization,
        stored: spans,
      }
      process.send?.(report)
      await server.close()
      process.exit(0)
    })
  })
  process.send?.({ url: server.otlpUrl })
}

async function main(): Promise<void> {
  const bodies = sdkBodies(Number(args.bodies))
  const clients = Number(args.clients)
  const spans = bodies.length * 512
  const dir = mkdtempSync(join(tmpdir(), 'tokenline-server-cpu-'))
  const child = fork(fileURLToPath(import.meta.url), ['--serve', join(dir, 'server.duckdb')], {
    execArgv: ['--import', 'tsx', ...(process.env.SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean)],
  })
  let reported = false
  try {
    const url = await new Promise<string>((resolve, reject) => {
      child.once('message', (m) => resolve(`${(m as { url: string }).url}/v1/traces`))
      child.once('exit', (code) => reject(new Error(`server exited with ${code}`)))
    })
    const { ms, latencies } = await postBodies(url, bodies, clients)
    const report = await new Promise<ServerReport>((resolve) => {
      child.once('message', (m) => resolve(m as ServerReport))
      child.send('report')
    })
    reported = true
    if (report.stored !== spans) {
      throw new Error(`stored ${report.stored} spans after every 200, expected ${spans}`)
    }
    latencies.sort((a, b) => a - b)
    const p99 = latencies[Math.floor(latencies.length * 0.99)] ?? 0
    console.log(
      `${bodies.length} OTel-SDK bodies (${spans.toLocaleString('en-US')} spans), ${clients} clients in another process than the server`
    )
    console.log(
      `  ${Math.round((spans / ms) * 1000).toLocaleString('en-US')} spans/s, p99 ack ${p99.toFixed(0)} ms, server CPU ${(report.cpuUs / spans).toFixed(1)} µs/span (one core's worth: ${Math.round((spans / report.cpuUs) * 1e6).toLocaleString('en-US')} spans/s), server event loop busy ${(report.eventLoopBusy * 100).toFixed(0)} %`
    )
  } finally {
    // After its report the server closes and exits by itself; otherwise stop it.
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve))
      if (!reported) {
        child.kill()
      }
      await exited
    }
    rmSync(dir, { recursive: true, force: true })
  }
}

if (args.serve !== undefined) {
  await serveChild(args.serve)
} else {
  await main()
}
