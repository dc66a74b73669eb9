/**
 * Small builders for the inputs of the evidence helpers in rule.ts (a concentration row, a change
 * over time, a stage's statistics), for tests of their wording.
 */
import type { ConcentrationRow } from '../../concentration/find-concentration.js'
import { asMicros } from '../../model/units.js'
import type { TimeChange } from '../frame/context.js'
import type { StageStat } from '../detect/stage-stats.js'

/** A significant row: `replica_age=<5m` holds 99 % of the slow requests and 1 % of the rest. */
export function makeRow(overrides: Partial<ConcentrationRow> = {}): ConcentrationRow {
  return {
    dimension: 'replica_age',
    value: '<5m',
    slowCount: 99,
    baselineCount: 10,
    slowShare: 0.99,
    baselineShare: 0.01,
    lift: 99,
    z: 30,
    pValue: 0,
    slowRate: 0.9,
    risk: 80,
    significant: true,
    ...overrides,
  }
}

/**
 * A change whose per-step quantile rose from `baselineUs` to `elevatedUs` over buckets 10–19 of
 * one-minute steps starting at `fromUs` (10:10 to 10:20 UTC on 2025-06-02 by default).
 */
export function makeChange(
  baselineUs = 319_000,
  elevatedUs = 617_000,
  stepUs = 60_000_000
): TimeChange {
  const fromUs = Date.UTC(2025, 5, 2, 10, 0, 0) * 1000 + 10 * stepUs
  return {
    p99: new Float64Array(0),
    result: { segments: [], changes: [], noise: 0, values: [], minSegment: 3 },
    elevated: { start: 10, end: 19, baseline: baselineUs, elevated: elevatedUs, ratio: 2 },
    windowUs: { fromUs: asMicros(fromUs), toUs: asMicros(fromUs + 10 * stepUs) },
    inWindow: new Uint8Array(0),
  }
}

/** A stage's statistics: 836 ms in the slow cohort vs 10 ms in the rest, 98 % of the excess. */
export function makeStageStat(overrides: Partial<StageStat> = {}): StageStat {
  return {
    stage: 'gateway.queue',
    slowShare: 0.9,
    baselineShare: 0.1,
    slowMeanUs: 836_000,
    baselineMeanUs: 10_000,
    excessUs: 826_000,
    excessShare: 0.98,
    p99Us: 538_000,
    presence: 1,
    ...overrides,
  }
}
