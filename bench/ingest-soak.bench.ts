/**
 * Overload soak against the real server over HTTP: `tokenline serve` on a temp DuckDB file,
 * fed OTLP/JSON batches the way OpenTelemetry exporters send them, at 10× what it can store.
 *
 * 1. Calibration (baseline, same run): `--clients` closed-loop exporters, first for `--warmup-s`
 *    seconds (not counted: longer than the 5 s quiet period, so assembly is running by its end),
 *    then for `--calibrate-s` seconds that measure the stored-spans rate the server sustains (its
 *    capacity) on the same writer as the overload: span writes and assembly's request writes.
 * 2. Overload: batches arrive open-loop at `--overload` × capacity for `--duration-s` seconds.
 *    Each batch behaves like an exporter's export: a 10 s timeout, a retry on 429/503 after
 *    `Retry-After` (at most 5 attempts) and on a timeout (which is how duplicates arise), and
 *    the batch is dropped client-side when the exporter's in-flight cap is full.
 * 3. SIGTERM (graceful: flush), then the DuckDB file is read back: every acknowledged span must
 *    be stored (0 lost) and stored once (0 duplicates).
 *
 * Reports the 429/503 share, acknowledged vs stored spans, p50/p99 acknowledgement latency and
 * the server's peak RSS (VmHWM). Figures come from a shared 2-core machine where the load
 * generator competes with the server for CPU.
 *
 *   npx tsx bench/ingest-soak.bench.ts                       # 60 s overload
 *   npx tsx bench/ingest-soak.bench.ts --minutes 10          # the 10-minute soak
 *   npx tsx bench/ingest-soak.bench.ts --duration-s 20 --batch 2000 --overload 10
 *   npx tsx bench/ingest-soak.bench.ts --minutes 60 --overload 0.8 --window-min 10   # the 1-hour soak
 *   TOKENLINE_SOAK_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" npx tsx bench/ingest-soak.bench.ts   # profile the server
 *
 * With `--window-min N` it also compares the first and the last N minutes: stored spans per
 * second, p99 acknowledgement and the server's resident set (sampled every second), which should
 * stay flat over a long run at a sustainable load.
 */
import { spawn } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { channel } from 'node:diagnostics_channel'
import { monitorEventLoopDelay } from 'node:perf_hooks'
import { openDuckDbInstance } from '../src/storage/duckdb/open.js'
import { numArg } from './cli-args.js'

const minutes = numArg('--minutes', 0)
const durationS = minutes > 0 ? minutes * 60 : numArg('--duration-s', 60)
const calibrateS = numArg('--calibrate-s', 10)
const warmupS = numArg('--warmup-s', 6)
const batchSpans = numArg('--batch', 2000)
const overload = numArg('--overload', 10)
const clients = numArg('--clients', 8)
const maxInFlight = numArg('--max-in-flight', 100)
const memoryLimitBytes = numArg('--memory-limit-mb', 1024) * 1024 * 1024
const windowS = numArg('--window-min', 1) * 60
const EXPORT_TIMEOUT_MS = 10_000
const MAX_ATTEMPTS = 5

// `TOKENLINE_SOAK_ROOT` points at another checkout to measure it with the same load.
const ROOT = process.env['TOKENLINE_SOAK_ROOT'] ?? resolve(import.meta.dirname, '..')
// `TOKENLINE_SOAK_NODE_ARGS` (space-separated) go to the server's node, e.g. `--cpu-prof
// --cpu-prof-dir=/tmp/prof` to see where its main thread's time goes under overload.
const serverNodeArgs = (process.env['TOKENLINE_SOAK_NODE_ARGS'] ?? '')
  .split(' ')
  .filter((a) => a !== '')
const dir = mkdtempSync(join(tmpdir(), 'tokenline-soak-'))
const db = join(dir, 'soak.duckdb')

