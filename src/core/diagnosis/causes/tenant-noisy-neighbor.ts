/**
 * `tenant.noisy_neighbor` — one tenant's burst queues everyone else.
 *
 * Evidence needed: the tenant dimension.
 * For: over a span of the window one tenant's share of the requests rose beyond chance (a scan
 * statistic over time, so a modest burst of 1.5× is judged by how certain it is, not by how big;
 * the one burst test of detect/traffic-shift.ts, which the excess facts and the queue and
 * bandwidth records read too: ADR 0193), and the burst cost someone time: the other tenants waited
 * longer in the replica × step cells they shared with it (the victims), or the tenant's own
 * requests carry the extra time, far above their share of the requests (it waits behind its own
 * burst: a per-tenant limit, or arrivals that bunch; ADR 0232). Against: traffic grew evenly
 * across tenants (saturation: no share rose); nobody's wait rose with the burst (the burst alone
 * is half the confidence, and only while the data leaves room for a cost worth naming); a cost
 * too small to matter, however certain (under 1 % of its payers' typical TTFT: a traffic change
 * with no wait is no cause; ADR 0233).
 * Scope: the noisy tenant.
 * Actions (CONTRACT §5.1): per-tenant rate limits and priority; isolate the tenant.
 */
import type { Evidence } from '../../model/diagnosis.js'
import { ramp } from '../../stats/significance.js'
import type { DiagnosisContext, TimeChange } from '../frame/context.js'
import { bucketOf } from '../../timeline/buckets.js'
import { burstSupport, shareBurst, type TrafficShift } from '../detect/traffic-shift.js'
import type { CauseRecord } from './record.js'
import { scopedSignature } from './signature.js'
import { decimals, fmtUs, pct, round } from '../explain/text.js'
import { scopeOf } from '../explain/evidence.js'
import { clusterShift } from '../detect/excess-scan.js'
import { quantileSorted, sortedFinite } from '../../stats/quantile.js'
import { windowOfBuckets } from '../frame/window-span.js'
import { carriedExcess, type CarriedExcess } from '../detect/carried-excess.js'
import { WORTH_NAMING_SHARE_HI, WORTH_NAMING_SHARE_LO } from '../thresholds.js'

export interface TenantBurst {
  code: number
  tenant: string
  /** The tenant's share of the requests during its burst / its share outside it. */
  lift: number
  shareIn: number
  shareOut: number
  /** Request rate inside the burst / outside it. */
  trafficRatio: number
  /** How certain the rise is (scan z) and how much that supports a cause it drives (0..1). */
  z: number
  support: number
}

/**
 * The tenant whose share of the requests rose over a span that overlaps `change` (when latency
 * changed): the same scan statistic as the facts and this record (detect/traffic-shift.ts), seen
 * from a record that argues against itself ("the extra demand is one tenant's"). Null when no
 * tenant's share rose beyond chance.
 */
export function tenantBurst(ctx: DiagnosisContext, change: TimeChange): TenantBurst | null {
  const burst = shareBurst(ctx.frame, ctx.grid, 'tenant')
  if (burst === null) {
    return null
  }
  const e = change.elevated
  if (e && (burst.buckets.to < e.start || burst.buckets.from > e.end)) {
    return null
  }
  return {
    code: ctx.frame.dims.tenant.values.indexOf(burst.value),
    tenant: burst.value,
    lift: burst.shareOutside > 0 ? burst.shareInside / burst.shareOutside : 10,
    shareIn: burst.shareInside,
    shareOut: burst.shareOutside,
    trafficRatio: burst.totalOutside > 0 ? burst.totalInside / burst.totalOutside : 1,
    z: burst.z,
    support: burstSupport(burst.certainty),
  }
}

/** The victims' cell z: from "within the noise" to "clearly waited longer". */
const VICTIM_Z_LO = 1
const VICTIM_Z_HI = 3
/** Standard errors above a cost's measured size that the data still leaves room for. */
const ROOM_SE = 2
/** The victims' share of the confidence; the burst alone carries the rest. */
const VICTIM_WEIGHT = 0.5

/**
 * What the victims wait in, per request: the engine's queue when its spans say; without engine
 * spans, the gateway's upstream call, which holds that queue (and the prefill) as the gateway
 * sees it (CONTRACT §4); else the user's TTFT. The closest span to the queue has the least of
 * everything else: TTFT adds the gateway's own stages and the network, whose noise hides a
 * modest burst's cost.
 */
function victimWait(frame: DiagnosisContext['frame']): Float64Array {
  for (const stage of ['engine.queue', 'gateway.upstream'] as const) {
    const values = frame.stages[stage]
    let known = 0
    for (let i = 0; i < frame.n; i++) {
      known += values[i] === values[i] ? 1 : 0
    }
    if (known >= 0.5 * frame.n) {
      return values
    }
  }
  return frame.ttftUserUs
}

/**
 * How much a cost of `shiftUs` matters to requests whose typical TTFT is `typicalUs` (0..1); an
 * unbounded one (too few cells to measure it) may be anything.
 */
