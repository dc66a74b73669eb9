import { describe, expect, it } from 'vitest'
import { capBy, splitMemoryBudget } from './memory-budget.js'

const MiB = 1024 * 1024

describe('splitMemoryBudget', () => {
  it('gives DuckDB 25 %, a checkpoint every budget/16 of WAL, and caps the queues', () => {
    expect(splitMemoryBudget(1024 * MiB)).toEqual({
      duckDbBytes: 256 * MiB,
      checkpointBytes: 64 * MiB,
      queueBytes: 128 * MiB,
      inFlightBytes: 16 * MiB,
      // 1/8 of the budget for up to twice the held spans at 640 B each.
      heldSpans: 104_857,
    })
  })

  it('leaves under the soft limit room for what no part counts', () => {
    // Measured at 1 GiB under 10× overload: besides the V8 heap (the queue and the held spans)
    // and DuckDB's own count, 226–473 MiB of the resident set was neither (the decode worker,
    // allocator pages not yet returned, code), never less than 226. DuckDB at 40 % left 137 MiB
    // for it: the resident set sat at the soft limit and the limiter refused 8,993 batches in
    // 10 minutes (ADR 0270).
    for (const budget of [1024 * MiB, 2048 * MiB]) {
      const split = splitMemoryBudget(budget)
      const heldBytes = 2 * split.heldSpans * 640
      const counted = split.duckDbBytes + split.queueBytes + split.inFlightBytes + heldBytes
      expect(0.8 * budget - counted).toBeGreaterThanOrEqual(226 * MiB)
    }
  })

  it('holds spans for assembly in proportion to the budget, 10,000 at least', () => {
    expect(splitMemoryBudget(4096 * MiB).heldSpans).toBe(419_430)
    expect(splitMemoryBudget(64 * MiB).heldSpans).toBe(10_000)
  })

  it('keeps the checkpoint threshold between 16 and 256 MiB', () => {
    expect(splitMemoryBudget(64 * MiB).checkpointBytes).toBe(16 * MiB)
    expect(splitMemoryBudget(8192 * MiB).checkpointBytes).toBe(256 * MiB)
    expect(splitMemoryBudget(4096 * MiB).checkpointBytes).toBe(256 * MiB)
  })

  it('caps nothing without a budget', () => {
    const split = splitMemoryBudget(0)
    expect(split).toEqual({
      duckDbBytes: 0,
      checkpointBytes: 0,
      queueBytes: 0,
      inFlightBytes: 0,
      heldSpans: 0,
    })
    expect(capBy(256 * MiB, split.queueBytes)).toBe(256 * MiB)
    expect(capBy(256 * MiB, 128 * MiB)).toBe(128 * MiB)
  })
})