/** Starts `tokenline serve` and resolves with its OTLP URL and pid. */
function serve(): Promise<{
  url: string
  apiUrl: string
  pid: number
  stop(): Promise<number | null>
}> {
  const child = spawn(
    process.execPath,
    [
      ...serverNodeArgs,
      join(ROOT, 'bin/tokenline.js'),
      'serve',
      ...['--port', '0', '--otlp-port', '0', '--otlp-grpc-port', '-1', '--db', db],
    ],
    {
      cwd: dir,
      env: {
        ...process.env,
        TOKENLINE_LOG_LEVEL: 'error',
        TOKENLINE_INGEST_MEMORY_LIMIT_BYTES: String(memoryLimitBytes),
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    }
  )
  const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)))
  return new Promise((res, rej) => {
    let out = ''
    child.stdout?.on('data', (d: Buffer) => {
      out += d.toString()
      const m = /OTLP\/HTTP: (http:\/\/\S+)/.exec(out)
      const api = /API: +(http:\/\/\S+)\/api\/health/.exec(out)
      if (m?.[1] !== undefined && api?.[1] !== undefined && child.pid !== undefined) {
        res({
          url: m[1],
          apiUrl: api[1],
          pid: child.pid,
          stop: () => {
            child.kill('SIGTERM')
            return exited
          },
        })
      }
    })
    void exited.then((code) => rej(new Error(`serve exited (${String(code)}) before listening`)))
  })
}

function rssBytes(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8')
  const kb = /VmRSS:\s+(\d+) kB/.exec(status)?.[1]
  return kb === undefined ? 0 : Number(kb) * 1024
}

/** Per-window samples: acknowledgements (time, latency, spans) and resident set size. */
const timeline = {
  acks: [] as { atMs: number; latencyMs: number; spans: number }[],
  rss: [] as { atMs: number; bytes: number }[],
  /** Traces waiting for assembly, sampled every 2 s: whether assembly keeps up. */
  pendingTraces: [] as number[],
}

function peakRssBytes(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8')
  const kb = /VmHWM:\s+(\d+) kB/.exec(status)?.[1]
  return kb === undefined ? 0 : Number(kb) * 1024
}

let nextRequest = 0
const REQUESTS_PER_BATCH = Math.ceil(batchSpans / 4)
/** Trace ids of acknowledged batches, by first request index (4 spans per request). */
const ackedFirstIndexes: number[] = []
const BASE_MS = Date.now() - 3_600_000
const SPAN_NAMES = ['POST /v1/chat/completions', 'gateway', 'upstream', 'llm_request']

/** The trace id of request `i` (never all zero). */
function traceIdOf(i: number): string {
  return (i + 1).toString(16).padStart(32, '0')
}

/**
 * One batch's text for requests `0…REQUESTS_PER_BATCH - 1` (4 spans per request: client,
 * gateway, upstream, engine), and where each span's ids sit in it. Ids are fixed-width hex, so a
 * fresh batch is this template with its ids overwritten in place.
 */
function makeTemplate(): { bytes: Buffer; spanAt: number[] } {
  const head =
    '{"resourceSpans":[{"resource":{"attributes":[{"key":"service.name","value":{"stringValue":"soak"}}]},' +
    '"scopeSpans":[{"scope":{"name":"soak"},"spans":['
  const spans: string[] = []
  const spanAt: number[] = []
  let at = head.length
  for (let i = 0; i < REQUESTS_PER_BATCH; i++) {
    const startNs = BigInt(BASE_MS + i) * 1_000_000n
    for (let k = 0; k < 4; k++) {
      const parent = k === 0 ? '' : `,"parentSpanId":"${'0'.repeat(16)}"`
      const span =
        `{"traceId":"${'0'.repeat(32)}","spanId":"${'0'.repeat(16)}"${parent},"name":"${SPAN_NAMES[k]}","kind":${k === 0 || k === 2 ? 3 : 2},` +
        `"startTimeUnixNano":"${startNs + BigInt(k) * 1_000_000n}","endTimeUnixNano":"${startNs + BigInt(900 - k * 10) * 1_000_000n}","attributes":[` +
        `{"key":"gen_ai.request.model","value":{"stringValue":"llama-3-8b"}},` +
        `{"key":"gen_ai.usage.input_tokens","value":{"intValue":"${(i % 900) + 100}"}},` +
        `{"key":"gen_ai.usage.output_tokens","value":{"intValue":"${(i % 300) + 20}"}}],"status":{}}`
      spanAt.push(at)
      spans.push(span)
      at += span.length + 1
    }
  }
  return { bytes: Buffer.from(`${head}${spans.join(',')}]}]}]}`, 'latin1'), spanAt }
}
const template = makeTemplate()
/** Offsets within a span's text: `{"traceId":"` is 12 characters, then 32 hex, `","spanId":"`… */
const TRACE_ID_AT = 12
const SPAN_ID_AT = TRACE_ID_AT + 32 + 12
const PARENT_ID_AT = SPAN_ID_AT + 16 + 1 + 17

