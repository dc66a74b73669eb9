/**
 * `GET /metrics` over the real pipeline and memory store: spans go in through an instrumented
 * OTLP sink, are assembled, and come out as self-telemetry, derived histograms with exemplars,
 * and finding series. Each exposition is read back with the project's own Prometheus parser and,
 * where the Debian `prometheus` package installed it, linted by `promtool check metrics`.
 */
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { createSilentLogger } from '../../src/core/logger.js'
import type { MetricSample } from '../../src/core/model/metric.js'
import { asMicros } from '../../src/core/model/units.js'
import { parsePrometheusText } from '../../src/core/prom/parse.js'
import { DEFAULTS } from '../../src/config/defaults.js'
import { createIngestPipeline } from '../../src/ingest/pipeline/pipeline.js'
import { createApp } from '../../src/server/app.js'
import { parseTokenFile } from '../../src/server/auth.js'
import { LOOPBACK_HOSTS } from '../../src/server/browser-guard.js'
import { createServerMetrics, createTelemetry } from '../../src/server/metrics/server-metrics.js'
import { createMemoryStore } from '../../src/storage/memory/memory-store.js'
import { makeVllmTrace } from '../../src/core/model/testing/builders.js'

const PROMTOOL = '/usr/bin/promtool'
const PROMETHEUS_ACCEPT =
  'application/openmetrics-text;version=1.0.0;q=0.5,application/openmetrics-text;version=0.0.1;q=0.4,text/plain;version=0.0.4;q=0.3,*/*;q=0.2'
const START_US = 1_760_000_000_000_000
const NOW_MS = START_US / 1000 + 10 * 60_000

async function setUp(options: { security?: boolean } = {}) {
  const store = createMemoryStore()
  const logger = createSilentLogger()
  const now = (): number => NOW_MS
  const settings = { ...DEFAULTS.metrics, maxLabelSets: 2 }
  const telemetry = createTelemetry(settings, now)
  const ingest = createIngestPipeline({
    store: telemetry.instrumentStore(store),
    logger,
    now,
    quietMs: 1,
    sweepIntervalMs: 0,
  })
  const metrics = createServerMetrics({
    store,
    logger,
    now,
    settings,
    version: '0.0.0-test',
    telemetry,
  })
  const security = options.security
    ? {
        grants: parseTokenFile(
          'read read-token-0123456789\nread:tenant=team-a tenant-token-0123456789\n',
          'tokens'
        ),
        allowedHosts: LOOPBACK_HOSTS,
        allowedOrigins: [],
      }
    : undefined
  const app = createApp({
    store,
    ingest: telemetry.instrumentSink(ingest, 'api', 'http'),
    logger,
    now,
    limits: { maxBodyBytes: 1 << 20 },
    version: '0.0.0-test',
    metrics,
    ...(security === undefined ? {} : { security }),
  })
  const otlp = telemetry.instrumentSink(ingest, 'otlp', 'http')
  return { app, otlp, ingest, store }
}

/** Nine requests on three replicas (the cap keeps two), one of them slow in prefill. */
async function feed(otlp: Awaited<ReturnType<typeof setUp>>['otlp']) {
  let spans = 0
  let slowTraceId = ''
  for (let i = 0; i < 9; i++) {
    const trace = makeVllmTrace({
      startUs: asMicros(START_US + i * 1_000_000),
      pod: `vllm-${i % 3}`,
      prefillUs: i === 4 ? 40_000_000 : 50_000,
    })
    if (i === 4) {
      slowTraceId = trace[0]?.traceId ?? ''
    }
    spans += trace.length
    await otlp.submitSpans(trace)
  }
  return { spans, slowTraceId }
}

function value(samples: readonly MetricSample[], name: string, labels: Record<string, string>) {
  const found = samples.filter(
    (s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v)
  )
  return found.length === 0 ? null : found.reduce((sum, s) => sum + s.value, 0)
}

