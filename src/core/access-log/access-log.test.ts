import { describe, expect, it } from 'vitest'
import { assembleRequest } from '../assembly/assemble-request.js'
import { ACCESS_LOG_READERS, accessLogFormatOfJson, createLineFormatTest } from './readers.js'
import { compileNginxLogFormat } from './nginx.js'
import type { AccessLogFormat, AccessLogRecord } from './record.js'
import { spansOfRecord, traceIdOfLine } from './to-spans.js'

// Lines as the Debian binaries wrote them (HAProxy 2.6.12, nginx 1.22.1, Caddy 2.6.2), and
// Envoy's from its access-log documentation.
const HAPROXY_QUEUED =
  '127.0.0.1:45866 [01/Dec/2026:19:23:37.774] fe be/s1 0/232/1/30/365 200 1660 - - ---- 4/4/3/1/0 0/1 "POST /v1/chat/completions HTTP/1.1"'
const HAPROXY_SYSLOG =
  'Dec  1 19:23:37 lb-1 haproxy[812]: 127.0.0.1:45852 [01/Dec/2026:19:23:37.759] fe be/s2 0/0/0/159/247 200 1660 - - ---- 6/6/5/1/0 0/0 "POST /v1/chat/completions HTTP/1.1"'
const HAPROXY_NOSRV =
  '127.0.0.1:45900 [01/Dec/2026:19:23:40.000] fe be/<NOSRV> 0/-1/-1/-1/5000 503 217 - - sQ-- 9/9/8/0/0 0/40 "POST /v1/chat/completions HTTP/1.1"'
const NGINX_RETRIED =
  '127.0.0.1 - - [01/Dec/2026:19:24:21 +0000] "POST /v1/chat/completions HTTP/1.1" 200 1541 "-" "curl/7.88.1" 0.128 -, 0.000 -, 0.043 0.000, 0.128 127.0.0.1:18109, 127.0.0.1:18101'
const NGINX_STUB =
  '127.0.0.1 - - [01/Dec/2026:19:24:20 +0000] "GET /stub_status HTTP/1.1" 200 97 "-" "NGINX-Prometheus-Exporter/v0.11.0-1+b4" 0.000 - - - -'
const NGINX_JSON =
  '{"time":"2026-12-01T19:24:21+00:00","msec":1796153061.826,"method":"POST","uri":"/v1/chat/completions?x=1","status":200,"request_time":0.190,"upstream_connect_time":"0.038","upstream_header_time":"0.074","upstream_response_time":"0.191","upstream_addr":"127.0.0.1:18101","bytes_sent":1724}'
const ENVOY_DEFAULT =
  '[2016-04-15T20:17:00.310Z] "POST /v1/chat/completions HTTP/2" 200 - 154 0 2260 100 "10.0.35.28" "nsq2http" "cc21d9b0-cf5c-432b-8c7e-98aeb7988cd2" "locations" "tcp://10.0.2.1:80"'
const ENVOY_JSON =
  '{"start_time":"2026-12-01T19:24:21.100Z","method":"POST","path":"/v1/completions","protocol":"HTTP/1.1","response_code":200,"response_flags":"-","duration":900,"response_duration":350,"upstream_service_time":"300","upstream_host":"10.0.2.7:8000","upstream_cluster":"vllm"}'
const CADDY_ROUNDTRIP =
  '{"level":"debug","ts":1796153051.0498042,"logger":"http.handlers.reverse_proxy","msg":"upstream roundtrip","upstream":"127.0.0.1:18102","duration":0.08147426,"request":{"remote_ip":"127.0.0.1","remote_port":"50772","proto":"HTTP/1.1","method":"POST","host":"127.0.0.1:18120","uri":"/v1/chat/completions","headers":{}},"headers":{},"status":200}'
