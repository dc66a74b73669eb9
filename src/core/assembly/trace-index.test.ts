import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
import { describe, expect, it } from 'vitest'
import { makeSpan, makeVllmTrace } from '../model/testing/builders.js'
import { SPAN_KIND } from '../model/span.js'
import { assembleTrace } from './assemble-request.js'
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
    expect(KEPT_TRACE_INDEX).toBeInstanceOf(TraceIndex)
    expect(KEPT_TRACE_INDEX).not.toBe(ix)
    expect([KEPT_TRACE_INDEX.spans, KEPT_TRACE_INDEX.parent, KEPT_TRACE_INDEX.frontend]).toEqual([
      [],
      [],
      [],
    ])
    expect(KEPT_TRACE_INDEX.indexOf(child)).toBe(-1)
    expect(new TraceIndex([child, root]).parent).toEqual([1, -1])
  })

  it('leaves the optimised assembler in place across a full collection (ADR 0431)', () => {
    // V8's own probes: `--allow-natives-syntax` and `--expose-gc` set now apply to code parsed
    // and contexts made afterwards.
    setFlagsFromString('--allow-natives-syntax')
    setFlagsFromString('--expose-gc')
    const gc = runInNewContext('gc') as () => void
    const natives = new Function(
      'f',
      'what',
      'if (what === "prepare") return %PrepareFunctionForOptimization(f);' +
        'if (what === "optimize") return %OptimizeFunctionOnNextCall(f);' +
        'return %GetOptimizationStatus(f)'
    ) as (f: unknown, what: 'prepare' | 'optimize' | 'status') => number
    /** V8's `OptimizationStatus::kOptimized`. */
    const OPTIMIZED = 16
    let traces: ReturnType<typeof makeVllmTrace>[] | null = Array.from({ length: 50 }, (_, i) =>
      makeVllmTrace({ queueUs: 1000 + i * 100, pod: `vllm-${i % 4}` })
    )
    const run = (): number => {
      let n = 0
      for (const t of traces ?? []) {
        n += 'request' in assembleTrace(t) ? 1 : 0
      }
      return n
    }
    natives(assembleTrace, 'prepare')
    expect(run() + run()).toBe(100)
    natives(assembleTrace, 'optimize')
    run()
    expect(natives(assembleTrace, 'status') & OPTIMIZED).toBe(OPTIMIZED)
    // Nothing built by those traces survives them; a full collection then finds no index but
    // the kept one. Without it, the index's hidden class went and V8 threw the code away.
    traces = null
    gc()
    gc()
    expect(natives(assembleTrace, 'status') & OPTIMIZED).toBe(OPTIMIZED)
  })
})
