import { describe, expect, it } from 'vitest'
import { createSilentLogger } from '../../core/logger.js'
import { makeSpan } from '../../core/model/testing/builders.js'
import type { Span } from '../../core/model/span.js'
import { createMemoryStore } from '../../storage/memory/memory-store.js'
import { createImportPipeline, IMPORT_SPANS_PER_WRITE } from './import-pipeline.js'

/** `n` spans, 32 per trace (few traces keep the assembly short), trace ids unique from `from` on. */
function spansOfTraces(n: number, from: number): Span[] {
  return Array.from({ length: n }, (_, i) =>
    makeSpan({ traceId: (from + Math.floor(i / 32)).toString(16).padStart(32, '0') })
  )
}

describe('createImportPipeline', () => {
  it('asks for row-group batches and takes the two the batcher keeps in flight at once', async () => {
    const store = createMemoryStore()
    const sink = createImportPipeline({ store, logger: createSilentLogger(), now: Date.now })
    expect(sink.batchSpans).toBe(IMPORT_SPANS_PER_WRITE)
    const traces = IMPORT_SPANS_PER_WRITE / 32
    // The second batch arrives while the first is queued or being written: neither is refused.
    await Promise.all([
      sink.submitSpans(spansOfTraces(IMPORT_SPANS_PER_WRITE, 0)),
      sink.submitSpans(spansOfTraces(IMPORT_SPANS_PER_WRITE, traces)),
    ])
    await sink.close()
    const counters = sink.counters()
    expect(counters.spansAccepted).toBe(2 * IMPORT_SPANS_PER_WRITE)
    // Early assembly took the spans from memory: none was let go and read back from the store.
    expect(counters.tracesReadFromStore).toBe(0)
  }, 60_000)
})
