import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { decodeMetrics } from '../../src/core/otlp/decode-metrics.js'
import { decodeTraces } from '../../src/core/otlp/decode-traces.js'
import { STAGE_NAMES } from '../../src/core/model/request.js'
import { createApp } from '../../src/server/app.js'
import { makeLlmTraceRequest } from '../../src/core/otlp/testing/make-llm-request.js'
import { makeDeps, type TestDeps } from '../../src/server/testing/test-deps.js'

/** makeLlmTraceRequest starts request i at FIRST_MS + i·37 ms. */
const FIRST_MS = 1_760_000_000_000
const REQUESTS = 40
const NOW_MS = FIRST_MS + 10 * 60 * 1000

let deps: TestDeps
let app: ReturnType<typeof createApp>
let webRoot: string

async function getJson(path: string, status = 200): Promise<Record<string, unknown>> {
  const res = await app.request(path)
  const body = (await res.json()) as Record<string, unknown>
  expect(res.status, JSON.stringify(body)).toBe(status)
  return body
}

function counterRequest(points: [number, number][]): unknown {
  return {
    resourceMetrics: [
      {
        resource: { attributes: [{ key: 'k8s.pod.name', value: { stringValue: 'vllm-0' } }] },
        scopeMetrics: [
          {
            metrics: [
              {
                name: 'vllm:prompt_tokens_total',
                sum: {
                  isMonotonic: true,
                  aggregationTemporality: 2,
                  dataPoints: points.map(([ms, v]) => ({
                    timeUnixNano: `${ms}000000`,
                    asDouble: v,
                  })),
                },
              },
            ],
          },
        ],
      },
    ],
  }
}

beforeAll(async () => {
  deps = makeDeps({ nowMs: NOW_MS })
  webRoot = mkdtempSync(join(tmpdir(), 'tokenline-web-'))
  mkdirSync(join(webRoot, 'assets'))
  writeFileSync(join(webRoot, 'index.html'), '<!doctype html><title>Tokenline</title>')
  writeFileSync(join(webRoot, 'assets', 'app.js'), 'console.log(1)')
  app = createApp({ ...deps, webRoot })
  const { spans, rejected } = decodeTraces(makeLlmTraceRequest(REQUESTS))
  expect(rejected).toEqual([])
  await deps.ingest.submitSpans(spans)
  const metrics = decodeMetrics(
    counterRequest([
      [FIRST_MS, 0],
      [FIRST_MS + 60_000, 600],
      [FIRST_MS + 120_000, 1800],
    ])
  )
  await deps.ingest.submitMetrics(metrics.samples, metrics.families)
  await deps.ingest.flush()
})

afterAll(async () => {
  await deps.ingest.close()
  rmSync(webRoot, { recursive: true, force: true })
})

describe('GET /api/health', () => {
  it('reports store and ingest counters and the extent', async () => {
    const body = await getJson('/api/health')
    expect(body).toMatchObject({
      status: 'ok',
      version: '0.0.0-test',
      store: { spans: REQUESTS * 4, requests: REQUESTS, metric_samples: 3 },
      ingest: { spans_accepted: REQUESTS * 4, requests_assembled: REQUESTS },
    })
    expect((body['extent'] as { start_ms: number }).start_ms).toBe(FIRST_MS)
  })
})

