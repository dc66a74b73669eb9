import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import type { DuckDBValue } from '@duckdb/node-api'
import type { Micros } from '../../core/model/units.js'
import {
  createRequestRollup,
  requestRollupOf,
  type RequestRollup,
  type SavedBucket,
} from '../rollup/request-rollup.js'
import type { SpanStore } from '../span-store.js'
import { createDuckDbStore, duckDbSharedOf, type DuckDbShared } from './duckdb-store.js'
import { duckDbRollupSource } from './rollup-fill.js'
import { toNumber } from './connection.js'
import { readSavedRollup } from './rollup-persist.js'
import { rollupRequests } from '../testing/rollup-requests.js'

// The rollup a store saves at close and reads back at its next open (ADR 0351), over a real
// DuckDB file: the buckets read back are the ones a fresh scan of the rows gives, and a write to
// `requests` after the save, by any store, leaves them unread.
const T0 = 1_700_000_000_000_000
const MIN = 60_000_000
/** Aligned on the rollup's 5 s buckets at both ends: every bucket of it is kept and saved. */
const WINDOW = { fromUs: T0, toUs: T0 + 20 * MIN }

const dir = mkdtempSync(join(tmpdir(), 'tokenline-rollup-persist-'))
const path = join(dir, 'store.duckdb')
afterAll(() => rmSync(dir, { recursive: true, force: true }))

const request = rollupRequests()

const open = async (): Promise<{
  store: SpanStore
  rollup: RequestRollup
  shared: DuckDbShared
}> => {
  const store = await createDuckDbStore({ path, threads: 1 })
  return {
    store,
    rollup: requestRollupOf(store) as RequestRollup,
    shared: duckDbSharedOf(store) as DuckDbShared,
  }
}

const byKey = (buckets: SavedBucket[]): Map<string, SavedBucket['entry']> =>
  new Map(buckets.map((b) => [`${b.kind}|${b.baseUs}|${b.bucketUs}`, b.entry]))

/** The window's buckets read from the rows now, by a rollup of its own (nothing kept). */
async function freshScan(shared: DuckDbShared): Promise<Map<string, SavedBucket['entry']>> {
  const rows = (sql: string, params: DuckDBValue[] = []) =>
    shared.read(async (c) => (await c.runAndReadAll(sql, params)).getRowObjectsJS())
  const fresh = createRequestRollup(duckDbRollupSource(rows))
  await fresh.warm(WINDOW.fromUs, WINDOW.toUs)
  return byKey(fresh.saved())
}

describe('saved request rollup (DuckDB file)', () => {
  it('reads back at open the buckets a fresh scan gives, bucket by bucket, and reads no rows', async () => {
    let seed = 7
    const rand = (): number => {
      seed = (seed * 1103515245 + 12345) % 2147483648
      return seed / 2147483648
    }
    const first = await open()
    await first.store.upsertRequests(
      Array.from({ length: 4000 }, () =>
        request(T0 + Math.floor(rand() * 20 * MIN), Math.round(20_000 + rand() * 80_000))
      ),
      { newTraces: true }
    )
    await first.rollup.warm(WINDOW.fromUs, WINDOW.toUs)
    const kept = first.rollup.saved()
    // 240 five-second buckets of each kind.
    expect(kept.length).toBe(480)
    await first.store.close()

    const second = await open()
    // The window's warm-up (as at a server's start) waits for the saved buckets and reads no row.
    await second.rollup.warm(WINDOW.fromUs, WINDOW.toUs)
    expect(second.rollup.stats.bucketsFilled).toBe(0)
    const restored = byKey(second.rollup.saved())
    expect(restored.size).toBe(480)
    expect(restored).toEqual(await freshScan(second.shared))
    expect(restored).toEqual(byKey(kept))
    // The window's first look answers from them, the rows unread.
    const query = { ...WINDOW, measures: ['e2e' as const], stepUs: 15_000_000 as Micros }
    const answer = await second.rollup.aggregate({
      ...query,
      fromUs: query.fromUs as Micros,
      toUs: query.toUs as Micros,
    })
    expect(second.rollup.stats.bucketsFilled).toBe(0)
    expect(answer).toEqual(
      await second.store.aggregateRequests({
        ...query,
        fromUs: query.fromUs as Micros,
        toUs: query.toUs as Micros,
      })
    )
    await second.store.close()
  })

  it('leaves the saved buckets unread after a write to requests commits, until a store saves again', async () => {
    const third = await open()
    const saved = async (): Promise<number> =>
      (await third.shared.read((c) => readSavedRollup(c))).length
    expect(await saved()).toBe(480)
    // An import into the file while the server is down: a request inside a saved bucket. Had
    // this process died before saving, the next open would read the rollup from the rows.
    await third.store.upsertRequests([request(T0 + 3 * MIN + 1_000_000, 50_000)])
    expect(await saved()).toBe(0)
    // This store's own buckets forgot what it wrote: it saves the others at close.
    await third.store.close()
    const fourth = await open()
    expect(await fourth.shared.read((c) => readSavedRollup(c))).toHaveLength(478)
    await fourth.rollup.warm(WINDOW.fromUs, WINDOW.toUs)
    // The two buckets of the written 5 s are read from the rows, the others read back.
    expect(fourth.rollup.stats.bucketsFilled).toBe(2)
    expect(byKey(fourth.rollup.saved())).toEqual(await freshScan(fourth.shared))
    // Retention's delete moves the counter too.
    expect(
      await fourth.store.deleteBefore('requests', (T0 + MIN) as Micros, 1_000_000)
    ).toBeGreaterThan(0)
    expect(await fourth.shared.read((c) => readSavedRollup(c))).toHaveLength(0)
    await fourth.store.close()
  })
})

