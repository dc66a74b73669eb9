import type { SloTargets } from '../diagnosis/frame/input.js'
import type { Tier } from './types.js'

/**
 * The latency targets the diagnosis reads, from SLO tiers: per measure (TTFT, TPOT, E2E) the
 * strictest threshold of any tier, at the highest percentile any of them names. ITL and
 * error-rate objectives have no diagnosis target. Null when no tier sets one.
 *
 * @example
 * diagnosisSloTargets(config.slo.tiers) // { ttftMs: 800, quantile: 0.99 }
 */
export function diagnosisSloTargets(tiers: readonly Tier[]): SloTargets | null {
  const out: SloTargets = {}
  for (const tier of tiers) {
    for (const o of tier.objectives) {
      if (o.kind !== 'latency' || o.measure === 'itl_max') {
        continue
      }
      const key = `${o.measure}Ms` as const
      out[key] = Math.min(out[key] ?? Number.POSITIVE_INFINITY, o.thresholdUs / 1000)
      out.quantile = Math.max(out.quantile ?? 0, o.percentile / 100)
    }
  }
  return out.quantile === undefined ? null : out
}
