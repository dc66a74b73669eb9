/**
 * The real server over HTTP: C concurrent clients POST unique OTLP protobuf bodies, serialised by
 * the OpenTelemetry JS SDK's own serializer (`ProtobufTraceSerializer`), to `/v1/traces`. A 200
 * means the spans are committed. Each server runs in its own child process
 * (`ingest-child-server.ts`), the clients in this one, so the server's figures are its own.
 *
 * In one run: decode alone (this process, no HTTP, no store: the baseline); a null-sink server
 * (the same OTLP app, its sink only counts); the real server (`startServer`, fresh DuckDB file)
 * decoding inline and with W decode workers. For each server: spans/s, ratio to decode-only and
 * to the null sink, p99 acknowledgement latency (request sent → response read), the server's
 * peak RSS, its process CPU per span (DuckDB's threads included) and how busy its event loop was.
 * Every server must answer every body with a 200 and hold every span afterwards.
 *
 *   npx tsx bench/ingest-http.bench.ts                        # 300 bodies of 512 spans, 8 clients
 *   npx tsx bench/ingest-http.bench.ts --bodies 400 --clients 8 --workers 1 --rounds 2
 *   npx tsx bench/ingest-http.bench.ts --server-node-args=--max-semi-space-size=64
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { defaultDecodeWorkers } from '../src/ingest/otlp/decode-pool.js'
import { decodeTracesProtobuf } from '../src/ingest/otlp/protobuf.js'
import { startChildServer, type ChildServerOptions } from './ingest-child-server.js'
import { postBodies, sdkBodies } from './sdk-bodies.js'

const { values: args } = parseArgs({
  options: {
    bodies: { type: 'string', default: '300' },
    clients: { type: 'string', default: '8' },
    workers: { type: 'string', default: String(Math.max(1, defaultDecodeWorkers())) },
    rounds: { type: 'string', default: '1' },
    'server-node-args': { type: 'string', default: '' },
  },
})
const BODIES = Number(args.bodies)
const CLIENTS = Number(args.clients)
const WORKERS = Number(args.workers)
const ROUNDS = Number(args.rounds)
const NODE_ARGS = args['server-node-args'].split(' ').filter(Boolean)
const WARM_UP = Math.min(40, Math.floor(BODIES / 5))

interface Run {
  spansPerS: number
  p99Ms: number
  peakRss: number
  cpuUsPerSpan: number
  loopBusy: number
}

/**
 * Sends every body once, CLIENTS at a time, to a fresh server; every answer must be a 200. The
 * first WARM_UP bodies warm the server's JIT and are not timed (a server runs for days; its first
 * second is not what it costs).
 */
async function drive(
  options: ChildServerOptions,
  bodies: Uint8Array[],
  spans: number
): Promise<Run> {
  const server = await startChildServer(options, NODE_ARGS)
  await postBodies(server.url, bodies.slice(0, WARM_UP), CLIENTS)
  await server.mark()
  const timed = bodies.slice(WARM_UP)
  const timedSpans = (spans / bodies.length) * timed.length
  const { ms, latencies } = await postBodies(server.url, timed, CLIENTS)
  const report = await server.finish()
  if (report.spans !== spans) {
    throw new Error(
      `${options.kind} server holds ${report.spans} spans after every 200, expected ${spans}`
    )
  }
  latencies.sort((a, b) => a - b)
  return {
    spansPerS: (timedSpans / ms) * 1000,
    p99Ms: latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * 0.99))] ?? 0,
    peakRss: report.peakRssBytes,
    cpuUsPerSpan: report.cpuUs / timedSpans,
    loopBusy: report.eventLoopBusy,
  }
}

const fmt = (n: number): string => Math.round(n).toLocaleString('en-US')
const mib = (bytes: number): string => `${(bytes / 1024 / 1024).toFixed(0)} MiB`

const bodies = sdkBodies(BODIES)
const spans = bodies.reduce((n, b) => n + decodeTracesProtobuf(b).spans.length, 0)
const bytes = bodies.reduce((n, b) => n + b.length, 0)

// Decode-only: the second of two passes, so the JIT is as warm as the servers' after their bodies.
let decodeRate = 0
for (let pass = 0; pass < 2; pass++) {
  const t = performance.now()
  for (const b of bodies) {
    decodeTracesProtobuf(b)
  }
  decodeRate = (spans / (performance.now() - t)) * 1000
}

const dir = mkdtempSync(join(tmpdir(), 'tokenline-ingest-http-'))
try {
  process.stdout.write(
    `${BODIES} unique OTel-SDK protobuf bodies of ${spans / BODIES} spans (${fmt(bytes / BODIES)} bytes each), ${CLIENTS} clients, loopback, servers in a child process, first ${WARM_UP} bodies untimed${NODE_ARGS.length > 0 ? ` (${NODE_ARGS.join(' ')})` : ''}\n` +
      `  decode only (baseline)          ${fmt(decodeRate).padStart(9)} spans/s (${(1e6 / decodeRate).toFixed(1)} µs/span)\n`
  )
  for (let round = 0; round < ROUNDS; round++) {
    const nullRun = await drive({ kind: 'null' }, bodies, spans)
    const inline = await drive(
      { kind: 'duckdb', path: join(dir, `inline-${round}.duckdb`), decodeWorkers: 0 },
      bodies,
      spans
    )
    const pooled = await drive(
      { kind: 'duckdb', path: join(dir, `pooled-${round}.duckdb`), decodeWorkers: WORKERS },
      bodies,
      spans
    )
    const line = (name: string, r: Run): string =>
      `  ${name.padEnd(31)} ${fmt(r.spansPerS).padStart(9)} spans/s  ×${(r.spansPerS / decodeRate).toFixed(2)} decode-only  ×${(r.spansPerS / nullRun.spansPerS).toFixed(2)} null sink  p99 ack ${r.p99Ms.toFixed(0)} ms  server: peak RSS ${mib(r.peakRss)}, CPU ${r.cpuUsPerSpan.toFixed(1)} µs/span, event loop busy ${(r.loopBusy * 100).toFixed(0)} %\n`
    process.stdout.write(
      (ROUNDS > 1 ? `  round ${round + 1}\n` : '') +
        line('null-sink server', nullRun) +
        line('server, decode inline', inline) +
        line(`server, ${WORKERS} decode worker(s)`, pooled)
    )
  }
} finally {
  rmSync(dir, { recursive: true, force: true })
}
