/**
 * Probe capacity and timing error against `tokenline mock-server` in deterministic mode.
 *
 *   npx tsx bench/probe.bench.ts            # 1, 500 and 2000 streams
 *   PROBE_BENCH_STREAMS=4000 PROBE_BENCH_ERROR_STREAMS=1000 npx tsx bench/probe.bench.ts
 *
 * Timing error is measured against what the server really did: the mock server records, per
 * content chunk, the CLOCK_MONOTONIC time at which its socket write completed (`--stamp-tokens`,
 * `GET /debug/write-times`), and error = the probe's arrival time − that write time, on the same
 * host clock. The older reference (a time taken before `res.write`, stamped into the token text)
 * is printed beside it. Also: the first request of a cold `tokenline probe` process, and TCP
 * connect on loopback against curl. The baseline is the single-stream run of the same process.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { once } from 'node:events'
import { readFileSync, mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { createInterface } from 'node:readline'
import {
  arrivalErrorsMs,
  fetchWriteTimes,
  perfToMonotonicOffsetMs,
} from '../src/mock-server/write-times.js'
import { createProbeClient } from '../src/probe/client.js'
import { computeMeasures } from '../src/probe/measures.js'
import { percentile, sortedCopy } from '../src/probe/stats.js'
import { runLoadInWorkers } from '../src/probe/worker-pool.js'

const STREAMS = Number(process.env.PROBE_BENCH_STREAMS ?? 2000)
const ERROR_STREAMS = Number(process.env.PROBE_BENCH_ERROR_STREAMS ?? 500)
const TOKENS = 30

async function startMock(extra: string[] = []): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(
    process.execPath,
    ['bin/tokenline.js', 'mock-server', '--port', '0', '--fixed-ttft-ms', '100'].concat(
      ['--fixed-itl-ms', '50', '--stamp-tokens'],
      extra
    ),
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

const q = (v: number[], p: number): number =>
  Math.round((percentile(sortedCopy(v), p) ?? Number.NaN) * 1000) / 1000

interface Figures {
  streams: number
  ok: number
  errors: Record<string, number>
  wallS: number
  real: { p50: number; p99: number; min: number }
  preWrite: { p50: number; p99: number }
  cpuMsPerRequest: number
  /** Share of the run the probe's event loop was busy (1 = saturated: more processes would help). */
  loopUtilization: number
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
  await client.warmUp?.()
  // open the connections first so the measured round is steady-state streaming
  await Promise.all(
    Array.from({ length: streams }, () =>
      client.send({
        body: JSON.stringify({ model: 'm', messages: [], stream: true, max_tokens: 1 }),
        scheduledAtMs: performance.now(),
      })
    )
  )
  await fetchWriteTimes(url)
  const cpu0 = process.cpuUsage()
  const elu0 = performance.eventLoopUtilization()
  const t0 = performance.now()
  const results = await Promise.all(
    Array.from({ length: streams }, () =>
      client.send({ body, scheduledAtMs: performance.now(), keepText: true })
    )
  )
  const wallS = (performance.now() - t0) / 1000
  const cpu = process.cpuUsage(cpu0)
  const elu = performance.eventLoopUtilization(elu0)
  client.close()
  const real = arrivalErrorsMs(results, await fetchWriteTimes(url), perfToMonotonicOffsetMs())
  const preWrite: number[] = []
  const errors: Record<string, number> = {}
  for (const r of results) {
    if (r.error !== null) {
      errors[r.error] = (errors[r.error] ?? 0) + 1
      continue
    }
    const stamps = [...r.text.matchAll(/@(\d+\.\d+)/g)].map((m) => Number(m[1]))
    r.contentArrivalsAtMs.forEach((a, i) =>
      preWrite.push(performance.timeOrigin + a - (stamps[i] ?? Number.NaN))
    )
  }
  return {
    streams,
    ok: results.length - Object.values(errors).reduce((a, b) => a + b, 0),
    errors,
    wallS: Math.round(wallS * 100) / 100,
    real: { p50: q(real.errorsMs, 50), p99: q(real.errorsMs, 99), min: q(real.errorsMs, 0) },
    preWrite: { p50: q(preWrite, 50), p99: q(preWrite, 99) },
    cpuMsPerRequest: Math.round(((cpu.user + cpu.system) / 1000 / streams) * 1000) / 1000,
    loopUtilization: Math.round(elu.utilization * 1000) / 1000,
  }
}

