/**
 * Fits the twin to one stored window (ADR 0135). Everything comes from the window's requests and
 * metrics, nothing from a GPU profile:
 *
 * - arrivals: the rate per minute; the request mix is the window's own requests, resampled jointly
 *   (prompt, cached, output tokens, tenant, route, region and the time spent outside the engine);
 * - routing: the replica shares, and whether the router followed load (the chosen replica held the
 *   fewest requests at arrival) or not;
 * - per replica, the step-time law of engine.ts, by non-negative least squares over two kinds of
 *   observation, each rebuilt from every request's stages on that replica:
 *   a request's TPOT ≈ one decode step at the batch, KV tokens and prefill work it ran beside;
 *   its prefill time ≈ the steps its prompt took at the same;
 * - capacity: KV tokens from `vllm:cache_config_info`, else from KV usage against the KV tokens
 *   the requests held; `max_num_seqs` from the count the running set stood at while requests
 *   waited and the KV pool had room (cap-inference.ts), else an assumed default. Each says where
 *   it came from.
 */
import { quantileSorted } from '../../core/stats/quantile.js'
import { medianOfKnown, quantilesOf } from './known-quantiles.js'
import { countBelow, sortByKey } from '../../core/stats/sorted.js'
import type { StepModel, TwinRouting } from './engine.js'
import { ASSUMED_MAX_BATCHED_TOKENS } from './step-law.js'
import type { LaneIntegrals } from './lane-integrals.js'
import type { ReplicaMetrics, TwinWindow } from './load.js'
import type { ObservedRequests } from './observed.js'
import { chooseStepLaw, type LawChoice } from './law-choice.js'
import { agreeingCaps, inferCap, type CapEvidence, type CapInference } from './cap-inference.js'
import { queueClockOf, type QueueClock } from './queue-clock.js'
import {
  fitStepLaws,
  inferCachedTokens,
  LANES,
  releaseScratch,
  stepModelOf,
  type StepFit,
} from './step-law.js'

/** vLLM's defaults where the data cannot say (`--max-num-seqs`, `--max-num-batched-tokens`). */
export const ASSUMED_MAX_NUM_SEQS = 256
/** Fewer usable requests than this and the twin refuses to fit. */
export const MIN_REQUESTS = 200

export interface Sourced<T> {
  value: T
  /** Where the value came from, in words (`vllm:cache_config_info`, `assumed: vLLM default`). */
  source: string
}

export interface FittedReplica {
  name: string
  step: StepModel
  /** Observations each part of the step law was fitted on (per replica, or all replicas when a
   * replica had too few), and the share of their variance it explains. */
  observations: { decode: number; prefill: number }
  r2: { decode: number; prefill: number }
  share: number
  maxNumSeqs: Sourced<number | null>
  /**
   * What the running/waiting gauges say about the cap (ADR 0315): the scrapes where requests
   * waited, those where the KV pool held them, the running count they stood at and on how many.
   */
  capEvidence: CapEvidence
  /** The most requests `num_requests_running` showed in the window; `null` without the gauge. */
  runningPeak: number | null
  /**
   * The most requests the spans show running at once (from scheduled to their last token): exact
   * where a scraped gauge sees only its instants, so the least `max_num_seqs` the window allows.
   */
  runningPeakSpans: number
  /**
   * The batch at or below which {@link LAW_PINNED_SHARE} of the window's decode steps ran on this
   * replica (spans, each level's time held over the fitted step there): where the data pins the
   * step law, not one instant's peak (ADR 0333).
   */
  pinnedBatch: number
  kvCapacityTokens: Sourced<number | null>
  /** `null` where neither the spans nor the counters say it (the twin then assumes none). */
  prefixHitRate: Sourced<number | null>
}

/** The fitted twin: what is printed as `fit.model`, plus what prediction resamples. */
export interface TwinModel {
  window: { fromUs: number; toUs: number }
  requests: number
  arrival: {
    meanRatePerSec: number
    binUs: number
    /** Requests per second in each bin from `window.fromUs`, its counting noise removed. */
    ratePerSec: number[]
    /**
     * How much of each minute's own deviation from its neighbours' rate is kept (0: the counts
     * swing no more than Poisson counting does, so the rate is the neighbours' average; 1: the
     * rate really moves minute by minute). Mean over the bins.
     */
    minuteWeight: number
    process: 'open' | 'closed'
    /** Clients (requests in flight, median) when the process is closed. */
    closedUsers: number | null
    /** A closed loop's time between an answer and the client's next request, µs. */
    thinkUs: number | null
    /**
     * Where a closed loop paused or changed its clients (ADR 0476): the stretches its clients
     * sent in, µs on the store's clock, each with the clients it held. Absent when the loop held
     * one set of clients from the window's first request to its last.
     */
    stretches?: LoopStretch[]
  }
  mix: {
    promptTokens: { p50: number; p99: number }
    outputTokens: { p50: number; p99: number }
    cachedShare: Sourced<number | null>
    tenants: { value: string; share: number }[]
    routes: { value: string; share: number }[]
  }
  outsideEngine: {
    /** TTFT spent before the engine queue and on the way back (gateway, network, frontend), µs. */
    ttftP50Us: number
    byRegion: { region: string; ttftP50Us: number; requests: number }[]
  }
  routing: { policy: TwinRouting; leastLoadedShare: number; evidence: string }
  maxBatchedTokens: Sourced<number>
  /** The step law chosen by held-out replay inside the window (ADR 0221). */
  stepLaw: LawChoice
  /** Whether the window's queue counts the wait for the step in flight (ADR 0468). */
  queueClock: QueueClock
  replicas: FittedReplica[]
}

export interface TwinFit {
  model: TwinModel
  observed: ObservedRequests
  /** Prompt tokens the prefix cache served, per request (known or from the replica's hit rate). */
  cached: Float64Array
  /**
   * Per rate bin, the share of its own deviation the denoised rate kept (`denoisedRates`): a
   * prediction draws a bin's requests from the bin itself with this probability, else from its
   * neighbours, so a minute's mix is not its own sampling noise doubled.
   */
  binKeep: Float64Array
  /**
   * The step law's rows, kept to refit the chosen law on resamples of the window's requests: the
   * law's own uncertainty where a prediction runs past the batches the window ran (ADR 0326).
   */
  stepFit: StepFit
}

export type FitOutcome = { ok: true; fit: TwinFit } | { ok: false; reasons: string[] }

const BIN_US = 60_000_000

function shares(codes: Int32Array, values: string[]): { value: string; share: number }[] {
  const counts = new Array<number>(values.length).fill(0)
  for (const c of codes) {
    if (c >= 0) {
      counts[c] = counts[c]! + 1
    }
  }
  const total = counts.reduce((a, b) => a + b, 0)
  return values
    .map((value, i) => ({ value, share: total > 0 ? counts[i]! / total : 0 }))
    .sort((a, b) => b.share - a.share)
}

