import { describe, expect, it } from 'vitest'
import type { Attributes } from '../../core/model/span.js'
import type { Micros } from '../../core/model/units.js'
import { makeSpan, hexId } from '../../core/model/testing/builders.js'
import { createDuckDbStore } from './duckdb-store.js'

describe('span rows', () => {
  it('stores each span with its own resource when resource objects are shared or equal', async () => {
    const store = await createDuckDbStore({ path: ':memory:' })
    const shared: Attributes = { 'service.name': 'gateway', 'k8s.pod.name': 'gw-0' }
    const other: Attributes = { 'service.name': 'vllm', 'k8s.pod.name': 'vllm-3' }
    const spans = [
      makeSpan({ traceId: hexId(1, 32), spanId: hexId(1, 16), resource: shared }),
      makeSpan({ traceId: hexId(1, 32), spanId: hexId(2, 16), resource: shared }),
      makeSpan({ traceId: hexId(1, 32), spanId: hexId(3, 16), resource: other }),
      makeSpan({
        traceId: hexId(1, 32),
        spanId: hexId(4, 16),
        resource: {},
        events: [{ timeUs: 5 as Micros, name: 'first_token', attributes: { n: 1 } }],
      }),
    ]
    // The same objects again in a later call: cached text must still match each object.
    await store.insertSpans(spans.slice(0, 2))
    await store.insertSpans(spans.slice(2))
    await store.insertSpans([{ ...spans[2]!, spanId: hexId(5, 16), resource: shared }])
    const back = await store.getSpans([hexId(1, 32)])
    const bySpan = new Map(back.map((s) => [s.spanId, s]))
    expect(bySpan.get(hexId(1, 16))?.resource).toEqual(shared)
    expect(bySpan.get(hexId(2, 16))?.resource).toEqual(shared)
    expect(bySpan.get(hexId(3, 16))?.resource).toEqual(other)
    expect(bySpan.get(hexId(4, 16))?.resource).toEqual({})
    expect(bySpan.get(hexId(4, 16))?.events).toEqual(spans[3]!.events)
    expect(bySpan.get(hexId(1, 16))?.events).toEqual([])
    expect(bySpan.get(hexId(5, 16))?.resource).toEqual(shared)
    await store.close()
  })
})
