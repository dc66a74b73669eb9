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
 * The exporters run in a child process of their own (`bench/soak-sender.ts`): pooled bodies from
 * one template with only their ids rewritten, `node:http` on keep-alive sockets. Each answer is
 * timed from when its request was handed to a connected socket (the server's part and the way
 * there and back) and from when it was due (the open-loop schedule or the end of a retry wait),
 * so a load generator that could not send on time shows as the gap between the two; its own
 * event-loop delay, lateness against the schedule and CPU are printed beside them.
 *
 * Reports the 429/503 share, acknowledged vs stored spans, p50/p99 acknowledgement latency, the
 * longest wait for any answer, and the server's peak RSS (VmHWM). Beside the server's CPU share it
 * prints how long its threads waited for a core (schedstat) and the CPU the process used while
 * store writes ran, so a run on a starved host says so (ADR 0246). Figures come from a shared
 * 2-core machine where the load generator competes with the server for CPU.
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
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { performance } from 'node:perf_hooks'
import { listValue } from '@duckdb/node-api'
import { openDuckDbInstance } from '../src/storage/duckdb/open.js'
import { readStoredSpans } from '../src/storage/duckdb/span-writes.js'
import { numArg } from './cli-args.js'
import { MAX_ATTEMPTS, startSender, traceIdOf, type AttemptRecord } from './soak-sender.js'

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
          pid: serverPid(child.pid),
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

/**
 * The process that serves: `bin/tokenline.js serve` runs the server in a child of its own with
 * capped malloc arenas (ADR 0313), and the launcher's own memory is not the server's; a build
 * without the launcher serves in `pid` itself.
 */
function serverPid(pid: number): number {
  try {
    const children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(' ')
    return children.length === 1 && children[0] !== '' ? Number(children[0]) : pid
  } catch {
    return pid
  }
}

function rssBytes(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8')
  const kb = /VmRSS:\s+(\d+) kB/.exec(status)?.[1]
  return kb === undefined ? 0 : Number(kb) * 1024
}

/**
 * The resident set by kind of mapping (MiB), from `/proc/<pid>/smaps`: the brk heap (glibc
 * malloc's main arena), glibc's thread arenas (64 MiB-aligned heaps of 64 MiB whose unused rest
 * is an inaccessible mapping right after the used part; counted apart, since a process with many
 * threads may have up to 8 per core of them), other anonymous mappings of 64 MiB or more
 * (DuckDB's allocator), smaller anonymous ones (V8's pages of every isolate, thread stacks) and
 * file-backed ones (code), with the anonymous total of `/proc/<pid>/smaps_rollup`: what the
 * server's own counters cannot name.
 */
function rssByMapping(pid: number): string {
  interface Mapping {
    start: number
    end: number
    perms: string
    name: string
    rssKib: number
  }
  const maps: Mapping[] = []
  for (const line of readFileSync(`/proc/${pid}/smaps`, 'utf8').split('\n')) {
    const head = /^([0-9a-f]+)-([0-9a-f]+) (\S+) \S+ \S+ \d+\s*(.*)$/.exec(line)
    if (head !== null) {
      maps.push({
        start: parseInt(head[1]!, 16),
        end: parseInt(head[2]!, 16),
        perms: head[3]!,
        name: head[4] ?? '',
        rssKib: 0,
      })
      continue
    }
    const rss = /^Rss:\s+(\d+) kB/.exec(line)
    const last = maps.at(-1)
    if (rss !== null && last !== undefined) {
      last.rssKib += Number(rss[1])
    }
  }
  const ARENA = 64 * 1048576
  const anonymous = (m: Mapping): boolean => m.name === '' || m.name.startsWith('[anon')
  const kib = { brk: 0, arena: 0, big: 0, anon: 0, file: 0 }
  let arenas = 0
  maps.forEach((m, i) => {
    const next = maps[i + 1]
    if (m.name === '[heap]') {
      kib.brk += m.rssKib
    } else if (!anonymous(m)) {
      kib.file += m.rssKib
    } else if (
      m.start % ARENA === 0 &&
      m.perms.startsWith('rw') &&
      (m.end - m.start === ARENA ||
        (next !== undefined &&
          next.start === m.end &&
          next.perms.startsWith('---') &&
          next.end - m.start === ARENA))
    ) {
      kib.arena += m.rssKib
      arenas++
    } else if (m.end - m.start >= ARENA) {
      kib.big += m.rssKib
    } else {
      kib.anon += m.rssKib
    }
  })
  const rollup = readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8')
  const anonKib = Number(/^Anonymous:\s+(\d+) kB/m.exec(rollup)?.[1] ?? Number.NaN)
  const mib = (k: number): string => (k / 1024).toFixed(0)
  return `brk ${mib(kib.brk)}, malloc arenas ${mib(kib.arena)} (${arenas}), anon ≥64 MiB ${mib(kib.big)}, other anon ${mib(kib.anon)}, file ${mib(kib.file)}; anonymous (rollup) ${mib(anonKib)}`
}