const hex16 = (n: number): string => n.toString(16).padStart(16, '0')

/**
 * A fresh batch of `batchSpans` spans, never sent before: the template with new ids. Building
 * the text anew for every batch cost the load generator, which shares the 2 cores with the
 * server, enough CPU to stall its own event loop for seconds at 10× overload (ADR 0202).
 */
function makeBatch(): { body: Uint8Array; first: number } {
  const first = nextRequest
  nextRequest += REQUESTS_PER_BATCH
  const bytes = Buffer.from(template.bytes)
  for (let r = 0; r < REQUESTS_PER_BATCH; r++) {
    const i = first + r
    const traceId = traceIdOf(i)
    for (let k = 0; k < 4; k++) {
      const at = template.spanAt[r * 4 + k] as number
      bytes.write(traceId, at + TRACE_ID_AT, 'latin1')
      bytes.write(hex16(i * 4 + k + 1), at + SPAN_ID_AT, 'latin1')
      if (k > 0) {
        bytes.write(hex16(i * 4 + k), at + PARENT_ID_AT, 'latin1')
      }
    }
  }
  return { body: bytes, first }
}

const stats = {
  attempts: 0,
  ok: 0,
  refused429: 0,
  refused503: 0,
  other: new Map<string, number>(),
  timeouts: 0,
  /** The server closed the socket while the body was still being sent (a refusal it did not drain). */
  socketErrors: 0,
  ackedSpans: 0,
  givenUp: 0,
  droppedClientSide: 0,
  ackLatenciesMs: [] as number[],
  /** Per acknowledgement: the server's `Server-Timing` stages (ms) and the client's total. */
  ackStages: [] as Record<string, number>[],
  refusalLatenciesMs: [] as number[],
}
// The load generator shares the CPU: its own event-loop delay says how far its timings lag.
const loopDelay = monitorEventLoopDelay({ resolution: 20 })
loopDelay.enable()

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms))

/**
 * When each attempt's request headers and body left the load generator (undici's diagnostics
 * channels), by the attempt id sent in `x-soak-attempt`: the time before the headers left is the
 * client's own wait (a connection, its loop), not the server's.
 */
const sentTimes = new Map<string, { headersMs?: number; bodyMs?: number }>()
const attemptIdOf = (headers: unknown): string | undefined => {
  if (!Array.isArray(headers)) {
    return undefined
  }
  const i = headers.indexOf('x-soak-attempt')
  return i >= 0 ? String(headers[i + 1]) : undefined
}
channel('undici:client:sendHeaders').subscribe((m) => {
  const id = attemptIdOf((m as { request: { headers: unknown } }).request.headers)
  if (id !== undefined) {
    sentTimes.set(id, { headersMs: performance.now() })
  }
})
channel('undici:request:bodySent').subscribe((m) => {
  const id = attemptIdOf((m as { request: { headers: unknown } }).request.headers)
  const t = id === undefined ? undefined : sentTimes.get(id)
  if (t !== undefined) {
    t.bodyMs = performance.now()
  }
})
let attemptIds = 0

/** `lag;dur=3, read;dur=40` → { lag: 3, read: 40 }. */
function parseServerTiming(header: string | null): Record<string, number> {
  const out: Record<string, number> = {}
  for (const part of (header ?? '').split(',')) {
    const m = /^\s*([\w-]+);dur=([\d.]+)/.exec(part)
    if (m?.[1] !== undefined) {
      out[m[1]] = Number(m[2])
    }
  }
  return out
}

