/**
 * `network.high_rtt` — clients far from the serving region pay round trips.
 *
 * Evidence needed: client spans (stage `network`; `client.connect`/`client.tls` scale with RTT
 * too) and the `region` dimension.
 * For: one region's `network` time is several times the others' AND that region creates the TTFT
 * tail (without it the P99 would be clearly lower); or the network time of everyone rose inside
 * the latency change window; or one region's own median network time per step shifted up by a
 * few per cent of its TTFT (ADR 0191). Against: a far region whose extra time hardly moves the P99 (a
 * structural, modest difference); handshakes (new connections) growing instead.
 * Scope: the region.
 * Actions (CONTRACT §5.1): serve from a closer region; edge TLS termination.
 */
import type { Evidence } from '../../model/diagnosis.js'
import { ramp, rankShiftZ } from '../../stats/significance.js'
import { windowOfBuckets } from '../frame/window-span.js'
import type { DiagnosisContext } from '../frame/context.js'
import { quietShift, type QuietShift } from '../detect/quiet-shift.js'
import { bucketOf } from '../../timeline/buckets.js'
import { medianOf } from '../../stats/quantile.js'
import type { CauseRecord, Counter, RuleResult } from './record.js'
import { moreHandshakes, scopedSignature } from './signature.js'
import { scopeCarries } from '../detect/excess-carrier.js'
import { changeEvidence, changeWindow, impactEvidence, scopeOf } from '../explain/evidence.js'
import { decimals, fmtUs, pct, round } from '../explain/text.js'
import { meanRatio, shiftOf, sidesByValue, stageStat } from '../detect/shifts.js'
import { tailImpact } from '../detect/impact.js'
import { windowSpanUs } from '../frame/window-span.js'

export interface FarRegion {
  region: string
  /** Mean network stage in the region / mean elsewhere. */
  networkRatio: number
  networkUs: number
  othersUs: number
  /** TTFT P99 / P99 without the region. */
  impact: number
}

/** The region with the longest mean `network` stage relative to the other regions, or null. */
export function farRegion(ctx: DiagnosisContext): FarRegion | null {
  const col = ctx.frame.dims.region
  const net = ctx.frame.stages.network
  const k = col.values.length
  if (k < 2) {
    return null
  }
  const sum = new Float64Array(k)
  const cnt = new Float64Array(k)
  let total = 0
  let totalN = 0
  for (let i = 0; i < ctx.frame.n; i++) {
    const c = col.codes[i] as number
    const v = net[i] as number
    if (c >= 0 && v === v) {
      const x = v > 0 ? v : 0
      sum[c] = (sum[c] as number) + x
      cnt[c] = (cnt[c] as number) + 1
      total += x
      totalN++
    }
  }
  let best: FarRegion | null = null
  for (let c = 0; c < k; c++) {
    const n = cnt[c] as number
    if (n < 10 || totalN - n < 10) {
      continue
    }
    const mine = (sum[c] as number) / n
    const others = (total - (sum[c] as number)) / (totalN - n)
    const ratio = (mine + 1000) / (others + 1000)
    if (best === null || ratio > best.networkRatio) {
      best = {
        region: col.values[c] as string,
        networkRatio: ratio,
        networkUs: mine,
        othersUs: others,
        impact: 1,
      }
    }
  }
  if (best !== null) {
    best.impact = tailImpact(ctx, ctx.ttft, 'region', best.region)
  }
  return best
}

/**
 * Distance predicts growth in the stages that pay round trips (connect, TLS, the first byte),
 * and in proportion to each region's round trip. A TTFT that grew inside `window` by the same
 * amount in every region while those stages did not grow is a fixed wait somewhere (a batch
 * window, a queue): evidence against distance. Null when it cannot be judged.
 *
 * The round trips are `region`'s own when the finding names one: distance says that region's
 * round trips grew, and pooled over every region eu-west's 15 ms rise read as 5.5 ms against the
 * 24 ms a queue's backlog minutes added to every region's mean TTFT (ADR 0268).
 *
 * For a named region, "the round trips did not grow" is read by its certainty too (ADR 0342): a
 * fixed wait in every region does not lengthen one region's round trips, so a rise of them that
 * chance does not reach is a fact the wait leaves standing, however small beside the wait
 * (eu-west +12.9 ms, its network time at rank z 21, under a 57 ms rise of every region's mean
 * TTFT). Read on the `network` stage alone, the one round trip every request pays: connect and
 * TLS grow with the share of new connections too (handshakes, not distance). Pooled, a certain
 * rise may be one region's and says nothing of a claim that everyone's grew.
 */