function worthNaming(shiftUs: number, typicalUs: number): number {
  if (shiftUs === Infinity) {
    return 1
  }
  return typicalUs > 0 ? ramp(shiftUs / typicalUs, WORTH_NAMING_SHARE_LO, WORTH_NAMING_SHARE_HI) : 0
}

/**
 * How much the tenant's own requests confirm the burst's cost (0..1): they carry more of the
 * extra time than of the requests, by as much certainty as the victims need.
 */
function selfCost(carried: CarriedExcess | null): number {
  if (carried === null || !(carried.excessShare > carried.requestShare)) {
    return 0
  }
  return ramp(carried.z, VICTIM_Z_LO, VICTIM_Z_HI)
}

// Too few replica × step cells on a side leave the paired z unknown (`seUs` infinite): shown
// as "–", not as the 0 it stands at in the arithmetic.
function carriedEvidence(tenant: string, carried: CarriedExcess): Evidence {
  return {
    dimension: 'tenant',
    observed: round(carried.excessShare),
    baseline: round(carried.requestShare),
    text: `tenant ${tenant}'s requests carry ${pct(carried.excessShare)} of the extra TTFT during its burst with ${pct(carried.requestShare)} of the requests (${fmtUs(carried.valueExtraUs)} each over its usual vs ${fmtUs(carried.othersExtraUs)} for the others, z=${Number.isFinite(carried.seUs) ? carried.z.toFixed(1) : '–'}): it waits behind its own burst`,
  }
}

/** The tenant's median TTFT outside its burst: what its own extra wait is weighed against. */
function tenantTypicalTtft(
  ctx: DiagnosisContext,
  code: number,
  buckets: { from: number; to: number }
): number {
  const frame = ctx.frame
  const mask = new Uint8Array(frame.n)
  for (let i = 0; i < frame.n; i++) {
    const b = bucketOf(ctx.grid, frame.startUs[i] as number)
    mask[i] = frame.dims.tenant.codes[i] === code && (b < buckets.from || b > buckets.to) ? 1 : 0
  }
  return quantileSorted(sortedFinite(frame.ttftUserUs, mask), 0.5)
}

