/**
 * Tier-minutes kept by minute for window sums. Replacing a minute (late requests re-counted)
 * is a plain overwrite, so the evaluator can re-read recent minutes from the store every tick.
 */
import type { Micros } from '../model/units.js'
import type { TierMinute } from './minute-stats.js'
import { MINUTE_US } from './types.js'

export interface WindowCounts {
  total: number
  bad: number
  requests: number
}

export interface MinuteIndex {
  /** Replaces every tier-minute of the minutes in `[fromUs, toUs)` with `minutes`. */
  replaceRange(fromUs: Micros, toUs: Micros, minutes: readonly TierMinute[]): void
  /** Sums an objective's counts over the minutes in `[endUs − windowUs, endUs)`. */
  sum(tier: string, objective: string, endUs: Micros, windowUs: Micros): WindowCounts
  /** The tier-minutes of one tier in `[fromUs, toUs)`, by minute. */
  minutes(tier: string, fromUs: Micros, toUs: Micros): TierMinute[]
  /** Drops minutes before `beforeUs`. */
  prune(beforeUs: Micros): void
}

/** Creates an empty index. */
export function createMinuteIndex(): MinuteIndex {
  // minuteUs → tier → TierMinute
  const byMinute = new Map<number, Map<string, TierMinute>>()
  return {
    replaceRange(fromUs, toUs, minutes) {
      for (let m = Math.ceil(fromUs / MINUTE_US) * MINUTE_US; m < toUs; m += MINUTE_US) {
        byMinute.delete(m)
      }
      for (const tm of minutes) {
        if (tm.minuteUs < fromUs || tm.minuteUs >= toUs) {
          continue
        }
        let tiers = byMinute.get(tm.minuteUs)
        if (!tiers) {
          tiers = new Map()
          byMinute.set(tm.minuteUs, tiers)
        }
        tiers.set(tm.tier, tm)
      }
    },
    sum(tier, objective, endUs, windowUs) {
      const out: WindowCounts = { total: 0, bad: 0, requests: 0 }
      const first = Math.ceil((endUs - windowUs) / MINUTE_US) * MINUTE_US
      for (let m = first; m < endUs; m += MINUTE_US) {
        const tm = byMinute.get(m)?.get(tier)
        const o = tm?.objectives[objective]
        if (!tm || !o) {
          continue
        }
        out.total += o.total
        out.bad += o.bad
        out.requests += tm.requests
      }
      return out
    },
    minutes(tier, fromUs, toUs) {
      const out: TierMinute[] = []
      for (let m = Math.ceil(fromUs / MINUTE_US) * MINUTE_US; m < toUs; m += MINUTE_US) {
        const tm = byMinute.get(m)?.get(tier)
        if (tm) {
          out.push(tm)
        }
      }
      return out
    },
    prune(beforeUs) {
      for (const m of byMinute.keys()) {
        if (m < beforeUs) {
          byMinute.delete(m)
        }
      }
    },
  }
}
