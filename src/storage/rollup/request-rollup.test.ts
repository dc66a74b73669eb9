import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Micros } from '../../core/model/units.js'
import type { PercentileRow } from '../../core/model/query.js'
import { createDuckDbStore } from '../duckdb/duckdb-store.js'
import type { SpanStore } from '../span-store.js'
import { binKey, binValue, RELATIVE_ERROR, type LogHistogram } from './log-histogram.js'
import {
  AGG_MEASURES,
  type AggEntry,
  createRequestRollup,
  lastHourToWarm,
  type HistEntry,
  requestRollupOf,
  type RequestRollup,
} from './request-rollup.js'
import { rollupRequests } from '../testing/rollup-requests.js'

// The rollup against the store's own exact answers, over a real DuckDB store: counts and sums
// equal, quantiles within the stated bound; late data, moved traces and retention reach it.
const T0 = 1_700_000_000_000_000
const MIN = 60_000_000
const request = rollupRequests()

function expectClose(approx: PercentileRow[], exact: PercentileRow[]): void {
  expect(approx.map((r) => [r.measure, r.bucketStartUs, r.count])).toEqual(
    exact.map((r) => [r.measure, r.bucketStartUs, r.count])
  )
  exact.forEach((e, i) =>
    e.values.forEach((v, j) => {
      const a = approx[i]?.values[j] as number
      expect(Math.abs(a - v)).toBeLessThanOrEqual(RELATIVE_ERROR * Math.abs(v) * (1 + 1e-9))
    })
  )
}