describe('GET /api/requests', () => {
  it('lists, sorts and pages within window=all', async () => {
    const body = await getJson('/api/requests?window=all&sort=e2e&dir=desc&limit=5&offset=1')
    const rows = body['rows'] as Record<string, unknown>[]
    expect(body['total']).toBe(REQUESTS)
    expect(rows).toHaveLength(5)
    const e2e = rows.map((r) => r['e2e_ms'] as number)
    expect([...e2e].sort((a, b) => b - a)).toEqual(e2e)
    expect(rows[0]).toMatchObject({
      trace_id: expect.stringMatching(/^[0-9a-f]{32}$/),
      start: expect.stringMatching(/^2025-/),
      dims: { model: 'llama-3-8b' },
      has_engine: true,
      span_count: 4,
    })
    expect(Object.keys(rows[0]!['stages'] as object)).toHaveLength(STAGE_NAMES.length)
  })

  it('filters by a dimension, repeatable', async () => {
    const one = await getJson('/api/requests?window=all&replica=vllm-1&limit=1000')
    const rows = one['rows'] as { dims: { replica: string } }[]
    expect(one['total']).toBe(REQUESTS / 4)
    expect(rows.every((r) => r.dims.replica === 'vllm-1')).toBe(true)
    const two = await getJson('/api/requests?window=all&replica=vllm-1&replica=vllm-2')
    expect(two['total']).toBe(REQUESTS / 2)
  })

  it('defaults to the last 30 minutes before now, and honours from/to and since', async () => {
    expect((await getJson('/api/requests'))['total']).toBe(REQUESTS)
    expect((await getJson('/api/requests?since=5m'))['total']).toBe(0)
    const to = new Date(FIRST_MS + 10 * 37).toISOString()
    expect((await getJson(`/api/requests?from=${FIRST_MS}&to=${to}`))['total']).toBe(10)
  })

  it('returns one request with its spans in start order', async () => {
    const list = await getJson('/api/requests?window=all&limit=1')
    const traceId = (list['rows'] as { trace_id: string }[])[0]!.trace_id
    const body = await getJson(`/api/requests/${traceId.toUpperCase()}`)
    const spans = body['spans'] as {
      name: string
      start_ms: number
      duration_ms: number
      resource: object
    }[]
    expect((body['request'] as { trace_id: string }).trace_id).toBe(traceId)
    expect(spans.map((s) => s.name)).toEqual([
      'chat llama-3-8b',
      'POST /v1/chat/completions',
      'POST',
      'llm_request',
    ])
    expect(spans[3]?.resource).toMatchObject({ 'service.name': 'vllm' })
  })

  it('answers 404 for an unknown trace and 400 for a malformed id', async () => {
    const missing = await getJson(`/api/requests/${'ab'.repeat(16)}`, 404)
    expect(missing).toEqual({
      error: { code: 'NOT_FOUND', message: expect.stringContaining('abab') },
    })
    await getJson('/api/requests/xyz', 400)
  })

  it.each([
    ['limit=abc', 'limit must be an integer 1..1000 (actual: "abc")'],
    ['limit=0', 'limit must be an integer 1..1000 (actual: "0")'],
    ['sort=bogus', 'sort must be one of ttft'],
    ['dir=up', 'dir must be asc or desc (actual: "up")'],
    ['since=yesterday', 'since must be a duration'],
    [
      'from=not-a-time',
      'from must be RFC 3339 text or epoch milliseconds between 1970-01-01T00:00:00Z and 9999-12-31T23:59:59Z (actual: "not-a-time")',
    ],
    [`from=${FIRST_MS + 1000}&to=${FIRST_MS}`, 'from must be before to'],
    ['window=some', 'window must be all or default'],
  ])('answers 400 QUERY_INVALID for %s', async (query, message) => {
    const body = await getJson(`/api/requests?${query}`, 400)
    expect(body).toEqual({
      error: { code: 'QUERY_INVALID', message: expect.stringContaining(message) },
    })
  })
})

describe('GET /api/percentiles', () => {
  it('names values from q and converts durations to ms', async () => {
    const body = await getJson(
      '/api/percentiles?window=all&measure=e2e&measure=input_tokens&q=0.5,0.999'
    )
    const rows = body['rows'] as {
      measure: string
      count: number
      values_ms: Record<string, number>
    }[]
    expect(rows.map((r) => r.measure)).toEqual(['e2e', 'input_tokens'])
    expect(Object.keys(rows[0]!.values_ms)).toEqual(['p50', 'p99.9'])
    expect(rows[0]!.count).toBe(REQUESTS)
    expect(rows[0]!.values_ms['p50']).toBeGreaterThan(800)
    expect(rows[0]!.values_ms['p50']).toBeLessThan(2000)
    expect(rows[1]!.values_ms['p50']).toBe(512)
  })

  it('groups by a dimension and buckets by step', async () => {
    const grouped = await getJson('/api/percentiles?window=all&measure=ttft&group_by=replica')
    expect((grouped['rows'] as unknown[]).length).toBe(4)
    const stepped = await getJson('/api/percentiles?window=all&measure=ttft&step=1s')
    const rows = stepped['rows'] as { bucket_start_ms: number }[]
    expect(rows.length).toBe(2)
    expect(rows[0]!.bucket_start_ms).toBe(FIRST_MS)
  })

  it('rejects a bad quantile, measure, group or a step too small for the window', async () => {
    await getJson('/api/percentiles?window=all&q=1.5', 400)
    await getJson('/api/percentiles?window=all&measure=latency', 400)
    await getJson('/api/percentiles?window=all&group_by=colour', 400)
    const body = await getJson('/api/percentiles?since=30d&step=1s', 400)
    expect(JSON.stringify(body)).toContain('at most 2000 buckets')
  })
})

describe('GET /api/heatmap', () => {
  it('counts every request once on a time × log-value grid', async () => {
    const body = (await getJson('/api/heatmap?window=all&measure=e2e&step=1s&buckets=8')) as {
      step_ms: number
      times_ms: number[]
      bounds_ms: number[]
      counts: number[][]
    }
    expect(body.step_ms).toBe(1000)
    expect(body.times_ms[0]).toBe(FIRST_MS)
    expect(body.bounds_ms).toHaveLength(8)
    expect(body.counts).toHaveLength(body.times_ms.length)
    expect(body.counts.flat().reduce((a, b) => a + b, 0)).toBe(REQUESTS)
    const sorted = [...body.bounds_ms].sort((a, b) => a - b)
    expect(body.bounds_ms).toEqual(sorted)
  })

  it('picks a step when none is given', async () => {
    const body = (await getJson('/api/heatmap?measure=ttft')) as {
      step_ms: number
      times_ms: number[]
    }
    expect(body.step_ms).toBe(30_000)
    expect(body.times_ms.length).toBeLessThanOrEqual(61)
  })
})