/**
 * CPU the server's process has used so far, all threads (ms), from `/proc/<pid>/stat`: beside
 * the spans it stored in a phase, this says whether a slower writer got less of the host or
 * spent more per span.
 */
function cpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
  // Fields after the command's closing parenthesis; utime and stime are the 12th and 13th.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100
}

/**
 * Time the server's threads ran on a core and waited for one (ms), from
 * `/proc/<pid>/task/<tid>/schedstat`: the main thread (the event loop: handlers, the store's
 * append, assembly) apart from the others (DuckDB's commit, the decode worker, libuv, V8). A
 * thread that waits longer for a core than it runs is starved by the host, not busy.
 */
interface SchedSample {
  mainRunMs: number
  mainWaitMs: number
  otherRunMs: number
  otherWaitMs: number
}

function schedSample(pid: number): SchedSample {
  const out = { mainRunMs: 0, mainWaitMs: 0, otherRunMs: 0, otherWaitMs: 0 }
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    let fields: number[]
    try {
      fields = readFileSync(`/proc/${pid}/task/${tid}/schedstat`, 'utf8').split(' ').map(Number)
    } catch {
      continue // the thread ended between the listing and the read
    }
    const [runNs = 0, waitNs = 0] = fields
    if (tid === String(pid)) {
      out.mainRunMs += runNs / 1e6
      out.mainWaitMs += waitNs / 1e6
    } else {
      out.otherRunMs += runNs / 1e6
      out.otherWaitMs += waitNs / 1e6
    }
  }
  return out
}

/** A phase's run and run-queue wait per thread group, as shares of the phase's wall time. */
function schedLine(name: string, a: SchedSample, b: SchedSample, wallMs: number): string {
  const pct = (ms: number): string => `${((100 * ms) / wallMs).toFixed(0)} %`
  return (
    `threads (${name}): main ran ${pct(b.mainRunMs - a.mainRunMs)} of the wall time and waited for a core ${pct(b.mainWaitMs - a.mainWaitMs)}; ` +
    `other threads ran ${pct(b.otherRunMs - a.otherRunMs)} and waited ${pct(b.otherWaitMs - a.otherWaitMs)}`
  )
}

/** The host's 1-minute load average now. */
function loadAverage(): number {
  return Number(readFileSync('/proc/loadavg', 'utf8').split(' ')[0])
}

function peakRssBytes(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8')
  const kb = /VmHWM:\s+(\d+) kB/.exec(status)?.[1]
  return kb === undefined ? 0 : Number(kb) * 1024
}

const BASE_MS = Date.now() - 3_600_000
const SPANS_PER_REQUEST = 4

/**
 * Reads the file back in SQL: an hour at 40,000 spans/s holds ~36 M traces, more rows than a
 * JavaScript Map takes (a per-trace Map of them ran the bench out of heap after a 60-minute run).
 * Every acknowledged request's 4 spans must be stored; stored spans nobody acknowledged come from
 * exports that timed out client-side after the server had committed them.
 */
