/**
 * The open ends of the data.
 *
 * The end. A change needs a level of a few steps (excess-scan.ts:
 * `minSegmentSteps`), so a fault that began in the last minute can never be a segment, whatever
 * the change-point test would say of it a few minutes later. "Healthy" is a claim about the whole
 * window; where its last steps sit above the rest, the data cannot back that claim yet.
 *
 * The test is one-sided and weaker than a change point on purpose: it does not name a cause (it
 * has no shape or scope to name one by), it only keeps "healthy" from being confident about
 * minutes it could not judge.
 *
 * The start. The start of the data is where the recording began, not where anything started. A
 * window that opens before the data holds a level of its own has no "before" to compare with:
 *
 * ```
 * data          |▇▇▇▇▇▇▁▁▁▁▁▁▁▁▁▁▁▁▁▁▁▁▁▁|      |▁▁▁▁▁▁▇▇▇▇▇▇▇▇▇▇▇▇▇▇▁▁▁▁|
 * window         ^^^^^^ opens at the data     before ^^^^^^^^^^^^^^ window
 * the data shows  an end, not an onset        an onset: a change inside the data
 * ```
 *
 * The first is the tail of whatever ran before the recording (a burst, a warm-up, or simply how
 * the system was); the data cannot tell which, so it is not an incident's onset.
 */
import type { Finding, ScopeDimension } from '../../model/diagnosis.js'
import { microsFromIso } from '../../model/units.js'
import { quantileSorted } from '../../stats/quantile.js'
import { bucketQuantile } from '../../timeline/buckets.js'
import type { DiagnosisContext } from '../frame/context.js'
import { minSegmentSteps } from './excess-scan.js'

/**
 * Noise units (of the mean of the last steps) above which the open end is "slower than the rest":
 * about a 2 % one-sided chance for a level that did not move, a hint and not a finding.
 */
export const OPEN_END_Z = 2

/**
 * Rise of the last steps' median over the rest's, relative to that level, below which a high end
 * is no change worth a line: a TPOT 0.3 ms up on 15 ms can be many noise units of a very steady
 * series and still nothing anyone waits for (the P50 excess of detect/windows.ts needs 8 %).
 */
export const OPEN_END_RISE = 0.1
/** The dimensions a finding may be scoped to (CONTRACT §5). */
const SCOPES: readonly ScopeDimension[] = [
  'replica',
  'node',
  'version',
  'tenant',
  'route',
  'region',
  'model',
]
/** Share of the last steps' slow requests one dimension value must hold to be named. */
const OPEN_END_SCOPE_SHARE = 0.6

export interface OpenEnd {
  measure: 'ttft' | 'tpot'
  /** Mean of the last steps' medians minus the median of the earlier steps' medians (µs). */
  shiftUs: number
  /** The earlier steps' level (µs). */
  levelUs: number
  /** That shift in noise units of a mean of `steps` steps. */
  z: number
  steps: number
  /** Where the last steps begin and the data ends (epoch µs). */
  fromUs: number
  toUs: number
  /** The dimension value holding most of the last steps' slow requests, when one does. */
  scope: { dimension: ScopeDimension; value: string } | null
}

function medianOf(list: number[]): number {
  return quantileSorted(Float64Array.from(list).sort(), 0.5)
}

/** How far the last too-short-to-test steps of one measure's median sit above the rest. */
function openEndOf(
  ctx: DiagnosisContext,
  measure: 'ttft' | 'tpot',
  values: Float64Array
): OpenEnd | null {
  const k = minSegmentSteps(ctx.grid)
  const { values: p50 } = bucketQuantile(ctx.grid, ctx.frame.startUs, values, 0.5, undefined, 5)
  const series = Array.from(p50)
  const last = series.slice(-k).filter((v) => v === v)
  const rest = series.slice(0, -k).filter((v) => v === v)
  if (last.length < k || rest.length < 3 * k) {
    return null
  }
  const level = medianOf(rest)
  const diffs: number[] = []
  for (let i = 1; i < rest.length; i++) {
    diffs.push(Math.abs((rest[i] as number) - (rest[i - 1] as number)))
  }
  // MAD of first differences, scaled to one step's noise (a difference holds two steps' noise).
  const noise = (1.4826 * medianOf(diffs)) / Math.SQRT2
  if (!(noise > 0)) {
    return null
  }
  const shiftUs = last.reduce((a, v) => a + v, 0) / last.length - level
  const fromUs = ctx.grid.fromUs + (series.length - k) * ctx.grid.stepUs
  return {
    measure,
    shiftUs,
    levelUs: level,
    z: (shiftUs / noise) * Math.sqrt(last.length),
    steps: last.length,
    fromUs,
    toUs: ctx.input.window.toUs,
    scope: null,
  }
}

