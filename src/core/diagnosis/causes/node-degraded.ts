/**
 * `node.degraded` — the replicas of one node are slow (hardware, noisy neighbour, throttling).
 *
 * Evidence needed: the replica and (ideally) node dimensions; node events and GPU series confirm.
 * For: the slow cohort (TTFT or TPOT) is concentrated on one node whose replicas are all slow, or
 * on one replica; its load is no higher than the others' (so it is not overloaded).
 * Against: the slow replica gets more traffic than the rest (routing imbalance), it runs a
 * different version (version regression), it is new (cold start), or in the window it works per
 * token no slower than the other replicas of the same minutes (ADR 0308), or no slower than the
 * other replicas running the same batch (its batch was fuller, ADR 0335).
 * Scope: the node when ≥ 2 of its replicas are slow, or when one cohort (TTFT or TPOT) names the
 * node and the other one of its replicas (ADR 0228); the replica when only one is.
 * Actions (CONTRACT §5.1): drain the node; check GPU clocks, errors, neighbours.
 */
import type { Evidence, Finding } from '../../model/diagnosis.js'
import { meanWhere, quantileSorted } from '../../stats/quantile.js'
import type { DiagnosisContext } from '../frame/context.js'
import type { Cohort } from '../frame/cohort.js'
import type { CauseRecord, Counter } from './record.js'
import { scopedSignature, type ExcessView } from './signature.js'
import { QUEUE_ONLY_SERVICE } from '../thresholds.js'
import { eventEvidence, impactEvidence, rowEvidence, scopeOf } from '../explain/evidence.js'
import { GATEWAY_TPOT, decimals, round } from '../explain/text.js'
import { tailImpact } from '../detect/impact.js'
import { replicaLoadShift } from './routing-imbalance.js'
import { serviceRatio } from '../detect/service-rate.js'
import { pickReplicaOrNode, replicasOnNode } from '../../concentration/narrowest-scope.js'
import { placeConcentration } from '../../concentration/find-concentration.js'
import { ramp } from '../../stats/significance.js'
import { bucketOf, bucketQuantile } from '../../timeline/buckets.js'
import { detectChangePoints, findElevatedSpan } from '../../timeline/change-points.js'
import { minSegmentSteps } from '../detect/excess-scan.js'
import { windowOfBuckets, windowSpanUs } from '../frame/window-span.js'
import { startMask } from '../frame/frame.js'
import { runningAtPrefill } from '../frame/running-batch.js'

/** The other replicas' slow requests needed for their median time per token to count (as for tokens per request above). */
const MIN_SLOW_REST = 10

/** Prompt or output tokens per request on the scope over the rest at which it is the work. */
const HEAVIER = 1.5

/** Rise of the scope's time per token over the others' that counts: a scope's P50 rise (detect/windows.ts). */
const SLOWER_RISE = 0.15
/**
 * The quantile of time per token that reads the work every request does. A degraded node slows
 * each request it serves, so its whole distribution moves, the faster quarter with it; a cause
 * that adds work to some of the requests (the recompute of a preempted sequence under KV
 * pressure) moves only the part above its share of requests, and the median moves as soon as
 * one replica's share nears a half by chance (contract seed 137 `engine.kv_cache_pressure#1`:
 * replica serve-653f4-4 had 49 % of its requests preempted against 38–43 % on the others, its
 * median prefill per token 3.10× theirs at the same batch, its lower quartile 1.08×). The lower
 * quartile stays in the unaffected part until a cause touches three requests in four.
 */
const SAME_WORK_QUANTILE = 0.25

/** A step's median needs this many requests (fewer: the step has no value). */
const MIN_PER_STEP = 5

