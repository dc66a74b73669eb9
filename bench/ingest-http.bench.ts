/**
 * The real server over HTTP: C concurrent clients POST unique OTLP protobuf bodies, serialised by
 * the OpenTelemetry JS SDK's own serializer (`ProtobufTraceSerializer`), to `/v1/traces` of a
 * server started by `startServer` on a fresh DuckDB file. A 200 means the spans are committed.
 *
 * Figures, all from this run: decode alone (no HTTP, no store); a null-sink server (the same
 * OTLP app, sink only counts); the real server with decoding inline and with decode workers.
 * For each server: spans/s, ratio to decode-only and to the null sink, p99 acknowledgement
 * latency (request sent → response read) and peak RSS of the process (clients included: they
 * run in this process too).
 *
 *   npx tsx bench/ingest-http.bench.ts                        # 120 bodies of 512 spans, 8 clients
 *   npx tsx bench/ingest-http.bench.ts --bodies 400 --clients 8 --workers 1
 */
import { mkdtempSync, rmSync } from 'node:fs'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { serve, type ServerType } from '@hono/node-server'
import { DEFAULTS } from '../src/config/defaults.js'
import { createSilentLogger } from '../src/core/logger.js'
import { defaultDecodeWorkers } from '../src/ingest/decode-pool.js'
import { decodeTracesProtobuf } from '../src/ingest/otlp/protobuf.js'
import type { IngestSink } from '../src/ingest/types.js'
import { startServer } from '../src/server/main.js'
import { createOtlpApp } from '../src/server/otlp-app.js'
import { postBodies, sdkBodies } from './sdk-bodies.js'

const { values: args } = parseArgs({
  options: {
    bodies: { type: 'string', default: '120' },
    clients: { type: 'string', default: '8' },
    workers: { type: 'string', default: String(Math.max(1, defaultDecodeWorkers())) },
  },
})
const BODIES = Number(args.bodies)
const CLIENTS = Number(args.clients)
const WORKERS = Number(args.workers)
function rssSampler(): { stop(): number } {
  let peak = process.memoryUsage().rss
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20)
  return {
    stop() {
      clearInterval(timer)
      return Math.max(peak, process.memoryUsage().rss)
    },
  }
}

interface Run {
  spansPerS: number
  p99Ms: number
  peakRss: number
}

/** Sends every body once, CLIENTS at a time, to `url`; every answer must be a 200. */
async function drive(url: string, bodies: Uint8Array[], spans: number): Promise<Run> {
  const rss = rssSampler()
  const { ms, latencies } = await postBodies(url, bodies, CLIENTS)
  latencies.sort((a, b) => a - b)
  return {
    spansPerS: (spans / ms) * 1000,
    p99Ms: latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * 0.99))] ?? 0,
    peakRss: rss.stop(),
  }
}

async function nullSinkServer(bodies: Uint8Array[], spans: number): Promise<Run> {
  let counted = 0
  const sink = {
    submitSpans: async (s: readonly unknown[]) => {
      counted += s.length
    },
    submitMetrics: async () => {},
    submitEvents: async () => {},
    flush: async () => {},
    close: async () => {},
  } as unknown as IngestSink
  const app = createOtlpApp({
    ingest: sink,
    logger: createSilentLogger(),
    limits: { maxBodyBytes: 16 << 20 },
  })
  const http = await new Promise<ServerType>((resolve) => {
    const s = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s))
  })
  const url = `http://127.0.0.1:${(http.address() as AddressInfo).port}/v1/traces`
  const run = await drive(url, bodies, spans)
  await new Promise<void>((resolve) => http.close(() => resolve()))
  if (counted !== spans) {
    throw new Error(`null sink counted ${counted} spans, expected ${spans}`)
  }
  return run
}

async function realServer(
  bodies: Uint8Array[],
  spans: number,
  dir: string,
  workers: number
): Promise<Run> {
  const server = await startServer(
    {
      ...DEFAULTS,
      server: { ...DEFAULTS.server, host: '127.0.0.1', apiPort: 0, otlpPort: 0, otlpGrpcPort: -1 },
      store: { kind: 'duckdb', path: join(dir, `ingest-${workers}.duckdb`) },
      ingest: { ...DEFAULTS.ingest, decodeWorkers: workers },
      log: { level: 'silent' },
    },
    createSilentLogger()
  )
  try {
    const run = await drive(`${server.otlpUrl}/v1/traces`, bodies, spans)
    const stored = (await server.store.stats()).spans
    if (stored !== spans) {
      throw new Error(`stored ${stored} spans after every 200, expected ${spans}`)
    }
    return run
  } finally {
    await server.close()
  }
}

const fmt = (n: number): string => Math.round(n).toLocaleString('en-US')
const mib = (bytes: number): string => `${(bytes / 1024 / 1024).toFixed(0)} MiB`

const bodies = sdkBodies(BODIES)
const spans = bodies.reduce((n, b) => n + decodeTracesProtobuf(b).spans.length, 0)
const bytes = bodies.reduce((n, b) => n + b.length, 0)

let t = performance.now()
for (const b of bodies) {
  decodeTracesProtobuf(b)
}
const decodeRate = (spans / (performance.now() - t)) * 1000

const dir = mkdtempSync(join(tmpdir(), 'tokenline-ingest-http-'))
try {
  // A first untimed pass warms the JIT for HTTP, decode and fetch alike.
  await nullSinkServer(bodies, spans)
  const nullRun = await nullSinkServer(bodies, spans)
  const inline = await realServer(bodies, spans, dir, 0)
  const pooled = await realServer(bodies, spans, dir, WORKERS)
  t = performance.now()
  process.stdout.write(
    `${BODIES} unique OTel-SDK protobuf bodies of ${spans / BODIES} spans (${fmt(bytes / BODIES)} bytes each), ${CLIENTS} clients, loopback\n` +
      `  decode only (baseline)          ${fmt(decodeRate).padStart(9)} spans/s\n`
  )
  const line = (name: string, r: Run): string =>
    `  ${name.padEnd(31)} ${fmt(r.spansPerS).padStart(9)} spans/s  ×${(r.spansPerS / decodeRate).toFixed(2)} decode-only  ×${(r.spansPerS / nullRun.spansPerS).toFixed(2)} null sink  p99 ack ${r.p99Ms.toFixed(0)} ms  peak RSS ${mib(r.peakRss)}\n`
  process.stdout.write(
    line('null-sink server', nullRun) +
      line('server, decode inline', inline) +
      line(`server, ${WORKERS} decode worker(s)`, pooled)
  )
} finally {
  rmSync(dir, { recursive: true, force: true })
}