describe('saved buckets read back while a write commits', () => {
  it('drops the buckets a write touched while they were being read', async () => {
    let reads = 0
    const rollup = createRequestRollup({
      aggregates: () => {
        reads++
        return Promise.resolve(new Map())
      },
      histograms: () => {
        reads++
        return Promise.resolve(new Map())
      },
    })
    const empty = { count: 0, errors: 0, timeouts: 0, measures: [] }
    let deliver: (b: SavedBucket[]) => void = () => undefined
    rollup.restore(new Promise((resolve) => (deliver = resolve)))
    // Read at open, before this write committed: the bucket at T0 is not current any more.
    rollup.invalidate([T0 + 1_000_000])
    deliver(
      [0, 5_000_000].map((at) => ({
        kind: 'agg',
        baseUs: 5_000_000,
        bucketUs: T0 + at,
        entry: empty,
      }))
    )
    await rollup.aggregate({
      fromUs: T0 as Micros,
      toUs: (T0 + 10_000_000) as Micros,
      measures: ['e2e'],
      stepUs: 5_000_000 as Micros,
    })
    expect([rollup.stats.bucketsFilled, rollup.stats.bucketsServed, reads]).toEqual([1, 1, 1])
  })
})

describe('the counter of writes to requests (ADR 0363)', () => {
  it('moves once per process however many writes commit, and not for a write that rolled back', async () => {
    const file = join(dir, 'counter.duckdb')
    const made = rollupRequests()
    const counter = async (shared: DuckDbShared): Promise<number> =>
      shared.read(async (c) =>
        toNumber(
          (
            await c.runAndReadAll('SELECT requests_generation FROM rollup_state')
          ).getRowsJS()[0]?.[0]
        )
      )
    const first = await createDuckDbStore({ path: file, threads: 1 })
    const shared = duckDbSharedOf(first) as DuckDbShared
    const start = await counter(shared)
    // A start time no BIGINT holds: the append throws and the transaction rolls back, its move
    // of the counter with it, so the next write must move it.
    await expect(first.upsertRequests([made(NaN, 50_000)], { newTraces: true })).rejects.toThrow()
    expect(await counter(shared)).toBe(start)
    for (let i = 0; i < 5; i++) {
      await first.upsertRequests([made(T0 + i * MIN, 50_000)])
    }
    expect(await first.deleteBefore('requests', (T0 + MIN) as Micros, 1_000)).toBe(1)
    expect(await counter(shared)).toBe(start + 1)
    // Buckets to save at close.
    await (requestRollupOf(first) as RequestRollup).warm(WINDOW.fromUs, WINDOW.toUs)
    await first.close()

    // The next process: the buckets saved at that close are current until its first write, and
    // stay unread after its later writes too (what a crash before its close would leave).
    const second = await createDuckDbStore({ path: file, threads: 1 })
    const again = duckDbSharedOf(second) as DuckDbShared
    expect(await again.read((c) => readSavedRollup(c))).not.toHaveLength(0)
    for (let i = 0; i < 3; i++) {
      await second.upsertRequests([made(T0 + i * MIN + 1_000_000, 50_000)], { newTraces: true })
      expect(await again.read((c) => readSavedRollup(c))).toHaveLength(0)
    }
    expect(await counter(again)).toBe(start + 2)
    await second.close()
  })
})
