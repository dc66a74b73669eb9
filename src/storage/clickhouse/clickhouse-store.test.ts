import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import type { Micros } from '../../core/model/units.js'
import { hexId, makeRequest } from '../../core/model/testing/builders.js'
import type { SpanStore } from '../span-store.js'
import { runSpanStoreConformance } from '../testing/span-store-conformance.js'
import { createChdbExecutor, isChdbAvailable } from './chdb-executor.js'
import { createClickHouseStore } from './clickhouse-store.js'
import { createClickHouseSloStore } from './slo-store.js'
import { runSloStoreConformance } from '../testing/slo-store-conformance.js'
import type { ClickHouseExecutor } from './executor.js'
import { applyMigrations, DEFAULT_TABLES, qualify } from './schema.js'

// chdb is an optional dependency (~550 MB); without it the embedded ClickHouse cannot run here.
const available = await isChdbAvailable()
const dir = mkdtempSync(join(tmpdir(), 'tokenline-chdb-'))
let n = 0
afterAll(() => rmSync(dir, { recursive: true, force: true }))

const title = available
  ? 'ClickHouse store on chdb'
  : 'ClickHouse store on chdb: skipped, the optional package chdb is not installed (npm install chdb)'

describe.skipIf(!available)(title, () => {
  runSpanStoreConformance('clickhouse (chdb)', async () =>
    createClickHouseStore({
      executor: await createChdbExecutor(dir),
      database: `conformance_${process.pid}_${++n}`,
    })
  )
  runSloStoreConformance('clickhouse (chdb)', async () => {
    const store = await createClickHouseStore({
      executor: await createChdbExecutor(dir),
      database: `slo_${process.pid}_${++n}`,
    })
    return { sloStore: createClickHouseSloStore(store), close: () => store.close() }
  })
})

describe.skipIf(!available)('ClickHouse columnar scan while rows arrive', () => {
  it('reads again when a text value appears between its dictionary and its rows', async () => {
    const inner = await createChdbExecutor(dir)
    let store: SpanStore | null = null
    let writes = 0
    const racing: ClickHouseExecutor = {
      ...inner,
      binary: async (sql, format) => {
        if (writes-- > 0) {
          await store?.upsertRequests([
            makeRequest({ traceId: hexId(9, 32), startUs: 3 as Micros, dims: { model: 'new' } }),
          ])
        }
        return inner.binary(sql, format)
      },
    }
    store = await createClickHouseStore({
      executor: racing,
      database: `racing_${process.pid}`,
    })
    await store.upsertRequests(
      [1, 2].map((i) =>
        makeRequest({ traceId: hexId(i, 32), startUs: i as Micros, dims: { model: 'old' } })
      )
    )
    writes = 1
    const cols = await store.scanRequestColumns({ fields: ['start', 'model'] })
    const model = cols.texts.model as { codes: Int32Array; values: string[] }
    expect([...model.codes].map((c) => model.values[c])).toEqual(['old', 'old', 'new'])
    expect([...(cols.numbers.start ?? [])]).toEqual([1, 2, 3])
    expect(writes).toBeLessThan(0)
    await store.close()
  })
})

describe.skipIf(!available)('ClickHouse schema step the store can work without', () => {
  it('opens with a warning when ALTER is refused, and applies the step on the next open', async () => {
    const inner = await createChdbExecutor(dir)
    const database = `no_alter_${process.pid}`
    const refusing: ClickHouseExecutor = {
      ...inner,
      // The store's close must leave the shared session open for the second open below.
      close: async () => undefined,
      command: async (sql) => {
        if (sql.startsWith('ALTER TABLE') && sql.includes('non_replicated_deduplication_window')) {
          throw new Error('Code: 497. DB::Exception: Not enough privileges')
        }
        return inner.command(sql)
      },
    }
    const t = qualify(database, DEFAULT_TABLES)
    const warnings: string[] = []
    const first = await applyMigrations(refusing, database, t, 0, (m) => warnings.push(m))
    expect(first).not.toContain(4)
    expect(warnings).toHaveLength(1)
    expect(warnings[0]).toMatch(/step 4 .*Not enough privileges.*stored twice/)
    const [before] = await inner.rows(`SELECT max(version) AS v FROM ${t.migrations}`)
    expect(Number(before?.['v'])).toBe(3)
    // The store itself opens on the refusing executor and can be written.
    const store = await createClickHouseStore({ executor: refusing, database })
    await store.upsertRequests([makeRequest({ traceId: hexId(4, 32), startUs: 5 as Micros })])
    await store.close()
    const again = await applyMigrations(inner, database, t, 0, (m) => warnings.push(m))
    expect(again).toEqual([4])
    expect(warnings).toHaveLength(1)
    await inner.close()
  }, 60_000)
})
