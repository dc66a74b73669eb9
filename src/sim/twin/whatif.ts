/**
 * `whatif` end to end on a loaded window: fit, replay the window unchanged and compare its own
 * percentiles (the fit check), then run the changes. Refuses, with reasons, when the data lacks
 * what the twin needs, when the replay misses the window's own figures, or when a change cannot
 * be modelled.
 */
import { isoFromMicros, type Micros } from '../../core/model/units.js'
import { applyChanges, type JobPlan, type TwinChanges } from './changes.js'
import type { StepModel, TwinCluster } from './engine.js'
import { unexplainedPaceReason, type ReplayRow } from './fit-words.js'
import { fitTwin, LAW_PINNED_SHARE, type TwinFit, type TwinModel } from './fit.js'
import { LAW_REFIT_MAX_JOBS, LAW_REFITS, LAW_STEP_FLOOR } from './law-bootstrap.js'
import type { TwinWindow } from './load.js'
import {
  MEASURES,
  observedPercentiles,
  predictRuns,
  releaseKeptDraws,
  runSerially,
  type Estimate,
  type FewestRuns,
  type PredictOptions,
  type Runs,
  type Percentiles,
  type Prediction,
  type TwinMeasure,
  type MedianPin,
} from './predict.js'

/**
 * Seeded runs per prediction when none are asked for, and the runs made first, which stop there
 * where they settle every figure (ADR 0530).
 */
export const DEFAULT_RUNS = { runs: 5, fewestRuns: 3 } as const

/** Tolerances of the fit check: relative error of the replay, with a floor for small values. */
export const FIT_TOLERANCE = { p50: 0.1, p99: 0.2, floorMs: 5 } as const
/**
 * A prediction whose runs disagree runs up to this many times `--runs` (ADR 0254), or, where its
 * runs are small, up to the jobs that many runs of `LAW_REFIT_MAX_JOBS` draw (ADR 0425): the
 * CPU a window whose runs draw 100k jobs already had, so no answer costs more than one did.
 */
const MAX_RUNS_FACTOR = 4

export type { ReplayRow } from './fit-words.js'

export interface FitReport {
  ok: boolean
  model: TwinModel | null
  /** The window replayed through the twin beside its own percentiles (ms). */
  replay: Record<TwinMeasure, { p50: ReplayRow; p99: ReplayRow }> | null
  reasons: string[]
}

export interface SweepPoint {
  load: number
  /** With the step law's refits in its interval where the load runs past the window's batches. */
  ttftP99: Estimate
  ok: boolean
  /** Refits of the step law run at this load (ADR 0333; 0 where the law is pinned there). */
  lawRefits: number
}

export interface WhatIfReport {
  schema: 'tokenline.whatif/v1'
  window: { start: string; end: string }
  /** The LLM requests the store holds in the window, whatever signals they carry. */
  windowRequests: number
  /**
   * The requests the twin fitted: those with engine queue, prefill and decode stages, token
   * counts and a replica (of the sample, where the window is read as one).
   */
  fittedRequests: number
  /** The name `fittedRequests` had first, kept for readers of `tokenline.whatif/v1`. */
  requests: number
  fit: FitReport
  changes: TwinChanges
  notes: string[]
  /** `null` when refused. Milliseconds, each with the range over the seeded runs. */
  predicted:
    | (Record<TwinMeasure, Percentiles> & {
        runs: number
        replicas: Prediction['replicas']
        saturation: Prediction['saturation']
        sampling: Prediction['sampling']
        /** The batches the step law is read up to against those the prediction runs (ADR 0326). */
        stepLawReach: Prediction['stepLawReach']
        /** `max_num_seqs` unknown and passed by the prediction (ADR 0262); `null` otherwise. */
        unseenCap: UnseenCap | null
      })
    | null
  sweep: {
    objective: { measure: 'ttft'; quantile: 'p99'; ms: number }
    points: SweepPoint[]
    breaksAt: number | null
    headroom: number | null
    /**
     * The headroom with the intervals (ADR 0333): the objective holds up to `low` even at the top
     * of every interval, and may hold up to `high`, the last load before one whose whole interval
     * breaks it; `null` where the first load already does.
     */
    headroomRange: { low: number | null; high: number | null }
  } | null
  refused: { reasons: string[] } | null
}

