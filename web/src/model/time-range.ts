/** Time ranges of the view: relative presets or an absolute window, resolved to epoch ms. */

export const RANGE_PRESETS = ['15m', '1h', '6h', '24h', 'all'] as const
export type RangePreset = (typeof RANGE_PRESETS)[number]

/** `auto`: the default view, the last hour fitted to the data when the data is shorter. */
export type RangeSpec =
  | { kind: 'auto' }
  | { kind: 'preset'; preset: RangePreset }
  | { kind: 'absolute'; fromMs: number; toMs: number }

export interface ResolvedRange {
  fromMs: number
  toMs: number
}

const PRESET_MS: Record<Exclude<RangePreset, 'all'>, number> = {
  '15m': 15 * 60_000,
  '1h': 60 * 60_000,
  '6h': 6 * 60 * 60_000,
  '24h': 24 * 60 * 60_000,
}

/** Data counts as live when its newest point is this close to now. */
export const LIVE_WINDOW_MS = 5 * 60_000

/**
 * Resolves a range against the data. Presets end at `nowMs` when the data is live, else at the
 * data's end, so imported data from last month still opens on something; a relative window
 * lies on whole steps of its chart step (`onStepEdges`). `extent` is the data's time span (null when the store is empty).
 */
export function resolveRange(
  spec: RangeSpec,
  extent: { startMs: number; endMs: number } | null,
  nowMs: number
): ResolvedRange {
  if (spec.kind === 'absolute') {
    return { fromMs: spec.fromMs, toMs: Math.max(spec.toMs, spec.fromMs + 1000) }
  }
  const range = relativeRange(spec, extent, nowMs)
  const length =
    spec.kind === 'auto' ? PRESET_MS['1h'] : spec.preset === 'all' ? null : PRESET_MS[spec.preset]
  return onStepEdges(range, range.toMs - range.fromMs === length)
}

/**
 * A relative window on whole steps of its own chart step (ADR 0289): the server answers a window
 * whose edges fall on the store rollup's buckets from the rollup alone, while an edge inside a
 * bucket is read from the rows, for every chart of every open. The end moves forward onto the
 * next step, so the data's end (or now) stays inside; a "last N" window keeps its length, a
 * window fitted to the data widens its start back onto a step, so the data's start stays inside.
 * Kept as it was when the move would change the step.
 */
function onStepEdges(range: ResolvedRange, keepLength: boolean): ResolvedRange {
  const step = chooseStepMs(range)
  const toMs = Math.ceil(range.toMs / step) * step
  const fromMs = keepLength
    ? toMs - (range.toMs - range.fromMs)
    : Math.floor(range.fromMs / step) * step
  const moved = { fromMs, toMs }
  return fromMs % step === 0 && chooseStepMs(moved) === step ? moved : range
}

function relativeRange(
  spec: Exclude<RangeSpec, { kind: 'absolute' }>,
  extent: { startMs: number; endMs: number } | null,
  nowMs: number
): ResolvedRange {
  const live = extent === null || extent.endMs >= nowMs - LIVE_WINDOW_MS
  const endMs = live ? nowMs : extent.endMs + 1
  if (spec.kind === 'auto') {
    // The last hour, but never hours of empty chart before data that began 20 minutes ago.
    const fromMs = endMs - PRESET_MS['1h']
    if (extent === null || extent.startMs <= fromMs) {
      return { fromMs, toMs: endMs }
    }
    const pad = Math.max(1000, (endMs - extent.startMs) * 0.02)
    return { fromMs: Math.min(extent.startMs - pad, endMs - 60_000), toMs: endMs }
  }
  if (spec.preset === 'all') {
    if (extent === null) {
      return { fromMs: nowMs - PRESET_MS['1h'], toMs: nowMs }
    }
    // A little room on both sides so the first and last buckets are not clipped.
    const pad = Math.max(1000, (extent.endMs - extent.startMs) * 0.01)
    return {
      fromMs: extent.startMs - pad,
      toMs: Math.max(extent.endMs + pad, extent.startMs + 60_000),
    }
  }
  return { fromMs: endMs - PRESET_MS[spec.preset], toMs: endMs }
}

const NICE_STEPS_MS = [
  1_000, 2_000, 5_000, 10_000, 15_000, 30_000, 60_000, 120_000, 300_000, 600_000, 900_000,
  1_800_000, 3_600_000, 7_200_000, 10_800_000, 21_600_000, 43_200_000, 86_400_000,
]

/** The smallest "nice" step giving at most `maxBuckets` buckets over the window. */
export function chooseStepMs(range: ResolvedRange, maxBuckets = 240): number {
  const spanMs = Math.max(1, range.toMs - range.fromMs)
  for (const step of NICE_STEPS_MS) {
    if (spanMs / step <= maxBuckets) {
      return step
    }
  }
  return NICE_STEPS_MS[NICE_STEPS_MS.length - 1] ?? 86_400_000
}

/** The step as a query parameter: `15s`, `5m`, `1h`. */
export function formatStepParam(stepMs: number): string {
  if (stepMs % 3_600_000 === 0) {
    return `${stepMs / 3_600_000}h`
  }
  if (stepMs % 60_000 === 0) {
    return `${stepMs / 60_000}m`
  }
  return `${Math.max(1, Math.round(stepMs / 1000))}s`
}

/** Bucket starts (epoch ms) aligned to the epoch, covering `[fromMs, toMs)`. */
export function bucketGrid(range: ResolvedRange, stepMs: number): number[] {
  const out: number[] = []
  const first = Math.floor(range.fromMs / stepMs) * stepMs
  for (let t = first; t < range.toMs; t += stepMs) {
    out.push(t)
  }
  return out
}