describe('GET /metrics', () => {
  it('exposes self-telemetry and derived request histograms as Prometheus text 0.0.4', async () => {
    const { app, otlp, ingest } = await setUp()
    const { spans } = await feed(otlp)
    await ingest.flush()
    const res = await app.request('/metrics')
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8')
    const text = await res.text()
    const parsed = parsePrometheusText(text, { defaultTimeUs: asMicros(NOW_MS * 1000) })
    expect(parsed.rejected).toEqual([])
    expect(parsed.flavour).toBe('prometheus')
    const s = parsed.samples
    expect(
      value(s, 'otelcol_receiver_accepted_spans_total', { receiver: 'otlp', transport: 'http' })
    ).toBe(spans)
    expect(value(s, 'tokenline_ingest_batches_total', { outcome: 'accepted' })).toBe(9)
    // Every request counted once, TTFT by where it was measured (the probe's client span here).
    expect(value(s, 'tokenline_request_ttft_seconds_count', { origin: 'client' })).toBe(9)
    expect(value(s, 'tokenline_requests_total', { outcome: 'ok' })).toBe(9)
    // Two replicas keep their own series; the third folds into the overflow series.
    expect(value(s, 'tokenline_request_e2e_seconds_count', { replica: 'vllm-0' })).toBe(3)
    expect(value(s, 'tokenline_request_e2e_seconds_count', { replica: 'vllm-2' })).toBeNull()
    expect(value(s, 'tokenline_request_e2e_seconds_count', { otel_metric_overflow: 'true' })).toBe(
      3
    )
    expect(value(s, 'tokenline_metrics_folded_requests_total', {})).toBe(3)
    expect(
      value(s, 'tokenline_request_stage_duration_seconds_bucket', {
        stage: 'engine.prefill',
        le: '+Inf',
      })
    ).toBe(9)
    // The slow prefill (40 s) lies above the 30 s bound and inside the 60 s one.
    expect(
      value(s, 'tokenline_request_stage_duration_seconds_bucket', {
        stage: 'engine.prefill',
        le: '30',
      })
    ).toBe(8)
    expect(
      value(s, 'tokenline_store_write_duration_seconds_count', { operation: 'insert_spans' })
    ).toBeGreaterThan(0)
    // The process's CPU while those writes ran sits beside their duration (null, absent, fails).
    expect(
      value(s, 'tokenline_store_write_cpu_seconds_total', { operation: 'insert_spans' })
    ).toBeGreaterThanOrEqual(0)
    expect(s.some((x) => x.name === 'tokenline_finding')).toBe(true)
    // Re-assembling the same traces does not count them again.
    await ingest.flush()
    const again = parsePrometheusText(await (await app.request('/metrics')).text(), {
      defaultTimeUs: asMicros(NOW_MS * 1000),
    }).samples
    expect(value(again, 'tokenline_requests_total', {})).toBe(9)
  })

  it('answers OpenMetrics with exemplars to a Prometheus Accept header', async () => {
    const { app, otlp, ingest } = await setUp()
    const { slowTraceId } = await feed(otlp)
    await ingest.flush()
    const res = await app.request('/metrics', { headers: { accept: PROMETHEUS_ACCEPT } })
    expect(res.headers.get('content-type')).toBe(
      'application/openmetrics-text; version=1.0.0; charset=utf-8'
    )
    const text = await res.text()
    expect(text.endsWith('# EOF\n')).toBe(true)
    const parsed = parsePrometheusText(text, { defaultTimeUs: asMicros(NOW_MS * 1000) })
    expect(parsed.rejected).toEqual([])
    expect(parsed.flavour).toBe('openmetrics')
    expect(text).toContain('# UNIT tokenline_request_e2e_seconds seconds')
    const slowBucket = text
      .split('\n')
      .find(
        (l) =>
          l.startsWith('tokenline_request_stage_duration_seconds_bucket{') &&
          l.includes('stage="engine.prefill"') &&
          l.includes('le="60.0"') &&
          l.includes(' # {')
      )
    expect(slowBucket).toContain(`# {trace_id="${slowTraceId}"} 40`)
  })

  it.skipIf(!existsSync(PROMTOOL))(
    'passes promtool check metrics (skipped where the prometheus package is absent)',
    async () => {
      const { app, otlp, ingest } = await setUp()
      await feed(otlp)
      await ingest.flush()
      const text = await (await app.request('/metrics')).text()
      const lint = spawnSync(PROMTOOL, ['check', 'metrics'], { input: text, encoding: 'utf8' })
      expect(`${lint.stdout}${lint.stderr}`.trim()).toBe('')
      expect(lint.status).toBe(0)
    }
  )

  it('needs a read token covering all tenants when tokens are configured', async () => {
    const { app } = await setUp({ security: true })
    expect((await app.request('/metrics')).status).toBe(401)
    const auth = (token: string) => ({ headers: { authorization: `Bearer ${token}` } })
    expect((await app.request('/metrics', auth('read-token-0123456789'))).status).toBe(200)
    expect((await app.request('/metrics', auth('tenant-token-0123456789'))).status).toBe(403)
  })
})