/** Per replica, the cached and prompt tokens of its requests with a cached-token count. */
function knownCachedOf(o: ObservedRequests): { known: Float64Array; prompt: Float64Array } {
  const known = new Float64Array(o.replicas.length)
  const prompt = new Float64Array(o.replicas.length)
  for (let i = 0; i < o.n; i++) {
    if (o.cachedTokens[i] === o.cachedTokens[i]) {
      const r = o.replica[i]!
      known[r] = known[r]! + o.cachedTokens[i]!
      prompt[r] = prompt[r]! + o.promptTokens[i]!
    }
  }
  return { known, prompt }
}

/**
 * The hit rate the twin starts from where nothing measures it: none, so that each request's own
 * prefill time (read back once the step law is fitted) says what it computed. An assumption, not
 * a measurement, so the fitted model reports the rate as null.
 */
const ASSUMED_HIT_RATE = 0

function hitRateOf(
  m: ReplicaMetrics | undefined,
  counts: { known: Float64Array; prompt: Float64Array },
  r: number
): Sourced<number | null> {
  const known = counts.known[r]!
  const prompt = counts.prompt[r]!
  if (prompt > 0) {
    return { value: known / prompt, source: 'cached tokens on the spans' }
  }
  if (m?.prefixQueries != null && m.prefixHits != null && m.prefixQueries > 0) {
    return {
      value: Math.min(1, m.prefixHits / m.prefixQueries),
      source: 'prefix cache hit/query counters',
    }
  }
  return {
    value: null,
    source: `unknown: no cached tokens or prefix-cache counters, assumed ${ASSUMED_HIT_RATE}`,
  }
}

/** Fits the twin; refuses (with reasons) when the window lacks what it needs. */
export function fitTwin(w: TwinWindow): FitOutcome {
  const o = w.requests
  const reasons: string[] = []
  if (o.n < MIN_REQUESTS) {
    const why = Object.entries(o.dropped.reasons)
      .map(([k, v]) => `${v} ${k}`)
      .join(', ')
    reasons.push(
      `the twin needs at least ${MIN_REQUESTS} requests with engine queue, prefill and decode stages, token counts and a replica; the window has ${o.n}` +
        (why ? ` (left out: ${why})` : '')
    )
    return { ok: false, reasons }
  }
  const R = o.replicas.length
  const cached = new Float64Array(o.n)
  const cachedByReplica = knownCachedOf(o)
  const hit = o.replicas.map((name, r) => hitRateOf(w.metrics.get(name), cachedByReplica, r))
  for (let i = 0; i < o.n; i++) {
    const c = o.cachedTokens[i]!
    cached[i] = c === c ? c : o.promptTokens[i]! * (hit[o.replica[i]!]!.value ?? ASSUMED_HIT_RATE)
  }

  const rowsOf: number[][] = o.replicas.map(() => [])
  for (let i = 0; i < o.n; i++) {
    rowsOf[o.replica[i]!]!.push(i)
  }
  const kvCapacity = o.replicas.map((name, r) => kvCapacityOf(w.metrics.get(name), o, rowsOf[r]!))
  const caps = agreeingCaps(
    o.replicas.map((name, r) =>
      inferCap(name, w.metrics.get(name), kvNeededShare(o, rowsOf[r]!, kvCapacity[r]!.value))
    )
  )
  const maxNumSeqs = o.replicas.map((name, r) =>
    maxNumSeqsOf(w.metrics.get(name), o, rowsOf[r]!, caps[r]!)
  )

  // The step law the window supports, by held-out replay inside it (ADR 0221); then, where the
  // spans carry no cached-token count, a request's own prefill time under that law says how
  // much of its prompt was computed: refit once with that instead of the replica's mean hit
  // rate, which would give every request the same share and blur hits and misses together.
  let stepFit = fitStepLaws(o, cached)
  const queueClock = queueClockOf(o)
  const choice = chooseStepLaw(
    o,
    cached,
    stepFit,
    o.replicas.map((_, r) => ({
      maxNumSeqs: maxNumSeqs[r]!.value ?? Infinity,
      kvCapacityTokens: kvCapacity[r]!.value ?? Infinity,
    })),
    queueClock.value
  )
  let laws = stepFit.fit(choice.law)
  if (o.cachedTokens.some((c) => !(c === c))) {
    inferCachedTokens(o, cached, laws)
    calibrateToCounters(o, cached, hit)
    stepFit = fitStepLaws(o, cached, stepFit)
    laws = stepFit.fit(choice.law)
  }
  releaseScratch(stepFit)
  const { beside, decodeOf, prefillOf } = laws
  const replicaCounts = new Array<number>(R).fill(0)
  for (let i = 0; i < o.n; i++) {
    replicaCounts[o.replica[i]!]!++
  }

  const replicas: FittedReplica[] = o.replicas.map((name, r) => {
    const d = decodeOf[r]!
    const p = prefillOf[r]!
    const m = w.metrics.get(name)
    return {
      name,
      step: stepModelOf(laws, r),
      observations: { decode: d.rows, prefill: p.rows },
      r2: { decode: d.r2, prefill: p.r2 },
      share: replicaCounts[r]! / o.n,
      maxNumSeqs: maxNumSeqs[r]!,
      capEvidence: caps[r]!.evidence,
      runningPeak:
        m?.running != null && m.running.length > 0
          ? Math.max(...m.running.map((p) => p.value))
          : null,
      ...spanRunning(o, rowsOf[r]!, stepModelOf(laws, r)),
      kvCapacityTokens: kvCapacity[r]!,
      prefixHitRate: hit[r]!,
    }
  })

  // Did the router follow load? Compare the chosen replica's requests in flight at arrival with
  // the least any replica held, at the arrival instant: one walk per replica along the arrivals
  // in time order (a search per request and replica was 32M reads on 1M requests).
  const arrivals = new Int32Array(o.n)
  for (let k = 0; k < o.n; k++) {
    arrivals[k] = k
  }
  sortByKey(arrivals, o.queuedUs)
  const at = new Float64Array(o.n)
  const chosenReplica = new Int32Array(o.n)
  for (let k = 0; k < o.n; k++) {
    at[k] = o.queuedUs[arrivals[k]!]!
    chosenReplica[k] = o.replica[arrivals[k]!]!
  }
  const least = new Float64Array(o.n)
  const chosen = new Float64Array(o.n)
  beside.leastAndOwnAt(
    o.replicas.map((_, r) => r * LANES + 3),
    at,
    chosenReplica,
    least,
    chosen
  )
  let followed = 0
  for (let k = 0; k < o.n; k++) {
    // The chosen replica's count includes the request itself.
    if (chosen[k]! <= least[k]! + 1) {
      followed++
    }
  }
  const leastLoadedShare = followed / o.n
  const shareValues = replicas.map((r) => r.share)
  const meanShare = 1 / R
  const spread = Math.max(...shareValues.map((s) => Math.abs(s - meanShare) / meanShare))
  const policy: TwinRouting =
    R === 1
      ? 'round_robin'
      : leastLoadedShare >= 0.8
        ? 'least_loaded'
        : spread < 0.1
          ? 'round_robin'
          : 'weighted'
  const evidence =
    R === 1
      ? 'one replica'
      : `${Math.round(leastLoadedShare * 100)} % of requests went to a replica holding the fewest requests at arrival; shares differ by up to ${Math.round(spread * 100)} %`

  const steady = arrivalProcess(beside, R, beside.fromUs, beside.toUs, o)
  const loop = loopStretches(beside, R, o, steady) ?? steady

  const binCount = Math.max(1, Math.ceil((w.toUs - w.fromUs) / BIN_US))
  const perBin = new Array<number>(binCount).fill(0)
  for (let i = 0; i < o.n; i++) {
    const b = Math.min(binCount - 1, Math.max(0, Math.floor((o.startUs[i]! - w.fromUs) / BIN_US)))
    perBin[b] = perBin[b]! + 1
  }
  const windowSec = (w.toUs - w.fromUs) / 1e6
  const lastBinSec = ((w.toUs - w.fromUs) % BIN_US || BIN_US) / 1e6
  const widthSec = perBin.map((_, b) => (b === binCount - 1 ? lastBinSec : BIN_US / 1e6))
  const rates = ratesInData(perBin, widthSec)

  const pre = new Float64Array(o.n)
  for (let i = 0; i < o.n; i++) {
    pre[i] = o.ttftUs[i]! - o.queueUs[i]! - o.prefillUs[i]!
  }
  const byRegion = o.regions.map((region, g) => {
    const v: number[] = []
    for (let i = 0; i < o.n; i++) {
      if (o.region[i] === g) {
        v.push(pre[i]!)
      }
    }
    return { region, ttftP50Us: medianOfKnown(v), requests: v.length }
  })
  let knownCached = 0
  let knownPrompt = 0
  for (let i = 0; i < o.n; i++) {
    if (o.cachedTokens[i] === o.cachedTokens[i]) {
      knownCached += o.cachedTokens[i]!
      knownPrompt += o.promptTokens[i]!
    }
  }
  let allCached = 0
  let allPrompt = 0
  for (let i = 0; i < o.n; i++) {
    allCached += cached[i]!
    allPrompt += o.promptTokens[i]!
  }
  const [promptP50, promptP99] = quantilesOf(o.promptTokens, [0.5, 0.99])
  const [outputP50, outputP99] = quantilesOf(o.outputTokens, [0.5, 0.99])
  const model: TwinModel = {
    window: { fromUs: w.fromUs, toUs: w.toUs },
    requests: o.n,
    arrival: {
      meanRatePerSec: (o.n * (w.total / Math.max(1, o.n + o.dropped.total))) / windowSec,
      binUs: BIN_US,
      ratePerSec: rates.ratePerSec,
      minuteWeight: rates.weight,
      ...loop,
    },
    mix: {
      promptTokens: { p50: promptP50!, p99: promptP99! },
      outputTokens: { p50: outputP50!, p99: outputP99! },
      cachedShare:
        knownPrompt > 0
          ? { value: knownCached / knownPrompt, source: 'cached tokens on the spans' }
          : allCached > 0
            ? { value: allCached / allPrompt, source: 'prefix cache counters (estimate)' }
            : hit.every((h) => h.source.startsWith('prefix cache') && h.value === 0)
              ? { value: 0, source: 'prefix cache counters (no hit)' }
              : { value: null, source: 'unknown' },
      tenants: shares(o.tenant, o.tenants),
      routes: shares(o.route, o.routes),
    },
    outsideEngine: { ttftP50Us: medianOfKnown(pre), byRegion },
    routing: { policy, leastLoadedShare, evidence },
    maxBatchedTokens: {
      value: ASSUMED_MAX_BATCHED_TOKENS,
      source: 'assumed: vLLM default max_num_batched_tokens',
    },
    stepLaw: choice,
    queueClock,
    replicas,
  }
  return {
    ok: true,
    fit: { model, observed: o, cached, binKeep: Float64Array.from(rates.keep), stepFit },
  }
}

