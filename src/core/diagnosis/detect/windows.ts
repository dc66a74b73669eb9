/**
 * A finding's window from the consensus of robust signals instead of the noisiest one. TTFT P99
 * per step is noisy at low load (on a real vLLM overload its change started 256 s before the
 * fault, where the workload-normalised P50 excess had the start within 4 s). Three signals vote:
 *
 * ```
 * P50 excess per step   ▁▁▁▁▁▁▁▁▇▇▇▇▇▇▇▇▁▁    start 8   end 15
 * P90 excess per step   ▁▁▁▁▁▁▁▆▇▇▇▇▇▇▇▇▁▁    start 7   end 15
 * P99 change points     ▁▁▁▁▇▁▁▇▇▇▇▇▇▇▇▇▇▁    start 4   end 16
 *                                            ───────────────────
 *                       consensus (median)    start 7   end 15
 * ```
 *
 * Only a window that came from a P99 change is re-voted; one that came from the cause's own
 * excess, a stage's own series, or a recorded instant (a version's first request, a start event)
 * is kept. The finding's measure votes with its P50 and P90 excess per step (masked to the
 * finding's scope) and its P99 change; the other of TTFT and TPOT votes too, since a cause that
 * slows both shows its start most clearly where it hits hardest. With an even count the more
 * robust signal (P50, then P90, then P99; own measure first) breaks the tie. A signal that does
 * not overlap the finding's window speaks of another change and has no vote.
 */
import type { Finding } from '../../model/diagnosis.js'
import type { DurationMeasure } from '../../model/request.js'
import { bucketsWrittenAs, windowOfBuckets } from '../frame/window-span.js'
import { medianOf, quantileSorted, sortedFinite } from '../../stats/quantile.js'
import { bucketQuantile } from '../../timeline/buckets.js'
import type { DiagnosisContext, TimeChange } from '../frame/context.js'
import { elementMask, type RequestFrame } from '../frame/frame.js'
import {
  elevatedSpan,
  minSegmentSteps,
  type MeasureAnomaly,
  type ScanMeasure,
} from './excess-scan.js'

interface Signal {
  /** Lower is more robust; breaks ties between two votes. */
  rank: number
  from: number
  to: number
}

/** Per-step relative rise a P50 / P90 excess needs to count (all requests; one scope). */
export const P50_RISE = 0.08
const P50_RISE_SCOPED = 0.15
const P90_RISE = 0.15
const P90_RISE_SCOPED = 0.25
/** A step's quantile needs this many requests (fewer: the step has no value). */
const MIN_PER_STEP = 5

const SCAN_OF: Record<DurationMeasure, readonly ScanMeasure[]> = {
  ttft: ['ttft', 'ttft_server'],
  tpot: ['tpot'],
  itl_max: ['itl_max'],
  e2e: ['e2e'],
}

function scopeMask(frame: RequestFrame, f: Finding): Uint8Array | undefined {
  const { dimension, value } = f.scope
  if (dimension === null || value === null || !(dimension in frame.dims)) {
    return undefined
  }
  return elementMask(frame, [dimension], [value])
}

/**
 * The `q` quantile of `values` in a typical step: the median over the steps of each step's own
 * quantile; the window's when no step has requests enough for one (a thin scope), NaN without any
 * value. Not the window's quantile otherwise: a fault that holds more than a tenth of the
 * window's requests sets the window's P90 itself (contract seed 61 `engine.kv_cache_pressure#1`:
 * 486 s, against 0.22 s in a typical step), and the steps that open the fault, tens of seconds
 * above their calm level, then read as too small a rise to count.
 */
function typicalStep(
  ctx: DiagnosisContext,
  frame: RequestFrame,
  values: Float64Array,
  q: number,
  mask: Uint8Array | undefined
): number {
  const perStep = bucketQuantile(ctx.grid, frame.startUs, values, q, mask, MIN_PER_STEP).values
  const valued = perStep.filter((v) => v === v)
  if (valued.length > 0) {
    return medianOf(valued)
  }
  const sorted = sortedFinite(values, mask)
  return sorted.length === 0 ? NaN : quantileSorted(sorted, q)
}

function excessSignals(
  ctx: DiagnosisContext,
  frame: RequestFrame,
  mask: Uint8Array | undefined,
  a: MeasureAnomaly
): Signal[] {
  const scoped = mask !== undefined
  const out: Signal[] = []
  for (const [rank, q, rise] of [
    [0, 0.5, scoped ? P50_RISE_SCOPED : P50_RISE],
    [1, 0.9, scoped ? P90_RISE_SCOPED : P90_RISE],
  ] as const) {
    const typical = typicalStep(ctx, frame, a.values, q, mask)
    if (typical !== typical) {
      return out
    }
    const series = bucketQuantile(ctx.grid, frame.startUs, a.excessUs, q, mask, MIN_PER_STEP)
    // The excess is measured against the level of the measure itself, so a rise is relative to
    // what a request takes, not to an excess near zero.
    const span = elevatedSpan(
      series.values,
      Math.max(1, typical),
      rise,
      4,
      minSegmentSteps(ctx.grid)
    )
    if (span !== null) {
      out.push({ rank, from: span.from, to: span.to })
    }
  }
  return out
}