/** The same streams sent by `workers` client threads (`--workers`): error against real writes. */
async function measureWorkers(
  url: string,
  streams: number,
  workers: number
): Promise<{ p50: number; p99: number; ok: number }> {
  await fetchWriteTimes(url)
  const outcome = await runLoadInWorkers({
    workers,
    client: {
      url: new URL(`${url}/v1/chat/completions`),
      timeoutMs: 60_000,
      connectTimeoutMs: 30_000,
    },
    workload: {
      model: 'm',
      api: 'chat',
      inputLen: { kind: 'fixed', n: 1 },
      outputLen: { kind: 'fixed', n: TOKENS },
      sharedPrefixTokens: 0,
      prefixGroups: 1,
      turns: 1,
      dataset: null,
      seed: 1,
    },
    plan: {
      mode: { kind: 'concurrency', concurrency: streams },
      maxRequests: streams,
      durationMs: null,
      drainGraceMs: 1000,
    },
    signal: new AbortController().signal,
  })
  const real = arrivalErrorsMs(
    outcome.results,
    await fetchWriteTimes(url),
    perfToMonotonicOffsetMs()
  )
  return {
    p50: q(real.errorsMs, 50),
    p99: q(real.errorsMs, 99),
    ok: outcome.results.filter((r) => r.error === null).length,
  }
}

/** The first requests of a cold `tokenline probe` process, as its records report them. */
function firstRequests(url: string): { connectMs: number; ttfbMs: number; reused: boolean }[] {
  const out = join(mkdtempSync(join(tmpdir(), 'probe-bench-')), 'r.jsonl')
  spawnSync(
    process.execPath,
    [
      'bin/tokenline.js',
      'probe',
      url,
      '--model',
      'm',
      '--requests',
      '3',
      '--output-tokens',
      '3',
    ].concat(['--out', out]),
    { stdio: 'ignore' }
  )
  return readFileSync(out, 'utf8')
    .trim()
    .split('\n')
    .map(
      (l) => JSON.parse(l) as { connect_ms: number; ttfb_ms: number; connection_reused: boolean }
    )
    .map((r) => ({ connectMs: r.connect_ms, ttfbMs: r.ttfb_ms, reused: r.connection_reused }))
}

/** Median TCP connect to a loopback listener: the probe (fresh connections) and curl. */
async function loopbackConnect(url: string): Promise<{ probeMs: number; curlMs: number | null }> {
  const runs = 15
  const client = createProbeClient({
    url: new URL(`${url}/v1/chat/completions`),
    newConnection: true,
    timeoutMs: 10_000,
    connectTimeoutMs: 5000,
  })
  await client.warmUp?.()
  const body = JSON.stringify({ model: 'm', messages: [], stream: true, max_tokens: 1 })
  const probe: number[] = []
  for (let i = 0; i < runs; i++) {
    probe.push(
      computeMeasures(await client.send({ body, scheduledAtMs: performance.now() })).connectMs
    )
  }
  client.close()
  if (spawnSync('curl', ['--version']).status !== 0) {
    return { probeMs: q(probe, 50), curlMs: null }
  }
  const curl: number[] = []
  for (let i = 0; i < runs; i++) {
    const j = JSON.parse(
      spawnSync('curl', ['-s', '-o', '/dev/null', '-w', '%{json}', `${url}/v1/models`], {
        encoding: 'utf8',
      }).stdout
    ) as { time_connect: number; time_namelookup: number }
    curl.push((j.time_connect - j.time_namelookup) * 1000)
  }
  return { probeMs: q(probe, 50), curlMs: q(curl, 50) }
}

const mock = await startMock()
try {
  const first = firstRequests(mock.url)
  const connect = await loopbackConnect(mock.url)
  const baseline = await measure(mock.url, 1)
  const atError = await measure(mock.url, ERROR_STREAMS)
  const atMax = await measure(mock.url, STREAMS)
  const twoWorkers = await measureWorkers(mock.url, ERROR_STREAMS, 2)
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
        `error vs real write p50 ${f.real.p50} ms p99 ${f.real.p99} ms (min ${f.real.min})  ` +
        `vs pre-write stamp p50 ${f.preWrite.p50} p99 ${f.preWrite.p99}  client CPU ${f.cpuMsPerRequest} ms/request  loop busy ${f.loopUtilization}`
    )
  }
  console.log(
    `${ERROR_STREAMS} streams, 2 workers: ok ${twoWorkers.ok}/${ERROR_STREAMS}  error vs real write p50 ${twoWorkers.p50} ms p99 ${twoWorkers.p99} ms`
  )
  console.log(
    `first requests of a cold probe process (connect/ttfb ms, reused): ${first
      .map((r) => `${r.connectMs}/${r.ttfbMs}${r.reused ? ' reused' : ''}`)
      .join(', ')}`
  )
  console.log(
    `loopback TCP connect median: probe ${connect.probeMs} ms, curl ${connect.curlMs ?? 'n/a'} ms`
  )
  console.log(
    `ratio to baseline: timing error p99 ×${(atError.real.p99 / Math.max(baseline.real.p99, 0.001)).toFixed(1)} at ${ERROR_STREAMS} streams, ` +
      `CPU per request ×${(atMax.cpuMsPerRequest / Math.max(baseline.cpuMsPerRequest, 0.001)).toFixed(2)} at ${STREAMS} streams`
  )
  console.log(
    `goals: ≥ 2000 streams held (${atMax.ok === atMax.streams ? 'met' : 'NOT met'}), p99 error < 1 ms at 500 streams (${atError.real.p99 < 1 ? 'met' : 'NOT met'})`
  )
} finally {
  mock.child.kill('SIGTERM')
  await once(mock.child, 'exit')
}
