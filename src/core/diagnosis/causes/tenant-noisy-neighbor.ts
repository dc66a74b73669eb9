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
import type { DiagnosisContext, TimeChange } from '../frame/context.js'
import { bucketOf } from '../../timeline/buckets.js'
import { detectChangePoints, findElevatedSpan } from '../../timeline/change-points.js'
import { meanOutside, meanOver } from '../resources.js'
import type { CauseRecord } from './record.js'
import { fmtUs, pct, round } from '../explain/text.js'
import { scopeOf } from '../explain/evidence.js'
import { clusterZ } from '../detect/excess-scan.js'
import { findTrafficShift } from '../detect/traffic-shift.js'
import { quantileSorted, sortedFinite } from '../../stats/quantile.js'
import { asMicros, isoFromMicros } from '../../model/units.js'

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

export const tenantNoisyNeighborCause: CauseRecord = {
  cause: 'tenant.noisy_neighbor',
  label: "One tenant's burst queues everyone",
  measure: null,
  chain: ['tenant traffic', 'engine queue'],
  explains: [
    'engine.queue_saturation',
    'gateway.queueing',
    'engine.kv_cache_pressure',
    'engine.memory_bandwidth',
  ],
  needs: 'the tenant dimension and a latency change window.',
  predicts:
    "inside the window one tenant's share of traffic jumps (lift ≥ 1.5–3, ≥ 20–40 % of the window's requests), total traffic rises, and the _other_ tenants' TTFT rises too. Scope: the tenant.",
  against: 'traffic grew evenly across tenants (saturation).',
  actions: ['apply per-tenant rate limits and priorities', 'isolate the tenant on its own pool'],
  evaluate(ctx) {
    const col = ctx.frame.dims.tenant
    if (col.values.length === 0) {
      return { skipped: 'no tenant dimension on the requests' }
    }
    if (col.values.length < 2) {
      return null
    }
    // The burst first (a tenant's share of the requests rose), then its victims: the other
    // tenants' requests waited longer inside the burst than outside it, counted in replica ×
    // step cells so that ordinary load swings are not taken for a victim effect.
    const shift = findTrafficShift(ctx.frame, ctx.grid, {
      dimensions: ['tenant'],
      minExtraShare: 0.03,
      minShareRise: 0.03,
    })
    if (shift === null) {
      return null
    }
    const code = col.values.indexOf(shift.value)
    const frame = ctx.frame
    const queue = frame.stages['engine.queue']
    let withQueue = 0
    for (let i = 0; i < frame.n; i++) {
      withQueue += queue[i] === queue[i] ? 1 : 0
    }
    const values = withQueue >= 0.5 * frame.n ? queue : frame.ttftUserUs
    const othersIn = new Uint8Array(frame.n)
    const othersOut = new Uint8Array(frame.n)
    for (let i = 0; i < frame.n; i++) {
      if (col.codes[i] === code) {
        continue
      }
      const b = bucketOf(ctx.grid, frame.startUs[i] as number)
      const inside = b >= shift.buckets.from && b <= shift.buckets.to
      othersIn[i] = inside ? 1 : 0
      othersOut[i] = inside ? 0 : 1
    }
    const z = clusterZ(frame, ctx.grid, values, othersIn, othersOut)
    const victimIn = quantileSorted(sortedFinite(frame.ttftUserUs, othersIn), 0.5)
    const victimOut = quantileSorted(sortedFinite(frame.ttftUserUs, othersOut), 0.5)
    const extraShare =
      shift.totalInside > 0 ? shift.rateInside / shift.totalInside - shift.shareOutside : 0
    const lift = shift.rateOutside > 0 ? shift.rateInside / shift.rateOutside : 10
    const confidence =
      ramp(lift, 1.3, 2) *
      ramp(extraShare, 0.03, 0.12) *
      ramp(z, 1.5, 4) *
      ramp(victimIn / Math.max(1, victimOut), 1.02, 1.15)
    if (!(confidence > 0)) {
      return null
    }
    const stepS = ctx.grid.stepUs / 1e6
    const evidence: Evidence[] = [
      {
        dimension: 'tenant',
        observed: round(shift.shareInside),
        baseline: round(shift.shareOutside),
        text: `tenant ${shift.value} sent ${pct(shift.shareInside)} of the requests during its burst vs ${pct(shift.shareOutside)} before (${(shift.rateInside / stepS).toFixed(1)} vs ${(shift.rateOutside / stepS).toFixed(1)} requests/s, ${lift.toFixed(1)}×)`,
      },
      {
        metric: 'requests_per_second',
        observed: round(shift.totalInside / stepS),
        baseline: round(shift.totalOutside / stepS),
        text: `all traffic ${(shift.totalInside / stepS).toFixed(1)} requests/s during the burst vs ${(shift.totalOutside / stepS).toFixed(1)} outside it`,
      },
      {
        dimension: 'tenant',
        observed: round(victimIn / 1000),
        baseline: round(victimOut / 1000),
        text: `other tenants' median TTFT ${fmtUs(victimIn)} during the burst vs ${fmtUs(victimOut)} outside it: they wait behind it`,
      },
    ]
    const from = ctx.grid.fromUs + shift.buckets.from * ctx.grid.stepUs
    const to = Math.min(
      ctx.input.window.toUs,
      ctx.grid.fromUs + (shift.buckets.to + 1) * ctx.grid.stepUs
    )
    return {
      confidence,
      scope: scopeOf('tenant', shift.value),
      window: { start: isoFromMicros(asMicros(from)), end: isoFromMicros(asMicros(to)) },
      evidence,
    }
  },
}