describe('GET /api/series and /api/metrics', () => {
  it('returns raw points and the per-second rate of a counter', async () => {
    const raw = (await getJson(
      '/api/series?window=all&name=vllm:prompt_tokens_total&label.pod=vllm-0'
    )) as {
      series: { labels: Record<string, string>; points: [number, number][] }[]
    }
    expect(raw.series).toHaveLength(1)
    expect(raw.series[0]!.labels).toMatchObject({ pod: 'vllm-0' })
    expect(raw.series[0]!.points).toEqual([
      [FIRST_MS, 0],
      [FIRST_MS + 60_000, 600],
      [FIRST_MS + 120_000, 1800],
    ])
    const rate = (await getJson(
      '/api/series?window=all&name=vllm:prompt_tokens_total&fn=rate&step=60s'
    )) as {
      series: { points: [number, number][] }[]
    }
    expect(rate.series[0]!.points.some(([, v]) => v === 20)).toBe(true)
    const none = (await getJson(
      '/api/series?window=all&name=vllm:prompt_tokens_total&label.pod=other'
    )) as {
      series: unknown[]
    }
    expect(none.series).toEqual([])
  })

  it('requires a name and a known fn', async () => {
    await getJson('/api/series?window=all', 400)
    await getJson('/api/series?window=all&name=x&fn=sum', 400)
  })

  it('lists metric families', async () => {
    const body = await getJson('/api/metrics')
    expect(body['metrics']).toEqual(
      expect.arrayContaining([
        { name: 'vllm:prompt_tokens_total', type: 'counter', help: null, unit: null },
      ])
    )
  })
})

describe('/api/events', () => {
  it('takes JSON Lines, reports per-line rejects, and lists events by kind', async () => {
    const t = (offsetMs: number): string => new Date(FIRST_MS + offsetMs).toISOString()
    const body = [
      JSON.stringify({
        time: t(1000),
        kind: 'deploy',
        model: 'llama-3-8b',
        version: '0.6.3',
        message: 'rollout',
      }),
      JSON.stringify({ time: t(2000), kind: 'scale', replica: 'vllm-3' }),
      JSON.stringify({ time: 'never', kind: 'deploy' }),
    ].join('\n')
    const res = await app.request('/api/events', {
      method: 'POST',
      headers: { 'content-type': 'application/x-ndjson' },
      body,
    })
    const posted = (await res.json()) as { accepted: number; rejected: { line: number }[] }
    expect(res.status).toBe(200)
    expect(posted.accepted).toBe(2)
    expect(posted.rejected.map((r) => r.line)).toEqual([3])
    const listed = (await getJson('/api/events?window=all&kind=deploy')) as {
      events: Record<string, unknown>[]
    }
    expect(listed.events).toEqual([
      {
        time_ms: FIRST_MS + 1000,
        time: t(1000),
        kind: 'deploy',
        model: 'llama-3-8b',
        version: '0.6.3',
        replica: null,
        node: null,
        message: 'rollout',
        reason: null,
      },
    ])
    await getJson('/api/events?kind=reboot', 400)
  })

  it("refuses an event before 1970 or past the clock's skew, and keeps window=all usable", async () => {
    const res = await app.request('/api/events', {
      method: 'POST',
      headers: { 'content-type': 'application/x-ndjson' },
      body: [
        JSON.stringify({ time: '0001-01-01T00:00:00Z', kind: 'deploy' }),
        JSON.stringify({ time: new Date(NOW_MS + 3 * 3_600_000).toISOString(), kind: 'scale' }),
        JSON.stringify({ time: new Date(FIRST_MS + 3000).toISOString(), kind: 'config' }),
      ].join('\n'),
    })
    expect(res.status).toBe(200)
    const posted = (await res.json()) as { accepted: number; rejected: { line: number }[] }
    expect(posted.accepted).toBe(1)
    expect(posted.rejected.map((r) => r.line)).toEqual([1, 2])
    // One event in year 1 made the store's span 2,000 years: window=all refused (400).
    await getJson('/api/events?window=all&kind=config')
  })

  it('answers 400 when nothing in the body is an event', async () => {
    const res = await app.request('/api/events', {
      method: 'POST',
      headers: { 'content-type': 'application/x-ndjson' },
      body: 'hello\nworld',
    })
    expect(res.status).toBe(400)
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('INPUT_INVALID')
  })
})

describe('static dashboard', () => {
  it('serves files, falls back to index.html for client routes, keeps /api 404 as JSON', async () => {
    const index = await app.request('/')
    expect(await index.text()).toContain('<title>Tokenline</title>')
    const asset = await app.request('/assets/app.js')
    expect(await asset.text()).toBe('console.log(1)')
    const route = await app.request('/requests/abc')
    expect(route.status).toBe(200)
    expect(await route.text()).toContain('<title>Tokenline</title>')
    const api = await app.request('/api/nope')
    expect(api.status).toBe(404)
    expect(await api.json()).toMatchObject({ error: { code: 'NOT_FOUND' } })
  })
})