/**
 * The prefix-cache counters measure a replica's hit rate; the per-request estimate from prefill
 * times only says which requests hit. Its total is biased wherever the fitted law is a little
 * off for long prompts: on a 70B platform with 5–8k-token prompts it read 8.6 % of the prompt
 * tokens as cached where the counters said 1.9 %, which took 7 % of the prompt work out of the
 * twin and made its replayed TPOT 9–11 % fast. So, where the counters exist, every request's
 * computed tokens are scaled by one factor per replica until the total matches them.
 */
export function calibrateToCounters(
  o: ObservedRequests,
  cached: Float64Array,
  hit: readonly Sourced<number | null>[]
): void {
  // The rows without a counted cached token, grouped by replica in request order: one array
  // placed by counts, not a list grown by 1M pushes.
  const starts = new Int32Array(hit.length + 1)
  for (let i = 0; i < o.n; i++) {
    if (!(o.cachedTokens[i] === o.cachedTokens[i])) {
      starts[o.replica[i]! + 1]!++
    }
  }
  for (let r = 0; r < hit.length; r++) {
    starts[r + 1]! += starts[r]!
  }
  const grouped = new Int32Array(starts[hit.length]!)
  const placed = starts.slice(0, hit.length)
  for (let i = 0; i < o.n; i++) {
    if (!(o.cachedTokens[i] === o.cachedTokens[i])) {
      grouped[placed[o.replica[i]!]!++] = i
    }
  }
  hit.forEach((_, r) => {
    const rows = grouped.subarray(starts[r]!, starts[r + 1]!)
    const rate = hit[r]!.value
    if (!hit[r]!.source.startsWith('prefix cache') || rate === null || rows.length === 0) {
      return
    }
    let prompt = 0
    for (const i of rows) {
      prompt += o.promptTokens[i]!
    }
    const target = rate * prompt
    if (target === 0) {
      // No hit counted: no request read a cached token, whatever its prefill time suggests.
      for (const i of rows) {
        cached[i] = 0
      }
      return
    }
    // The bisection's 40 halvings all count at double precision (its last interval is 8e-12 of
    // the factor wide), so the answer is kept by making most of them without a pass over the
    // rows rather than by fewer of them. The rows sit side by side in typed arrays and a plain
    // loop, where a callback per row cost a second on 1M requests.
    const prompts = new Float64Array(rows.length)
    const computed = new Float64Array(rows.length)
    for (let j = 0; j < rows.length; j++) {
      const i = rows[j]!
      prompts[j] = o.promptTokens[i]!
      computed[j] = o.promptTokens[i]! - cached[i]!
    }
    // Cached tokens over all rows at factor k (the sum the answer is defined by), and how fast
    // they fall there: the computed tokens of the rows neither clamped to 1 nor to their prompt.
    let slope = 0
    const cachedAt = (k: number): number => {
      let c = 0
      let s = 0
      for (let j = 0; j < prompts.length; j++) {
        const kc = k * computed[j]!
        c += prompts[j]! - Math.min(prompts[j]!, Math.max(1, kc))
        if (kc > 1 && kc < prompts[j]!) {
          s += computed[j]!
        }
      }
      slope = s
      return c
    }
    // The sum as computed never rises with the factor, whatever the rows hold: a row's product
    // with the factor is rounded monotonically and, where its computed tokens are below zero,
    // stays under the clamp at 1; the clamps and the sum in a fixed order round monotonically
    // too, and a NaN is a NaN at every factor (never above the target). So a factor at or below
    // one seen above the target is above it too, and one at or above a factor seen at or below
    // it is not: such halvings need no pass.
    let above = -Infinity
    let below = Infinity
    const exceeds = (k: number): boolean => {
      if (k <= above) {
        return true
      }
      if (k >= below) {
        return false
      }
      return seen(k, cachedAt(k))
    }
    const seen = (k: number, sum: number): boolean => {
      const over = sum > target
      if (over) {
        above = Math.max(above, k)
      } else {
        below = Math.min(below, k)
      }
      return over
    }
    // A first estimate brackets the answer: the sum is linear in the factor between the rows'
    // clamps, so Newton's steps from the current counts (factor 1) land on it in a few passes,
    // and a pass on either side of where they land closes the bracket to less than the last
    // halving's width. Anything off (a flat sum, a step out of the bracket) leaves the rest to
    // the bisection, which reads the rows for whatever it cannot decide from the bracket.
    for (let pass = 0, k = 1; pass < 6; pass++) {
      const sum = cachedAt(k)
      seen(k, sum)
      if (!(slope > 0)) {
        break
      }
      const root = k + (sum - target) / slope
      if (!(root > above && root < below && root > 1 / 64 && root < 64)) {
        break
      }
      if (Math.abs(root - k) <= 1e-12 * root) {
        exceeds(root * (1 - 2e-12))
        exceeds(root * (1 + 2e-12))
        break
      }
      k = root
    }
    // Cached tokens fall as the factor grows: bisect on a log scale.
    let lo = 1 / 64
    let hi = 64
    for (let step = 0; step < 40; step++) {
      const mid = Math.sqrt(lo * hi)
      if (exceeds(mid)) {
        lo = mid
      } else {
        hi = mid
      }
    }
    const k = Math.sqrt(lo * hi)
    for (let j = 0; j < rows.length; j++) {
      const i = rows[j]!
      cached[i] = o.promptTokens[i]! - Math.min(o.promptTokens[i]!, Math.max(1, k * computed[j]!))
    }
  })
}