async function readBack(
  path: string,
  ackedFirsts: readonly number[],
  requestsPerBatch: number
): Promise<{ storedSpans: number; distinctSpans: number; ackedTotal: number; lost: number }> {
  const instance = await openDuckDbInstance(path)
  const conn = await instance.connect()
  try {
    // Every stored span, the older rows and every write's body (ADR 0395), counted per trace.
    const perTrace = new Map<string, { n: number; ids: Set<string> }>()
    for (const s of await readStoredSpans(conn)) {
      let t = perTrace.get(s.traceId)
      if (t === undefined) {
        t = { n: 0, ids: new Set() }
        perTrace.set(s.traceId, t)
      }
      t.n++
      t.ids.add(s.spanId)
    }
    await conn.run('CREATE TEMP TABLE per_trace (trace_id VARCHAR, n BIGINT, d BIGINT)')
    const traces = [...perTrace]
    for (let i = 0; i < traces.length; i += 50_000) {
      const part = traces.slice(i, i + 50_000)
      await conn.run(
        'INSERT INTO per_trace SELECT unnest(?::VARCHAR[]), unnest(?::BIGINT[]), unnest(?::BIGINT[])',
        [
          listValue(part.map(([id]) => id)),
          listValue(part.map(([, t]) => t.n)),
          listValue(part.map(([, t]) => t.ids.size)),
        ]
      )
    }
    await conn.run('CREATE TEMP TABLE acked (first BIGINT)')
    for (let i = 0; i < ackedFirsts.length; i += 5000) {
      const values = ackedFirsts
        .slice(i, i + 5000)
        .map((f) => `(${f})`)
        .join(',')
      await conn.run(`INSERT INTO acked VALUES ${values}`)
    }
    const totals = (
      await conn.runAndReadAll(
        'SELECT coalesce(sum(n), 0)::DOUBLE AS stored, coalesce(sum(d), 0)::DOUBLE AS distinct_spans FROM per_trace'
      )
    ).getRowObjects()[0] as { stored: number; distinct_spans: number }
    // The sender's trace id of request i is i + 1 in 32 lower-case hex digits (traceIdOf): the
    // SQL below must spell it the same way, or every acknowledged span would count as lost.
    const probe = ackedFirsts[0] ?? 0
    const spelt = (
      await conn.runAndReadAll(`SELECT lower(lpad(to_hex(${probe + 1}), 32, '0')) AS id`)
    ).getRowObjects()[0] as { id: string }
    if (spelt.id !== traceIdOf(probe)) {
      throw new Error(`trace id spelt ${spelt.id} in SQL, ${traceIdOf(probe)} by the sender`)
    }
    const acked = (
      await conn.runAndReadAll(
        `SELECT count(*)::DOUBLE AS requests, coalesce(sum(${SPANS_PER_REQUEST} - least(${SPANS_PER_REQUEST}, coalesce(p.d, 0))), 0)::DOUBLE AS lost
         FROM (SELECT lower(lpad(to_hex(first + g + 1), 32, '0')) AS trace_id FROM acked, range(${requestsPerBatch}) AS r(g)) a
         LEFT JOIN per_trace p USING (trace_id)`
      )
    ).getRowObjects()[0] as { requests: number; lost: number }
    return {
      storedSpans: totals.stored,
      distinctSpans: totals.distinct_spans,
      ackedTotal: acked.requests * SPANS_PER_REQUEST,
      lost: acked.lost,
    }
  } finally {
    conn.closeSync()
    instance.closeSync()
  }
}

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
  /** The server's CPU (all threads) while each operation's writes ran so far (s). */
  writeCpuS: Record<string, number>
  /** Spans the server accepted (committed) so far. */
  spans: number
  /** Traces waiting for assembly now. */
  pendingTraces: number
  /** What holds memory now (null from a server that does not say): V8 heap, DuckDB, held spans. */
  heapBytes: number | null
  heapTotalBytes: number | null
  externalBytes: number | null
  duckDbBytes: number | null
  heldSpans: number | null
  /** The decode workers' V8 heaps (used, reserved); null from a server that does not say. */
  workerHeapBytes: number | null
  workerHeapTotalBytes: number | null
  /** Traces read back from the store to be assembled so far, and the seconds those reads took. */
  storeReadTraces: number | null
  storeReadS: number | null
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
  const writeCpuS: Record<string, number> = {}
  for (const m of text.matchAll(
    /^tokenline_store_write_cpu_seconds(?:_total)?\{operation="(\w+)"\} (\S+)$/gm
  )) {
    writeCpuS[m[1] as string] = Number(m[2])
  }
  const pendingTraces = Number(
    /^tokenline_assembly_pending_traces(?:\{[^}]*\})? (\S+)$/m.exec(text)?.[1] ?? 0
  )
  let spans = 0
  for (const m of text.matchAll(/^otelcol_receiver_accepted_spans(?:_total)?\{[^}]*\} (\S+)$/gm)) {
    spans += Number(m[1])
  }
  const scalar = (name: string): number | null => {
    const m = new RegExp(`^${name}(?:\\{[^}]*\\})? (\\S+)$`, 'm').exec(text)
    return m === null ? null : Number(m[1])
  }
  return {
    atMs: performance.now(),
    writeS,
    writes,
    writeCpuS,
    spans,
    pendingTraces,
    heapBytes: scalar('nodejs_heap_used_bytes'),
    heapTotalBytes: scalar('nodejs_heap_size_total_bytes'),
    externalBytes: scalar('nodejs_external_memory_bytes'),
    duckDbBytes: scalar('tokenline_store_memory_bytes'),
    heldSpans: scalar('tokenline_assembly_held_spans'),
    workerHeapBytes: scalar('tokenline_decode_worker_heap_used_bytes'),
    workerHeapTotalBytes: scalar('tokenline_decode_worker_heap_size_total_bytes'),
    storeReadTraces: scalar('tokenline_assembly_store_read_traces(?:_total)?'),
    storeReadS: scalar('tokenline_assembly_store_read_seconds(?:_total)?'),
  }
}

