import { describe, expect, it } from 'vitest'
import { createSloService } from '../../alerts/service.js'
import { parseSloSettings } from '../../config/slo.js'
import { createSilentLogger } from '../../core/logger.js'
import type { RequestTimeline } from '../../core/model/request.js'
import { createMemoryStore } from '../../storage/memory/memory-store.js'
import { createMemorySloStore } from '../../storage/memory/slo-store.js'
import { minuteOfRequests } from '../../core/slo/testing/slo-requests.js'
import { countingSink } from '../../ingest/testing/sinks.js'
import type { MetricFamily, ScalarSample } from './exposition.js'
import { createRequestMetrics } from './request-metrics.js'
import { createStateSeries } from './state-series.js'
import { createServerTelemetry } from './telemetry.js'

const T0_US = Date.UTC(2025, 5, 2, 8, 0) * 1000
const MINUTE_US = 60_000_000

function samplesOf(families: readonly MetricFamily[], name: string): ScalarSample[] {
  const f = families.find((x) => x.name === name)
  return f === undefined || f.type === 'histogram' ? [] : [...f.samples]
}

describe('finding, SLO, alert and scrape series', () => {
  it('reads burn rates per window, active alerts, the loop and scrape targets; diagnoses once per interval', async () => {
    const store = createMemoryStore()
    // An hour of 100 requests a minute; in the last 10 minutes half of them miss TTFT < 1 s.
    const requests: RequestTimeline[] = []
    for (let m = 0; m < 60; m++) {
      requests.push(...minuteOfRequests(T0_US + m * MINUTE_US, 100, m >= 50 ? 50 : 0))
    }
    await store.upsertRequests(requests)
    const logger = createSilentLogger()
    let nowMs = (T0_US + 60 * MINUTE_US) / 1000
    const slo = await createSloService({
      store,
      sloStore: createMemorySloStore(),
      settings: parseSloSettings({
        slo: {
          tiers: [{ name: 'chat', objectives: ['ttft p99 < 1s'] }],
          evaluation: { settle: '0s' },
        },
        alerts: {
          rules: [{ name: 'chat-ttft-burn', tier: 'chat', objective: 'ttft_p99', burnRate: true }],
        },
      }),
      logger,
      now: () => nowMs,
      diagnose: () => Promise.resolve([]),
    })
    await slo.tick()
    const telemetry = createServerTelemetry({
      now: () => nowMs,
      requests: createRequestMetrics({ dimensions: ['model'], maxLabelSets: 10 }),
    })
    const series = createStateSeries({
      store,
      slo,
      logger,
      now: () => nowMs,
      telemetry,
      scrapeStatus: () => [
        {
          target: 'http://vllm-0:8000/metrics',
          instance: 'vllm-0:8000',
          replica: 'vllm-0',
          models: [],
          up: true,
          samples: 420,
          rejected: 0,
          durationMs: 12,
          error: null,
        },
        null,
      ],
      findingsWindowMs: 30 * 60_000,
      findingsIntervalMs: 60_000,
    })
    const families = await series.families()

    const burn = new Map(
      samplesOf(families, 'tokenline_slo_burn_rate').map((s) => [
        `${s.labels['slo']} ${s.labels['window']}`,
        s.value,
      ])
    )
    // Bad share over the allowed 1 %: 50 % in the last 5 and 30 minutes, 500 of 6000 over 1 h.
    expect(burn.get('chat/ttft_p99 5m')).toBeCloseTo(50, 6)
    expect(burn.get('chat/ttft_p99 30m')).toBeCloseTo(500 / 3000 / 0.01, 6)
    expect(burn.get('chat/ttft_p99 1h')).toBeCloseTo(500 / 6000 / 0.01, 6)
    expect(burn.has('chat/ttft_p99 6h')).toBe(true)

    const active = samplesOf(families, 'tokenline_alerts')
    expect(active.map((s) => s.labels['alertname'])).toEqual(['chat-ttft-burn'])
    expect(['pending', 'firing']).toContain(active[0]?.labels['alertstate'])
    expect(samplesOf(families, 'tokenline_alert_evaluations')).toEqual([
      { labels: { outcome: 'ok' }, value: 1 },
      { labels: { outcome: 'error' }, value: 0 },
    ])

    // A target never scraped yet has no series: unknown is not "down".
    expect(samplesOf(families, 'tokenline_scrape_target_up')).toEqual([
      { labels: { instance: 'vllm-0:8000', replica: 'vllm-0' }, value: 1 },
    ])

    const findings = samplesOf(families, 'tokenline_finding')
    expect(findings.length).toBeGreaterThan(0)
    for (const f of findings) {
      expect(f.value).toBeGreaterThanOrEqual(0)
      expect(f.value).toBeLessThanOrEqual(1)
    }
    expect(samplesOf(families, 'tokenline_diagnosis_requests')[0]?.value).toBe(3000)

    const runs = () => {
      const f = telemetry
        .families(countingSink())
        .find((x) => x.name === 'tokenline_diagnosis_duration_seconds')
      return f?.type === 'histogram'
        ? f.samples.reduce((n, s) => n + s.counts.reduce((a, b) => a + b, 0), 0)
        : -1
    }
    // Within the interval a scrape reuses the last diagnosis; past it, one more run.
    nowMs += 30_000
    await series.families()
    expect(runs()).toBe(1)
    nowMs += 30_000
    await series.families()
    expect(runs()).toBe(2)
    await slo.stop()
  })
})

describe('a slow diagnosis', () => {
  it('does not hold the scrape past maxWaitMs; its findings come with a later scrape', async () => {
    const inner = createMemoryStore()
    await inner.upsertRequests(minuteOfRequests(T0_US, 100, 0))
    let release = (): void => {}
    const gate = new Promise<void>((resolve) => (release = resolve))
    // Every read of the diagnosis waits for the gate.
    const store = new Proxy(inner, {
      get(target, key) {
        const value: unknown = Reflect.get(target, key, target)
        if (typeof value !== 'function') {
          return value
        }
        return (...args: unknown[]) =>
          gate.then(() => (value as (...a: unknown[]) => unknown).apply(target, args))
      },
    })
    const nowMs = (T0_US + 5 * MINUTE_US) / 1000
    const series = createStateSeries({
      store,
      logger: createSilentLogger(),
      now: () => nowMs,
      telemetry: createServerTelemetry({
        now: () => nowMs,
        requests: createRequestMetrics({ dimensions: [], maxLabelSets: 1 }),
      }),
      scrapeStatus: () => [],
      findingsWindowMs: 30 * 60_000,
      findingsIntervalMs: 60_000,
      maxWaitMs: 50,
    })
    const first = await series.families()
    expect(samplesOf(first, 'tokenline_finding')).toEqual([])
    expect(samplesOf(first, 'tokenline_diagnosis_last_run_timestamp_seconds')).toEqual([])
    release()
    // The run goes on after the first scrape answered; a later scrape of the same interval gets
    // its findings (polled: how long the run takes depends on the machine's load).
    let findings: ScalarSample[] = []
    for (let i = 0; i < 400 && findings.length === 0; i++) {
      findings = samplesOf(await series.families(), 'tokenline_finding')
      if (findings.length === 0) {
        await new Promise((r) => setTimeout(r, 50))
      }
    }
    expect(findings.length).toBeGreaterThan(0)
  })
})