/**
 * Each request's time per token over the peers' at its running batch: the median of the other
 * replicas' requests that ran with as many others, over the whole run (a batch the peers ran with
 * fewer than {@link MIN_PER_STEP} requests borrows the nearest batch they did). An engine's time
 * per token grows with its batch, and a node that fell behind runs its backlog at a full batch
 * after its fault has ended: per token it is then as slow as a peer with as full a batch, not
 * slower, while its plain median stays above the peers' for as long as the backlog drains
 * (contract seed 149 `node.degraded#1`: after the fault's end at 1231 s the node's median batch
 * was 7 against the peers' 2–3 for two minutes, its median TPOT 1.17× theirs, at batch 7 18.4
 * against 17.5–18.2 ms; ADR 0355). Null without the engine spans that count a batch.
 */
function atPeersBatch(
  ctx: DiagnosisContext,
  rest: Uint8Array,
  per: Float64Array
): Float64Array | null {
  const n = ctx.frame.n
  const batch = runningAtPrefill(ctx)
  const cells = new Map<number, number[]>()
  for (let i = 0; i < n; i++) {
    const k = batch[i] as number
    const v = per[i] as number
    if (rest[i] === 1 && k === k && v === v) {
      const cell = cells.get(k) ?? []
      cell.push(v)
      cells.set(k, cell)
    }
  }
  const ref = new Map<number, number>()
  for (const [k, cell] of cells) {
    const median = quantileSorted(Float64Array.from(cell).sort(), 0.5)
    if (cell.length >= MIN_PER_STEP && median > 0) {
      ref.set(k, median)
    }
  }
  if (ref.size === 0) {
    return null
  }
  const known = [...ref.keys()]
  const out = new Float64Array(n).fill(NaN)
  for (let i = 0; i < n; i++) {
    const k = batch[i] as number
    if (!(k === k)) {
      continue
    }
    let near = ref.get(k)
    if (near === undefined) {
      const at = known.reduce((a, b) => (Math.abs(b - k) < Math.abs(a - k) ? b : a))
      near = ref.get(at) as number
    }
    out[i] = (per[i] as number) / near
  }
  return out
}

/**
 * When the scope did the same work slower: the span its median time per token (TPOT, or prefill
 * per uncached prompt token for a TTFT cohort) stood above the other replicas' in the same steps,
 * from change points on that ratio. The node's own series, not its latency: a degraded node's
 * queue builds during the fault and drains for minutes after it, and a window from its latency
 * excess ends somewhere in that drain (contract seed 29 `node.degraded#1`: slower per token
 * 1080–1920 s, the queue drained at 2280 s, the excess span ended at 2040 s). Null when the ratio
 * has no elevated span, or when its span opens with the data (a standing difference, which has
 * no before: ADR 0252's slow node must stay without a window).
 */
function slowerPerTokenWindow(
  ctx: DiagnosisContext,
  members: ReadonlySet<number>,
  per: Float64Array
): Finding['window'] {
  const f = ctx.frame
  const mine = new Uint8Array(f.n)
  const rest = new Uint8Array(f.n)
  for (let i = 0; i < f.n; i++) {
    const c = f.dims.replica.codes[i] as number
    if (c >= 0) {
      mine[i] = members.has(c) ? 1 : 0
      rest[i] = members.has(c) ? 0 : 1
    }
  }
  const read = atPeersBatch(ctx, rest, per) ?? per
  const own = bucketQuantile(ctx.grid, f.startUs, read, 0.5, mine, MIN_PER_STEP).values
  const theirs = bucketQuantile(ctx.grid, f.startUs, read, 0.5, rest, MIN_PER_STEP).values
  const ratio = own.map((v, k) => {
    const p = theirs[k] as number
    return v > 0 && p > 0 ? v / p : NaN
  })
  const minSegment = minSegmentSteps(ctx.grid)
  const span = findElevatedSpan(
    detectChangePoints(ratio, { minRelativeChange: SLOWER_RISE, minSegment }),
    SLOWER_RISE
  )
  if (span === null || span.start < minSegment) {
    return null
  }
  return windowOfBuckets(ctx.grid, { from: span.start, to: span.end }, ctx.input.window.toUs)
}

