/**
 * Runs the fitted twin: draws jobs from the window's own requests (per minute, so the mix and the
 * rate keep their shape over time), runs them through the cluster, and summarises P50/P95/P99 of
 * TTFT, TPOT, E2E and queue time with the range over repeated seeded runs. The same path, with no
 * change, replays the window for the fit check.
 */
import { createRng, type Rng } from '../../core/stats/seeded-random.js'
import { quantileSorted, rankIndex, selectRanks } from '../../core/stats/quantile.js'
import { sortByKey } from '../../core/stats/sorted.js'
import { FRESH, RunScratch, runTwin, type TwinJobs, type TwinRunResult } from './engine.js'
import type { JobPlan } from './changes.js'
import type { TwinFit } from './fit.js'
import type { StepModel, TwinCluster } from './engine.js'
import {
  LAW_REFITS,
  LAW_REFIT_MAX_JOBS,
  LAW_SLICE_JOBS,
  LAW_STEP_FLOOR,
  blockLength,
  lawHalfWidth,
  refitStepModels,
  stepHalfWidth,
  widenByLaw,
} from './law-bootstrap.js'
import { ownSample, sampleEnds, type SamplingSummary, type WindowSample } from './sampling.js'
import { engineEntryUs } from './queue-clock.js'

export const MEASURES = ['ttft', 'tpot', 'e2e', 'queue'] as const
export type TwinMeasure = (typeof MEASURES)[number]
export const QUANTILES = [
  ['p50', 0.5],
  ['p95', 0.95],
  ['p99', 0.99],
] as const
type Q = (typeof QUANTILES)[number][0]

/** One percentile, ms, with the range over the seeded runs. */
export interface Estimate {
  value: number | null
  interval: [number, number] | null
}

export type Percentiles = Record<Q, Estimate>

export interface Prediction {
  runs: number
  requests: number
  measures: Record<TwinMeasure, Percentiles>
  replicas: {
    name: string
    utilization: Estimate
    kvPeakShare: number | null
    /** Recompute preemptions per minute of the window (the KV cache ran full); null when the
     * replica's KV capacity is not modelled. */
    preemptionsPerMinute: Estimate
    /** The most sequences the replica ran at once. */
    runningPeak: Estimate
  }[]
  /**
   * Whether the engine queue kept growing through the window (ADR 0206): queue P50 (ms) of the
   * requests arriving in each quarter of the window, and how many runs grew (`growing`).
   */
  saturation: { growing: number; queueP50ByQuarter: Estimate[] }
  /**
   * How the window's own sampling uncertainty widened the intervals (ADR 0236); `null` when the
   * prediction was asked for the twin's randomness alone (the fit check, the sweep).
   */
  sampling: SamplingSummary | null
  /**
   * How far the prediction runs the step law past the batches it was read from, and whether its
   * refits on resamples of the window widened the intervals (ADR 0326); `null` when not asked
   * (the fit check, the sweep).
   */
  stepLawReach: StepLawReach | null
}

/**
 * The batches the step law was read from against those the prediction runs (ADR 0326). A
 * replica's law is read up to the batch below which most of its decode steps ran in the window
 * (ADR 0333); a replica the change added is read like the replicas it copies, up to their largest.
 */
export interface StepLawReach {
  replicas: { name: string; windowPeak: number; pinnedBatch: number; predictedPeak: number }[]
  /**
   * The law is read up to a batch of `readUpTo`, the batch at or below which `LAW_PINNED_SHARE`
   * of the window's decode steps ran (ADR 0333); the window touched `windowPeak` at its most;
   * the prediction runs batches up to `runsUpTo`.
   */
  readUpTo: number
  windowPeak: number
  runsUpTo: number
  /** Whether any replica ran more sequences at once in a seeded run than its law is read up to. */
  extrapolates: boolean
  /**
   * The 90 % half-width of the decode step at `runsUpTo` over the law's refits, as a share of the
   * fitted step (the widest replica); `null` when no refit was made.
   */
  stepUncertainty: number | null
  /**
   * Whether a run drew more than `LAW_REFIT_MAX_JOBS` jobs, so the refits were not run on the
   * whole window (the time goal on large windows).
   */
  tooLargeToRun: boolean
  /**
   * Where the window was too large, the stretch of it (µs from its start) each refit ran on,
   * paired with a run of the fitted law on the same stretch and seed, and the most jobs such a run
   * drew (ADR 0333); `null` otherwise (a closed loop's window too large runs no refit).
   */
  slice: { fromUs: number; toUs: number; jobs: number } | null
  /**
   * Refits of the step law run (0 when the prediction stays inside the window's batches, when
   * the step there is known within `LAW_STEP_FLOOR`, or when a closed loop's window is too large
   * to run them).
   */
  refits: number
  /** Requests per bootstrap block of the refits; `null` with no refit. */
  blockRequests: number | null
  /** Refitted runs whose queue grew through the window. */
  growing: number
}

/**
 * What `predict` needs to run the prediction under refitted step laws: the same change on the
 * cluster whose replicas run `steps` (one per fitted replica, in the fit's order).
 */
export interface LawRefits {
  clusterOf: (steps: StepModel[]) => TwinCluster | null
}

/**
 * A queue that grows from the first quarter of the window to the last, by more than a second
 * and more than twice its first value: arrivals outrun the cluster, and every percentile then
 * depends on how long the window is, not on a steady state.
 */
export function queueGrows(byQuarter: readonly number[]): boolean {
  const first = byQuarter[0]!
  const last = byQuarter[byQuarter.length - 1]!
  return first === first && last === last && last - first > Math.max(1000, 2 * first)
}

/**
 * Queue P50 (ms) of the requests that arrived in each quarter of the time they arrived over,
 * from the first arrival to the last inside `[0, windowUs)`. Not the window's quarters: a window
 * asked for past its data has no arrivals at its end, and its last quarter would say nothing
 * about whether the queue grew (ADR 0248).
 */
export function queueByQuarter(
  arriveUs: ArrayLike<number>,
  queueUs: ArrayLike<number>,
  windowUs: number,
  scratch: RunScratch = FRESH
): number[] {
  let from = Infinity
  let to = -Infinity
  for (let k = 0; k < arriveUs.length; k++) {
    const a = arriveUs[k]!
    if (a === a && queueUs[k]! === queueUs[k]! && a >= 0 && a < windowUs) {
      from = Math.min(from, a)
      to = Math.max(to, a)
    }
  }
  const span = Math.max(1, to - from)
  // Each value's quarter, then the values laid out quarter by quarter in their order, typed: a
  // run's 1.5M values pushed into four plain arrays were a tenth of the figures' cost.
  const part = scratch.int32Of(arriveUs.length, -1)
  const counts = [0, 0, 0, 0]
  for (let k = 0; k < arriveUs.length; k++) {
    const a = arriveUs[k]!
    const q = queueUs[k]!
    if (a === a && q === q && a >= 0 && a < windowUs) {
      const p = Math.min(3, Math.floor(((a - from) / span) * 4))
      part[k] = p
      counts[p]!++
    }
  }
  const starts = [0, counts[0]!, counts[0]! + counts[1]!, counts[0]! + counts[1]! + counts[2]!]
  const values = scratch.float64Written(starts[3]! + counts[3]!)
  const at = starts.slice()
  for (let k = 0; k < arriveUs.length; k++) {
    const p = part[k]!
    if (p >= 0) {
      values[at[p]!++] = queueUs[k]!
    }
  }
  return counts.map((c, p) => {
    const mid = rankIndex(c, 0.5)
    return c === 0
      ? NaN
      : selectRanks(values.subarray(starts[p]!, starts[p]! + c), [mid]).get(mid)! / 1000
  })
}

