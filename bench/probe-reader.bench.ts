/**
 * The probe's HTTP/1.1 streaming readers side by side, on the same mock-server streams: CPU per
 * SSE chunk and timing error against the server's real write times (docs/probe.md).
 *
 *   npx tsx bench/probe-reader.bench.ts
 *   PROBE_READER_STREAMS=500 PROBE_READER_ROUNDS=3 PROBE_READER_OPTIONS=socket,node-http,undici npx tsx bench/probe-reader.bench.ts
 *
 * Options: `socket` (the probe's transport: net.Socket + its own HTTP/1.1 response parser),
 * `node-http` (the earlier transport on `http.request`, kept here as the baseline), `undici`
 * (undici's low-level `dispatch`, when the package is installed: `npm install --no-save
 * undici@7.30.2`). All three stamp each read with `arrivalOf` and defer SSE parsing the same way,
 * so what differs is the HTTP layer. Rounds alternate the options, each option taking its turn
 * first; the load average is printed beside every round.
 */
import { once } from 'node:events'
import { loadavg } from 'node:os'
import { performance } from 'node:perf_hooks'
import {
  arrivalErrorsMs,
  fetchWriteTimes,
  perfToMonotonicOffsetMs,
} from '../src/mock-server/write-times.js'
import { arrivalOf } from '../src/probe/arrival-clock.js'
import { createProbeClient, type ProbeClient } from '../src/probe/client.js'
import { createNodeHttpTransport } from './probe-node-http-client.js'
import { RequestState } from '../src/probe/request-state.js'
import { percentile, sortedCopy } from '../src/probe/stats.js'
import { openStreams, startStampingMock, streamBody } from './probe-streams.js'
import type { ProbeClientOptions } from '../src/probe/transport.js'

const STREAMS = Number(process.env.PROBE_READER_STREAMS ?? 500)
const ROUNDS = Number(process.env.PROBE_READER_ROUNDS ?? 2)
const TOKENS = 30
/** `PROBE_READER_ENGINE=batch`: every decode step writes to all streams at once (probe.bench.ts). */
const ENGINE_BATCH = process.env.PROBE_READER_ENGINE === 'batch'
const OPTIONS = (process.env.PROBE_READER_OPTIONS ?? 'socket,node-http,undici')
  .split(',')
  .map((o) => o.trim())

interface UndiciModule {
  Pool: new (
    origin: string,
    opts: Record<string, unknown>
  ) => {
    dispatch(opts: Record<string, unknown>, handler: Record<string, unknown>): boolean
    destroy(): Promise<void>
  }
}

/**
 * A probe client on undici's `dispatch`: body chunks come as Buffers from llhttp, stamped at
 * the first `onResponseData` of each read. Plain HTTP only, enough for this comparison.
 */
async function undiciClient(options: ProbeClientOptions): Promise<ProbeClient | null> {
  let undici: UndiciModule
  try {
    undici = (await import('undici' as string)) as UndiciModule
  } catch {
    return null
  }
  const pool = new undici.Pool(options.url.origin, {
    connections: null,
    pipelining: 1,
    keepAliveTimeout: 60_000,
  })
  return {
    send(planned) {
      return new Promise((resolve) => {
        const state = new RequestState(planned, resolve)
        const m = state.marks
        pool.dispatch(
          {
            origin: options.url.origin,
            path: options.url.pathname,
            method: 'POST',
            headers: {
              'content-type': 'application/json',
              accept: 'text/event-stream',
              traceparent: state.traceparent,
            },
            body: planned.body,
          },
          {
            onRequestStart() {},
            onResponseStart(_c: unknown, status: number, headers: Record<string, unknown>) {
              m.headersAtMs = performance.now()
              state.status = status
              state.phase = 'streaming'
              const type = String(headers['content-type'] ?? '')
              state.bodyKind =
                status >= 400 ? 'error' : type.includes('text/event-stream') ? 'sse' : 'other'
            },
            onResponseData(_c: unknown, chunk: Buffer) {
              const at = arrivalOf(chunk)
              m.firstByteAtMs ??= at
              if (state.bodyKind === 'sse') {
                state.reader.defer(chunk, at)
              } else {
                state.collectErrorBody(chunk)
              }
            },
            onResponseEnd() {
              state.settle(null)
            },
            onResponseError(_c: unknown, err: Error) {
              state.settle('stream_aborted', err.message)
            },
          }
        )
      })
    },
    close() {
      void pool.destroy()
    },
  }
}

async function clientFor(option: string, url: string): Promise<ProbeClient | null> {
  const options: ProbeClientOptions = {
    url: new URL(`${url}/v1/chat/completions`),
    timeoutMs: 60_000,
    connectTimeoutMs: 30_000,
  }
  if (option === 'socket') {
    return createProbeClient(options)
  }
  if (option === 'node-http') {
    return createNodeHttpTransport(options)
  }
  if (option === 'undici') {
    return undiciClient(options)
  }
  throw new Error(`unknown option ${option}`)
}