describe('request rollup (DuckDB)', () => {
  let store: SpanStore
  let rollup: RequestRollup
  let seed = 11
  const rand = (): number => {
    seed = (seed * 1103515245 + 12345) % 2147483648
    return seed / 2147483648
  }

  beforeAll(async () => {
    store = await createDuckDbStore({ path: ':memory:' })
    rollup = requestRollupOf(store) as RequestRollup
    // 30 minutes, a spike in minute 12, a quiet gap in minute 20.
    const list = Array.from({ length: 6000 }, () => {
      const start = T0 + Math.floor(rand() * 30 * MIN)
      const spike = start >= T0 + 12 * MIN && start < T0 + 13 * MIN ? 20 : 1
      return request(start, Math.round(20_000 + rand() * 80_000) * spike)
    }).filter((r) => r.startUs < T0 + 20 * MIN || r.startUs >= T0 + 21 * MIN)
    await store.upsertRequests(list, { newTraces: true })
  })

  afterAll(async () => {
    await store.close()
  })

  // Edges that cut a 5 s bucket on both sides.
  const window = { fromUs: (T0 + 1_234_567) as Micros, toUs: (T0 + 29 * MIN + 777) as Micros }

  it('gives the store’s exact counts and sums per step, and reads each bucket once', async () => {
    const query = {
      ...window,
      measures: ['e2e', 'engine.queue'] as const,
      stepUs: 15_000_000 as Micros,
    }
    const exact = await store.aggregateRequests({ ...query, measures: [...query.measures] })
    const first = await rollup.aggregate({ ...query, measures: [...query.measures] })
    const filled = rollup.stats.bucketsFilled
    const again = await rollup.aggregate({ ...query, measures: [...query.measures] })
    expect(rollup.stats.bucketsFilled).toBe(filled)
    for (const got of [first, again]) {
      expect(got?.map((r) => [r.bucketStartUs, r.count, r.errors, r.timeouts])).toEqual(
        exact.map((r) => [r.bucketStartUs, r.count, r.errors, r.timeouts])
      )
      got?.forEach((r, i) =>
        r.measures.forEach((m, j) => {
          const e = exact[i]?.measures[j]
          expect([m.count, m.min, m.max]).toEqual([e?.count, e?.min, e?.max])
          expect(m.sum).toBeCloseTo(e?.sum ?? NaN, 3)
        })
      )
    }
  })

  it('gives quantiles within the stated bound, per step and for the whole window', async () => {
    for (const stepUs of [15_000_000, 60_000_000, undefined]) {
      const query = {
        ...window,
        measures: ['ttft', 'tpot', 'e2e'] as const,
        quantiles: [0, 0.5, 0.95, 0.99, 1],
        ...(stepUs === undefined ? {} : { stepUs: stepUs as Micros }),
      }
      const exact = await store.percentiles({ ...query, measures: [...query.measures] })
      const approx = await rollup.percentiles({ ...query, measures: [...query.measures] })
      expect(approx).not.toBeNull()
      expectClose(approx as PercentileRow[], exact)
    }
  })

  it('gives the heatmap the exact range and the exact count per column', async () => {
    const query = { ...window, measure: 'ttft' as const, stepUs: 60_000_000 as Micros, bins: 40 }
    const exact = await store.histogramRequests(query)
    const approx = await rollup.histogram(query)
    expect([approx?.lowUs, approx?.highUs]).toEqual([exact?.lowUs, exact?.highUs])
    const total = (h: typeof exact | undefined): number =>
      (h?.cells ?? []).reduce((n, c) => n + c.count, 0)
    expect(total(approx)).toBe(total(exact))
    // Every column holds the same requests; only their split across bins may differ near edges.
    const byColumn = (h: typeof exact | undefined) =>
      new Map(
        [...new Set(h?.cells.map((c) => c.bucketStartUs))].map((b) => [
          b,
          h?.cells.filter((c) => c.bucketStartUs === b) ?? [],
        ])
      )
    const a = byColumn(approx)
    for (const [b, cells] of byColumn(exact)) {
      const n = cells.reduce((x, c) => x + c.count, 0)
      expect(a.get(b)?.reduce((x, c) => x + c.count, 0)).toBe(n)
    }
  })

  it('answers null where it cannot (group_by, a step no base divides, another measure)', async () => {
    expect(
      await rollup.percentiles({
        ...window,
        measures: ['ttft'],
        quantiles: [0.5],
        groupBy: 'tenant',
      })
    ).toBeNull()
    expect(
      await rollup.aggregate({ ...window, measures: [], stepUs: 7_000_000 as Micros })
    ).toBeNull()
    expect(
      await rollup.percentiles({ ...window, measures: ['input_tokens'], quantiles: [0.5] })
    ).toBeNull()
  })

  it('sees late data, a trace that moved to another bucket, and retention', async () => {
    const query = { ...window, measures: ['ttft'] as const, quantiles: [1] }
    const total = async (): Promise<number> =>
      (await rollup.aggregate({ ...window, measures: [] }))?.[0]?.count ?? 0
    const before = await total()
    await rollup.percentiles({ ...query, measures: [...query.measures] })
    // Late: a slow request lands in a bucket that is already kept.
    const late = request(T0 + 5 * MIN + 1, 9e9)
    await store.upsertRequests([late])
    expect(await total()).toBe(before + 1)
    expect(
      (await rollup.percentiles({ ...query, measures: [...query.measures] }))?.[0]?.values
    ).toEqual([9e9])
    // Moved: the same trace again, now in the quiet gap; its old bucket loses it.
    await store.upsertRequests([
      { ...late, startUs: (T0 + 20 * MIN + 2) as Micros, ttftUs: 5 as Micros },
    ])
    const exact = await store.percentiles({ ...query, measures: [...query.measures] })
    expectClose(
      (await rollup.percentiles({ ...query, measures: [...query.measures] })) ?? [],
      exact
    )
    expect(await total()).toBe(before + 1)
    // Retention: the first ten minutes go.
    while ((await store.deleteBefore('requests', (T0 + 10 * MIN) as Micros, 10_000)) > 0) {
      // deletes in slices
    }
    const after = await store.aggregateRequests({ ...window, measures: [] })
    expect(await total()).toBe(after[0]?.count)
  })
})