/** The observed window's own percentiles (ms; `null` when no request has the measure). */
export function observedPercentiles(fit: TwinFit): Record<TwinMeasure, Record<Q, number | null>> {
  const o = fit.observed
  const cols: Record<TwinMeasure, ArrayLike<number>> = {
    ttft: o.ttftUs,
    tpot: o.tpotUs,
    e2e: o.e2eUs,
    queue: o.queueUs,
  }
  const out = {} as Record<TwinMeasure, Record<Q, number | null>>
  for (const m of MEASURES) {
    const col = cols[m]
    let count = 0
    for (let i = 0; i < col.length; i++) {
      count += col[i] === col[i] ? 1 : 0
    }
    const values = new Float64Array(count)
    for (let i = 0, k = 0; i < col.length; i++) {
      if (col[i] === col[i]) {
        values[k++] = col[i]!
      }
    }
    // Selected, not sorted: only these three ranks are read (1M values a column on a 1M window).
    const at = atQuantiles(values)
    out[m] = {} as Record<Q, number | null>
    for (const [name, q] of QUANTILES) {
      out[m][name] = values.length > 0 ? at.get(q)! / 1000 : null
    }
  }
  return out
}

/** Request rows by rate bin (start time), for drawing a bin's mix. */
function rowsByBin(fit: TwinFit): number[][] {
  const m = fit.model
  const bins: number[][] = m.arrival.ratePerSec.map(() => [])
  const o = fit.observed
  for (let i = 0; i < o.n; i++) {
    const b = Math.min(
      bins.length - 1,
      Math.max(0, Math.floor((o.startUs[i]! - m.window.fromUs) / m.arrival.binUs))
    )
    bins[b]!.push(i)
  }
  return bins
}

/** Bins on each side a bin's mix is drawn from when its rate did not move (as the rate's). */
const MIX_NEIGHBOURS = 5

/**
 * When a closed loop's clients sent, µs from the window's start: its first request's engine
 * arrival to its last. A window asked wider than the traffic (scrapes before the load, an idle
 * tail) holds minutes no client sent in; clients run from the start of the window would send
 * through them, and the replay would draw more requests than the window had and keep its
 * replicas busier than they were (the real stack: 758 jobs against 521). As the open loop's rate
 * is none outside the data (ADR 0248), the loop runs only where the data shows it.
 */
const loopSpans = new WeakMap<TwinFit, { fromUs: number; toUs: number }>()
export function closedLoopSpan(fit: TwinFit): { fromUs: number; toUs: number } {
  let span = loopSpans.get(fit)
  if (span === undefined) {
    const o = fit.observed
    const windowUs = fit.model.window.toUs - fit.model.window.fromUs
    let first = Infinity
    let last = -Infinity
    for (let i = 0; i < o.n; i++) {
      const at = o.queuedUs[i]! - fit.model.window.fromUs
      first = Math.min(first, at)
      last = Math.max(last, at)
    }
    // Just past the last arrival: the loop's "no job starts after" is strict.
    span =
      first <= last
        ? { fromUs: Math.max(0, first), toUs: Math.min(windowUs, last + 1) }
        : { fromUs: 0, toUs: windowUs }
    loopSpans.set(fit, span)
  }
  return span
}

/**
 * Where a closed loop paused or changed its clients (ADR 0476), µs from the window's start, each
 * stretch's clients scaled as the plan scales the loop (`--load`), or the plan's own in each
 * (`--concurrency`); `null` when the loop ran as one set of clients, or the window is an open
 * loop the plan closes.
 */
export function closedLoopStretches(
  fit: TwinFit,
  plan: JobPlan
): { fromUs: number; untilUs: number; users: number }[] | null {
  const a = fit.model.arrival
  if (plan.closed === null || a.stretches === undefined) {
    return null
  }
  const scale = plan.closed.scale ?? 1
  const from = fit.model.window.fromUs
  const windowUs = fit.model.window.toUs - from
  // `--concurrency N` asks N clients: in every stretch, still none in a pause.
  return a.stretches.map((s) => ({
    fromUs: Math.max(0, s.fromUs - from),
    untilUs: Math.min(windowUs, s.toUs - from),
    users:
      plan.closed!.level === true ? plan.closed!.users : Math.max(1, Math.round(s.users * scale)),
  }))
}

/** The jobs a closed loop draws: enough for every client to keep sending while the window's
 * clients sent, at the observed pace. */
function closedCount(fit: TwinFit, plan: JobPlan): number {
  const o = fit.observed
  const span = closedLoopSpan(fit)
  const stretches = closedLoopStretches(fit, plan)
  // Client-time over users: the span a loop of `users` clients would fill with the same sends.
  const windowUs =
    stretches === null
      ? span.toUs - span.fromUs
      : stretches.reduce((t, s) => t + s.users * (s.untilUs - s.fromUs), 0) / plan.closed!.users
  let engineUs = 0
  for (let i = 0; i < o.n; i++) {
    engineUs += o.queueUs[i]! + o.prefillUs[i]! + o.decodeUs[i]!
  }
  engineUs = Math.max(1_000, engineUs / Math.max(1, o.n))
  return Math.min(
    2_000_000,
    Math.max(4 * o.n, Math.ceil((2 * plan.closed!.users * windowUs) / engineUs))
  )
}

/** The arrivals an open loop draws on average (its count is Poisson around it). */
function openCount(
  fit: TwinFit,
  plan: JobPlan,
  sample: WindowSample,
  slice: RunSlice | null
): number {
  const binUs = fit.model.arrival.binUs
  const windowUs = fit.model.window.toUs - fit.model.window.fromUs
  let total = 0
  for (let b = 0; b < sample.bins.length; b++) {
    const rate = sample.ratePerSec[b]! * plan.rateMultiplier
    const from = Math.max(b * binUs, slice?.fromUs ?? 0)
    const to = Math.min(windowUs, (b + 1) * binUs, slice?.toUs ?? windowUs)
    if (rate > 0 && to > from) {
      total += (rate * (to - from)) / 1e6
    }
  }
  return total
}

/**
 * An open loop's draw kept for another run that draws the same jobs: each job's row and the
 * instant drawn for it (µs from the window's start), in engine arrival order. Its arrival and
 * routing instants are those plus the row's own offsets, the same sums the draw made.
 */
