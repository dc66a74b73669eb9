import { describe, expect, it } from 'vitest'
import { DIMENSIONS, STAGE_NAMES, type RequestTimeline } from '../../core/model/request.js'
import { asMicros } from '../../core/model/units.js'
import { hexId, makeRequest } from '../../core/model/testing/builders.js'
import { createDuckDbStore, duckDbSharedOf } from './duckdb-store.js'

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

describe('a value in one row of a write', () => {
  it('is stored for every column, in whichever row and chunk it is the only value', async () => {
    // Most columns of a request are NULL in every row of a write (ADR 0398, 0401); a write that
    // left a column out, or read its values from another chunk, would lose a lone value here.
    // Each nullable column is set in one row only, spread over both chunks and their edges.
    const N = 4096
    const scalars: [keyof RequestTimeline, unknown][] = [
      ['downstreamName', 'vllm'],
      ['ttftUs', asMicros(1500)],
      ['ttftSource', 'engine'],
      ['tpotUs', asMicros(25)],
      ['itlMaxUs', asMicros(80)],
      ['e2eUs', asMicros(900)],
      ['inputTokens', 812],
      ['outputTokens', 64],
      ['cachedTokens', 512],
      ['status', 503],
      ['errorType', 'timeout'],
      ['retries', 2],
      ['connectionReused', false],
      ['tlsResumed', true],
    ]
    const lone: { row: number; set: (r: RequestTimeline) => RequestTimeline }[] = [
      ...DIMENSIONS.map((d) => (r: RequestTimeline) => ({
        ...r,
        dims: { ...r.dims, [d]: `${d} ☃` },
      })),
      ...STAGE_NAMES.map((s, k) => (r: RequestTimeline) => ({
        ...r,
        stages: { ...r.stages, [s]: 100 + k + 0.25 },
      })),
      ...scalars.map(([field, value]) => (r: RequestTimeline) => ({ ...r, [field]: value })),
    ].map((set, k) => ({
      // Rows 0, 2047, 2048 and 4095 (both chunks' edges) first, the others 90 rows apart.
      row: [0, 2047, 2048, N - 1][k] ?? 100 + (k - 4) * 90,
      set,
    }))
    const requests: RequestTimeline[] = Array.from({ length: N }, (_, i) =>
      makeRequest({
        traceId: hexId(i + 1, 32),
        startUs: asMicros(1_760_000_000_000_000 + i * 1000),
        endUs: asMicros(1_760_000_000_000_000 + i * 1000 + 999),
      })
    )
    for (const { row, set } of lone) {
      requests[row] = set(requests[row] as RequestTimeline)
    }
    const rows = new Set(lone.map((l) => l.row))
    expect(rows.size).toBe(lone.length)

    const store = await createDuckDbStore({ path: ':memory:' })
    try {
      // The pipeline's path (new traces, no delete), then a replacing upsert of one row that
      // sets a column its first version left NULL.
      await store.upsertRequests(requests, { newTraces: true })
      const replaced = { ...(requests[1] as RequestTimeline), retries: 7 }
      await store.upsertRequests([replaced])
      requests[1] = replaced
      for (const i of [...rows, 1, 2, 4094]) {
        const r = requests[i] as RequestTimeline
        expect(await store.getRequest(r.traceId)).toEqual(r)
      }
      // Every column's values: one per lone column (two for `retries`), none lost elsewhere.
      const counts = await duckDbSharedOf(store)?.read(async (c) => {
        const names = (
          await c.runAndReadAll(
            "SELECT column_name FROM duckdb_columns() WHERE table_name = 'requests' ORDER BY column_index"
          )
        )
          .getRowsJS()
          .map((row) => String(row[0]))
        const [values] = (
          await c.runAndReadAll(
            `SELECT ${names.map((n) => `count("${n}")`).join(', ')} FROM requests`
          )
        ).getRowsJS()
        return Object.fromEntries(names.map((n, k) => [n, Number(values?.[k])]))
      })
      const always = [
        'trace_id',
        'start_us',
        'end_us',
        'has_client',
        'has_gateway',
        'has_engine',
        'span_count',
      ]
      expect(counts).toEqual(
        Object.fromEntries(
          Object.keys(counts ?? {}).map((n) => [
            n,
            always.includes(n) ? N : n === 'retries' ? 2 : 1,
          ])
        )
      )
      expect(Object.keys(counts ?? {})).toHaveLength(always.length + lone.length)
    } finally {
      await store.close()
    }
  }, 60_000)
})