describe('request rollup: the times each commit wrote', () => {
  const idle = createRequestRollup({
    aggregates: () => Promise.resolve(new Map()),
    histograms: () => Promise.resolve(new Map()),
  })

  it('tells an answer of a span of times whether a commit since wrote inside it', () => {
    const g = idle.writeGeneration
    expect(idle.untouchedSince(g, 100, 200)).toBe(true)
    idle.invalidate([300, 250])
    idle.noteWrite({ fromUs: 0, toUs: 100 })
    // Half-open on both sides: [0, 100) and [250, 301) miss [100, 200).
    expect(idle.untouchedSince(g, 100, 200)).toBe(true)
    expect(idle.untouchedSince(g, 99, 200)).toBe(false)
    expect(idle.untouchedSince(g, 100, 251)).toBe(false)
    idle.invalidate([])
    expect(idle.untouchedSince(g, 100, 200)).toBe(true)
    // A commit whose times are unknown, a retention cut, a forget-all: everything before them.
    const h = idle.writeGeneration
    idle.noteWrite()
    expect(idle.untouchedSince(h, 1e15, 1e15 + 1)).toBe(false)
    const i = idle.writeGeneration
    idle.invalidateBefore(50)
    expect(idle.untouchedSince(i, 50, 60)).toBe(true)
    expect(idle.untouchedSince(i, 49, 60)).toBe(false)
    const j = idle.writeGeneration
    idle.invalidateAll()
    expect(idle.untouchedSince(j, 100, 200)).toBe(false)
    // A generation not reached yet is never vouched for.
    expect(idle.untouchedSince(idle.writeGeneration + 1, 100, 200)).toBe(false)
  })

  it('names the span within a window that the commits since a generation wrote', () => {
    const g = idle.writeGeneration
    expect(idle.writtenSince(g, 100, 200)).toEqual({ fromUs: 100, toUs: 100 })
    idle.invalidate([150, 120])
    idle.noteWrite({ fromUs: 0, toUs: 50 })
    idle.noteWrite({ fromUs: 180, toUs: 400 })
    // The second commit is outside; the others are cut to the window.
    expect(idle.writtenSince(g, 100, 200)).toEqual({ fromUs: 120, toUs: 200 })
    expect(idle.writtenSince(g, 60, 110)).toEqual({ fromUs: 60, toUs: 60 })
    const h = idle.writeGeneration
    idle.noteWrite()
    expect(idle.writtenSince(h, 100, 200)).toEqual({ fromUs: 100, toUs: 200 })
    expect(idle.writtenSince(idle.writeGeneration + 1, 100, 200)).toBeNull()
  })

  it('stops vouching once the commits since an answer no longer fit in its log', () => {
    const g = idle.writeGeneration
    for (let k = 0; k < 1_023; k++) {
      idle.noteWrite({ fromUs: 0, toUs: 10 })
    }
    expect(idle.untouchedSince(g, 100, 200)).toBe(true)
    idle.noteWrite({ fromUs: 0, toUs: 10 })
    idle.noteWrite({ fromUs: 0, toUs: 10 })
    expect(idle.untouchedSince(g, 100, 200)).toBe(false)
    expect(idle.untouchedSince(idle.writeGeneration - 5, 100, 200)).toBe(true)
  })
})

describe('request rollup: reads after a write', () => {
  it('reads again only the span of the buckets a write touched, not their whole chunk', async () => {
    const asked: [number, number][] = []
    const rollup = createRequestRollup({
      aggregates: (range) => {
        asked.push([range.fromUs, range.toUs])
        return Promise.resolve(new Map())
      },
      histograms: () => Promise.resolve(new Map()),
    })
    const SEC = 1_000_000
    // Ten minutes of 5 s buckets: one chunk of 120.
    const window = { fromUs: (T0 - (T0 % (600 * SEC))) as Micros, measures: [] }
    const query = { ...window, toUs: (window.fromUs + 600 * SEC) as Micros }
    await rollup.aggregate(query)
    expect(asked).toEqual([[query.fromUs, query.toUs]])
    asked.length = 0
    await rollup.aggregate(query)
    expect(asked).toEqual([])
    // Two writes, in buckets 50 and 52: the read spans 50..52, not the 120 buckets.
    rollup.invalidate([query.fromUs + 250 * SEC + 7])
    rollup.invalidate([query.fromUs + 262 * SEC])
    await rollup.aggregate(query)
    expect(asked).toEqual([[query.fromUs + 250 * SEC, query.fromUs + 265 * SEC]])
  })
})

