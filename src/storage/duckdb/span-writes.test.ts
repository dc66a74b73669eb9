import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import type { Span } from '../../core/model/span.js'
import type { Micros } from '../../core/model/units.js'
import { hexId, makeEveryFieldSpan, makeSpan } from '../../core/model/testing/builders.js'
import { createDuckDbStore, duckDbSharedOf } from './duckdb-store.js'
import { appendSpansChunked } from './span-chunks.js'
import type { BodyCodec } from './span-bodies.js'

const dir = mkdtempSync(join(tmpdir(), 'tokenline-span-writes-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

const T0 = 1_760_000_000_000_000
const SEC = 1_000_000
const at = (s: number): Micros => (T0 + s * SEC) as Micros
const span = (trace: number, id: number, startS: number, name = 'span'): Span =>
  makeSpan({
    traceId: hexId(trace, 32),
    spanId: hexId(id, 16),
    name,
    startUs: at(startS),
    endUs: at(startS + 0.5),
  })
const byId = (a: Span, b: Span): number => a.spanId.localeCompare(b.spanId)

/** Spans with every field set, null where it can be, and values JSON changes on the way. */
function everyField(): Span[] {
  const resource = { 'service.name': 'vllm', 'k8s.pod.name': 'vllm-0', n: 3 }
  return [
    makeEveryFieldSpan(T0, {
      traceId: hexId(1, 32),
      spanId: hexId(1, 16),
      parentSpanId: hexId(9, 16),
      resource,
    }),
    makeSpan({
      traceId: hexId(1, 32),
      spanId: hexId(2, 16),
      resource,
      scopeName: 'other',
      startUs: (T0 + 10) as Micros,
      endUs: (T0 + 20) as Micros,
    }),
    makeSpan({ traceId: hexId(2, 32), spanId: hexId(3, 16) }),
  ]
}

describe('DuckDB spans as one body per write (ADR 0395)', () => {
  for (const codec of ['deflate', 'none'] as BodyCodec[]) {
    it(`reads back what the spans table read back, field for field (${codec})`, async () => {
      const bodies = await createDuckDbStore({ path: ':memory:', spanBodyCodec: codec })
      await bodies.insertSpans(everyField())
      // The same spans as an older build stored them, read by a store opened on its file.
      const path = join(dir, `table-${codec}.duckdb`)
      const older = await createDuckDbStore({ path })
      await duckDbSharedOf(older)!.write((conn) => appendSpansChunked(conn, everyField()))
      await older.close()
      const table = await createDuckDbStore({ path })
      const ids = [hexId(1, 32), hexId(2, 32)]
      const fromBodies = await bodies.getSpans(ids)
      const fromTable = await table.getSpans(ids)
      expect(fromBodies.sort(byId)).toEqual(fromTable.sort(byId))
      expect(fromBodies).toHaveLength(3)
      // Only the traces asked for.
      expect((await bodies.getSpans([hexId(2, 32)])).map((s) => s.spanId)).toEqual([hexId(3, 16)])
      await Promise.all([bodies.close(), table.close()])
    })
  }

  it('reads an older build’s spans rows beside the bodies: counts, extent, retries and recovery', async () => {
    const path = join(dir, 'older.duckdb')
    const older = await createDuckDbStore({ path })
    // As an older build stored them, in the `spans` table.
    await duckDbSharedOf(older)!.write((conn) =>
      appendSpansChunked(conn, [span(1, 1, 1, 'first'), span(1, 2, 2), span(3, 5, 0)])
    )
    await older.close()
    const store = await createDuckDbStore({ path })
    await store.insertSpans([span(1, 1, 1, 'retried'), span(2, 3, 4)])
    const spans = (await store.getSpans([hexId(1, 32), hexId(2, 32)])).sort(byId)
    expect(spans.map((s) => [s.spanId, s.name])).toEqual([
      [hexId(1, 16), 'retried'],
      [hexId(2, 16), 'span'],
      [hexId(3, 16), 'span'],
    ])
    // Every stored copy counts, as the rows did.
    expect((await store.stats()).spans).toBe(5)
    expect(await store.extent()).toEqual({ startUs: at(0), endUs: at(4.5) })
    expect((await store.unassembledTraceIds(at(1), 10)).sort()).toEqual([
      hexId(1, 32),
      hexId(2, 32),
    ])
    // The older rows go first, span by span, then whole writes.
    expect(await store.deleteBefore('spans', at(3), 2)).toBe(2)
    expect((await store.stats()).spans).toBe(3)
    expect(await store.deleteBefore('spans', at(3), 2)).toBe(1)
    expect((await store.getSpans([hexId(1, 32), hexId(2, 32)])).map((s) => s.name)).toEqual([
      'retried',
      'span',
    ])
    await store.close()
  })

  it('deletes whole writes whose spans all start before the cut, up to maxRows spans', async () => {
    const store = await createDuckDbStore({ path: ':memory:' })
    await store.insertSpans([span(1, 1, 1), span(1, 2, 2)])
    // Straddles the cut at 3 s: kept whole until its newest span passes it.
    await store.insertSpans([span(2, 3, 2), span(2, 4, 4)])
    await store.insertSpans([span(3, 5, 1), span(3, 6, 1)])
    await store.insertSpans([span(4, 7, 1), span(4, 8, 1), span(4, 9, 1)])
    // Two writes of two spans do not fit in three: one goes.
    expect(await store.deleteBefore('spans', at(3), 3)).toBe(2)
    expect(await store.deleteBefore('spans', at(3), 3)).toBe(2)
    // A write larger than maxRows goes alone, or it would never go.
    expect(await store.deleteBefore('spans', at(3), 1)).toBe(3)
    expect(await store.deleteBefore('spans', at(3), 10)).toBe(0)
    expect((await store.getSpans([2, 3, 4].map((t) => hexId(t, 32)))).map((s) => s.spanId)).toEqual(
      [hexId(3, 16), hexId(4, 16)]
    )
    expect((await store.stats()).spans).toBe(2)
    expect(await store.unassembledTraceIds(at(0), 10)).toEqual([hexId(2, 32)])
    expect(await store.deleteBefore('spans', at(5), 10)).toBe(2)
    expect(await store.extent()).toBeNull()
    await store.close()
  })

  it('keeps the last stored copy across a reopen of the file', async () => {
    const path = join(dir, 'reopen.duckdb')
    const first = await createDuckDbStore({ path })
    await first.insertSpans([span(1, 1, 1, 'first'), span(1, 2, 1)])
    await first.close()
    const second = await createDuckDbStore({ path })
    await second.insertSpans([span(1, 1, 1, 'retried')])
    expect((await second.getSpans([hexId(1, 32)])).map((s) => s.name)).toEqual(['span', 'retried'])
    await second.close()
  })
})