const CADDY_ACCESS =
  '{"level":"info","ts":1796153051.14031,"logger":"http.log.access","msg":"handled request","request":{"remote_ip":"127.0.0.1","remote_port":"50772","proto":"HTTP/1.1","method":"POST","host":"127.0.0.1:18120","uri":"/v1/chat/completions","headers":{"Content-Length":["71"]}},"user_id":"","duration":0.172560324,"size":1499,"status":200,"resp_headers":{}}'

function readAll(format: AccessLogFormat, lines: string[], nginxLogFormat?: string) {
  const reader = ACCESS_LOG_READERS[format]({ nginxLogFormat })
  return lines.map((l) => reader.read(l))
}

function one(format: AccessLogFormat, line: string): AccessLogRecord {
  const r = readAll(format, [line])[0]
  if (typeof r !== 'object' || r === null) {
    throw new Error(`expected a record, got ${String(r)}`)
  }
  return r
}

const ms = (us: number | null | undefined): number | null =>
  us === null || us === undefined ? null : us / 1000

describe('HAProxy httplog', () => {
  it('places Tw as the queue and Tc+Tr+Td as the upstream call', () => {
    const r = one('haproxy', HAPROXY_QUEUED)
    expect(r.startUs).toBe(Date.UTC(2026, 11, 1, 19, 23, 37, 774) * 1000)
    expect(ms(r.endUs - r.startUs)).toBe(365)
    expect(ms(r.queue!.endUs - r.queue!.startUs)).toBe(232)
    expect(r.upstreams).toHaveLength(1)
    const u = r.upstreams[0]!
    expect(u.upstream).toBe('s1')
    expect(ms(u.startUs - r.startUs)).toBe(232)
    expect(ms(u.connectUs)).toBe(1)
    expect(ms(u.headerUs)).toBe(31)
    expect(r).toMatchObject({ method: 'POST', path: '/v1/chat/completions', status: 200 })
    expect(r.extra['haproxy.backend_queue']).toBe(1)
  })

  it.each([
    [
      'httpslog (TLS fields after the request)',
      '127.0.0.1:45866 [01/Dec/2026:19:23:37.774] fe~ be/s1 0/0/1/30/365 200 1660 - - ---- 4/4/3/1/0 0/0 "POST /v1/chat/completions HTTP/1.1" 0/0000000000000000/0/0/0 llm.example/TLSv1.3/TLS_AES_256_GCM_SHA384',
    ],
    [
      'captured request headers',
      '127.0.0.1:45866 [01/Dec/2026:19:23:37.774] fe be/s1 0/0/1/30/365 200 1660 - - ---- 4/4/3/1/0 0/0 {tenant-a|req-1} "POST /v1/chat/completions HTTP/1.1"',
    ],
  ])('reads %s', (_name, line) => {
    const r = one('haproxy', line)
    expect(r).toMatchObject({ path: '/v1/chat/completions', status: 200 })
    expect(ms(r.upstreams[0]!.headerUs)).toBe(31)
  })

  it('reads the syslog host as the gateway', () => {
    expect(one('haproxy', HAPROXY_SYSLOG).gateway).toBe('lb-1')
  })

  it('gives no upstream call when no server was reached', () => {
    const r = one('haproxy', HAPROXY_NOSRV)
    expect(r.upstreams).toEqual([])
    expect(r.queue).toBeNull()
    expect(r.status).toBe(503)
  })
})