export interface WhatIfOptions {
  changes: TwinChanges
  runs: number
  /**
   * The replay and each prediction make this many runs first and stop there where they settle
   * every figure to a tenth of its goal (ADR 0530); `runs` always when absent (`--runs` given).
   */
  fewestRuns?: number
  seed: number
  /** `load=1x..3x`: factors to try, and the TTFT P99 objective (ms). */
  sweep?: { factors: number[]; ttftP99Ms: number }
}

/**
 * `scaleMs` is what the error is judged against: the measure itself, except for queue time,
 * which is judged as a part of TTFT (a few milliseconds of queue in an idle window are noise
 * beside the TTFT they sit in, and would otherwise refuse every healthy fit).
 */
function row(
  observed: number | null,
  replayed: Estimate,
  tolerance: number,
  scaleMs: number | null
): ReplayRow {
  if (observed === null || replayed.value === null) {
    return { observed, replayed, error: null, ok: observed === null }
  }
  const error = observed > 0 ? (replayed.value - observed) / observed : 0
  const allowed = Math.max(tolerance * (scaleMs ?? observed), FIT_TOLERANCE.floorMs)
  return { observed, replayed, error, ok: Math.abs(replayed.value - observed) <= allowed }
}

/**
 * The runs made first where `fewestRuns` is given, and what they settle to (ADR 0530): what the
 * fit check holds each figure to.
 */
export function fewestRunsOf(fewestRuns: number | undefined): FewestRuns | undefined {
  return fewestRuns === undefined ? undefined : { runs: fewestRuns, ...FIT_TOLERANCE }
}

/** Fits the twin and replays the window; the report says whether the fit may predict. */
export function checkFit(
  w: TwinWindow,
  runs: number,
  seed: number,
  fewestRuns?: number
): { report: FitReport; fit: TwinFit | null } {
  return runSerially(checkFitRuns(w, runs, seed, fewestRuns))
}

/** {@link checkFit} with its replay's runs asked for in batches (ADR 0454). */
export function* checkFitRuns(
  w: TwinWindow,
  runs: number,
  seed: number,
  fewestRuns?: number
): Runs<{ report: FitReport; fit: TwinFit | null }> {
  const fitted = fitTwin(w)
  if (!fitted.ok) {
    return { report: { ok: false, model: null, replay: null, reasons: fitted.reasons }, fit: null }
  }
  const fit = fitted.fit
  const same = applyChanges(fit, {})
  if (!same.ok) {
    return { report: { ok: false, model: fit.model, replay: null, reasons: same.reasons }, fit }
  }
  const fewest = fewestRunsOf(fewestRuns)
  const replayed = yield* predictRuns(fit, same.cluster, same.plan, {
    runs,
    seed,
    ...(fewest !== undefined ? { fewest } : {}),
  })
  const observed = observedPercentiles(fit)
  const replay = {} as Record<TwinMeasure, { p50: ReplayRow; p99: ReplayRow }>
  const reasons: string[] = []
  for (const m of MEASURES) {
    const scale = (q: 'p50' | 'p99'): number | null =>
      m === 'queue' ? observed.ttft[q] : observed[m][q]
    replay[m] = {
      p50: row(observed[m].p50, replayed.measures[m].p50, FIT_TOLERANCE.p50, scale('p50')),
      p99: row(observed[m].p99, replayed.measures[m].p99, FIT_TOLERANCE.p99, scale('p99')),
    }
    for (const q of ['p50', 'p99'] as const) {
      const r = replay[m][q]
      if (!r.ok && m !== 'e2e') {
        reasons.push(
          `the replayed window's ${q.toUpperCase()} ${m} is ${fmt(r.replayed.value)} ms against ${fmt(r.observed)} ms observed (${r.error === null ? 'missing' : `${r.error > 0 ? '+' : ''}${Math.round(r.error * 100)} %`}; tolerance ${Math.round(FIT_TOLERANCE[q] * 100)} % of ${m === 'queue' ? 'TTFT' : m})`
        )
      }
    }
  }
  const why = reasons.length > 0 ? unexplainedPaceReason(replay, fit.model) : null
  if (why !== null) {
    reasons.push(why)
  }
  return { report: { ok: reasons.length === 0, model: fit.model, replay, reasons }, fit }
}

