import { describe, expect, it } from 'vitest'
import { frameFromRequests } from '../../src/core/diagnosis/frame/frame.js'
import type { RequestTimeline } from '../../src/core/model/request.js'
import type { Micros } from '../../src/core/model/units.js'
import { createDuckDbStore } from '../../src/storage/duckdb/duckdb-store.js'
import { createMemoryStore } from '../../src/storage/memory/memory-store.js'
import type { SpanStore } from '../../src/storage/span-store.js'
import { makeRequest, hexId } from '../../src/core/model/testing/builders.js'
import { loadWindow } from '../../src/core/diagnosis/frame/load-window.js'

const T0 = 1_750_000_000_000_000
const us = (n: number): Micros => n as Micros

/** Requests covering what the frame derives: every TTFT source, nulls, empty strings, flags. */
function seeded(): RequestTimeline[] {
  const sources = ['client', 'gateway', 'engine', null] as const
  return Array.from({ length: 40 }, (_, i) =>
    makeRequest({
      traceId: hexId(1000 - i, 32),
      startUs: us(T0 + Math.floor(i / 3) * 1_000_000),
      endUs: us(T0 + Math.floor(i / 3) * 1_000_000 + 1_000_000),
      dims: {
        model: i % 7 === 0 ? null : `m${i % 3}`,
        replica: i % 5 === 0 ? '' : `r${i % 4}`,
        tenant: i % 2 === 0 ? 't' : null,
      },
      stages: {
        'client.dns': i % 4 === 0 ? 1000 : null,
        network: i % 3 === 0 ? 0 : 2500,
        'gateway.auth': i % 2 === 0 ? 300 : null,
        downstream: i % 6 === 0 ? 7000 : null,
        'engine.queue': i * 10,
      },
      ttftUs: i % 9 === 0 ? null : us(50_000 + i),
      ttftSource: sources[i % 4] ?? null,
      tpotUs: us(20_000),
      e2eUs: i % 8 === 0 ? null : us(900_000),
      inputTokens: i % 5 === 1 ? null : 100 + i,
      status: i % 10 === 0 ? 503 : 200,
      errorType: i % 10 === 0 ? 'http_503' : null,
      downstreamName: i % 6 === 0 ? 'redis' : null,
      retries: i % 3 === 0 ? 1 : null,
      connectionReused: i % 3 === 0 ? null : i % 3 === 1,
      tlsResumed: i % 4 === 0 ? true : null,
      hasClient: i % 4 === 0,
      hasGateway: i % 2 === 0,
      hasEngine: true,
    })
  )
}

async function check(store: SpanStore): Promise<void> {
  const requests = seeded()
  await store.upsertRequests(requests)
  const inOrder = [...requests].sort((a, b) =>
    a.startUs !== b.startUs ? a.startUs - b.startUs : a.traceId < b.traceId ? -1 : 1
  )
  const all = await loadWindow(store, { requestsOnly: true })
  expect(all.frame.n).toBe(40)
  expect(all.frame).toEqual(frameFromRequests(inOrder))

  const filtered = await loadWindow(store, {
    fromUs: us(T0 + 2_000_000),
    toUs: us(T0 + 10_000_000),
    filters: { model: ['m1', 'm2'] },
    requestsOnly: true,
  })
  const expected = inOrder.filter(
    (r) =>
      r.startUs >= T0 + 2_000_000 &&
      r.startUs < T0 + 10_000_000 &&
      (r.dims.model === 'm1' || r.dims.model === 'm2')
  )
  expect(filtered.frame.n).toBe(expected.length)
  expect(filtered.frame).toEqual(frameFromRequests(expected))
  await store.close()
}

describe('loadWindow', () => {
  it('builds from the memory store the same frame as from the request rows', async () => {
    await check(createMemoryStore())
  })

  it('builds from the DuckDB store the same frame as from the request rows', async () => {
    await check(await createDuckDbStore({ path: ':memory:' }))
  })
})
