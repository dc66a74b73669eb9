import { describe, expect, it } from 'vitest'
import { AppError } from '../../core/errors.js'
import { createMemoryLimiter } from './memory-limiter.js'

const MiB = 1024 * 1024

describe('createMemoryLimiter', () => {
  it('refuses with INGEST_MEMORY_LIMITED above the soft limit (80 % of the budget) and recovers', () => {
    let rss = 700 * MiB
    let t = 0
    const limiter = createMemoryLimiter({
      limitBytes: 1000 * MiB,
      readRssBytes: () => rss,
      now: () => t,
    })
    expect(() => limiter.check()).not.toThrow()
    rss = 850 * MiB
    // The reading is trusted for 100 ms: still admitted.
    t += 50
    expect(() => limiter.check()).not.toThrow()
    t += 60
    let err: unknown
    try {
      limiter.check()
    } catch (e) {
      err = e
    }
    expect(err).toBeInstanceOf(AppError)
    expect((err as AppError).code).toBe('INGEST_MEMORY_LIMITED')
    expect((err as AppError).retryAfterSeconds).toBe(2)
    expect((err as AppError).message).toContain(
      'soft limit 800 MiB of ingest.memoryLimitBytes 1000 MiB'
    )
    rss = 600 * MiB
    t += 100
    expect(() => limiter.check()).not.toThrow()
  })

  it('never refuses when the budget is 0 (off)', () => {
    const limiter = createMemoryLimiter({ limitBytes: 0, readRssBytes: () => 1e15, now: () => 0 })
    expect(() => limiter.check()).not.toThrow()
  })
})

describe('createMemoryLimiter relief', () => {
  it('asks for relief above the soft limit at most once per interval, and admits once it freed memory', async () => {
    let rss = 900 * MiB
    let t = 0
    let reliefs = 0
    const limiter = createMemoryLimiter({
      limitBytes: 1000 * MiB,
      readRssBytes: () => rss,
      now: () => t,
      reliefIntervalMs: 5000,
      relieve: async () => {
        reliefs++
        rss = 500 * MiB
      },
    })
    expect(() => limiter.check()).toThrow(AppError)
    expect(reliefs).toBe(1)
    // The relief settles on the next tick; the reading is taken again at the next check.
    await new Promise((resolve) => setImmediate(resolve))
    expect(() => limiter.check()).not.toThrow()
    rss = 900 * MiB
    t += 1000
    expect(() => limiter.check()).toThrow(AppError)
    expect(reliefs).toBe(1)
    t += 5000
    expect(() => limiter.check()).toThrow(AppError)
    expect(reliefs).toBe(2)
    expect(limiter.reliefs()).toBe(2)
  })
})

describe('createMemoryLimiter between the soft limit and the budget', () => {
  const limiterAt = (rss: number, inFlight: () => number) =>
    createMemoryLimiter({
      limitBytes: 1000 * MiB,
      readRssBytes: () => rss,
      now: () => 0,
      inFlightRequests: inFlight,
    })

  it('admits a body while fewer than two others are unanswered, and refuses the third', () => {
    let inFlight = 0
    const limiter = limiterAt(900 * MiB, () => inFlight)
    // Nothing held to drain: refusing would free nothing.
    expect(() => limiter.check()).not.toThrow()
    inFlight = 1
    expect(() => limiter.check()).not.toThrow()
    inFlight = 2
    expect(() => limiter.check()).toThrow(AppError)
    // A body already admitted counts itself out.
    expect(() => limiter.check(1)).not.toThrow()
    inFlight = 3
    expect(() => limiter.check(1)).toThrow(AppError)
    expect(limiter.admittedAboveSoft()).toBe(3)
  })

  it('refuses every body at or above the budget itself, whatever is in flight', () => {
    const limiter = limiterAt(1000 * MiB, () => 0)
    expect(() => limiter.check()).toThrow(AppError)
    expect(limiter.admittedAboveSoft()).toBe(0)
  })

  it('refuses every body above the soft limit when it is not told what is in flight', () => {
    const limiter = createMemoryLimiter({
      limitBytes: 1000 * MiB,
      readRssBytes: () => 900 * MiB,
      now: () => 0,
    })
    expect(() => limiter.check()).toThrow(AppError)
  })
})
