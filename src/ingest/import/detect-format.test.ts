import { describe, expect, it } from 'vitest'
import { detectFormat, isGzip } from './detect-format.js'

const enc = (text: string): Uint8Array => new TextEncoder().encode(text)

describe('detectFormat', () => {
  const cases: [string, string, boolean, string][] = [
    ['OTLP JSON Lines', '{"resourceSpans":[]}\n{"resourceSpans":[]}\n', true, 'otlp-traces-jsonl'],
    ['one-line OTLP document', '{"resourceSpans":[]}', true, 'otlp-traces-jsonl'],
    ['pretty OTLP traces', '{\n  "resourceSpans": [\n', false, 'otlp-traces-json'],
    ['pretty OTLP metrics', '{\n  "resourceMetrics": [\n', false, 'otlp-metrics-json'],
    ['metrics JSON Lines', '{"resourceMetrics":[]}\n', true, 'otlp-metrics-jsonl'],
    [
      'events JSON Lines',
      '{"time":"2024-01-01T00:00:00Z","kind":"deploy"}\n',
      true,
      'events-jsonl',
    ],
    ['kubectl events', '{\n    "apiVersion": "v1",\n    "items": [\n', false, 'kubernetes-events'],
    ['compact kubectl events', '{"apiVersion":"v1","items":[]}', true, 'kubernetes-events'],
    ['events array', '[{"time":"2024-01-01T00:00:00Z","kind":"scale"}]', true, 'events-json'],
    ['text 0.0.4', '# HELP up x\n# TYPE up gauge\nup 1\n', true, 'prometheus-text'],
    [
      'bare samples',
      'vllm:num_requests_running{pod="a"} 3 1718140500000\n',
      true,
      'prometheus-text',
    ],
    ['quoted name', '{"gen_ai.x"} 1\n', true, 'prometheus-text'],
    ['plain comment + samples', '# scraped by hand\nfoo 1\n', true, 'prometheus-text'],
    ['markdown', '# Notes\n\nSome text.\n', true, 'unknown'],
    ['other JSON', '{"hello": 1}\n', true, 'unknown'],
  ]
  for (const [name, text, complete, format] of cases) {
    it(name, () => expect(detectFormat(enc(text), complete).format).toBe(format))
  }

  it('calls binary content protobuf and empty files unknown', () => {
    expect(detectFormat(Uint8Array.from([0x0a, 0x8c, 0x02, 0x0a, 0x00, 0x12]), true).format).toBe(
      'otlp-protobuf'
    )
    expect(detectFormat(new Uint8Array(0), true)).toEqual({
      format: 'unknown',
      reason: 'the file is empty',
    })
  })

  it.each([
    [
      'a stray control byte in OpenMetrics',
      `# TYPE up gauge\n${Array.from({ length: 49 }, (_, i) => `up{i="${i}"} 1`)
        .join('\n')
        .replace('up{i="7"}', 'up{i="7\u0001"}')}\n`,
      'prometheus-text',
    ],
    ['an invalid UTF-8 byte in OpenMetrics', null, 'prometheus-text'],
    [
      'an events file whose first line is bad',
      `garbage here\n${'{"time":"2024-01-01T00:00:00Z","kind":"deploy"}\n'.repeat(5)}`,
      'events-jsonl',
    ],
    [
      'an events file whose first line is JSON without kind',
      `{"time":"2024-01-01T00:00:00Z"}\n${'{"time":"2024-01-01T00:00:00Z","kind":"deploy"}\n'.repeat(3)}`,
      'events-jsonl',
    ],
    [
      'OTLP JSON Lines whose first line is cut',
      `{"resourceSpans":[\n${'{"resourceSpans":[]}\n'.repeat(3)}`,
      'otlp-traces-jsonl',
    ],
    ['Prometheus text whose first line is garbage', '%%%\nfoo 1\nbar 2\n', 'prometheus-text'],
    ['mostly garbage with one sample', 'a b c d\nnot this\nnor this\nfoo 1\n', 'unknown'],
  ])('detects %s', (_name, text, format) => {
    const bytes =
      text === null
        ? Buffer.concat([
            enc('# TYPE up gauge\nup{a="x'),
            Uint8Array.from([0xff]),
            enc('"} 1\nup 2\nup 3\n'),
          ])
        : enc(text)
    expect(detectFormat(bytes, true).format).toBe(format)
  })

  it('still calls real protobuf binary', () => {
    const ids = Uint8Array.from({ length: 400 }, (_, i) => (i * 37) % 256)
    expect(detectFormat(Uint8Array.from([0x0a, 0x8f, 0x03, ...ids]), true).format).toBe(
      'otlp-protobuf'
    )
  })

  it('reads a first line longer than the head as JSON Lines', () => {
    const head = enc('{"resourceSpans":[{"resource":' + 'x'.repeat(100))
    expect(detectFormat(head, false).format).toBe('otlp-traces-jsonl')
  })

  it('knows the gzip magic', () => {
    expect(isGzip(Uint8Array.from([0x1f, 0x8b, 8]))).toBe(true)
    expect(isGzip(enc('{}'))).toBe(false)
  })
})