/**
 * What a prediction did when the engine's `max_num_seqs` was unknown and the change ran more
 * sequences on a replica than the window ever showed (ADR 0262): it also ran with the least cap
 * the window allows, its own peak, and every interval reaches both ends. `withheld` lists the
 * figures whose two ends differ by more than the goal: their point is `null`, since any cap in
 * between is as consistent with the window as vLLM's default.
 */
export interface UnseenCap {
  /** The most sequences a replica ran at once in the window (spans or gauge): the least cap. */
  windowPeak: number
  /** The cap the point assumed (vLLM's default). */
  assumed: number
  /** The most sequences a replica ran at once in the prediction with the assumed cap. */
  predictedPeak: number
  /** Runs with the cap at the window's peak, and how many of them grew their queue. */
  runs: number
  growing: number
  /**
   * The figures left without a point, each with the point it has for any cap of at least
   * `predictedPeak`: no run of the prediction with the default cap ran more, so every such cap
   * gives those same runs.
   */
  withheld: { figure: string; ifCapAtLeastPeak: number }[]
}

/**
 * `max_num_seqs` is in no series a vLLM exports (ADR 0201), and the window shows it only where it
 * held requests back. The least cap the window allows is the most sequences it ran at once; the
 * most is vLLM's default. `null` when a config or a ceiling says the cap, or the change says it.
 */
export function unseenCapRange(
  model: TwinModel,
  changes: TwinChanges
): { windowPeak: number; assumed: number } | null {
  if (
    changes.maxNumSeqs !== undefined ||
    model.replicas.length === 0 ||
    !model.replicas.every((r) => r.maxNumSeqs.source.startsWith('assumed'))
  ) {
    return null
  }
  const windowPeak = Math.max(
    ...model.replicas.map((r) => Math.max(r.runningPeak ?? 0, r.runningPeakSpans))
  )
  const assumed = Math.min(...model.replicas.map((r) => r.maxNumSeqs.value ?? Infinity))
  return windowPeak > 0 && windowPeak < assumed ? { windowPeak, assumed } : null
}

/** The cluster with every replica's `max_num_seqs` at most `cap`. */
function capAt(cluster: TwinCluster, cap: number): TwinCluster {
  return {
    ...cluster,
    replicas: cluster.replicas.map((r) => ({ ...r, maxNumSeqs: Math.min(r.maxNumSeqs, cap) })),
  }
}

/** The most sequences any replica ran at once in any run of the prediction. */
function predictedPeak(p: Prediction): number {
  return Math.max(
    0,
    ...p.replicas.map((r) => r.runningPeak.interval?.[1] ?? r.runningPeak.value ?? 0)
  )
}

const QUANTILE_TOLERANCE = {
  p50: FIT_TOLERANCE.p50,
  p95: FIT_TOLERANCE.p99,
  p99: FIT_TOLERANCE.p99,
}

/**
 * Joins the prediction with the assumed cap (`p`) and the one with the window's peak as the cap
 * (`low`): every interval reaches both; a point stays only where the two are within the goal of
 * each other (P50 10 %, P95 and P99 20 %), so that whatever the cap between them, the point is
 * as close to it as the twin is held to. Otherwise the point is unknown, `null`.
 */
