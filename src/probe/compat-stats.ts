import { percentile } from './stats.js'

/**
 * The summary statistics of the tools `--compat` imitates, each computed their way.
 *
 * - numpy defaults (vLLM `vllm bench serve`, AIPerf): mean, population standard deviation
 *   (`np.std`, ddof 0), and percentiles by linear interpolation between closest ranks
 *   (`np.percentile`, method "linear": rank = p/100 · (n − 1)).
 * - GuideLLM `DistributionSummary.from_values`: values may carry weights; equal values are
 *   merged, weights are normalised into a probability mass, and percentile p is the smallest
 *   value whose cumulative probability reaches p (`np.searchsorted(cdf, p, side="left")`), an
 *   inverse-CDF, nearest-rank rule with no interpolation. Mean and variance are weighted; `count`
 *   is the rounded sum of weights, `total_sum` = mean · count.
 */

/** numpy-style summary: `np.mean`, `np.std`, `np.median`, `np.percentile` (linear). */
export interface NumpySummary {
  count: number
  mean: number
  std: number
  min: number
  max: number
  /** `q(p)` = `np.percentile(values, p)`. */
  q(p: number): number
}

/** Summarises `values` as numpy does; an empty list summarises as `[0]` (vLLM's `x or 0`). */
export function numpySummary(values: readonly number[]): NumpySummary {
  const v = values.length === 0 ? [0] : [...values].sort((a, b) => a - b)
  let sum = 0
  for (const x of v) {
    sum += x
  }
  const mean = sum / v.length
  let sq = 0
  for (const x of v) {
    sq += (x - mean) ** 2
  }
  return {
    count: values.length,
    mean,
    std: Math.sqrt(sq / v.length),
    min: v[0] as number,
    max: v[v.length - 1] as number,
    q: (p) => percentile(v, p) as number,
  }
}

/** GuideLLM's percentile points, by field name. */
export const GUIDELLM_PERCENTILES = {
  p001: 0.001,
  p01: 0.01,
  p05: 0.05,
  p10: 0.1,
  p25: 0.25,
  p50: 0.5,
  p75: 0.75,
  p90: 0.9,
  p95: 0.95,
  p99: 0.99,
  p999: 0.999,
} as const

/** GuideLLM's `DistributionSummary`, field for field. */
export interface GuidellmDistribution {
  mean: number
  median: number
  mode: number
  variance: number
  std_dev: number
  min: number
  max: number
  count: number
  total_sum: number
  percentiles: Record<keyof typeof GUIDELLM_PERCENTILES, number>
}

const EPSILON = 1e-6

/** `DistributionSummary.from_values` over `[value, weight]` pairs (weight 1 for plain values). */
export function guidellmDistribution(
  pairs: readonly (readonly [number, number])[]
): GuidellmDistribution {
  const zeroPercentiles = Object.fromEntries(
    Object.keys(GUIDELLM_PERCENTILES).map((k) => [k, 0])
  ) as GuidellmDistribution['percentiles']
  if (pairs.length === 0) {
    return {
      mean: 0,
      median: 0,
      mode: 0,
      variance: 0,
      std_dev: 0,
      min: 0,
      max: 0,
      count: 0,
      total_sum: 0,
      percentiles: zeroPercentiles,
    }
  }
  let weightSum = 0
  for (const [, w] of pairs) {
    weightSum += w
  }
  const count = Math.round(weightSum)
  // merge equal values (np.unique + np.add.at), then drop zero weights
  const merged = new Map<number, number>()
  for (const [v, w] of pairs) {
    merged.set(v, (merged.get(v) ?? 0) + w)
  }
  let entries = [...merged.entries()].filter(([, w]) => w > 0).sort((a, b) => a[0] - b[0])
  let total = entries.reduce((s, [, w]) => s + w, 0)
  if (total <= EPSILON) {
    // no usable weights: GuideLLM falls back to a uniform distribution over the values
    entries = [...merged.keys()].sort((a, b) => a - b).map((v) => [v, 1])
    total = entries.length
  }
  if (entries.length === 0) {
    return { ...guidellmDistribution([]), count }
  }
  const values = entries.map(([v]) => v)
  const probs = entries.map(([, w]) => w / total)
  const cdf: number[] = []
  let acc = 0
  for (const p of probs) {
    acc += p
    cdf.push(acc)
  }
  const at = (p: number): number => {
    let i = cdf.findIndex((c) => c >= p)
    if (i === -1) {
      // searchsorted past the end: numpy would index out of range; GuideLLM never gets here
      // because the cdf ends at 1 within rounding; take the largest value
      i = values.length - 1
    }
    return values[i] as number
  }
  const percentiles = Object.fromEntries(
    Object.entries(GUIDELLM_PERCENTILES).map(([k, p]) => [k, at(p)])
  ) as GuidellmDistribution['percentiles']
  let mean = 0
  values.forEach((v, i) => {
    mean += v * (probs[i] as number)
  })
  let variance = 0
  values.forEach((v, i) => {
    variance += (v - mean) ** 2 * (probs[i] as number)
  })
  let modeIndex = 0
  probs.forEach((p, i) => {
    if (p > (probs[modeIndex] as number)) {
      modeIndex = i
    }
  })
  return {
    mean,
    median: percentiles.p50,
    mode: values[modeIndex] as number,
    variance,
    std_dev: Math.sqrt(variance),
    min: values[0] as number,
    max: values[values.length - 1] as number,
    count,
    total_sum: mean * count,
    percentiles,
  }
}
