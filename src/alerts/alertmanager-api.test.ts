import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { createSilentLogger } from '../core/logger.js'
import type { Finding } from '../core/model/diagnosis.js'
import type { Micros } from '../core/model/units.js'
import type { AlertRecord } from '../storage/slo-store.js'
import type { WebhookTarget } from '../config/slo.js'
import { alertmanagerAlertsUrl, createNotifier } from './notifier.js'

/**
 * `postableAlerts` of Alertmanager's api/v2/openapi.yaml: an array of alerts, each with a
 * required, non-empty `labels` label set, optional `annotations`, `startsAt` and `endsAt`
 * (date-time) and `generatorURL` (uri); nothing else. Label names as Alertmanager validates
 * them, values never empty.
 */
const labelSet = z.record(z.string().regex(/^[a-zA-Z_][a-zA-Z0-9_]*$/), z.string().min(1))
const postableAlerts = z.array(
  z
    .object({
      labels: labelSet.refine((l) => Object.keys(l).length > 0, 'at least one label pair'),
      annotations: z.record(z.string(), z.string()).optional(),
      startsAt: z.iso.datetime().optional(),
      endsAt: z.iso.datetime().optional(),
      generatorURL: z.url().optional(),
    })
    .strict()
)
type Posted = z.infer<typeof postableAlerts>[number]

const T0_MS = 1_760_000_000_000
const MINUTE_MS = 60_000

const finding: Finding = {
  cause: 'replica.cold_start',
  confidence: 0.9,
  scope: { dimension: 'replica', value: 'vllm-3' },
  window: null,
  evidence: [
    { metric: 'ttft', observed: 2400, baseline: 300, text: 'TTFT p99 of vllm-3 is 8× the rest' },
  ],
  actions: ['warm pool'],
}

function record(status: 'firing' | 'resolved'): AlertRecord {
  return {
    key: 'interactive-ttft-burn',
    kind: 'burn_rate',
    tier: 'interactive',
    objective: 'ttft_p99',
    severity: 'page',
    state: {
      status,
      activeSinceUs: null,
      firingSinceUs: (T0_MS * 1000) as Micros,
      clearSinceUs: null,
      resolvedAtUs: null,
      lastEvalUs: null,
      lastValue: 1.4,
      fireCount: 1,
    },
    labels: { team: 'serving', empty: '' },
    annotations: {},
    detail: { burn_1h: 16.2, burn_5m: 21.4 },
    findings: [finding],
    diagnosisWindow: {
      fromUs: ((T0_MS - 15 * MINUTE_MS) * 1000) as Micros,
      toUs: (T0_MS * 1000) as Micros,
    },
  }
}

let server: Server
let baseUrl = ''
const received: { path: string; alerts: Posted[] }[] = []
const refused: string[] = []

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = ''
    req.setEncoding('utf8')
    req.on('data', (chunk: string) => (body += chunk))
    req.on('end', () => {
      const parsed = postableAlerts.safeParse(JSON.parse(body))
      if (req.method !== 'POST' || req.url !== '/api/v2/alerts' || !parsed.success) {
        refused.push(`${req.method} ${req.url} ${parsed.error?.message ?? ''}`)
        res.statusCode = 400
        res.end('{"code":400,"message":"bad request"}')
        return
      }
      received.push({ path: req.url, alerts: parsed.data })
      res.statusCode = 200
      res.end()
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve))
})

beforeEach(() => {
  received.length = 0
  refused.length = 0
})

function target(url: string): WebhookTarget {
  return {
    url,
    format: 'alertmanager-api',
    headers: {},
    maxAttempts: 2,
    timeoutMs: 5000,
    backoffMs: 1,
    resendIntervalMs: MINUTE_MS,
  }
}