export function joinCapEnds(
  p: Prediction,
  low: Prediction
): { joined: Prediction; withheld: UnseenCap['withheld'] } {
  const withheld: UnseenCap['withheld'] = []
  const widen = (a: Estimate, b: Estimate): [number, number] | null => {
    const ends = [...(a.interval ?? []), ...(b.interval ?? [])].filter((v) => v === v)
    return ends.length === 0 ? null : [Math.min(...ends), Math.max(...ends)]
  }
  // The assumed cap's point, with an interval that reaches the low cap's too.
  const keepPoint = (a: Estimate, b: Estimate): Estimate => ({
    value: a.value,
    interval: widen(a, b),
  })
  const measures = {} as Prediction['measures']
  for (const m of MEASURES) {
    const out = {} as Percentiles
    for (const q of ['p50', 'p95', 'p99'] as const) {
      const a = p.measures[m][q]
      const b = low.measures[m][q]
      const agree =
        a.value !== null &&
        b.value !== null &&
        Math.abs(a.value - b.value) <= QUANTILE_TOLERANCE[q] * Math.min(a.value, b.value)
      if (!agree && a.value !== null) {
        withheld.push({ figure: `${m} ${q}`, ifCapAtLeastPeak: a.value })
      }
      out[q] = { value: agree ? a.value : null, interval: widen(a, b) }
    }
    measures[m] = out
  }
  return {
    joined: {
      ...p,
      measures,
      replicas: p.replicas.map((r, i) => {
        const l = low.replicas[i]!
        return {
          ...r,
          utilization: keepPoint(r.utilization, l.utilization),
          preemptionsPerMinute: keepPoint(r.preemptionsPerMinute, l.preemptionsPerMinute),
          runningPeak: keepPoint(r.runningPeak, l.runningPeak),
        }
      }),
      saturation: {
        growing: p.saturation.growing,
        queueP50ByQuarter: p.saturation.queueP50ByQuarter.map((e, k) =>
          keepPoint(e, low.saturation.queueP50ByQuarter[k]!)
        ),
      },
    },
    withheld,
  }
}

function unseenCapNote(cap: UnseenCap): string[] {
  const range = `from ${cap.windowPeak} (the most the window ran) to ${cap.assumed} (vLLM's default)`
  const grew =
    cap.growing > 0
      ? `; with the cap at ${cap.windowPeak} the engine queue grows through the window in ${cap.growing} of ${cap.runs} runs`
      : ''
  return [
    cap.withheld.length > 0
      ? `max_num_seqs is unknown: no config says it and the window never ran more than ${cap.windowPeak} sequences on a replica, while this prediction runs up to ${cap.predictedPeak}. Run with caps ${range}, ${cap.withheld.map((w) => w.figure.replace(/ p/, ' P')).join(', ')} differ by more than the goal, so they have no point, only the interval that holds both${grew}. With a cap of ${cap.predictedPeak} or more they would be ${cap.withheld.map((w) => `${fmt(w.ifCapAtLeastPeak)} ms`).join(', ')}; say the engine's cap with --max-num-seqs`
      : `max_num_seqs is unknown and this prediction runs up to ${cap.predictedPeak} sequences on a replica where the window never ran more than ${cap.windowPeak}; run with caps ${range}, every figure is within the goal of the point, and the intervals hold both${grew}`,
  ]
}

/**
 * Past saturation the queue grows for as long as the load lasts: a P50 over the window is then
 * set by the window's length and by when the queue started to run away, which varies from one
 * traffic draw to the next (ADR 0206). Say so instead of letting the figure read as a steady state.
 */
export function pastSaturation(p: Prediction): string[] {
  const s = p.saturation
  if (s.growing === 0) {
    return []
  }
  const quarters = s.queueP50ByQuarter.map((q) => fmt(q.value)).join(', ')
  return [
    `in ${s.growing} of ${p.runs} runs the engine queue grows through the window (queue P50 by quarter of the window: ${quarters} ms): this load is past what the cluster serves, so the percentiles grow with the window's length and are not a steady state; read them as "over capacity", with the interval as the range`,
  ]
}

/**
 * The TTFT interval, once it carries the window's own sampling uncertainty, against the goal the
 * twin is held to (P50 within 10 %, P99 within 20 %): past it, the point is one guess inside a
 * range the window cannot narrow, and the answer says so rather than read as a confident figure
 * (ADR 0236). Where only the resampled window with more work grew its queue, the load is at the
 * edge of what the cluster serves.
 */
