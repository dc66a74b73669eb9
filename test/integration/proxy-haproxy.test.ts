/**
 * The real HAProxy 2.6 in front of two mock engines, each server with `maxconn 2`: a burst past
 * the four slots queues in HAProxy. Its Prometheus exporter shows the queue and the sessions at
 * their limit, and its httplog lines, imported, give each request its `Tw` as `gateway.queue`.
 */
import { readFile } from 'node:fs/promises'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { meaningOfMetric } from '../../src/core/metrics/aliases.js'
import type { RequestTimeline } from '../../src/core/model/request.js'
import {
  freePort,
  get,
  importFiles,
  missingBinary,
  openProxyLab,
  scrapeOnce,
  streamChat,
  type ProxyLab,
} from '../../src/testing/proxies.js'

const HAPROXY = '/usr/sbin/haproxy'
const skip = missingBinary(HAPROXY)

const TTFT_MS = 150
const ITL_MS = 15
const TOKENS = 8

describe.skipIf(skip !== null)(`HAProxy maxconn reached (${skip ?? 'real binary'})`, () => {
  let lab: ProxyLab | null = null
  let metricsPort = 0
  let scrapeDuringBurst: Awaited<ReturnType<typeof scrapeOnce>>
  let requests: RequestTimeline[] = []
  let importSummary: Awaited<ReturnType<typeof importFiles>>

  beforeAll(async () => {
    const engine = { defaultOutputTokens: TOKENS, fixed: { ttftMs: TTFT_MS, itlMs: ITL_MS } }
    lab = await openProxyLab('haproxy', [engine, engine])
    const { engines, ingest } = lab
    const port = await freePort()
    metricsPort = await freePort()
    const config = `
global
  log stdout format raw local0
defaults
  mode http
  log global
  option httplog
  timeout connect 5s
  timeout client 30s
  timeout server 30s
  timeout queue 30s
frontend llm
  bind 127.0.0.1:${port}
  default_backend engines
frontend metrics
  bind 127.0.0.1:${metricsPort}
  no log
  http-request use-service prometheus-exporter if { path /metrics }
backend engines
  balance roundrobin
  server vllm-0 127.0.0.1:${engines[0]!.port} maxconn 2
  server vllm-1 127.0.0.1:${engines[1]!.port} maxconn 2
`
    const path = await lab.writeConfig('haproxy.cfg', config)
    const haproxy = await lab.start(HAPROXY, ['-db', '-f', path], { port, name: 'haproxy' })
    // Before: waves of four, within the four slots.
    for (let wave = 0; wave < 4; wave++) {
      await Promise.all([0, 1, 2, 3].map(() => streamChat(port)))
    }
    expect(await get(port, '/health')).toBe(200)
    // The burst: sixteen at once, twelve of them wait for a slot.
    const burst = Array.from({ length: 16 }, () => streamChat(port))
    let settled = false
    const burstDone = Promise.all(burst).finally(() => {
      settled = true
    })
    // Scrape until the queue shows (a loaded host may take a while to send all sixteen).
    for (let i = 0; i < 40 && !settled; i++) {
      scrapeDuringBurst = await scrapeOnce(ingest.sink, `http://127.0.0.1:${metricsPort}/metrics`)
      const queue = await ingest.store.querySeries({ name: 'haproxy_backend_current_queue' })
      if ((queue[0]?.points.at(-1)?.value ?? 0) >= 4) {
        break
      }
      await new Promise((r) => setTimeout(r, 20))
    }
    const views = await burstDone
    expect(views.every((v) => v.status === 200)).toBe(true)
    // HAProxy writes a request's log line as it frees the stream, a moment after the client has
    // its last byte; on a loaded host a stop right away can beat the last lines.
    for (let i = 0; i < 100; i++) {
      const log = await readFile(haproxy.stdoutPath, 'utf8').catch(() => '')
      if ((log.match(/POST \/v1\//g) ?? []).length >= 32) {
        break
      }
      await new Promise((r) => setTimeout(r, 50))
    }
    await haproxy.stop()
    importSummary = await importFiles(ingest.sink, [haproxy.stdoutPath])
    const page = await ingest.store.queryRequests({ limit: 1000, sortBy: 'start' })
    requests = [...page.rows].sort((a, b) => a.startUs - b.startUs)
  }, 60_000)

  afterAll(async () => {
    await lab?.close()
  })

  it('scrapes the queue and the servers at their session limit', async () => {
    expect(scrapeDuringBurst?.up).toBe(true)
    const series = async (name: string) =>
      lab!.ingest.store
        .querySeries({ name })
        .then((s) => s.map((x) => [x.labels, x.points.at(-1)?.value]))
    const queue = await series('haproxy_backend_current_queue')
    expect(meaningOfMetric('haproxy_backend_current_queue')).toBe('gateway_backend_queue')
    expect(queue).toContainEqual([
      expect.objectContaining({ proxy: 'engines' }),
      expect.any(Number),
    ])
    const queued = queue.find(([l]) => (l as Record<string, string>)['proxy'] === 'engines')?.[1]
    expect(queued).toBeGreaterThanOrEqual(4)
    const sessions = await series('haproxy_server_current_sessions')
    const limits = await series('haproxy_server_limit_sessions')
    for (const server of ['vllm-0', 'vllm-1']) {
      const of = (rows: typeof sessions) =>
        rows.find(([l]) => (l as Record<string, string>)['server'] === server)?.[1]
      expect(of(limits)).toBe(2)
      expect(of(sessions)).toBe(2)
    }
    expect(meaningOfMetric('haproxy_server_current_sessions')).toBe('gateway_upstream_sessions')
    expect(meaningOfMetric('haproxy_server_limit_sessions')).toBe('gateway_upstream_limit_sessions')
  })

  it('imports one request per LLM call; the health check is kept apart', () => {
    expect(importSummary.files[0]?.format).toBe('access-log-haproxy')
    expect(importSummary.requests).toBe(32)
    // The health check, and the readiness check's empty connection (`<BADREQ>`).
    expect(importSummary.notLlm).toBeGreaterThanOrEqual(1)
    expect(requests).toHaveLength(32)
  })

  it('gives the burst its wait for a slot as gateway.queue (Tw), the waves before none', () => {
    const ms = (r: RequestTimeline, stage: 'gateway.queue' | 'gateway.upstream') =>
      (r.stages[stage] ?? NaN) / 1000
    const before = requests.slice(0, 16)
    const burst = requests.slice(16)
    expect(before.every((r) => ms(r, 'gateway.queue') < 50)).toBe(true)
    const waited = burst.filter((r) => ms(r, 'gateway.queue') >= TTFT_MS)
    expect(waited.length).toBeGreaterThanOrEqual(8)
    // Every request reached an engine: the upstream call holds at least the engine's TTFT.
    expect(requests.every((r) => ms(r, 'gateway.upstream') >= TTFT_MS * 0.9)).toBe(true)
    // What the log cannot know stays unknown.
    expect(requests.every((r) => r.ttftUs === null && r.stages['engine.queue'] === null)).toBe(true)
    for (const r of requests) {
      const stages = ['gateway.queue', 'gateway.upstream', 'gateway.unattributed'] as const
      const sum = stages.reduce((n, s) => n + (r.stages[s] ?? 0), 0)
      expect(Math.abs(sum - (r.e2eUs ?? 0))).toBeLessThanOrEqual(1000)
    }
  })
})
