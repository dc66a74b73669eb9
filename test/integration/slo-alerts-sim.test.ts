/**
 * Alert rules over a simulated fault: a replica cold start makes the e2e tail slow for about
 * three minutes. The rules must stay quiet before it, fire within their `for` window once it
 * starts, and resolve after it ends, with the diagnosis attached.
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createSilentLogger } from '../../src/core/logger.js'
import type { Micros } from '../../src/core/model/units.js'
import { MINUTE_US } from '../../src/core/slo/types.js'
import { parseSloSettings } from '../../src/config/slo.js'
import { createAlertDiagnosis } from '../../src/alerts/diagnose-alert.js'
import { createSloEvaluator, type AlertNotification } from '../../src/alerts/evaluator.js'
import { createSloService } from '../../src/alerts/service.js'
import { createMemoryStore } from '../../src/storage/memory/memory-store.js'
import { createMemorySloStore } from '../../src/storage/memory/slo-store.js'
import { simulateIntoStore, type SimulatedIntoStore } from '../../src/sim/node/into-store.js'

const store = createMemoryStore()
let sim: SimulatedIntoStore

const config = {
  slo: {
    tiers: [
      {
        name: 'chat',
        match: { route: '/v1/chat/completions' },
        objectives: ['e2e p99 < 9s', 'errors < 5%'],
      },
    ],
  },
  alerts: {
    rules: [
      {
        name: 'chat-e2e-p99',
        tier: 'chat',
        objective: 'e2e_p99',
        window: '2m',
        for: '1m',
        resolveFor: '2m',
      },
      {
        name: 'chat-e2e-burn',
        tier: 'chat',
        objective: 'e2e p99',
        burnRate: { windows: [{ long: '3m', short: '1m', factor: 1.5 }] },
        for: '1m',
        resolveFor: '2m',
      },
    ],
  },
}

beforeAll(async () => {
  sim = await simulateIntoStore(store, {
    scenario: 'replica-cold-start',
    seed: 7,
    durationMs: 16 * 60_000,
  })
}, 60_000)

function minutesOf(s: SimulatedIntoStore): Micros[] {
  const out: Micros[] = []
  for (let t = s.startUs + MINUTE_US; t <= s.endUs; t += MINUTE_US) {
    out.push(t as Micros)
  }
  return out
}

describe('alert rules over a simulated replica cold start', () => {
  it('fire within their window after the fault starts and resolve after it ends', async () => {
    const settings = parseSloSettings(config)
    const evaluator = await createSloEvaluator({
      store,
      sloStore: createMemorySloStore(),
      settings,
      logger: createSilentLogger(),
      cursorName: null,
      diagnose: createAlertDiagnosis(store, 3),
    })
    const transitions: AlertNotification[] = await evaluator.evaluateAt(minutesOf(sim))
    const cause = sim.expected.causes[0]
    expect(cause?.cause).toBe('replica.cold_start')
    const faultStartUs = Date.parse(cause?.window.start ?? '') * 1000
    const faultEndUs = Date.parse(cause?.window.end ?? '') * 1000
    for (const rule of ['chat-e2e-p99', 'chat-e2e-burn']) {
      const mine = transitions.filter((t) => t.record.key === rule)
      expect(
        mine.map((t) => t.status),
        rule
      ).toEqual(['firing', 'resolved'])
      const [firing, resolved] = mine as [AlertNotification, AlertNotification]
      // Quiet before the fault; fires within window + for (+1 minute of evaluation grain).
      expect(firing.timeUs).toBeGreaterThan(faultStartUs)
      expect(firing.timeUs).toBeLessThanOrEqual(faultStartUs + 5 * MINUTE_US)
      expect(resolved.timeUs).toBeGreaterThan(faultEndUs)
      expect(resolved.timeUs).toBeLessThan(sim.endUs)
      expect(firing.record.findings.length).toBeGreaterThan(0)
      expect(firing.record.diagnosisWindow?.toUs).toBe(firing.timeUs)
    }
    const firing = transitions.find((t) => t.status === 'firing')
    expect(firing?.record.findings.map((f) => f.cause)).toContain('replica.cold_start')
  }, 30_000)
})

interface Received {
  path: string
  headers: IncomingHttpHeaders
  body: Record<string, unknown>
}

describe('the SLO service notifies webhooks', () => {
  const received: Received[] = []
  const seenKeys = new Set<string>()
  let server: Server
  let baseUrl = ''

  beforeAll(async () => {
    // Answers 503 to the first delivery of each idempotency key: the notifier must retry.
    server = createServer((req, res) => {
      const chunks: Buffer[] = []
      req.on('data', (c: Buffer) => chunks.push(c))
      req.on('end', () => {
        const key = `${req.url}|${String(req.headers['idempotency-key'])}`
        received.push({
          path: req.url ?? '',
          headers: req.headers,
          body: JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>,
        })
        const first = !seenKeys.has(key)
        seenKeys.add(key)
        res.writeHead(first ? 503 : 200).end()
      })
    })
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  })

  afterAll(async () => {
    await new Promise<void>((r) => server.close(() => r()))
  })

  it('posts the firing alert with its findings and the resolution, retrying with one idempotency key', async () => {
    const clock = { ms: sim.startUs / 1000 }
    const service = await createSloService({
      store,
      sloStore: createMemorySloStore(),
      settings: parseSloSettings({
        slo: config.slo,
        alerts: {
          rules: [config.alerts.rules[0]],
          notify: {
            webhooks: [
              { url: `${baseUrl}/tokenline`, format: 'json', backoff: 5 },
              {
                url: `${baseUrl}/am`,
                format: 'alertmanager',
                backoff: 5,
                headers: { authorization: 'Bearer t' },
              },
            ],
          },
        },
      }),
      logger: createSilentLogger(),
      now: () => clock.ms,
    })
    for (let k = 0; k <= 16; k++) {
      clock.ms = sim.startUs / 1000 + k * 60_000 + 30_000
      await service.tick()
    }
    await service.stop()

    const ours = received.filter((r) => r.path === '/tokenline')
    // Each transition: one 503, then one accepted retry with the same key.
    expect(ours.map((r) => r.body['status'])).toEqual(['firing', 'firing', 'resolved', 'resolved'])
    expect(ours[0]?.headers['idempotency-key']).toBe(ours[1]?.headers['idempotency-key'])
    expect(ours[0]?.headers['idempotency-key']).not.toBe(ours[2]?.headers['idempotency-key'])
    const firing = ours[1]?.body ?? {}
    expect(firing['schema']).toBe('tokenline.alert/v1')
    expect(firing['rule']).toBe('chat-e2e-p99')
    expect(firing['tier']).toBe('chat')
    const findings = firing['findings'] as { cause: string }[]
    expect(findings.length).toBeGreaterThan(0)
    expect(findings.map((f) => f.cause)).toContain('replica.cold_start')

    const am = received.filter((r) => r.path === '/am')
    expect(am).toHaveLength(4)
    expect(am[0]?.headers['authorization']).toBe('Bearer t')
    const body = am[1]?.body as {
      version: string
      groupKey: string
      status: string
      alerts: Record<string, unknown>[]
    }
    expect(body.version).toBe('4')
    expect(body.groupKey).toBe('{}:{alertname="chat-e2e-p99"}')
    expect(body.status).toBe('firing')
    const alert = body.alerts[0] as {
      labels: Record<string, string>
      annotations: Record<string, string>
      startsAt: string
      endsAt: string
    }
    expect(alert.labels).toMatchObject({
      alertname: 'chat-e2e-p99',
      tier: 'chat',
      severity: 'page',
    })
    expect(alert.annotations['findings']).toContain('replica.cold_start')
    expect(alert.endsAt).toBe('0001-01-01T00:00:00Z')
    const resolved = (
      am[3]?.body as { alerts: { status: string; startsAt: string; endsAt: string }[] }
    ).alerts[0]
    expect(resolved?.status).toBe('resolved')
    expect(resolved?.startsAt).toBe(alert.startsAt)
    expect(Date.parse(resolved?.endsAt ?? '')).toBeGreaterThan(Date.parse(alert.startsAt))

    // States and history are in the SLO store; slow samples were kept for the breaching minutes.
    const [record] = await service.sloStore.loadAlerts()
    expect(record?.state.status).toBe('resolved')
    expect(record?.state.fireCount).toBe(1)
    const slow = await service.sloStore.querySamples({ kind: 'slow', limit: 1000 })
    expect(slow.rows.some((s) => s.reasons.includes('breach:e2e_p99'))).toBe(true)
    const sample = slow.rows.find((s) => s.reasons.includes('breach:e2e_p99'))
    expect(sample?.spans.length).toBeGreaterThan(0)
    expect(sample?.resources.some((r) => r.scope === 'replica')).toBe(true)
    const baseline = await service.sloStore.querySamples({ kind: 'baseline', limit: 1000 })
    expect(baseline.total).toBeGreaterThan(0)
  }, 30_000)
})