export function uncertainFromSample(p: Prediction): string[] {
  const s = p.sampling
  if (s === null || s.work === null) {
    return []
  }
  const notes: string[] = []
  const work = `${Math.round((s.work.low - 1) * 100)} to +${Math.round((s.work.high - 1) * 100)} %`
  if (s.growing > 0 && p.saturation.growing === 0) {
    notes.push(
      `the seeded runs serve this load, but with the window's work at the high end of what its own sample allows (${work} of the window's), the engine queue grows through the window: the load is at the edge of what the cluster serves, and the interval is the figure to read`
    )
  }
  const wide = (['p50', 'p99'] as const).filter((q) => {
    const e = p.measures.ttft[q]
    const tol = q === 'p50' ? FIT_TOLERANCE.p50 : FIT_TOLERANCE.p99
    return (
      e.value !== null &&
      e.interval !== null &&
      (e.interval[0] < e.value * (1 - tol) || e.interval[1] > e.value * (1 + tol))
    )
  })
  if (wide.length > 0 && p.saturation.growing === 0) {
    notes.push(
      `uncertain: the TTFT ${wide.map((q) => q.toUpperCase()).join(' and ')} interval reaches past ±${wide.map((q) => Math.round((q === 'p50' ? FIT_TOLERANCE.p50 : FIT_TOLERANCE.p99) * 100)).join(' / ±')} % of the prediction once the window's own sampling (its work ${work} between resamples) and where a fresh window of the same traffic would put the figure are counted: this window cannot pin the figure down closer than its interval`
    )
  }
  return notes
}

function fmt(v: number | null): string {
  return v === null ? '–' : v >= 100 ? v.toFixed(0) : v.toFixed(1)
}

/**
 * The change on the cluster whose replicas run `steps` (a refit of the step law, one per fitted
 * replica): the same change applied to the fit with those laws, so replicas it adds or makes
 * like the median run the refitted law as they run the fitted one.
 */
export function refitCluster(
  fit: TwinFit,
  changes: TwinChanges,
  cap: number | null
): (steps: StepModel[]) => TwinCluster | null {
  return (steps) => {
    const refit: TwinFit = {
      ...fit,
      model: {
        ...fit.model,
        replicas: fit.model.replicas.map((r, i) => ({ ...r, step: steps[i]! })),
      },
    }
    // What refuses a change is the window's shape, not its step law: refused here only if the
    // change was refused on the fit itself, before any refit.
    const applied = applyChanges(refit, changes)
    if (!applied.ok) {
      return null
    }
    return cap === null ? applied.cluster : capAt(applied.cluster, cap)
  }
}

/**
 * When a prediction of `runs` runs adds more (ADR 0254): until its median is within half the fit
 * goal, up to 4 × `runs`, or, where that is more, until the runs have drawn as many jobs as 4 ×
 * `runs` law refits may (ADR 0425).
 */
export function predictionPin(runs: number): MedianPin {
  return {
    p50: FIT_TOLERANCE.p50,
    p99: FIT_TOLERANCE.p99,
    maxRunsFactor: MAX_RUNS_FACTOR,
    maxJobs: MAX_RUNS_FACTOR * runs * LAW_REFIT_MAX_JOBS,
  }
}

/**
 * One change predicted from a fit: the seeded runs, the window's resamples, the step law's refits
 * where the prediction runs past the window's batches (ADR 0326), and the range of caps where
 * `max_num_seqs` is unknown (ADR 0262). The fit check is not made here.
 */
export function predictChange(
  fit: TwinFit,
  changes: TwinChanges,
  applied: { cluster: TwinCluster; plan: JobPlan },
  options: PredictChangeOptions
): { prediction: Prediction; unseenCap: UnseenCap | null } {
  return runSerially(predictChangeRuns(fit, changes, applied, options))
}

export interface PredictChangeOptions {
  runs: number
  /** {@link WhatIfOptions.fewestRuns}. */
  fewestRuns?: number
  seed: number
  /** `false`: no refit of the step law (a bench's before beside its after). */
  lawRefits?: boolean
}

