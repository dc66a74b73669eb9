import { describe, expect, it } from 'vitest'
import { AppError } from '../../core/errors.js'
import { createWriteQueue, type QueuedJob, type WriteQueueLimits } from './write-queue.js'

type Job = QueuedJob<'spans'> & { id: number }

const LOOSE: WriteQueueLimits = { maxItems: 1e9, maxSpans: 1e9, maxBytes: 1e12, maxDelayMs: 1e9 }

/** A queue whose writes wait for `release()`; `clock` is advanced by the test. */
function heldQueue(limits: Partial<WriteQueueLimits>) {
  let release!: () => void
  let gate = new Promise<void>((resolve) => (release = resolve))
  const clock = { t: 0 }
  const groups: number[][] = []
  const queue = createWriteQueue<Job>({
    limits: { ...LOOSE, ...limits },
    now: () => clock.t,
    kinds: ['spans'],
    onBackgroundError: (err) => {
      throw err
    },
    async writeGroup(_kind, jobs) {
      groups.push(jobs.map((j) => j.id))
      await gate
    },
  })
  return {
    queue,
    clock,
    groups,
    release() {
      release()
    },
    /** Holds the next writes until `release()` again. */
    hold() {
      gate = new Promise<void>((resolve) => (release = resolve))
    },
  }
}

const job = (id: number, spanCount: number, bytes = spanCount * 500): Job => ({
  kind: 'spans',
  id,
  items: spanCount,
  spanCount,
  bytes,
})

async function refusal(p: Promise<void>): Promise<AppError> {
  const err = await p.then(
    () => null,
    (e: unknown) => e
  )
  expect(err).toBeInstanceOf(AppError)
  return err as AppError
}

describe('createWriteQueue admission', () => {
  it.each([
    ['spans', { maxSpans: 3000 }, 'ingest.maxQueueSpans'],
    ['bytes', { maxBytes: 1_500_000 }, 'ingest.maxQueueBytes'],
    ['items', { maxItems: 3000 }, 'ingest.maxQueueItems'],
  ])(
    'refuses by %s with 429-style INGEST_OVERLOADED and a Retry-After',
    async (_n, limits, key) => {
      const q = heldQueue(limits)
      const first = q.queue.submit(job(1, 2000))
      const err = await refusal(q.queue.submit(job(2, 2000)))
      expect(err.code).toBe('INGEST_OVERLOADED')
      expect(err.message).toContain(key)
      expect(err.retryAfterSeconds).toBeGreaterThanOrEqual(1)
      expect(err.retryAfterSeconds).toBeLessThanOrEqual(5)
      q.release()
      await first
      // Drained: the same batch is taken again.
      await q.queue.submit(job(3, 2000))
      expect(q.groups).toEqual([[1], [3]])
    }
  )

  it('always takes a batch into an empty queue, even one larger than every limit', async () => {
    const q = heldQueue({ maxSpans: 10, maxBytes: 10, maxItems: 10 })
    q.release()
    await q.queue.submit(job(1, 5000))
    expect(q.groups).toEqual([[1]])
  })

  it('refuses once the expected wait at the measured write rate passes maxQueueDelayMs', async () => {
    const q = heldQueue({ maxDelayMs: 2000 })
    // Measure a rate: 1000 items written in 1000 ms = 1 item/ms.
    const first = q.queue.submit(job(1, 1000))
    q.clock.t += 1000
    q.release()
    await first
    // Let the writer finish its round and record the rate.
    await new Promise((r) => setTimeout(r, 0))
    q.hold()
    const second = q.queue.submit(job(2, 1500))
    // 1500 items ahead at 1 item/ms: a 1000-item batch would wait ~2.5 s, a 400-item one 1.9 s.
    const err = await refusal(q.queue.submit(job(3, 1000)))
    expect(err.message).toContain('ingest.maxQueueDelayMs 2000 ms')
    expect(err.retryAfterSeconds).toBe(2)
    const fourth = q.queue.submit(job(4, 400))
    q.release()
    await Promise.all([second, fourth])
    expect(q.groups).toEqual([[1], [2], [4]])
  })
})

