import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { once } from 'node:events'
import net from 'node:net'
import { monitorEventLoopDelay, performance } from 'node:perf_hooks'
import { cpus, loadavg } from 'node:os'
import { createInterface } from 'node:readline'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { fetchWriteTimes, perfToMonotonicOffsetMs } from '../../src/mock-server/write-times.js'
import { createProbeClient } from '../../src/probe/client.js'
import { computeMeasures } from '../../src/probe/measures.js'
import { percentile, sortedCopy } from '../../src/probe/stats.js'

/** Starts `tokenline mock-server` in its own process (so its timers do not share our loop). */
async function startChildMock(args: string[]): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(
    process.execPath,
    ['bin/tokenline.js', 'mock-server', '--port', '0', ...args],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    }
  )
  const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream })
  for await (const line of lines) {
    const m = /^listening (\S+)/.exec(line)
    if (m !== null) {
      return { url: m[1] as string, child }
    }
  }
  throw new Error('mock server exited before listening')
}

async function stop(child: ChildProcess | undefined): Promise<void> {
  if (child !== undefined && child.exitCode === null) {
    child.kill('SIGTERM')
    await once(child, 'exit')
  }
}

/**
 * The probe sees a chunk when its event loop gets to it, so on a machine whose CPUs are busy
 * elsewhere every measurement trails the truth by however long the process waited for a core.
 * When the run queue is longer than the cores, that scheduling delay (tens of ms) swamps a 2 ms
 * bound: the test then skips with the reason instead of widening its bound (which would let it
 * pass whatever the probe does). Otherwise the strict bounds hold. The event-loop delay seen
 * during the measurement is printed with the figures.
 */
/**
 * Why the fixed bounds below cannot be judged on this run, or null: an overloaded machine, or
 * (for the timing bounds) an event loop held more than {@link MAX_LOOP_DELAY_MS} at p99 by other
 * work (other test files run beside this one), which shows up one-for-one in every stamp.
 */
function tooBusyForStrictBounds(loopDelayMs = 0): string | null {
  const load = loadavg()[0] ?? 0
  const cores = cpus().length
  if (load > cores) {
    return `machine too loaded for the strict bounds: load average ${load.toFixed(2)} on ${cores} cores`
  }
  return loopDelayMs > MAX_LOOP_DELAY_MS
    ? `event loop held ${loopDelayMs.toFixed(1)} ms at p99 by other work (over ${MAX_LOOP_DELAY_MS} ms): the timing bounds need a quieter run`
    : null
}

/** On an otherwise idle machine the probe's own loop delay at 100 streams is 2.6–4.2 ms (p99). */
const MAX_LOOP_DELAY_MS = 4.5

/**
 * Timing error bound at 100 concurrent streams in a test run, ms. Fixed (never widened by what
 * the run measures): on a 2-core machine running the rest of the suite beside it the p99 is
 * 2–5 ms, so 10 ms is headroom, while a wrong clock conversion or a stamp taken after parsing
 * lands far outside it. The sub-millisecond goal is measured by bench/probe.bench.ts on an idle
 * machine (docs/probe.md).
 */
const ERROR_BOUND_MS = 10

function startLoopMonitor(): () => number {
  const h = monitorEventLoopDelay({ resolution: 1 })
  h.enable()
  return () => {
    h.disable()
    // percentile() is in ns; subtract the 1 ms sampling resolution itself
    return Math.max(0, h.percentile(99) / 1e6 - 1)
  }
}

const body = (tokens: number): string =>
  JSON.stringify({
    model: 'm',
    messages: [{ role: 'user', content: 'x' }],
    stream: true,
    stream_options: { include_usage: true },
    max_tokens: tokens,
  })