interface KeptDraw {
  source: Int32Array
  t: Float64Array
}

/**
 * Draws kept by fit, plan and sample, then by seed and slice. A prediction whose cap is unknown
 * runs its change at both ends of the cap with the same plan, seeds, resamples and slice
 * (ADR 0262), and a run's draw reads none of the cluster: the second end takes the first one's
 * jobs instead of drawing them again (ADR 0489). Held weakly by the plan, and released by
 * {@link releaseKeptDraws} once both ends have run.
 */
const keptDraws = new WeakMap<
  TwinFit,
  WeakMap<JobPlan, WeakMap<WindowSample, Map<string, KeptDraw>>>
>()
function keptDrawsOf(fit: TwinFit, plan: JobPlan, sample: WindowSample): Map<string, KeptDraw> {
  let byPlan = keptDraws.get(fit)
  if (byPlan === undefined) {
    byPlan = new WeakMap()
    keptDraws.set(fit, byPlan)
  }
  let bySample = byPlan.get(plan)
  if (bySample === undefined) {
    bySample = new WeakMap()
    byPlan.set(plan, bySample)
  }
  let kept = bySample.get(sample)
  if (kept === undefined) {
    kept = new Map()
    bySample.set(sample, kept)
  }
  return kept
}

/** Drops the draws kept for `plan`'s runs on `fit` (about 12 bytes a job). */
export function releaseKeptDraws(fit: TwinFit, plan: JobPlan): void {
  keptDraws.get(fit)?.delete(plan)
}

interface DrawnJobs {
  jobs: TwinJobs
  /** The observed row each job copies. */
  source: Int32Array
}

function drawJobs(
  fit: TwinFit,
  plan: JobPlan,
  rng: Rng,
  sample: WindowSample,
  slice: RunSlice | null = null,
  scratch: RunScratch = FRESH,
  /** Where this draw is kept for, or taken from, other runs of the same jobs, by `key`. */
  kept: Map<string, KeptDraw> | null = null,
  key = ''
): DrawnJobs {
  const m = fit.model
  const o = fit.observed
  const bins = sample.bins
  const windowUs = m.window.toUs - m.window.fromUs
  // Typed arrays sized to the draws expected, grown by doubling past that: a run draws 1.5M
  // jobs on the scale bench's hour.
  const expected =
    plan.closed !== null ? closedCount(fit, plan) : openCount(fit, plan, sample, slice)
  const capacity = Math.ceil(expected + 6 * Math.sqrt(expected)) + 1024
  // Written up to `drawn` before any is read, so taken unwritten (ADR 0523).
  let arrive = scratch.float64Written(capacity)
  let source = scratch.int32Written(capacity)
  // When each open-loop job reaches the gateway: the router chooses then, before the gateway's
  // stages and the engine's frontend, so the jobs on their way count in no replica's load
  // (ADR 0456).
  let start = scratch.float64Written(capacity)
  // The instant each job was drawn at, only where the draw is kept.
  let at0 = kept === null ? null : scratch.float64Written(capacity)
  let drawn = 0
  const add = (i: number, t: number, at = t, drawnAt = t): void => {
    if (drawn === source.length) {
      const a = new Float64Array(drawn * 2)
      const s = new Int32Array(drawn * 2)
      const st = new Float64Array(drawn * 2)
      a.set(arrive)
      s.set(source)
      st.set(start)
      arrive = a
      source = s
      start = st
      if (at0 !== null) {
        const d = new Float64Array(drawn * 2)
        d.set(at0)
        at0 = d
      }
    }
    arrive[drawn] = t
    start[drawn] = at
    if (at0 !== null) {
      at0[drawn] = drawnAt
    }
    source[drawn++] = i
  }
  // An open loop's jobs in engine arrival order, typed (1.5M a run on the scale bench's hour).
  let sortedArrive: Float64Array | null = null
  let sortedSource: Int32Array | null = null
  let sortedRoute: Float64Array | null = null
  // Requests rebuilt without a gateway instant (a run of the twin's own engine, which routes at
  // the queue) keep the router at the queue.
  const routed = o.routedUs

  const tenantCount = new Map<number, number>()
  // A bin's mix is its own rows only as far as its rate really moved (`binKeep`, ADR 0204);
  // otherwise the rows of its ±5 neighbours. Drawn from its own rows alone, a minute that
  // happened to hold a few long requests holds twice as many at 2x, and the twin's work per
  // minute swings three times as much as the real one (the same double count as the rate's).
  // The rows of each bin's neighbourhood, counted once a run rather than once a job.
  const around = new Float64Array(bins.length)
  for (let b = 0; b < bins.length; b++) {
    const lo = Math.max(0, b - MIX_NEIGHBOURS)
    const hi = Math.min(bins.length - 1, b + MIX_NEIGHBOURS)
    let total = 0
    for (let k = lo; k <= hi; k++) {
      total += bins[k]!.length
    }
    around[b] = total
  }
  const pick = (b: number): number => {
    const keep = sample.keep[b] ?? 1
    if (keep < 1 && rng.next() >= keep) {
      const lo = Math.max(0, b - MIX_NEIGHBOURS)
      const hi = Math.min(bins.length - 1, b + MIX_NEIGHBOURS)
      let x = Math.floor(rng.next() * around[b]!)
      for (let k = lo; k <= hi; k++) {
        if (x < bins[k]!.length) {
          return bins[k]![x]!
        }
        x -= bins[k]!.length
      }
    }
    const rows = bins[b]!.length > 0 ? bins[b]! : bins.find((x) => x.length > 0)!
    return rows[Math.floor(rng.next() * rows.length)]!
  }
  if (plan.closed !== null) {
    // A closed loop's clients send at a steady pace: a job's bin is drawn in proportion to the
    // requests each bin held. Drawn uniformly over the window's bins, a bin the data does not
    // reach (the scrapes before a load) gave its draws to the first bin with rows, the load's
    // first minute, twice the weight it had on the recorded real stack.
    const upTo = new Float64Array(bins.length)
    let rows = 0
    for (let b = 0; b < bins.length; b++) {
      rows += bins[b]!.length
      upTo[b] = rows
    }
    for (let k = 0; k < expected; k++) {
      const x = rng.next() * rows
      let lo = 0
      let hi = bins.length - 1
      while (lo < hi) {
        const mid = (lo + hi) >>> 1
        if (upTo[mid]! > x) {
          hi = mid
        } else {
          lo = mid + 1
        }
      }
      add(pick(lo), 0)
    }
  } else if (kept?.has(key) === true) {
    const k0 = kept.get(key)!
    const n = k0.source.length
    sortedSource = k0.source
    sortedArrive = scratch.float64Written(n)
    sortedRoute = scratch.float64Written(n)
    for (let k = 0; k < n; k++) {
      // The sums the draw made: the instant drawn plus the copied request's own offsets.
      const i = k0.source[k]!
      const t = k0.t[k]!
      const queued = t + (o.queuedUs[i]! - o.startUs[i]!)
      sortedArrive[k] = queued
      sortedRoute[k] = routed === undefined ? queued : t + (routed[i]! - o.startUs[i]!)
    }
  } else {
    for (let b = 0; b < bins.length; b++) {
      const rate = sample.ratePerSec[b]! * plan.rateMultiplier
      if (!(rate > 0)) {
        continue
      }
      const from = Math.max(b * m.arrival.binUs, slice?.fromUs ?? 0)
      const to = Math.min(windowUs, (b + 1) * m.arrival.binUs, slice?.toUs ?? windowUs)
      if (!(to > from)) {
        continue
      }
      tenantCount.clear()
      for (let t = from + rng.exp(1e6 / rate); t < to; t += rng.exp(1e6 / rate)) {
        const i = pick(b)
        if (plan.tenantCap !== null && o.tenant[i] === plan.tenantCap.tenant) {
          const c = (tenantCount.get(b) ?? 0) + 1
          tenantCount.set(b, c)
          // Keep the tenant at its median count per bin; the base rate counted it at its burst.
          if (c > plan.tenantCap.perBin * plan.rateMultiplier) {
            continue
          }
        }
        const queued = t + (o.queuedUs[i]! - o.startUs[i]!)
        add(i, queued, routed === undefined ? queued : t + (routed[i]! - o.startUs[i]!), t)
      }
    }
    // Engine arrival = start + pre-engine time, which can reorder neighbours slightly.
    const order = scratch.int32Written(drawn)
    for (let k = 0; k < drawn; k++) {
      order[k] = k
    }
    sortByKey(order, arrive)
    sortedArrive = scratch.float64Written(drawn)
    sortedSource = scratch.int32Written(drawn)
    sortedRoute = scratch.float64Written(drawn)
    for (let k = 0; k < drawn; k++) {
      sortedArrive[k] = arrive[order[k]!]!
      sortedSource[k] = source[order[k]!]!
      sortedRoute[k] = start[order[k]!]!
    }
    if (kept !== null) {
      const t = new Float64Array(drawn)
      for (let k = 0; k < drawn; k++) {
        t[k] = at0![order[k]!]!
      }
      kept.set(key, { source: sortedSource.slice(), t })
    }
  }
  const jobArrive = sortedArrive ?? arrive.subarray(0, drawn)
  const jobSource = sortedSource ?? source.subarray(0, drawn)
  const n = jobSource.length
  const prompt = scratch.float64Written(n)
  const cached = scratch.float64Written(n)
  const output = scratch.float64Written(n)
  for (let k = 0; k < n; k++) {
    const i = jobSource[k]!
    const p = Math.min(o.promptTokens[i]!, plan.promptCap)
    prompt[k] = p
    cached[k] = Math.min(fit.cached[i]!, p - 1)
    output[k] = Math.max(1, Math.min(o.outputTokens[i]!, plan.outputCap))
  }
  return {
    jobs: {
      n,
      arriveUs: jobArrive,
      prompt,
      cached,
      output,
      replica: scratch.int32Of(n, -1),
      ...(sortedRoute === null || routed === undefined ? {} : { routeUs: sortedRoute }),
    },
    source: jobSource,
  }
}