/**
 * A degraded node does the same work slower. When the requests it serves carry far more prompt
 * (or output) tokens than the others', the work is what differs (long prompts routed there, a
 * long-generation tenant pinned to it): evidence against. Null when it does not apply.
 */
function heavierRequests(ctx: DiagnosisContext, scope: Finding['scope']): Counter | null {
  if (scope.value === null || (scope.dimension !== 'node' && scope.dimension !== 'replica')) {
    return null
  }
  const col = ctx.frame.dims[scope.dimension]
  const code = col.values.indexOf(scope.value)
  if (code < 0) {
    return null
  }
  const mine = new Uint8Array(ctx.frame.n)
  const rest = new Uint8Array(ctx.frame.n)
  for (let i = 0; i < ctx.frame.n; i++) {
    const on = col.codes[i] === code
    mine[i] = on ? 1 : 0
    rest[i] = on ? 0 : 1
  }
  for (const [what, values] of [
    ['prompt', ctx.frame.inputTokens],
    ['output', ctx.frame.outputTokens],
  ] as const) {
    const a = meanWhere(values, mine)
    const b = meanWhere(values, rest)
    if (a.count >= 10 && b.count >= 10 && b.mean > 0 && a.mean / b.mean >= HEAVIER) {
      return {
        factor: 0.3,
        evidence: {
          dimension: scope.dimension,
          observed: round(a.mean, 0),
          baseline: round(b.mean, 0),
          text: `against: requests on ${scope.dimension} ${scope.value} carry ${decimals(a.mean / b.mean, 1)}× the ${what} tokens of the others (${Math.round(a.mean)} vs ${Math.round(b.mean)}): the work differs, not the ${scope.dimension}`,
        },
      }
    }
  }
  return null
}

/**
 * Its slow requests' time per token over the other replicas' requests started in the same grid
 * steps. A degraded node makes its own replicas slow and leaves its peers on other nodes as they
 * were at the same time; a slowdown of every replica at once (the memory bandwidth of a fuller
 * batch everywhere) slows the peers too. Against all of the peers' requests, most of them from
 * before and after, a fleet-wide slowdown whose queue happened to grow longest on one replica
 * reads as that replica working slower (contract seed 89 `engine.memory_bandwidth#0`: 3.78×
 * against the whole window, 1.0× against the same minutes; ADR 0308). Null when the peers have
 * fewer than {@link MIN_SLOW_REST} requests in those steps.
 */
function sameStepsRatio(ctx: DiagnosisContext, mine: Uint8Array, rest: Uint8Array): number | null {
  const steps = new Set<number>()
  for (let i = 0; i < ctx.frame.n; i++) {
    if (mine[i] === 1) {
      steps.add(bucketOf(ctx.grid, ctx.frame.startUs[i] as number))
    }
  }
  const peers = new Uint8Array(ctx.frame.n)
  let count = 0
  for (let i = 0; i < ctx.frame.n; i++) {
    if (rest[i] === 1 && steps.has(bucketOf(ctx.grid, ctx.frame.startUs[i] as number))) {
      peers[i] = 1
      count++
    }
  }
  return count >= MIN_SLOW_REST ? serviceRatio(ctx.frame, mine, peers) : null
}

/**
 * The scope's time per token over its peers' at the same running batch: within each batch size
 * both sides hold {@link MIN_PER_STEP} requests at, the ratio of their lower quartiles
 * ({@link SAME_WORK_QUANTILE}; prefill per uncached token and time per output token, the larger,
 * as serviceRatio), averaged on the log scale with the scope's requests as weights. A degraded
 * node is slower at the same load; a fleet-wide slowdown that grows with the batch (memory
 * bandwidth) makes the replica whose batch happened to fill first slower per token than its peers
 * on average, and no slower than a peer running the same batch (contract seed 137
 * `engine.memory_bandwidth#0`: the median TPOT of node a100-3's two replicas 44.5 and 42.3 ms in
 * the window against 16.0–34.0 ms on the four others; with 0, 1, 2 and 3 others running, 14.7 vs
 * 15.1, 44.3 vs 42.7, 77.4 vs 77.3 and 80.5 vs 79.6 ms). Null when no batch size has enough
 * requests on both sides.
 */
