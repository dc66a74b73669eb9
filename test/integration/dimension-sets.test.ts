import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { DuckDBInstance } from '@duckdb/node-api'
import { afterAll, describe, expect, it } from 'vitest'
import { assembleTrace } from '../../src/core/assembly/assemble-request.js'
import { groupSpansByTrace } from '../../src/core/assembly/group-by-trace.js'
import { joinSplitCalls } from '../../src/core/assembly/join-split-calls.js'
import { runDiagnosis } from '../../src/core/diagnosis/run-diagnosis.js'
import type { RequestTimeline } from '../../src/core/model/request.js'
import type { Micros } from '../../src/core/model/units.js'
import { decodeTracesProtobuf } from '../../src/ingest/otlp/protobuf.js'
import { realCaptureBodies } from '../../src/ingest/testing/real-capture-bodies.js'
import { stripContent } from '../../src/ingest/pipeline/content-filter.js'
import { simulateIntoStore } from '../../src/sim/node/into-store.js'
import type { SpanStore } from '../../src/storage/span-store.js'
import { createDuckDbStore, duckDbSharedOf } from '../../src/storage/duckdb/duckdb-store.js'
import { applyMigrations } from '../../src/storage/duckdb/schema.js'
import { onFile } from '../../src/storage/duckdb/testing/on-file.js'

const FIXTURES = join(import.meta.dirname, '../fixtures')
const dir = mkdtempSync(join(tmpdir(), 'tokenline-dimension-sets-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))
let files = 0
const newPath = (): string => join(dir, `s${files++}.duckdb`)

/** The real captures (vLLM's own export and the stack's), decoded, filtered and assembled. */
async function realCapturesInto(store: SpanStore): Promise<void> {
  const bodies = realCaptureBodies(FIXTURES)
  const spans = bodies.flatMap((b) => stripContent(decodeTracesProtobuf(b).spans))
  const requests: RequestTimeline[] = []
  for (const group of joinSplitCalls([...groupSpansByTrace(spans).values()])) {
    const result = assembleTrace(group.spans, { llmRoutes: [] })
    if ('request' in result) {
      requests.push(result.request)
    }
  }
  await store.insertSpans(spans)
  await store.upsertRequests(requests.slice(0, 100), { newTraces: true })
  await store.upsertRequests(requests.slice(100), { newTraces: true })
}

/** A simulated window with a fault (a version's regression), through the ingest pipeline. */
async function simulatedInto(store: SpanStore): Promise<void> {
  await simulateIntoStore(store, {
    scenario: 'version-regression',
    seed: 3,
    durationMs: 240_000,
    startMs: Date.UTC(2026, 0, 5, 9, 0, 0),
  })
}

/**
 * A file of schema step 8 (the dimensions as eight strings in the `requests` table) holding what
 * the store at `source` holds: every table copied, the requests in their stored order.
 */
async function legacyCopyOf(source: string): Promise<string> {
  const path = newPath()
  const instance = await DuckDBInstance.create(path, { threads: '1' })
  const connection = await instance.connect()
  try {
    await applyMigrations(connection, new Date().toISOString(), 8)
    await connection.run(`ATTACH '${source}' AS src (READ_ONLY)`)
    for (const table of [
      'spans',
      'span_writes',
      'span_traces',
      'metric_samples',
      'metric_families',
      'events',
    ]) {
      await connection.run(`INSERT INTO ${table} SELECT * FROM src.${table}`)
    }
    // The view's columns are the step-8 table's, in its order (its own test checks that).
    await connection.run(
      'INSERT INTO requests SELECT * EXCLUDE (n) FROM (SELECT *, row_number() OVER () AS n FROM src.requests) ORDER BY n'
    )
    await connection.run('DETACH src')
  } finally {
    connection.closeSync()
    instance.closeSync()
  }
  return path
}

/** What a reader of the store gets: the diagnosis, a page, the aggregates, stats. */
async function answers(store: SpanStore): Promise<string> {
  const extent = await store.extent()
  if (extent === null) {
    throw new Error('an empty store')
  }
  const window = { fromUs: extent.startUs, toUs: (extent.endUs + 1) as Micros }
  const diagnosis = await runDiagnosis(store, { ...window, filters: {}, slos: null })
  const stats = await store.stats()
  // In no particular order (the port says so): compared sorted.
  const values = (await store.countDimensionValues(window)).sort(
    (a, b) => a.dimension.localeCompare(b.dimension) || a.value.localeCompare(b.value)
  )
  const replica = values.find((v) => v.dimension === 'replica')?.value ?? 'none'
  const out = {
    diagnosis,
    page: await store.queryRequests({ ...window, sortBy: 'e2e', limit: 50 }),
    filtered: await store.queryRequests({ ...window, filters: { replica: [replica] }, limit: 20 }),
    percentiles: await store.percentiles({
      ...window,
      measures: ['e2e', 'ttft'],
      quantiles: [0.5, 0.99],
      groupBy: 'replica',
    }),
    values,
    requests: stats.requests,
    spans: stats.spans,
    extent,
  }
  return JSON.stringify(out, (_, v: unknown) => (typeof v === 'bigint' ? `${v}n` : v))
}

async function allRows(store: SpanStore): Promise<unknown[]> {
  const shared = duckDbSharedOf(store)
  if (shared === null) {
    throw new Error('not a DuckDB store')
  }
  return shared.read(async (c) =>
    (await c.runAndReadAll('SELECT * FROM requests ORDER BY ALL')).getRowObjectsJS()
  )
}

describe('request dimension sets (ADR 0492): old and new schema answer the same', () => {
  for (const [name, fill] of [
    ['the real captures', realCapturesInto],
    ['a simulated window', simulatedInto],
  ] as const) {
    it(`${name}: a migrated step-8 file answers as the store that wrote them`, async () => {
      const path = newPath()
      const written = await createDuckDbStore({ path, threads: 1 })
      await fill(written)
      const expected = await answers(written)
      const rows = await allRows(written)
      await written.close()

      const legacy = await legacyCopyOf(path)
      const legacyRows = await onFile(legacy, (run) => run('SELECT * FROM requests ORDER BY ALL'))
      const legacyColumns = await onFile(legacy, (run) =>
        run("SELECT column_name, data_type FROM duckdb_columns() WHERE table_name = 'requests'")
      )
      expect(legacyRows).toEqual(rows)

      const migrated = await createDuckDbStore({ path: legacy, threads: 1 })
      try {
        expect(await allRows(migrated)).toEqual(rows)
        expect(await answers(migrated)).toBe(expected)
      } finally {
        await migrated.close()
      }
      // The view shows the table it replaced: the same columns, names, types and order.
      expect(
        await onFile(legacy, (run) =>
          run("SELECT column_name, data_type FROM duckdb_columns() WHERE table_name = 'requests'")
        )
      ).toEqual(legacyColumns)
      // Reopened (no step left to run), it answers the same again.
      const reopened = await createDuckDbStore({ path: legacy, threads: 1 })
      try {
        expect(await answers(reopened)).toBe(expected)
      } finally {
        await reopened.close()
      }
    }, 120_000)
  }
})
