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
import { changeEvidence, changeWindow, pct, round, scopeOf } from '../rule.js'

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
    // Victims: slow requests from other tenants inside the window.
    let victims = 0
    let slowIn = 0
    for (let i = 0; i < ctx.frame.n; i++) {
      if (change.inWindow[i] === 1 && ctx.ttft.slow[i] === 1) {
        slowIn++
        if (col.codes[i] !== best) {
          victims++
        }
      }
    }
    const confidence =
      ramp(bestLift, 1.5, 3) * ramp(shareIn, 0.2, 0.4) * ramp(trafficRatio, 1.1, 1.5) * (slowIn > 0 && victims / slowIn >= 0.2 ? 1 : 0.5)
    if (confidence <= 0) {
      return null
    }
    const evidence: Evidence[] = [
      { dimension: 'tenant', observed: round(shareIn), baseline: round(shareOut), text: `tenant ${tenant} sends ${pct(shareIn)} of the requests inside the change window vs ${pct(shareOut)} outside it` },
      { metric: 'requests_per_second', observed: round(inRate * 1e6), baseline: round(outRate * 1e6), text: `traffic ${trafficRatio.toFixed(2)}× the rate outside the window` },
      { dimension: 'tenant', observed: victims, baseline: slowIn, text: `${victims} of ${slowIn} slow requests in the window belong to other tenants` },
    ]
    const ce = changeEvidence(change, change === ctx.ttftChange ? 'ttft' : 'tpot')
    if (ce) {
      evidence.push(ce)
    }
    return { confidence, scope: scopeOf('tenant', tenant), window: changeWindow(change), evidence }
  },
}
