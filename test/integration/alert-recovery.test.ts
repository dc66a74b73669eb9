/**
 * A resolved alert names what ended it. A canary of a slower engine version makes TPOT's tail
 * slow; a rollback deploy ends it. The TPOT alert fires after the canary and resolves after the
 * rollback, and the resolved notification (Tokenline JSON and Alertmanager webhook, over a real
 * socket) names the rollback as the coinciding change and decode as the stage that recovered.
 *
 *   09:00            09:11:51 canary v0.10.0         09:15 rollback     09:22
 *     │ TPOT p99 ≈ 8 ms │ TPOT p99 ≈ 16 ms              │ ≈ 8 ms           │
 */
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createSloService } from '../../src/alerts/service.js'
import { parseSloSettings } from '../../src/config/slo.js'
import { createSilentLogger } from '../../src/core/logger.js'
import { simulateIntoStore, type SimulatedIntoStore } from '../../src/sim/node/into-store.js'
import { createMemoryStore } from '../../src/storage/memory/memory-store.js'
import { createMemorySloStore } from '../../src/storage/memory/slo-store.js'
import type { SpanStore } from '../../src/storage/span-store.js'

const ROLLBACK_MS = 15 * 60_000
let store: SpanStore
let sim: SimulatedIntoStore
let server: Server
let baseUrl = ''
const received: { path: string; body: Record<string, unknown> }[] = []

beforeAll(async () => {
  // The reference store: what is under test is the alert path, and the run holds ~9k requests.
  store = createMemoryStore()
  sim = await simulateIntoStore(store, {
    scenario: 'version-regression',
    seed: 2,
    durationMs: 22 * 60_000,
    rollbackAtMs: ROLLBACK_MS,
  })
  server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      received.push({
        path: req.url ?? '',
        body: JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>,
      })
      res.writeHead(200).end()
    })
  })
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
}, 300_000)

afterAll(async () => {
  await new Promise<void>((r) => server.close(() => r()))
  await store.close()
})

interface Recovery {
  change: { kind: string; time: string; version: string | null; description: string } | null
  other_changes: number
  verdict: string
  measures: Record<'ttft' | 'tpot' | 'e2e', { change: number; interval: [number, number] }>
  stage: {
    stage: string
    p50: { change: number; interval: [number, number] }
    p99: { change: number; interval: [number, number] }
  } | null
  text: string
}

describe('a resolved alert', () => {
  it('names the rollback that ended it and decode as the stage that recovered', async () => {
    const clock = { ms: sim.startUs / 1000 }
    const service = await createSloService({
      store,
      sloStore: createMemorySloStore(),
      settings: parseSloSettings({
        alerts: {
          rules: [
            {
              name: 'tpot-tail',
              // The fleet's TPOT P99 is about 8 ms; the canary's slower steps push it to ~16 ms.
              percentile: { measure: 'tpot', q: 0.99, thresholdMs: 11, window: '2m' },
              for: '1m',
              resolveFor: '2m',
            },
          ],
          notify: {
            webhooks: [
              { url: `${baseUrl}/tokenline`, format: 'json' },
              { url: `${baseUrl}/am`, format: 'alertmanager' },
            ],
          },
        },
        slo: { evaluation: { settle: '0s' } },
      }),
      logger: createSilentLogger(),
      now: () => clock.ms,
    })
    for (let k = 1; k <= 22; k++) {
      clock.ms = sim.startUs / 1000 + k * 60_000
      await service.tick()
    }
    await service.stop()

    const ours = received.filter((r) => r.path === '/tokenline').map((r) => r.body)
    expect(ours.map((b) => b['status'])).toEqual(['firing', 'resolved'])
    expect(ours[0]?.['recovery']).toBeNull()
    const resolved = ours[1]!
    const rollbackIso = new Date(sim.startUs / 1000 + ROLLBACK_MS).toISOString()
    expect(Date.parse(String(resolved['ends_at']))).toBeGreaterThan(Date.parse(rollbackIso))
    const recovery = resolved['recovery'] as Recovery
    // The rollback, not the canary that started the incident.
    expect(recovery.change?.kind).toBe('deploy')
    expect(recovery.change?.time).toBe(rollbackIso)
    expect(recovery.stage?.stage).toBe('engine.decode')
    expect(recovery.stage?.p99.change).toBeLessThan(-0.1)
    // Its fall is clear at the median or the tail: the 95 % interval of one is below zero.
    const upper = [recovery.stage!.p50.interval[1], recovery.stage!.p99.interval[1]]
    expect(Math.min(...upper)).toBeLessThan(0)
    expect(recovery.verdict).toBe('improved')
    // Both of the rollout's per-replica events are the one change it names.
    expect(recovery.other_changes).toBe(0)
    expect(recovery.measures.tpot.change).toBeLessThan(-0.2)
    expect(recovery.measures.tpot.interval[1]).toBeLessThan(0)
    expect(String(resolved['summary'])).toContain(`coincided with deploy at ${rollbackIso}`)
    expect(String(resolved['summary'])).toContain('engine.decode recovered')

    const am = received.filter((r) => r.path === '/am').map((r) => r.body)
    expect(am.map((b) => b['status'])).toEqual(['firing', 'resolved'])
    const annotations = (am[1]?.['alerts'] as { annotations: Record<string, string> }[])[0]
      ?.annotations
    expect(annotations?.['recovered_stage']).toBe('engine.decode')
    expect(annotations?.['recovery_change']).toContain(`deploy at ${rollbackIso}`)
    expect(annotations?.['recovery']).toBe(recovery.text)
  }, 300_000)
})