/**
 * `denoisedRates` over the bins from the first request's to the last one's. A window asked for
 * past its data (a file's traffic ends before the window does) has empty minutes at an edge; set
 * against its neighbours' rate they read as a burst, and the movement they put in the variance
 * made every minute keep most of its counting noise as if it were real (ADR 0248). Outside the
 * data the rate is what was seen there, none.
 */
export function ratesInData(
  counts: readonly number[],
  widthSec: readonly number[]
): { ratePerSec: number[]; weight: number; keep: number[] } {
  const first = counts.findIndex((c) => c > 0)
  if (first < 0) {
    return denoisedRates(counts, widthSec)
  }
  let last = counts.length - 1
  while (counts[last] === 0) {
    last--
  }
  const inner = denoisedRates(counts.slice(first, last + 1), widthSec.slice(first, last + 1))
  const ratePerSec = counts.map(() => 0)
  const keep = counts.map(() => 1)
  for (let b = first; b <= last; b++) {
    ratePerSec[b] = inner.ratePerSec[b - first]!
    keep[b] = inner.keep[b - first]!
  }
  return { ratePerSec, weight: inner.weight, keep }
}

/** Bins on each side of a minute that set the rate it is compared with. */
const RATE_NEIGHBOURS = 5

/**
 * The arrival rate per bin with the counting noise taken out (empirical Bayes). A minute's count
 * is Poisson around its true rate, so taking the counts as the rate and drawing new Poisson
 * arrivals from them counts the noise twice; at 2x load the first noise is doubled as well, and
 * the twin's arrivals swing three times as much as the real ones. Near capacity that decides
 * whether a queue drains, and it made the twin's TTFT P50 at 2x twice the simulator's (ADR 0200).
 *
 * Each count is set against the rate of its ±5 neighbouring bins; the variance of the counts
 * beyond Poisson's is the real movement of the rate, and each bin keeps that share of its own
 * deviation. A steady window gets the neighbours' average; a burst well above counting noise
 * stays.
 *
 * The neighbours' average is a count too: eleven minutes of 1.4 req/s wander ±3 % by chance,
 * and at 2x load the twin ran that wander as a real swing of the rate, which at the KV edge tipped
 * its queue into a runaway three times as often as the engine's (ADR 0248). So the same is done
 * one level up: each neighbourhood's rate is set against the window's, its variance beyond what
 * its count explains (Poisson's, less what it shares with the window's own count) is the real
 * movement, and it keeps that share of its deviation from the window's rate.
 */