/** {@link predictChange} with its runs asked for in batches (ADR 0454). */
export function* predictChangeRuns(
  fit: TwinFit,
  changes: TwinChanges,
  applied: { cluster: TwinCluster; plan: JobPlan },
  options: PredictChangeOptions
): Runs<{ prediction: Prediction; unseenCap: UnseenCap | null }> {
  const refits = options.lawRefits !== false
  // A cap the window never reached is as likely anywhere from its peak to the default (ADR 0262).
  const range = unseenCapRange(fit.model, changes)
  // Where the low end may run, its runs draw the jobs the default end's did: kept once drawn
  // (ADR 0489) and released below.
  const shareDraws = range !== null
  const fewest = fewestRunsOf(options.fewestRuns)
  const first = fewest !== undefined ? { fewest } : {}
  let p = yield* predictRuns(fit, applied.cluster, applied.plan, {
    runs: options.runs,
    seed: options.seed + 1000,
    sampling: true,
    pin: predictionPin(options.runs),
    shareDraws,
    ...first,
    ...(refits ? { lawRefits: { clusterOf: refitCluster(fit, changes, null) } } : {}),
  })
  let unseenCap: UnseenCap | null = null
  const ran = predictedPeak(p)
  if (range !== null && ran > range.windowPeak) {
    const low = yield* predictRuns(fit, capAt(applied.cluster, range.windowPeak), applied.plan, {
      runs: options.runs,
      seed: options.seed + 1000,
      sampling: true,
      shareDraws,
      ...first,
      ...(refits ? { lawRefits: { clusterOf: refitCluster(fit, changes, range.windowPeak) } } : {}),
    })
    const { joined, withheld } = joinCapEnds(p, low)
    p = joined
    unseenCap = {
      ...range,
      predictedPeak: ran,
      runs: low.runs + (low.sampling?.runs ?? 0),
      growing: low.saturation.growing + (low.sampling?.growing ?? 0),
      withheld,
    }
  }
  releaseKeptDraws(fit, applied.plan)
  return { prediction: p, unseenCap }
}

/**
 * Says when the prediction reads the step law past the batches it was fitted on (ADR 0326), and
 * that its intervals then hold the law's refits.
 */
export function lawReachNote(p: Prediction): string[] {
  const r = p.stepLawReach
  if (r === null || !r.extrapolates) {
    return []
  }
  const known =
    r.stepUncertainty === null
      ? ''
      : `; over ${LAW_REFITS} refits of the law on block resamples of the window's requests its decode step at ${r.runsUpTo} is known to ±${(r.stepUncertainty * 100).toFixed(1)} %`
  const share = Math.round(LAW_PINNED_SHARE * 100)
  const slice = r.slice
  return [
    `the step law is read up to a batch of ${r.readUpTo}; this prediction runs batches up to ${r.runsUpTo} (${share} % of the window's decode steps ran ${r.readUpTo} or fewer sequences on a replica${r.windowPeak > r.readUpTo ? `, ${r.windowPeak} at its most` : ''}), so the law's slope is extrapolated${known}${
      r.refits > 0 && slice !== null
        ? `; the window is too large to run the refits whole (over ${LAW_REFIT_MAX_JOBS} jobs a run), so each ran on its busiest ${fmt((slice.toUs - slice.fromUs) / 60e6)} minutes (up to ${slice.jobs} jobs) beside the fitted law on the same minutes and seed, and the intervals also hold what the law moved each figure there${r.growing > 0 ? ` (in ${r.growing} of them the engine queue grows)` : ''}`
        : r.refits > 0
          ? `, and the intervals also hold what the prediction gives under each refit${r.growing > 0 ? ` (in ${r.growing} of them the engine queue grows through the window)` : ''}`
          : r.tooLargeToRun
            ? `; the window is too large to run the refits within the time goal (over ${LAW_REFIT_MAX_JOBS} jobs a run) and its clients are a closed loop, which a slice of it would not keep, so the intervals do not carry it`
            : r.stepUncertainty === null
              ? `; its decode step there is unknown over the refits (a step that is not positive), so the intervals do not carry it`
              : `, under the ±${(LAW_STEP_FLOOR * 100).toFixed(1)} % that would move a figure, so no refit was run`
    }`,
  ]
}

/**
 * The loads the objective holds up to, read from the sweep's intervals (ADR 0333): up to `low`
 * it holds at the top of each interval, up to `high` at its bottom. A point with no interval
 * counts as its value; one with no value breaks.
 */
export function headroomRange(
  points: readonly SweepPoint[],
  objectiveMs: number
): { low: number | null; high: number | null } {
  const upTo = (end: 0 | 1): number | null => {
    let last: number | null = null
    for (const p of points) {
      const v = p.ttftP99.interval?.[end] ?? p.ttftP99.value
      if (v === null || !(v <= objectiveMs)) {
        break
      }
      last = p.load
    }
    return last
  }
  return { low: upTo(1), high: upTo(0) }
}

