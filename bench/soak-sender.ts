/**
 * The load generator of `bench/ingest-soak.bench.ts`, in a child process of its own, so what it
 * measures is the server and not the bench's bookkeeping. Not a benchmark itself (no `.bench.ts`).
 *
 * Its loop does as little as it can per export, because it shares the host with the server:
 * - bodies come from a pool of buffers serialised once from one template; a new batch only gets
 *   its trace and span ids written in place (unique ids are what the duplicate check reads);
 * - `node:http` with a keep-alive agent, one socket per export in flight;
 * - every attempt is timed from two moments: when it was due (its export's schedule, or the end of
 *   its retry wait) and when its request was handed to a connected socket. An answer late
 *   because the sender could not send on time stays visible in the first (coordinated omission),
 *   and the second is the server's part and the way there and back;
 * - its own event-loop delay is reported beside the timings, so a late sender is never mistaken
 *   for a slow server.
 *
 * The parent sends `{ kind: 'calibrate' }` or `{ kind: 'overload' }` and gets one report back per
 * phase; the child exits when its IPC channel closes.
 */
import { fork } from 'node:child_process'
import http from 'node:http'
import { fileURLToPath } from 'node:url'
import { monitorEventLoopDelay, performance } from 'node:perf_hooks'

/** Spans per request of the template (client, gateway, upstream, engine). */
const SPANS_PER_REQUEST = 4
const SPAN_NAMES = ['POST /v1/chat/completions', 'gateway', 'upstream', 'llm_request']
/** Low hex digits of an id that a new batch overwrites; the rest stay the template's zeros. */
const ID_DIGITS = 12
const HEX = Buffer.from('0123456789abcdef', 'latin1')
/** An OTel exporter's export timeout and attempts (the first and its retries). */
const EXPORT_TIMEOUT_MS = 10_000
export const MAX_ATTEMPTS = 5

/** The trace id of request `i` (never all zero). */
export function traceIdOf(i: number): string {
  return (i + 1).toString(16).padStart(32, '0')
}

export interface SenderOptions {
  url: string
  /** Spans per batch (a multiple of 4). */
  batchSpans: number
  /** Epoch ms the spans' times start from. */
  baseMs: number
  /** Exports in flight at most in the overload; a batch due beyond it is dropped client-side. */
  maxInFlight: number
}

/** One answered attempt of the overload (times in ms on the sender's clock). */
export interface AttemptRecord {
  /** When the attempt was due: its export's slot, or the end of its retry wait. */
  dueMs: number
  /** When its request was handed to a connected socket (undefined: never got one). */
  writtenMs: number
  /** When the body had been handed to the kernel in full. */
  flushedMs: number
  /** When the answer's head was read. */
  answeredMs: number
  status: number
  spans: number
  /** The server's `Server-Timing` header. */
  serverTiming: string
  /** First request index of its batch (4 spans each), for the read-back. */
  first: number
}

export interface OverloadReport {
  offeredBatches: number
  droppedClientSide: number
  givenUp: number
  attempts: number
  timeouts: number
  socketErrors: number
  other: Record<string, number>
  /** Every attempt that got an answer (200, 429, 503, other). */
  answers: AttemptRecord[]
  /** The sender's own event-loop delay during the overload (ms). */
  loopDelayP99Ms: number
  loopDelayMaxMs: number
  /** The sender's CPU during the overload (ms) and its mean per batch sent (ms). */
  cpuMs: number
  batchesBuilt: number
  /** How late the sender started exports against their slot (ms, p99 and max). */
  startLateP99Ms: number
  startLateMaxMs: number
  elapsedMs: number
  /** Start of the overload on the sender's clock. */
  startedAtMs: number
}

export type SenderCommand =
  | { kind: 'calibrate'; clients: number; seconds: number }
  | { kind: 'overload'; batchesPerS: number; seconds: number }

export interface CalibrationReport {
  ackedSpans: number
  ackedFirsts: number[]
}

