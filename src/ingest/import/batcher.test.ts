import { describe, expect, it } from 'vitest'
import { makeSpan } from '../../core/model/testing/builders.js'
import type { Span } from '../../core/model/span.js'
import { ImportBatcher } from './batcher.js'
import type { IngestSink } from '../pipeline/types.js'

/** A sink whose span submits wait until released, recording how many were open at once. */
function slowSink(fail = false) {
  const waiting: (() => void)[] = []
  let open = 0
  let maxOpen = 0
  const sink = {
    async submitSpans() {
      open++
      maxOpen = Math.max(maxOpen, open)
      await new Promise<void>((resolve) => waiting.push(resolve))
      open--
      if (fail) {
        throw new Error('disk full')
      }
    },
  } as unknown as IngestSink
  return {
    sink,
    maxOpen: () => maxOpen,
    releaseOne: () => waiting.shift()?.(),
    waiting: () => waiting.length,
  }
}

const spans = (n: number): Span[] => Array.from({ length: n }, () => makeSpan())
const tick = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0))

describe('ImportBatcher', () => {
  it('gathers the next batch while one commits, and never has more than batchesInFlight open', async () => {
    const s = slowSink()
    const batcher = new ImportBatcher(s.sink, { batchSpans: 2, batchesInFlight: 2 })
    // The first batch goes to the sink and reading goes on.
    await batcher.addSpans(spans(2))
    expect(s.waiting()).toBe(1)
    // The second is handed over too, but the reader now waits for the first to be stored.
    let secondReturned = false
    const second = batcher.addSpans(spans(2)).then(() => (secondReturned = true))
    await tick()
    expect(s.waiting()).toBe(2)
    expect(secondReturned).toBe(false)
    s.releaseOne()
    await second
    expect(batcher.stored.spans).toBe(2)
    const flushed = batcher.flush()
    await tick()
    s.releaseOne()
    await flushed
    expect(batcher.stored.spans).toBe(4)
    expect(s.maxOpen()).toBe(2)
  })

  it('waits for every commit with batchesInFlight 1', async () => {
    const s = slowSink()
    const batcher = new ImportBatcher(s.sink, { batchSpans: 2, batchesInFlight: 1 })
    const first = batcher.addSpans(spans(2))
    await tick()
    expect(s.waiting()).toBe(1)
    s.releaseOne()
    await first
    expect(batcher.stored.spans).toBe(2)
  })

  it('fails the import with the error of a batch that was still in flight', async () => {
    const s = slowSink(true)
    const batcher = new ImportBatcher(s.sink, { batchSpans: 2, batchesInFlight: 2 })
    await batcher.addSpans(spans(2))
    const flushed = batcher.flush()
    s.releaseOne()
    await expect(flushed).rejects.toThrow('disk full')
    expect(batcher.stored.spans).toBe(0)
  })
})
