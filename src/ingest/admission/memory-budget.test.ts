import { describe, expect, it } from 'vitest'
import { capBy, splitMemoryBudget } from './memory-budget.js'

const MiB = 1024 * 1024

describe('splitMemoryBudget', () => {
  it('gives DuckDB 40 %, a checkpoint every budget/8 of WAL, and caps the queues', () => {
    expect(splitMemoryBudget(1024 * MiB)).toEqual({
      duckDbBytes: Math.floor(1024 * MiB * 0.4),
      checkpointBytes: 128 * MiB,
      queueBytes: 128 * MiB,
      inFlightBytes: 16 * MiB,
      // 1/8 of the budget for up to twice the held spans at 640 B each.
      heldSpans: 104_857,
    })
  })

  it('holds spans for assembly in proportion to the budget, 10,000 at least', () => {
    expect(splitMemoryBudget(4096 * MiB).heldSpans).toBe(419_430)
    expect(splitMemoryBudget(64 * MiB).heldSpans).toBe(10_000)
  })

  it('keeps the checkpoint threshold between 16 and 256 MiB', () => {
    expect(splitMemoryBudget(64 * MiB).checkpointBytes).toBe(16 * MiB)
    expect(splitMemoryBudget(8192 * MiB).checkpointBytes).toBe(256 * MiB)
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
