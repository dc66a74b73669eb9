import { copyFileSync, existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import type { RequestQuery } from '../../core/model/query.js'
import type { Micros } from '../../core/model/units.js'
import type { SpanStore } from '../span-store.js'
import { rollupRequests } from '../testing/rollup-requests.js'
import { createDuckDbStore, duckDbSharedOf, type DuckDbShared } from './duckdb-store.js'
import { readSavedPages } from './request-pages.js'

// The samples card's first page saved beside the rollup at close and read back at the next open
// under the same counter (ADR 0362), over real DuckDB files: the page read back is the one a
// fresh query gives, the store answers from it without reading the rows, and any write to
// `requests` after the save leaves it unread.
const T0 = 1_700_000_000_000_000
const MIN = 60_000_000

const dir = mkdtempSync(join(tmpdir(), 'tokenline-request-pages-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))
let files = 0

const open = async (path: string): Promise<{ store: SpanStore; shared: DuckDbShared }> => {
  const store = await createDuckDbStore({ path, threads: 1 })
  return { store, shared: duckDbSharedOf(store) as DuckDbShared }
}

/** The card's query: the slowest 20 of a window (here by TPOT, unknown for every 4th request). */
const CARD: RequestQuery = {
  fromUs: T0 as Micros,
  toUs: (T0 + 20 * MIN) as Micros,
  sortBy: 'tpot',
  sortDir: 'desc',
  limit: 20,
}

/** The page read from the rows of a closed file, on a copy whose saved pages are unread. */
async function freshPage(path: string, query: RequestQuery): Promise<unknown> {
  const copy = join(dir, `fresh-${files++}.duckdb`)
  copyFileSync(path, copy)
  if (existsSync(`${path}.wal`)) {
    copyFileSync(`${path}.wal`, `${copy}.wal`)
  }
  const other = await open(copy)
  await other.shared.write((c) => c.run('UPDATE rollup_state SET saved_generation = NULL'))
  const page = await other.store.queryRequests(query)
  await other.store.close()
  return page
}

/** A file of 3 000 requests, the 25 slowest by TPOT on two tied values across rank 20. */
async function filled(): Promise<string> {
  const path = join(dir, `store-${files++}.duckdb`)
  const request = rollupRequests()
  let seed = 11
  const rand = (): number => {
    seed = (seed * 1103515245 + 12345) % 2147483648
    return seed / 2147483648
  }
  const { store } = await open(path)
  await store.upsertRequests(
    Array.from({ length: 3000 }, (_, i) =>
      request(
        T0 + Math.floor(rand() * 20 * MIN),
        Math.round(20_000 + rand() * 80_000),
        i < 25 ? { tpotUs: (i < 12 ? 9_000 : 8_000) as Micros } : {}
      )
    ),
    { newTraces: true }
  )
  await store.close()
  return path
}

describe('saved request pages (DuckDB file)', () => {
  it('reads back at open the page a fresh query gives, and answers from it without the rows', async () => {
    const path = await filled()
    const first = await open(path)
    const asked = await first.store.queryRequests(CARD)
    expect(asked.rows).toHaveLength(20)
    await first.store.close()

    const fresh = await freshPage(path, CARD)
    const second = await open(path)
    const saved = await second.shared.read((c) => readSavedPages(c))
    expect(saved).toHaveLength(1)
    expect(saved[0]?.page).toStrictEqual(fresh)
    expect(saved[0]?.page).toStrictEqual(asked)
    // The rows changed behind the counter's back (no store does this): the answer is still the
    // saved page, so it was not read from the rows.
    await second.shared.write((c) => c.run('DELETE FROM request_rows'))
    expect(await second.store.queryRequests({ ...CARD })).toStrictEqual(fresh)
    // Another query is read from the rows.
    expect((await second.store.queryRequests({ ...CARD, limit: 19 })).total).toBe(0)
    await second.store.close()
  })

  it('leaves the saved page unread after a write to requests commits, and a retention delete too', async () => {
    const path = await filled()
    const first = await open(path)
    await first.store.queryRequests(CARD)
    await first.store.close()

    // An import into the file while the server is down: one request inside the window, slower
    // than any, which the saved page does not hold.
    const second = await open(path)
    expect(await second.shared.read((c) => readSavedPages(c))).toHaveLength(1)
    const late = rollupRequests()(T0 + 3 * MIN, 50_000, {
      traceId: 'f'.repeat(32),
      tpotUs: 20_000 as Micros,
    })
    await second.store.upsertRequests([late])
    expect(await second.shared.read((c) => readSavedPages(c))).toHaveLength(0)
    await second.store.close()

    const third = await open(path)
    const page = await third.store.queryRequests(CARD)
    expect(page.rows[0]?.traceId).toBe('f'.repeat(32))
    expect(page.total).toBe(3001)
    await third.store.close()
    expect(page).toStrictEqual(await freshPage(path, CARD))

    // Saved again at that close; retention's delete of requests moves the counter as well.
    const fourth = await open(path)
    expect(await fourth.shared.read((c) => readSavedPages(c))).toHaveLength(1)
    expect(
      await fourth.store.deleteBefore('requests', (T0 + MIN) as Micros, 1_000_000)
    ).toBeGreaterThan(0)
    expect(await fourth.shared.read((c) => readSavedPages(c))).toHaveLength(0)
    await fourth.store.close()
  })

  it('drops a kept page when a write to requests commits while the server runs', async () => {
    const path = await filled()
    const { store } = await open(path)
    const before = await store.queryRequests(CARD)
    expect(await store.queryRequests(CARD)).toStrictEqual(before)
    const late = rollupRequests()(T0 + 5 * MIN, 50_000, {
      traceId: 'e'.repeat(32),
      tpotUs: 30_000 as Micros,
    })
    await store.upsertRequests([late])
    const after = await store.queryRequests(CARD)
    expect(after.total).toBe(before.total + 1)
    expect(after.rows[0]?.traceId).toBe('e'.repeat(32))
    expect(after.rows.slice(1)).toStrictEqual(before.rows.slice(0, 19))
    await store.close()
  })
})