describe('probe timing accuracy against the real write times of the server', () => {
  let server: { url: string; child: ChildProcess } | undefined
  beforeAll(async () => {
    server = await startChildMock([
      '--fixed-ttft-ms',
      '40',
      '--fixed-itl-ms',
      '15',
      '--stamp-tokens',
    ])
  })
  afterAll(async () => stop(server?.child))

  it('TTFT and every gap are within 10 ms of the server write times at 100 concurrent streams', async (ctx) => {
    const client = createProbeClient({
      url: new URL(`${server?.url}/v1/chat/completions`),
      timeoutMs: 10_000,
      connectTimeoutMs: 5000,
    })
    // warm-up: open the 100 keep-alive connections and let both processes' JIT settle
    await Promise.all(
      Array.from({ length: 100 }, () =>
        client.send({ body: body(5), scheduledAtMs: performance.now() })
      )
    )
    await fetchWriteTimes(server?.url as string)
    const loopDelay = startLoopMonitor()
    const results = await Promise.all(
      Array.from({ length: 100 }, () =>
        client.send({ body: body(20), scheduledAtMs: performance.now(), keepText: true })
      )
    )
    const slackMs = loopDelay()
    client.close()
    // what the server did: when each content chunk's socket write completed (CLOCK_MONOTONIC)
    const writes = await fetchWriteTimes(server?.url as string)
    const offsetMs = perfToMonotonicOffsetMs()
    const arrivalErrors: number[] = []
    const gapErrors: number[] = []
    const ttftErrors: number[] = []
    for (const r of results) {
      expect(r.error).toBeNull()
      const w = writes.get(r.traceId)
      expect(w?.contentWritesMs).toHaveLength(20)
      const written = (w?.contentWritesMs ?? []).map((t) => t - offsetMs)
      expect(r.contentArrivalsAtMs).toHaveLength(20)
      r.contentArrivalsAtMs.forEach((a, i) => arrivalErrors.push(a - (written[i] as number)))
      const x = computeMeasures(r)
      x.itlGapsMs.forEach((g, i) =>
        gapErrors.push(Math.abs(g - ((written[i + 1] as number) - (written[i] as number))))
      )
      // TTFT from the actual send, against the server's first content write from that send
      ttftErrors.push(
        Math.abs((x.ttftMs as number) - x.clientLagMs - ((written[0] as number) - r.marks.sentAtMs))
      )
    }
    const p99 = (v: number[]): number => percentile(sortedCopy(v), 99) as number
    const figures = {
      arrivalP99: p99(arrivalErrors),
      gapP99: p99(gapErrors),
      ttftP99: p99(ttftErrors),
      slackMs,
    }
    console.info('probe accuracy at 100 streams (ms)', figures, {
      loadavg: loadavg()[0],
      cores: cpus().length,
    })
    // The server is another process: on a machine busy with other work it can be descheduled
    // between a write and reading its clock, so every timing bound (the sign check included)
    // waits for a machine quiet enough to hold it.
    const busy = tooBusyForStrictBounds(slackMs)
    if (busy !== null) {
      ctx.skip(busy)
    }
    // An arrival trails the write by loopback + event-loop delay. The server reads its clock just
    // after the write returns, so a server descheduled right then can make it slightly negative.
    expect(Math.min(...arrivalErrors)).toBeGreaterThan(-0.5 - slackMs)
    expect(figures.arrivalP99).toBeLessThan(ERROR_BOUND_MS)
    expect(figures.gapP99).toBeLessThan(ERROR_BOUND_MS)
    expect(figures.ttftP99).toBeLessThan(ERROR_BOUND_MS)
  })
})

const hasCurl = spawnSync('curl', ['--version']).status === 0

