import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe } from 'vitest'
import { runSpanStoreConformance } from '../span-store.case.js'
import { createChdbExecutor, isChdbAvailable } from './chdb-executor.js'
import { createClickHouseStore } from './clickhouse-store.js'

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
})
