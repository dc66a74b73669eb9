/**
 * Producers with skewed clocks, full size (src/server/clock-skew.test.ts and the OTLP tests are
 * the small ones): `tokenline serve` on a DuckDB file takes `--batches` 2,000-span OTLP/JSON
 * batches from each of four producers, sent in turn: one on time (the baseline), one 5 minutes
 * ahead, one an hour behind, and one 2 hours ahead (past `ingest.maxFutureSkewMs`, 1 h).
 *
 * Reports per producer: spans acknowledged, rejected in `partialSuccess`, stored (read back from
 * the file after a graceful stop), the time per batch as a ratio to the on-time producer's in
 * the same run, and what `/api/health` shows under `clock_skew`.
 *
 *   npx tsx bench/fault-clock-skew.bench.ts
 *   npx tsx bench/fault-clock-skew.bench.ts --batches 100
 */
import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { openDuckDbInstance } from '../src/storage/duckdb/open.js'
import { readStoredSpans } from '../src/storage/duckdb/span-writes.js'

const i = process.argv.indexOf('--batches')
const batches = i === -1 ? 25 : Number(process.argv[i + 1])
if (!Number.isSafeInteger(batches) || batches <= 0) {
  throw new Error(`--batches must be a positive whole number (actual: ${process.argv[i + 1]})`)
}
const REQUESTS_PER_BATCH = 500
const MIN = 60_000
const PRODUCERS = [
  { service: 'on-time', skewMs: 0 },
  { service: 'ahead-5m', skewMs: 5 * MIN },
  { service: 'behind-1h', skewMs: -60 * MIN },
  { service: 'ahead-2h', skewMs: 120 * MIN },
]

const ROOT = resolve(import.meta.dirname, '..')
const dir = mkdtempSync(join(tmpdir(), 'tokenline-skew-bench-'))
const db = join(dir, 'skew.duckdb')
let nextRequest = 0

/** 2,000 spans (4 per request) ending `skewMs` from now by the producer's clock. */
function makeBatch(service: string, skewMs: number): string {
  const first = nextRequest
  nextRequest += REQUESTS_PER_BATCH
  const endMs = Date.now() + skewMs - 1000
  const spans: string[] = []
  for (let r = first; r < first + REQUESTS_PER_BATCH; r++) {
    const traceId = (r + 1).toString(16).padStart(32, '0')
    const startNs = BigInt(endMs - 900) * 1_000_000n
    for (let k = 0; k < 4; k++) {
      const parent =
        k === 0 ? '' : `,"parentSpanId":"${(r * 4 + k).toString(16).padStart(16, '0')}"`
      spans.push(
        `{"traceId":"${traceId}","spanId":"${(r * 4 + k + 1).toString(16).padStart(16, '0')}"${parent},` +
          `"name":"s${k}","kind":${k === 0 ? 3 : 2},"startTimeUnixNano":"${startNs + BigInt(k) * 1_000_000n}",` +
          `"endTimeUnixNano":"${startNs + BigInt(900 - k * 10) * 1_000_000n}","attributes":[` +
          `{"key":"gen_ai.request.model","value":{"stringValue":"llama-3-8b"}}],"status":{}}`
      )
    }
  }
  return (
    `{"resourceSpans":[{"resource":{"attributes":[{"key":"service.name","value":{"stringValue":"${service}"}}]},` +
    `"scopeSpans":[{"scope":{"name":"bench"},"spans":[${spans.join(',')}]}]}]}`
  )
}

try {
  const child = spawn(
    process.execPath,
    [
      join(ROOT, 'bin/tokenline.js'),
      'serve',
      ...['--port', '0', '--otlp-port', '0', '--otlp-grpc-port', '-1', '--db', db],
    ],
    {
      cwd: dir,
      env: { ...process.env, TOKENLINE_LOG_LEVEL: 'error' },
      stdio: ['ignore', 'pipe', 'inherit'],
    }
  )
  const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)))
  const { otlp, api } = await new Promise<{ otlp: string; api: string }>((res, rej) => {
    let out = ''
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString()
      const o = /OTLP\/HTTP: (http:\/\/\S+)/.exec(out)?.[1]
      const a = /Dashboard: (http:\/\/\S+?)\/?\s/.exec(out)?.[1]
      if (o !== undefined && a !== undefined) {
        res({ otlp: o, api: a })
      }
    })
    void exited.then((code) => rej(new Error(`serve exited (${String(code)}) before listening`)))
  })
  const tally = new Map(
    PRODUCERS.map((p) => [p.service, { acked: 0, rejected: 0, ms: 0, refused: 0 }])
  )
  // In turn, batch by batch, so a busy moment of the host falls on every producer alike.
  for (let b = 0; b < batches; b++) {
    for (const p of PRODUCERS) {
      const t = tally.get(p.service)!
      const body = makeBatch(p.service, p.skewMs)
      for (let attempt = 0; attempt < 10; attempt++) {
        const sent = performance.now()
        const res = await fetch(`${otlp}/v1/traces`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body,
        })
        const reply = (await res.json()) as { partialSuccess?: { rejectedSpans?: number } }
        if (res.status === 200) {
          t.ms += performance.now() - sent
          const rejected = reply.partialSuccess?.rejectedSpans ?? 0
          t.rejected += rejected
          t.acked += REQUESTS_PER_BATCH * 4 - rejected
          break
        }
        t.refused++
        await new Promise((r) => setTimeout(r, 1000 * Number(res.headers.get('retry-after') ?? 1)))
      }
    }
  }
  const health = (await (await fetch(`${api}/api/health`)).json()) as {
    ingest?: { clock_skew?: unknown }
  }
  child.kill('SIGTERM')
  const exitCode = await exited
  const instance = await openDuckDbInstance(db)
  const conn = await instance.connect()
  // Every stored span, the older rows and every write's body (ADR 0395), counted per service.
  const stored = new Map<string, number>()
  for (const s of await readStoredSpans(conn)) {
    const service = String(s.resource['service.name'])
    stored.set(service, (stored.get(service) ?? 0) + 1)
  }
  conn.closeSync()
  instance.closeSync()
  const baseMs = tally.get('on-time')!.ms / batches
  const lines = [
    `${batches} batches of 2,000 spans per producer, sent in turn; server exit ${String(exitCode)}`,
  ]
  for (const p of PRODUCERS) {
    const t = tally.get(p.service)!
    lines.push(
      `${p.service.padEnd(10)} skew ${String(p.skewMs / MIN).padStart(4)} min: acknowledged ${t.acked}, rejected ${t.rejected}, stored ${stored.get(p.service) ?? 0}, 429/503 ${t.refused}, ` +
        `${(t.ms / batches).toFixed(0)} ms per batch (${(t.ms / batches / baseMs).toFixed(2)}× on-time)`
    )
  }
  lines.push(`/api/health clock_skew: ${JSON.stringify(health.ingest?.clock_skew ?? null)}`)
  process.stdout.write(`${lines.join('\n')}\n`)
} finally {
  rmSync(dir, { recursive: true, force: true })
}