/**
 * Arrivals drawn only over `[fromUs, toUs)` of the window (µs from its start): the refits' runs
 * on a window too large to run them whole (ADR 0333).
 */
export interface RunSlice {
  fromUs: number
  toUs: number
}

/** What one seeded run returns; placed by its task's index, never by when it finished. */
export interface RunFigures {
  /** Each measure's values at the nearest rank of each of {@link QUANTILES}, µs. */
  percentiles: Record<TwinMeasure, Map<number, number>>
  utilization: number[]
  kvPeak: number[]
  preemptionsPerMinute: number[]
  runningPeak: number[]
  requests: number
  queueByQuarter: number[]
}

/** One seeded run with its jobs and the engine's own record (for benches that look inside). */
export function runDetailed(
  fit: TwinFit,
  cluster: TwinCluster,
  plan: JobPlan,
  seed: number,
  sample: WindowSample = ownSampleOf(fit),
  slice: RunSlice | null = null,
  /** Where the run's arrays come from: new ones unless the caller reads them before the next run. */
  scratch: RunScratch = FRESH,
  /** Keep the draw for, or take it from, another run of the same fit, plan, sample, seed, slice. */
  share = false
): DrawnJobs & { res: TwinRunResult } {
  const rng = createRng(seed)
  // The fork is made even where a kept draw is taken: it moves the run's own stream.
  const jobsRng = rng.fork('jobs')
  const kept = share && plan.closed === null ? keptDrawsOf(fit, plan, sample) : null
  const key = `${seed} ${slice?.fromUs ?? ''} ${slice?.toUs ?? ''}`
  const drawn = drawJobs(fit, plan, jobsRng, sample, slice, scratch, kept, key)
  const loop = plan.closed === null ? null : closedLoopSpan(fit)
  const res = runTwin(
    cluster,
    drawn.jobs,
    rng.fork('run'),
    plan.closed === null || loop === null
      ? null
      : { ...plan.closed, fromUs: loop.fromUs, untilUs: loop.toUs, ...loopStretchesOf(fit, plan) },
    true,
    scratch
  )
  return { ...drawn, res }
}

/**
 * The arrays of the runs on this thread, reused from one run to the next: held weakly, so they
 * last through a batch run in one go and are collected once the runs are done and memory is
 * wanted (a 1.5M-job run's arrays are ~400 MB).
 */
let scratchRef: WeakRef<RunScratch> | null = null
/**
 * The scratch held strongly while a run pool's batches go on: their runs come one event-loop
 * turn at a time (a worker's task, this thread's turn between replies), and a weak hold let a
 * collection between turns drop the buffers, so a run on the pool wrote its ~400 MB afresh.
 */
let scratchHeld: RunScratch | null = null
function runScratch(): RunScratch {
  let scratch = scratchHeld ?? scratchRef?.deref()
  if (scratch === undefined) {
    scratch = new RunScratch()
    scratchRef = new WeakRef(scratch)
  }
  if (holds > 0) {
    scratchHeld = scratch
  }
  scratch.reset()
  return scratch
}
let holds = 0

/**
 * Keeps this thread's run scratch from one run to the next across event-loop turns until the
 * returned release is called (the pool's batches, a worker's life); nothing else changes.
 */
export function holdRunScratch(): () => void {
  holds++
  let released = false
  return () => {
    if (!released) {
      released = true
      holds--
      if (holds === 0) {
        scratchHeld = null
      }
    }
  }
}

/** Bytes of buffers this thread's run scratch has made (0 with none), for benches and tests. */
export function runScratchFreshBytes(): number {
  return (scratchHeld ?? scratchRef?.deref())?.freshBytes ?? 0
}

/** The plan's stretches as the engine takes them: none when the loop ran as one set. */
function loopStretchesOf(
  fit: TwinFit,
  plan: JobPlan
): { stretches?: { fromUs: number; untilUs: number; users: number }[] } {
  const stretches = closedLoopStretches(fit, plan)
  return stretches === null ? {} : { stretches }
}