/** The whole `whatif`: fit, check, predict (and sweep). */
export function runWhatIf(w: TwinWindow, options: WhatIfOptions): WhatIfReport {
  return runSerially(whatIfRuns(w, options))
}

/**
 * {@link runWhatIf} with its seeded runs asked for in batches, for a runner that spreads a batch
 * over threads (ADR 0454); the answer is the same whichever runner drives it.
 */
export function* whatIfRuns(w: TwinWindow, options: WhatIfOptions): Runs<WhatIfReport> {
  const { report, fit } = yield* checkFitRuns(w, options.runs, options.seed, options.fewestRuns)
  const base: WhatIfReport = {
    schema: 'tokenline.whatif/v1',
    window: { start: isoFromMicros(w.fromUs as Micros), end: isoFromMicros(w.toUs as Micros) },
    windowRequests: w.total,
    fittedRequests: w.requests.n,
    requests: w.requests.n,
    fit: report,
    changes: options.changes,
    notes: [],
    predicted: null,
    sweep: null,
    refused: null,
  }
  if (fit === null || !report.ok) {
    return { ...base, refused: { reasons: report.reasons } }
  }
  const applied = applyChanges(fit, options.changes)
  if (!applied.ok) {
    return { ...base, refused: { reasons: applied.reasons } }
  }
  const { prediction: p, unseenCap } = yield* predictChangeRuns(
    fit,
    options.changes,
    applied,
    options
  )
  const range = unseenCapRange(fit.model, options.changes)
  let sweep: WhatIfReport['sweep'] = null
  if (options.sweep !== undefined) {
    const objective = options.sweep.ttftP99Ms
    const points: SweepPoint[] = []
    for (const load of options.sweep.factors) {
      const changes = { ...options.changes, loadFactor: load }
      const at = applyChanges(fit, changes)
      if (!at.ok) {
        return { ...base, refused: { reasons: at.reasons } }
      }
      // The step law's refits where a load runs past the window's batches (ADR 0333): five runs
      // more at most per load, beside the sweep's two or three.
      const sweepRuns = (cap: number | null): PredictOptions => ({
        runs: Math.max(2, Math.min(options.runs, 3)),
        seed: options.seed + 2000,
        lawRefits: { clusterOf: refitCluster(fit, changes, cap) },
      })
      const atDefault = yield* predictRuns(fit, at.cluster, at.plan, sweepRuns(null))
      let q = atDefault.measures.ttft.p99
      let ok = q.value !== null && q.value <= objective
      let lawRefits = atDefault.stepLawReach?.refits ?? 0
      // An unseen cap (ADR 0262): the load holds only if it holds with the least cap as well.
      if (range !== null && predictedPeak(atDefault) > range.windowPeak) {
        const capped = capAt(at.cluster, range.windowPeak)
        const low = yield* predictRuns(fit, capped, at.plan, sweepRuns(range.windowPeak))
        q = joinCapEnds(atDefault, low).joined.measures.ttft.p99
        const lowP99 = low.measures.ttft.p99.value
        ok = ok && lowP99 !== null && lowP99 <= objective
        lawRefits += low.stepLawReach?.refits ?? 0
      }
      points.push({ load, ttftP99: q, ok, lawRefits })
    }
    const firstBad = points.find((x) => !x.ok)
    const lastGood = [...points]
      .reverse()
      .find((x) => x.ok && (firstBad === undefined || x.load < firstBad.load))
    sweep = {
      objective: { measure: 'ttft', quantile: 'p99', ms: objective },
      points,
      breaksAt: firstBad?.load ?? null,
      headroom: lastGood?.load ?? null,
      headroomRange: headroomRange(points, objective),
    }
  }
  return {
    ...base,
    notes: [
      ...applied.notes,
      ...(unseenCap === null ? [] : unseenCapNote(unseenCap)),
      ...pastSaturation(p),
      ...uncertainFromSample(p),
      ...lawReachNote(p),
    ],
    predicted: {
      ...p.measures,
      runs: p.runs,
      replicas: p.replicas,
      saturation: p.saturation,
      sampling: p.sampling,
      stepLawReach: p.stepLawReach,
      unseenCap,
    },
    sweep,
  }
}