function sameBatchRatio(ctx: DiagnosisContext, mine: Uint8Array, peers: Uint8Array): number | null {
  const both = new Uint8Array(ctx.frame.n)
  for (let i = 0; i < ctx.frame.n; i++) {
    both[i] = (mine[i] as number) | (peers[i] as number)
  }
  const batch = runningAtPrefill(ctx)
  let best: number | null = null
  for (const per of [ctx.frame.prefillPerTokenUs, ctx.frame.perOutputTokenUs]) {
    const cells = new Map<number, { mine: number[]; peers: number[] }>()
    for (let i = 0; i < ctx.frame.n; i++) {
      const k = batch[i] as number
      const v = per[i] as number
      if (both[i] !== 1 || !(k === k) || !(v === v)) {
        continue
      }
      const cell = cells.get(k) ?? { mine: [], peers: [] }
      ;(mine[i] === 1 ? cell.mine : cell.peers).push(v)
      cells.set(k, cell)
    }
    let logSum = 0
    let weight = 0
    for (const cell of cells.values()) {
      if (cell.mine.length < MIN_PER_STEP || cell.peers.length < MIN_PER_STEP) {
        continue
      }
      const a = lowerQuartile(cell.mine)
      const b = lowerQuartile(cell.peers)
      if (a > 0 && b > 0) {
        logSum += cell.mine.length * Math.log(a / b)
        weight += cell.mine.length
      }
    }
    if (weight > 0) {
      const r = Math.exp(logSum / weight)
      best = best === null ? r : Math.max(best, r)
    }
  }
  return best
}

function lowerQuartile(values: number[]): number {
  return quantileSorted(Float64Array.from(values).sort(), SAME_WORK_QUANTILE)
}

/**
 * A degraded node makes its own replicas slow and leaves its peers as they were: inside the
 * finding's window, the scope's slow requests (the TTFT or TPOT cohort, the ones the finding is
 * about) must take longer per token than the other replicas' requests of the same steps. When
 * they do not, whatever slowed them slowed every replica (the memory bandwidth of fuller batches
 * everywhere), and the scope only holds the longest queue it left: evidence against, whichever
 * detector proposed the finding (ADR 0308). Its slow requests, not all of them: a window wider
 * than the fault (a short fault read on gateway spans alone) would otherwise average the degraded
 * minutes away among normal ones. Null without a window (a standing slow node has no "same time"
 * apart from the whole run) or a node/replica scope, or when either side is too thin to measure.
 */
function peersAsSlow(ctx: DiagnosisContext, finding: Finding): Counter | null {
  const span = windowSpanUs(finding.window)
  const { dimension, value } = finding.scope
  if (span === null || value === null || (dimension !== 'node' && dimension !== 'replica')) {
    return null
  }
  const members = dimension === 'node' ? replicasOnNode(ctx.replicaNode, value) : ([value] as const)
  const codes = new Set(members.map((m) => ctx.frame.dims.replica.values.indexOf(m)))
  const inWindow = startMask(ctx.frame, span.from, span.to)
  const mine = new Uint8Array(ctx.frame.n)
  const rest = new Uint8Array(ctx.frame.n)
  let count = 0
  for (let i = 0; i < ctx.frame.n; i++) {
    const c = ctx.frame.dims.replica.codes[i] as number
    if (c < 0) {
      continue
    }
    if (codes.has(c)) {
      const slow =
        ctx.ttft.slow[i] === 1 || ctx.tpot.slow[i] === 1 || ctx.gatewayTpot?.slow[i] === 1 ? 1 : 0
      mine[i] = (inWindow[i] as number) & slow
      count += mine[i] as number
    } else {
      rest[i] = 1
    }
  }
  const ratio = count >= MIN_SLOW_REST ? sameStepsRatio(ctx, mine, rest) : null
  if (ratio === null || ratio >= QUEUE_ONLY_SERVICE) {
    return sameBatchAgainst(ctx, finding, codes, count >= MIN_SLOW_REST ? mine : inWindow)
  }
  return {
    factor: 0.25,
    evidence: {
      dimension,
      observed: round(ratio),
      baseline: 1,
      text: `against: in the window its slow requests take ${decimals(ratio, 2)}× as long per token as the other replicas' requests of the same minutes: what slowed them slowed the other replicas too`,
    },
  }
}