export function denoisedRates(
  counts: readonly number[],
  widthSec: readonly number[]
): { ratePerSec: number[]; weight: number; keep: number[] } {
  const B = counts.length
  const local = counts.map((_, b) => {
    let c = 0
    let w = 0
    for (let k = Math.max(0, b - RATE_NEIGHBOURS); k <= Math.min(B - 1, b + RATE_NEIGHBOURS); k++) {
      c += counts[k]!
      w += widthSec[k]!
    }
    return w > 0 ? c / w : 0
  })
  // Variance of the true rate around the local one (per s², beyond what Poisson counts give).
  let excess = 0
  for (let b = 0; b < B; b++) {
    const expected = local[b]! * widthSec[b]!
    excess += ((counts[b]! - expected) ** 2 - expected) / widthSec[b]! ** 2
  }
  const tau2 = Math.max(0, excess / Math.max(1, B))
  const keep = counts.map((_, b) => {
    const expected = local[b]! * widthSec[b]!
    const signal = tau2 * widthSec[b]! ** 2
    return signal + expected > 0 ? signal / (signal + expected) : 1
  })
  let totalCount = 0
  let totalSec = 0
  const localSec = counts.map((_, b) => {
    totalCount += counts[b]!
    totalSec += widthSec[b]!
    let w = 0
    for (let k = Math.max(0, b - RATE_NEIGHBOURS); k <= Math.min(B - 1, b + RATE_NEIGHBOURS); k++) {
      w += widthSec[k]!
    }
    return w
  })
  const overall = totalSec > 0 ? totalCount / totalSec : 0
  // A neighbourhood inside the window: Var(local − overall) = rate · (1/its seconds − 1/all).
  const levelNoise = localSec.map((w) =>
    w > 0 && totalSec > 0 ? overall * (1 / w - 1 / totalSec) : 0
  )
  let levelExcess = 0
  for (let b = 0; b < B; b++) {
    levelExcess += (local[b]! - overall) ** 2 - levelNoise[b]!
  }
  const levelSignal = Math.max(0, levelExcess / Math.max(1, B))
  const level = local.map((l, b) => {
    const noise = levelNoise[b]!
    const k = noise > 0 ? levelSignal / (levelSignal + noise) : 1
    return overall + k * (l - overall)
  })
  const ratePerSec = counts.map((c, b) =>
    Math.max(0, level[b]! + keep[b]! * (c / widthSec[b]! - local[b]!))
  )
  const weight = B > 0 ? keep.reduce((a, k) => a + k, 0) / B : 1
  return { ratePerSec, weight, keep }
}

/**
 * Open or closed loop: in an open loop the requests in flight swing like a Poisson count
 * (variance ≈ mean); a fixed set of clients that wait for their answers holds them nearly
 * constant. Sampled once a second over the middle of the window.
 */
export function arrivalProcess(
  beside: LaneIntegrals,
  R: number,
  t0: number,
  t1: number,
  o: ObservedRequests
): { process: 'open' | 'closed'; closedUsers: number | null; thinkUs: number | null } {
  const counts: number[] = []
  for (let t = t0 + (t1 - t0) * 0.1; t < t0 + (t1 - t0) * 0.9; t += 1_000_000) {
    let c = 0
    for (let r = 0; r < R; r++) {
      c += beside.densityAt(r * LANES + 3, t)
    }
    counts.push(c)
  }
  if (counts.length < 30) {
    return { process: 'open', closedUsers: null, thinkUs: null }
  }
  const mean = counts.reduce((a, b) => a + b, 0) / counts.length
  const variance = counts.reduce((a, b) => a + (b - mean) ** 2, 0) / counts.length
  if (!(mean >= 1 && variance < 0.25 * mean)) {
    return { process: 'open', closedUsers: null, thinkUs: null }
  }
  const users = Math.round(medianOfKnown(counts))
  let engineUs = 0
  for (let i = 0; i < o.n; i++) {
    engineUs += o.queueUs[i]! + o.prefillUs[i]! + o.decodeUs[i]!
  }
  engineUs /= o.n
  const throughput = o.n / ((t1 - t0) / 1e6)
  return {
    process: 'closed',
    closedUsers: users,
    thinkUs: Math.max(0, (users / throughput) * 1e6 - engineUs),
  }
}

/** A stretch in which a closed loop's clients sent: µs on the store's clock, and how many. */
export interface LoopStretch {
  fromUs: number
  toUs: number
  users: number
}

/** Seconds of in-flight samples a stretch needs before it is read (or split) on its own. */
const LOOP_MIN_SAMPLES = 30

/**
 * Closed when the requests in flight hold nearly constant (as {@link arrivalProcess} reads), over
 * `c[from, to)`.
 */
function steadyCounts(c: ArrayLike<number>, from = 0, to = c.length): boolean {
  let sum = 0
  for (let k = from; k < to; k++) {
    sum += c[k]!
  }
  const mean = sum / (to - from)
  let squares = 0
  for (let k = from; k < to; k++) {
    squares += (c[k]! - mean) ** 2
  }
  const variance = squares / (to - from)
  return mean >= 1 && variance < 0.25 * mean
}

/**
 * A stretch's in-flight samples `c[from, to)` cut where its clients changed: split at the second
 * that leaves the least squared deviation around each side's mean, as long as the whole does not
 * hold steady and each side has {@link LOOP_MIN_SAMPLES}. The same test that reads a loop reads
 * where it changed: a step smaller than the loop's own swing is not one. The parts go to `out`;
 * `false` when a part that cannot be cut further does not hold steady (an open loop). `prefix`
 * and `prefix2` (at least `to − from + 1` long) are scratch, free again once the cut is chosen.
 */
export function loopSteps(
  c: Float64Array,
  from: number,
  to: number,
  prefix: Float64Array,
  prefix2: Float64Array,
  out: { from: number; to: number }[]
): boolean {
  if (steadyCounts(c, from, to)) {
    out.push({ from, to })
    return true
  }
  const n = to - from
  if (n < 2 * LOOP_MIN_SAMPLES) {
    return false
  }
  prefix[0] = 0
  prefix2[0] = 0
  for (let k = 0; k < n; k++) {
    prefix[k + 1] = prefix[k]! + c[from + k]!
    prefix2[k + 1] = prefix2[k]! + c[from + k]! ** 2
  }
  const sse = (a: number, b: number): number =>
    prefix2[b]! - prefix2[a]! - (prefix[b]! - prefix[a]!) ** 2 / (b - a)
  let best = -1
  let bestSse = Infinity
  for (let k = LOOP_MIN_SAMPLES; k <= n - LOOP_MIN_SAMPLES; k++) {
    const e = sse(0, k) + sse(k, n)
    if (e < bestSse) {
      bestSse = e
      best = k
    }
  }
  return (
    loopSteps(c, from, from + best, prefix, prefix2, out) &&
    loopSteps(c, from + best, to, prefix, prefix2, out)
  )
}

/** A spell with some request in the engine: its first arrival, last end, last arrival, requests. */
export interface BusySpell {
  from: number
  to: number
  lastArrival: number
  requests: number
}

/** A request's time in the engine (engine arrival to last token), µs; `NaN` where unknown. */
function engineTimeUs(o: ObservedRequests, i: number): number {
  const d = o.queueUs[i]! + o.prefillUs[i]! + o.decodeUs[i]!
  return o.queuedUs[i] === o.queuedUs[i] && d >= 0 ? d : NaN
}

/**
 * The busy spells and the idle ones between them: the requests' engine arrivals and ends sorted
 * apart and swept, a spell closing when the count of requests in it returns to 0.
 */
