import { describe, expect, it } from 'vitest'
import { makeVllmTrace } from '../../core/model/testing/builders.js'
import { isAppError } from '../../core/errors.js'
import { createSilentLogger } from '../../core/logger.js'
import { asMicros } from '../../core/model/units.js'
import { createMemoryStore } from '../../storage/memory/memory-store.js'
import type { SpanStore } from '../../storage/span-store.js'
import { createIngestPipeline } from './pipeline.js'

/** The real store, its request writes held back until `open()`: assembly falls behind. */
function slowRequests(inner: SpanStore): { store: SpanStore; open(): void } {
  let open: () => void = () => undefined
  const gate = new Promise<void>((resolve) => (open = resolve))
  return {
    open: () => open(),
    store: {
      ...inner,
      async upsertRequests(requests, options) {
        await gate
        return inner.upsertRequests(requests, options)
      },
    },
  }
}

const hex = (i: number): string => i.toString(16).padStart(32, '0')

describe('ingest pipeline when assembly falls behind (ADR 0256)', () => {
  it('refuses new batches at their headers before it would let go of held spans and read traces back', async () => {
    const inner = createMemoryStore()
    const { store, open } = slowRequests(inner)
    let t = 1_700_000_000_000
    const pipeline = createIngestPipeline({
      store,
      logger: createSilentLogger(),
      now: () => t,
      quietMs: 1000,
      sweepIntervalMs: 0,
      maxHeldSpans: 100,
      maxPendingTraces: 1000,
    })
    let refusal: unknown = null
    let accepted = 0
    let traces = 0
    const commits: Promise<void>[] = []
    for (let i = 0; i < 200; i++) {
      let release: () => void
      try {
        release = pipeline.admit?.(1000) ?? (() => undefined)
      } catch (err) {
        refusal = err
        break
      }
      const trace = makeVllmTrace({ traceId: hex(i), startUs: asMicros(t * 1000) })
      commits.push(pipeline.submitSpans(trace).finally(release))
      accepted += trace.length
      traces++
      t += 10
      // Lets the writer commit and the assembler start its (held back) request writes.
      await new Promise((resolve) => setImmediate(resolve))
    }
    expect(isAppError(refusal) && refusal.reason).toBe('assembly-backlog')
    expect(isAppError(refusal) && refusal.retryAfterSeconds).toBeGreaterThan(0)
    // Refused at 1.5× the held-span cap, so no span was let go to be read back from the store.
    expect(accepted).toBeGreaterThanOrEqual(150)
    expect(accepted).toBeLessThan(170)
    open()
    await Promise.all(commits)
    await pipeline.flush()
    const counters = pipeline.counters()
    expect(counters.tracesReadFromStore).toBe(0)
    expect(counters.spansAccepted).toBe(accepted)
    expect(counters.requestsAssembled).toBe(traces)
    // Caught up: batches are admitted again.
    expect(() => pipeline.admit?.(1000)()).not.toThrow()
    await pipeline.close()
  })
})
