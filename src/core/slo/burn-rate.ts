/**
 * Error budgets and burn rates. For a p99 latency objective the budget is the 1 % of requests
 * allowed over the threshold; for an error-rate objective it is the allowed failed share. A burn
 * rate of 1 spends exactly the budget over the SLO period; 14.4 over 1 h spends 2 % of a 30-day
 * budget (Google SRE workbook, "Alerting on SLOs").
 */
import type { Micros } from '../model/units.js'
import type { MinuteIndex, WindowCounts } from './minute-index.js'
import type { BurnWindowPair, Objective } from './types.js'

/** The share of requests an objective allows to be bad, 0..1. */
export function errorBudget(o: Objective): number {
  if (o.kind === 'error_rate') {
    return o.maxErrorRate
  }
  // 1 − 0.99 is 0.010000000000000009 in binary floating point, which `/api/slo` printed as the
  // budget a user configured as "p99". Twelve significant digits hold any percentile a config
  // can name and drop the representation error.
  return Number((1 - o.percentile / 100).toPrecision(12))
}

/** Bad share ÷ budget; null without requests. */
export function burnRate(
  counts: Pick<WindowCounts, 'total' | 'bad'>,
  budget: number
): number | null {
  if (counts.total === 0 || budget <= 0) {
    return null
  }
  return counts.bad / counts.total / budget
}

export interface PairReading {
  pair: BurnWindowPair
  long: number | null
  short: number | null
  longRequests: number
  /** Both windows over the factor. */
  breached: boolean
}

/** Burn rates of every window pair of a rule at `endUs`. */
export function readBurnPairs(
  index: MinuteIndex,
  tier: string,
  objective: Objective,
  pairs: readonly BurnWindowPair[],
  endUs: Micros
): PairReading[] {
  const budget = errorBudget(objective)
  return pairs.map((pair) => {
    const longCounts = index.sum(tier, objective.id, endUs, pair.longUs)
    const shortCounts = index.sum(tier, objective.id, endUs, pair.shortUs)
    const long = burnRate(longCounts, budget)
    const short = burnRate(shortCounts, budget)
    return {
      pair,
      long,
      short,
      longRequests: longCounts.total,
      breached: long !== null && short !== null && long > pair.factor && short > pair.factor,
    }
  })
}

/**
 * Whether an objective is breached over a window, exactly as a nearest-rank percentile would say:
 * the p-th percentile exceeds the threshold iff more than `n − ⌈p·n⌉` requests exceed it.
 * Error-rate objectives compare the failed share with the allowed one.
 */
export function objectiveBreached(
  counts: Pick<WindowCounts, 'total' | 'bad'>,
  o: Objective
): boolean {
  if (counts.total === 0) {
    return false
  }
  if (o.kind === 'error_rate') {
    return counts.bad / counts.total > o.maxErrorRate
  }
  return counts.bad > counts.total - Math.ceil((o.percentile / 100) * counts.total - 1e-9)
}
