/**
 * Counters and histograms keyed by label values, read out as exposition families. Label values
 * are kept in the order of the instrument's label names, so one key per series is a join.
 */
import type { Exemplar, HistogramSample, MetricFamily, ScalarSample } from './exposition.js'

function keyOf(values: readonly string[]): string {
  return values.join('\u0000')
}

function labelsOf(names: readonly string[], values: readonly string[]): Record<string, string> {
  const labels: Record<string, string> = {}
  names.forEach((n, i) => (labels[n] = values[i] ?? ''))
  return labels
}

export interface Counter {
  /** Adds `n` (default 1) to the series of these label values, in label-name order. */
  inc(values: readonly string[], n?: number): void
  family(): MetricFamily
}

/** A monotonic counter (exposed as `<name>_total`). */
export function createCounter(name: string, help: string, labelNames: readonly string[]): Counter {
  const series = new Map<string, { values: readonly string[]; value: number }>()
  return {
    inc(values, n = 1) {
      const key = keyOf(values)
      const s = series.get(key)
      if (s === undefined) {
        series.set(key, { values: [...values], value: n })
      } else {
        s.value += n
      }
    },
    family() {
      const samples: ScalarSample[] = [...series.values()].map((s) => ({
        labels: labelsOf(labelNames, s.values),
        value: s.value,
      }))
      // Without labels there is one series, and nothing counted yet is a known 0.
      if (labelNames.length === 0 && samples.length === 0) {
        samples.push({ labels: {}, value: 0 })
      }
      return { name, type: 'counter', help, samples }
    },
  }
}

export interface Histogram {
  observe(values: readonly string[], value: number, exemplar?: Exemplar): void
  family(): MetricFamily
}

interface HistogramSeries {
  values: readonly string[]
  counts: number[]
  sum: number
  exemplars: (Exemplar | null)[]
}

/** Index of the first bucket whose upper bound holds `value` (bounds ascending; +Inf last). */
function bucketOf(bounds: readonly number[], value: number): number {
  let lo = 0
  let hi = bounds.length
  while (lo < hi) {
    const mid = (lo + hi) >> 1
    if (value <= (bounds[mid] as number)) {
      hi = mid
    } else {
      lo = mid + 1
    }
  }
  return lo
}

/** A histogram with fixed bounds; each bucket keeps the exemplar last observed in it. */
export function createHistogram(
  family: { name: string; help: string; unit?: string },
  labelNames: readonly string[],
  bounds: readonly number[]
): Histogram {
  const series = new Map<string, HistogramSeries>()
  return {
    observe(values, value, exemplar) {
      if (!Number.isFinite(value)) {
        return
      }
      const key = keyOf(values)
      let s = series.get(key)
      if (s === undefined) {
        s = {
          values: [...values],
          counts: new Array<number>(bounds.length + 1).fill(0),
          sum: 0,
          exemplars: new Array<Exemplar | null>(bounds.length + 1).fill(null),
        }
        series.set(key, s)
      }
      const i = bucketOf(bounds, value)
      s.counts[i] = (s.counts[i] ?? 0) + 1
      s.sum += value
      if (exemplar !== undefined) {
        s.exemplars[i] = exemplar
      }
    },
    family() {
      const samples: HistogramSample[] = [...series.values()].map((s) => ({
        labels: labelsOf(labelNames, s.values),
        bounds,
        counts: s.counts,
        sum: s.sum,
        exemplars: s.exemplars,
      }))
      return { ...family, type: 'histogram', samples }
    },
  }
}

/** A gauge family from values read at scrape time. */
export function gaugeFamily(
  name: string,
  help: string,
  samples: readonly ScalarSample[],
  unit?: string
): MetricFamily {
  return unit === undefined
    ? { name, type: 'gauge', help, samples }
    : { name, type: 'gauge', help, unit, samples }
}