describe('request rollup: percentiles of some measures', () => {
  it('reads only the histograms of the measures asked', async () => {
    const SEC = 1_000_000
    const fromUs = T0 - (T0 % (600 * SEC))
    const histogram = (value: number): LogHistogram => ({
      count: 2,
      min: value,
      max: value * 2,
      bins: new Map([
        [binKey(value), 1],
        [binKey(value * 2), 1],
      ]),
    })
    // A histogram whose bins throw when read: a merge that touches it fails the answer.
    const untouchable: LogHistogram = {
      count: 2,
      min: 1,
      max: 2,
      get bins(): Map<number, number> {
        throw new Error('read the bins of a measure not asked')
      },
    }
    const rollup = createRequestRollup({
      aggregates: () => Promise.resolve(new Map()),
      // Per HIST_MEASURES: ttft, tpot, itl_max, e2e.
      histograms: (range) => {
        const found = new Map<number, HistEntry>()
        for (let b = range.fromUs; b < range.toUs; b += 5 * SEC) {
          found.set(b, [histogram(100), histogram(10), untouchable, histogram(1000)])
        }
        return Promise.resolve(found)
      },
    })
    const rows = await rollup.percentiles({
      fromUs: fromUs as Micros,
      toUs: (fromUs + 60 * SEC) as Micros,
      stepUs: (15 * SEC) as Micros,
      measures: ['ttft', 'tpot', 'e2e'],
      quantiles: [0.5, 0.99],
    })
    // Four 15 s cells of three 5 s buckets, each of two values: per measure six values a cell.
    expect(rows?.map((r) => [r.measure, r.count, r.values])).toEqual(
      ['ttft', 'tpot', 'e2e'].flatMap((m) => {
        const v = m === 'ttft' ? 100 : m === 'tpot' ? 10 : 1000
        return [0, 1, 2, 3].map(() => [
          m,
          6,
          [Math.min(v * 2, Math.max(v, binValue(binKey(v)))), v * 2],
        ])
      })
    )
  })
})

describe('DuckDB store: the times each metric write touched', () => {
  let store: SpanStore
  let rollup: RequestRollup
  beforeAll(async () => {
    store = await createDuckDbStore({ path: ':memory:' })
    rollup = requestRollupOf(store) as RequestRollup
  })
  afterAll(() => store.close())

  const sample = (name: string, minute: number, replica = 'r0') => ({
    name,
    labels: { replica },
    timeUs: (T0 + minute * MIN) as Micros,
    value: 1,
  })
  /** Whether the commits of `write` left `[fromMin, toMin)` untouched. */
  const untouched = async (write: () => Promise<unknown>, fromMin: number, toMin: number) => {
    const g = rollup.writeGeneration
    await write()
    expect(rollup.writeGeneration).toBeGreaterThan(g)
    return rollup.untouchedSince(g, T0 + fromMin * MIN, T0 + toMin * MIN)
  }

  it('samples of known names touch their own times; a new name, or a name gone, every time', async () => {
    const waiting = 'vllm:num_requests_waiting'
    const running = 'vllm:num_requests_running'
    // The first sample of a name: it may be the alias a diagnosis now reads, at any time.
    expect(await untouched(() => store.insertMetricSamples([sample(waiting, 50)]), 0, 10)).toBe(
      false
    )
    // Known now: later samples reach only their own minutes, both ends half-open.
    const scrape = () => store.insertMetricSamples([sample(waiting, 51), sample(waiting, 52)])
    expect(await untouched(scrape, 0, 51)).toBe(true)
    expect(await untouched(scrape, 52.001, 60)).toBe(true)
    expect(await untouched(scrape, 0, 51.001)).toBe(false)
    expect(await untouched(scrape, 52, 60)).toBe(false)
    // A second series of a known name is no new name; a second name in the batch is.
    expect(
      await untouched(() => store.insertMetricSamples([sample(waiting, 53, 'r1')]), 0, 10)
    ).toBe(true)
    const both = () => store.insertMetricSamples([sample(waiting, 54), sample(running, 54)])
    expect(await untouched(both, 0, 10)).toBe(false)

    // Families: the diagnosis reads only their names, which a family of a sample's name is not.
    const family = (name: string) => ({ name, type: 'gauge' as const, help: 'h', unit: null })
    const kv = 'vllm:kv_cache_usage_perc'
    expect(await untouched(() => store.upsertMetricFamilies([family(waiting)]), 0, 10)).toBe(true)
    expect(await untouched(() => store.upsertMetricFamilies([family(kv)]), 0, 10)).toBe(false)
    expect(await untouched(() => store.upsertMetricFamilies([family(kv)]), 0, 10)).toBe(true)

    // Retention: rows before the cut; when a name's last sample goes, every time.
    const cut = (minute: number) => () =>
      store.deleteBefore('metric_samples', (T0 + minute * MIN) as Micros, 100)
    expect(await untouched(cut(51), 52, 60)).toBe(true)
    expect(await untouched(cut(51), 50, 60)).toBe(false)
    expect(await untouched(cut(60), 70, 80)).toBe(false)
    expect((await store.listMetrics()).map((m) => m.name)).toEqual([kv, waiting])
    // Its next sample is a new name again.
    expect(await untouched(() => store.insertMetricSamples([sample(running, 90)]), 0, 10)).toBe(
      false
    )
    expect(await untouched(() => store.insertMetricSamples([sample(waiting, 91)]), 0, 10)).toBe(
      true
    )
  })
})