function p99Signal(change: TimeChange): Signal[] {
  return change.elevated === null
    ? []
    : [{ rank: 2, from: change.elevated.start, to: change.elevated.end }]
}

/** Median of the votes; with an even count, the more robust of the two middle ones. */
function vote(values: { rank: number; at: number }[]): number {
  const s = [...values].sort((x, y) => x.at - y.at)
  if (s.length % 2 === 1) {
    return (s[(s.length - 1) / 2] as { at: number }).at
  }
  const lo = s[s.length / 2 - 1] as { rank: number; at: number }
  const hi = s[s.length / 2] as { rank: number; at: number }
  return lo.rank <= hi.rank ? lo.at : hi.at
}

/** The finding's own measure first, then the other of TTFT and TPOT. */
function votingMeasures(measure: DurationMeasure): DurationMeasure[] {
  return measure === 'tpot' || measure === 'itl_max' ? [measure, 'ttft'] : [measure, 'tpot']
}

function anomalyOf(
  anomalies: readonly MeasureAnomaly[],
  m: DurationMeasure
): MeasureAnomaly | undefined {
  return SCAN_OF[m]
    .map((x) => anomalies.find((y) => y.measure === x && y.stage === null))
    .find((x) => x !== undefined)
}

/**
 * A window for a scoped finding that has none: its rule judged load or shares, and its excess was
 * read over the whole window (a replica out of line with its peers), yet the scope's own P50 and
 * P90 excess per step may still show where it began and ended. Two of them must agree that there
 * is a change; without one the finding stays without a window (a standing difference).
 */
function scopedWindow(
  ctx: DiagnosisContext,
  frame: RequestFrame,
  anomalies: readonly MeasureAnomaly[],
  f: Finding,
  measure: DurationMeasure
): Finding['window'] {
  const mask = scopeMask(frame, f)
  if (mask === undefined) {
    return null
  }
  const signals = votingSignals(ctx, frame, anomalies, measure, mask, false)
  return signals.length < 2 ? null : votedWindow(ctx, signals)
}

/**
 * The signals finding windows vote with: the excess spans of `measure` first, then of the other
 * of TTFT and TPOT (ranked after them), and, when `withP99`, each measure's P99 change too.
 */
function votingSignals(
  ctx: DiagnosisContext,
  frame: RequestFrame,
  anomalies: readonly MeasureAnomaly[],
  measure: DurationMeasure,
  mask: Uint8Array | undefined,
  withP99: boolean
): Signal[] {
  const signals: Signal[] = []
  votingMeasures(measure).forEach((m, k) => {
    const a = anomalyOf(anomalies, m)
    const own = a ? excessSignals(ctx, frame, mask, a) : []
    const change = m === 'ttft' || m === 'e2e' ? ctx.ttftChange : ctx.tpotChange
    for (const s of withP99 ? [...own, ...p99Signal(change)] : own) {
      signals.push({ ...s, rank: s.rank + 3 * k })
    }
  })
  return signals
}

/** The window the signals' ranked votes give for start and end; null when they cross. */
function votedWindow(ctx: DiagnosisContext, signals: readonly Signal[]): Finding['window'] {
  const start = vote(signals.map((s) => ({ rank: s.rank, at: s.from })))
  const end = vote(signals.map((s) => ({ rank: s.rank, at: s.to })))
  return end < start
    ? null
    : windowOfBuckets(ctx.grid, { from: start, to: end }, ctx.input.window.toUs)
}

/**
 * The consensus window of finding `f` whose measure is `measure`; the finding's own window when
 * fewer than two signals overlap it (or it has none).
 */
export function consensusWindow(
  ctx: DiagnosisContext,
  frame: RequestFrame,
  anomalies: readonly MeasureAnomaly[],
  f: Finding,
  measure: DurationMeasure
): Finding['window'] {
  if (f.window === null) {
    // Only a routing skew: its rule judges shares and never gives a window. On other causes a
    // window where there was none changes what the rest of the diagnosis reads (grid seed 43 run
    // 81: a standing slow node got one, its difference "grew" inside it, and it was called
    // node.degraded).
    return f.cause === 'routing.imbalance' ? scopedWindow(ctx, frame, anomalies, f, measure) : null
  }
  const { grid } = ctx
  const range = bucketsWrittenAs(grid, f.window)
  if (range === null) {
    return f.window
  }
  const { from, to } = range
  // Only a window taken from a P99 change is re-voted: one from the finding's own excess, a
  // stage's own series or a scope's series already comes from a robust signal of that cause.
  const fromP99 = [ctx.ttftChange, ctx.tpotChange].some(
    (c) => c.elevated !== null && c.elevated.start === from && c.elevated.end === to
  )
  if (!fromP99) {
    return f.window
  }
  // Scoped findings vote with their scope's series; the P99 change is everyone's and is left out.
  const mask = scopeMask(frame, f)
  const scoped = mask !== undefined
  // The finding's own measure votes first; the other of TTFT and TPOT votes too, because a cause
  // that slows both (KV pressure, a slow node) shows its start most clearly where it hits hardest.
  const overlapping = votingSignals(ctx, frame, anomalies, measure, mask, !scoped).filter(
    (s) => s.from <= to && from <= s.to
  )
  if (overlapping.length < 2) {
    return f.window
  }
  return votedWindow(ctx, overlapping) ?? f.window
}
