/**
 * A LiteLLM-style gateway's spans made with the OpenTelemetry JS SDK and exported over OTLP to a
 * real ingest server: SERVER `POST /v1/chat/completions` with `auth`, `rate-limit` and `router`
 * children, then one CLIENT span per upstream call with GenAI attributes, `server.address` =
 * `vllm-a` or `vllm-b` and `gen_ai.response.time_to_first_chunk`. No engine spans. In the second
 * half of the window `vllm-b` answers its first chunk 3× slower.
 *
 * ```
 * entry  |auth|rate-limit|router|··|chat m → vllm-a|b ···· first chunk ······················|·|
 *         1    5          7     9 12                 12 + ttfc                           ≈ 4.5 s
 * ```
 */
import type { AddressInfo } from 'node:net'
import { serve, type ServerType } from '@hono/node-server'
import { context, SpanKind, trace, type Tracer } from '@opentelemetry/api'
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-proto'
import { resourceFromAttributes } from '@opentelemetry/resources'
import { BasicTracerProvider, BatchSpanProcessor } from '@opentelemetry/sdk-trace-base'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApp } from '../../src/server/app.js'
import { createOtlpApp } from '../../src/server/otlp-app.js'
import { makeDeps, type TestDeps } from '../../src/server/testing/test-deps.js'

const CALLS = 40
// The start of the previous hour: the 10 minutes of calls then fall in one `step=1h` bucket
// whatever the time the test runs (stage buckets are aligned to the epoch).
const T0 = Math.floor(Date.now() / 3_600_000) * 3_600_000 - 3_600_000
const SPACING_MS = 15_000

let deps: TestDeps
let server: ServerType
const expectedTtftMs = new Map<string, number>()