export function busySpells(o: ObservedRequests): BusySpell[] {
  const starts = new Float64Array(o.n)
  const ends = new Float64Array(o.n)
  let m = 0
  for (let i = 0; i < o.n; i++) {
    const d = engineTimeUs(o, i)
    if (d === d) {
      starts[m] = o.queuedUs[i]!
      ends[m++] = o.queuedUs[i]! + d
    }
  }
  const up = starts.subarray(0, m).sort()
  const down = ends.subarray(0, m).sort()
  const busy: BusySpell[] = []
  for (let u = 0, d = 0, held = 0; d < m;) {
    if (u < m && up[u]! <= down[d]!) {
      if (held++ === 0) {
        busy.push({ from: up[u]!, to: up[u]!, lastArrival: up[u]!, requests: 0 })
      }
      const last = busy[busy.length - 1]!
      last.lastArrival = up[u++]!
      last.requests++
    } else {
      busy[busy.length - 1]!.to = down[d++]!
      held--
    }
  }
  return busy
}

/** Cells per the shortest pause read: a spell that long holds at least one whole cell. */
const SPELL_CELLS_PER_PAUSE = 3

/**
 * The requests as one busy spell when no idle spell between them is longer than `gapUs` (the
 * shortest pause {@link loopStretches} reads, at no think time), found without sorting them
 * (ADR 0477): the span is cut in cells of a third of `gapUs`, each request marks the cells from
 * its arrival's to its end's, and an idle spell longer than `gapUs` would leave a whole cell
 * inside it unmarked. Those spells would have merged into one stretch at every think time, so
 * the one spell stands for them. `null` where a cell is unmarked (a pause may be there) or the
 * cells would outnumber the requests: the spells are then swept as sorted.
 */
export function oneBusySpell(o: ObservedRequests, gapUs: number): BusySpell | null {
  if (!(gapUs > 0 && gapUs < Infinity)) {
    return null
  }
  // The columns held in locals: a property read per request per column doubled the passes' time.
  const { queuedUs, queueUs, prefillUs, decodeUs } = o
  let m = 0
  let from = Infinity
  let to = -Infinity
  let lastArrival = -Infinity
  for (let i = 0; i < o.n; i++) {
    const at = queuedUs[i]!
    const d = queueUs[i]! + prefillUs[i]! + decodeUs[i]!
    // As `engineTimeUs`: known where the engine arrival is and the time is not negative.
    if (at === at && d >= 0) {
      m++
      from = Math.min(from, at)
      lastArrival = Math.max(lastArrival, at)
      to = Math.max(to, at + d)
    }
  }
  const cellUs = gapUs / SPELL_CELLS_PER_PAUSE
  const cells = Math.floor((to - from) / cellUs) + 1
  if (m === 0 || !(cells <= m)) {
    return null
  }
  // Marks as differences: +1 at a request's first cell, −1 past its last.
  const marks = new Int32Array(cells + 1)
  for (let i = 0; i < o.n; i++) {
    const at = queuedUs[i]!
    const d = queueUs[i]! + prefillUs[i]! + decodeUs[i]!
    if (at === at && d >= 0) {
      marks[Math.floor((at - from) / cellUs)]!++
      marks[Math.min(cells, Math.floor((at + d - from) / cellUs) + 1)]!--
    }
  }
  for (let c = 0, held = 0; c < cells; c++) {
    held += marks[c]!
    if (held === 0) {
      return null
    }
  }
  return { from, to, lastArrival, requests: m }
}

/** Busy spells joined where the idle spell between them is at most `gapUs`: a client's think. */
export function joinSpells(busy: readonly BusySpell[], gapUs: number): BusySpell[] {
  const groups: BusySpell[] = []
  for (const b of busy) {
    const last = groups[groups.length - 1]
    if (last !== undefined && b.from - last.to <= gapUs) {
      last.to = b.to
      last.lastArrival = b.lastArrival
      last.requests += b.requests
    } else {
      groups.push({ ...b })
    }
  }
  return groups
}

/**
 * A closed loop that paused (a nightly job, a load run twice, an outage before the gateway) or
 * changed its clients mid-window (ADR 0476). Read over the whole span, a pause's empty seconds
 * made the requests in flight swing (so the loop read as open, its rate smeared into the pause by
 * the minute's neighbours), or, when short beside the span, left one set of clients run through
 * it with a think time fitted over it.
 *
 * A pause is a spell with no request in the engine longer than `ln(100 n)` cycles of a client
 * (think plus the mean engine time): with U clients thinking for exponential times of mean T, a
 * spell with nobody in flight lasts past `k (T + D)` with probability under `e^-k`, so over the
 * window's n requests a loop that never paused is cut with odds under 1 %. The think time is
 * fitted over the stretches and the stretches read with it, from below (no think time: the most
 * cuts) until the cuts stop changing. Within each stretch, the clients change where the
 * requests in flight step ({@link loopSteps}). `null` when the loop ran as one set throughout,
 * which leaves the window read as before (`steady`).
 */
