import { describe, expect, it } from 'vitest'
import { makeSpan } from '../model/testing/builders.js'
import { SPAN_KIND } from '../model/span.js'
import { TraceIndex } from './trace-index.js'

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
})
