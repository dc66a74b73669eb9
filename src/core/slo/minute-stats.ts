/**
 * Per-tier, per-minute counts: for every objective, how many requests it applies to, how many
 * were bad (over the latency threshold, or failed), and the objective's own value in that minute.
 * These counts are all that compliance, error budgets and burn rates need.
 */
import { durationOf, type RequestTimeline } from '../model/request.js'
import type { Micros } from '../model/units.js'
import { tierOf } from './tier-match.js'
import { MINUTE_US, type Objective, type Tier } from './types.js'

export interface ObjectiveMinute {
  /** Requests the objective applies to (latency: those that have the measure). */
  total: number
  /** Requests over the threshold (latency) or failed (error rate). */
  bad: number
  /** Latency: the objective's percentile in this minute (µs); error rate: the failed share. */
  value: number | null
}

export interface TierMinute {
  tier: string
  minuteUs: Micros
  requests: number
  objectives: Record<string, ObjectiveMinute>
}

/** Start of the minute holding `timeUs`. */
export function minuteOf(timeUs: number): Micros {
  return (Math.floor(timeUs / MINUTE_US) * MINUTE_US) as Micros
}

/** A failed request: it carries an error type or an HTTP 5xx status. */
export function isFailed(r: RequestTimeline): boolean {
  return r.errorType !== null || (r.status !== null && r.status >= 500)
}

/** Whether a request breaches a latency objective's threshold. */
export function breaches(r: RequestTimeline, o: Objective): boolean {
  if (o.kind === 'error_rate') {
    return isFailed(r)
  }
  const v = durationOf(r, o.measure)
  return v !== null && v > o.thresholdUs
}

/** Nearest-rank quantile (rank ⌈q·n⌉) of ascending values; q in 0..1. */
export function nearestRank(sorted: readonly number[], q: number): number | null {
  if (sorted.length === 0) {
    return null
  }
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil(q * sorted.length)))
  return sorted[rank - 1] ?? null
}

interface Acc {
  requests: number
  counts: Map<string, { total: number; bad: number; values: number[] }>
}

/** Accumulates requests into tier-minutes; `finish` returns them ordered by minute, then tier. */
export function createMinuteAggregator(tiers: readonly Tier[]): {
  add(r: RequestTimeline): Tier | null
  finish(): TierMinute[]
} {
  const byKey = new Map<string, { tier: Tier; minuteUs: Micros; acc: Acc }>()
  return {
    add(r) {
      const tier = tierOf(r, tiers)
      if (tier === null) {
        return null
      }
      const minuteUs = minuteOf(r.startUs)
      const key = `${minuteUs}\u0000${tier.name}`
      let entry = byKey.get(key)
      if (!entry) {
        entry = { tier, minuteUs, acc: { requests: 0, counts: new Map() } }
        byKey.set(key, entry)
      }
      entry.acc.requests++
      for (const o of tier.objectives) {
        let c = entry.acc.counts.get(o.id)
        if (!c) {
          c = { total: 0, bad: 0, values: [] }
          entry.acc.counts.set(o.id, c)
        }
        if (o.kind === 'error_rate') {
          c.total++
          if (isFailed(r)) {
            c.bad++
          }
        } else {
          const v = durationOf(r, o.measure)
          if (v === null) {
            continue
          }
          c.total++
          c.values.push(v)
          if (v > o.thresholdUs) {
            c.bad++
          }
        }
      }
      return tier
    },
    finish() {
      const out: TierMinute[] = []
      for (const { tier, minuteUs, acc } of byKey.values()) {
        const objectives: Record<string, ObjectiveMinute> = {}
        for (const o of tier.objectives) {
          const c = acc.counts.get(o.id) ?? { total: 0, bad: 0, values: [] }
          let value: number | null
          if (o.kind === 'error_rate') {
            value = c.total === 0 ? null : c.bad / c.total
          } else {
            value = nearestRank(
              c.values.sort((a, b) => a - b),
              o.percentile / 100
            )
          }
          objectives[o.id] = { total: c.total, bad: c.bad, value }
        }
        out.push({ tier: tier.name, minuteUs, requests: acc.requests, objectives })
      }
      return out.sort((a, b) => a.minuteUs - b.minuteUs || a.tier.localeCompare(b.tier))
    },
  }
}

/** Whether a tier-minute met an objective (null when it had no requests for it). */
export function minuteCompliant(m: ObjectiveMinute, o: Objective): boolean | null {
  if (m.value === null) {
    return null
  }
  return o.kind === 'error_rate' ? m.value <= o.maxErrorRate : m.value <= o.thresholdUs
}
