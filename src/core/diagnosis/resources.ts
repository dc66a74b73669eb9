/**
 * Resource series on the diagnosis grid: counters become per-second rates (resets handled),
 * percentages become 0..1, every series is averaged into the grid's buckets and keyed by the
 * replica (or node) its labels name. A proxy's series are keyed by the upstream they are about
 * (a replica when the proxy names it so) or by the proxy part, never by the proxy's own pod.
 */
import { proxySeriesJoin } from '../metrics/aliases.js'
import type { BucketGrid } from '../timeline/buckets.js'
import { bucketMean } from '../timeline/buckets.js'
import type { ResourceSeries } from './frame/input.js'
import {
  NODE_LABELS,
  REPLICA_LABELS,
  RESOURCE_FAMILIES,
  seriesBelongsTo,
  type ResourceKind,
} from './metric-families.js'

export interface ResourceView {
  kind: ResourceKind
  metric: string
  /** Bucketed series per key (replica, else node, else the label set), same unit as the family. */
  byKey: Map<string, Float64Array>
  /** Which dimension the keys are: 'replica', 'node' or 'series'. */
  keyDimension: 'replica' | 'node' | 'series'
  /** Per-bucket mean over keys. */
  mean: Float64Array
  /** Per-bucket max over keys. */
  max: Float64Array
  /** Per-bucket sum over keys (NaN where no key has a value): a rate summed across proxies. */
  sum: Float64Array
}

/** Per-second rate of a cumulative counter; a drop is a reset (the new value is the increase). */
export function counterRate(
  points: readonly { timeUs: number; value: number }[]
): { timeUs: number; value: number }[] {
  const out: { timeUs: number; value: number }[] = []
  for (let i = 1; i < points.length; i++) {
    const a = points[i - 1]!
    const b = points[i]!
    const dt = (b.timeUs - a.timeUs) / 1e6
    if (dt <= 0) {
      continue
    }
    const inc = b.value >= a.value ? b.value - a.value : b.value
    out.push({ timeUs: b.timeUs, value: inc / dt })
  }
  return out
}

function keyOf(
  metric: string,
  labels: Record<string, string>,
  replicas: ReadonlySet<string>,
  nodes: ReadonlySet<string>
): { key: string; dim: 'replica' | 'node' | 'series' } {
  // A proxy's own `pod` label names the proxy, not a replica: its series are about the upstream
  // it serves (a replica when the names meet) or about one of its frontends or backends.
  const proxy = proxySeriesJoin(metric, labels)
  if (proxy.upstream !== null) {
    return { key: proxy.upstream, dim: replicas.has(proxy.upstream) ? 'replica' : 'series' }
  }
  if (proxy.proxy !== null || isProxyMetric(metric)) {
    return { key: proxy.proxy ?? seriesId(labels), dim: 'series' }
  }
  for (const l of REPLICA_LABELS) {
    const v = labels[l]
    if (v !== undefined && replicas.has(v)) {
      return { key: v, dim: 'replica' }
    }
  }
  for (const l of NODE_LABELS) {
    const v = labels[l]
    if (v !== undefined && nodes.has(v)) {
      return { key: v, dim: 'node' }
    }
  }
  const pod = labels['pod'] ?? labels['replica']
  if (pod !== undefined) {
    return { key: pod, dim: 'replica' }
  }
  return { key: seriesId(labels), dim: 'series' }
}

function seriesId(labels: Record<string, string>): string {
  return Object.entries(labels)
    .filter(([k]) => k !== '__name__' && k !== 'le')
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([k, v]) => `${k}=${v}`)
    .join(',')
}

/** The proxies' metric families (their names, not their labels, say so). */
function isProxyMetric(metric: string): boolean {
  return /^(haproxy|caddy|nginx|envoy)_/.test(metric)
}