export function loopStretches(
  beside: LaneIntegrals,
  R: number,
  o: ObservedRequests,
  steady: { process: 'open' | 'closed'; closedUsers: number | null; thinkUs: number | null }
): {
  process: 'closed'
  closedUsers: number
  thinkUs: number
  stretches: LoopStretch[]
} | null {
  if (o.n < 2) {
    return null
  }
  let engineUs = 0
  for (let i = 0; i < o.n; i++) {
    engineUs += o.queueUs[i]! + o.prefillUs[i]! + o.decodeUs[i]!
  }
  engineUs /= o.n
  const k = Math.log(100 * o.n)
  const one = oneBusySpell(o, k * engineUs)
  const busy = one === null ? busySpells(o) : [one]
  // The requests in flight at each second from `lo` below `hi`, summed over the replicas, read
  // one lane at a time along its changes rather than searched for instant by instant.
  const inFlightEach = (lo: number, hi: number): Float64Array => {
    let count = 0
    for (let t = lo; t < hi; t += 1_000_000) {
      count++
    }
    const times = new Float64Array(count)
    for (let t = lo, j = 0; t < hi; t += 1_000_000) {
      times[j++] = t
    }
    const c = new Float64Array(count)
    const lane = new Float64Array(count)
    for (let r = 0; r < R; r++) {
      beside.densitiesAt(r * LANES + 3, times, lane)
      for (let j = 0; j < count; j++) {
        c[j] = c[j]! + lane[j]!
      }
    }
    return c
  }
  let cuts = ''
  let thinkUs = 0
  let read: ReturnType<typeof loopStretches> = null
  for (let round = 0; round < 32; round++) {
    const gapUs = k * (thinkUs + engineUs)
    const groups = joinSpells(busy, gapUs)
    const key = groups.map((g) => g.from).join(',')
    if (key === cuts) {
      // The think time read over these stretches cuts them where they were cut.
      return read
    }
    cuts = key
    if (groups.length === 1 && steady.process === 'closed') {
      // Whatever this one stretch reads, the window reads as the steady loop it already is.
      return null
    }
    // Each stretch read as the whole window is: once a second over its middle (warm-up and
    // drain left out), cut where its clients changed.
    const stretches: LoopStretch[] = []
    const all: number[] = []
    // The stretches too short to be read alone are read together: bursts of an open loop between
    // its silences must not pass as a loop for want of a test.
    const short: number[] = []
    for (const g of groups) {
      const lo = g.from + (g.to - g.from) * 0.1
      const hi = g.from + (g.to - g.from) * 0.9
      const c = inFlightEach(lo, hi)
      for (let j = 0; j < c.length; j++) {
        all.push(c[j]!)
      }
      if (c.length < LOOP_MIN_SAMPLES) {
        for (const v of inFlightEach(g.from, g.to)) {
          short.push(v)
        }
        // Its clients by Little's law: each sent once per cycle of think and engine time.
        const users = Math.max(
          1,
          Math.round((g.requests * (thinkUs + engineUs)) / Math.max(1, g.to - g.from))
        )
        stretches.push({ fromUs: g.from, toUs: g.lastArrival + 1, users })
        continue
      }
      const steps: { from: number; to: number }[] = []
      const prefix = new Float64Array(c.length + 1)
      const prefix2 = new Float64Array(c.length + 1)
      if (!loopSteps(c, 0, c.length, prefix, prefix2, steps)) {
        return null
      }
      steps.forEach((s, j) => {
        const part = c.slice(s.from, s.to).sort()
        stretches.push({
          fromUs: j === 0 ? g.from : lo + s.from * 1e6,
          // Just past the last arrival: a client sends no request at or after it.
          toUs: j === steps.length - 1 ? g.lastArrival + 1 : lo + s.to * 1e6,
          users: Math.max(1, Math.round(quantileSorted(part, 0.5))),
        })
      })
    }
    if (
      all.length < LOOP_MIN_SAMPLES ||
      (short.length >= LOOP_MIN_SAMPLES && !steadyCounts(short))
    ) {
      return null
    }
    if (stretches.length === 1) {
      // One set of clients throughout: as the whole window reads it.
      return null
    }
    // Every client of every stretch cycles through think and the engine: n = Σ users·len / (T + D).
    let clientUs = 0
    for (const s of stretches) {
      clientUs += s.users * (s.toUs - s.fromUs)
    }
    const next = Math.max(0, clientUs / o.n - engineUs)
    const users = Math.round(medianOfKnown(all))
    read = { process: 'closed', closedUsers: Math.max(1, users), thinkUs: next, stretches }
    if (groups.length === 1 || next <= thinkUs) {
      return read
    }
    thinkUs = next
  }
  return null
}

/**
 * A level of running requests counts only when held this long. The spans give durations, and an
 * engine's clock is rebuilt from them (observed.ts): a request that ended at a step and the one
 * admitted at that step overlap by a few hundred µs (≤ 0.24 ms on the simulator with its cap
 * binding, where such overlaps read one sequence past the cap); a step is milliseconds.
 */
const RUNNING_HOLD_US = 2_000

/**
 * The share of a replica's decode steps below the batch its step law counts as read
 * (ADR 0333). The trigger only decides whether the law's refits are asked; whether they run is
 * decided by their spread at the predicted batch (`LAW_STEP_FLOOR`). So reading it low costs a
 * few fits, and reading it at the peak, one instant, misses a window that touched a batch once:
 * the stand-in's seed 22 low phase peaked at 24 with 95 % of its steps at 3–12 sequences. The
 * top 5 % of the steps are too few to pin the slope past them against the noise of the rest.
 */
export const LAW_PINNED_SHARE = 0.95

/**
 * The most of `rows` running at once for {@link RUNNING_HOLD_US}, each from its scheduling to its
 * last token, and the batch at or below which {@link LAW_PINNED_SHARE} of the decode steps ran:
 * a level held `t` µs ran `t / step` steps, the step from the fitted law at that batch and the
 * rows' mean KV per sequence (held time alone where that step is not positive).
 */
export function spanRunning(
  o: ObservedRequests,
  rows: readonly number[],
  step: StepModel | null
): { runningPeakSpans: number; pinnedBatch: number } {
  const up = new Float64Array(rows.length)
  const down = new Float64Array(rows.length)
  let m = 0
  let kv = 0
  for (const i of rows) {
    const sched = o.queuedUs[i]! + o.queueUs[i]!
    const end = sched + o.prefillUs[i]! + o.decodeUs[i]!
    if (sched === sched && end === end) {
      up[m] = sched
      down[m++] = end
    }
    kv += o.promptTokens[i]! + o.outputTokens[i]! / 2
  }
  kv /= Math.max(1, rows.length)
  // Starts and ends sorted apart and merged as they are walked: no (time, ±1) pair, no merged
  // copy (ADR 0528). An end at the same instant as a start frees its slot first.
  const ups = up.subarray(0, m).sort()
  const downs = down.subarray(0, m).sort()
  const endNext = (u: number, d: number): boolean => d < m && (u >= m || downs[d]! <= ups[u]!)
  const count = 2 * m
  let running = 0
  let peak = 0
  const steps: number[] = []
  for (let k = 0, u = 0, d = 0; k < count; k++) {
    const end = endNext(u, d)
    const t = end ? downs[d++]! : ups[u++]!
    running += end ? -1 : 1
    const held = k + 1 < count ? (endNext(u, d) ? downs[d]! : ups[u]!) - t : 0
    if (held >= RUNNING_HOLD_US) {
      peak = Math.max(peak, running)
    }
    if (running > 0 && held > 0) {
      const us =
        step === null
          ? NaN
          : step.decodeBaseUs + running * (step.perDecodeSeqUs + step.perKvTokenUs * kv)
      steps[running] = (steps[running] ?? 0) + (us > 0 ? held / us : held)
    }
  }
  return runningFigures(steps, peak)
}

/**
 * The running peak and the pinned batch from `steps` (the decode steps spent at each running
 * count): the least batch below which {@link LAW_PINNED_SHARE} of the steps ran, at most the peak.
 */
export function runningFigures(
  steps: readonly (number | undefined)[],
  peak: number
): { runningPeakSpans: number; pinnedBatch: number } {
  const total = steps.reduce((a: number, x) => a + (x ?? 0), 0)
  let pinned = 0
  let below = 0
  for (let b = 1; b < steps.length && below < LAW_PINNED_SHARE * total; b++) {
    below += steps[b] ?? 0
    pinned = b
  }
  return { runningPeakSpans: peak, pinnedBatch: Math.min(pinned, peak) }
}

/** The most of `rows` running at once for {@link RUNNING_HOLD_US}. */
function spanRunningPeak(o: ObservedRequests, rows: readonly number[]): number {
  return spanRunning(o, rows, null).runningPeakSpans
}

