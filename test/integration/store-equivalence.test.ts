import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { MetricSample } from '../../src/core/model/metric.js'
import type { RequestTimeline } from '../../src/core/model/request.js'
import type { Micros } from '../../src/core/model/units.js'
import { createDuckDbStore } from '../../src/storage/duckdb/duckdb-store.js'
import { createMemoryStore } from '../../src/storage/memory/memory-store.js'
import type { SpanStore } from '../../src/storage/span-store.js'
import { makeRequest, hexId } from '../../src/core/model/testing/builders.js'

/** Deterministic pseudo-random numbers in [0, 1) (a 32-bit LCG). */
function random(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0
    return state / 2 ** 32
  }
}

const T0 = 1_700_000_000_000_000
const pick = <T>(rnd: () => number, list: readonly T[]): T =>
  list[Math.floor(rnd() * list.length)] as T

function makeData(): { requests: RequestTimeline[]; samples: MetricSample[] } {
  const rnd = random(42)
  const requests = Array.from({ length: 4000 }, (_, i) =>
    makeRequest({
      traceId: hexId(i + 1, 32),
      startUs: (T0 + Math.floor(rnd() * 3_600_000_000)) as Micros,
      dims: {
        replica: pick(rnd, ['r-0', 'r-1', 'r-2', null]),
        model: pick(rnd, ['a', 'b']),
        tenant: pick(rnd, ['t1', 't2', 't3']),
      },
      ttftUs: (Math.floor(rnd() ** 3 * 5_000_000) + rnd()) as Micros,
      e2eUs: rnd() < 0.1 ? null : (Math.floor(rnd() * 30_000_000) as Micros),
      stages: { 'engine.queue': rnd() < 0.5 ? null : Math.floor(rnd() * 1000) },
      // Many ties: sorting and percentiles must agree on them too.
      outputTokens: Math.floor(rnd() * 20),
    })
  )
  const samples: MetricSample[] = []
  for (const pod of ['p0', 'p1']) {
    let counter = 0
    const cum = [0, 0, 0, 0]
    for (let t = 0; t < 3600; t += 15) {
      counter = rnd() < 0.02 ? 0 : counter + Math.floor(rnd() * 100)
      samples.push({
        name: 'tokens_total',
        labels: { pod },
        timeUs: (T0 + t * 1e6) as Micros,
        value: counter,
      })
      for (let b = 0; b < 4; b++) {
        cum[b] = (cum[b] as number) + Math.floor(rnd() * 10)
      }
      let running = 0
      ;['0.05', '0.25', '1', '+Inf'].forEach((le, b) => {
        running += cum[b] as number
        samples.push({
          name: 'lat_seconds_bucket',
          labels: { pod, le },
          timeUs: (T0 + t * 1e6) as Micros,
          value: running,
        })
      })
    }
  }
  return { requests, samples }
}

describe('memory and DuckDB stores give identical answers', () => {
  const stores: SpanStore[] = []
  beforeAll(async () => {
    const { requests, samples } = makeData()
    stores.push(createMemoryStore(), await createDuckDbStore({ path: ':memory:' }))
    for (const store of stores) {
      await store.upsertRequests(requests.slice(0, 2000))
      await store.upsertRequests(requests.slice(2000))
      await store.insertMetricSamples(samples)
    }
  })
  afterAll(async () => {
    for (const store of stores) {
      await store.close()
    }
  })

  const both = async <T>(fn: (s: SpanStore) => Promise<T>): Promise<[T, T]> => [
    await fn(stores[0] as SpanStore),
    await fn(stores[1] as SpanStore),
  ]

  it('percentiles (nearest-rank = quantile_disc), grouped and stepped', async () => {
    const quantiles = [0, 0.01, 0.07, 0.25, 0.5, 0.9, 0.95, 0.99, 0.999, 1]
    for (const query of [
      { measures: ['ttft', 'e2e', 'engine.queue', 'output_tokens'] as const, quantiles },
      { measures: ['ttft'] as const, quantiles, groupBy: 'replica' as const },
      {
        measures: ['e2e'] as const,
        quantiles,
        groupBy: 'tenant' as const,
        stepUs: 300_000_000 as Micros,
        filters: { model: ['a'] },
      },
      {
        measures: ['ttft'] as const,
        quantiles: [0.5],
        fromUs: (T0 + 600_000_000) as Micros,
        toUs: (T0 + 1_200_000_000) as Micros,
      },
    ]) {
      const [mem, duck] = await both((s) =>
        s.percentiles({ ...query, measures: [...query.measures] })
      )
      expect(mem.length).toBeGreaterThan(0)
      expect(duck).toEqual(mem)
    }
  })

  it('request pages sorted by measures with ties and nulls', async () => {
    for (const sortBy of ['output_tokens', 'engine.queue', 'e2e', 'start'] as const) {
      for (const sortDir of ['asc', 'desc'] as const) {
        const [mem, duck] = await both((s) =>
          s.queryRequests({
            sortBy,
            sortDir,
            limit: 37,
            offset: 1900,
            filters: { replica: ['r-0', 'r-2'] },
          })
        )
        expect(duck).toEqual(mem)
      }
    }
  })

  it('rate and histogram_quantile series', async () => {
    for (const query of [
      { name: 'tokens_total', fn: 'rate' as const, stepUs: 120_000_000 as Micros },
      {
        name: 'lat_seconds',
        fn: 'histogram_quantile' as const,
        quantile: 0.9,
        stepUs: 300_000_000 as Micros,
      },
      {
        name: 'lat_seconds',
        fn: 'histogram_quantile' as const,
        quantile: 0.5,
        labels: { pod: 'p1' },
      },
    ]) {
      const [mem, duck] = await both((s) => s.querySeries(query))
      expect(mem.length).toBeGreaterThan(0)
      expect(duck).toEqual(mem)
    }
  })
})