const q = (v: number[], p: number): number =>
  Math.round((percentile(sortedCopy(v), p) ?? Number.NaN) * 1000) / 1000

interface Round {
  ok: number
  cpuUsPerChunk: number
  p50: number
  p99: number
  p999: number
  loopBusy: number
  max: number
  /** Chunk index within its stream of each of the worst 0.1 % of arrivals. */
  worstIndices: number[]
}

async function round(url: string, client: ProbeClient): Promise<Round> {
  const body = streamBody(TOKENS)
  await openStreams(client, STREAMS)
  await fetchWriteTimes(url)
  const cpu0 = process.cpuUsage()
  const elu0 = performance.eventLoopUtilization()
  const results = await Promise.all(
    Array.from({ length: STREAMS }, () => client.send({ body, scheduledAtMs: performance.now() }))
  )
  const cpu = process.cpuUsage(cpu0)
  const elu = performance.eventLoopUtilization(elu0)
  const writes = await fetchWriteTimes(url)
  const offsetMs = perfToMonotonicOffsetMs()
  const real = arrivalErrorsMs(results, writes, offsetMs)
  // which chunk of its stream each of the worst 0.1 % was (0 = the first token)
  const worst: { errorMs: number; index: number }[] = []
  for (const r of results) {
    const w = writes.get(r.traceId)?.contentWritesMs
    if (r.error === null && w !== undefined && w.length === r.contentArrivalsAtMs.length) {
      r.contentArrivalsAtMs.forEach((a, i) =>
        worst.push({ errorMs: a + offsetMs - (w[i] as number), index: i })
      )
    }
  }
  worst.sort((x, y) => y.errorMs - x.errorMs)
  const worstIndices = worst
    .slice(0, Math.max(1, Math.floor(worst.length / 1000)))
    .map((x) => x.index)
  const chunks = results.reduce((n, r) => n + r.events, 0)
  return {
    ok: results.filter((r) => r.error === null).length,
    cpuUsPerChunk: Math.round(((cpu.user + cpu.system) / Math.max(1, chunks)) * 10) / 10,
    p50: q(real.errorsMs, 50),
    p99: q(real.errorsMs, 99),
    p999: q(real.errorsMs, 99.9),
    loopBusy: Math.round(elu.utilization * 100) / 100,
    max: q(real.errorsMs, 100),
    worstIndices,
  }
}

const load = (): string =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')

const mock = await startStampingMock(ENGINE_BATCH)
try {
  console.log(
    `probe readers: ${STREAMS} streams × ${TOKENS} tokens, ${ENGINE_BATCH ? 'batched decode steps' : '50 ms apart'}, ${ROUNDS} alternating rounds; load average ${load()}`
  )
  // one unmeasured pass per option first: the first use of each code path pays its compilation
  for (const option of OPTIONS) {
    const client = await clientFor(option, mock.url)
    await Promise.all(
      Array.from({ length: 100 }, () =>
        client?.send({
          body: JSON.stringify({ model: 'm', messages: [], stream: true, max_tokens: 10 }),
          scheduledAtMs: performance.now(),
        })
      )
    )
    client?.close()
  }
  await fetchWriteTimes(mock.url)
  const all = new Map<string, Round[]>()
  for (let r = 0; r < ROUNDS; r++) {
    for (let k = 0; k < OPTIONS.length; k++) {
      const option = OPTIONS[(r + k) % OPTIONS.length] as string
      const client = await clientFor(option, mock.url)
      if (client === null) {
        console.log(`${option}: not installed, skipped`)
        continue
      }
      const f = await round(mock.url, client)
      client.close()
      all.set(option, [...(all.get(option) ?? []), f])
      console.log(
        `round ${r + 1} ${option.padEnd(10)} ok ${f.ok}/${STREAMS}  CPU ${f.cpuUsPerChunk} µs/chunk  ` +
          `error vs real write p50 ${f.p50} ms p99 ${f.p99} ms p99.9 ${f.p999} ms max ${f.max} ms (worst 0.1 % at chunk ${f.worstIndices.join(',')})  loop busy ${f.loopBusy}  load ${load()}`
      )
      await new Promise((res) => setTimeout(res, 300))
    }
  }
  const base = all.get('node-http')
  for (const [option, rounds] of all) {
    const cpu = rounds.map((x) => x.cpuUsPerChunk)
    const ratio =
      base === undefined
        ? ''
        : `  CPU ×${(
            q(cpu, 50) /
            q(
              base.map((x) => x.cpuUsPerChunk),
              50
            )
          ).toFixed(2)} of node-http`
    console.log(
      `${option.padEnd(10)} CPU µs/chunk ${cpu.join(' / ')}  p50 ${rounds.map((x) => x.p50).join(' / ')} ms  p99 ${rounds.map((x) => x.p99).join(' / ')} ms${ratio}`
    )
  }
  console.log(`load average after: ${load()}`)
} finally {
  mock.child.kill('SIGTERM')
  await once(mock.child, 'exit')
}