export function runOnce(
  fit: TwinFit,
  cluster: TwinCluster,
  plan: JobPlan,
  seed: number,
  sample: WindowSample,
  slice: RunSlice | null = null,
  share = false,
  /** This thread's run scratch unless given (the tests' poisoned one). */
  given: RunScratch | null = null
): RunFigures {
  // Nothing of the run's arrays outlives this call: only figures are returned.
  const scratch = given ?? runScratch()
  given?.reset()
  const { jobs, source, res } = runDetailed(fit, cluster, plan, seed, sample, slice, scratch, share)
  const o = fit.observed
  const windowUs = fit.model.window.toUs - fit.model.window.fromUs
  // Filled in place, not pushed: 1.5M jobs a run on the scale bench's hour.
  // Each read only up to where it was filled (`ended`, `paced`), so taken unwritten.
  const ttftAll = scratch.float64Written(res.ran)
  const tpotAll = scratch.float64Written(res.ran)
  const e2eAll = scratch.float64Written(res.ran)
  const queueAll = scratch.float64Written(res.ran)
  const queuedAtAll = scratch.float64Written(res.ran)
  let ended = 0
  let paced = 0
  // On the step clock the window's time before the engine already holds the wait for the step
  // in flight: the replay starts its queue, and the request's engine time, where the scheduler
  // picked it up, or it would count that wait twice (ADR 0468).
  const enteredUs = engineEntryUs(res, fit.model.queueClock.value)
  for (let k = 0; k < res.ran; k++) {
    const end = res.endUs[k]!
    if (!(end === end)) {
      continue
    }
    const i = source[k]!
    const pre = o.ttftUs[i]! - o.queueUs[i]! - o.prefillUs[i]!
    const tail = o.e2eUs[i]! - o.ttftUs[i]! - o.decodeUs[i]!
    const arrive = enteredUs[k]!
    const first = res.firstTokenUs[k]!
    queueAll[ended] = res.scheduledUs[k]! - arrive
    queuedAtAll[ended] = res.arriveUs[k]!
    ttftAll[ended] = pre + first - arrive
    e2eAll[ended++] = pre + end - arrive + tail
    const out = jobs.output[k]!
    const obsOut = o.outputTokens[i]!
    if (out >= 2 && o.tpotUs[i]! === o.tpotUs[i]!) {
      // What the stored TPOT adds to the engine's own decode pace (the stream to a client).
      const offset = obsOut >= 2 ? o.tpotUs[i]! - o.decodeUs[i]! / (obsOut - 1) : 0
      tpotAll[paced++] = offset + (end - first) / (out - 1)
    }
  }
  const ttft = ttftAll.subarray(0, ended)
  const tpot = tpotAll.subarray(0, paced)
  const e2e = e2eAll.subarray(0, ended)
  const queue = queueAll.subarray(0, ended)
  const queuedAt = queuedAtAll.subarray(0, ended)
  // The selection reorders its values, and the quarters read the queue in arrival order.
  const queueCopy = scratch.float64Written(ended)
  queueCopy.set(queue)
  const span = Math.max(windowUs, 1)
  return {
    // Selected once here, not sorted: only these percentiles are read (1.5M values a run).
    percentiles: {
      ttft: atQuantiles(ttft),
      tpot: atQuantiles(tpot),
      e2e: atQuantiles(e2e),
      queue: atQuantiles(queueCopy),
    },
    utilization: Array.from(res.busyUs, (b) => Math.min(1, b / span)),
    kvPeak: Array.from(res.kvPeakTokens, (v, r) => {
      const cap = cluster.replicas[r]!.kvCapacityTokens
      return Number.isFinite(cap) ? v / cap : NaN
    }),
    // Without a KV capacity the twin never fills the cache, so it cannot preempt: its count of
    // none is not a prediction of none (KV capacity unknown is "not modelled", docs/whatif.md).
    preemptionsPerMinute: Array.from(res.preemptions, (p, r) =>
      Number.isFinite(cluster.replicas[r]!.kvCapacityTokens) ? p / (span / 60e6) : NaN
    ),
    runningPeak: Array.from(res.runningPeak),
    requests: ttft.length,
    queueByQuarter: queueByQuarter(queuedAt, queue, windowUs, scratch),
  }
}

/**
 * When the median of the seeded runs counts as pinned (ADR 0254): the half-width of its ~95 %
 * interval, 1.96 × 1.2533 σ / √n with σ read from the runs' interquartile range (IQR / 1.349),
 * is within half the goal (`p50`, `p99`, shares of the median) for TTFT P50 and P99. At the KV
 * edge the runs are bimodal, and the median of five is one draw of a wide figure.
 */
export interface MedianPin {
  p50: number
  p99: number
  /** Runs stop at this many times `runs`, pinned or not (CPU). */
  maxRunsFactor: number
  /**
   * Or, where that is more runs, once the runs have drawn this many jobs in all (ADR 0425): the
   * factor is a CPU bound set for large windows, and on a small one it stopped the runs at the
   * knee with the median of their P99 known to no better than ±25 % (the stand-in at 2× with
   * its cap, 600 s), the goal itself.
   */
  maxJobs?: number
}

/** The most runs a pinned prediction takes, given the jobs its first runs drew each (ADR 0425). */
export function pinRunCap(runs: number, pin: MedianPin, jobsPerRun: number): number {
  const byFactor = runs * pin.maxRunsFactor
  const byJobs = pin.maxJobs === undefined ? 0 : Math.floor(pin.maxJobs / Math.max(1, jobsPerRun))
  return Math.max(byFactor, byJobs)
}

export function medianPinned(ttft: { p50: number[]; p99: number[] }, pin: MedianPin): boolean {
  return (['p50', 'p99'] as const).every((name) => {
    const v = Float64Array.from(ttft[name].filter((x) => x === x)).sort()
    if (v.length < 4) {
      return true
    }
    const median = quantileSorted(v, 0.5)
    const iqr = quantileSorted(v, 0.75) - quantileSorted(v, 0.25)
    const halfWidth = (1.96 * 1.2533 * (iqr / 1.349)) / Math.sqrt(v.length)
    return halfWidth <= (pin[name] / 2) * median
  })
}

/**
 * What a prediction's figures are held to, for runs that may stop before `--runs` (ADR 0530):
 * a share of each figure (P50 `p50`, P95 and P99 `p99`), queue time as a share of TTFT (as the
 * fit check judges it), and never less than `floorMs`.
 */
export interface FewestRuns {
  /** The runs made first; the rest of `runs` only where these do not settle every figure. */
  runs: number
  p50: number
  p99: number
  floorMs: number
}

/** The sample standard deviation of `v` (n − 1 in the denominator; at least two values). */
function sampleSd(v: readonly number[]): number {
  const mean = v.reduce((a, b) => a + b, 0) / v.length
  return Math.sqrt(v.reduce((a, b) => a + (b - mean) ** 2, 0) / (v.length - 1))
}

