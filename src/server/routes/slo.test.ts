import { parseSloSettings } from '../../config/slo.js'
import { describe, expect, it } from 'vitest'
import { minuteOfRequests } from '../../core/slo/testing/slo-requests.js'
import { createSilentLogger } from '../../core/logger.js'
import type { Micros } from '../../core/model/units.js'
import { createIngestPipeline } from '../../ingest/pipeline/pipeline.js'
import { createSloService } from '../../alerts/service.js'
import { createMemorySloStore } from '../../storage/memory/slo-store.js'
import { createMemoryStore } from '../../storage/memory/memory-store.js'
import { createApp } from '../app.js'

const T0 = Date.UTC(2025, 1, 3, 10, 0, 0) * 1000
const MIN = 60_000_000

async function setup() {
  const store = createMemoryStore()
  const nowMs = T0 / 1000 + 10 * 60_000
  const slo = await createSloService({
    store,
    sloStore: createMemorySloStore(),
    settings: parseSloSettings({
      slo: {
        tiers: [
          { name: 'gold', match: { tenant: 'acme' }, objectives: ['ttft p99 < 800ms'] },
          { name: 'rest', objectives: ['ttft p95 < 800ms', 'errors < 1%'] },
        ],
      },
    }),
    logger: createSilentLogger(),
    now: () => nowMs,
  })
  await store.upsertRequests([
    ...minuteOfRequests(T0, 100, 0, { dims: { tenant: 'acme' } }),
    ...minuteOfRequests(T0 + MIN, 100, 3, { dims: { tenant: 'acme' } }),
    ...minuteOfRequests(T0, 20, 2, { dims: { tenant: 'other' } }),
  ])
  const ingest = createIngestPipeline({ store, logger: createSilentLogger(), now: () => nowMs })
  const app = createApp({
    store,
    ingest,
    logger: createSilentLogger(),
    now: () => nowMs,
    limits: { maxBodyBytes: 1 << 20 },
    version: 'test',
    slo,
  })
  return { app, slo, ingest, store }
}

describe('SLO routes', () => {
  it('GET /api/slo reports per-tier compliance, budget and per-minute series', async () => {
    const { app, ingest } = await setup()
    try {
      const res = await app.request('/api/slo?window=all')
      expect(res.status).toBe(200)
      const body = (await res.json()) as {
        tiers: { name: string; requests: number; objectives: Record<string, unknown>[] }[]
      }
      const [gold, rest] = body.tiers
      expect(gold).toMatchObject({ name: 'gold', requests: 200 })
      expect(gold?.objectives[0]).toMatchObject({
        id: 'ttft_p99',
        text: 'ttft p99 < 800ms',
        requests: 200,
        bad: 3,
        bad_share: 0.015,
        budget_consumed: 1.5,
        compliance: 0.5,
        minutes_with_data: 2,
      })
      const series = gold?.objectives[0]?.['series'] as { compliant: boolean; value: number }[]
      expect(series.map((s) => s.compliant)).toEqual([true, false])
      expect(series[1]?.value).toBe(2000)
      expect(rest).toMatchObject({ name: 'rest', requests: 20 })
      expect(rest?.objectives.map((o) => o['id'])).toEqual(['ttft_p95', 'error_rate'])
      expect(rest?.objectives[0]).toMatchObject({ bad: 2, budget_consumed: 2 })
      // Filters narrow the requests.
      const filtered = (await (await app.request('/api/slo?window=all&tenant=other')).json()) as {
        tiers: { requests: number }[]
      }
      expect(filtered.tiers.map((t) => t.requests)).toEqual([0, 20])
    } finally {
      await ingest.close()
    }
  })

  it('GET /api/samples filters by tier, kind and dimension and rejects bad parameters', async () => {
    const { app, slo, ingest } = await setup()
    try {
      await slo.sampleKeeper.keepMinutes(
        T0 as Micros,
        (T0 + 2 * MIN) as Micros,
        (T0 + 10 * MIN) as Micros
      )
      const slow = (await (
        await app.request('/api/samples?window=all&tier=gold&kind=slow&limit=500')
      ).json()) as { total: number; rows: { tier: string; kind: string; reasons: string[] }[] }
      // 3 breaching in minute 1 (also among the 5 slowest) + 5 slowest in each minute.
      expect(slow.total).toBe(10)
      expect(slow.rows.filter((r) => r.reasons.includes('breach:ttft_p99'))).toHaveLength(3)
      expect(slow.rows.every((r) => r.tier === 'gold' && r.kind === 'slow')).toBe(true)
      const baseline = (await (
        await app.request('/api/samples?window=all&kind=baseline&tenant=other')
      ).json()) as { total: number }
      expect(baseline.total).toBe(2)
      const bad = await app.request('/api/samples?window=all&kind=fast')
      expect(bad.status).toBe(400)
      const missing = await app.request('/api/samples/ffff')
      expect(missing.status).toBe(404)
      const alerts = (await (await app.request('/api/alerts')).json()) as {
        alerts: unknown[]
        history: unknown[]
      }
      expect(alerts).toEqual({ alerts: [], history: [] })
    } finally {
      await ingest.close()
    }
  })
})
