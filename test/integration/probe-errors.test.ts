import net from 'node:net'
import { performance } from 'node:perf_hooks'
import { afterAll, describe, expect, it } from 'vitest'
import { startTestMockServer } from '../../src/mock-server/testing/test-mock-server.js'
import { parseMisbehaviour } from '../../src/mock-server/misbehave.js'
import type { RunningMockServer } from '../../src/mock-server/server.js'
import { createProbeClient, type ProbeClientOptions } from '../../src/probe/client.js'
import { runProbeSession } from '../../src/probe/probe-session.js'
import { toProbeRecord } from '../../src/probe/measures.js'
import type { RequestResult } from '../../src/probe/types.js'

const BODY = JSON.stringify({
  model: 'm',
  messages: [{ role: 'user', content: 'hi' }],
  stream: true,
  stream_options: { include_usage: true },
  max_tokens: 8,
})

const servers: RunningMockServer[] = []
afterAll(async () => {
  await Promise.all(servers.map((s) => s.close()))
})

async function mock(
  misbehave: string[],
  extra: { tls?: boolean; http2?: boolean } = {}
): Promise<RunningMockServer> {
  const s = await startTestMockServer({
    tls: extra.tls ?? false,
    http2: extra.http2 ?? false,
    misbehave: parseMisbehaviour(misbehave),
    defaultOutputTokens: 8,
    fixed: { ttftMs: 5, itlMs: 2 },
  })
  servers.push(s)
  return s
}

async function sendOnce(
  url: string,
  opts: Partial<ProbeClientOptions> = {}
): Promise<RequestResult> {
  const client = createProbeClient({
    url: new URL(url + '/v1/chat/completions'),
    timeoutMs: 3000,
    connectTimeoutMs: 1000,
    ...opts,
  })
  try {
    return await client.send({ body: BODY, scheduledAtMs: performance.now() })
  } finally {
    client.close()
  }
}

async function closedPort(): Promise<number> {
  const srv = net.createServer()
  await new Promise<void>((r) => srv.listen(0, '127.0.0.1', () => r()))
  const port = (srv.address() as net.AddressInfo).port
  await new Promise<void>((r) => srv.close(() => r()))
  return port
}

describe('probe client: every failure is a typed result, never a throw', () => {
  it('succeeds against a well-behaved server (control)', async () => {
    const s = await mock([])
    const r = await sendOnce(s.url)
    expect(r.error).toBeNull()
    expect(r.contentArrivalsAtMs).toHaveLength(8)
    expect(r.usage.outputTokens).toBe(8)
  })

  it('connection refused on a closed loopback port', async () => {
    const r = await sendOnce(`http://127.0.0.1:${await closedPort()}`)
    expect(r.error).toBe('connect_refused')
    expect(r.status).toBe(0)
  })

  it('unresolvable host (name lookup fails, no traffic leaves the machine)', async () => {
    const r = await sendOnce('http://model.invalid:8000', {
      lookup: (hostname, _opts, cb) => {
        ;(cb as (err: NodeJS.ErrnoException | null, address: string, family: number) => void)(
          Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' }),
          '',
          4
        )
      },
    })
    expect(r.error).toBe('dns')
  })

  it('connect timeout when the TLS handshake cannot finish (server delays accept)', async () => {
    const s = await mock(['delay-accept=2000'], { tls: true })
    const r = await sendOnce(s.url, { insecure: true, connectTimeoutMs: 200 })
    expect(r.error).toBe('connect_timeout')
    expect(r.marks.endAtMs - r.marks.sentAtMs).toBeLessThan(1500)
  })

  it('TLS error when https is spoken to a plain HTTP server', async () => {
    const s = await mock([])
    const r = await sendOnce(s.url.replace('http:', 'https:'))
    expect(r.error).toBe('tls')
  })

  it('TLS error for a self-signed certificate without --insecure', async () => {
    const s = await mock([], { tls: true })
    expect((await sendOnce(s.url)).error).toBe('tls')
    expect((await sendOnce(s.url, { insecure: true })).error).toBeNull()
  })

  it('bad_response for a non-SSE reply', async () => {
    const s = await mock(['non-sse'])
    const r = await sendOnce(s.url)
    expect(r.error).toBe('bad_response')
    expect(r.status).toBe(200)
  })

  it('stream_aborted when the stream is cut mid-way, keeping the chunks that arrived', async () => {
    const s = await mock(['cut-stream=3'])
    const r = await sendOnce(s.url)
    expect(r.error).toBe('stream_aborted')
    expect(r.contentArrivalsAtMs.length).toBeGreaterThan(0)
    expect(r.contentArrivalsAtMs.length).toBeLessThanOrEqual(3)
  })

  it('stream_aborted over HTTP/2 when the stream is reset', async () => {
    const s = await mock(['cut-stream=3'], { http2: true })
    const r = await sendOnce(s.url, { http2: true })
    expect(r.error).toBe('stream_aborted')
  })

  it('http_500 with the JSON error body as detail', async () => {
    const s = await mock(['http-500'])
    const r = await sendOnce(s.url)
    expect(r.error).toBe('http_500')
    expect(r.status).toBe(500)
    expect(r.errorDetail).toContain('EngineCore')
  })

  it('timeout when the server never answers', async () => {
    const s = await mock(['never-answer'])
    const r = await sendOnce(s.url, { timeoutMs: 300 })
    expect(r.error).toBe('timeout')
    expect(toProbeRecord(r).ttfb_ms).toBeNull()
  })

  it('a run against a faulty server records and counts every failure and never throws', async () => {
    const s = await mock(['http-500,fraction=0.5'])
    const result = await runProbeSession({
      client: {
        url: new URL(s.url + '/v1/chat/completions'),
        timeoutMs: 3000,
        connectTimeoutMs: 1000,
      },
      workload: {
        model: 'm',
        api: 'chat',
        inputLen: { kind: 'fixed', n: 8 },
        outputLen: { kind: 'fixed', n: 4 },
        sharedPrefixTokens: 0,
        prefixGroups: 1,
        turns: 1,
        dataset: null,
        seed: 1,
      },
      steps: [{ kind: 'concurrency', concurrency: 4 }],
      maxRequests: 40,
      durationMs: null,
      drainGraceMs: 500,
      outFile: null,
      rawGaps: false,
      otlpEndpoint: null,
      region: null,
      slo: { ttftMs: 1000 },
      compat: [],
      signal: new AbortController().signal,
    })
    const report = result.steps[0]?.report
    expect(report?.requests).toBe(40)
    expect(report?.errors.http_500).toBeGreaterThan(5)
    expect((report?.errors.http_500 ?? 0) + (report?.succeeded ?? 0)).toBe(40)
    expect(report?.goodput?.met).toBe(report?.succeeded)
  })

  it('connection limit: connections over the limit are refused and counted', async () => {
    const s = await mock(['conn-limit=1'])
    const client = createProbeClient({
      url: new URL(s.url + '/v1/chat/completions'),
      timeoutMs: 3000,
      connectTimeoutMs: 1000,
      newConnection: true,
    })
    const results = await Promise.all(
      Array.from({ length: 4 }, () => client.send({ body: BODY, scheduledAtMs: performance.now() }))
    )
    client.close()
    const errors = results.map((r) => r.error)
    expect(errors.filter((e) => e === null).length).toBeGreaterThanOrEqual(1)
    expect(errors.filter((e) => e === 'connect_refused').length).toBeGreaterThanOrEqual(1)
  })
})