describe('nginx', () => {
  it('reads each upstream attempt, the last one ending with the request', () => {
    const r = one('nginx', NGINX_RETRIED)
    expect(ms(r.endUs - r.startUs)).toBe(128)
    expect(r.upstreams.map((u) => u.upstream)).toEqual(['127.0.0.1:18109', '127.0.0.1:18101'])
    expect(r.upstreams[1]!.endUs).toBe(r.endUs)
    expect(ms(r.upstreams[1]!.endUs - r.upstreams[1]!.startUs)).toBe(128)
    expect(r.upstreams[0]!.connectUs).toBeNull()
    expect(ms(r.upstreams[1]!.headerUs)).toBe(43)
    expect(r.queue).toBeNull()
  })

  it('gives a request that reached no upstream no upstream call', () => {
    const r = one('nginx', NGINX_STUB)
    expect(r.upstreams).toEqual([])
    expect(r.path).toBe('/stub_status')
  })

  it('reads JSON log_format lines, query string dropped', () => {
    const r = one('nginx-json', NGINX_JSON)
    expect(r.endUs).toBe(1796153061826000)
    expect(ms(r.endUs - r.startUs)).toBe(190)
    expect(r.path).toBe('/v1/chat/completions')
    expect(r.upstreams[0]).toMatchObject({ upstream: '127.0.0.1:18101' })
  })

  it('reads a custom log_format', () => {
    const format =
      '$msec $request_method $uri $status $request_time "$upstream_addr" $upstream_response_time'
    const line = '1796153061.500 POST /v1/completions 502 0.300 "10.0.0.1:8000" 0.299'
    const [custom] = readAll('nginx', [line], format)
    expect(custom).toMatchObject({ method: 'POST', path: '/v1/completions', status: 502 })
    expect(createLineFormatTest({ nginxLogFormat: format })(line)).toBe('nginx')
  })

  it('refuses a log_format without $request_time or an end time', () => {
    expect(() => compileNginxLogFormat('$remote_addr "$request" $status')).toThrow(/\$request_time/)
  })
})

describe('Envoy', () => {
  it('reads the default format; the upstream start is assumed and says so', () => {
    const r = one('envoy', ENVOY_DEFAULT)
    expect(r.startUs).toBe(Date.UTC(2016, 3, 15, 20, 17, 0, 310) * 1000)
    expect(ms(r.endUs - r.startUs)).toBe(2260)
    expect(r.upstreams[0]).toMatchObject({ upstream: '10.0.2.1:80', startAssumed: true })
    expect(ms(r.upstreams[0]!.headerUs)).toBe(100)
    expect(r.requestId).toBe('cc21d9b0-cf5c-432b-8c7e-98aeb7988cd2')
  })

  it('places the upstream call from RESPONSE_DURATION − upstream service time in JSON', () => {
    const r = one('envoy-json', ENVOY_JSON)
    expect(ms(r.upstreams[0]!.startUs - r.startUs)).toBe(50)
    expect(r.upstreams[0]!.startAssumed).toBe(false)
    expect(r.extra['envoy.upstream_cluster']).toBe('vllm')
  })
})

describe('Caddy', () => {
  it('joins the roundtrip line to its access line by client connection', () => {
    const [rt, access] = readAll('caddy-json', [CADDY_ROUNDTRIP, CADDY_ACCESS])
    expect(rt).toBeNull()
    const r = access as AccessLogRecord
    expect(r.upstreams).toHaveLength(1)
    expect(r.upstreams[0]!.upstream).toBe('127.0.0.1:18102')
    expect(ms(r.upstreams[0]!.headerUs)).toBeCloseTo(81.474, 2)
    expect(r.upstreams[0]!.endUs).toBe(r.endUs)
  })

  it('has no upstream without the roundtrip line', () => {
    expect(one('caddy-json', CADDY_ACCESS).upstreams).toEqual([])
  })

  it('skips Caddy lines that are not requests', () => {
    expect(
      readAll('caddy-json', ['{"level":"info","ts":1,"logger":"http.log","msg":"server running"}'])
    ).toEqual([null])
  })
})

