import { describe, expect, it } from 'vitest'
import type { TwinModel } from './fit.js'
import { unexplainedPaceReason } from './fit-words.js'
import type { ReplayRow } from './whatif.js'

const row = (observed: number, replayed: number, ok: boolean): ReplayRow => ({
  observed,
  replayed: { value: replayed, interval: [replayed, replayed] },
  error: (replayed - observed) / observed,
  ok,
})

const model = {
  replicas: [
    { name: 'vllm-0', r2: { decode: 0.05, prefill: 0.01 } },
    { name: 'vllm-1', r2: { decode: 0.01, prefill: 0.03 } },
  ],
} as unknown as TwinModel

const fine = { p50: row(10, 10, true), p99: row(20, 20, true) }

describe('unexplainedPaceReason', () => {
  it('names the spread the law does not explain when the replay pulls P50 up and P99 down', () => {
    // The recorded real stack: TPOT P50 16.7 → 21.4 ms, P99 71.3 → 23.5 ms.
    const why = unexplainedPaceReason(
      {
        ttft: fine,
        queue: fine,
        e2e: fine,
        tpot: { p50: row(16.7, 21.4, true), p99: row(71.3, 23.5, false) },
      },
      model
    )
    expect(why).toContain('5 % on vllm-0, 1 % on vllm-1 of how the requests')
    expect(why).toContain('TPOT P99 is 4.3× its P50 in the window, 1.1× in the replay')
  })

  it('says nothing when the replay misses one way (a law off in level, not in spread)', () => {
    const slow = { p50: row(16.7, 21.4, false), p99: row(71.3, 90, false) }
    expect(unexplainedPaceReason({ ttft: slow, queue: fine, e2e: fine, tpot: slow }, model)).toBe(
      null
    )
  })
})
