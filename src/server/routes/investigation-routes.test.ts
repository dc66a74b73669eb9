import { Hono } from 'hono'
import { beforeAll, describe, expect, it } from 'vitest'
import { AppError } from '../../core/errors.js'
import type { Micros } from '../../core/model/units.js'
import { createMemoryStore } from '../../storage/memory/memory-store.js'
import { makeRequest } from '../../core/model/testing/builders.js'
import type { AppDeps } from '../app-deps.js'
import { registerDiagnosisRoutes } from './diagnosis.js'
import { registerRequestRoutes } from './requests.js'

const T0 = 1_700_000_040_000 // epoch ms, a minute boundary
const us = (ms: number) => (ms * 1000) as Micros
const SPIKE_FROM = T0 + 5 * 60_000
const SPIKE_TO = SPIKE_FROM + 60_000

// Ten minutes of 100 ms TTFT on four replicas; in minute 5, 40 requests on r9 wait 820 ms.
async function makeApp(): Promise<Hono> {
  const store = createMemoryStore()
  const rows = []
  for (let i = 0; i < 200; i++) {
    const queueMs = 10 + (i % 7) * 3
    rows.push(
      makeRequest({
        traceId: `a${i.toString(16).padStart(31, '0')}`,
        startUs: us(T0 + i * 3000),
        ttftUs: us(queueMs + 80),
        e2eUs: us(queueMs + 80 + 900),
        dims: { replica: `r${i % 4}`, model: 'm' },
        stages: {
          'engine.queue': us(queueMs),
          'engine.prefill': us(80),
          'engine.decode': us(900),
        },
      })
    )
  }
  for (let i = 0; i < 40; i++) {
    rows.push(
      makeRequest({
        traceId: `b${i.toString(16).padStart(31, '0')}`,
        startUs: us(SPIKE_FROM + i * 1000),
        ttftUs: us(900 + i),
        e2eUs: us(1800 + i),
        dims: { replica: 'r9', model: 'm' },
        stages: {
          'engine.queue': us(820 + i),
          'engine.prefill': us(80),
          'engine.decode': us(900),
        },
      })
    )
  }
  await store.upsertRequests(rows)
  const app = new Hono()
  const deps = { store, now: () => T0 + 600_000 } as unknown as AppDeps
  registerRequestRoutes(app, deps)
  registerDiagnosisRoutes(app, deps)
  app.onError((err, c) =>
    c.json(
      { error: { code: err instanceof AppError ? err.code : 'INTERNAL', message: err.message } },
      err instanceof AppError ? 400 : 500
    )
  )
  return app
}

const windowQs = `from=${T0}&to=${T0 + 600_000}`

describe('investigation queries', () => {
  let app: Hono
  beforeAll(async () => {
    app = await makeApp()
  })

  it('lists only requests whose measure lies in the value range, sorted by it', async () => {
    const res = await app.request(
      `/api/requests?${windowQs}&range_measure=ttft&min_ms=500&max_ms=920&sort=ttft&limit=100`
    )
    expect(res.status).toBe(200)
    const body = (await res.json()) as { total: number; rows: { ttft_ms: number }[] }
    expect(body.total).toBe(20)
    expect(body.rows.map((r) => r.ttft_ms)).toEqual(Array.from({ length: 20 }, (_, i) => 919 - i))
  })

  it('refuses bounds without a measure', async () => {
    const res = await app.request(`/api/requests?${windowQs}&min_ms=500`)
    expect(res.status).toBe(400)
    expect(await res.text()).toContain('range_measure')
  })

  it('explains a spike: its slow requests against the rest, with the TTFT stages that grew', async () => {
    const res = await app.request(
      `/api/concentration?${windowQs}&measure=ttft&slow_ms=300&slow_from=${SPIKE_FROM}&slow_to=${SPIKE_TO}`
    )
    expect(res.status).toBe(200)
    const body = (await res.json()) as {
      slow: number
      total: number
      baseline: string
      rows: { dimension: string; value: string; slow_share: number }[]
      stages: { stage: string; excess_ms: number; slow_mean_ms: number }[]
    }
    expect(body.slow).toBe(40)
    expect(body.total).toBe(240)
    expect(body.baseline).toBe('before')
    expect(body.rows[0]).toMatchObject({ dimension: 'replica', value: 'r9', slow_share: 1 })
    // TTFT stages only: decode is after the first token.
    expect(body.stages.map((s) => s.stage)).not.toContain('engine.decode')
    const top = [...body.stages].sort((a, b) => b.excess_ms - a.excess_ms)[0]
    expect(top?.stage).toBe('engine.queue')
    expect(top?.slow_mean_ms).toBeCloseTo(839.5, 1)
  })

  it('compares a wide selection with the rest of the view, not with its short past', async () => {
    const res = await app.request(
      `/api/concentration?${windowQs}&measure=ttft&slow_ms=300&slow_from=${T0 + 60_000}&slow_to=${T0 + 600_000}`
    )
    const body = (await res.json()) as { baseline: string; slow: number }
    expect(body.baseline).toBe('rest')
    expect(body.slow).toBe(40)
  })

  it('keeps a rectangle top edge: slow values stay below slow_max_ms', async () => {
    const res = await app.request(
      `/api/concentration?${windowQs}&measure=ttft&slow_ms=300&slow_max_ms=920&slow_from=${SPIKE_FROM}&slow_to=${SPIKE_TO}`
    )
    expect(((await res.json()) as { slow: number }).slow).toBe(20)
  })
})