/** Student's t at 0.975 for 1, 2, … 9 degrees of freedom: a two-sided 95 % interval. */
const T975 = [12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262]

/**
 * Whether more seeded runs would move no figure by more than a tenth of what it is held to
 * (ADR 0530): for every measure's P50, P95 and P99, the half-width of the ~95 % interval of the
 * runs' median, t · 1.2533 · s / √n with Student's t for n − 1 degrees of freedom, is within a
 * tenth of its goal. At three runs that asks their standard deviation to be under about a
 * thirtieth of the goal: a window of a million requests, whose runs differ by 0.1–0.3 %, settles;
 * a window of a few thousand, or one at the KV edge or a knee, does not and runs them all.
 */
export function runsSettled(figures: readonly RunFigures[], held: FewestRuns): boolean {
  const n = figures.length
  if (n < 3 || n - 1 > T975.length) {
    return false
  }
  const factor = (T975[n - 2]! * 1.2533) / Math.sqrt(n)
  const median = (m: TwinMeasure, q: number): number =>
    quantileSorted(Float64Array.from(figures, (f) => percentileMs(f, m, q)).sort(), 0.5)
  return MEASURES.every((m) =>
    QUANTILES.every(([name, q]) => {
      const v = figures.map((f) => percentileMs(f, m, q))
      if (v.every((x) => x !== x)) {
        return true
      }
      if (v.some((x) => x !== x)) {
        return false
      }
      const sd = sampleSd(v)
      const scale = median(m === 'queue' ? 'ttft' : m, q)
      const goal = Math.max((name === 'p50' ? held.p50 : held.p99) * scale, held.floorMs)
      return factor * sd <= goal / 10
    })
  )
}

/** Student's t at 0.95 for 1, 2, … degrees of freedom; past the table, 1.725 (20) and below. */
const T95 = [
  6.314, 2.92, 2.353, 2.132, 2.015, 1.943, 1.895, 1.86, 1.833, 1.812, 1.796, 1.782, 1.771, 1.761,
  1.753, 1.746, 1.74, 1.734, 1.729, 1.725,
]

/**
 * Where a fresh window of the same traffic would put a figure, from the seeded runs' values
 * (ADR 0269): a 90 % prediction band around their median, on the log scale (a latency is
 * positive and skewed). A fresh window differs from the twin's median by three draws: its own
 * (one run's variance, σ²), the window the twin was fitted on, which its runs are centred on
 * (about σ² again: the runs redraw the window's rows, the truth draws the traffic's), and the
 * median of n runs (π/2 · σ²/n). σ is the runs' own spread, so t with n − 1 degrees of freedom.
 * The range of five runs holds a sixth draw of the same centre only 4 times in 6, and a draw
 * of another window's centre less often: on platforms 14–17 with one replica added, the P99
 * truths spread by up to 28 % and the range held 7 of 12. `null` with fewer than 3 runs, or
 * where a value is not positive.
 */
export function predictionBand(values: readonly number[]): [number, number] | null {
  const v = values.filter((x) => x === x)
  const n = v.length
  if (n < 3 || v.some((x) => !(x > 0))) {
    return null
  }
  const sd = sampleSd(v.map(Math.log))
  const t = T95[Math.min(T95.length, n - 1) - 1]!
  const half = t * sd * Math.sqrt(2 + Math.PI / (2 * n))
  const mid = Math.log(quantileSorted(Float64Array.from(v).sort(), 0.5))
  return [Math.exp(mid - half), Math.exp(mid + half)]
}

/**
 * The median of the seeded runs, with the range of those and of the runs on resampled windows
 * (`extra`): the point stays the twin's best guess at the window it was fitted on, the interval
 * also holds what a window of the same traffic with a little more or less work would give.
 * With `band`, it also reaches the seeded runs' prediction band (a fresh window of the traffic).
 */
function estimate(values: number[], extra: number[] = [], band = false): Estimate {
  const finite = values.filter((v) => v === v).sort((a, b) => a - b)
  if (finite.length === 0) {
    return { value: null, interval: null }
  }
  const all = [
    ...finite,
    ...extra.filter((v) => v === v),
    ...((band && predictionBand(finite)) || []),
  ]
  return {
    value: quantileSorted(finite, 0.5),
    interval: [Math.min(...all), Math.max(...all)],
  }
}

/** The values at the nearest rank of each of {@link QUANTILES}, keyed by the quantile. */
function atQuantiles(values: Float64Array): Map<number, number> {
  const out = new Map<number, number>()
  if (values.length === 0) {
    return out
  }
  const ranks = QUANTILES.map(([, q]) => rankIndex(values.length, q))
  const at = selectRanks(values, ranks)
  QUANTILES.forEach(([, q], k) => out.set(q, at.get(ranks[k]!)!))
  return out
}

function percentileMs(f: RunFigures, m: TwinMeasure, q: number): number {
  const at = f.percentiles[m]
  if (at.size === 0) {
    return NaN
  }
  const v = at.get(q)
  if (v === undefined) {
    throw new Error(`a run keeps the percentiles of QUANTILES only (asked: ${q})`)
  }
  return v / 1000
}

/**
 * Runs the twin `runs` times (seeds `seed`, `seed + 1`, …) and summarises. With `sampling`, it
 * also runs the window's resamples at the low and high end of their work (ADR 0236) and widens
 * every interval to them, and each latency percentile's to the seeded runs' prediction band
 * (ADR 0269); the point values are the seeded runs' alone either way.
 */
export function predict(
  fit: TwinFit,
  cluster: TwinCluster,
  plan: JobPlan,
  options: PredictOptions
): Prediction {
  return runSerially(predictRuns(fit, cluster, plan, options))
}

export interface PredictOptions {
  runs: number
  seed: number
  sampling?: boolean
  pin?: MedianPin
  /** Refit the step law when the prediction runs past the window's batches (ADR 0326). */
  lawRefits?: LawRefits
  /**
   * Keep the draws of the first batch and the slice's runs for another prediction of the same
   * fit, plan and seed (both ends of an unknown cap, ADR 0489), which the caller releases.
   */
  shareDraws?: boolean
  /**
   * Make these runs first and stop there where they settle every figure (ADR 0530); the others
   * of `runs` follow with the seeds they would have had, so an unsettled prediction is the same.
   */
  fewest?: FewestRuns
}

/**
 * One seeded run asked for: `sample` is `null` for the window's own (each runner derives it from
 * the fit once), else a resample of it.
 */
export interface RunTask {
  cluster: TwinCluster
  plan: JobPlan
  seed: number
  sample: WindowSample | null
  slice: RunSlice | null
  /** Its draw kept for, or taken from, a run of the same jobs ({@link PredictOptions.shareDraws}). */
  share?: boolean
}

/** Runs that do not depend on each other's results: a runner may run them in any order. */
export interface RunBatch {
  fit: TwinFit
  tasks: RunTask[]
}