interface WriterSample {
  atMs: number
  /** Store write time so far by operation (s): the writer's busy time. */
  writeS: Record<string, number>
  /** Store writes so far by operation. */
  writes: Record<string, number>
  /** Spans the server accepted (committed) so far. */
  spans: number
  /** Traces waiting for assembly now. */
  pendingTraces: number
}

/** The server's store write time and committed spans so far, from `GET /metrics`. */
async function writerSample(apiUrl: string): Promise<WriterSample> {
  const text = await (await fetch(`${apiUrl}/metrics`)).text()
  const writeS: Record<string, number> = {}
  const writes: Record<string, number> = {}
  for (const m of text.matchAll(
    /^tokenline_store_write_duration_seconds_(sum|count)\{operation="(\w+)",outcome="ok"\} (\S+)$/gm
  )) {
    ;(m[1] === 'sum' ? writeS : writes)[m[2] as string] = Number(m[3])
  }
  const pendingTraces = Number(
    /^tokenline_assembly_pending_traces(?:\{[^}]*\})? (\S+)$/m.exec(text)?.[1] ?? 0
  )
  let spans = 0
  for (const m of text.matchAll(/^otelcol_receiver_accepted_spans(?:_total)?\{[^}]*\} (\S+)$/gm)) {
    spans += Number(m[1])
  }
  return { atMs: performance.now(), writeS, writes, spans, pendingTraces }
}

/**
 * Between two samples: the share of wall time the store spent writing spans and requests
 * (assembly), and the spans committed per second of span writing (the writer's service rate).
 */
function writerLine(name: string, a: WriterSample, b: WriterSample): string {
  const wallS = (b.atMs - a.atMs) / 1000
  const d = (op: string): number => (b.writeS[op] ?? 0) - (a.writeS[op] ?? 0)
  const spans = b.spans - a.spans
  const requestWrites = (b.writes['upsert_requests'] ?? 0) - (a.writes['upsert_requests'] ?? 0)
  return (
    `writer (${name}, ${wallS.toFixed(0)} s): spans ${Math.round(spans / wallS)}/s committed, ` +
    `span writes busy ${((100 * d('insert_spans')) / wallS).toFixed(0)} % ` +
    `(${Math.round(spans / Math.max(1e-9, d('insert_spans')))} spans per busy s), ` +
    `request writes (assembly) busy ${((100 * d('upsert_requests')) / wallS).toFixed(0)} % ` +
    `(${requestWrites} writes, mean ${((1000 * d('upsert_requests')) / Math.max(1, requestWrites)).toFixed(0)} ms); ` +
    `${Math.round(spans / Math.max(1e-9, d('insert_spans') + d('upsert_requests')))} spans per busy s of both; ` +
    `pending traces at the end ${b.pendingTraces}`
  )
}

/**
 * The writer's capacity over a phase: spans it commits per second when busy with span and
 * request writes together, the rate a writer that never idles would store with assembly
 * keeping up (spans/s).
 */
function writerCapacity(a: WriterSample, b: WriterSample): number {
  const d = (op: string): number => (b.writeS[op] ?? 0) - (a.writeS[op] ?? 0)
  return (b.spans - a.spans) / Math.max(1e-9, d('insert_spans') + d('upsert_requests'))
}

/**
 * Where the acknowledgements' time went, from the server's `Server-Timing` stages: each stage's
 * p50 and p99 over all acknowledgements, and its mean over the slowest 1 % (what makes the p99).
 * `dispatch` is the load generator's own wait before the request's headers left (a connection,
 * its loop), `upload` until its body had left, `accept` the server's wait from accepting a
 * connection to its first request's handler (first requests only, 0 for the others).
 */
