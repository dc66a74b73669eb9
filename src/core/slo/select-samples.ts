/**
 * Chooses which requests of one tier-minute are kept as evidence: every request that breaches an
 * objective (capped, slowest first), the slowest N by the tier's first latency measure, and a
 * seeded pseudo-random baseline of the normal ones. The baseline is a hash of seed and trace id,
 * so reruns over the same data keep the same requests.
 */
import type { RequestTimeline } from '../model/request.js'
import { durationOf } from '../model/request.js'
import { breaches } from './minute-stats.js'
import type { SloMeasure, Tier } from './types.js'

export interface SampleLimits {
  slowestPerMinute: number
  maxBreachingPerMinute: number
  baselinePerMinute: number
  seed: number
}

export interface SampleChoice {
  request: RequestTimeline
  kind: 'slow' | 'baseline'
  reasons: string[]
}

/** FNV-1a, 32 bit: a stable, seedable hash (not for security). */
export function fnv1a(text: string): number {
  let h = 0x811c9dc5
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i)
    h = Math.imul(h, 0x01000193) >>> 0
  }
  return h
}

/** The measure a tier is ranked by: its first latency objective's, else e2e. */
export function primaryMeasure(tier: Tier): SloMeasure {
  for (const o of tier.objectives) {
    if (o.kind === 'latency') {
      return o.measure
    }
  }
  return 'e2e'
}

/** Picks the samples of one tier-minute (`requests` all belong to `tier`). */
export function selectSamples(
  requests: readonly RequestTimeline[],
  tier: Tier,
  limits: SampleLimits
): SampleChoice[] {
  const measure = primaryMeasure(tier)
  const slowFirst = (a: RequestTimeline, b: RequestTimeline): number =>
    (durationOf(b, measure) ?? -1) - (durationOf(a, measure) ?? -1) ||
    a.traceId.localeCompare(b.traceId)
  const chosen = new Map<string, SampleChoice>()
  const breaching: { r: RequestTimeline; reasons: string[] }[] = []
  for (const r of requests) {
    const reasons = tier.objectives.filter((o) => breaches(r, o)).map((o) => `breach:${o.id}`)
    if (reasons.length > 0) {
      breaching.push({ r, reasons })
    }
  }
  breaching.sort((a, b) => slowFirst(a.r, b.r))
  for (const { r, reasons } of breaching.slice(0, limits.maxBreachingPerMinute)) {
    chosen.set(r.traceId, { request: r, kind: 'slow', reasons })
  }
  const ranked = requests.filter((r) => durationOf(r, measure) !== null).sort(slowFirst)
  for (const r of ranked.slice(0, limits.slowestPerMinute)) {
    const c = chosen.get(r.traceId)
    if (c) {
      c.reasons.push(`slowest:${measure}`)
    } else {
      chosen.set(r.traceId, { request: r, kind: 'slow', reasons: [`slowest:${measure}`] })
    }
  }
  const breachingIds = new Set(breaching.map((b) => b.r.traceId))
  const normal = requests
    .filter((r) => !breachingIds.has(r.traceId) && !chosen.has(r.traceId))
    .map((r) => ({ r, h: fnv1a(`${limits.seed}:${r.traceId}`) }))
    .sort((a, b) => a.h - b.h || a.r.traceId.localeCompare(b.r.traceId))
  for (const { r } of normal.slice(0, limits.baselinePerMinute)) {
    chosen.set(r.traceId, { request: r, kind: 'baseline', reasons: ['baseline'] })
  }
  return [...chosen.values()]
}