describe('alertmanager-api receiver', () => {
  it('finds /api/v2/alerts under a base URL and keeps one that names it', () => {
    expect(alertmanagerAlertsUrl('http://am:9093')).toBe('http://am:9093/api/v2/alerts')
    expect(alertmanagerAlertsUrl('http://am:9093/prefix/')).toBe(
      'http://am:9093/prefix/api/v2/alerts'
    )
    expect(alertmanagerAlertsUrl('http://am:9093/api/v2/alerts')).toBe(
      'http://am:9093/api/v2/alerts'
    )
  })

  it('posts firing, re-posts while firing, then posts resolved, each valid against the v2 schema', async () => {
    let nowMs = T0_MS
    const notifier = createNotifier({
      webhooks: [target(baseUrl)],
      logger: createSilentLogger(),
      externalUrl: 'http://tokenline.internal:4320/',
      sleep: () => Promise.resolve(),
      now: () => nowMs,
    })
    notifier.notify({
      status: 'firing',
      timeUs: (T0_MS * 1000) as Micros,
      record: record('firing'),
    })
    await notifier.idle()
    expect(refused).toEqual([])
    expect(received).toHaveLength(1)
    const first = received[0]?.alerts[0]
    expect(first?.labels).toEqual({
      team: 'serving',
      alertname: 'interactive-ttft-burn',
      severity: 'page',
      tier: 'interactive',
      objective: 'ttft_p99',
      slo: 'interactive/ttft_p99',
      cause: 'replica.cold_start',
      scope: 'replica=vllm-3',
    })
    expect(first?.annotations?.['evidence']).toBe('TTFT p99 of vllm-3 is 8× the rest')
    expect(first?.annotations?.['summary']).toContain('tier interactive objective ttft_p99')
    expect(first?.annotations?.['dashboard_url']).toBe(
      `http://tokenline.internal:4320/?from=${T0_MS - 15 * MINUTE_MS}&to=${T0_MS}&replica=vllm-3`
    )
    expect(first?.startsAt).toBe(new Date(T0_MS).toISOString())
    expect(first?.endsAt).toBe(new Date(T0_MS + 4 * MINUTE_MS).toISOString())

    // Within the resend interval nothing is posted; past it, the same alert again.
    nowMs = T0_MS + 30_000
    notifier.resend([record('firing')])
    await notifier.idle()
    expect(received).toHaveLength(1)
    nowMs = T0_MS + MINUTE_MS
    notifier.resend([record('firing')])
    await notifier.idle()
    expect(received).toHaveLength(2)
    const again = received[1]?.alerts[0]
    expect(again?.labels).toEqual(first?.labels)
    expect(again?.startsAt).toBe(first?.startsAt)
    expect(again?.endsAt).toBe(new Date(T0_MS + 5 * MINUTE_MS).toISOString())

    nowMs = T0_MS + 3 * MINUTE_MS
    const resolvedAtUs = ((T0_MS + 3 * MINUTE_MS) * 1000) as Micros
    notifier.notify({ status: 'resolved', timeUs: resolvedAtUs, record: record('resolved') })
    notifier.resend([record('resolved')])
    await notifier.idle()
    expect(received).toHaveLength(3)
    const resolved = received[2]?.alerts[0]
    expect(resolved?.labels).toEqual(first?.labels)
    expect(resolved?.endsAt).toBe(new Date(T0_MS + 3 * MINUTE_MS).toISOString())
    expect(refused).toEqual([])
    expect(notifier.totals()).toEqual([
      { format: 'alertmanager-api', outcome: 'delivered', count: 3 },
    ])
  })

  it('posts a rule found firing at start at once, and counts a refused post as failed', async () => {
    const notifier = createNotifier({
      webhooks: [target(`${baseUrl}/wrong/api/v2/alerts`)],
      logger: createSilentLogger(),
      externalUrl: null,
      sleep: () => Promise.resolve(),
      now: () => T0_MS,
    })
    notifier.resend([record('firing')])
    await notifier.idle()
    expect(received).toHaveLength(0)
    expect(refused).toHaveLength(1)
    expect(notifier.totals()).toEqual([{ format: 'alertmanager-api', outcome: 'failed', count: 1 }])
  })
})