describe('format of a line', () => {
  const test = createLineFormatTest()
  it.each([
    [HAPROXY_QUEUED, 'haproxy'],
    [HAPROXY_SYSLOG, 'haproxy'],
    [NGINX_RETRIED, 'nginx'],
    [ENVOY_DEFAULT, 'envoy'],
    ['vllm:num_requests_running{pod="a"} 1', null],
  ])('%s', (line, format) => {
    expect(test(line)).toBe(format)
  })

  it.each([
    [NGINX_JSON, 'nginx-json'],
    [ENVOY_JSON, 'envoy-json'],
    [CADDY_ACCESS, 'caddy-json'],
    ['{"time":"2026-01-01T00:00:00Z","kind":"deploy"}', null],
  ])('JSON %s', (line, format) => {
    expect(accessLogFormatOfJson(JSON.parse(line) as Record<string, unknown>)).toBe(format)
  })
})

describe('bad lines are refused with a reason', () => {
  it.each([
    ['haproxy', 'garbage'],
    ['nginx', '127.0.0.1 - - [bad date] "GET / HTTP/1.1" 200'],
    ['envoy', '[2016-04-15T20:17:00.310Z] truncated'],
    ['envoy-json', '{"start_time":"yesterday","duration":5}'],
    ['caddy-json', '{"logger":"http.log.access","msg":"handled request","ts":1}'],
    ['nginx-json', '{"msec":"x","request_time":0.1}'],
    // Dates outside a span's bounds (year 1 read by Date.UTC as 1901; past 2262).
    ['nginx', NGINX_RETRIED.replace('01/Dec/2026', '01/Jan/0001')],
    ['nginx', NGINX_RETRIED.replace('01/Dec/2026', '01/Jan/9999')],
    ['haproxy', HAPROXY_QUEUED.replace('01/Dec/2026', '01/Jan/1969')],
    ['envoy-json', ENVOY_JSON.replace('2026-12-01', '0001-01-01')],
    [
      'nginx-json',
      NGINX_JSON.replace('"time":"2026-12-01T19:24:21+00:00",', '').replace('1796153061.826', '0'),
    ],
    ['caddy-json', CADDY_ACCESS.replace('1796153051.14031', '99999999999')],
  ] as const)('%s: %s', (format, line) => {
    expect(readAll(format, [line])[0]).toBeTypeOf('string')
  })
})

describe('a record as spans, assembled', () => {
  it('gives HAProxy the gateway stages: queue, upstream and the rest unattributed', () => {
    const r = one('haproxy', HAPROXY_QUEUED)
    const req = assembleRequest(spansOfRecord(r, HAPROXY_QUEUED, 3))
    expect(req).not.toBeNull()
    expect(ms(req!.stages['gateway.queue'])).toBe(232)
    expect(ms(req!.stages['gateway.upstream'])).toBe(133)
    expect(ms(req!.stages['gateway.unattributed'])).toBe(0)
    expect(req!.stages['engine.queue']).toBeNull()
    expect(req!.ttftUs).toBeNull()
    expect(ms(req!.e2eUs)).toBe(365)
    expect(req!.dims.route).toBe('/v1/chat/completions')
    expect(req!.status).toBe(200)
  })

  it('leaves gateway.queue unknown (null) for nginx, and counts the retry', () => {
    const r = one('nginx', NGINX_RETRIED)
    const req = assembleRequest(spansOfRecord(r, NGINX_RETRIED, 1))
    expect(req!.stages['gateway.queue']).toBeNull()
    expect(ms(req!.stages['gateway.upstream'])).toBe(128)
    expect(req!.retries).toBe(1)
  })

  it('makes no LLM request of a health check or a metrics scrape', () => {
    const r = one('nginx', NGINX_STUB)
    expect(assembleRequest(spansOfRecord(r, NGINX_STUB, 1))).toBeNull()
  })

  it('gives the same ids for the same line and number, others for another number', () => {
    expect(traceIdOfLine(NGINX_STUB, 1)).toBe(traceIdOfLine(NGINX_STUB, 1))
    expect(traceIdOfLine(NGINX_STUB, 1)).not.toBe(traceIdOfLine(NGINX_STUB, 2))
    expect(traceIdOfLine(NGINX_STUB, 1)).toMatch(/^[0-9a-f]{32}$/)
  })
})