function stageLines(acks: Record<string, number>[]): string[] {
  const names = ['dispatch', 'upload', 'accept', 'lag', 'read', 'decode', 'queue', 'store']
  names.push('reply', 'total', 'before', 'client')
  // `before`: neither the client's dispatch nor a server stage: the request waiting in the
  // kernel for the server's loop (beyond the lag it measured) and the answer's way back.
  const rows = acks.map((a): Record<string, number> => ({
    ...a,
    before: Math.max(0, (a['client'] ?? 0) - (a['dispatch'] ?? 0) - (a['total'] ?? 0)),
  }))
  const slow = [...rows]
    .sort((x, y) => (y['client'] ?? 0) - (x['client'] ?? 0))
    .slice(0, Math.max(1, Math.ceil(rows.length / 100)))
  const mean = (list: Record<string, number>[], k: string): number =>
    list.reduce((n, r) => n + (r[k] ?? 0), 0) / Math.max(1, list.length)
  const percentileRow = (q: number): string =>
    `  p${q}                 ${names
      .map((n) =>
        percentile(
          rows.map((r) => r[n] ?? 0),
          q
        )
          .toFixed(0)
          .padStart(7)
      )
      .join('')}`
  return [
    `ack stages (ms)       ${names.map((n) => n.padStart(7)).join('')}`,
    percentileRow(50),
    percentileRow(99),
    `  slowest 1 % (${String(slow.length).padStart(3)}) ${names.map((n) => mean(slow, n).toFixed(0).padStart(7)).join('')}`,
  ]
}

/** One exporter export: retries like the OTel SDKs do; returns whether it was acknowledged. */
async function exportBatch(
  url: string,
  batch: { body: Uint8Array; first: number }
): Promise<boolean> {
  const { body } = batch
  for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
    stats.attempts++
    const sentAt = performance.now()
    const attemptId = String(++attemptIds)
    let res: Response
    try {
      res = await fetch(`${url}/v1/traces`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-soak-attempt': attemptId },
        body,
        signal: AbortSignal.timeout(EXPORT_TIMEOUT_MS),
      })
      await res.arrayBuffer()
    } catch (err) {
      if ((err as Error).name === 'TimeoutError') {
        stats.timeouts++
      } else {
        stats.socketErrors++
        await sleep(1000)
      }
      continue
    }
    const sent = sentTimes.get(attemptId)
    sentTimes.delete(attemptId)
    if (res.status === 200) {
      stats.ok++
      stats.ackedSpans += REQUESTS_PER_BATCH * 4
      ackedFirstIndexes.push(batch.first)
      stats.ackLatenciesMs.push(performance.now() - sentAt)
      stats.ackStages.push({
        ...parseServerTiming(res.headers.get('server-timing')),
        client: performance.now() - sentAt,
        dispatch: (sent?.headersMs ?? sentAt) - sentAt,
        upload: (sent?.bodyMs ?? sentAt) - (sent?.headersMs ?? sentAt),
      })
      timeline.acks.push({
        atMs: performance.now(),
        latencyMs: performance.now() - sentAt,
        spans: REQUESTS_PER_BATCH * 4,
      })
      return true
    }
    if (res.status === 429 || res.status === 503) {
      stats.refusalLatenciesMs.push(performance.now() - sentAt)
      if (res.status === 429) {
        stats.refused429++
      } else {
        stats.refused503++
      }
      const retryAfterS = Number(res.headers.get('retry-after') ?? '1')
      await sleep(Math.min(5, Math.max(1, retryAfterS)) * 1000 * (0.8 + 0.4 * Math.random()))
      continue
    }
    const key = String(res.status)
    stats.other.set(key, (stats.other.get(key) ?? 0) + 1)
    return false
  }
  stats.givenUp++
  return false
}

/** Closed-loop exporters for `seconds`; returns spans acknowledged per second. */
async function calibrate(url: string, seconds: number): Promise<number> {
  const until = performance.now() + seconds * 1000
  let acked = 0
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (performance.now() < until) {
        const batch = makeBatch()
        const res = await fetch(`${url}/v1/traces`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: batch.body,
        }).catch(() => null)
        await res?.arrayBuffer().catch(() => null)
        if (res?.status === 200) {
          acked += REQUESTS_PER_BATCH * 4
          ackedFirstIndexes.push(batch.first)
        } else {
          await sleep(200)
        }
      }
    })
  )
  return acked / seconds
}

function percentile(values: number[], p: number): number {
  if (values.length === 0) {
    return 0
  }
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0
}