/**
 * Slower per token than its peers of the same minutes, yet no slower than a peer running the same
 * batch: its batch is what differs (a fleet-wide slowdown that grows with the batch filled it
 * first), not the node. All of its requests against all of the peers', so that no latency
 * selection tilts either side, in the grid steps that hold `slow` (its slow requests in the
 * window, or the whole window when they are too few to place it): a node fault shorter than its
 * window would otherwise be averaged away among its normal minutes (the hand-written
 * `node-degraded-engine-only` scenario). Evidence against (ADR 0335).
 */
function sameBatchAgainst(
  ctx: DiagnosisContext,
  finding: Finding,
  codes: ReadonlySet<number>,
  slow: Uint8Array
): Counter | null {
  const steps = new Set<number>()
  for (let i = 0; i < ctx.frame.n; i++) {
    if (slow[i] === 1) {
      steps.add(bucketOf(ctx.grid, ctx.frame.startUs[i] as number))
    }
  }
  // A request's own node where it carries one: the replica-to-node map is each replica's usual
  // node, and a request is placed by where it ran.
  const nodeCol = ctx.frame.dims.node
  const nodeCode =
    finding.scope.dimension === 'node' ? nodeCol.values.indexOf(finding.scope.value ?? '') : -1
  const mine = new Uint8Array(ctx.frame.n)
  const peers = new Uint8Array(ctx.frame.n)
  for (let i = 0; i < ctx.frame.n; i++) {
    const c = ctx.frame.dims.replica.codes[i] as number
    const n = nodeCol.codes[i] as number
    if (c < 0 || !steps.has(bucketOf(ctx.grid, ctx.frame.startUs[i] as number))) {
      continue
    }
    const on = nodeCode >= 0 && n >= 0 ? n === nodeCode : codes.has(c)
    mine[i] = on ? 1 : 0
    peers[i] = on ? 0 : 1
  }
  const ratio = sameBatchRatio(ctx, mine, peers)
  if (ratio === null || ratio >= QUEUE_ONLY_SERVICE) {
    return null
  }
  return {
    factor: 0.25,
    evidence: {
      dimension: finding.scope.dimension ?? undefined,
      observed: round(ratio),
      baseline: 1,
      text: `against: in the window it takes ${decimals(ratio, 2)}× as long per token as the other replicas running the same batch: its batches were fuller, what slowed it slows any replica that fills up`,
    },
  }
}

/**
 * The slow cohorts the record picks its scope from, with the words its evidence names each by and
 * the time per token its window reads: TTFT (prefill per uncached prompt token), TPOT, and, when
 * no request carries an engine TPOT, the time per output token at the gateway (its stream after
 * the first chunk over the output tokens after the first: what the users' TPOT is as the gateway
 * sees it, ADR 0344).
 */
function cohortsOf(ctx: DiagnosisContext): { cohort: Cohort; label: string; per: Float64Array }[] {
  const cohorts = [
    { cohort: ctx.ttft, label: 'ttft', per: ctx.frame.prefillPerTokenUs },
    { cohort: ctx.tpot, label: 'tpot', per: ctx.frame.tpotUs },
  ]
  if (ctx.gatewayTpot !== null) {
    cohorts.push({
      cohort: ctx.gatewayTpot,
      label: GATEWAY_TPOT,
      per: ctx.frame.perOutputTokenUs,
    })
  }
  return cohorts
}

/**
 * Every request started in a grid step that holds one of the cohort's slow requests on
 * `dimension=value`: the minutes the scope was slow in, all replicas' requests of them.
 */