/** Batches of `batchSpans` spans from one template, each with fresh ids written in place. */
function createBodies(batchSpans: number, baseMs: number) {
  const requests = Math.ceil(batchSpans / SPANS_PER_REQUEST)
  const head =
    '{"resourceSpans":[{"resource":{"attributes":[{"key":"service.name","value":{"stringValue":"soak"}}]},' +
    '"scopeSpans":[{"scope":{"name":"soak"},"spans":['
  const spans: string[] = []
  /** Where each span's `traceId` value starts, then its `spanId` and `parentSpanId`. */
  const traceAt: number[] = []
  const spanAt: number[] = []
  const parentAt: number[] = []
  let at = head.length
  for (let i = 0; i < requests; i++) {
    const startNs = BigInt(baseMs + i) * 1_000_000n
    for (let k = 0; k < SPANS_PER_REQUEST; k++) {
      const ids = `{"traceId":"${'0'.repeat(32)}","spanId":"${'0'.repeat(16)}"`
      const parent = k === 0 ? '' : `,"parentSpanId":"${'0'.repeat(16)}"`
      const span =
        `${ids}${parent},"name":"${SPAN_NAMES[k]}","kind":${k === 0 || k === 2 ? 3 : 2},` +
        `"startTimeUnixNano":"${startNs + BigInt(k) * 1_000_000n}","endTimeUnixNano":"${startNs + BigInt(900 - k * 10) * 1_000_000n}","attributes":[` +
        `{"key":"gen_ai.request.model","value":{"stringValue":"llama-3-8b"}},` +
        `{"key":"gen_ai.usage.input_tokens","value":{"intValue":"${(i % 900) + 100}"}},` +
        `{"key":"gen_ai.usage.output_tokens","value":{"intValue":"${(i % 300) + 20}"}}],"status":{}}`
      traceAt.push(at + 12)
      spanAt.push(at + 12 + 32 + 12)
      parentAt.push(k === 0 ? -1 : at + ids.length + 17)
      spans.push(span)
      at += span.length + 1
    }
  }
  const template = Buffer.from(`${head}${spans.join(',')}]}]}]}`, 'latin1')
  const free: Buffer[] = []
  let next = 0

  /** Writes the low {@link ID_DIGITS} hex digits of `v` ending at `at + width`. */
  const writeHex = (buf: Buffer, at: number, width: number, v: number): void => {
    for (let p = at + width - 1; p >= at + width - ID_DIGITS; p--) {
      buf[p] = HEX[v % 16] as number
      v = Math.floor(v / 16)
    }
  }

  return {
    requests,
    /** A batch never sent before, in a pooled buffer; `release` it once its export is over. */
    take(): { body: Buffer; first: number } {
      const body = free.pop() ?? Buffer.from(template)
      const first = next
      next += requests
      for (let r = 0; r < requests; r++) {
        const i = first + r
        for (let k = 0; k < SPANS_PER_REQUEST; k++) {
          const s = r * SPANS_PER_REQUEST + k
          writeHex(body, traceAt[s] as number, 32, i + 1)
          writeHex(body, spanAt[s] as number, 16, i * SPANS_PER_REQUEST + k + 1)
          if (k > 0) {
            writeHex(body, parentAt[s] as number, 16, i * SPANS_PER_REQUEST + k)
          }
        }
      }
      return { body, first }
    },
    release(body: Buffer): void {
      free.push(body)
    },
  }
}

type AttemptOutcome =
  | { kind: 'answer'; record: AttemptRecord; retryAfterS: number }
  | { kind: 'timeout' }
  | { kind: 'socket-error' }

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms))

