/**
 * The real nginx 1.22 (and nginx-prometheus-exporter) in front of a mock engine. The fault
 * switched on by a reload: `proxy_buffering on` with gzip for `text/event-stream`. A client that
 * accepts gzip then gets the whole stream at its end; nginx's access log, read by Tokenline,
 * shows the same timings as before: only the client sees it.
 */
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { NGINX_TIMED_LOG_FORMAT } from '../../src/core/access-log/nginx.js'
import { meaningOfMetric } from '../../src/core/metrics/aliases.js'
import type { RequestTimeline } from '../../src/core/model/request.js'
import {
  createTestIngest,
  freePort,
  get,
  importFiles,
  missingBinary,
  openProxyLab,
  scrapeOnce,
  streamChat,
  type ClientView,
  type ProxyLab,
} from '../../src/testing/proxies.js'

const NGINX = '/usr/sbin/nginx'
const EXPORTER = '/usr/bin/prometheus-nginx-exporter'
const skip = missingBinary(NGINX, EXPORTER)

const TTFT_MS = 100
const ITL_MS = 40
const TOKENS = 10
const STREAM_MS = TTFT_MS + (TOKENS - 1) * ITL_MS
const PER_PHASE = 6

const JSON_FORMAT =
  '{"msec":$msec,"method":"$request_method","uri":"$request_uri","status":$status,' +
  '"request_time":$request_time,"upstream_connect_time":"$upstream_connect_time",' +
  '"upstream_header_time":"$upstream_header_time",' +
  '"upstream_response_time":"$upstream_response_time","upstream_addr":"$upstream_addr"}'

function config(dir: string, port: number, upstream: number, buffered: boolean): string {
  const location = buffered
    ? 'proxy_buffering on; gzip on; gzip_types text/event-stream;'
    : 'proxy_buffering off;'
  return `
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 64; }
http {
  client_body_temp_path ${dir}/body; proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi; uwsgi_temp_path ${dir}/uwsgi; scgi_temp_path ${dir}/scgi;
  log_format tokenline '${NGINX_TIMED_LOG_FORMAT}';
  log_format tokenline_json escape=json '${JSON_FORMAT}';
  access_log ${dir}/access.log tokenline;
  access_log ${dir}/access.json tokenline_json;
  upstream engines { server 127.0.0.1:${upstream}; }
  server {
    listen 127.0.0.1:${port};
    location /v1/ { proxy_pass http://engines; proxy_http_version 1.1; ${location} }
    location = /stub_status { stub_status; }
  }
}
`
}

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b)
  return s[Math.floor(s.length / 2)] as number
}