function stepsOfScopeSlow(
  ctx: DiagnosisContext,
  cohort: Cohort,
  dimension: 'node' | 'replica',
  value: string
): Uint8Array {
  const col = ctx.frame.dims[dimension]
  const code = col.values.indexOf(value)
  const slowHere = new Uint8Array(ctx.frame.n)
  for (let i = 0; i < ctx.frame.n; i++) {
    slowHere[i] = cohort.slow[i] === 1 && col.codes[i] === code ? 1 : 0
  }
  return inStepsOf(ctx, slowHere, null)
}

/**
 * All the requests of the scope's replicas (of every replica when `memberCodes` is null) started
 * in the grid steps that hold one of `slow`.
 */
function inStepsOf(
  ctx: DiagnosisContext,
  slow: Uint8Array,
  memberCodes: ReadonlySet<number> | null
): Uint8Array {
  const steps = new Set<number>()
  for (let i = 0; i < ctx.frame.n; i++) {
    if (slow[i] === 1) {
      steps.add(bucketOf(ctx.grid, ctx.frame.startUs[i] as number))
    }
  }
  const out = new Uint8Array(ctx.frame.n)
  for (let i = 0; i < ctx.frame.n; i++) {
    const on = memberCodes === null || memberCodes.has(ctx.frame.dims.replica.codes[i] as number)
    out[i] = on && steps.has(bucketOf(ctx.grid, ctx.frame.startUs[i] as number)) ? 1 : 0
  }
  return out
}

/** The scope of a slower-work excess that a slow node or replica owns. */
function degradedScope(x: ExcessView): number {
  const f = x.facts
  if (f.scope?.dimension !== 'node' && f.scope?.dimension !== 'replica') {
    return 0
  }
  if (f.newReplica) {
    return 0.4
  }
  return (f.scope.dimension === 'replica' ? 0.8 : 1) * queueOnly(x)
}

/**
 * A replica or node that works no slower per token only waits longer: load, not degradation.
 * Queue time alone on one node or replica is load more often than a slow node: a degraded node
 * also prefills and decodes slower.
 */
function queueOnly(x: ExcessView): number {
  const f = x.facts
  return f.service !== null && f.service < QUEUE_ONLY_SERVICE
    ? 0.25
    : f.topStage === 'engine.queue'
      ? 0.5
      : 1
}

export const nodeDegradedCause: CauseRecord = {
  cause: 'node.degraded',
  label: 'Degraded node',
  measure: null,
  chain: ['node', 'its replicas slow'],
  // Its replicas serve the same share slower: their queues grow (ADR 0228).
  explains: ['engine.queue_saturation'],
  needs: 'replica and (ideally) node dimensions; node events confirm.',
  predicts:
    'the slow cohort concentrates on a node whose replicas are each slow (scope node), or on a single replica (scope replica), and removing it lowers the P99.',
  against:
    "the replica gets more traffic than the others (routing imbalance), runs a minority version coinciding with the slow set (version regression), is new (cold start), serves requests with ≥ 1.5× the prompt or output tokens (long prompts, long generations), or in the window works per token no slower than the other replicas' requests of the same minutes (what slowed it slowed them too), or than the other replicas' requests running the same batch (its lower quartile per token: its batch was fuller, or a share of its requests did extra work).",
  actions: ['drain the node', 'check GPU clocks, XID errors and neighbours'],
  counter(ctx, finding) {
    const heavier = heavierRequests(ctx, finding.scope)
    const peers = peersAsSlow(ctx, finding)
    if (heavier === null || peers === null) {
      return heavier ?? peers
    }
    return heavier.factor <= peers.factor ? heavier : peers
  },
  readsGatewayTpot: true,
  excess: {
    ...scopedSignature(degradedScope),
    'server-uncovered': (x) => (x.facts.gatewayShare >= 0.5 ? 0 : 0.3),
    'engine-rate': 0.2,
  },
  evaluate(ctx) {
    if (ctx.frame.dims.replica.values.length === 0 && ctx.frame.dims.node.values.length === 0) {
      return { skipped: 'no replica or node dimension on the requests' }
    }
    const picks = cohortsOf(ctx)
      .map((c) => ({ ...c, pick: pickReplicaOrNode(c.cohort.rows, ctx.replicaNode) }))
      .filter((p): p is Pick => p.pick !== null)
      .sort(
        (a, b) => b.pick.row.lift * b.pick.row.slowShare - a.pick.row.lift * a.pick.row.slowShare
      )
    // Each cohort's scope is read, and the one that best shows a node doing the same work slower
    // answers (ADR 0369): the cohort whose scope is most over-represented may hold a replica that
    // only queued, while the other cohort names the node that works slower per token.
    // Two cohorts' picks can come to the same place (a replica's pick moves to the node the
    // other cohort named): each place is read once.
    let found: ReturnType<typeof fromPick> | null = null
    for (const p of new Set(picks.map((q) => placeOf(ctx, picks, q)))) {
      const f = fromPick(ctx, p)
      if (found === null || f.confidence > found.confidence) {
        found = f
      }
    }
    return found
  },
}

