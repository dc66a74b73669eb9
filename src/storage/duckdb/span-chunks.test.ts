import { describe, expect, it } from 'vitest'
import type { Span } from '../../core/model/span.js'
import type { Micros } from '../../core/model/units.js'
import { makeSpan as buildSpan, hexId } from '../../core/model/testing/builders.js'
import { createDuckDbStore } from './duckdb-store.js'

describe('chunked span appends', () => {
  it('stores every span of a call larger than one chunk, nulls and all, exactly', async () => {
    const store = await createDuckDbStore({ path: ':memory:' })
    // 4 100 spans: two full chunks of 2 048 and a partial one.
    const spans: Span[] = Array.from({ length: 4100 }, (_, i) =>
      buildSpan({
        traceId: hexId(Math.floor(i / 4) + 1, 32),
        spanId: hexId(i + 1, 16),
        parentSpanId: i % 4 === 0 ? null : hexId(i, 16),
        name: i % 3 === 0 ? 'llm_request' : `stage ☃ ${i}`,
        kind: i % 5,
        startUs: (1_760_000_000_000_000 + i * 1000) as Micros,
        endUs: (1_760_000_000_000_000 + i * 1000 + 999.6) as Micros,
        statusCode: i % 3,
        statusMessage: i % 7 === 0 ? `failed ${i}` : null,
        attributes: { 'gen_ai.usage.prompt_tokens': i, ok: i % 2 === 0, s: 'x"y' },
        scopeVersion: i % 2 === 0 ? null : '1.0',
        events:
          i % 10 === 0
            ? [{ timeUs: (1_760_000_000_000_000 + i) as Micros, name: 'e', attributes: {} }]
            : [],
      })
    )
    await store.insertSpans(spans)
    const traceIds = [...new Set(spans.map((s) => s.traceId))]
    const back = await store.getSpans(traceIds)
    expect(back).toHaveLength(spans.length)
    const bySpanId = new Map(back.map((s) => [s.spanId, s]))
    for (const s of spans) {
      // Timestamps are stored as whole microseconds.
      expect(bySpanId.get(s.spanId)).toEqual({ ...s, endUs: Math.round(s.endUs) })
    }
    await store.close()
  }, 60_000)
})