/** The sender: runs phases as the parent asks. */
function runChild(options: SenderOptions): void {
  const url = new URL('/v1/traces', options.url)
  const bodies = createBodies(options.batchSpans, options.baseMs)
  const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity, scheduling: 'fifo' })
  const spansPerBatch = bodies.requests * SPANS_PER_REQUEST

  /** One POST; never throws. Timed out `EXPORT_TIMEOUT_MS` after it was due, as exporters do. */
  const attempt = (body: Buffer, first: number, dueMs: number): Promise<AttemptOutcome> =>
    new Promise((resolve) => {
      let writtenMs = Number.NaN
      let flushedMs = Number.NaN
      let settled = false
      const settle = (o: AttemptOutcome): void => {
        if (!settled) {
          settled = true
          clearTimeout(timer)
          resolve(o)
        }
      }
      const req = http.request(url, {
        method: 'POST',
        agent,
        headers: { 'content-type': 'application/json', 'content-length': body.length },
      })
      const timer = setTimeout(
        () => {
          settle({ kind: 'timeout' })
          req.destroy()
        },
        Math.max(0, dueMs + EXPORT_TIMEOUT_MS - performance.now())
      )
      req.once('socket', (socket) => {
        if (socket.connecting) {
          socket.once('connect', () => (writtenMs = performance.now()))
        } else {
          writtenMs = performance.now()
        }
      })
      req.once('response', (res) => {
        const answeredMs = performance.now()
        res.resume()
        res.once('end', () => {
          const retryAfterS = Number(res.headers['retry-after'] ?? '1')
          settle({
            kind: 'answer',
            retryAfterS: Number.isFinite(retryAfterS) ? retryAfterS : 1,
            record: {
              dueMs,
              writtenMs,
              flushedMs,
              answeredMs,
              status: res.statusCode ?? 0,
              spans: spansPerBatch,
              serverTiming: String(res.headers['server-timing'] ?? ''),
              first,
            },
          })
        })
        res.once('error', () => settle({ kind: 'socket-error' }))
      })
      // A refusal answered before the upload ended can close the socket under it: the answer
      // already counts, so the write's error is not a second outcome.
      req.once('error', () => settle({ kind: 'socket-error' }))
      req.end(body, () => (flushedMs = performance.now()))
    })

  const answers: AttemptRecord[] = []
  const counts = {
    attempts: 0,
    timeouts: 0,
    socketErrors: 0,
    givenUp: 0,
    other: {} as Record<string, number>,
  }

  /** One exporter export: retries after 429/503 (Retry-After), a timeout or a broken socket. */
  const exportBatch = async (dueMs: number): Promise<void> => {
    const { body, first } = bodies.take()
    try {
      for (let n = 1; n <= MAX_ATTEMPTS; n++) {
        counts.attempts++
        const o = await attempt(body, first, dueMs)
        if (o.kind === 'timeout') {
          counts.timeouts++
          dueMs = performance.now()
          continue
        }
        if (o.kind === 'socket-error') {
          counts.socketErrors++
          await sleep(1000)
          dueMs = performance.now()
          continue
        }
        answers.push(o.record)
        const { status } = o.record
        if (status === 200) {
          return
        }
        if (status !== 429 && status !== 503) {
          counts.other[status] = (counts.other[status] ?? 0) + 1
          return
        }
        const waitMs = Math.min(5, Math.max(1, o.retryAfterS)) * 1000 * (0.8 + 0.4 * Math.random())
        dueMs = performance.now() + waitMs
        await sleep(waitMs)
      }
      counts.givenUp++
    } finally {
      bodies.release(body)
    }
  }

  const calibrate = async (clients: number, seconds: number): Promise<CalibrationReport> => {
    const until = performance.now() + seconds * 1000
    const report: CalibrationReport = { ackedSpans: 0, ackedFirsts: [] }
    await Promise.all(
      Array.from({ length: clients }, async () => {
        while (performance.now() < until) {
          const { body, first } = bodies.take()
          const o = await attempt(body, first, performance.now())
          bodies.release(body)
          if (o.kind === 'answer' && o.record.status === 200) {
            report.ackedSpans += spansPerBatch
            report.ackedFirsts.push(first)
          } else {
            await sleep(200)
          }
        }
      })
    )
    return report
  }

  const overload = async (batchesPerS: number, seconds: number): Promise<OverloadReport> => {
    answers.length = 0
    const intervalMs = 1000 / batchesPerS
    const loopDelay = monitorEventLoopDelay({ resolution: 10 })
    loopDelay.enable()
    const cpu0 = process.cpuUsage()
    const startedAtMs = performance.now()
    const endAtMs = startedAtMs + seconds * 1000
    const inFlight = new Set<Promise<void>>()
    const lateMs: number[] = []
    let offered = 0
    let dropped = 0
    let built = 0
    while (performance.now() < endAtMs) {
      // Open loop: the next batch is due whatever happened to the last ones.
      const dueMs = startedAtMs + offered * intervalMs
      const waitMs = dueMs - performance.now()
      if (waitMs > 0) {
        await sleep(waitMs)
      }
      offered++
      lateMs.push(performance.now() - dueMs)
      if (inFlight.size >= options.maxInFlight) {
        dropped++
        continue
      }
      built++
      const p = exportBatch(dueMs)
      inFlight.add(p)
      void p.finally(() => inFlight.delete(p))
    }
    await Promise.all(inFlight)
    loopDelay.disable()
    const cpu = process.cpuUsage(cpu0)
    lateMs.sort((a, b) => a - b)
    return {
      offeredBatches: offered,
      droppedClientSide: dropped,
      givenUp: counts.givenUp,
      attempts: counts.attempts,
      timeouts: counts.timeouts,
      socketErrors: counts.socketErrors,
      other: counts.other,
      answers,
      loopDelayP99Ms: loopDelay.percentile(99) / 1e6,
      loopDelayMaxMs: loopDelay.max / 1e6,
      cpuMs: (cpu.user + cpu.system) / 1000,
      batchesBuilt: built,
      startLateP99Ms: lateMs[Math.max(0, Math.ceil(0.99 * lateMs.length) - 1)] ?? 0,
      startLateMaxMs: lateMs.at(-1) ?? 0,
      elapsedMs: performance.now() - startedAtMs,
      startedAtMs,
    }
  }

  process.on('message', (msg: SenderCommand) => {
    const run =
      msg.kind === 'calibrate'
        ? calibrate(msg.clients, msg.seconds)
        : overload(msg.batchesPerS, msg.seconds)
    void run.then((report) => process.send?.(report))
  })
  process.on('disconnect', () => process.exit(0))
}

