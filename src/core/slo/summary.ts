/**
 * Compliance of a tier over a window: per objective, the requests, the bad share, the error
 * budget consumed, the burn rate, and per-minute values with whether each minute complied.
 */
import { burnRate, errorBudget } from './burn-rate.js'
import { minuteCompliant, type TierMinute } from './minute-stats.js'
import type { Micros } from '../model/units.js'
import type { Objective, Tier } from './types.js'

export interface MinutePoint {
  minuteUs: Micros
  /** Latency: the objective's percentile (µs); error rate: the failed share. */
  value: number | null
  compliant: boolean | null
  total: number
  bad: number
}

export interface ObjectiveSummary {
  objective: Objective
  total: number
  bad: number
  /** Allowed bad share (1 − percentile, or the max error rate). */
  budget: number
  /** Share of the window's error budget spent (1 = all of it). */
  budgetConsumed: number | null
  burnRate: number | null
  compliantMinutes: number
  minutesWithData: number
  minutes: MinutePoint[]
}

export interface TierSummary {
  tier: Tier
  requests: number
  objectives: ObjectiveSummary[]
}

/** Summarises one tier's minutes (any order) over the window they cover. */
export function summarizeTier(tier: Tier, minutes: readonly TierMinute[]): TierSummary {
  const sorted = [...minutes].sort((a, b) => a.minuteUs - b.minuteUs)
  const requests = sorted.reduce((n, m) => n + m.requests, 0)
  const objectives = tier.objectives.map((o): ObjectiveSummary => {
    let total = 0
    let bad = 0
    let compliantMinutes = 0
    let minutesWithData = 0
    const points: MinutePoint[] = []
    for (const m of sorted) {
      const om = m.objectives[o.id] ?? { total: 0, bad: 0, value: null }
      total += om.total
      bad += om.bad
      const compliant = minuteCompliant(om, o)
      if (compliant !== null) {
        minutesWithData++
        if (compliant) {
          compliantMinutes++
        }
      }
      points.push({
        minuteUs: m.minuteUs,
        value: om.value,
        compliant,
        total: om.total,
        bad: om.bad,
      })
    }
    const budget = errorBudget(o)
    const rate = burnRate({ total, bad }, budget)
    return {
      objective: o,
      total,
      bad,
      budget,
      budgetConsumed: rate,
      burnRate: rate,
      compliantMinutes,
      minutesWithData,
      minutes: points,
    }
  })
  return { tier, requests, objectives }
}