describe('createWriteQueue merged writes', () => {
  it('merges queued batches into one write and bisects a failing write down to the guilty batch', async () => {
    let release!: () => void
    const gate = new Promise<void>((resolve) => (release = resolve))
    const groups: number[][] = []
    const queue = createWriteQueue<Job>({
      limits: LOOSE,
      now: () => 0,
      kinds: ['spans'],
      onBackgroundError: () => undefined,
      async writeGroup(_kind, jobs) {
        groups.push(jobs.map((j) => j.id))
        if (groups.length === 1) {
          await gate
        }
        if (jobs.some((j) => j.id === 6)) {
          throw new Error('bad row')
        }
      },
    })
    const all = [0, 1, 2, 3, 4, 5, 6, 7, 8].map((id) => queue.submit(job(id, 10)))
    release()
    const results = await Promise.allSettled(all)
    expect(results.map((r) => r.status)).toEqual([
      'fulfilled',
      'fulfilled',
      'fulfilled',
      'fulfilled',
      'fulfilled',
      'fulfilled',
      'rejected',
      'fulfilled',
      'fulfilled',
    ])
    expect(groups[1]).toEqual([1, 2, 3, 4, 5, 6, 7, 8])
    // Bisection: [1..8] fails → [1..4] ok, [5..8] fails → [5,6] fails → [5] ok, [6] fails; [7,8] ok.
    expect(groups.slice(2)).toEqual([[1, 2, 3, 4], [5, 6, 7, 8], [5, 6], [5], [6], [7, 8]])
    expect(queue.depth()).toEqual({ items: 0, spanCount: 0, bytes: 0 })
  })

  it('does not split a write when the store itself is down', async () => {
    const groups: number[][] = []
    const queue = createWriteQueue<Job>({
      limits: LOOSE,
      now: () => 0,
      kinds: ['spans'],
      onBackgroundError: () => undefined,
      async writeGroup(_kind, jobs) {
        groups.push(jobs.map((j) => j.id))
        await new Promise((r) => setTimeout(r, 1))
        throw new AppError('STORE_UNAVAILABLE', 'store is closed')
      },
    })
    const results = await Promise.allSettled([1, 2, 3, 4].map((id) => queue.submit(job(id, 1))))
    expect(results.every((r) => r.status === 'rejected')).toBe(true)
    expect(groups).toEqual([[1], [2, 3, 4]])
  })
})

describe('createWriteQueue hold limit', () => {
  it('refuses a job still waiting for the writer after maxHoldMs, stores it not, and frees its room', async () => {
    const h = heldQueue({})
    const first = h.queue.submit(job(1, 10))
    const second = h.queue.submit(job(2, 10))
    // The writer is stuck on job 1 (a stalled write): job 2 waits past the hold limit.
    h.clock.t += 6_000
    h.release()
    await first
    const err = await refusal(second)
    expect(err.code).toBe('INGEST_OVERLOADED')
    expect(err.retryAfterSeconds).toBe(2)
    expect(err.message).toContain('waited 6000 ms for the store, longer than 5000 ms')
    expect(h.groups).toEqual([[1]])
    expect(h.queue.depth()).toEqual({ items: 0, spanCount: 0, bytes: 0 })
  })

  it('writes a job that waited less than maxHoldMs', async () => {
    const h = heldQueue({})
    const first = h.queue.submit(job(1, 10))
    const second = h.queue.submit(job(2, 10))
    h.clock.t += 4_000
    h.release()
    await Promise.all([first, second])
    expect(h.groups).toEqual([[1], [2]])
  })
})

