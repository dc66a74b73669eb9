/**
 * The window is one sample of the traffic. Its rate and mix are known only to within their own
 * sampling noise, and near the KV or batch limit a few per cent more work decides whether the
 * queue drains (ADR 0236). A circular block bootstrap of the window's minutes measures how much
 * work another window of the same traffic could have held; the twin then also runs the resamples
 * at the low and high end of that range, so a prediction's interval carries the window's
 * uncertainty as well as the twin's own randomness.
 */
import type { Rng } from '../../core/stats/seeded-random.js'
import type { JobPlan } from './changes.js'
import type { TwinFit } from './fit.js'

/** What one run draws its jobs from: a rate and the rows of each bin. */
export interface WindowSample {
  ratePerSec: readonly number[]
  keep: ArrayLike<number>
  bins: readonly (readonly number[])[]
}

/** How the window's sampling uncertainty entered the intervals (`predicted.sampling`). */
export interface SamplingSummary {
  method: 'circular block bootstrap of the minutes holding requests'
  blockMinutes: number
  resamples: number
  /**
   * The work (KV token-steps: output × (prompt + output / 2), per request, times the rate) of
   * the resamples at the 5th and 95th percentile, as a share of the window's own; per request
   * only in a closed loop, whose rate the clients set. `null` with fewer than 3 minutes of data.
   */
  work: { low: number; high: number } | null
  /** Runs added to the intervals: 2, or 0 when both ends are within ±1 % of the window. */
  runs: number
  /** Of those runs, how many grew their engine queue through the window. */
  growing: number
}

/** Resamples drawn; only sums over bins, so even a 1M-request window costs milliseconds. */
const RESAMPLES = 200
/** The ends of the resamples' work that are run, as quantiles. */
const SAMPLE_QUANTILES = [0.05, 0.95] as const
/** Below this distance from the window's own work, a sample run repeats the seeded runs. */
const NEGLIGIBLE_WORK = 0.01

/** The fit's own sample: every bin from itself. */
export function ownSample(fit: TwinFit, bins: number[][]): WindowSample {
  return { ratePerSec: fit.model.arrival.ratePerSec, keep: fit.binKeep, bins }
}

/**
 * Block length ≈ B^(1/3) minutes (the usual order for a block bootstrap): long enough that a
 * burst stays in one block, short enough that a 20-minute window still has 7 of them.
 */
export function blockLength(activeBins: number): number {
  return Math.max(1, Math.round(Math.cbrt(activeBins)))
}

/**
 * Which source bin fills each bin of a resample. Only the bins from the first to the last that
 * holds a request are resampled: minutes outside that are where the data starts or ends, not a
 * sample of the traffic, and they stay where they are.
 */
function resampleMap(first: number, last: number, block: number, B: number, rng: Rng): Int32Array {
  const map = Int32Array.from({ length: B }, (_, b) => b)
  const span = last - first + 1
  for (let at = 0; at < span; at += block) {
    const start = rng.int(0, span - 1)
    for (let k = 0; k < block && at + k < span; k++) {
      map[first + at + k] = first + ((start + k) % span)
    }
  }
  return map
}

/** The resamples of the window at the low and high end of their work, or why there are none. */
export function sampleEnds(
  fit: TwinFit,
  plan: JobPlan,
  bins: number[][],
  rng: Rng
): { summary: SamplingSummary; samples: WindowSample[] } {
  const m = fit.model
  const o = fit.observed
  const B = bins.length
  const windowUs = m.window.toUs - m.window.fromUs
  const width = Array.from(
    { length: B },
    (_, b) => (Math.min(windowUs, (b + 1) * m.arrival.binUs) - b * m.arrival.binUs) / 1e6
  )
  const work = new Float64Array(B)
  for (let b = 0; b < B; b++) {
    let w = 0
    for (const i of bins[b]!) {
      const p = Math.min(o.promptTokens[i]!, plan.promptCap)
      const out = Math.max(1, Math.min(o.outputTokens[i]!, plan.outputCap))
      w += out * (p + out / 2)
    }
    work[b] = w
  }
  let first = 0
  while (first < B && bins[first]!.length === 0) {
    first++
  }
  let last = B - 1
  while (last > first && bins[last]!.length === 0) {
    last--
  }
  const block = blockLength(last - first + 1)
  const none = (): { summary: SamplingSummary; samples: WindowSample[] } => ({
    summary: {
      method: 'circular block bootstrap of the minutes holding requests',
      blockMinutes: block,
      resamples: 0,
      work: null,
      runs: 0,
      growing: 0,
    },
    samples: [],
  })
  if (first >= B || last - first + 1 < 3) {
    return none()
  }
  // Totals as rates times the width each bin is moved into: a short last minute moved into the
  // middle counts for a whole one.
  const totals = (map: Int32Array): { count: number; work: number; rate: number } => {
    let count = 0
    let w = 0
    let rate = 0
    for (let b = 0; b < B; b++) {
      const s = map[b]!
      const f = width[b]! / width[s]!
      count += bins[s]!.length * f
      w += work[s]! * f
      rate += m.arrival.ratePerSec[s]! * width[b]!
    }
    return { count, work: w, rate }
  }
  const own = totals(Int32Array.from({ length: B }, (_, b) => b))
  const closed = plan.closed !== null
  const drawn: { map: Int32Array; share: number; count: number; rate: number }[] = []
  for (let r = 0; r < RESAMPLES; r++) {
    const map = resampleMap(first, last, block, B, rng)
    const t = totals(map)
    const share = closed ? t.work / t.count / (own.work / own.count) : t.work / own.work
    drawn.push({ map, share, count: t.count, rate: t.rate })
  }
  drawn.sort((a, b) => a.share - b.share)
  const ends = SAMPLE_QUANTILES.map(
    (q) => drawn[Math.min(RESAMPLES - 1, Math.floor(q * RESAMPLES))]!
  )
  const summary: SamplingSummary = {
    ...none().summary,
    resamples: RESAMPLES,
    work: { low: ends[0]!.share, high: ends[1]!.share },
  }
  if (ends.every((e) => Math.abs(e.share - 1) < NEGLIGIBLE_WORK)) {
    return { summary, samples: [] }
  }
  const samples = ends.map((e): WindowSample => {
    // The denoised rates keep the window's shape; their total is set to the resample's raw
    // count, which carries the counting noise the denoising took out of each minute.
    const scale = closed || e.rate <= 0 ? 1 : e.count / own.count / (e.rate / own.rate)
    return {
      ratePerSec: Array.from(e.map, (s) => m.arrival.ratePerSec[s]! * scale),
      keep: Float64Array.from(e.map, (s) => fit.binKeep[s] ?? 1),
      bins: Array.from(e.map, (s) => bins[s]!),
    }
  })
  return { summary: { ...summary, runs: samples.length }, samples }
}
