/**
 * `tenant.noisy_neighbor` — one tenant's burst queues everyone else.
 *
 * Evidence needed: the tenant dimension and a latency change window.
 * For: inside the change window one tenant's share of the traffic jumps (its requests per step
 * grow far more than everyone else's) and total traffic rises; the slow cohort includes other
 * tenants (they are the victims). Against: traffic grew evenly across tenants (saturation); no
 * change window.
 * Scope: the noisy tenant.
 * Actions (CONTRACT §5.1): per-tenant rate limits and priority; isolate the tenant.
 */
import type { Evidence } from '../../model/diagnosis.js'
import { ramp } from '../../stats/significance.js'
import type { DiagnosisContext, TimeChange } from '../context.js'
import { bucketOf } from '../../timeline/buckets.js'
import { detectChangePoints, findElevatedSpan } from '../../timeline/change-points.js'
import { meanOutside, meanOver } from '../resources.js'
import type { Rule } from '../rule.js'
import { changeEvidence, changeWindow, fmtUs, pct, round, scopeOf } from '../rule.js'
import { meanWhere } from '../../stats/quantile.js'

export interface TenantBurst {
  code: number
  tenant: string
  /** Share of the window's requests from the tenant / its share outside the window. */
  lift: number
  shareIn: number
  shareOut: number
  /** Request rate inside the window / outside it. */
  trafficRatio: number
  inRate: number
  outRate: number
}

/**
 * The tenant whose share of traffic jumped: per step, each tenant's share of the requests is
 * segmented for a level shift (the burst's own window, which may start before the latency
 * change); the tenant with the largest rise wins. Null when no tenant's share shifted.
 */
export function tenantBurst(ctx: DiagnosisContext, change: TimeChange): TenantBurst | null {
  const col = ctx.frame.dims.tenant
  const k = col.values.length
  if (k < 2) {
    return null
  }
  const perTenant = Array.from({ length: k }, () => new Float64Array(ctx.grid.count))
  for (let i = 0; i < ctx.frame.n; i++) {
    const c = col.codes[i] as number
    const b = bucketOf(ctx.grid, ctx.frame.startUs[i] as number)
    if (c >= 0 && b >= 0) {
      const series = perTenant[c] as Float64Array
      series[b] = (series[b] as number) + 1
    }
  }
  let best: TenantBurst | null = null
  let bestRise = 0
  for (let c = 0; c < k; c++) {
    const counts = perTenant[c] as Float64Array
    const share = counts.map((x, b) =>
      (ctx.traffic[b] as number) >= 10 ? x / (ctx.traffic[b] as number) : NaN
    )
    const span = findElevatedSpan(detectChangePoints(share, { minRelativeChange: 0.5 }), 0.5)
    if (span === null || span.elevated < 0.2) {
      continue
    }
    // The burst should overlap the latency change when there is one.
    if (change.elevated && (span.end < change.elevated.start || span.start > change.elevated.end)) {
      continue
    }
    const rise = span.elevated - span.baseline
    if (rise > bestRise) {
      const trafficIn = meanOver(ctx.traffic, span.start, span.end)
      const trafficOut = meanOutside(ctx.traffic, span.start, span.end)
      const stepS = ctx.grid.stepUs / 1e6
      bestRise = rise
      best = {
        code: c,
        tenant: col.values[c] as string,
        lift: span.baseline > 0 ? span.elevated / span.baseline : 10,
        shareIn: span.elevated,
        shareOut: span.baseline,
        trafficRatio: trafficOut > 0 ? trafficIn / trafficOut : 1,
        inRate: trafficIn / stepS / 1e6,
        outRate: (Number.isFinite(trafficOut) ? trafficOut : 0) / stepS / 1e6,
      }
    }
  }
  return best
}

export const tenantNoisyNeighborRule: Rule = {
  cause: 'tenant.noisy_neighbor',
  actions: ['apply per-tenant rate limits and priorities', 'isolate the tenant on its own pool'],
  evaluate(ctx) {
    const col = ctx.frame.dims.tenant
    if (col.values.length === 0) {
      return { skipped: 'no tenant dimension on the requests' }
    }
    const change = ctx.ttftChange.elevated ? ctx.ttftChange : ctx.tpotChange
    if (!change.elevated || col.values.length < 2) {
      return null
    }
    const burst = tenantBurst(ctx, change)
    if (burst === null) {
      return null
    }
    const { tenant, shareIn, shareOut, trafficRatio, inRate, outRate } = burst
    const bestLift = burst.lift
    const best = burst.code
    // Victims: the other tenants' requests got slower inside the window too.
    const others = new Uint8Array(ctx.frame.n)
    const othersIn = new Uint8Array(ctx.frame.n)
    for (let i = 0; i < ctx.frame.n; i++) {
      if (col.codes[i] !== best) {
        others[i] = change.inWindow[i] === 1 ? 0 : 1
        othersIn[i] = change.inWindow[i] as number
      }
    }
    const victimIn = meanWhere(ctx.frame.ttftUserUs, othersIn)
    const victimOut = meanWhere(ctx.frame.ttftUserUs, others)
    const victimRatio =
      victimIn.count > 0 && victimOut.mean > 0 ? victimIn.mean / victimOut.mean : 1
    const confidence =
      ramp(bestLift, 1.5, 3) *
      ramp(shareIn, 0.2, 0.4) *
      ramp(trafficRatio, 1.1, 1.5) *
      Math.max(0.3, ramp(victimRatio, 1.1, 1.6))
    if (confidence <= 0) {
      return null
    }
    const evidence: Evidence[] = [
      {
        dimension: 'tenant',
        observed: round(shareIn),
        baseline: round(shareOut),
        text: `tenant ${tenant} sends ${pct(shareIn)} of the requests inside the change window vs ${pct(shareOut)} outside it`,
      },
      {
        metric: 'requests_per_second',
        observed: round(inRate * 1e6),
        baseline: round(outRate * 1e6),
        text: `traffic ${trafficRatio.toFixed(2)}× the rate outside the window`,
      },
      {
        dimension: 'tenant',
        observed: round(victimIn.mean / 1000),
        baseline: round(victimOut.mean / 1000),
        text: `other tenants' mean TTFT ${fmtUs(victimIn.mean)} inside the window vs ${fmtUs(victimOut.mean)} outside: they wait behind the burst`,
      },
    ]
    const ce = changeEvidence(change, change === ctx.ttftChange ? 'ttft' : 'tpot')
    if (ce) {
      evidence.push(ce)
    }
    return { confidence, scope: scopeOf('tenant', tenant), window: changeWindow(change), evidence }
  },
}