/**
 * Requests the server refused so far, by the rule that refused them (`/api/health`); null from a
 * server that does not count them by rule (an older build).
 */
async function refusedByReason(apiUrl: string): Promise<Record<string, number> | null> {
  const health = (await (await fetch(`${apiUrl}/api/health`)).json()) as {
    ingest?: { requests_refused_by_reason?: Record<string, number> | null }
  }
  return health.ingest?.requests_refused_by_reason ?? null
}

/** The refusals between two counts, largest first: `admission-window 812, memory 40`. */
function reasonLine(a: Record<string, number> | null, b: Record<string, number> | null): string {
  if (a === null || b === null) {
    return '–'
  }
  const rows = Object.entries(b)
    .map(([k, n]): [string, number] => [k, n - (a[k] ?? 0)])
    .filter(([, n]) => n > 0)
    .sort((x, y) => y[1] - x[1])
  return rows.length === 0 ? 'none' : rows.map(([k, n]) => `${k} ${n}`).join(', ')
}

/**
 * Between two samples: the share of wall time the store spent writing spans and requests
 * (assembly), and the spans committed per second of span writing (the writer's service rate).
 */
function writerLine(name: string, a: WriterSample, b: WriterSample): string {
  const wallS = (b.atMs - a.atMs) / 1000
  const d = (op: string): number => (b.writeS[op] ?? 0) - (a.writeS[op] ?? 0)
  const spans = b.spans - a.spans
  const cpu = (op: string): number => (b.writeCpuS[op] ?? 0) - (a.writeCpuS[op] ?? 0)
  // A server without the counter (an older build) shows '–', not 0 %.
  const counted = (op: string): boolean => b.writeCpuS[op] !== undefined && d(op) > 0
  const cpuShare = (op: string): string =>
    counted(op) ? `${((100 * cpu(op)) / d(op)).toFixed(0)} % of their wall time` : '–'
  const requestWrites = (b.writes['upsert_requests'] ?? 0) - (a.writes['upsert_requests'] ?? 0)
  return (
    `writer (${name}, ${wallS.toFixed(0)} s): spans ${Math.round(spans / wallS)}/s committed, ` +
    `span writes busy ${((100 * d('insert_spans')) / wallS).toFixed(0)} % ` +
    `(${Math.round(spans / Math.max(1e-9, d('insert_spans')))} spans per busy s), ` +
    `request writes (assembly) busy ${((100 * d('upsert_requests')) / wallS).toFixed(0)} % ` +
    `(${requestWrites} writes, mean ${((1000 * d('upsert_requests')) / Math.max(1, requestWrites)).toFixed(0)} ms); ` +
    `${Math.round(spans / Math.max(1e-9, d('insert_spans') + d('upsert_requests')))} spans per busy s of both; ` +
    `process CPU while writing (all threads, an upper bound): span writes ${cpuShare('insert_spans')}, ` +
    `request writes ${cpuShare('upsert_requests')} (${counted('upsert_requests') ? ((1000 * cpu('upsert_requests')) / Math.max(1, requestWrites)).toFixed(0) : '–'} ms per write); ` +
    `pending traces at the end ${b.pendingTraces}`
  )
}