/** Builds one view per resource kind present in `series`. */
export function buildResourceViews(
  series: readonly ResourceSeries[],
  grid: BucketGrid,
  replicas: ReadonlySet<string>,
  nodes: ReadonlySet<string>
): Map<ResourceKind, ResourceView> {
  const views = new Map<ResourceKind, ResourceView>()
  const spec = new Map(RESOURCE_FAMILIES.map((f) => [f.kind, f]))
  const dimCount = new Map<ResourceKind, Record<string, number>>()
  for (const s of series) {
    const fam = spec.get(s.kind)
    if (fam === undefined || !seriesBelongsTo(fam, s.labels)) {
      continue
    }
    const sorted = [...s.points].sort((a, b) => a.timeUs - b.timeUs)
    // sglang:num_retracted_reqs may be exposed as a gauge: only rate it when it never decreases much.
    const points = fam.counter ? counterRate(sorted) : sorted
    const scaled =
      fam.scale === 1
        ? points
        : points.map((p) => ({ timeUs: p.timeUs, value: p.value * fam.scale }))
    const bucketed = bucketMean(grid, scaled)
    let view = views.get(s.kind)
    if (view === undefined) {
      view = {
        kind: s.kind,
        metric: s.metric,
        byKey: new Map(),
        keyDimension: 'series',
        mean: new Float64Array(grid.count).fill(NaN),
        max: new Float64Array(grid.count).fill(NaN),
        sum: new Float64Array(grid.count).fill(NaN),
      }
      views.set(s.kind, view)
      dimCount.set(s.kind, {})
    }
    const { key, dim } = keyOf(s.metric, s.labels, replicas, nodes)
    const counts = dimCount.get(s.kind)!
    counts[dim] = (counts[dim] ?? 0) + 1
    const prev = view.byKey.get(key)
    if (prev === undefined) {
      view.byKey.set(key, bucketed)
    } else {
      // Several series for one key (e.g. one per GPU or per model): average them.
      for (let b = 0; b < grid.count; b++) {
        const x = prev[b] as number
        const y = bucketed[b] as number
        prev[b] = x !== x ? y : y !== y ? x : (x + y) / 2
      }
    }
  }
  for (const [kind, view] of views) {
    const counts = dimCount.get(kind)!
    view.keyDimension = (['replica', 'node', 'series'] as const).reduce((best, d) =>
      (counts[d] ?? 0) > (counts[best] ?? 0) ? d : best
    )
    for (let b = 0; b < grid.count; b++) {
      let sum = 0
      let n = 0
      let max = -Infinity
      for (const arr of view.byKey.values()) {
        const v = arr[b] as number
        if (v === v) {
          sum += v
          n++
          max = Math.max(max, v)
        }
      }
      if (n > 0) {
        view.mean[b] = sum / n
        view.max[b] = max
        view.sum[b] = sum
      }
    }
  }
  return views
}

/** Mean of the finite entries of `series` within bucket range [from, to] (inclusive); NaN when none. */
export function meanOver(series: Float64Array, from = 0, to = series.length - 1): number {
  let sum = 0
  let n = 0
  for (let b = Math.max(0, from); b <= Math.min(series.length - 1, to); b++) {
    const v = series[b] as number
    if (v === v) {
      sum += v
      n++
    }
  }
  return n === 0 ? NaN : sum / n
}

/** Mean of the finite entries outside [from, to]; NaN when none. */
export function meanOutside(series: Float64Array, from: number, to: number): number {
  let sum = 0
  let n = 0
  for (let b = 0; b < series.length; b++) {
    if (b >= from && b <= to) {
      continue
    }
    const v = series[b] as number
    if (v === v) {
      sum += v
      n++
    }
  }
  return n === 0 ? NaN : sum / n
}

/** Max of finite entries in [from, to]; NaN when none. */
export function maxOver(series: Float64Array, from = 0, to = series.length - 1): number {
  let max = NaN
  for (let b = Math.max(0, from); b <= Math.min(series.length - 1, to); b++) {
    const v = series[b] as number
    if (v === v && !(v <= max)) {
      max = v
    }
  }
  return max
}