describe.skipIf(skip !== null)(
  `nginx proxy_buffering + gzip on SSE (${skip ?? 'real binaries'})`,
  () => {
    // The combined log goes to the lab's ingest, the JSON log to one of its own.
    const ingestJson = createTestIngest()
    let lab: ProxyLab | null = null
    const client: { before: ClientView[]; after: ClientView[] } = { before: [], after: [] }
    let requests: RequestTimeline[] = []
    let requestsJson: RequestTimeline[] = []
    let scraped: Awaited<ReturnType<typeof scrapeOnce>>
    let nginxRequestsTotal = 0

    beforeAll(async () => {
      lab = await openProxyLab('nginx', [
        { defaultOutputTokens: TOKENS, fixed: { ttftMs: TTFT_MS, itlMs: ITL_MS } },
      ])
      const { dir, ingest } = lab
      const engine = lab.engines[0]!
      const port = await freePort()
      const conf = await lab.writeConfig('nginx.conf', config(dir, port, engine.port, false))
      const nginx = await lab.start(NGINX, ['-p', dir, '-c', conf, '-g', 'daemon off;'], {
        port,
        name: 'nginx',
      })
      const exporterPort = await freePort()
      const exporter = await lab.start(
        EXPORTER,
        [
          '-nginx.scrape-uri',
          `http://127.0.0.1:${port}/stub_status`,
          '-web.listen-address',
          `127.0.0.1:${exporterPort}`,
        ],
        { port: exporterPort, name: 'exporter' }
      )
      const gzip = { 'accept-encoding': 'gzip' }
      // One connection each, all at once (the engine serves them in parallel).
      const phase = () =>
        Promise.all(
          Array.from({ length: PER_PHASE }, () =>
            streamChat(port, { headers: gzip, maxTokens: TOKENS })
          )
        )
      client.before = await phase()
      expect(await get(port, '/v1/models')).toBe(200)
      // The fault: buffering and gzip switched on by a reload (SIGHUP), as an operator would.
      await lab.writeConfig('nginx.conf', config(dir, port, engine.port, true))
      nginx.signal('SIGHUP')
      const deadline = Date.now() + 10_000
      for (;;) {
        const probe = await streamChat(port, { headers: gzip, maxTokens: TOKENS })
        if (probe.headers['content-encoding'] === 'gzip' || Date.now() > deadline) {
          break
        }
        await new Promise((r) => setTimeout(r, 100))
      }
      client.after = await phase()
      scraped = await scrapeOnce(ingest.sink, `http://127.0.0.1:${exporterPort}/metrics`)
      const total = await ingest.store.querySeries({ name: 'nginx_http_requests_total' })
      nginxRequestsTotal = total[0]?.points.at(-1)?.value ?? 0
      await exporter.stop()
      await nginx.stop()
      await importFiles(ingest.sink, [join(dir, 'access.log')])
      await importFiles(ingestJson.sink, [join(dir, 'access.json')])
      const read = async (store: typeof ingest.store) =>
        (await store.queryRequests({ limit: 1000 })).rows.sort((a, b) => a.startUs - b.startUs)
      requests = await read(ingest.store)
      requestsJson = await read(ingestJson.store)
    }, 60_000)

    afterAll(async () => {
      await lab?.close()
      await ingestJson.sink.close()
    })

    it('the client sees the stream arrive whole at its end once buffering and gzip are on', () => {
      for (const v of client.before) {
        expect(v.headers['content-encoding']).toBeUndefined()
        // Tokens as they come: the first bytes early in the request, the rest spread out.
        expect(v.firstByteMs ?? Infinity).toBeLessThan(v.endMs / 2)
        expect(v.chunkMs.length).toBeGreaterThanOrEqual(3)
      }
      for (const v of client.after) {
        expect(v.headers['content-encoding']).toBe('gzip')
        // Nothing before the stream ended upstream: every token arrives in the last moment.
        expect(v.firstByteMs).toBeGreaterThanOrEqual(STREAM_MS * 0.9)
        expect(v.firstByteMs ?? 0).toBeGreaterThanOrEqual(v.endMs * 0.9)
      }
    })

    it("nginx's access log does not show what the client sees", () => {
      // Each phase, plus the reload's probes (SSE through the new config), minus none.
      expect(requests.length).toBeGreaterThanOrEqual(PER_PHASE * 2)
      const e2e = (rs: RequestTimeline[]) => median(rs.map((r) => (r.e2eUs ?? NaN) / 1000))
      const upstream = (rs: RequestTimeline[]) =>
        median(rs.map((r) => (r.stages['gateway.upstream'] ?? NaN) / 1000))
      // The JSON log's $msec orders them to the ms (the combined format's $time_local to the s).
      const before = requestsJson.slice(0, PER_PHASE)
      const after = requestsJson.slice(-PER_PHASE)
      expect(e2e(before)).toBeGreaterThanOrEqual(STREAM_MS * 0.9)
      // The client's first byte moved by about the whole stream; what nginx logs moved by far
      // less (a loaded host adds some either way).
      const firstByte = (vs: ClientView[]) => median(vs.map((v) => v.firstByteMs ?? NaN))
      const clientShift = firstByte(client.after) - firstByte(client.before)
      expect(clientShift).toBeGreaterThanOrEqual(STREAM_MS * 0.6)
      expect(Math.abs(e2e(after) - e2e(before))).toBeLessThan(clientShift / 2)
      expect(Math.abs(upstream(after) - upstream(before))).toBeLessThan(clientShift / 2)
      // A log has no first token and no queue of its own (nginx OSS): unknown, not zero.
      expect(requests.every((r) => r.ttftUs === null && r.stages['gateway.queue'] === null)).toBe(
        true
      )
    })

    it('reads the JSON log_format to the same requests', () => {
      // Ordered by value: the combined format's end time has whole seconds, so starts differ.
      const sorted = (rs: RequestTimeline[], f: (r: RequestTimeline) => number | null) =>
        rs.map(f).sort((a, b) => (a ?? 0) - (b ?? 0))
      expect(sorted(requestsJson, (r) => r.e2eUs)).toEqual(sorted(requests, (r) => r.e2eUs))
      expect(sorted(requestsJson, (r) => r.stages['gateway.upstream'])).toEqual(
        sorted(requests, (r) => r.stages['gateway.upstream'])
      )
    })

    it("scrapes nginx's connections and request count through its exporter", () => {
      expect(scraped?.up).toBe(true)
      expect(meaningOfMetric('nginx_connections_active')).toBe('gateway_current_sessions')
      // Every request through nginx, stub_status scrapes included.
      expect(nginxRequestsTotal).toBeGreaterThanOrEqual(PER_PHASE * 2 + 1)
    })
  }
)
