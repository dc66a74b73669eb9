import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll } from 'vitest'
import { runSloStoreConformance } from '../testing/slo-store-conformance.js'
import { runSpanStoreConformance } from '../testing/span-store-conformance.js'
import { createDuckDbStore } from './duckdb-store.js'
import { createDuckDbSloStore } from './slo-store.js'

const dir = mkdtempSync(join(tmpdir(), 'tokenline-duckdb-'))
let n = 0
afterAll(() => rmSync(dir, { recursive: true, force: true }))

runSpanStoreConformance('duckdb file', () =>
  createDuckDbStore({ path: join(dir, `store-${++n}.duckdb`) })
)
// The server's default: no worker threads (ADR 0249); every answer must be the same.
runSpanStoreConformance('duckdb file, one thread', () =>
  createDuckDbStore({ path: join(dir, `store-${++n}.duckdb`), threads: 1 })
)
runSpanStoreConformance('duckdb :memory:', () => createDuckDbStore({ path: ':memory:' }))
runSloStoreConformance('duckdb', async () => {
  const store = await createDuckDbStore({ path: ':memory:' })
  return { sloStore: await createDuckDbSloStore(store), close: () => store.close() }
})