describe("the start's warm-up", () => {
  it("reads the buckets an hour's charts ask for, so they read no row again", async () => {
    const store = await createDuckDbStore({ path: ':memory:' })
    try {
      const rollup = requestRollupOf(store) as RequestRollup
      // Seventy minutes of requests, ending off any bucket's edge.
      await store.upsertRequests(
        Array.from({ length: 1400 }, (_, i) => request(T0 + i * 3_000_000 + 1_234, 50_000)),
        { newTraces: true }
      )
      const extent = await store.extent()
      const endUs = extent?.endUs as number
      const warm = lastHourToWarm(endUs)
      await rollup.warm(warm.fromUs, warm.toUs, warm.stepUs)
      const filled = rollup.stats.bucketsFilled
      // The last hour on whole steps (ADR 0289), as the page asks it at each step an hour takes.
      for (const stepUs of [15_000_000, 30_000_000]) {
        const toUs = (Math.floor(endUs / stepUs) + 1) * stepUs
        const answer = await rollup.percentiles({
          fromUs: (toUs - 3_600_000_000) as Micros,
          toUs: toUs as Micros,
          measures: ['e2e'],
          quantiles: [0.5, 0.99],
          stepUs: stepUs as Micros,
        })
        expect(answer?.length).toBeGreaterThan(50)
      }
      expect(rollup.stats.bucketsFilled).toBe(filled)
    } finally {
      await store.close()
    }
  })
})

describe('request rollup: answers asked together', () => {
  it('merges each answer in a turn of the event loop of its own (ADR 0438)', async () => {
    const SEC = 1_000_000
    const fromUs = T0 - (T0 % (600 * SEC))
    const histogram = (value: number): LogHistogram => ({
      count: 1,
      min: value,
      max: value,
      bins: new Map([[binKey(value), 1]]),
    })
    const rollup = createRequestRollup({
      aggregates: (range) => {
        const found = new Map<number, AggEntry>()
        for (let b = range.fromUs; b < range.toUs; b += 5 * SEC) {
          const measure = { count: 1, sum: 100, min: 100, max: 100 }
          found.set(b, {
            count: 1,
            errors: 0,
            timeouts: 0,
            measures: AGG_MEASURES.map(() => ({ ...measure })),
          })
        }
        return Promise.resolve(found)
      },
      histograms: (range) => {
        const found = new Map<number, HistEntry>()
        for (let b = range.fromUs; b < range.toUs; b += 5 * SEC) {
          found.set(b, [histogram(100), histogram(10), histogram(20), histogram(1000)])
        }
        return Promise.resolve(found)
      },
    })
    const window = {
      fromUs: fromUs as Micros,
      toUs: (fromUs + 600 * SEC) as Micros,
      stepUs: (15 * SEC) as Micros,
    }
    const ask = () => [
      rollup.percentiles({ ...window, measures: ['ttft', 'e2e'], quantiles: [0.5, 0.99] }),
      rollup.histogram({ ...window, measure: 'e2e', bins: 40 }),
      rollup.aggregate({ ...window, measures: ['e2e', 'engine.queue'] }),
    ]
    await Promise.all(ask())
    // What an answer's merge sees: how many turns of the loop (check phases) have passed. A poll
    // phase, where the server reads other requests and the store's finished reads, runs between
    // two turns.
    let turn = 0
    let ticking = true
    const tick = (): void => {
      turn++
      if (ticking) {
        setImmediate(tick)
      }
    }
    setImmediate(tick)
    const turns = await Promise.all(ask().map((p) => p.then(() => turn)))
    ticking = false
    // On the old rollup all three merged in the microtasks of the turn that asked: [0, 0, 0].
    expect(new Set(turns).size).toBe(3)
  })
})
