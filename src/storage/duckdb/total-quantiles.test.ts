import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { SpanStore } from '../span-store.js'
import { makeRequest } from '../../core/model/testing/builders.js'
import type { Micros } from '../../core/model/units.js'
import { nearestRankValues } from '../query/nearest-rank.js'
import type { ReadRows } from './connection.js'
import { createDuckDbStore, duckDbSharedOf } from './duckdb-store.js'
import { requestWhere } from './sql.js'
import { totalQuantiles } from './total-quantiles.js'

// The two-scan path must give exactly the port's nearest-rank values, on data with ties, zeros,
// negatives, NULLs and values a bin edge apart.
describe('whole-window quantiles in two scans', () => {
  let store: SpanStore
  const values: Record<'ttft' | 'tpot' | 'e2e', number[]> = { ttft: [], tpot: [], e2e: [] }
  const QS = [0, 0.001, 0.07, 0.25, 0.5, 0.9, 0.95, 0.99, 0.999, 1]

  beforeAll(async () => {
    store = await createDuckDbStore({ path: ':memory:' })
    let seed = 7
    const rand = () => {
      seed = (seed * 1103515245 + 12345) % 2147483648
      return seed / 2147483648
    }
    const edge = Math.exp(3000 / 256)
    const requests = Array.from({ length: 5000 }, (_, i) => {
      const ttft = i % 50 === 0 ? 0 : Math.round(rand() * 1e6) / 8
      const tpot = i % 3 === 0 ? 42 : i % 7 === 0 ? null : edge * (1 + (rand() - 0.5) * 1e-12)
      const e2e = i % 11 === 0 ? -5 : rand() * 1e7
      values.ttft.push(ttft)
      if (tpot !== null) {
        values.tpot.push(tpot)
      }
      values.e2e.push(e2e)
      return makeRequest({
        traceId: (i + 1).toString(16).padStart(32, '0'),
        startUs: (1_700_000_000_000_000 + i) as Micros,
        ttftUs: ttft as Micros,
        tpotUs: tpot as Micros | null,
        e2eUs: e2e as Micros,
      })
    })
    await store.upsertRequests(requests)
  })
  afterAll(() => store.close())

  it('equals the nearest-rank values for every quantile and measure', async () => {
    const fast = await store.percentiles({ measures: ['ttft', 'tpot', 'e2e'], quantiles: QS })
    const expected = (['ttft', 'tpot', 'e2e'] as const).map((m) => {
      const sorted = [...values[m]].sort((a, b) => a - b)
      return [m, sorted.length, nearestRankValues(sorted, QS)]
    })
    expect(fast.map((r) => [r.measure, r.count, r.values])).toEqual(expected)
    // …and they came from the two scans, not from the quantile_disc fallback.
    const shared = duckDbSharedOf(store)
    const rows: ReadRows = (sql, params = []) =>
      shared!.read(async (c) => (await c.runAndReadAll(sql, params)).getRowObjectsJS())
    const direct = await totalQuantiles(rows, requestWhere({}), ['ttft', 'tpot', 'e2e'], QS)
    expect(direct).toEqual(expected.map(([, count, vals]) => ({ count, values: vals })))
  })

  it('keeps a window and filters: no rows gives no row', async () => {
    const none = await store.percentiles({
      measures: ['ttft'],
      quantiles: [0.5],
      fromUs: 1 as Micros,
      toUs: 2 as Micros,
    })
    expect(none).toEqual([])
  })
})