beforeAll(async () => {
  deps = makeDeps()
  server = await new Promise<ServerType>((resolve) => {
    const s = serve({ fetch: createOtlpApp(deps).fetch, port: 0, hostname: '127.0.0.1' }, () =>
      resolve(s)
    )
  })
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/traces`
  const provider = new BasicTracerProvider({
    resource: resourceFromAttributes({
      'service.name': 'litellm',
      'service.instance.id': 'litellm-0',
    }),
    spanProcessors: [
      new BatchSpanProcessor(new OTLPTraceExporter({ url }), {
        maxQueueSize: 4096,
        maxExportBatchSize: 1024,
      }),
    ],
  })
  const tracer = provider.getTracer('litellm')
  for (let i = 0; i < CALLS; i++) {
    const deployment = i % 2 === 0 ? 'vllm-a' : 'vllm-b'
    const slow = deployment === 'vllm-b' && i >= CALLS / 2
    const ttfcS = (slow ? 3 : 1) * (0.15 + (i % 5) * 0.01)
    const { traceId, ttftMs } = liteLlmCall(tracer, T0 + i * SPACING_MS, deployment, ttfcS)
    expectedTtftMs.set(traceId, ttftMs)
  }
  await provider.forceFlush()
  await provider.shutdown()
  await deps.ingest.flush()
}, 60_000)

afterAll(async () => {
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()))
  await deps?.ingest.close()
})

/** One call; returns its trace id and the TTFT the user waited, from the gateway's entry. */
function liteLlmCall(
  tracer: Tracer,
  t0: number,
  deployment: string,
  ttfcS: number
): { traceId: string; ttftMs: number } {
  const entry = tracer.startSpan('POST /v1/chat/completions', {
    kind: SpanKind.SERVER,
    startTime: t0,
    attributes: {
      'http.request.method': 'POST',
      'http.route': '/v1/chat/completions',
      'http.response.status_code': 200,
    },
  })
  const inEntry = trace.setSpan(context.active(), entry)
  tracer.startSpan('auth', { startTime: t0 + 1 }, inEntry).end(t0 + 5)
  tracer.startSpan('rate-limit', { startTime: t0 + 5 }, inEntry).end(t0 + 7)
  tracer.startSpan('router', { startTime: t0 + 7 }, inEntry).end(t0 + 9)
  const callStart = t0 + 12
  const callEnd = callStart + ttfcS * 1000 + 4300
  tracer
    .startSpan(
      'chat m',
      {
        kind: SpanKind.CLIENT,
        startTime: callStart,
        attributes: {
          'gen_ai.operation.name': 'chat',
          'gen_ai.request.model': 'm',
          'gen_ai.system': 'hosted_vllm',
          'server.address': deployment,
          'server.port': 8000,
          'gen_ai.response.time_to_first_chunk': ttfcS,
          'gen_ai.usage.input_tokens': 300,
          'gen_ai.usage.output_tokens': 431,
        },
      },
      inEntry
    )
    .end(callEnd)
  entry.end(callEnd + 3)
  return { traceId: entry.spanContext().traceId, ttftMs: 12 + ttfcS * 1000 }
}

async function getJson<T>(path: string): Promise<T> {
  const res = await createApp(deps).request(path)
  expect(res.status).toBe(200)
  return (await res.json()) as T
}

describe('a LiteLLM-style gateway traced with the OTel SDK', () => {
  it('counts TTFT from the entry, not from the upstream call', async () => {
    expect((await deps.store.stats()).requests).toBe(CALLS)
    for (const [traceId, ttftMs] of expectedTtftMs) {
      const r = await deps.store.getRequest(traceId)
      expect(r).toMatchObject({ ttftSource: 'gateway', hasClient: false, hasEngine: false })
      expect((r?.ttftUs ?? 0) / 1000).toBeCloseTo(ttftMs, 1)
    }
    const one = await getJson<{ request: Record<string, unknown> }>(
      `/api/requests/${[...expectedTtftMs.keys()][0]}`
    )
    expect(one.request).toMatchObject({
      ttft_source: 'gateway',
      has_client: false,
      tpot_ms: null,
      itl_max_ms: null,
    })
    // No per-token timing anywhere: TPOT is an estimate from E2E, TTFT and 431 output tokens.
    expect(one.request['tpot_estimate_ms']).toBeCloseTo(4303 / 430, 1)
  })

  it('makes server.address the replica dimension, so the slow deployment stands out', async () => {
    const dims = await getJson<{ dimensions: Record<string, { value: string; count: number }[]> }>(
      '/api/dimensions'
    )
    expect(dims.dimensions['replica']).toEqual([
      { value: 'vllm-a', count: CALLS / 2 },
      { value: 'vllm-b', count: CALLS / 2 },
    ])
    const pct = await getJson<{
      rows: { group: string; values_ms: Record<string, number | null> }[]
    }>('/api/percentiles?window=all&measure=ttft&group_by=replica&q=0.99')
    const p99 = new Map(pct.rows.map((r) => [r.group, r.values_ms['p99'] ?? 0]))
    expect(p99.get('vllm-b')).toBeGreaterThan(2 * (p99.get('vllm-a') ?? Infinity))
    // TPOT has no measured value: the API has no row for it, never a 0.
    const tpot = await getJson<{ rows: unknown[] }>('/api/percentiles?window=all&measure=tpot')
    expect(tpot.rows).toEqual([])
  })

  it('stage view: before the first token only the upstream call up to its first chunk counts', async () => {
    const res = await getJson<{
      buckets: { count: number; stages: Record<string, { count: number; mean_ms: number }> }[]
    }>(`/api/stages?from=${T0}&to=${T0 + CALLS * SPACING_MS}&step=1h`)
    expect(res.buckets).toHaveLength(1)
    const b = res.buckets[0]!
    const share = (stage: string) => {
      const s = b.stages[stage]
      return s === undefined ? 0 : (s.mean_ms * s.count) / b.count
    }
    const afterFirstToken = new Set(['engine.decode', 'gateway.stream', 'stream'])
    let before = 0
    let all = 0
    for (const stage of Object.keys(b.stages)) {
      all += share(stage)
      before += afterFirstToken.has(stage) ? 0 : share(stage)
    }
    const meanTtft = [...expectedTtftMs.values()].reduce((a, v) => a + v, 0) / CALLS
    // Before the first token: TTFT plus the entry's 3 ms after the call (unattributed).
    expect(before).toBeGreaterThan(meanTtft)
    expect(before).toBeLessThan(meanTtft + 5)
    expect(share('gateway.upstream')).toBeLessThan(meanTtft)
    // All stages still add up to the mean E2E (4.3 s after the first chunk).
    expect(all).toBeCloseTo(meanTtft + 4300 + 3, 0)
  })
})