/** The tenant whose share of the requests rose most certainly over a span of the window. */
export function tenantShareBurst(
  frame: DiagnosisContext['frame'],
  grid: DiagnosisContext['grid']
): TrafficShift | null {
  return shareBurst(frame, grid, 'tenant')
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
    "over a span of the window one tenant's share of the requests rose beyond what chance gives (a scan statistic over time: binomial likelihood ratio z ≥ 4–6, its extra requests ≥ 3 % of the span's traffic), and the burst cost someone time: the _other_ tenants' wait (their engine queue; without engine spans the gateway's upstream call, which holds it) rose in the replica × step cells they shared with it, or the tenant's own requests carry more of the extra TTFT than of the requests (each over its own tenant's usual); and that cost is worth naming, from 1 % to 4 % of the typical TTFT of whoever pays it (ADR 0233). Scope: the tenant.",
  against:
    "traffic grew evenly across tenants, so no tenant's share rose (saturation); neither the others' wait nor the tenant's own rose with the burst (half the confidence, and none once the data bounds the cost, its size plus two standard errors, under 1 % of its payers' typical TTFT); a cost under 1 % of that TTFT, however certain, is none: a traffic change with no wait is not a cause; a tenant that waits longer without sending more is no neighbour's burst.",
  actions: ['apply per-tenant rate limits and priorities', 'isolate the tenant on its own pool'],
  excess: {
    // A tenant slower than its workload predicts, without a burst of its own, is no cause of the
    // vocabulary: its requests are already weighed by their tokens.
    ...scopedSignature((x) =>
      x.facts.scope?.dimension === 'tenant' && x.facts.burst?.dimension === 'tenant' ? 1 : 0
    ),
    'tenant-burst': 1,
  },
  // A tenant's burst names the tenant whose share rose, whatever scope the excess itself
  // localised to (the queue it fills is everyone's).
  excessScope(x) {
    const burst = x.facts.burst
    // A burst of a route or region is a fact too, but no tenant's.
    if (burst === null || burst.dimension !== 'tenant') {
      return null
    }
    return {
      scope: { dimension: 'tenant', value: burst.value },
      evidence: [
        {
          dimension: 'tenant',
          observed: round(burst.shareInside),
          baseline: round(burst.shareOutside),
          text: `tenant=${burst.value} went from ${pct(burst.shareOutside)} to ${pct(burst.shareInside)} of requests (${decimals(burst.rateInside, 0)} vs ${decimals(burst.rateOutside, 0)} per step)`,
        },
      ],
    }
  },
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
    const burst = tenantShareBurst(ctx.frame, ctx.grid)
    if (burst === null) {
      return null
    }
    const code = ctx.frame.dims.tenant.values.indexOf(burst.value)
    const frame = ctx.frame
    const values = victimWait(frame)
    const othersIn = new Uint8Array(frame.n)
    const othersOut = new Uint8Array(frame.n)
    for (let i = 0; i < frame.n; i++) {
      if (col.codes[i] === code) {
        continue
      }
      const b = bucketOf(ctx.grid, frame.startUs[i] as number)
      const inside = b >= burst.buckets.from && b <= burst.buckets.to
      othersIn[i] = inside ? 1 : 0
      othersOut[i] = inside ? 0 : 1
    }
    const victimShift = clusterShift(frame, ctx.grid, values, othersIn, othersOut)
    const z = victimShift.z
    const victimIn = quantileSorted(sortedFinite(frame.ttftUserUs, othersIn), 0.5)
    const victimOut = quantileSorted(sortedFinite(frame.ttftUserUs, othersOut), 0.5)
    const lift = burst.rateOutside > 0 ? burst.rateInside / burst.rateOutside : 10
    // Two lines of evidence: the burst (how certain the share rose) and its victims (how
    // certain the others waited longer, in the cells they shared with it). A certain burst whose
    // victims' wait rose within the noise is half the story, not none: more requests into the
    // same queue is the mechanism, only its size is unconfirmed.
    const victims = victimIn > victimOut ? ramp(z, VICTIM_Z_LO, VICTIM_Z_HI) : 0
    // Or the tenant waits behind its own burst: the extra time lands on its requests, not the
    // others'. The same cell z on the TTFT, the time the user waits, whichever stage holds it (a
    // per-tenant limit queues at the gateway, not in the engine).
    const carried = carriedExcess(frame, ctx.grid, frame.ttftUserUs, col, code, burst.buckets)
    const self = selfCost(carried)
    // Certain is not enough: over thousands of requests a wait one per cent longer is certain and
    // still nobody's incident. A cost confirms the burst by how much of its payers' typical TTFT
    // it adds (the cells' median shift, the size its z tests); the unconfirmed half stands only
    // while the data leaves room for a cost worth naming (the shift plus two standard errors). A
    // burst whose cost the data bounds below that is a traffic change, not a cause (ADR 0233).
    const tenantTypical = tenantTypicalTtft(ctx, code, burst.buckets)
    const victimsSize = victimIn > victimOut ? worthNaming(victimShift.shift, victimOut) : 0
    const selfSize =
      carried !== null && carried.excessShare > carried.requestShare
        ? worthNaming(carried.shiftUs, tenantTypical)
        : 0
    const possible = Math.max(
      worthNaming(victimShift.shift + ROOM_SE * victimShift.se, victimOut),
      carried === null ? 1 : worthNaming(carried.shiftUs + ROOM_SE * carried.seUs, tenantTypical)
    )
    const confidence =
      burstSupport(burst.certainty) *
      ((1 - VICTIM_WEIGHT) * possible +
        VICTIM_WEIGHT * Math.max(victims * victimsSize, self * selfSize))
    if (!(confidence > 0)) {
      return null
    }
    const stepS = ctx.grid.stepUs / 1e6
    const evidence: Evidence[] = [
      {
        dimension: 'tenant',
        observed: round(burst.shareInside),
        baseline: round(burst.shareOutside),
        text: `tenant ${burst.value} sent ${pct(burst.shareInside)} of the requests during its burst vs ${pct(burst.shareOutside)} before (${decimals(burst.rateInside / stepS, 1)} vs ${decimals(burst.rateOutside / stepS, 1)} requests/s, ${decimals(lift, 1)}×)`,
      },
      {
        metric: 'requests_per_second',
        observed: round(burst.totalInside / stepS),
        baseline: round(burst.totalOutside / stepS),
        text: `all traffic ${decimals(burst.totalInside / stepS, 1)} requests/s during the burst vs ${decimals(burst.totalOutside / stepS, 1)} outside it`,
      },
      self * selfSize >= 0.5 && self * selfSize > victims * victimsSize && carried !== null
        ? carriedEvidence(burst.value, carried)
        : {
            dimension: 'tenant',
            observed: round(victimIn / 1000),
            baseline: round(victimOut / 1000),
            text:
              victims * victimsSize >= 0.5
                ? `other tenants' median TTFT ${fmtUs(victimIn)} during the burst vs ${fmtUs(victimOut)} outside it: they wait behind it`
                : victims >= 0.5
                  ? `other tenants' median TTFT ${fmtUs(victimIn)} during the burst vs ${fmtUs(victimOut)} outside it: they wait ${fmtUs(victimShift.shift)} longer (z=${decimals(z, 1)}), too little of their TTFT to matter`
                  : `other tenants' median TTFT ${fmtUs(victimIn)} during the burst vs ${fmtUs(victimOut)} outside it: their wait rose within the noise (z=${decimals(z, 1)}), so how much the burst cost them is unconfirmed`,
          },
    ]
    return {
      confidence,
      scope: scopeOf('tenant', burst.value),
      window: windowOfBuckets(ctx.grid, burst.buckets, ctx.input.window.toUs),
      evidence,
    }
  },
}
