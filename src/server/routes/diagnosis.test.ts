import { describe, expect, it } from 'vitest'
import { minuteOfRequests } from '../../core/slo/testing/slo-requests.js'
import { parseSloSettings } from '../../config/slo.js'
import { createSilentLogger } from '../../core/logger.js'
import { createIngestPipeline } from '../../ingest/pipeline/pipeline.js'
import { createSloService } from '../../alerts/service.js'
import { createMemorySloStore } from '../../storage/memory/slo-store.js'
import { createMemoryStore } from '../../storage/memory/memory-store.js'
import { createApp } from '../app.js'

const T0 = Date.UTC(2025, 1, 3, 10, 0, 0) * 1000
const MIN = 60_000_000

/** 200 requests at 100 ms TTFT, 4 of them at 2000 ms (p99 2 s), a tier with `ttft p99 < 800ms`. */
async function setup() {
  const store = createMemoryStore()
  const nowMs = T0 / 1000 + 10 * 60_000
  const slo = await createSloService({
    store,
    sloStore: createMemorySloStore(),
    settings: parseSloSettings({
      slo: { tiers: [{ name: 'all', objectives: ['ttft p99 < 800ms'] }] },
    }),
    logger: createSilentLogger(),
    now: () => nowMs,
  })
  await store.upsertRequests([
    ...minuteOfRequests(T0, 100, 2),
    ...minuteOfRequests(T0 + MIN, 100, 2),
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
  return { app, ingest }
}

describe('GET /api/diagnosis SLO parameters', () => {
  it('slo_*_ms replace the configured targets for the request; bad ones are a 400', async () => {
    const { app, ingest } = await setup()
    try {
      const breached = async (query: string): Promise<unknown> => {
        const res = await app.request(`/api/diagnosis?window=all${query}`)
        expect(res.status).toBe(200)
        return ((await res.json()) as { slo_breached: unknown }).slo_breached
      }
      expect(await breached('')).toBe(true)
      expect(await breached('&slo_ttft_ms=5000')).toBe(false)
      expect(await breached('&slo_e2e_ms=1000')).toBe(true)

      const bad = await app.request('/api/diagnosis?window=all&slo_ttft_ms=fast')
      expect(bad.status).toBe(400)
      expect(await bad.json()).toEqual({
        error: {
          code: 'QUERY_INVALID',
          message: 'slo_ttft_ms must be a positive number of milliseconds (actual: "fast")',
        },
      })
    } finally {
      await ingest.close()
    }
  })
})

describe('GET /api/diagnosis and /api/concentration asked together', () => {
  it('read the window once, and answer as each does alone', async () => {
    const store = createMemoryStore()
    await store.upsertRequests([
      ...minuteOfRequests(T0, 100, 2),
      ...minuteOfRequests(T0 + MIN, 100, 2),
    ])
    const nowMs = T0 / 1000 + 10 * 60_000
    let scans = 0
    // The first scan is held until a second one arrives or both routes have had ample time to
    // reach theirs (a few ms each over 200 requests): so the two reads overlap, as the page's do.
    // The bound only limits how long a broken sharing waits before it fails; a busy host that
    // takes seconds between the two routes must not make it fail.
    let release = (): void => undefined
    const held = new Promise<void>((r) => (release = r))
    let timer: NodeJS.Timeout | undefined
    const counted = {
      ...store,
      scanRequestColumns: async (query: Parameters<typeof store.scanRequestColumns>[0]) => {
        scans++
        if (scans === 1) {
          timer = setTimeout(release, 10_000)
        } else {
          release()
        }
        await held
        return store.scanRequestColumns(query)
      },
    }
    const ingest = createIngestPipeline({ store, logger: createSilentLogger(), now: () => nowMs })
    const app = createApp({
      store: counted,
      ingest,
      logger: createSilentLogger(),
      now: () => nowMs,
      limits: { maxBodyBytes: 1 << 20 },
      version: 'test',
    })
    try {
      const window = `from=${T0 / 1000}&to=${T0 / 1000 + 2 * 60_000}`
      const [diagnosis, concentration] = await Promise.all([
        app.request(`/api/diagnosis?${window}`),
        app.request(`/api/concentration?${window}&measure=ttft`),
      ])
      clearTimeout(timer)
      expect([diagnosis.status, concentration.status]).toEqual([200, 200])
      expect(scans).toBe(1)
      const together = [await diagnosis.json(), await concentration.json()]
      // One at a time (a memory store keeps no answer): the same bodies, from a scan each.
      const alone = [
        await (await app.request(`/api/diagnosis?${window}`)).json(),
        await (await app.request(`/api/concentration?${window}&measure=ttft`)).json(),
      ]
      expect(scans).toBe(3)
      expect(together).toEqual(alone)
    } finally {
      clearTimeout(timer)
      await ingest.close()
    }
  })
})

describe('GET /api/concentration of a measure the window lacks', () => {
  it('gives the slow threshold as null, not 0 ms, and no stage means (no request has a TPOT)', async () => {
    const { app, ingest } = await setup()
    try {
      const res = await app.request('/api/concentration?window=all&measure=tpot')
      expect(res.status).toBe(200)
      const body = (await res.json()) as { threshold_ms: unknown; total: number; slow: number }
      expect(body).toMatchObject({ threshold_ms: null, total: 0, slow: 0, stages: [] })
    } finally {
      await ingest.close()
    }
  })
})