/**
 * A computation that asks for batches of seeded runs and gets back their figures in the tasks'
 * order (ADR 0454): the same generator driven serially or by a pool of threads gives the same
 * answer, since every run is a function of its seed and inputs alone.
 */
export type Runs<T> = Generator<RunBatch, T, RunFigures[]>

/**
 * The window's resamples for a prediction's seed; with `keep`, made once per fit, plan and seed,
 * so that both ends of an unknown cap run the same sample objects and can share their draws.
 */
const keptEnds = new WeakMap<
  TwinFit,
  WeakMap<JobPlan, Map<number, ReturnType<typeof sampleEnds>>>
>()
function sampleEndsOf(
  fit: TwinFit,
  plan: JobPlan,
  seed: number,
  keep: boolean
): ReturnType<typeof sampleEnds> {
  const make = (): ReturnType<typeof sampleEnds> =>
    sampleEnds(fit, plan, rowsByBin(fit), createRng(seed).fork('window sample'))
  if (!keep) {
    return make()
  }
  let byPlan = keptEnds.get(fit)
  if (byPlan === undefined) {
    byPlan = new WeakMap()
    keptEnds.set(fit, byPlan)
  }
  let bySeed = byPlan.get(plan)
  if (bySeed === undefined) {
    bySeed = new Map()
    byPlan.set(plan, bySeed)
  }
  let ends = bySeed.get(seed)
  if (ends === undefined) {
    ends = make()
    bySeed.set(seed, ends)
  }
  return ends
}

/** The window's own sample of a fit, derived once per fit. */
const ownSamples = new WeakMap<TwinFit, WindowSample>()
export function ownSampleOf(fit: TwinFit): WindowSample {
  let own = ownSamples.get(fit)
  if (own === undefined) {
    own = ownSample(fit, rowsByBin(fit))
    ownSamples.set(fit, own)
  }
  return own
}

/**
 * The step law's refits of a fit for a prediction's seed, made once: a prediction whose cap is
 * unknown runs its change twice, at the default cap and at the window's peak (ADR 0262), and
 * both ask for the same refits (the same fit, count and seed, so the same laws). On a 1M-request
 * window the second five fits and their arrival sort were about a second of CPU (ADR 0472).
 */
const lawRefitMemo = new WeakMap<TwinFit, Map<number, StepModel[][]>>()
function lawRefitsOf(fit: TwinFit, seed: number): StepModel[][] {
  let bySeed = lawRefitMemo.get(fit)
  if (bySeed === undefined) {
    bySeed = new Map()
    lawRefitMemo.set(fit, bySeed)
  }
  let steps = bySeed.get(seed)
  if (steps === undefined) {
    steps = refitStepModels(fit, LAW_REFITS, createRng(seed).fork('step law'))
    bySeed.set(seed, steps)
  }
  return steps
}

/** Runs one task on this thread. */
export function runTask(fit: TwinFit, t: RunTask): RunFigures {
  return runOnce(
    fit,
    t.cluster,
    t.plan,
    t.seed,
    t.sample ?? ownSampleOf(fit),
    t.slice,
    t.share === true
  )
}

/** Drives `runs` on this thread, one run after another. */
export function runSerially<T>(runs: Runs<T>): T {
  let step = runs.next([])
  while (step.done !== true) {
    const batch = step.value
    step = runs.next(batch.tasks.map((t) => runTask(batch.fit, t)))
  }
  return step.value
}