/**
 * The dimension value whose requests are most of the last steps' slow ones while being
 * over-represented among them: what is known of where the change is, before any cause can be
 * named.
 */
function scopeOfEnd(ctx: DiagnosisContext, end: OpenEnd, values: Float64Array): OpenEnd['scope'] {
  const f = ctx.frame
  // Slow: above the P90 of the requests before the last steps, which one in ten passes by chance.
  const before: number[] = []
  for (let i = 0; i < f.n; i++) {
    const v = values[i] as number
    if ((f.startUs[i] as number) < end.fromUs && v === v) {
      before.push(v)
    }
  }
  if (before.length === 0) {
    return null
  }
  const line = quantileSorted(Float64Array.from(before).sort(), 0.9)
  let best: { dimension: ScopeDimension; value: string; lift: number } | null = null
  for (const dimension of SCOPES) {
    const col = f.dims[dimension]
    const k = col.values.length
    if (k < 2 || k > 64) {
      continue
    }
    const all = new Float64Array(k)
    const slow = new Float64Array(k)
    let slowN = 0
    let allN = 0
    for (let i = 0; i < f.n; i++) {
      const c = col.codes[i] as number
      const v = values[i] as number
      if (c < 0 || (f.startUs[i] as number) < end.fromUs || v !== v) {
        continue
      }
      all[c] = (all[c] as number) + 1
      allN++
      if (v > line) {
        slow[c] = (slow[c] as number) + 1
        slowN++
      }
    }
    for (let c = 0; c < k && slowN >= 5; c++) {
      const share = (slow[c] as number) / slowN
      const lift = share / Math.max(1e-9, (all[c] as number) / allN)
      // The narrowest value that holds them: a replica before the node it runs on.
      if (share >= OPEN_END_SCOPE_SHARE && lift >= 1.5 && (best === null || lift > best.lift)) {
        best = { dimension, value: col.values[c] as string, lift }
      }
    }
  }
  return best === null ? null : { dimension: best.dimension, value: best.value }
}

/**
 * The measure whose last steps sit at least {@link OPEN_END_Z} noise units and
 * {@link OPEN_END_RISE} of its level high, or null.
 */
export function openEnd(ctx: DiagnosisContext): OpenEnd | null {
  const values = { ttft: ctx.frame.ttftUserUs, tpot: ctx.frame.tpotUs }
  const found = [openEndOf(ctx, 'ttft', values.ttft), openEndOf(ctx, 'tpot', values.tpot)]
    .filter(
      (x): x is OpenEnd => x !== null && x.z >= OPEN_END_Z && x.shiftUs >= OPEN_END_RISE * x.levelUs
    )
    .sort((a, b) => b.z - a.z)[0]
  return found === undefined
    ? null
    : { ...found, scope: scopeOfEnd(ctx, found, values[found.measure]) }
}

export interface OpenStart {
  /** Where the data's first step begins (epoch µs). */
  dataFromUs: number
  /** Where the window that opened with the data ends (epoch µs). */
  endUs: number
}

/**
 * Whether `window` opens at the start of the data: fewer than `minSegmentSteps` steps with
 * requests precede it (the least the change-point test takes for a level), while at least as
 * many follow it, so the data shows the window ending, not starting. A window that also runs to
 * the data's end holds no change in time at all and is left to what it stands on (a saturated
 * resource, a concentration). Null when the window does not open with the data.
 */
export function opensWithData(ctx: DiagnosisContext, window: Finding['window']): OpenStart | null {
  if (window === null) {
    return null
  }
  const fromUs = microsFromIso(window.start)
  const toUs = microsFromIso(window.end)
  const { grid, traffic } = ctx
  const first = traffic.findIndex((n) => n > 0)
  if (fromUs === null || toUs === null || first < 0) {
    return null
  }
  let last = traffic.length - 1
  while (last > first && !((traffic[last] as number) > 0)) {
    last--
  }
  const k = minSegmentSteps(grid)
  const dataFromUs = grid.fromUs + first * grid.stepUs
  const dataToUs = grid.fromUs + (last + 1) * grid.stepUs
  const before = Math.floor((fromUs - dataFromUs) / grid.stepUs)
  const after = Math.floor((dataToUs - toUs) / grid.stepUs)
  return before < k && after >= k ? { dataFromUs, endUs: toUs } : null
}
