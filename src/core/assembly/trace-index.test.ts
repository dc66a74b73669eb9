import { describe, expect, it } from 'vitest'
import { makeSpan } from '../model/testing/builders.js'
import { SPAN_KIND } from '../model/span.js'
import { KEPT_TRACE_INDEX, TraceIndex } from './trace-index.js'

describe('TraceIndex', () => {
  it('gives each span its depth, bounded on a parent cycle', () => {
    const root = makeSpan({ spanId: 'r', kind: SPAN_KIND.SERVER })
    const child = makeSpan({ spanId: 'c', parentSpanId: 'r' })
    const grandchild = makeSpan({ spanId: 'g', parentSpanId: 'c' })
    const loopA = makeSpan({ spanId: 'x', parentSpanId: 'y' })
    const loopB = makeSpan({ spanId: 'y', parentSpanId: 'x' })
    const ix = new TraceIndex([grandchild, root, child, loopA, loopB])
    expect(ix.depth).toEqual([2, 0, 1, 5, 5])
    expect(ix.depthOf(child)).toBe(1)
    expect(ix.isOuter(1, 2)).toBe(true)
  })

  it('keeps one empty index that the indexes built after it share nothing with', () => {
    const root = makeSpan({ spanId: 'r', kind: SPAN_KIND.SERVER })
    const child = makeSpan({ spanId: 'c', parentSpanId: 'r' })
    const ix = new TraceIndex([root, child])
    ix.frontend[0] = 1
    expect(ix.indexOf(child)).toBe(1)
    expect(KEPT_TRACE_INDEX).toBeInstanceOf(TraceIndex)
    expect(KEPT_TRACE_INDEX).not.toBe(ix)
    expect(KEPT_TRACE_INDEX.spans).toEqual([])
    expect(KEPT_TRACE_INDEX.parent).toEqual([])
    expect(KEPT_TRACE_INDEX.frontend).toEqual([])
    expect(KEPT_TRACE_INDEX.indexOf(child)).toBe(-1)
    expect(new TraceIndex([child, root]).parent).toEqual([1, -1])
  })
})
