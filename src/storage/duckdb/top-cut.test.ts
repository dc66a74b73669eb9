import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { makeRequest } from '../../core/model/testing/builders.js'
import type { RequestQuery } from '../../core/model/query.js'
import type { RequestTimeline } from '../../core/model/request.js'
import type { Micros } from '../../core/model/units.js'
import { requestRollupOf, type RequestRollup } from '../rollup/request-rollup.js'
import type { SpanStore } from '../span-store.js'
import { createDuckDbStore } from './duckdb-store.js'

// The slowest requests read through the rollup's cut (ADR 0352) against the same query over
// every row, on real DuckDB files: the same rows in the same order, ties at the page's edges
// and unknown (null) values included.
const T0 = 1_700_000_000_000_000
const MIN = 60_000_000
const WINDOW = { fromUs: T0 as Micros, toUs: (T0 + 30 * MIN) as Micros }

const dir = mkdtempSync(join(tmpdir(), 'tokenline-top-cut-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

let seed = 7
const rand = (): number => {
  seed = (seed * 1103515245 + 12345) % 2147483648
  return seed / 2147483648
}

function requests(): RequestTimeline[] {
  const out: RequestTimeline[] = []
  for (let i = 0; i < 4000; i++) {
    const startUs = T0 + Math.floor(rand() * 30 * MIN)
    // The slowest 60 share three values (ties straddle ranks 20, 30 and 40); a tenth have no
    // E2E, half no TPOT; ITL max is known for 12 requests only.
    const e2e = i < 60 ? [9_000_000, 8_500_000, 8_000_000][i % 3] : 100_000 + rand() * 4_000_000
    out.push(
      makeRequest({
        traceId: (1 + ((i * 7919) % 4000)).toString(16).padStart(32, '0'),
        startUs: startUs as Micros,
        endUs: (startUs + 1_000_000) as Micros,
        ttftUs: (i < 25 ? 777_000 : 20_000 + rand() * 500_000) as Micros,
        tpotUs: (i % 2 === 0 ? null : 5_000 + rand() * 40_000) as Micros | null,
        itlMaxUs: (i % 333 === 0 ? 90_000 : null) as Micros | null,
        e2eUs: (i % 10 === 9 ? null : e2e) as Micros | null,
        dims: { replica: `r${i % 4}` },
      })
    )
  }
  return out
}

describe('the slowest requests through the rollup cut (DuckDB)', () => {
  let warmed: SpanStore
  let cold: SpanStore
  let rollup: RequestRollup

  beforeAll(async () => {
    const list = requests()
    warmed = await createDuckDbStore({ path: join(dir, 'warmed.duckdb'), threads: 1 })
    cold = await createDuckDbStore({ path: join(dir, 'cold.duckdb'), threads: 1 })
    await warmed.upsertRequests(list)
    await cold.upsertRequests(list)
    rollup = requestRollupOf(warmed) as RequestRollup
    await rollup.warm(WINDOW.fromUs, WINDOW.toUs)
    // A filtered view's buckets, as its charts read them.
    await rollup.percentiles({
      ...WINDOW,
      filters: { replica: ['r1'] },
      measures: ['e2e'],
      quantiles: [0.5],
    })
  })

  afterAll(async () => {
    await warmed.close()
    await cold.close()
  })

  const queries: [string, RequestQuery][] = [
    ['E2E, the window', { ...WINDOW, sortBy: 'e2e', sortDir: 'desc', limit: 20 }],
    ['E2E, a tie across the page', { ...WINDOW, sortBy: 'e2e', sortDir: 'desc', limit: 30 }],
    ['E2E, second page', { ...WINDOW, sortBy: 'e2e', sortDir: 'desc', limit: 20, offset: 20 }],
    [
      'E2E, edges that cut buckets',
      {
        fromUs: (T0 + 2_500_000) as Micros,
        toUs: (T0 + 29 * MIN + 7_000_000) as Micros,
        sortBy: 'e2e',
        sortDir: 'desc',
        limit: 20,
      },
    ],
    ['TTFT, 25 equal at the top', { ...WINDOW, sortBy: 'ttft', sortDir: 'desc', limit: 20 }],
    ['TPOT, half unknown', { ...WINDOW, sortBy: 'tpot', sortDir: 'desc', limit: 20 }],
    ['ITL max, fewer known than the page', { ...WINDOW, sortBy: 'itl_max', limit: 20 }],
    [
      'E2E, one replica',
      { ...WINDOW, filters: { replica: ['r1'] }, sortBy: 'e2e', sortDir: 'desc', limit: 20 },
    ],
    ['E2E, fastest first', { ...WINDOW, sortBy: 'e2e', sortDir: 'asc', limit: 20 }],
  ]

  it.each(queries)('%s: the same rows in the same order', async (_, query) => {
    const before = await cold.queryRequests(query)
    const after = await warmed.queryRequests(query)
    expect(after.total).toBe(before.total)
    expect(after.rows.map((r) => r.traceId)).toEqual(before.rows.map((r) => r.traceId))
    expect(after.rows).toEqual(before.rows)
  })

  it('cuts where the kept histograms reach the page, at or below its last value', async () => {
    const cases: [RequestQuery['sortBy'], number, RequestQuery['filters']][] = [
      ['e2e', 20, undefined],
      ['e2e', 40, undefined],
      ['ttft', 20, undefined],
      ['tpot', 20, undefined],
      ['e2e', 20, { replica: ['r1'] }],
    ]
    for (const [measure, n, filters] of cases) {
      const cut = await rollup.topCut({ ...WINDOW, filters, measure: measure as 'e2e' }, n)
      expect(cut, `${measure} ${n}`).not.toBeNull()
      const all = await cold.queryRequests({
        ...WINDOW,
        ...(filters ? { filters } : {}),
        sortBy: measure,
        sortDir: 'desc',
        limit: 4000,
      })
      const field = { e2e: 'e2eUs', ttft: 'ttftUs', tpot: 'tpotUs' }[measure as string] as
        'e2eUs' | 'ttftUs' | 'tpotUs'
      const values = all.rows.map((r) => r[field]).filter((v): v is Micros => v !== null)
      const nth = values[n - 1] as number
      expect(cut as number).toBeLessThanOrEqual(nth)
      // Within one bin (2 %) of the n-th value: few rows beyond the page pass it.
      expect(cut as number).toBeGreaterThan(nth / 1.03)
    }
    // No histogram of the measure, fewer known values than asked, nothing kept for a view.
    expect(await rollup.topCut({ ...WINDOW, filters: undefined, measure: 'start' }, 20)).toBeNull()
    expect(
      await rollup.topCut({ ...WINDOW, filters: undefined, measure: 'itl_max' }, 20)
    ).toBeNull()
    expect(
      await rollup.topCut({ ...WINDOW, filters: { replica: ['r2'] }, measure: 'e2e' }, 20)
    ).toBeNull()
    const coldRollup = requestRollupOf(cold) as RequestRollup
    expect(
      await coldRollup.topCut({ ...WINDOW, filters: undefined, measure: 'e2e' }, 20)
    ).toBeNull()
  })
})