/**
 * One line of the overload's memory timeline: the resident set and what the server says holds it
 * (V8 heap, DuckDB's own count, spans held for assembly, traces pending), and over the last
 * interval the spans committed, the writer's busy share and the traces read back from the store.
 */
function timelineLine(atS: number, rssNow: number, a: WriterSample, b: WriterSample): string {
  const wallS = Math.max(1e-9, (b.atMs - a.atMs) / 1000)
  const d = (op: string): number => (b.writeS[op] ?? 0) - (a.writeS[op] ?? 0)
  const mib = (x: number | null): string => (x === null ? '–' : (x / 1048576).toFixed(0))
  const reads =
    a.storeReadTraces === null || b.storeReadTraces === null
      ? null
      : b.storeReadTraces - a.storeReadTraces
  const readS = a.storeReadS === null || b.storeReadS === null ? null : b.storeReadS - a.storeReadS
  return (
    `t=${atS.toFixed(0)} s: RSS ${mib(rssNow)} MiB, heap ${mib(b.heapBytes)} of ${mib(b.heapTotalBytes)} MiB, external ${mib(b.externalBytes)} MiB, decode worker heap ${mib(b.workerHeapBytes)} of ${mib(b.workerHeapTotalBytes)} MiB, DuckDB ${mib(b.duckDbBytes)} MiB, ` +
    `pending traces ${b.pendingTraces}, held spans ${b.heldSpans ?? '–'}, ` +
    `committed ${Math.round((b.spans - a.spans) / wallS)} spans/s, writer busy ${((100 * d('insert_spans')) / wallS).toFixed(0)} % + ${((100 * d('upsert_requests')) / wallS).toFixed(0)} %, ` +
    `read from store ${reads === null ? '–' : Math.round(reads / wallS)} traces/s ` +
    `(${readS === null ? '–' : ((100 * readS) / wallS).toFixed(0)} % of wall, ${reads === null || readS === null || reads === 0 ? '–' : ((1000 * readS) / reads).toFixed(2)} ms per trace)`
  )
}

/** A phase's server CPU: share of one core, and per 1,000 spans committed. */
function cpuLine(fromMs: number, toMs: number, a: WriterSample, b: WriterSample): string {
  const wallMs = b.atMs - a.atMs
  const spans = b.spans - a.spans
  return `${((100 * (toMs - fromMs)) / wallMs).toFixed(0)} % of a core, ${((1000 * (toMs - fromMs)) / Math.max(1, spans)).toFixed(0)} ms per 1,000 spans committed`
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
 * `dispatch` is the load generator's own wait from when the attempt was due until its request
 * was handed to a connected socket, `upload` until its body had left, `accept` the server's wait
 * from accepting a connection to its first request's handler (first requests only, 0 for the
 * others), `client` the acknowledgement from the socket write, `due` from when it was due.
 */