describe('formats we do not read are named, and prose is not metrics', () => {
  const enc = (s: string): Uint8Array => new TextEncoder().encode(s)
  it.each([
    [
      'Jaeger',
      '{"data":[{"traceID":"abc","spans":[{"traceID":"abc","spanID":"1"}],"processes":{"p1":{}}}]}',
      /Jaeger JSON.*\/api\/v3\/traces/,
    ],
    [
      'Zipkin',
      '[{"traceId":"abc","id":"1","name":"get","timestamp":1,"duration":2,"localEndpoint":{"serviceName":"a"}}]',
      /Zipkin v2 JSON.*Collector/,
    ],
  ])('%s JSON is unknown with a way out', (_name, text, reason) => {
    const d = detectFormat(enc(text), true)
    expect(d.format).toBe('unknown')
    expect(d.reason).toMatch(reason)
  })

  it('a Markdown file is not Prometheus text', () => {
    const readme =
      '# Tokenline\n\nTokenline tells the people who run inference services why 2 users wait.\n'
    expect(detectFormat(enc(readme), true).format).toBe('unknown')
  })

  it.each([
    'vllm:num_requests_running{model_name="m"} 3',
    'up 1 1700000000000',
    'http_requests_total{code="200"} 1.5e3',
    'x_bucket{le="+Inf"} 7 # {trace_id="a"} 0.5 1700000000.1',
    '{"gen_ai.server.x", le="1"} 3',
  ])('still reads the sample line %s', (line) => {
    expect(detectFormat(enc(`${line}\n`), true).format).toBe('prometheus-text')
  })
})

describe('detectFormat: access logs', () => {
  const haproxy =
    '127.0.0.1:45866 [01/Dec/2026:19:23:37.774] fe be/s1 0/232/1/30/365 200 1660 - - ---- 4/4/3/1/0 0/1 "POST /v1/chat/completions HTTP/1.1"'
  const nginx =
    '127.0.0.1 - - [01/Dec/2026:19:24:21 +0000] "POST /v1/chat/completions HTTP/1.1" 200 1541 "-" "curl/7.88.1" 0.152 0.001 0.076 0.152 127.0.0.1:18102'
  const caddyStart =
    '{"level":"info","ts":1796153048.89,"logger":"http.log","msg":"server running","name":"srv0"}'
  const caddy =
    '{"level":"info","ts":1796153051.14,"logger":"http.log.access","msg":"handled request","request":{},"duration":0.17,"status":200}'
  const envoy =
    '[2016-04-15T20:17:00.310Z] "POST /v1/chat/completions HTTP/2" 200 - 154 0 2260 100 "-" "-" "id" "a" "10.0.2.1:80"'
  it.each([
    ['HAProxy, a bad first line', `garbage\n${haproxy}\n${haproxy}\n`, 'access-log-haproxy'],
    ['nginx combined + timings', `${nginx}\n${nginx}\n`, 'access-log-nginx'],
    ['Caddy, start-up lines first', `${caddyStart}\n${caddy}\n`, 'access-log-caddy-json'],
    ['Envoy default', `${envoy}\n`, 'access-log-envoy'],
    [
      'nginx JSON',
      '{"msec":1796153061.826,"uri":"/v1/completions","status":200,"request_time":0.19}\n',
      'access-log-nginx-json',
    ],
    [
      'Envoy JSON',
      '{"start_time":"2026-12-01T19:24:21.100Z","duration":900,"upstream_host":"10.0.2.7:8000"}\n',
      'access-log-envoy-json',
    ],
  ])('%s', (_name, text, format) => {
    expect(detectFormat(enc(text), true).format).toBe(format)
  })

  it('recognises a custom nginx log_format only when it is given', () => {
    const line = '1796153061.500 POST /v1/completions 200 0.300 10.0.0.1:8000 0.299\n'
    const nginxLogFormat =
      '$msec $request_method $uri $status $request_time $upstream_addr $upstream_response_time'
    expect(detectFormat(enc(line), true).format).toBe('unknown')
    expect(detectFormat(enc(line), true, { nginxLogFormat }).format).toBe('access-log-nginx')
  })
})
