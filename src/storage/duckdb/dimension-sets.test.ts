import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { hexId, makeRequest } from '../../core/model/testing/builders.js'
import type { Micros } from '../../core/model/units.js'
import { onFile } from './testing/on-file.js'
import { createDuckDbStore } from './duckdb-store.js'

// Old and new schema answering the same (real captures, a simulated window, a migrated file):
// test/integration/dimension-sets.test.ts.
const dir = mkdtempSync(join(tmpdir(), 'tokenline-dimension-sets-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))
let files = 0
const newPath = (): string => join(dir, `s${files++}.duckdb`)

describe('request dimension sets (ADR 0492)', () => {
  it('stores each distinct set once, each row its INTEGER id', async () => {
    const path = newPath()
    const store = await createDuckDbStore({ path, threads: 1 })
    const dims = (i: number) => ({
      model: 'm',
      replica: `replica-${i % 3}`,
      // NULL and an empty string are two sets; a long and a non-ASCII value are stored exactly.
      tenant:
        i % 4 === 0 ? null : i % 4 === 1 ? '' : i % 4 === 2 ? 'tenant-with-a-long-name' : 'tenänt',
    })
    const requests = Array.from({ length: 60 }, (_, i) =>
      makeRequest({ traceId: hexId(i + 1, 32), startUs: (1_000_000 + i) as Micros, dims: dims(i) })
    )
    await store.upsertRequests(requests.slice(0, 30))
    await store.upsertRequests(requests.slice(30), { newTraces: true })
    // A replaced trace may move to another set.
    await store.upsertRequests([
      makeRequest({ traceId: hexId(1, 32), startUs: 1_000_000 as Micros, dims: { model: 'n' } }),
    ])
    await store.close()
    const [columns, sets, rows] = await onFile(path, async (run) => [
      await run(
        "SELECT column_name, data_type FROM duckdb_columns() WHERE table_name = 'request_rows' AND column_name IN ('dimension_set', 'model', 'tenant')"
      ),
      await run(
        'SELECT count(*)::INTEGER AS n, count(DISTINCT id)::INTEGER AS ids FROM dimension_sets'
      ),
      await run(
        'SELECT model, replica, tenant, count(*)::INTEGER AS n FROM requests GROUP BY ALL ORDER BY ALL'
      ),
    ])
    expect(columns).toEqual([{ column_name: 'dimension_set', data_type: 'INTEGER' }])
    // 3 replicas × 4 tenants (i % 12 covers each pair), and the moved trace's set.
    expect(sets).toEqual([{ n: 13, ids: 13 }])
    expect(rows.reduce((n, r) => n + (r['n'] as number), 0)).toBe(60)
    expect(rows).toContainEqual({ model: 'n', replica: null, tenant: null, n: 1 })
    expect(rows).toContainEqual({ model: 'm', replica: 'replica-2', tenant: 'tenänt', n: 5 })

    // Reopened, the writer knows the stored sets: a known set adds no row to the sets.
    const again = await createDuckDbStore({ path, threads: 1 })
    await again.upsertRequests([
      makeRequest({ traceId: hexId(500, 32), startUs: 2_000_000 as Micros, dims: dims(7) }),
    ])
    expect(await again.deleteBefore('requests', 1_000_010 as Micros, 1000)).toBe(10)
    expect((await again.stats()).requests).toBe(51)
    // The moved trace's set went with its only row (the twelve pairs are still named, i ≥ 10); a
    // request with that set again gets a fresh id the view joins, not the deleted one.
    await again.upsertRequests([
      makeRequest({ traceId: hexId(501, 32), startUs: 2_000_001 as Micros, dims: { model: 'n' } }),
    ])
    expect(
      (await again.queryRequests({ limit: 100 })).rows.filter((r) => r.dims.model === 'n')
    ).toHaveLength(1)
    expect((await again.stats()).requests).toBe(52)
    await again.close()
    expect(
      await onFile(path, (run) =>
        run('SELECT count(*)::INTEGER AS n, max(id)::INTEGER AS top FROM dimension_sets')
      )
    ).toEqual([{ n: 13, top: 13 }])
  })

  it('drops the sets no row names any more when retention deletes rows, in the file and in memory', async () => {
    const path = newPath()
    const store = await createDuckDbStore({ path, threads: 1 })
    // A dimension with a new value per request: every row its own set.
    const requests = Array.from({ length: 200 }, (_, i) =>
      makeRequest({
        traceId: hexId(i + 1, 32),
        startUs: (1_000_000 + i) as Micros,
        dims: { model: 'm', tenant: `user-${i}` },
      })
    )
    await store.upsertRequests(requests, { newTraces: true })
    expect(await store.deleteBefore('requests', 1_000_150 as Micros, 1000)).toBe(150)
    await store.close()
    expect(
      await onFile(path, (run) => run('SELECT count(*)::INTEGER AS n FROM dimension_sets'))
    ).toEqual([{ n: 50 }])
  })

  it('forgets the sets of a write that rolled back, so a later row never names a missing set', async () => {
    const store = await createDuckDbStore({ path: newPath(), threads: 1 })
    try {
      const good = makeRequest({
        traceId: hexId(1, 32),
        startUs: 1_000_000 as Micros,
        dims: { model: 'fresh', replica: 'r-9' },
      })
      // A row DuckDB refuses (a NULL trace id) fails the write after its set went in.
      const bad = { ...good, traceId: null as unknown as string }
      await expect(store.upsertRequests([bad], { newTraces: true })).rejects.toThrow()
      await store.upsertRequests([good], { newTraces: true })
      expect((await store.queryRequests({ limit: 10 })).rows.map((r) => r.dims.model)).toEqual([
        'fresh',
      ])
      expect((await store.stats()).requests).toBe(1)
    } finally {
      await store.close()
    }
  })
})