function stageLines(acks: Record<string, number>[]): string[] {
  const names = ['dispatch', 'upload', 'accept', 'lag', 'read', 'decode', 'queue', 'store']
  names.push('reply', 'total', 'before', 'client', 'due', 'expected', 'step')
  // `before`: not a server stage: the request waiting in the kernel for the server's loop
  // (beyond the lag it measured) and the answer's way back.
  const rows = acks.map((a): Record<string, number> => ({
    ...a,
    before: Math.max(0, (a['client'] ?? 0) - (a['total'] ?? 0)),
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
  // The waits for the writer past 1 s: predicted at queueing (`expected`) or not, and whether
  // one writer step (a round with a checkpoint, a request write) made most of the wait.
  const long = rows.filter((r) => (r['queue'] ?? 0) > 1000)
  const behindStep = long.filter((r) => (r['step'] ?? 0) >= 0.5 * (r['queue'] ?? 0))
  const predicted = long.filter((r) => (r['expected'] ?? 0) >= 0.5 * (r['queue'] ?? 0))
  const waitLine =
    rows.some((r) => r['expected'] !== undefined) && long.length > 0
      ? `waits for the writer over 1 s: ${long.length} of ${rows.length}; mean queue ${mean(long, 'queue').toFixed(0)} ms, expected at queueing ${mean(long, 'expected').toFixed(0)} ms, longest writer step ahead ${mean(long, 'step').toFixed(0)} ms; ${behindStep.length} behind one step of at least half the wait, ${predicted.length} expected at half or more`
      : `waits for the writer over 1 s: ${long.length} of ${rows.length}`
  return [
    waitLine,
    `ack stages (ms)       ${names.map((n) => n.padStart(7)).join('')}`,
    percentileRow(50),
    percentileRow(99),
    `  slowest 1 % (${String(slow.length).padStart(3)}) ${names.map((n) => mean(slow, n).toFixed(0).padStart(7)).join('')}`,
  ]
}

function percentile(values: number[], p: number): number {
  if (values.length === 0) {
    return 0
  }
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0
}

/** The stages of one answered attempt, the load generator's and the server's (ms). */
function stagesOf(a: AttemptRecord): Record<string, number> {
  const written = Number.isFinite(a.writtenMs) ? a.writtenMs : a.dueMs
  return {
    ...parseServerTiming(a.serverTiming),
    dispatch: written - a.dueMs,
    upload: Number.isFinite(a.flushedMs) ? a.flushedMs - written : 0,
    client: a.answeredMs - written,
    due: a.answeredMs - a.dueMs,
  }
}

try {
  const server = await serve()
  const gen = startSender({
    url: server.url,
    batchSpans,
    baseMs: BASE_MS,
    maxInFlight,
  })
  const ackedFirsts: number[] = []
  // Assembly starts once a trace is quiet for 5 s: measured before then, the capacity would be
  // a writer's that does not assemble, unlike the overload's (ADR 0219).
  ackedFirsts.push(...(await gen.calibrate(clients, warmupS)).ackedFirsts)
  const atStart = await writerSample(server.apiUrl)
  const cpuAtStart = cpuMs(server.pid)
  const schedAtStart = schedSample(server.pid)
  const calibration = await gen.calibrate(clients, calibrateS)
  ackedFirsts.push(...calibration.ackedFirsts)
  const capacity = calibration.ackedSpans / calibrateS
  const afterCalibration = await writerSample(server.apiUrl)
  const reasonsBefore = await refusedByReason(server.apiUrl)
  const cpuAfterCalibration = cpuMs(server.pid)
  const schedAfterCalibration = schedSample(server.pid)
  const loadBefore = loadAverage()
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
  const rss: { atMs: number; bytes: number }[] = []
  const pendingTraces: number[] = []
  // What holds the memory, printed every 20 s as the overload runs (every 10th 2 s sample).
  let lastTimeline = afterCalibration
  let lastReasons = reasonsBefore
  let samples = 0
  let ticks = 0
  const startedAt = performance.now()
  const rssTimer = setInterval(() => {
    try {
      rss.push({
        atMs: performance.now() - startedAt,
        bytes: rssBytes(server.pid),
      })
    } catch {
      // The server is gone; its exit is reported below.
    }
    if (++ticks % 2 === 0) {
      writerSample(server.apiUrl).then(
        (w) => {
          pendingTraces.push(w.pendingTraces)
          if (++samples % 10 === 0) {
            const from = lastTimeline
            lastTimeline = w
            // Refusals by rule over the same interval: which rule takes the later minutes' goodput.
            void refusedByReason(server.apiUrl).then(
              (reasons) => {
                let mapped = '–'
                try {
                  mapped = rssByMapping(server.pid)
                } catch {
                  // The server is gone; its exit is reported below.
                }
                process.stdout.write(
                  `${timelineLine((w.atMs - startedAt) / 1000, rssBytes(server.pid), from, w)}; RSS by mapping (MiB): ${mapped}; refused ${reasonLine(lastReasons, reasons)}\n`
                )
                lastReasons = reasons
              },
              () => undefined
            )
          }
        },
        () => undefined
      )
    }
  }, 1000)
  const load = await gen.overload(1000 / intervalMs, durationS)
  clearInterval(rssTimer)
  const afterOverload = await writerSample(server.apiUrl)
  const reasonsAfter = await refusedByReason(server.apiUrl)
  const cpuAfterOverload = cpuMs(server.pid)
  const schedAfterOverload = schedSample(server.pid)
  const loadAfter = loadAverage()
  const elapsedS = load.elapsedMs / 1000
  const peakRss = peakRssBytes(server.pid)
  gen.stop()
  const exitCode = await server.stop()

  const acks = load.answers.filter((a) => a.status === 200)
  const refusals = load.answers.filter((a) => a.status === 429 || a.status === 503)
  for (const a of acks) {
    ackedFirsts.push(a.first)
  }
  const requestsPerBatch = Math.ceil(batchSpans / SPANS_PER_REQUEST)
  const { storedSpans, distinctSpans, ackedTotal, lost } = await readBack(
    db,
    ackedFirsts,
    requestsPerBatch
  )
  const ackedSpans = acks.reduce((n, a) => n + a.spans, 0)
  const stages = acks.map(stagesOf)
  const fromWrite = stages.map((s) => s['client'] ?? 0)
  const fromDue = stages.map((s) => s['due'] ?? 0)
  const refusalMs = refusals.map((a) => stagesOf(a)['client'] ?? 0)
  const anyAnswerMs = load.answers.map((a) => stagesOf(a)['due'] ?? 0)
  const count = (status: number): number => load.answers.filter((a) => a.status === status).length
  const lines = [
    `duration: ${elapsedS.toFixed(1)} s overload (+ ${warmupS} + ${calibrateS} s calibration), server exit ${String(exitCode)}`,
    `batches offered: ${load.offeredBatches}, dropped client-side (exporter queue full): ${load.droppedClientSide}, given up after ${MAX_ATTEMPTS} attempts: ${load.givenUp}`,
    `attempts: ${load.attempts}, answered 200: ${acks.length}, 429: ${count(429)}, 503: ${count(503)}, other: ${JSON.stringify(load.other)}, client timeouts (10 s): ${load.timeouts}, connections closed mid-upload: ${load.socketErrors}`,
    `429/503 share of answers: ${((100 * refusals.length) / Math.max(1, load.answers.length)).toFixed(1)} %; refused by rule (server): ${reasonLine(reasonsBefore, reasonsAfter)}`,
    `ack latency (200 answers) from the socket write: p50 ${percentile(fromWrite, 50).toFixed(0)} ms, p99 ${percentile(fromWrite, 99).toFixed(0)} ms, max ${percentile(fromWrite, 100).toFixed(0)} ms; from when it was due: p50 ${percentile(fromDue, 50).toFixed(0)} ms, p99 ${percentile(fromDue, 99).toFixed(0)} ms, max ${percentile(fromDue, 100).toFixed(0)} ms`,
    `refusal latency (429/503 answers, from the socket write): p50 ${percentile(refusalMs, 50).toFixed(0)} ms, p99 ${percentile(refusalMs, 99).toFixed(0)} ms; every answer from when it was due: max ${percentile(anyAnswerMs, 100).toFixed(0)} ms, over 10 s: ${anyAnswerMs.filter((ms) => ms > 10_000).length} (+ ${load.timeouts} timeouts)`,
    `load generator (own process): event-loop delay p99 ${load.loopDelayP99Ms.toFixed(0)} ms, max ${load.loopDelayMaxMs.toFixed(0)} ms; exports started late p99 ${load.startLateP99Ms.toFixed(0)} ms, max ${load.startLateMaxMs.toFixed(0)} ms; CPU ${(load.cpuMs / elapsedS / 10).toFixed(0)} % of a core (${(load.cpuMs / Math.max(1, load.attempts)).toFixed(1)} ms per attempt)`,
    `stored throughput under overload: ${Math.round(ackedSpans / elapsedS)} spans/s (ratio to baseline capacity ${(ackedSpans / elapsedS / capacity).toFixed(2)}; to the writer's capacity ${(ackedSpans / elapsedS / capacityOfWriter).toFixed(2)})`,
    `acknowledged spans: ${ackedTotal}, stored: ${storedSpans}, distinct stored: ${distinctSpans}`,
    `lost (acknowledged but not stored): ${lost}, duplicates: ${storedSpans - distinctSpans}, stored without an acknowledgement: ${distinctSpans - ackedTotal + lost}`,
    writerLine('calibration', atStart, afterCalibration),
    writerLine('overload', afterCalibration, afterOverload),
    `server CPU (all threads): calibration ${cpuLine(cpuAtStart, cpuAfterCalibration, atStart, afterCalibration)}; overload ${cpuLine(cpuAfterCalibration, cpuAfterOverload, afterCalibration, afterOverload)}; host load average ${loadBefore.toFixed(1)} before the overload, ${loadAfter.toFixed(1)} after`,
    schedLine(
      'calibration',
      schedAtStart,
      schedAfterCalibration,
      afterCalibration.atMs - atStart.atMs
    ),
    schedLine(
      'overload',
      schedAfterCalibration,
      schedAfterOverload,
      afterOverload.atMs - afterCalibration.atMs
    ),
    `traces waiting for assembly during the overload (every 2 s): max ${Math.max(0, ...pendingTraces)}, last ${pendingTraces.at(-1) ?? 0}`,
    ...stageLines(stages),
    `server peak RSS: ${(peakRss / 1048576).toFixed(0)} MiB (after calibration ${(calibrationRss / 1048576).toFixed(0)} MiB; ingest.memoryLimitBytes ${(memoryLimitBytes / 1048576).toFixed(0)} MiB)`,
  ]
  const windowLine = (name: string, fromS: number, toS: number): string => {
    const inWindow = acks.filter((a) => {
      const s = (a.answeredMs - load.startedAtMs) / 1000
      return s >= fromS && s < toS
    })
    const bytes = rss.filter((r) => r.atMs >= fromS * 1000 && r.atMs < toS * 1000)
    const mib = bytes.map((r) => r.bytes / 1048576)
    const spans = inWindow.reduce((n, a) => n + a.spans, 0)
    const seconds = toS - fromS
    const p99 = percentile(
      inWindow.map((a) => stagesOf(a)['client'] ?? 0),
      99
    )
    return `${name} ${(seconds / 60).toFixed(1)} min: ${Math.round(spans / seconds)} spans/s stored (${(spans / seconds / capacity).toFixed(2)}× capacity), p99 ack ${p99.toFixed(0)} ms, RSS mean ${(mib.reduce((a, b) => a + b, 0) / Math.max(1, mib.length)).toFixed(0)} MiB, max ${Math.max(0, ...mib).toFixed(0)} MiB`
  }
  if (durationS >= 2 * windowS) {
    lines.push(windowLine('first', 0, windowS))
    lines.push(windowLine('last', durationS - windowS, durationS))
  }
  process.stdout.write(`${lines.join('\n')}\n`)
} finally {
  rmSync(dir, { recursive: true, force: true })
}
