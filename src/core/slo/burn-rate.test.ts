import { describe, expect, it } from 'vitest'
import { minuteOfRequests } from './testing/slo-requests.js'
import type { Micros } from '../model/units.js'
import { burnRate, errorBudget, objectiveBreached, readBurnPairs } from './burn-rate.js'
import { createMinuteIndex } from './minute-index.js'
import { createMinuteAggregator, nearestRank } from './minute-stats.js'
import { readTierRule } from './read-rule.js'
import { DEFAULT_BURN_WINDOWS, MINUTE_US, type LatencyObjective, type Tier } from './types.js'

const T0 = 1_750_000_000 * 1_000_000 - ((1_750_000_000 * 1_000_000) % MINUTE_US)
const p99: LatencyObjective = {
  kind: 'latency',
  id: 'ttft_p99',
  measure: 'ttft',
  percentile: 99,
  thresholdUs: 800_000 as Micros,
}
const tier: Tier = {
  name: 'chat',
  match: {},
  objectives: [p99, { kind: 'error_rate', id: 'error_rate', maxErrorRate: 0.01 }],
}

describe('errorBudget and burnRate', () => {
  it('gives the budget of a percentile objective as the number configured, without float noise', () => {
    expect(errorBudget(p99)).toBe(0.01)
    expect(errorBudget({ ...p99, percentile: 99.9 })).toBe(0.001)
    expect(errorBudget({ ...p99, percentile: 95 })).toBe(0.05)
    expect(errorBudget({ ...p99, percentile: 99.95 })).toBe(0.0005)
  })

  it.each([
    { objective: p99, total: 1000, bad: 10, budget: 0.01, burn: 1 },
    { objective: p99, total: 1000, bad: 144, budget: 0.01, burn: 14.4 },
    { objective: { ...p99, percentile: 95 }, total: 200, bad: 20, budget: 0.05, burn: 2 },
    { objective: { ...p99, percentile: 99.9 }, total: 10_000, bad: 5, budget: 0.001, burn: 0.5 },
    {
      objective: { kind: 'error_rate' as const, id: 'errors', maxErrorRate: 0.02 },
      total: 500,
      bad: 30,
      budget: 0.02,
      burn: 3,
    },
    { objective: p99, total: 0, bad: 0, budget: 0.01, burn: null },
  ])('$objective.id: $bad/$total bad → burn $burn', ({ objective, total, bad, budget, burn }) => {
    expect(errorBudget(objective)).toBeCloseTo(budget, 12)
    const got = burnRate({ total, bad }, errorBudget(objective))
    if (burn === null) {
      expect(got).toBeNull()
    } else {
      expect(got).toBeCloseTo(burn, 9)
    }
  })
})

describe('objectiveBreached agrees with the nearest-rank percentile', () => {
  it.each([
    [100, 0],
    [100, 1],
    [100, 2],
    [150, 1],
    [150, 2],
    [7, 1],
    [1, 1],
    [1000, 10],
    [1000, 11],
  ])('%i requests, %i over the threshold', (total, bad) => {
    const values = [
      ...Array.from({ length: total - bad }, () => 100),
      ...Array.from({ length: bad }, () => 900),
    ]
    const q = nearestRank(values, 0.99)
    expect(objectiveBreached({ total, bad }, p99)).toBe((q ?? 0) > 800)
  })
})

describe('multi-window burn rates from minute counts', () => {
  function indexOf(perMinute: [number, number][]) {
    const agg = createMinuteAggregator([tier])
    perMinute.forEach(([n, bad], i) => {
      for (const r of minuteOfRequests(T0 + i * MINUTE_US, n, bad)) {
        agg.add(r)
      }
    })
    const index = createMinuteIndex()
    index.replaceRange(T0 as Micros, (T0 + perMinute.length * MINUTE_US) as Micros, agg.finish())
    return index
  }

  it('reads 1h/5m and 6h/30m burn rates; both windows must exceed the factor', () => {
    // 60 quiet minutes (0.5 % bad), then 5 minutes at 20 % bad.
    const minutes: [number, number][] = [
      ...Array.from({ length: 60 }, (): [number, number] => [200, 1]),
      ...Array.from({ length: 5 }, (): [number, number] => [200, 40]),
    ]
    const index = indexOf(minutes)
    const end = (T0 + minutes.length * MINUTE_US) as Micros
    const [fast, slow] = readBurnPairs(index, 'chat', p99, DEFAULT_BURN_WINDOWS, end)
    // 5 m: 200 of 1000 bad → 20 %/1 % = 20. 1 h: the last 60 minutes = 55 quiet + 5 bad.
    expect(fast?.short).toBeCloseTo(20, 9)
    expect(fast?.long).toBeCloseTo((55 * 1 + 5 * 40) / (60 * 200) / 0.01, 9)
    expect(fast?.breached).toBe(false) // 1 h burn ≈ 2.1 < 14.4
    expect(slow?.short).toBeCloseTo((25 * 1 + 5 * 40) / (30 * 200) / 0.01, 9)
    expect(slow?.breached).toBe(false)
  })

  it('fires the fast pair when the bad share is high for long enough', () => {
    const minutes: [number, number][] = Array.from({ length: 60 }, (): [number, number] => [
      100, 20,
    ])
    const index = indexOf(minutes)
    const end = (T0 + 60 * MINUTE_US) as Micros
    const rule = {
      kind: 'burn_rate' as const,
      name: 'r',
      severity: 'page',
      tier: 'chat',
      objective: 'ttft_p99',
      windows: DEFAULT_BURN_WINDOWS,
      forUs: 0 as Micros,
      resolveForUs: 0 as Micros,
      hysteresis: 0.1,
      minRequests: 10,
      labels: {},
      annotations: {},
    }
    const reading = readTierRule(rule, tier, p99, index, end)
    expect(reading.detail['burn_1h']).toBeCloseTo(20, 9)
    expect(reading.detail['burn_5m']).toBeCloseTo(20, 9)
    expect(reading.observation.fire).toBe(true)
    // The strongest pair wins: 6h/30m only holds these 60 minutes, so its burn is 20 too, ÷ 6.
    expect(reading.detail['burn_6h']).toBeCloseTo(20, 9)
    expect(reading.observation.value).toBeCloseTo(20 / 6, 9)
  })

  it('counts failed requests against the error-rate objective', () => {
    const agg = createMinuteAggregator([tier])
    const reqs = minuteOfRequests(T0, 100, 0)
    for (const r of reqs.slice(0, 3)) {
      r.errorType = 'http_500'
    }
    for (const r of reqs) {
      agg.add(r)
    }
    const [m] = agg.finish()
    expect(m?.objectives['error_rate']).toEqual({ total: 100, bad: 3, value: 0.03 })
    expect(m?.objectives['ttft_p99']?.bad).toBe(0)
  })
})