export function sameWaitEverywhere(
  ctx: DiagnosisContext,
  window: { start: string; end: string } | null,
  region: string | null = null
): Counter | null {
  const span = windowSpanUs(window)
  const col = ctx.frame.dims.region
  if (span === null || col.values.length < 2) {
    return null
  }
  const { from: a, to: b } = span
  const k = col.values.length
  const own = region === null ? -1 : col.values.indexOf(region)
  const sums = Array.from({ length: k }, () => ({ inT: 0, inN: 0, outT: 0, outN: 0 }))
  let netIn = 0
  let netInN = 0
  let netOut = 0
  let netOutN = 0
  const roundTripsIn: number[] = []
  const roundTripsOut: number[] = []
  for (let i = 0; i < ctx.frame.n; i++) {
    const c = col.codes[i] as number
    const t = ctx.frame.ttftUserUs[i] as number
    const at = ctx.frame.startUs[i] as number
    if (c < 0 || t !== t) {
      continue
    }
    const inside = at >= a && at < b
    const row = sums[c]!
    if (inside) {
      row.inT += t
      row.inN++
    } else {
      row.outT += t
      row.outN++
    }
    if (own >= 0 && c !== own) {
      continue
    }
    let net = 0
    for (const st of RTT_STAGES) {
      const v = ctx.frame.stages[st][i] as number
      net += v === v && v > 0 ? v : 0
    }
    if (inside) {
      netIn += net
      netInN++
    } else {
      netOut += net
      netOutN++
    }
    const trip = ctx.frame.stages.network[i] as number
    if (own >= 0 && trip === trip) {
      ;(inside ? roundTripsIn : roundTripsOut).push(trip)
    }
  }
  if (netInN < 30 || netOutN < 30) {
    return null
  }
  const grew = sums
    .filter((r) => r.inN >= 10 && r.outN >= 10)
    .map((r) => r.inT / r.inN - r.outT / r.outN)
  if (grew.length < 2) {
    return null
  }
  const meanGrowth = grew.reduce((x, y) => x + y, 0) / grew.length
  const netGrowth = netIn / netInN - netOut / netOutN
  const spread = Math.max(...grew) - Math.min(...grew)
  // The wait grew, the round-trip stages carry little of it, and every region got about as much.
  if (!(meanGrowth > 5_000) || netGrowth > 0.3 * meanGrowth || spread > 0.5 * meanGrowth) {
    return null
  }
  if (own >= 0 && rankShiftZ(roundTripsIn, roundTripsOut) >= ROUND_TRIPS_ROSE_Z) {
    return null
  }
  return {
    factor: 0.2,
    evidence: {
      stage: RTT_STAGES.join('+'),
      observed: round(netGrowth / 1000),
      baseline: round(meanGrowth / 1000),
      text: `against: TTFT grew by about ${fmtUs(meanGrowth)} in every region alike while connect, TLS and network time${own >= 0 ? ` from ${region}` : ''} grew by ${fmtUs(Math.max(0, netGrowth))}: a fixed wait, not distance (round trips grow with each region's distance)`,
    },
  }
}

const RTT_STAGES = ['network', 'client.connect', 'client.tls', 'client.send'] as const

/**
 * Round trips that stand this many standard errors above those outside the window (rank test)
 * rose: where chance stops for a share scanned over every span (ADR 0185), so one comparison on
 * the finding's own window past it is no draw (ADR 0342).
 */
const ROUND_TRIPS_ROSE_Z = 4

/** Requests each side needs before the other regions' rise is read (fewer: unknown). */
const PEERS_MIN = 30

/**
 * Whether the other regions' network time rose over the same steps by at least half as much as
 * region `code`'s: then the region is a sample of a change every request's path took (a proxy
 * or gateway in the path), not its own distance, as a scope whose peers moved alike is no scope in
 * the excess scan. A buffering proxy put 1 ms on every region's network time; the near region,
 * whose TTFT is 35 ms, read it as 4 % of its TTFT and named itself first (0.96) over the proxy
 * that held its streams 650 ms (ADR 0541). False when either side of the peers is too thin.
 */
function peersRoseAlike(ctx: DiagnosisContext, code: number, shift: QuietShift): boolean {
  const codes = ctx.frame.dims.region.codes
  const net = ctx.frame.stages.network
  const inside: number[] = []
  const before: number[] = []
  for (let i = 0; i < ctx.frame.n; i++) {
    const c = codes[i] as number
    const v = net[i] as number
    if (c < 0 || c === code || v !== v) {
      continue
    }
    const b = bucketOf(ctx.grid, ctx.frame.startUs[i] as number)
    if (b >= shift.start && b <= shift.end) {
      inside.push(v)
    } else if (b >= 0 && b < shift.start) {
      before.push(v)
    }
  }
  if (inside.length < PEERS_MIN || before.length < PEERS_MIN) {
    return false
  }
  const rise = medianOf(inside) - medianOf(before)
  return rise >= 0.5 * (shift.elevatedUs - shift.baselineUs)
}

