import { describe, expect, it } from 'vitest'
import { dealOut, splitLoad } from './worker-split.js'

describe('splitLoad (--workers)', () => {
  it('deals out users and the request budget so the parts add up', () => {
    const mode = { kind: 'concurrency', concurrency: 7 } as const
    const shares = [0, 1, 2].map((i) => splitLoad(mode, 10, i, 3))
    expect(shares.map((s) => (s?.mode.kind === 'concurrency' ? s.mode.concurrency : 0))).toEqual([
      3, 2, 2,
    ])
    expect(shares.map((s) => s?.maxRequests)).toEqual([4, 3, 3])
    expect([0, 1, 2, 3].map((i) => dealOut(2, i, 4))).toEqual([1, 1, 0, 0])
    // a worker with no user or no request is not started
    expect(splitLoad({ kind: 'concurrency', concurrency: 1 }, null, 1, 2)).toBeNull()
    expect(splitLoad(mode, 1, 1, 2)).toBeNull()
  })

  it('divides the rate (and ramp target), gives each worker its own seed, interleaves constant', () => {
    const mode = {
      kind: 'rate',
      arrivals: { kind: 'constant', ratePerS: 10, rampToPerS: 20, rampDurationMs: 1000, seed: 1 },
    } as const
    const s = [0, 1].map((i) => splitLoad(mode, null, i, 2))
    expect(s[1]?.mode).toEqual({
      kind: 'rate',
      arrivals: { kind: 'constant', ratePerS: 5, rampToPerS: 10, rampDurationMs: 1000, seed: 7920 },
    })
    // 10 req/s constant = two 5 req/s schedules, the second 100 ms after the first
    expect(s.map((x) => x?.startDelayMs)).toEqual([0, 100])
    const poisson = splitLoad(
      { kind: 'rate', arrivals: { kind: 'poisson', ratePerS: 10, seed: 1 } },
      null,
      1,
      2
    )
    expect(poisson?.startDelayMs).toBe(0)
  })
})