try {
  const server = await serve()
  // Assembly starts once a trace is quiet for 5 s: measured before then, the capacity would be
  // a writer's that does not assemble, unlike the overload's (ADR 0219).
  await calibrate(server.url, warmupS)
  const atStart = await writerSample(server.apiUrl)
  const capacity = await calibrate(server.url, calibrateS)
  const afterCalibration = await writerSample(server.apiUrl)
  const capacityOfWriter = writerCapacity(atStart, afterCalibration)
  const calibrationRss = peakRssBytes(server.pid)
  const offeredSpansPerS = capacity * overload
  const intervalMs = (batchSpans / offeredSpansPerS) * 1000
  process.stdout.write(
    `capacity (baseline, ${clients} closed-loop clients, ${calibrateS} s after ${warmupS} s of warm-up): ${Math.round(capacity)} spans/s ` +
      `(the writer's, spans per busy s of span and request writes: ${Math.round(capacityOfWriter)}); ` +
      `overload: ${overload}× = ${Math.round(offeredSpansPerS)} spans/s offered for ${durationS} s ` +
      `(a ${batchSpans}-span batch every ${intervalMs.toFixed(0)} ms)\n`
  )
  const inFlight = new Set<Promise<boolean>>()
  // The load generator's own lateness during the overload only (not start-up or the read-back).
  loopDelay.reset()
  const startedAt = performance.now()
  let ticks = 0
  const rssTimer = setInterval(() => {
    try {
      timeline.rss.push({ atMs: performance.now(), bytes: rssBytes(server.pid) })
    } catch {
      // The server is gone; its exit is reported below.
    }
    if (++ticks % 2 === 0) {
      writerSample(server.apiUrl).then(
        (w) => timeline.pendingTraces.push(w.pendingTraces),
        () => undefined
      )
    }
  }, 1000)
  const endAt = startedAt + durationS * 1000
  let offeredBatches = 0
  while (performance.now() < endAt) {
    // Open loop: the next batch is due whatever happened to the last ones.
    const due = startedAt + offeredBatches * intervalMs
    const wait = due - performance.now()
    if (wait > 0) {
      await sleep(wait)
    }
    offeredBatches++
    if (inFlight.size >= maxInFlight) {
      stats.droppedClientSide++
      continue
    }
    const p = exportBatch(server.url, makeBatch())
    inFlight.add(p)
    void p.finally(() => inFlight.delete(p))
  }
  await Promise.all(inFlight)
  clearInterval(rssTimer)
  loopDelay.disable()
  const afterOverload = await writerSample(server.apiUrl)
  const elapsedS = (performance.now() - startedAt) / 1000
  const peakRss = peakRssBytes(server.pid)
  const exitCode = await server.stop()

  const instance = await openDuckDbInstance(db)
  const conn = await instance.connect()
  const reader = await conn.runAndReadAll(
    'SELECT trace_id, count(*)::INTEGER AS n, count(DISTINCT span_id)::INTEGER AS d FROM spans GROUP BY trace_id'
  )
  const storedByTrace = new Map<string, { n: number; d: number }>()
  let storedSpans = 0
  let distinctSpans = 0
  for (const r of reader.getRowObjects() as { trace_id: string; n: number; d: number }[]) {
    storedByTrace.set(r.trace_id, { n: r.n, d: r.d })
    storedSpans += r.n
    distinctSpans += r.d
  }
  conn.closeSync()
  instance.closeSync()
  // Every acknowledged request's 4 spans must be stored; stored spans nobody acknowledged come
  // from exports that timed out client-side after the server had committed them.
  let lost = 0
  let ackedTotal = 0
  for (const first of ackedFirstIndexes) {
    for (let i = first; i < first + REQUESTS_PER_BATCH; i++) {
      ackedTotal += 4
      lost += 4 - Math.min(4, storedByTrace.get(traceIdOf(i))?.d ?? 0)
    }
  }
  const refusals = stats.refused429 + stats.refused503
  const responses = stats.ok + refusals + [...stats.other.values()].reduce((a, b) => a + b, 0)
  const lines = [
    `duration: ${elapsedS.toFixed(1)} s overload (+ ${warmupS} + ${calibrateS} s calibration), server exit ${String(exitCode)}`,
    `batches offered: ${offeredBatches}, dropped client-side (exporter queue full): ${stats.droppedClientSide}, given up after ${MAX_ATTEMPTS} attempts: ${stats.givenUp}`,
    `attempts: ${stats.attempts}, answered 200: ${stats.ok}, 429: ${stats.refused429}, 503: ${stats.refused503}, other: ${JSON.stringify(Object.fromEntries(stats.other))}, client timeouts (10 s): ${stats.timeouts}, connections closed mid-upload: ${stats.socketErrors}`,
    `429/503 share of answers: ${((100 * refusals) / Math.max(1, responses)).toFixed(1)} %`,
    `ack latency (200 answers): p50 ${percentile(stats.ackLatenciesMs, 50).toFixed(0)} ms, p99 ${percentile(stats.ackLatenciesMs, 99).toFixed(0)} ms, max ${percentile(stats.ackLatenciesMs, 100).toFixed(0)} ms`,
    `refusal latency (429/503 answers): p50 ${percentile(stats.refusalLatenciesMs, 50).toFixed(0)} ms, p99 ${percentile(stats.refusalLatenciesMs, 99).toFixed(0)} ms; load generator event-loop delay during the overload p99 ${(loopDelay.percentile(99) / 1e6).toFixed(0)} ms, max ${(loopDelay.max / 1e6).toFixed(0)} ms`,
    `stored throughput under overload: ${Math.round(stats.ackedSpans / elapsedS)} spans/s (ratio to baseline capacity ${(stats.ackedSpans / elapsedS / capacity).toFixed(2)}; to the writer's capacity ${(stats.ackedSpans / elapsedS / capacityOfWriter).toFixed(2)})`,
    `acknowledged spans: ${ackedTotal}, stored: ${storedSpans}, distinct stored: ${distinctSpans}`,
    `lost (acknowledged but not stored): ${lost}, duplicates: ${storedSpans - distinctSpans}, stored without an acknowledgement: ${distinctSpans - ackedTotal + lost}`,
    writerLine('calibration', atStart, afterCalibration),
    writerLine('overload', afterCalibration, afterOverload),
    `traces waiting for assembly during the overload (every 2 s): max ${Math.max(0, ...timeline.pendingTraces)}, last ${timeline.pendingTraces.at(-1) ?? 0}`,
    ...stageLines(stats.ackStages),
    `server peak RSS: ${(peakRss / 1048576).toFixed(0)} MiB (after calibration ${(calibrationRss / 1048576).toFixed(0)} MiB; ingest.memoryLimitBytes ${(memoryLimitBytes / 1048576).toFixed(0)} MiB)`,
  ]
  const windowLine = (name: string, from: number, to: number): string => {
    const acks = timeline.acks.filter((a) => a.atMs >= from && a.atMs < to)
    const rss = timeline.rss.filter((r) => r.atMs >= from && r.atMs < to).map((r) => r.bytes)
    const spans = acks.reduce((n, a) => n + a.spans, 0)
    const seconds = (to - from) / 1000
    return `${name} ${(seconds / 60).toFixed(1)} min: ${Math.round(spans / seconds)} spans/s stored (${(spans / seconds / capacity).toFixed(2)}× capacity), p99 ack ${percentile(
      acks.map((a) => a.latencyMs),
      99
    ).toFixed(
      0
    )} ms, RSS mean ${(rss.reduce((a, b) => a + b, 0) / Math.max(1, rss.length) / 1048576).toFixed(0)} MiB, max ${(Math.max(0, ...rss) / 1048576).toFixed(0)} MiB`
  }
  if (durationS >= 2 * windowS) {
    lines.push(windowLine('first', startedAt, startedAt + windowS * 1000))
    lines.push(windowLine('last', endAt - windowS * 1000, endAt))
  }
  process.stdout.write(`${lines.join('\n')}\n`)
} finally {
  rmSync(dir, { recursive: true, force: true })
}