const CHILD_ENV = 'TOKENLINE_SOAK_SENDER'

/** Starts the sender in a child process; each phase resolves with the child's report. */
export function startSender(options: SenderOptions): {
  calibrate(clients: number, seconds: number): Promise<CalibrationReport>
  overload(batchesPerS: number, seconds: number): Promise<OverloadReport>
  stop(): void
} {
  const child = fork(fileURLToPath(import.meta.url), [], {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, [CHILD_ENV]: JSON.stringify(options) },
  })
  const ask = <R>(cmd: SenderCommand): Promise<R> =>
    new Promise((resolve, reject) => {
      const onExit = (code: number | null): void =>
        reject(new Error(`the load generator exited (${String(code)}) during ${cmd.kind}`))
      child.once('exit', onExit)
      child.once('message', (m) => {
        child.off('exit', onExit)
        resolve(m as R)
      })
      child.send(cmd)
    })
  return {
    calibrate: (clients, seconds) => ask({ kind: 'calibrate', clients, seconds }),
    overload: (batchesPerS, seconds) => ask({ kind: 'overload', batchesPerS, seconds }),
    stop: () => child.disconnect(),
  }
}

const childOptions = process.env[CHILD_ENV]
if (childOptions !== undefined && process.send !== undefined) {
  runChild(JSON.parse(childOptions) as SenderOptions)
}
