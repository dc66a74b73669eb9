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