type Pick = ReturnType<typeof cohortsOf>[number] & {
  pick: NonNullable<ReturnType<typeof pickReplicaOrNode>>
}

/**
 * The place a cohort's pick stands for. One cohort may see the node (its replicas each slower per
 * token: TPOT) while the other sees one of its replicas (TTFT, where the slowdown's queue grew
 * longest on one of them): the node holds, the replica's longer tail is that queue (ADR 0228).
 */
function placeOf(ctx: DiagnosisContext, picks: readonly Pick[], first: Pick): Pick {
  const onNode =
    first.pick.row.dimension === 'replica' ? ctx.replicaNode.get(first.pick.row.value) : undefined
  const nodePick = picks.find((p) => p.pick.row.dimension === 'node' && p.pick.row.value === onNode)
  return nodePick ?? first
}

/** The finding one place makes: its concentration, load and time per token. */
function fromPick(
  ctx: DiagnosisContext,
  best: Pick
): Omit<Finding, 'cause' | 'actions'> & { ownWindow: boolean } {
  const { row } = best.pick
  const dimension = row.dimension === 'node' ? 'node' : 'replica'
  const members = dimension === 'node' ? replicasOnNode(ctx.replicaNode, row.value) : [row.value]
  let confidence = placeConcentration(row.risk, row.slowShare)
  const evidence: Evidence[] = [rowEvidence(row, best.label)]
  // Materiality: the scope must create the tail, not just hold a slightly larger slice of it,
  // in the minutes it was slow: over the whole data a node slow for its last minute holds the
  // tail of a thirtieth of the requests, its P99 the other minutes' (ADR 0369).
  const impact = tailImpact(
    ctx,
    best.cohort,
    row.dimension,
    row.value,
    stepsOfScopeSlow(ctx, best.cohort, dimension, row.value)
  )
  confidence *= ramp(impact, 1.05, 1.3)
  const tail = impactEvidence(`${row.dimension}=${row.value}`, best.label, impact)
  evidence.push({ ...tail, text: `${tail.text} in the minutes its slow requests started in` })
  // Overloaded, not degraded? Compare the members' load with everyone's.
  const load = replicaLoadShift(ctx)
  const memberLoad = members.map((m) => load.rise.get(m) ?? 1)
  const loadRatio = memberLoad.length ? Math.max(...memberLoad) : 1
  if (loadRatio >= 1.4) {
    confidence *= 1 - ramp(loadRatio, 1.4, 2.2) * 0.8
  }
  evidence.push({
    dimension: 'replica',
    observed: round(loadRatio),
    baseline: 1,
    text: `its load is ${decimals(loadRatio, 2)}× the median replica's${load.windowed ? ' in the slow minutes, against its usual share' : ''}`,
  })
  // Degraded means the same work runs slower: its slow requests prefill each prompt token and
  // produce each output token slower than the other replicas do. A replica that only queues
  // longer is overloaded (routing, load), not degraded.
  const memberCodes = new Set(members.map((m) => ctx.frame.dims.replica.values.indexOf(m)))
  const mine = new Uint8Array(ctx.frame.n)
  const rest = new Uint8Array(ctx.frame.n)
  for (let i = 0; i < ctx.frame.n; i++) {
    const inMembers = memberCodes.has(ctx.frame.dims.replica.codes[i] as number)
    mine[i] = inMembers && best.cohort.slow[i] === 1 ? 1 : 0
    rest[i] = inMembers ? 0 : 1
  }
  // Like with like: the slow cohort is chosen by its latency, which holds its prefill (and its
  // decode for TPOT), so its time per token is higher than an unselected set's on any replica
  // that merely queues. The other replicas' slow requests carry the same selection; only when
  // they are too few for a median is the comparison with all their requests left.
  const slowRest = new Uint8Array(ctx.frame.n)
  let slowRestCount = 0
  for (let i = 0; i < ctx.frame.n; i++) {
    if (rest[i] === 1 && best.cohort.slow[i] === 1) {
      slowRest[i] = 1
      slowRestCount++
    }
  }
  // A cohort chosen by the time per output token itself holds, on every replica, the requests
  // above one line of that very time: its slow requests against the others' read ~1 whatever
  // the node does. Neither side selected, then: all of its requests in the steps its slow ones
  // started in, against the other replicas' requests of those steps (ADR 0344).
  const selectedOnIt = best.label === GATEWAY_TPOT
  const service = selectedOnIt
    ? sameStepsRatio(ctx, inStepsOf(ctx, mine, memberCodes), rest)
    : ((slowRestCount >= MIN_SLOW_REST ? serviceRatio(ctx.frame, mine, slowRest) : null) ??
      sameStepsRatio(ctx, mine, rest) ??
      serviceRatio(ctx.frame, mine, rest))
  if (service !== null) {
    const times = decimals(service, 2)
    const waits = service < 1.15
    if (waits) {
      confidence *= 0.25
    }
    const text = selectedOnIt
      ? `${waits ? 'against: ' : ''}its requests take ${times}× as long per output token at the gateway as the other replicas' requests started in the same minutes${waits ? ': they wait, they do not work slower' : ''}`
      : waits
        ? `against: its slow requests prefill and decode per token ${times}× as long as the other replicas' requests: they wait, they do not work slower`
        : `its slow requests take ${times}× as long per token (prefill or decode) as the other replicas' requests`
    evidence.push({ dimension: 'replica', observed: round(service), baseline: 1, text })
  }
  // A minority version that coincides with the slow set is the better explanation.
  const versionCol = ctx.frame.dims.version
  if (versionCol.values.length >= 2) {
    const vr = best.cohort.rows.find(
      (r) => r.dimension === 'version' && r.significant && r.slowShare >= row.slowShare * 0.9
    )
    if (vr) {
      confidence *= 0.5
    }
  }
  const fresh = members.filter((m) => ctx.youngReplicaUs.has(m))
  if (fresh.length === members.length) {
    confidence *= 0.5
  }
  const nodeName = dimension === 'node' ? row.value : ctx.replicaNode.get(row.value)
  const events = ctx.events.filter(
    (e) =>
      e.kind === 'node' &&
      (e.node === nodeName || (e.replica !== null && members.includes(e.replica)))
  )
  if (events.length > 0) {
    confidence = Math.min(1, confidence * 1.2)
    evidence.push(...events.slice(0, 3).map(eventEvidence))
  }
  // Its window is when it worked slower, read on its own series; without one, the latency
  // excess it explains gives it (diagnose.ts), as before.
  const window = slowerPerTokenWindow(ctx, memberCodes, best.per)
  return {
    confidence,
    scope: scopeOf(dimension, row.value),
    window,
    evidence,
    ownWindow: window !== null,
  }
}