/**
 * The region whose own network time per step rose the most clearly inside the window (ADR 0191):
 * what the slow-cohort view cannot see when the tail is the engine's queue, yet every request
 * from the region pays. Null when no region's series shifted.
 */
function regionSlowdown(ctx: DiagnosisContext): RuleResult {
  const col = ctx.frame.dims.region
  const net = ctx.frame.stages.network
  let best: { confidence: number; result: NonNullable<RuleResult> } | null = null
  for (let c = 0; c < col.values.length; c++) {
    const mask = Uint8Array.from(col.codes, (x) => (x === c ? 1 : 0))
    const shift = quietShift(ctx, net, mask)
    if (
      shift === null ||
      (best !== null && best.confidence >= shift.confidence) ||
      peersRoseAlike(ctx, c, shift)
    ) {
      continue
    }
    const region = col.values[c] as string
    best = {
      confidence: shift.confidence,
      result: {
        confidence: shift.confidence,
        scope: scopeOf('region', region),
        window: windowOfBuckets(
          ctx.grid,
          { from: shift.start, to: shift.end },
          ctx.input.window.toUs
        ),
        evidence: [
          {
            stage: 'network',
            observed: round(shift.elevatedUs / 1000),
            baseline: round(shift.baselineUs / 1000),
            text: `network time of requests from ${region} rose from ${fmtUs(shift.baselineUs)} to ${fmtUs(shift.elevatedUs)} at the median per step (${decimals(shift.score, 0)} noise units), adding ${pct(shift.userShare)} to their typical ${fmtUs(shift.typicalTtftUs)} TTFT`,
          },
        ],
      },
    }
  }
  return best?.result ?? null
}

export const networkHighRttCause: CauseRecord = {
  cause: 'network.high_rtt',
  label: 'Clients far from the region',
  measure: 'ttft',
  chain: ['distance', 'round trips'],
  explains: [],
  breachStages: ['network'],
  needs: 'client spans (`network` stage) and the region dimension.',
  predicts:
    "one region's network time is ≥ 2–4× the others' and that region moves the TTFT P99 (tail impact ≥ 1.15–1.5); or everyone's network time rose in the change window; or one region's own median network time per step shifted up (≥ 10 %, ≥ 4 noise units) by a few per cent of its typical TTFT (ADR 0191), while the other regions' rose by less than half as much over the same steps (ADR 0541). Scope: the region.",
  against: 'a far region that hardly moves the P99 (structural, modest).',
  actions: ['serve these clients from a closer region', 'terminate TLS at the edge'],
  counter(ctx, finding) {
    return sameWaitEverywhere(
      ctx,
      finding.window,
      finding.scope.dimension === 'region' ? finding.scope.value : null
    )
  },
  excess: {
    // Round trips delay the first token, not the gaps between tokens, and they add network time:
    // excess inside the engine is not a far region, whatever region it shows in.
    ...scopedSignature((x) =>
      x.facts.scope?.dimension === 'region' && scopeCarries(x.anomaly, x.facts) ? 0.8 : 0
    ),
    handshake: (x) => (moreHandshakes(x) ? 0 : 0.4),
    'network-time': (x) => (x.facts.scope?.dimension === 'region' ? 1 : 0.6),
  },
  uncovered: { client: 0.5 },
  evaluate(ctx) {
    if (ctx.frame.hasClient.every((v) => v === 0)) {
      return { skipped: 'no client spans: network time is only visible at the client' }
    }
    const tail = tailView(ctx)
    const tailConfidence = tail !== null && 'confidence' in tail ? tail.confidence : 0
    if (tailConfidence >= MIN_TAIL_VIEW) {
      return tail
    }
    const own = regionSlowdown(ctx)
    return own !== null && 'confidence' in own && own.confidence > tailConfidence ? own : tail
  },
}

/** Below this the slow-cohort view is not the answer and a region's own series is read too. */
const MIN_TAIL_VIEW = 0.3

