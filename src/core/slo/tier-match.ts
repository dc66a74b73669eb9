/** Assigns requests to SLO tiers by their dimensions. */
import { DIMENSIONS, type RequestTimeline } from '../model/request.js'
import type { Tier, TierMatch } from './types.js'

function valueMatches(value: string | null, wanted: readonly string[]): boolean {
  if (value === null) {
    return false
  }
  for (const w of wanted) {
    if (w.endsWith('*') ? value.startsWith(w.slice(0, -1)) : value === w) {
      return true
    }
  }
  return false
}

/** True when the request's dimensions satisfy every listed dimension of `match`. */
export function matchesTier(request: Pick<RequestTimeline, 'dims'>, match: TierMatch): boolean {
  for (const d of DIMENSIONS) {
    const wanted = match[d]
    if (wanted !== undefined && wanted.length > 0 && !valueMatches(request.dims[d], wanted)) {
      return false
    }
  }
  return true
}

/** The first tier (in configuration order) whose match the request satisfies, or null. */
export function tierOf(
  request: Pick<RequestTimeline, 'dims'>,
  tiers: readonly Tier[]
): Tier | null {
  for (const t of tiers) {
    if (matchesTier(request, t.match)) {
      return t
    }
  }
  return null
}

/**
 * The match as store filters. Prefix patterns (`x*`) cannot be expressed as store filters and
 * are left out, so such a scope is wider than the tier (documented in docs/slo.md).
 */
export function matchAsFilters(
  match: TierMatch
): Partial<Record<(typeof DIMENSIONS)[number], string[]>> {
  const out: Partial<Record<(typeof DIMENSIONS)[number], string[]>> = {}
  for (const d of DIMENSIONS) {
    const exact = (match[d] ?? []).filter((v) => !v.endsWith('*'))
    if (exact.length > 0 && exact.length === (match[d] ?? []).length) {
      out[d] = [...exact]
    }
  }
  return out
}
