/**
 * Probe capacity and timing error against `tokenline mock-server` in deterministic mode.
 *
 *   npx tsx bench/probe.bench.ts            # 2000 streams, error at 500 streams
 *   PROBE_BENCH_STREAMS=4000 PROBE_BENCH_ERROR_STREAMS=1000 npx tsx bench/probe.bench.ts
 *
 * Figures: streams held at once (all succeeded?), timing error p50/p99 of each content chunk's
 * arrival against the server's write time (stamped into the token), client CPU per request; the
 * baseline is the same measurement with a single stream.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { once } from 'node:events'
import { performance } from 'node:perf_hooks'
import { createInterface } from 'node:readline'
import { createProbeClient } from '../src/probe/client.js'
import { percentile, sortedCopy } from '../src/probe/stats.js'

const STREAMS = Number(process.env.PROBE_BENCH_STREAMS ?? 2000)
const ERROR_STREAMS = Number(process.env.PROBE_BENCH_ERROR_STREAMS ?? 500)
const TOKENS = 30

async function startMock(): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(
    process.execPath,
    [
      'bin/tokenline.js',
      'mock-server',
      '--port',
      '0',
      '--fixed-ttft-ms',
      '100',
      '--fixed-itl-ms',
      '50',
      '--stamp-tokens',
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] }
  )
  for await (const line of createInterface({ input: child.stdout as NodeJS.ReadableStream })) {
    const m = /^listening (\S+)/.exec(line)
    if (m !== null) {
      return { url: m[1] as string, child }
    }
  }
  throw new Error('mock server did not start')
}

interface Figures {
  streams: number
  ok: number
  errors: Record<string, number>
  wallS: number
  errorP50Ms: number
  errorP99Ms: number
  cpuMsPerRequest: number
}

async function measure(url: string, streams: number): Promise<Figures> {
  const client = createProbeClient({
    url: new URL(`${url}/v1/chat/completions`),
    timeoutMs: 60_000,
    connectTimeoutMs: 30_000,
  })
  const body = JSON.stringify({
    model: 'm',
    messages: [{ role: 'user', content: 'x' }],
    stream: true,
    max_tokens: TOKENS,
  })
  // open the connections first so the measured round is steady-state streaming
  await Promise.all(
    Array.from({ length: streams }, () =>
      client.send({
        body: JSON.stringify({ model: 'm', messages: [], stream: true, max_tokens: 1 }),
        scheduledAtMs: performance.now(),
      })
    )
  )
  const cpu0 = process.cpuUsage()
  const t0 = performance.now()
  const results = await Promise.all(
    Array.from({ length: streams }, () =>
      client.send({ body, scheduledAtMs: performance.now(), keepText: true })
    )
  )
  const wallS = (performance.now() - t0) / 1000
  const cpu = process.cpuUsage(cpu0)
  client.close()
  const errorsMs: number[] = []
  const errors: Record<string, number> = {}
  let ok = 0
  for (const r of results) {
    if (r.error !== null) {
      errors[r.error] = (errors[r.error] ?? 0) + 1
      continue
    }
    ok++
    const stamps = [...r.text.matchAll(/@(\d+\.\d+)/g)].map((m) => Number(m[1]))
    r.contentArrivalsAtMs.forEach((a, i) =>
      errorsMs.push(performance.timeOrigin + a - (stamps[i] ?? Number.NaN))
    )
  }
  const s = sortedCopy(errorsMs.filter((v) => Number.isFinite(v)))
  return {
    streams,
    ok,
    errors,
    wallS: Math.round(wallS * 100) / 100,
    errorP50Ms: Math.round((percentile(s, 50) ?? Number.NaN) * 1000) / 1000,
    errorP99Ms: Math.round((percentile(s, 99) ?? Number.NaN) * 1000) / 1000,
    cpuMsPerRequest: Math.round(((cpu.user + cpu.system) / 1000 / streams) * 1000) / 1000,
  }
}

const mock = await startMock()
try {
  const baseline = await measure(mock.url, 1)
  const atError = await measure(mock.url, ERROR_STREAMS)
  const atMax = await measure(mock.url, STREAMS)
  console.log(
    `probe bench (${TOKENS} tokens per stream, 50 ms gaps; mock server in its own process)`
  )
  for (const [label, f] of [
    ['baseline, 1 stream', baseline],
    [`${ERROR_STREAMS} streams`, atError],
    [`${STREAMS} streams`, atMax],
  ] as const) {
    console.log(
      `${label.padEnd(20)} ok ${f.ok}/${f.streams}  errors ${JSON.stringify(f.errors)}  wall ${f.wallS} s  ` +
        `timing error p50 ${f.errorP50Ms} ms p99 ${f.errorP99Ms} ms  client CPU ${f.cpuMsPerRequest} ms/request`
    )
  }
  console.log(
    `ratio to baseline: timing error p99 ×${(atError.errorP99Ms / Math.max(baseline.errorP99Ms, 0.001)).toFixed(1)} at ${ERROR_STREAMS} streams, ` +
      `CPU per request ×${(atMax.cpuMsPerRequest / Math.max(baseline.cpuMsPerRequest, 0.001)).toFixed(2)} at ${STREAMS} streams`
  )
  console.log(
    `goals: ≥ 2000 streams held (${atMax.ok === atMax.streams ? 'met' : 'NOT met'}), p99 error < 1 ms at 500 streams (${atError.errorP99Ms < 1 ? 'met' : 'NOT met'})`
  )
} finally {
  mock.child.kill('SIGTERM')
  await once(mock.child, 'exit')
}
