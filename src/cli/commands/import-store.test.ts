import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { createSilentLogger } from '../../core/logger.js'
import { makeLlmTraceRequest } from '../../core/otlp/testing/make-llm-request.js'
import { createImportPipeline } from '../../ingest/import/import-pipeline.js'
import { importPaths } from '../../ingest/import/import.js'
import { createDuckDbStore, duckDbSharedOf } from '../../storage/duckdb/duckdb-store.js'
import { createMemoryStore } from '../../storage/memory/memory-store.js'
import { prepareStoreForImport } from './import-store.js'

const dir = mkdtempSync(join(tmpdir(), 'tokenline-import-store-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

describe('prepareStoreForImport', () => {
  it('runs DuckDB without worker threads, and the import stores all it acknowledged', async () => {
    const file = join(dir, 'traces.jsonl')
    const lines = Array.from({ length: 300 }, (_, i) =>
      JSON.stringify(makeLlmTraceRequest(2, i * 2))
    )
    writeFileSync(file, `${lines.join('\n')}\n`)
    const store = await createDuckDbStore({ path: join(dir, 'import.duckdb') })
    try {
      await prepareStoreForImport(store)
      const threads = await duckDbSharedOf(store)?.read(async (conn) =>
        (await conn.runAndReadAll("SELECT current_setting('threads')")).getRowsJS()
      )
      expect(Number(threads?.[0]?.[0])).toBe(1)
      const sink = createImportPipeline({ store, logger: createSilentLogger(), now: Date.now })
      const summary = await importPaths([file], sink, { batchSpans: 500 })
      await sink.close()
      const stats = await store.stats()
      expect(summary.read.spans).toBe(300 * 2 * 4)
      expect(stats.spans).toBe(summary.stored.spans)
      expect(summary.stored.spans).toBe(summary.read.spans)
      expect(stats.requests).toBe(summary.requests)
      expect(summary.requests).toBe(600)
    } finally {
      await store.close()
    }
  })

  it('leaves a store that is not DuckDB as it is', async () => {
    const store = createMemoryStore()
    await expect(prepareStoreForImport(store)).resolves.toBeUndefined()
  })
})