describe.skipIf(!hasCurl)(
  'probe phases agree with curl -w %{json} (skips when curl is not installed)',
  () => {
    let server: { url: string; child: ChildProcess } | undefined
    beforeAll(async () => {
      server = await startChildMock(['--tls', '--fixed-ttft-ms', '30', '--fixed-itl-ms', '5'])
    })
    afterAll(async () => stop(server?.child))

    it('over fresh connections, connect matches a bare connect, and connect, TLS and first byte match curl, at the fastest run of each', async (ctx) => {
      const url = `${server?.url}/v1/chat/completions`
      const runs = 15
      const loopDelay = startLoopMonitor()
      const curl = { connect: [] as number[], tls: [] as number[], ttfb: [] as number[] }
      for (let i = 0; i < runs; i++) {
        const out = spawnSync(
          'curl',
          [
            '-sk',
            '--http1.1',
            '-o',
            '/dev/null',
            '-w',
            '%{json}',
            '-H',
            'content-type: application/json',
            '-d',
            body(3),
            url,
          ],
          { encoding: 'utf8' }
        )
        const j = JSON.parse(out.stdout) as {
          time_namelookup: number
          time_connect: number
          time_appconnect: number
          time_starttransfer: number
        }
        curl.connect.push((j.time_connect - j.time_namelookup) * 1000)
        curl.tls.push((j.time_appconnect - j.time_connect) * 1000)
        curl.ttfb.push(j.time_starttransfer * 1000)
      }
      const client = createProbeClient({
        url: new URL(url),
        insecure: true,
        newConnection: true,
        timeoutMs: 10_000,
        connectTimeoutMs: 5000,
      })
      const probe = { connect: [] as number[], tls: [] as number[], ttfb: [] as number[] }
      // a bare TCP connect of this process to the same listener, alternating with the probe
      const bare: number[] = []
      const target = new URL(url)
      for (let i = 0; i < runs; i++) {
        const t0 = performance.now()
        const socket = net.connect({ host: target.hostname, port: Number(target.port) })
        await once(socket, 'connect')
        bare.push(performance.now() - t0)
        socket.destroy()
        const r = await client.send({ body: body(3), scheduledAtMs: performance.now() })
        expect(r.error).toBeNull()
        expect(r.connectionReused).toBe(false)
        expect(r.tls?.version).toBe('TLSv1.3')
        // a fresh connection per request is a new client: a full handshake, never a resumed one
        expect(r.tls?.resumed).toBe(false)
        const x = computeMeasures(r)
        probe.connect.push(x.connectMs)
        probe.tls.push(x.tlsMs)
        probe.ttfb.push(x.ttfbMs as number)
      }
      client.close()
      const slackMs = loopDelay()
      const med = (v: number[]): number => percentile(sortedCopy(v), 50) as number
      console.info('probe vs curl medians and minima (ms)', {
        connect: [med(probe.connect), med(curl.connect)],
        bareConnect: [med(bare), Math.min(...bare)],
        tls: [med(probe.tls), med(curl.tls)],
        ttfb: [med(probe.ttfb), med(curl.ttfb)],
        minima: [probe, curl].map((c) => [c.connect, c.tls, c.ttfb].map((v) => Math.min(...v))),
        slackMs,
      })
      // Different TLS stacks (OpenSSL in curl, OpenSSL via Node's event loop here) cost slightly
      // different CPU, so phases agree within a small absolute margin, not exactly.
      // the first byte comes after the handshake in both
      expect(med(probe.ttfb)).toBeGreaterThan(med(probe.connect) + med(probe.tls))
      const busy = tooBusyForStrictBounds(slackMs)
      if (busy !== null) {
        ctx.skip(busy)
      }
      // Connect counts from the connect call: the probe's own set-up before it (request, agent,
      // TLS socket: about 0.5 ms here) must not show, so it reads like a bare net.connect of the
      // same process. Fastest against fastest: with 15 runs of ~0.5 ms each, the medians of the
      // two moved 0.1–0.4 ms apart between identical runs of an idle machine.
      expect(Math.min(...probe.connect) - Math.min(...bare)).toBeLessThan(0.3)
      // curl is another process started per run, and the load average can be low while the
      // test files beside this one hold both cores for seconds: a curl run descheduled during its
      // handshake moved curl's median TLS time to 6.8 ms against the probe's 1.7. The fastest of
      // each side is what the two clients cost without waiting for a core, and a phase counted
      // in the wrong place (a handshake or lookup as connect, the request's set-up as TLS) moves
      // every run, the fastest too. So the curl bounds are on the minima. curl's handshake also
      // includes loading its CA file (its fastest TLS was 4.7 ms against the probe's 0.65 on an
      // idle machine), so TLS and first byte are bounded one way: the probe must not read more
      // than curl does.
      const min = (v: number[]): number => Math.min(...v)
      expect(Math.abs(min(probe.connect) - min(curl.connect))).toBeLessThan(3)
      expect(min(probe.tls) - min(curl.tls)).toBeLessThan(5)
      expect(min(probe.ttfb) - min(curl.ttfb)).toBeLessThan(5)
    })
  }
)