/** The slow-cohort view: the round trips carry the slow first tokens' excess. */
function tailView(ctx: DiagnosisContext): RuleResult {
  const stages = ['network', 'client.connect', 'client.tls', 'client.send'] as const
  const excess = stages.reduce((s, st) => s + (stageStat(ctx.ttftStages, st)?.excessShare ?? 0), 0)
  const share = ramp(excess, 0.2, 0.5)
  if (share === 0) {
    return null
  }
  const far = farRegion(ctx)
  const regional = far === null ? 0 : ramp(far.networkRatio, 2, 4) * ramp(far.impact, 1.15, 1.5)
  const change = ctx.ttftChange
  const netShift = shiftOf(ctx, ctx.frame.stages.network, change)
  const global = change.elevated ? ramp(netShift.ratio, GLOBAL_RISE_FROM, GLOBAL_RISE_FULL) : 0
  const confidence = share * Math.max(regional, global * 0.8)
  if (confidence <= 0) {
    return null
  }
  const evidence: Evidence[] = []
  if (far !== null && regional >= global * 0.8) {
    evidence.push({
      dimension: 'region',
      observed: round(far.networkUs / 1000),
      baseline: round(far.othersUs / 1000),
      text: `requests from ${far.region} spend ${fmtUs(far.networkUs)} in the network vs ${fmtUs(far.othersUs)} from other regions (${decimals(far.networkRatio, 1)}×)`,
    })
    evidence.push(impactEvidence(`region=${far.region}`, 'ttft', far.impact))
    return { confidence, scope: scopeOf('region', far.region), window: null, evidence }
  }
  evidence.push({
    stage: 'network',
    observed: round(netShift.inside / 1000),
    baseline: round(netShift.outside / 1000),
    text: `network time ${fmtUs(netShift.inside)} inside the change window vs ${fmtUs(netShift.outside)} outside`,
  })
  const carrier = riseCarrier(ctx, change)
  if (carrier !== null) {
    evidence.push({
      dimension: 'region',
      observed: round(carrier.inside / 1000),
      baseline: round(carrier.outside / 1000),
      text: `the rise is ${carrier.region}'s: its network time went from ${fmtUs(carrier.outside)} to ${fmtUs(carrier.inside)} inside the change window (${decimals(carrier.ratio, 1)}×), the other regions' from ${fmtUs(carrier.peersOutside)} to ${fmtUs(carrier.peersInside)} (${decimals(carrier.peersRatio, 2)}×)`,
    })
  }
  const ce = changeEvidence(change, 'ttft')
  if (ce) {
    evidence.push(ce)
  }
  const scope = carrier === null ? scopeOf(null, null) : scopeOf('region', carrier.region)
  return { confidence, scope, window: changeWindow(change), evidence }
}

/**
 * A rise of the network time this many times (inside the change window over outside it) is
 * where "everyone's round trips grew" starts to count, and full at the second: below 1.5× the
 * rise is within what a shifted mix of near and far clients does to the mean.
 */
const GLOBAL_RISE_FROM = 1.5
const GLOBAL_RISE_FULL = 3

interface RiseCarrier {
  region: string
  inside: number
  outside: number
  ratio: number
  peersInside: number
  peersOutside: number
  peersRatio: number
}

/**
 * The region that carries a rise of the network time inside the change window, or null when the
 * rise is everyone's (ADR 0310). A round trip is paid per client population: a path that got
 * longer for one region raises that region's network time and leaves its peers' where it was.
 * The test is the one the pooled view uses for "everyone's network time rose", asked of the
 * peers without the region: when the region's own time rose by it and the other regions' did
 * not, pooling them only diluted one region's rise, and the scope is that region.
 */
function riseCarrier(
  ctx: DiagnosisContext,
  change: DiagnosisContext['ttftChange']
): RiseCarrier | null {
  const col = ctx.frame.dims.region
  const k = col.values.length
  if (change.elevated === null || k < 2) {
    return null
  }
  const { inSum, inN, outSum, outN } = sidesByValue(
    col,
    ctx.frame.stages.network,
    change.inWindow,
    true
  )
  const total = (a: Float64Array): number => a.reduce((x, y) => x + y, 0)
  const [inAll, inAllN, outAll, outAllN] = [total(inSum), total(inN), total(outSum), total(outN)]
  let best: RiseCarrier | null = null
  for (let c = 0; c < k; c++) {
    const si = inSum[c] as number
    const ni = inN[c] as number
    const so = outSum[c] as number
    const no = outN[c] as number
    const [pi, pni, po, pno] = [inAll - si, inAllN - ni, outAll - so, outAllN - no]
    if (
      ni < MIN_REGION_REQUESTS ||
      no < MIN_REGION_REQUESTS ||
      pni < MIN_REGION_REQUESTS ||
      pno < MIN_REGION_REQUESTS
    ) {
      continue
    }
    const ratio = meanRatio(si / ni, so / no)
    const peersRatio = meanRatio(pi / pni, po / pno)
    if (ratio < GLOBAL_RISE_FROM || peersRatio >= GLOBAL_RISE_FROM) {
      continue
    }
    if (best === null || ratio > best.ratio) {
      best = {
        region: col.values[c] as string,
        inside: si / ni,
        outside: so / no,
        ratio,
        peersInside: pi / pni,
        peersOutside: po / pno,
        peersRatio,
      }
    }
  }
  return best
}

/** A region (and its peers) needs this many requests on each side of the window to be compared. */
const MIN_REGION_REQUESTS = 10
