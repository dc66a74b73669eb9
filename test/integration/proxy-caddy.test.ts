/**
 * The real Caddy 2.6 in front of two mock engines, one three times slower to its first token.
 * The change: `lb_policy first` (every request to the first upstream) reloaded as
 * `round_robin` through Caddy's admin API. Caddy's JSON log (access lines plus the reverse
 * proxy's `upstream roundtrip` lines), imported, shows the upstream shares shift and the slow
 * upstream's requests; its metrics name the same upstreams.
 */
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ATTR_TOKENLINE_UPSTREAM } from '../../src/core/access-log/to-spans.js'
import { meaningOfMetric, proxySeriesJoin } from '../../src/core/metrics/aliases.js'
import type { RequestTimeline } from '../../src/core/model/request.js'
import { SPAN_KIND } from '../../src/core/model/span.js'
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

const CADDY = '/usr/bin/caddy'
const skip = missingBinary(CADDY)

const FAST_TTFT_MS = 60
const SLOW_TTFT_MS = 240
const PER_PHASE = 10

function caddyfile(o: {
  dir: string
  port: number
  admin: number
  upstreams: string[]
  policy: string
}): string {
  return `{
  admin 127.0.0.1:${o.admin}
  auto_https off
  storage file_system ${o.dir}/data
  servers {
    metrics
  }
  log tokenline {
    output file ${o.dir}/caddy.log
    format json
    level DEBUG
    include http.log.access http.handlers.reverse_proxy
  }
}
http://127.0.0.1:${o.port} {
  log
  reverse_proxy ${o.upstreams.join(' ')} {
    lb_policy ${o.policy}
    flush_interval -1
  }
}
`
}

interface Served {
  request: RequestTimeline
  upstream: string | null
}

describe.skipIf(skip !== null)(`Caddy lb_policy change (${skip ?? 'real binary'})`, () => {
  let lab: ProxyLab | null = null
  let served: Served[] = []
  let upstreams: string[] = []
  let healthy: { upstream: string | null; value: number | undefined }[] = []
  let handled = 0
  let changedAtUs = 0

  beforeAll(async () => {
    lab = await openProxyLab(
      'caddy',
      [FAST_TTFT_MS, SLOW_TTFT_MS].map((ttftMs) => ({
        defaultOutputTokens: 4,
        fixed: { ttftMs, itlMs: 10 },
      }))
    )
    const { dir, ingest } = lab
    upstreams = lab.engines.map((e) => `127.0.0.1:${e.port}`)
    const port = await freePort()
    const admin = await freePort()
    const base = { dir, port, admin, upstreams }
    const path = await lab.writeConfig('Caddyfile', caddyfile({ ...base, policy: 'first' }))
    const env = { XDG_DATA_HOME: join(dir, 'xdg-data'), XDG_CONFIG_HOME: join(dir, 'xdg-config') }
    const caddy = await lab.start(CADDY, ['run', '--config', path, '--adapter', 'caddyfile'], {
      port,
      env,
      name: 'caddy',
    })
    const phase = () =>
      Promise.all(Array.from({ length: PER_PHASE }, () => streamChat(port, { maxTokens: 4 })))
    await phase()
    expect(await get(port, '/health')).toBe(200)
    // The change, as `caddy reload` makes it: the new config through the admin API.
    changedAtUs = Date.now() * 1000
    const res = await fetch(`http://127.0.0.1:${admin}/load`, {
      method: 'POST',
      headers: { 'content-type': 'text/caddyfile' },
      body: caddyfile({ ...base, policy: 'round_robin' }),
    })
    expect(res.status).toBe(200)
    await phase()
    await scrapeOnce(ingest.sink, `http://127.0.0.1:${admin}/metrics`)
    const series = await ingest.store.querySeries({ name: 'caddy_reverse_proxy_upstreams_healthy' })
    healthy = series.map((s) => ({
      upstream: proxySeriesJoin(s.name, s.labels).upstream,
      value: s.points.at(-1)?.value,
    }))
    const counts = await ingest.store.querySeries({
      name: 'caddy_http_request_duration_seconds_count',
    })
    handled = counts.reduce((n, s) => n + (s.points.at(-1)?.value ?? 0), 0)
    await caddy.stop()
    await importFiles(ingest.sink, [join(dir, 'caddy.log')])
    const rows = (await ingest.store.queryRequests({ limit: 1000 })).rows
    const spans = await ingest.store.getSpans(rows.map((r) => r.traceId))
    served = rows
      .sort((a, b) => a.startUs - b.startUs)
      .map((request) => {
        const call = spans.find((s) => s.traceId === request.traceId && s.kind === SPAN_KIND.CLIENT)
        const upstream = call?.attributes[ATTR_TOKENLINE_UPSTREAM]
        return { request, upstream: typeof upstream === 'string' ? upstream : null }
      })
  }, 60_000)

  afterAll(async () => {
    await lab?.close()
  })

  it('imports every LLM call with the upstream that served it', () => {
    expect(served).toHaveLength(PER_PHASE * 2)
    expect(served.every((s) => s.upstream !== null)).toBe(true)
  })

  it('shows the shares shift from all on the first upstream to half each', () => {
    const share = (list: Served[], upstream: string) =>
      list.filter((s) => s.upstream === upstream).length / list.length
    const before = served.filter((s) => s.request.startUs < changedAtUs)
    const after = served.filter((s) => s.request.startUs >= changedAtUs)
    expect(before).toHaveLength(PER_PHASE)
    expect(share(before, upstreams[0]!)).toBe(1)
    expect(share(after, upstreams[0]!)).toBeCloseTo(0.5, 1)
    expect(share(after, upstreams[1]!)).toBeCloseTo(0.5, 1)
  })

  it("counts the slow upstream's first-token wait in its requests' upstream call", () => {
    const slow = served.filter((s) => s.upstream === upstreams[1])
    const fast = served.filter((s) => s.upstream === upstreams[0])
    const upstreamMs = (s: Served) => (s.request.stages['gateway.upstream'] ?? NaN) / 1000
    expect(slow.every((s) => upstreamMs(s) >= SLOW_TTFT_MS)).toBe(true)
    const fastMs = fast.map(upstreamMs).sort((a, b) => a - b)
    expect(fastMs[Math.floor(fastMs.length / 2)]).toBeLessThan(SLOW_TTFT_MS)
  })

  it('scrapes the same upstreams as healthy, and every request handled', () => {
    expect(meaningOfMetric('caddy_reverse_proxy_upstreams_healthy')).toBe(
      'gateway_upstream_healthy'
    )
    expect(healthy.map((h) => h.upstream).sort()).toEqual([...upstreams].sort())
    expect(healthy.every((h) => h.value === 1)).toBe(true)
    expect(handled).toBeGreaterThanOrEqual(PER_PHASE * 2 + 1)
  })
})