function maxNumSeqsOf(
  m: ReplicaMetrics | undefined,
  o: ObservedRequests,
  rows: readonly number[],
  inferred: CapInference
): Sourced<number | null> {
  if (m?.maxNumSeqs != null) {
    return { value: m.maxNumSeqs.value, source: `${m.maxNumSeqs.metric} (the engine's own cap)` }
  }
  const running = m?.running ?? null
  if (running === null || running.length === 0) {
    return {
      value: ASSUMED_MAX_NUM_SEQS,
      source: 'assumed: vLLM default (no running-requests metric)',
    }
  }
  const peak = inferred.evidence.runningPeak ?? 0
  const unknown = (why: string): Sourced<number | null> => ({
    value: Math.max(peak, ASSUMED_MAX_NUM_SEQS),
    source: `assumed: vLLM default (${why})`,
  })
  const cap = inferred.value
  if (cap === null) {
    return unknown(inferred.reason)
  }
  // The spans, where the window has them, must agree: they see every instant where a scrape
  // sees its own, so a replica they show running more than the cap was not capped there; and a
  // request that waits only for the step in flight leaves at its end whatever the cap, so one
  // must still be waiting at a step boundary while the cap ran (ADR 0293).
  const spanPeak = spanRunningPeak(o, rows)
  if (spanPeak > cap) {
    return unknown(`requests waited with ${cap} running, yet the spans ran ${spanPeak} at once`)
  }
  if (!heldPastAStepAt(o, rows, cap)) {
    return unknown(
      `requests waited with ${cap} running on the gauges, yet in the spans none was still waiting when a step began with ${cap} running`
    )
  }
  return {
    value: cap,
    source: `observed cap: ${inferred.reason} (ADR 0315)`,
  }
}

/**
 * Whether a request of `rows` was still waiting when a step began with at least `level`
 * sequences running. Every first and last token ends a step, so those instants are step
 * boundaries; a request that waited across one was held back (by the cap, the KV cache or the
 * token budget), not just waiting for the step in flight.
 *
 * ```
 * request i  queued ──────────────────────── scheduled
 * steps      ──┤ step ├─ step ─┤ step ├──────┤
 *                 ▲ boundary inside the wait, with `level` running: held back
 * ```
 */
function heldPastAStepAt(o: ObservedRequests, rows: readonly number[], level: number): boolean {
  const scheds: number[] = []
  const ends: number[] = []
  const bounds: number[] = []
  for (const i of rows) {
    const sched = o.queuedUs[i]! + o.queueUs[i]!
    const first = sched + o.prefillUs[i]!
    const end = first + o.decodeUs[i]!
    if (sched === sched && end === end) {
      scheds.push(sched)
      ends.push(end)
      bounds.push(first, end)
    }
  }
  const up = (a: number, b: number): number => a - b
  scheds.sort(up)
  ends.sort(up)
  bounds.sort(up)
  // The clock is rebuilt from durations (observed.ts): instants within RUNNING_HOLD_US are one.
  // At a boundary the sequences that ended there have left and those admitted there count.
  const nextAtLevel = new Int32Array(bounds.length + 1).fill(-1)
  for (let k = bounds.length - 1; k >= 0; k--) {
    const b = bounds[k]! + RUNNING_HOLD_US
    const runningAt = countBelow(scheds, b) - countBelow(ends, b)
    nextAtLevel[k] = runningAt >= level ? k : nextAtLevel[k + 1]!
  }
  for (const i of rows) {
    const from = o.queuedUs[i]! + RUNNING_HOLD_US
    const to = o.queuedUs[i]! + o.queueUs[i]! - RUNNING_HOLD_US
    if (!(to > from)) {
      continue
    }
    const k = nextAtLevel[countBelow(bounds, from)]!
    if (k >= 0 && bounds[k]! < to) {
      return true
    }
  }
  return false
}

/**
 * KV tokens the replica's requests held at each of `times` (sorted, epoch µs): a request holds
 * its prompt from the step that scheduled it, and its output grows one token a step from its
 * first token to its end. Read at the scrape instants themselves, not from the step law's lanes:
 * they start a request's KV at its first token and average its output over the request, and at
 * the KV edge a capacity 1 % off is the difference between a queue that drains and one that grows.
 */
function kvHeldAt(
  o: ObservedRequests,
  rows: readonly number[],
  times: readonly number[]
): Float64Array {
  const held = new Float64Array(times.length)
  for (const i of rows) {
    const sched = o.queuedUs[i]! + o.queueUs[i]!
    const first = sched + o.prefillUs[i]!
    const end = first + o.decodeUs[i]!
    const lo = countBelow(times, sched)
    const out = o.outputTokens[i]!
    for (let k = lo; k < times.length && times[k]! < end; k++) {
      const t = times[k]!
      held[k] =
        held[k]! +
        o.promptTokens[i]! +
        (t >= first && end > first ? (out * (t - first)) / (end - first) : 0)
    }
  }
  return held
}

/**
 * The share of the KV cache the replica's longest prompt takes: a request waits for the KV pool
 * while fewer blocks than its prompt's are free. `null` with the cache's size unknown.
 */
function kvNeededShare(
  o: ObservedRequests,
  rows: readonly number[],
  capacity: number | null
): number | null {
  if (capacity === null || !(capacity > 0)) {
    return null
  }
  let longest = 0
  for (const i of rows) {
    const p = o.promptTokens[i]!
    longest = p > longest ? p : longest
  }
  return Math.min(1, longest / capacity)
}

function kvCapacityOf(
  m: ReplicaMetrics | undefined,
  o: ObservedRequests,
  rows: readonly number[]
): Sourced<number | null> {
  if (m?.cacheConfig != null) {
    return {
      value: m.cacheConfig.numGpuBlocks * m.cacheConfig.blockSize,
      source: 'vllm:cache_config_info (num_gpu_blocks × block_size)',
    }
  }
  if (m?.kvTokens != null) {
    return { value: m.kvTokens.value, source: `${m.kvTokens.metric} (the engine's KV pool)` }
  }
  const usage = (m?.kvUsage ?? []).filter((p) => p.value >= 0.05)
  const held = kvHeldAt(
    o,
    rows,
    usage.map((p) => p.timeUs)
  )
  const ratios: number[] = []
  usage.forEach((p, k) => {
    if (held[k]! > 0) {
      ratios.push(held[k]! / p.value)
    }
  })
  if (ratios.length >= 3) {
    return {
      value: Math.round(medianOfKnown(ratios)),
      source: `fitted: KV tokens the requests held ÷ kv_cache_usage_perc (${ratios.length} scrapes)`,
    }
  }
  return {
    value: null,
    source: 'unknown: no cache_config_info and KV usage under 5 %; KV capacity not modelled',
  }
}
