import { describe, expect, it } from 'vitest'
import { quietValue, spikeSelection } from './measures.js'

describe('quietValue', () => {
  it('is the lower quartile by nearest rank, ignoring empty buckets', () => {
    expect(quietValue([400, null, 100, 300, 200])).toBe(100)
    expect(quietValue([5, 1, 2, 3, 4, 6, 7, 8])).toBe(2)
    expect(quietValue([null])).toBeNull()
  })

  it('stays at the quiet level when an incident covers most of the view', () => {
    const view = [...Array(6).fill(100), ...Array(14).fill(900)] as number[]
    expect(quietValue(view)).toBe(100)
  })
})

describe('spikeSelection', () => {
  it('keeps the requests above the quiet p99 in the clicked bucket', () => {
    expect(spikeSelection(60_000, 10_000, 2400, 480)).toEqual({
      fromMs: 60_000,
      toMs: 70_000,
      minMs: 480,
      maxMs: null,
    })
  })

  it('never cuts above the bucket p99 (a quiet bucket clicked still lists its slowest)', () => {
    expect(spikeSelection(0, 10_000, 300, 480).minMs).toBe(300)
    expect(spikeSelection(0, 10_000, 300, null).minMs).toBe(300)
  })
})
