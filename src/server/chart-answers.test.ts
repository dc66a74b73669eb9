import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { minuteOfRequests } from '../core/slo/testing/slo-requests.js'
import { createDuckDbStore } from '../storage/duckdb/duckdb-store.js'
import { requestRollupOf } from '../storage/rollup/request-rollup.js'
import type { createApp } from './app.js'
import { appOver, tenMinutesOneSlow } from './testing/test-deps.js'

// The chart routes' answers kept per query until a commit writes requests inside their window
// (ADR 0484), over a real DuckDB file: a second look at a window merges none of the rollup's
// buckets again and gets the same bytes; a write inside the window is in the next answer; a write
// outside it keeps the answer.
const T0 = Date.UTC(2025, 1, 3, 10, 0, 0) * 1000
const MIN = 60_000_000
const FROM_MS = T0 / 1000
const TO_MS = FROM_MS + 10 * 60_000
const WINDOW = `from=${FROM_MS}&to=${TO_MS}`
/** The page's first-wave chart calls (web/src/panels/first-wave.ts). */
const CHARTS = [
  `/api/traffic?${WINDOW}&step=60s`,
  `/api/percentiles?${WINDOW}&measure=ttft&measure=tpot&measure=e2e&q=0.5,0.95,0.99&step=60s&approx=true`,
  `/api/percentiles?${WINDOW}&measure=ttft&measure=tpot&measure=e2e&q=0.5,0.99&approx=true`,
  `/api/heatmap?${WINDOW}&measure=ttft&step=60s&buckets=40&approx=true`,
  `/api/stages?${WINDOW}&step=60s&p99=false`,
]

const dir = mkdtempSync(join(tmpdir(), 'tokenline-chart-answers-'))
afterAll(() => rmSync(dir, { recursive: true, force: true, maxRetries: 10, retryDelay: 50 }))

async function serve() {
  const store = await createDuckDbStore({ path: join(dir, 'store.duckdb'), threads: 1 })
  await store.upsertRequests(tenMinutesOneSlow(T0))
  const now = () => TO_MS + 60_000
  const app = appOver(store, now)
  const rollup = requestRollupOf(store)
  if (rollup === null) {
    throw new Error('the DuckDB store keeps a rollup')
  }
  return { store, app, rollup }
}

async function bodies(app: ReturnType<typeof createApp>): Promise<string[]> {
  return Promise.all(
    CHARTS.map(async (url) => {
      const res = await app.request(url)
      expect(res.status, url).toBe(200)
      return res.text()
    })
  )
}

const requestsOf = (traffic: string): number =>
  (JSON.parse(traffic) as { buckets: { requests: number }[] }).buckets.reduce(
    (n, b) => n + b.requests,
    0
  )

describe('chart answers kept until a write in their window (DuckDB file)', () => {
  it('answers a second look from what it kept, the same bytes, merging no bucket again', async () => {
    const { store, app, rollup } = await serve()
    try {
      const first = await bodies(app)
      const served = rollup.stats.bucketsServed
      const filled = rollup.stats.bucketsFilled
      expect(await bodies(app)).toStrictEqual(first)
      expect(rollup.stats.bucketsServed).toBe(served)
      expect(rollup.stats.bucketsFilled).toBe(filled)

      // Outside the window (an hour before it): the answers stay kept.
      await store.upsertRequests(
        minuteOfRequests(T0 - 60 * MIN, 5, 0).map((r, i) => ({
          ...r,
          traceId: `aa${i.toString(16).padStart(30, '0')}`,
        }))
      )
      expect(await bodies(app)).toStrictEqual(first)
      expect(rollup.stats.bucketsServed).toBe(served)

      // Inside it: every chart reads again, and the traffic counts the new requests.
      await store.upsertRequests(
        minuteOfRequests(T0 + 3 * MIN, 7, 7).map((r, i) => ({
          ...r,
          traceId: `bb${i.toString(16).padStart(30, '0')}`,
        }))
      )
      const after = await bodies(app)
      expect(requestsOf(after[0] as string)).toBe(requestsOf(first[0] as string) + 7)
      expect(after[1]).not.toBe(first[1])
      expect(rollup.stats.bucketsServed).toBeGreaterThan(served)
    } finally {
      await store.close()
    }
  })
})
