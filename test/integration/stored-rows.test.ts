import { createHash } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { assembleTrace } from '../../src/core/assembly/assemble-request.js'
import { groupSpansByTrace } from '../../src/core/assembly/group-by-trace.js'
import { joinSplitCalls } from '../../src/core/assembly/join-split-calls.js'
import type { RequestTimeline } from '../../src/core/model/request.js'
import type { Span } from '../../src/core/model/span.js'
import { decodeTracesProtobuf } from '../../src/ingest/otlp/protobuf.js'
import { realCaptureBodies } from '../../src/ingest/testing/real-capture-bodies.js'
import { stripContent } from '../../src/ingest/pipeline/content-filter.js'
import { createDuckDbStore, duckDbSharedOf } from '../../src/storage/duckdb/duckdb-store.js'
import { appendSpansChunked } from '../../src/storage/duckdb/span-chunks.js'
import { readStoredSpans } from '../../src/storage/duckdb/span-writes.js'

/**
 * Every value the ingest path stores for the real captures, byte for byte: the rows of `spans`
 * and `requests` after protobuf decode, the content filter, span writes, assembly and request
 * writes, as one digest per table, taken from the ingest path as ADR 0273 measured it. A change
 * to what a span or request stores must be made on purpose, with new digests; a faster decoder,
 * assembler or chunk fill must leave them as they are. Spans are kept as one body per write
 * since ADR 0395: every span its bodies hold (a retried span's copies too) is laid into the
 * `spans` table the store wrote before, and must give its rows' digest.
 */
const FIXTURES = join(import.meta.dirname, '../fixtures')

function assemble(spans: readonly Span[]): RequestTimeline[] {
  const out: RequestTimeline[] = []
  for (const group of joinSplitCalls([...groupSpansByTrace(spans).values()])) {
    const result = assembleTrace(group.spans, { llmRoutes: [] })
    if ('request' in result) {
      out.push(result.request)
    }
  }
  return out
}

/** A table's rows in a fixed order as text (BIGINTs as decimals), hashed. */
function digest(rows: readonly Record<string, unknown>[]): string {
  const text = rows
    .map((row) => JSON.stringify(row, (_, v: unknown) => (typeof v === 'bigint' ? `${v}n` : v)))
    .join('\n')
  return createHash('sha256').update(text).digest('hex')
}

const dir = mkdtempSync(join(tmpdir(), 'tokenline-stored-rows-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

describe('stored rows of the real captures', () => {
  it('are the same values the ingest path stored before (spans and requests)', async () => {
    const decoded = realCaptureBodies(FIXTURES).map((b) => decodeTracesProtobuf(b))
    expect(decoded.every((d) => d.rejected.length === 0)).toBe(true)
    const spans = decoded.flatMap((d) => stripContent(d.spans))
    const requests = assemble(spans)
    const store = await createDuckDbStore({ path: join(dir, 'rows.duckdb'), threads: 1 })
    try {
      // Two writes of each kind, so a chunk's fill starts partway through the data too.
      const half = Math.floor(spans.length / 2)
      await store.insertSpans(spans.slice(0, half))
      await store.insertSpans(spans.slice(half))
      await store.upsertRequests(requests.slice(0, 7), { newTraces: true })
      await store.upsertRequests(requests.slice(7), { newTraces: true })
      const shared = duckDbSharedOf(store)
      if (shared === null) {
        throw new Error('not a DuckDB store')
      }
      await shared.write(async (c) => appendSpansChunked(c, await readStoredSpans(c)))
      const [spanRows, requestRows] = await shared.read(async (c) => [
        (await c.runAndReadAll('SELECT * FROM spans ORDER BY ALL')).getRowObjects(),
        (await c.runAndReadAll('SELECT * FROM requests ORDER BY ALL')).getRowObjects(),
      ])
      expect({
        spans: spanRows.length,
        requests: requestRows.length,
        spanRows: digest(spanRows),
        requestRows: digest(requestRows),
      }).toEqual({
        spans: 5794,
        requests: 526,
        spanRows: 'e849d7a6b1c069ae410af63aeb73382dcd5c4cb8ca5f4b200099406e94ed94bc',
        // ADR 0538: the real stack's calls whose gateway CLIENT span was never exported no longer
        // count the engine's time as gateway.unattributed.
        requestRows: 'b37774369acdd3c04811f47456da88ba7f30ced2e0972d53ac95ab420ca6b0c0',
      })
    } finally {
      await store.close()
    }
  })
})
