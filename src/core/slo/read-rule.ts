/**
 * Reads a tier rule (burn rate or objective) at one instant from the minute index. Every rule
 * reduces to a value against a threshold of 1 so that one state machine and one hysteresis
 * setting serve all of them: burn-rate rules report the strongest pair's min(long, short) ÷ factor,
 * objective rules report the window's bad share ÷ the allowed share.
 */
import type { Micros } from '../model/units.js'
import { observe, type Observation } from './alert-state.js'
import { burnRate, errorBudget, objectiveBreached, readBurnPairs } from './burn-rate.js'
import type { MinuteIndex } from './minute-index.js'
import type { BurnRateRule, Objective, ObjectiveRule, Tier } from './types.js'

export interface RuleReading {
  observation: Observation
  /** Requests in the rule's (longest) window. */
  requests: number
  /** Named figures for notifications and the API, e.g. `burn_1h: 15.2`. */
  detail: Record<string, number | null>
}

function windowLabel(us: number): string {
  const min = us / 60_000_000
  return min % 60 === 0 ? `${min / 60}h` : `${min}m`
}

/** Finds a tier's objective by id, or null. */
export function findObjective(tier: Tier, id: string): Objective | null {
  return tier.objectives.find((o) => o.id === id) ?? null
}

/** Reads a burn-rate or objective rule for `tier` at `endUs`. */
export function readTierRule(
  rule: BurnRateRule | ObjectiveRule,
  tier: Tier,
  objective: Objective,
  index: MinuteIndex,
  endUs: Micros
): RuleReading {
  if (rule.kind === 'burn_rate') {
    const readings = readBurnPairs(index, tier.name, objective, rule.windows, endUs)
    const detail: Record<string, number | null> = {}
    let value: number | null = null
    let requests = 0
    for (const r of readings) {
      detail[`burn_${windowLabel(r.pair.longUs)}`] = r.long
      detail[`burn_${windowLabel(r.pair.shortUs)}`] = r.short
      requests = Math.max(requests, r.longRequests)
      if (r.long === null || r.short === null || r.longRequests < rule.minRequests) {
        continue
      }
      const ratio = Math.min(r.long, r.short) / r.pair.factor
      value = value === null ? ratio : Math.max(value, ratio)
    }
    return { observation: observe(value, 1, rule.hysteresis), requests, detail }
  }
  const counts = index.sum(tier.name, objective.id, endUs, rule.windowUs)
  const enough = counts.total >= rule.minRequests
  const value = enough ? burnRate(counts, errorBudget(objective)) : null
  return {
    observation: observe(
      value,
      1,
      rule.hysteresis,
      enough ? objectiveBreached(counts, objective) : false
    ),
    requests: counts.total,
    detail: {
      [`bad_share_${windowLabel(rule.windowUs)}`]:
        counts.total === 0 ? null : counts.bad / counts.total,
      allowed_share: errorBudget(objective),
    },
  }
}
