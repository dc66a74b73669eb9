import { describe, expect, it } from 'vitest'
import { readSloTargets } from './slos.js'

describe('readSloTargets', () => {
  it.each([
    [{ ttftMs: 800 }, { ttftMs: 800 }],
    [
      { ttft_s: 0.5, tpot_ms: 40 },
      { ttftMs: 500, tpotMs: 40 },
    ],
    [
      {
        tiers: [
          {
            objectives: ['ttft p99 < 800ms', { measure: 'tpot', percentile: 95, thresholdMs: 60 }],
          },
        ],
      },
      { ttftMs: 800, tpotMs: 60, quantile: 0.99 },
    ],
    [[{ ttftMs: 900 }, { ttftMs: 700 }], { ttftMs: 700 }],
    ['e2e p99 < 2m', { e2eMs: 120_000, quantile: 0.99 }],
  ])('%j → %j', (input, expected) => {
    expect(readSloTargets(input)).toEqual(expected)
  })

  it.each([undefined, null, 'nonsense', { errorRate: 0.01 }, 42])(
    '%j holds no latency target',
    (input) => {
      expect(readSloTargets(input)).toBeNull()
    }
  )
})