describe('createWriteQueue background work', () => {
  it('runs at most one background task between two rounds while batches wait', async () => {
    const order: string[] = []
    const queue = createWriteQueue<Job>({
      limits: LOOSE,
      now: () => 0,
      kinds: ['spans'],
      maxWriteItems: 10,
      onBackgroundError: (err) => {
        throw err
      },
      async writeGroup(_kind, jobs) {
        order.push(`write ${jobs.map((j) => j.id).join(',')}`)
        await new Promise((r) => setTimeout(r, 1))
      },
    })
    const bg = (name: string): Promise<void> =>
      queue.background(async () => {
        order.push(name)
        await new Promise((r) => setTimeout(r, 1))
      })
    const all = [queue.submit(job(1, 10)), bg('A'), bg('B'), bg('C'), bg('D')]
    all.push(queue.submit(job(2, 10)), queue.submit(job(3, 10)))
    await Promise.all(all)
    // Each batch waits behind one background task at most; the rest run once no batch waits.
    expect(order).toEqual(['write 1', 'A', 'write 2', 'B', 'write 3', 'C', 'D'])
  })

  it('counts the background time between rounds in the expected wait', async () => {
    const h = heldQueue({ maxDelayMs: 1500 })
    const first = h.queue.submit(job(1, 1000))
    // Queued behind round 1: it runs between round 1 and the next and takes 2 s.
    const task = h.queue.background(async () => {
      h.clock.t += 2000
    })
    h.clock.t += 1000
    h.release()
    await Promise.all([first, task])
    await new Promise((r) => setTimeout(r, 0))
    h.hold()
    const second = h.queue.submit(job(2, 500))
    // 1 item/ms; a round ahead costs the 400 ms of background the writer spent per round lately
    // (a mean: 0.2 × 2000): 700 + 500 items take 1.2 s + 0.4 s, past the 1.5 s limit.
    const err = await refusal(h.queue.submit(job(3, 700)))
    expect(err.message).toContain('~1600 ms to write')
    const fourth = h.queue.submit(job(4, 500))
    h.release()
    await Promise.all([second, fourth])
  })

  it('passes a background task failure to its caller and keeps writing', async () => {
    const h = heldQueue({})
    h.release()
    const failed = h.queue.background(() => Promise.reject(new Error('request write failed')))
    await expect(failed).rejects.toThrow('request write failed')
    await h.queue.submit(job(1, 10))
    expect(h.groups).toEqual([[1]])
  })
})

describe('createWriteQueue standing delay', () => {
  /** A writer that takes `roundMs` of the clock per round; records the check before each round. */
  function slowQueue(roundMs: number, maxDelayMs: number) {
    const clock = { t: 0 }
    const seen: { standingMs: number; admitted: boolean }[] = []
    const queue = createWriteQueue<Job>({
      limits: { ...LOOSE, maxDelayMs },
      now: () => clock.t,
      kinds: ['spans'],
      maxWriteItems: 1000,
      onBackgroundError: (err) => {
        throw err
      },
      async writeGroup() {
        let admitted = true
        try {
          queue.admitNew()
        } catch {
          admitted = false
        }
        seen.push({ standingMs: queue.standingDelayMs(), admitted })
        // The round takes its time after the caller has queued the rest (the write is async).
        await Promise.resolve()
        clock.t += roundMs
      },
    })
    return { queue, seen, clock }
  }

  it('refuses new bodies once batches waited longer than maxDelayMs for a whole interval, and admits again once it caught up', async () => {
    const { queue, seen } = slowQueue(1200, 1000)
    // Five rounds queued at once behind a writer that takes 1.2 s per round: the k-th waits
    // 1.2 × (k - 1) s. The first interval's shortest wait is 0, the next ones' 1.2 and 2.4 s;
    // when the last round starts nothing waits any more.
    await Promise.all([1, 2, 3, 4, 5].map((id) => queue.submit(job(id, 1000))))
    expect(seen.map((s) => s.standingMs)).toEqual([0, 0, 1200, 2400, 0])
    expect(seen.map((s) => s.admitted)).toEqual([true, true, false, false, true])
    expect(queue.standingDelayMs()).toBe(0)
    expect(() => queue.admitNew()).not.toThrow()
  })

  it('admits while a burst is worked off within maxDelayMs', async () => {
    const { queue, seen } = slowQueue(300, 1000)
    await Promise.all([1, 2, 3, 4].map((id) => queue.submit(job(id, 1000))))
    expect(seen.every((s) => s.admitted)).toBe(true)
  })

  it("counts the oldest batch's wait when a write stalls and no round starts", async () => {
    const h = heldQueue({ maxDelayMs: 1000 })
    const first = h.queue.submit(job(1, 10))
    const second = h.queue.submit(job(2, 10))
    h.clock.t = 1500
    expect(h.queue.standingDelayMs()).toBe(1500)
    expect(() => h.queue.admitNew()).toThrow('batches have waited at least 1500 ms')
    h.release()
    await Promise.all([first, second])
  })
})