/** The seeded runs of a prediction, asked for in batches; {@link predict} runs them serially. */
export function* predictRuns(
  fit: TwinFit,
  cluster: TwinCluster,
  plan: JobPlan,
  options: PredictOptions
): Runs<Prediction> {
  const share = options.shareDraws === true
  const task = (
    seed: number,
    sample: WindowSample | null = null,
    c = cluster,
    shared = false
  ): RunTask => ({
    cluster: c,
    plan,
    seed,
    sample,
    slice: null,
    ...(shared ? { share: true } : {}),
  })
  // The window's resamples do not depend on the seeded runs: asked for in the same batch.
  const ends = options.sampling === true ? sampleEndsOf(fit, plan, options.seed, share) : null
  const fewest = options.fewest
  const firstRuns = fewest === undefined ? options.runs : Math.min(fewest.runs, options.runs)
  const first = yield {
    fit,
    tasks: [
      ...Array.from({ length: firstRuns }, (_, k) => task(options.seed + k, null, cluster, share)),
      ...(ends?.samples ?? []).map((sample, k) =>
        task(options.seed + options.runs + k, sample, cluster, share)
      ),
    ],
  }
  const figures: RunFigures[] = first.slice(0, firstRuns)
  const sampled: RunFigures[] = first.slice(firstRuns)
  if (firstRuns < options.runs && !runsSettled(figures, fewest!)) {
    figures.push(
      ...(yield {
        fit,
        tasks: Array.from({ length: options.runs - firstRuns }, (_, k) =>
          task(options.seed + firstRuns + k, null, cluster, share)
        ),
      })
    )
  }
  // More runs while the median is not pinned (ADR 0254). Their seeds follow the two resamples'.
  const pin = options.pin
  if (pin !== undefined) {
    const jobsPerRun = figures.reduce((a, f) => a + f.requests, 0) / Math.max(1, figures.length)
    const maxRuns = pinRunCap(options.runs, pin, jobsPerRun)
    const ttft = (): { p50: number[]; p99: number[] } => ({
      p50: figures.map((f) => percentileMs(f, 'ttft', 0.5)),
      p99: figures.map((f) => percentileMs(f, 'ttft', 0.99)),
    })
    while (figures.length < maxRuns && !medianPinned(ttft(), pin)) {
      const seed = options.seed + figures.length + 2
      const more = Math.min(options.runs, maxRuns - figures.length)
      figures.push(
        ...(yield { fit, tasks: Array.from({ length: more }, (_, k) => task(seed + k)) })
      )
    }
  }
  const sampling: SamplingSummary | null =
    ends === null
      ? null
      : { ...ends.summary, growing: sampled.filter((f) => queueGrows(f.queueByQuarter)).length }
  let stepLawReach: StepLawReach | null = null
  const refitted: RunFigures[] = []
  // Pairs run on a slice of a window too large to run whole: [under a refit, under the fit].
  const sliced: [RunFigures, RunFigures][] = []
  let slice: (RunSlice & { jobs: number }) | null = null
  if (options.lawRefits !== undefined) {
    const reach = lawReach(fit, cluster, figures)
    let stepUncertainty: number | null = null
    let tooLarge = false
    if (reach.extrapolates) {
      const steps = lawRefitsOf(fit, options.seed)
      const mix = fit.model.mix
      const h = stepHalfWidth(
        fit.model.replicas.map((r) => r.step),
        steps,
        reach.runsUpTo,
        mix.promptTokens.p50 + mix.outputTokens.p50 / 2
      )
      // An unknown spread runs no refit and widens nothing: the answer says it is unknown.
      stepUncertainty = h === null ? null : Math.exp(h) - 1
      const jobs = Math.max(0, ...figures.map((f) => f.requests))
      tooLarge = h !== null && h >= LAW_STEP_FLOOR && jobs > LAW_REFIT_MAX_JOBS
      if (tooLarge && plan.closed === null) {
        slice = { ...busiestSlice(fit, plan, jobs), jobs: 0 }
      }
      // Each refit runs with a seeded run's seed: the pair differs by the law alone.
      if (h !== null && h >= LAW_STEP_FLOOR && (!tooLarge || slice !== null)) {
        const tasks: RunTask[] = []
        // Per refit, its task's index and, on a slice, that of the fitted law's run of its seed.
        const pairs: [number, number][] = []
        const fitted = new Map<number, number>()
        steps.forEach((s, k) => {
          const refit = options.lawRefits!.clusterOf(s)
          if (refit === null) {
            return
          }
          const seed = options.seed + (k % figures.length)
          const under = tasks.push({ ...task(seed, null, refit, share), slice }) - 1
          if (slice === null) {
            pairs.push([under, -1])
            return
          }
          const base =
            fitted.get(seed) ?? tasks.push({ ...task(seed, null, cluster, share), slice }) - 1
          fitted.set(seed, base)
          pairs.push([under, base])
        })
        const ran = yield { fit, tasks }
        for (const [under, base] of pairs) {
          if (base < 0) {
            refitted.push(ran[under]!)
          } else {
            sliced.push([ran[under]!, ran[base]!])
            slice!.jobs = Math.max(slice!.jobs, ran[under]!.requests, ran[base]!.requests)
          }
        }
      }
    }
    stepLawReach = {
      ...reach,
      stepUncertainty,
      tooLargeToRun: tooLarge,
      slice: slice === null || sliced.length === 0 ? null : slice,
      refits: refitted.length + sliced.length,
      blockRequests: stepUncertainty === null ? null : blockLength(fit),
      growing: [...refitted, ...sliced.map(([u]) => u)].filter((f) => queueGrows(f.queueByQuarter))
        .length,
    }
  }
  const both = (pick: (f: RunFigures) => number): Estimate =>
    estimate(figures.map(pick), [...sampled.map(pick), ...refitted.map(pick)])
  // The latency percentiles are what a fresh window is held to: with the window's sampling
  // counted, they also reach the seeded runs' prediction band (ADR 0269).
  const band = options.sampling === true
  const measures = {} as Record<TwinMeasure, Percentiles>
  for (const m of MEASURES) {
    measures[m] = {} as Percentiles
    for (const [name, q] of QUANTILES) {
      const pick = (f: RunFigures): number => percentileMs(f, m, q)
      const e = estimate(figures.map(pick), sampled.map(pick), band)
      const h = lawHalfWidth([
        ...refitted.map((f, k): [number, number] => [pick(f), pick(figures[k % figures.length]!)]),
        ...sliced.map(([under, base]): [number, number] => [pick(under), pick(base)]),
      ])
      measures[m][name] =
        h === null || e.value === null || e.interval === null
          ? e
          : { value: e.value, interval: widenByLaw(e.value, e.interval, h) }
    }
  }
  return {
    runs: figures.length,
    requests: Math.round(figures.reduce((a, f) => a + f.requests, 0) / Math.max(1, figures.length)),
    measures,
    replicas: cluster.replicas.map((r, i) => {
      const kv = estimate(figures.map((f) => f.kvPeak[i]!)).value
      return {
        name: r.name,
        utilization: both((f) => f.utilization[i]!),
        kvPeakShare: kv,
        preemptionsPerMinute: both((f) => f.preemptionsPerMinute[i]!),
        runningPeak: both((f) => f.runningPeak[i]!),
      }
    }),
    saturation: {
      growing: figures.filter((f) => queueGrows(f.queueByQuarter)).length,
      queueP50ByQuarter: [0, 1, 2, 3].map((q) => both((f) => f.queueByQuarter[q]!)),
    },
    sampling,
    stepLawReach,
  }
}

/**
 * The window's busiest stretch that draws about `LAW_SLICE_JOBS` jobs of a run that draws `jobs`
 * (µs from the window's start): where the queue magnifies the law's error most, so the pairs
 * there read the most the law can move a figure.
 */
function busiestSlice(fit: TwinFit, plan: JobPlan, jobs: number): RunSlice {
  const a = fit.model.arrival
  const windowUs = fit.model.window.toUs - fit.model.window.fromUs
  const length = Math.min(windowUs, (windowUs * LAW_SLICE_JOBS) / Math.max(1, jobs))
  // Expected arrivals over [from, from + length), the rate constant within a bin.
  const drawn = (from: number): number => {
    let total = 0
    for (let b = Math.floor(from / a.binUs); b * a.binUs < from + length; b++) {
      const overlap =
        Math.min((b + 1) * a.binUs, from + length, windowUs) - Math.max(b * a.binUs, from)
      total += overlap > 0 ? ((a.ratePerSec[b] ?? 0) * plan.rateMultiplier * overlap) / 1e6 : 0
    }
    return total
  }
  let best = 0
  for (let b = 0; b < a.ratePerSec.length; b++) {
    const from = Math.min(b * a.binUs, windowUs - length)
    if (drawn(from) > drawn(best)) {
      best = from
    }
  }
  return { fromUs: best, toUs: best + length }
}

/**
 * Each replica's batch the window pins its law up to (ADR 0333) against the most sequences it ran
 * at once in the seeded runs. A replica the change added (no fitted replica of its name) runs a
 * copied law, read up to the largest.
 */
function lawReach(
  fit: TwinFit,
  cluster: TwinCluster,
  figures: readonly RunFigures[]
): Omit<
  StepLawReach,
  'stepUncertainty' | 'tooLargeToRun' | 'slice' | 'refits' | 'blockRequests' | 'growing'
> {
  const of = new Map(
    fit.model.replicas.map((r) => [
      r.name,
      { peak: Math.max(r.runningPeak ?? 0, r.runningPeakSpans), pinned: r.pinnedBatch },
    ])
  )
  const widest = {
    peak: Math.max(0, ...[...of.values()].map((x) => x.peak)),
    pinned: Math.max(0, ...[...of.values()].map((x) => x.pinned)),
  }
  const replicas = cluster.replicas.map((r, i) => ({
    name: r.name,
    windowPeak: (of.get(r.name) ?? widest).peak,
    pinnedBatch: (of.get(r.name) ?? widest).pinned,
    predictedPeak: Math.max(0, ...figures.map((f) => f.runningPeak[i]!)),
  }))
  const past = replicas.filter((r) => r.predictedPeak > r.pinnedBatch)
  const shown = past.length > 0 ? past : replicas
  return {
    replicas,
    readUpTo: Math.max(0, ...shown.map((r) => r.pinnedBatch)),
    windowPeak: Math.max(0, ...shown.map((r) => r.windowPeak)),
    runsUpTo: Math.max(0, ...shown.map((r) => r.predictedPeak)),
    extrapolates: past.length > 0,
  }
}
