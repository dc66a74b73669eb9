import { describe, expect, it } from 'vitest'
import { DIMENSIONS, STAGE_NAMES, type RequestTimeline } from '../../core/model/request.js'
import { asMicros } from '../../core/model/units.js'
import { hexId, makeRequest } from '../../core/model/testing/builders.js'
import { createDuckDbStore } from './duckdb-store.js'

describe('chunked request appends', () => {
  it('stores every request of a call larger than one chunk, every column and null, exactly', async () => {
    const store = await createDuckDbStore({ path: ':memory:' })
    // 4 100 requests: two full chunks of 2 048 and a partial one; each column null on some rows.
    const requests: RequestTimeline[] = Array.from({ length: 4100 }, (_, i) =>
      makeRequest({
        traceId: hexId(i + 1, 32),
        startUs: asMicros(1_760_000_000_000_000 + i * 1000),
        endUs: asMicros(1_760_000_000_000_000 + i * 1000 + 999),
        dims: Object.fromEntries(
          DIMENSIONS.map((d, k) => [d, (i + k) % 3 === 0 ? null : `${d} ☃ ${i % 17}`])
        ),
        stages: Object.fromEntries(
          STAGE_NAMES.map((s, k) => [s, (i + k) % 4 === 0 ? null : i * 10 + k + 0.5])
        ),
        downstreamName: i % 2 === 0 ? null : 'vllm',
        ttftUs: i % 5 === 0 ? null : asMicros(1000 + i),
        ttftSource: i % 5 === 0 ? null : 'engine',
        tpotUs: i % 6 === 0 ? null : asMicros(20 + i),
        itlMaxUs: i % 7 === 0 ? null : asMicros(30 + i),
        e2eUs: asMicros(999),
        inputTokens: i % 8 === 0 ? null : i,
        outputTokens: i % 9 === 0 ? null : 2 * i,
        cachedTokens: i % 2 === 0 ? null : 3,
        status: i % 3 === 0 ? null : 200 + (i % 300),
        errorType: i % 11 === 0 ? 'timeout' : null,
        retries: i % 4 === 0 ? null : i % 3,
        connectionReused: i % 3 === 0 ? null : i % 2 === 0,
        tlsResumed: i % 5 === 0 ? null : i % 3 === 0,
        hasClient: i % 2 === 0,
        hasGateway: i % 3 === 0,
        hasEngine: i % 5 !== 0,
        spanCount: i % 9,
      })
    )
    await store.upsertRequests(requests)
    for (const i of [0, 1, 2047, 2048, 2049, 3333, 4099]) {
      const r = requests[i] as RequestTimeline
      expect(await store.getRequest(r.traceId)).toEqual(r)
    }
    const all = await store.queryRequests({})
    expect(all.total).toBe(requests.length)
    await store.close()
  }, 60_000)
})

describe('replacing upserts', () => {
  it('replaces only the traces of each call, across calls and after a failed one', async () => {
    const store = await createDuckDbStore({ path: ':memory:' })
    const at = (i: number, e2e: number): RequestTimeline =>
      makeRequest({
        traceId: hexId(i + 1, 32),
        startUs: asMicros(1_760_000_000_000_000 + i * 1000),
        endUs: asMicros(1_760_000_000_000_000 + i * 1000 + e2e),
        e2eUs: asMicros(e2e),
      })
    // 3 000 in one call: more than one chunk.
    await store.upsertRequests(Array.from({ length: 3000 }, (_, i) => at(i, 10)))
    await store.upsertRequests([at(1, 20)])
    await store.upsertRequests([at(2, 30), at(2999, 40)])
    // A call that fails part way must replace nothing, and must not change what later calls replace.
    const broken = { ...at(5, 50), startUs: Number.NaN } as unknown as RequestTimeline
    await store.upsertRequests([broken]).catch(() => undefined)
    await store.upsertRequests([at(3, 60)])
    expect((await store.queryRequests({})).total).toBe(3000)
    for (const [i, e2e] of [
      [0, 10],
      [1, 20],
      [2, 30],
      [3, 60],
      [5, 10],
      [2999, 40],
    ] as const) {
      expect((await store.getRequest(hexId(i + 1, 32)))?.e2eUs).toBe(e2e)
    }
    await store.close()
  }, 60_000)
})
