import { describe, expect, it } from 'vitest'
import { createSeenTraces } from './seen-traces.js'

const id = (i: number): string => i.toString(16).padStart(32, '0')

describe('createSeenTraces', () => {
  it('never forgets an id within its capacity', () => {
    const seen = createSeenTraces(10_000)
    for (let i = 0; i < 10_000; i++) {
      seen.add(id(i))
    }
    for (let i = 0; i < 10_000; i++) {
      expect(seen.mayHave(id(i))).toBe(true)
    }
  })

  it('has few false positives', () => {
    const seen = createSeenTraces(10_000)
    for (let i = 0; i < 10_000; i++) {
      seen.add(id(i))
    }
    let fp = 0
    for (let i = 10_000; i < 20_000; i++) {
      fp += seen.mayHave(id(i)) ? 1 : 0
    }
    expect(fp / 10_000).toBeLessThan(0.03)
  })

  it('reads back at most one new trace in 2,000 when both generations are full (ADR 0256)', () => {
    const seen = createSeenTraces(10_000)
    for (let i = 0; i < 19_999; i++) {
      seen.add(id(i))
    }
    let fp = 0
    for (let i = 1_000_000; i < 1_100_000; i++) {
      fp += seen.mayHave(id(i)) ? 1 : 0
    }
    expect(fp / 100_000).toBeLessThan(0.0005)
  })

  it('reads back no new trace in 200,000 when both generations are full (ADR 0265)', () => {
    const seen = createSeenTraces(10_000)
    for (let i = 0; i < 19_999; i++) {
      seen.add(id(i))
    }
    let fp = 0
    for (let i = 1_000_000; i < 1_200_000; i++) {
      fp += seen.mayHave(id(i)) ? 1 : 0
    }
    expect(fp).toBe(0)
  })

  it('forgets ids older than two generations, keeping memory fixed', () => {
    const seen = createSeenTraces(1000)
    seen.add('a'.repeat(32))
    for (let i = 0; i < 2100; i++) {
      seen.add(id(i))
    }
    expect(seen.mayHave(id(2099))).toBe(true)
    expect(seen.mayHave('a'.repeat(32))).toBe(false)
  })
})
