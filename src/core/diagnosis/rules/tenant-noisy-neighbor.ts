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

/** The tenant whose share of traffic grew most inside a change window (≥ 20 requests), or null. */
export function tenantBurst(ctx: DiagnosisContext, change: TimeChange): TenantBurst | null {
  const col = ctx.frame.dims.tenant
  if (change.windowUs === null || col.values.length < 2) {
    return null
  }
  const k = col.values.length
  const inside = new Float64Array(k)
  const outside = new Float64Array(k)
  let inTotal = 0
  let outTotal = 0
  for (let i = 0; i < ctx.frame.n; i++) {
    const c = col.codes[i] as number
    if (c < 0) {
      continue
    }
    if (change.inWindow[i] === 1) {
      inside[c] = (inside[c] as number) + 1
      inTotal++
    } else {
      outside[c] = (outside[c] as number) + 1
      outTotal++
    }
  }
  if (inTotal === 0 || outTotal === 0) {
    return null
  }
  const windowUs = change.windowUs.toUs - change.windowUs.fromUs
  const outUs = Math.max(1, ctx.input.window.toUs - ctx.input.window.fromUs - windowUs)
  let best = -1
  let bestLift = 0
  for (let c = 0; c < k; c++) {
    const lift = (inside[c] as number) / inTotal / Math.max((outside[c] as number) / outTotal, 1 / outTotal)
    if ((inside[c] as number) >= 20 && lift > bestLift) {
      bestLift = lift
      best = c
    }
  }
  if (best < 0) {
    return null
  }
  const inRate = inTotal / Math.max(windowUs, 1)
  const outRate = outTotal / outUs
  return {
    code: best,
    tenant: col.values[best] as string,
    lift: bestLift,
    shareIn: (inside[best] as number) / inTotal,
    shareOut: (outside[best] as number) / outTotal,
    trafficRatio: outRate > 0 ? inRate / outRate : 1,
    inRate,
    outRate,
  }
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
    const victimIn = meanWhere(ctx.frame.ttftUs, othersIn)
    const victimOut = meanWhere(ctx.frame.ttftUs, others)
    const victimRatio = victimIn.count > 0 && victimOut.mean > 0 ? victimIn.mean / victimOut.mean : 1
    const confidence =
      ramp(bestLift, 1.5, 3) * ramp(shareIn, 0.2, 0.4) * ramp(trafficRatio, 1.1, 1.5) * Math.max(0.3, ramp(victimRatio, 1.1, 1.6))
    if (confidence <= 0) {
      return null
    }
    const evidence: Evidence[] = [
      { dimension: 'tenant', observed: round(shareIn), baseline: round(shareOut), text: `tenant ${tenant} sends ${pct(shareIn)} of the requests inside the change window vs ${pct(shareOut)} outside it` },
      { metric: 'requests_per_second', observed: round(inRate * 1e6), baseline: round(outRate * 1e6), text: `traffic ${trafficRatio.toFixed(2)}× the rate outside the window` },
      { dimension: 'tenant', observed: round(victimIn.mean / 1000), baseline: round(victimOut.mean / 1000), text: `other tenants' mean TTFT ${fmtUs(victimIn.mean)} inside the window vs ${fmtUs(victimOut.mean)} outside: they wait behind the burst` },
    ]
    const ce = changeEvidence(change, change === ctx.ttftChange ? 'ttft' : 'tpot')
    if (ce) {
      evidence.push(ce)
    }
    return { confidence, scope: scopeOf('tenant', tenant), window: changeWindow(change), evidence }
  },
}
