import { describe, expect, it } from 'vitest'
import { AppError } from '../../core/errors.js'
import { createWriteQueue, type QueuedJob } from './write-queue.js'

type Job = QueuedJob<'spans'> & { id: number }

const job = (id: number): Job => ({ kind: 'spans', id, items: 2000, spanCount: 2000, bytes: 1e6 })

/** Lets the writer's awaited steps (writes, the WAL check) settle. */
const settle = () => new Promise<void>((resolve) => setTimeout(resolve, 0))

/**
 * A queue whose writes and checkpoints each wait for the test to release them, logging in order
 * what ran: `w<ids>` a write round, `cp` a checkpoint, `ok<id>` an acknowledgement.
 */
function checkpointingQueue(options: { failCheckpoint?: boolean } = {}) {
  const clock = { t: 0 }
  const log: string[] = []
  const wal = { due: false }
  const gates: (() => void)[] = []
  const hold = () => new Promise<void>((resolve) => gates.push(resolve))
  const errors: unknown[] = []
  const queue = createWriteQueue<Job>({
    limits: { maxItems: 1e9, maxSpans: 1e9, maxBytes: 1e12, maxDelayMs: 1000 },
    now: () => clock.t,
    kinds: ['spans'],
    maxWriteItems: 2000,
    onBackgroundError: (err) => errors.push(err),
    async writeGroup(_kind, jobs) {
      log.push(`w${jobs.map((j) => j.id).join(',')}`)
      await hold()
      clock.t += 100
    },
    checkpoint: {
      isDue: () => Promise.resolve(wal.due),
      async run() {
        log.push('cp')
        await hold()
        clock.t += 1400
        wal.due = false
        if (options.failCheckpoint === true) {
          throw new Error('IO Error: No space left on device')
        }
      },
    },
  })
  const submit = (id: number): Promise<void> =>
    queue.submit(job(id)).then(() => {
      log.push(`ok${id}`)
    })
  /** Releases the step the writer waits in, then lets it reach the next one. */
  const step = async (): Promise<void> => {
    await settle()
    gates.shift()?.()
    await settle()
    await settle()
  }
  return { queue, clock, log, wal, errors, submit, step }
}

async function refusalOf(p: Promise<void>): Promise<AppError> {
  const err: unknown = await p.then(
    () => null,
    (e: unknown) => e
  )
  expect(err).toBeInstanceOf(AppError)
  return err as AppError
}

describe('createWriteQueue with the store checkpoint', () => {
  it('closes admission when the WAL is due, writes what was queued, then checkpoints with nothing waiting', async () => {
    const q = checkpointingQueue()
    const first = q.submit(1)
    const second = q.submit(2)
    q.wal.due = true
    await q.step() // round 1 commits; the WAL check closes admission
    // Queued before the close: still written, and before the checkpoint.
    const refused = await refusalOf(q.submit(3))
    expect(refused.code).toBe('INGEST_OVERLOADED')
    expect(refused.reason).toBe('checkpoint')
    // Round 2 (~100 ms) plus a checkpoint not yet measured (1.5 s): 2 s.
    expect(refused.retryAfterSeconds).toBe(2)
    expect(() => q.queue.admit({ items: 0, spanCount: 0, bytes: 0 })).toThrow(/checkpoint/)
    await q.step() // round 2 commits
    await Promise.all([first, second])
    expect(q.log).toEqual(['w1', 'ok1', 'w2', 'ok2', 'cp'])
    expect(() => q.queue.admit({ items: 0, spanCount: 0, bytes: 0 })).toThrow(/checkpoint/)
    await q.step() // the checkpoint ends: admission opens
    q.queue.admit({ items: 0, spanCount: 0, bytes: 0 })
    const fourth = q.submit(4)
    await q.step()
    await fourth
    expect(q.log).toEqual(['w1', 'ok1', 'w2', 'ok2', 'cp', 'w4', 'ok4'])
  })

  it('checkpoints at once when asked with nothing queued, and resolves the request after it', async () => {
    const q = checkpointingQueue()
    let done = false
    const asked = q.queue.requestCheckpoint().then(() => (done = true))
    await settle()
    expect(q.log).toEqual(['cp'])
    expect(done).toBe(false)
    await q.step()
    await asked
    expect(done).toBe(true)
    q.queue.admit({ items: 0, spanCount: 0, bytes: 0 })
  })

  it('opens admission after a failed checkpoint and does not try again for 5 s', async () => {
    const q = checkpointingQueue({ failCheckpoint: true })
    q.wal.due = true
    const first = q.submit(1)
    await q.step() // round 1; closes
    await first
    await q.step() // the checkpoint fails
    expect(q.errors).toHaveLength(1)
    q.wal.due = true
    const second = q.submit(2) // admitted: the failure reopened admission
    await q.step()
    await second
    // 1.5 s after the failure: due, but not tried again yet.
    q.queue.admit({ items: 0, spanCount: 0, bytes: 0 })
    expect(q.log).toEqual(['w1', 'ok1', 'cp', 'w2', 'ok2'])
    q.clock.t += 5000
    const third = q.submit(3)
    await q.step()
    await third
    expect(q.log.slice(-2)).toEqual(['ok3', 'cp'])
  })
})
