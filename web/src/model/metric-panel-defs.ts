import { metricNamesFor } from '../../../src/core/metrics/aliases.js'
import {
  alignPoints,
  combineAligned,
  ratioAligned,
  scaleAligned,
  type Aggregate,
  type Point,
} from './align.js'

/** One metric read: the first name of `names` that the server has (vLLM first, then aliases). */
export interface MetricSource {
  names: readonly string[]
  fn: 'raw' | 'rate'
}

/** One drawn line of a metric panel. */
export interface MetricLine {
  label: string
  source: MetricSource
  /** How points fall into a grid bucket. */
  bucket: Aggregate
  /** How series (replicas, GPUs) combine; `each` draws one line per series (up to a cap). */
  reduce: 'sum' | 'mean' | 'max' | 'each'
  /** When set, the line is `source / denominator` (e.g. prefix-cache hits / queries). */
  denominator?: MetricSource
  scale?: number
  axis?: 'left' | 'right'
  dash?: boolean
  /**
   * A configured limit (HAProxy maxconn): drawn only when it is close enough to the other lines
   * to leave them readable, else named in the panel header instead.
   */
  limit?: boolean
}

/** Where a panel's metrics come from, for the hint shown when they are missing. */
export type MetricOrigin = 'engine' | 'dcgm' | 'gateway'

export interface MetricPanelDef {
  id: string
  origin: MetricOrigin
  title: string
  unit: string
  rightUnit?: string
  lines: MetricLine[]
  /** Alternative lines when the primary source of the first line is absent (SGLang). */
  fallback?: MetricLine[]
}

// The engine families come from core's alias table (CONTRACT §2), the one list of their names.
const WAITING = metricNamesFor('requests_waiting')
const RUNNING = metricNamesFor('requests_running')
const KV = metricNamesFor('kv_cache_usage')

/** The metric panels of the dashboard, with CONTRACT §2 names. */
export const METRIC_PANELS: MetricPanelDef[] = [
  {
    id: 'queue',
    origin: 'engine',
    title: 'Waiting & running requests',
    unit: 'requests',
    lines: [
      {
        label: 'waiting (all replicas)',
        source: { names: WAITING, fn: 'raw' },
        bucket: 'max',
        reduce: 'sum',
      },
      {
        label: 'waiting (worst replica)',
        source: { names: WAITING, fn: 'raw' },
        bucket: 'max',
        reduce: 'max',
        dash: true,
      },
      {
        label: 'running (all replicas)',
        source: { names: RUNNING, fn: 'raw' },
        bucket: 'max',
        reduce: 'sum',
      },
    ],
  },
  {
    id: 'kv',
    origin: 'engine',
    title: 'KV cache usage',
    unit: '%',
    lines: [
      { label: 'kv', source: { names: KV, fn: 'raw' }, bucket: 'max', reduce: 'each', scale: 100 },
    ],
  },
  {
    id: 'cache',
    origin: 'engine',
    title: 'Preemptions · prefix-cache hit rate',
    unit: '/s',
    rightUnit: '%',
    lines: [
      {
        label: 'preemptions/s',
        source: { names: ['vllm:num_preemptions_total'], fn: 'rate' },
        bucket: 'mean',
        reduce: 'sum',
      },
      {
        label: 'prefix hit %',
        source: {
          names: metricNamesFor('prefix_cache_hits'),
          fn: 'rate',
        },
        denominator: {
          names: metricNamesFor('prefix_cache_queries'),
          fn: 'rate',
        },
        bucket: 'mean',
        reduce: 'sum',
        scale: 100,
        axis: 'right',
      },
    ],
    fallback: [
      {
        label: 'retracted',
        source: { names: ['sglang:num_retracted_reqs'], fn: 'raw' },
        bucket: 'max',
        reduce: 'sum',
      },
      {
        label: 'prefix hit %',
        source: { names: ['sglang:cache_hit_rate'], fn: 'raw' },
        bucket: 'mean',
        reduce: 'mean',
        scale: 100,
        axis: 'right',
      },
    ],
  },
  {
    id: 'gpu',
    origin: 'dcgm',
    title: 'GPU utilisation · memory bandwidth',
    unit: '%',
    lines: [
      {
        label: 'GPU util (mean)',
        source: { names: metricNamesFor('gpu_util_percent'), fn: 'raw' },
        bucket: 'mean',
        reduce: 'mean',
      },
      {
        label: 'GPU util (max)',
        source: { names: metricNamesFor('gpu_util_percent'), fn: 'raw' },
        bucket: 'max',
        reduce: 'max',
        dash: true,
      },
      {
        label: 'DRAM active (mean)',
        source: { names: metricNamesFor('gpu_dram_active'), fn: 'raw' },
        bucket: 'mean',
        reduce: 'mean',
        scale: 100,
      },
      {
        label: 'DRAM active (max)',
        source: { names: metricNamesFor('gpu_dram_active'), fn: 'raw' },
        bucket: 'max',
        reduce: 'max',
        scale: 100,
        dash: true,
      },
    ],
  },
  {
    id: 'gateway',
    origin: 'gateway',
    title: 'Gateway sessions vs limit · queue',
    unit: 'sessions',
    lines: [
      {
        label: 'sessions',
        source: { names: metricNamesFor('gateway_current_sessions'), fn: 'raw' },
        bucket: 'max',
        reduce: 'sum',
      },
      {
        label: 'limit',
        source: { names: metricNamesFor('gateway_limit_sessions'), fn: 'raw' },
        bucket: 'last',
        reduce: 'sum',
        dash: true,
        limit: true,
      },
      {
        label: 'backend queue',
        source: { names: metricNamesFor('gateway_backend_queue'), fn: 'raw' },
        bucket: 'max',
        reduce: 'sum',
      },
    ],
  },
  {
    id: 'upstreams',
    origin: 'gateway',
    title: 'Upstreams: connections vs limit · healthy',
    unit: 'connections',
    rightUnit: 'upstreams',
    lines: [
      {
        label: 'connections',
        source: { names: metricNamesFor('gateway_upstream_sessions'), fn: 'raw' },
        bucket: 'max',
        reduce: 'each',
      },
      {
        label: 'limit per upstream',
        source: { names: metricNamesFor('gateway_upstream_limit_sessions'), fn: 'raw' },
        bucket: 'last',
        reduce: 'max',
        dash: true,
        limit: true,
      },
      {
        label: 'healthy upstreams',
        source: { names: metricNamesFor('gateway_upstream_healthy'), fn: 'raw' },
        bucket: 'last',
        reduce: 'sum',
        axis: 'right',
      },
      {
        label: 'overflows/s',
        source: { names: metricNamesFor('gateway_pending_overflows'), fn: 'rate' },
        bucket: 'mean',
        reduce: 'sum',
        axis: 'right',
        dash: true,
      },
    ],
  },
]

/**
 * What to do to fill a panel whose metrics are missing: where the metrics really come from,
 * each metric named once.
 */
export function missingMetricsHint(def: MetricPanelDef): string {
  const names = [...new Set([...def.lines, ...(def.fallback ?? [])].map((l) => l.source.names[0]))]
  const list = names.join(', ')
  switch (def.origin) {
    case 'dcgm':
      return `no GPU metrics: scrape NVIDIA dcgm-exporter (port 9400 by default) for ${list}; inference engines do not export them`
    case 'gateway':
      return `no gateway metrics: scrape your proxy's Prometheus metrics (HAProxy's prometheus-exporter service, Caddy's admin /metrics, nginx-prometheus-exporter, Envoy's /stats/prometheus; docs/proxies.md) for ${list}`
    case 'engine':
      return `no engine metrics: scrape each replica's /metrics (vLLM, SGLang, TGI or TensorRT-LLM) for ${list}`
  }
}

/** The first of `names` the server has, or null. */
export function pickMetricName(
  names: readonly string[],
  available: ReadonlySet<string>
): string | null {
  return names.find((n) => available.has(n)) ?? null
}

/** A line needs its source and, for a ratio, its denominator: one without the other draws nothing. */
function lineDrawable(line: MetricLine, available: ReadonlySet<string>): boolean {
  return (
    pickMetricName(line.source.names, available) !== null &&
    (line.denominator === undefined || pickMetricName(line.denominator.names, available) !== null)
  )
}

/** The set of lines a panel reads: the primary one, else the fallback where it draws more. */
function chosenSet(def: MetricPanelDef, available: ReadonlySet<string>): readonly MetricLine[] {
  const drawable = (lines: readonly MetricLine[]) =>
    lines.filter((l) => lineDrawable(l, available)).length
  if (drawable(def.lines) > 0 || !def.fallback || drawable(def.fallback) === 0) {
    return def.lines
  }
  return def.fallback
}

/** The lines a panel can draw with the metrics present (primary set, else the fallback set). */
export function resolvePanelLines(
  def: MetricPanelDef,
  available: ReadonlySet<string>
): MetricLine[] {
  return chosenSet(def, available).filter((l) => lineDrawable(l, available))
}

/**
 * The lines of a drawn panel that its metrics cannot fill, each with the series it lacks: a
 * panel that drops a line without a word reads as if that line were flat (CONTRACT §4).
 */
export function missingPanelLines(
  def: MetricPanelDef,
  available: ReadonlySet<string>
): { label: string; missing: string[] }[] {
  const out: { label: string; missing: string[] }[] = []
  for (const line of chosenSet(def, available)) {
    const missing = [line.source, line.denominator]
      .filter((src): src is MetricSource => src !== undefined)
      .filter((src) => pickMetricName(src.names, available) === null)
      .map((src) => src.names[0]!)
    if (missing.length > 0) {
      out.push({ label: line.label, missing })
    }
  }
  return out
}

export interface FetchedSeries {
  labels: Record<string, string>
  points: readonly Point[]
}

/** Key of one fetched (name, fn) pair. */
export function sourceKey(name: string, fn: string): string {
  return `${fn}:${name}`
}

export interface PanelData {
  labels: string[]
  values: (number | null)[][]
  axes: ('left' | 'right')[]
  dashes: boolean[]
  /** Limits left out of the chart because they would squash the other lines (largest value). */
  offScale: { label: string; value: number; peak: number }[]
}

/** A limit more than this many times the other lines' peak is named, not drawn. */
const LIMIT_SQUASH_RATIO = 4

function peakOf(values: readonly (number | null)[][]): number {
  let peak = 0
  for (const vs of values) {
    for (const v of vs) {
      if (v !== null && v > peak) {
        peak = v
      }
    }
  }
  return peak
}

const MAX_EACH = 10

/** A short name for one series of an `each` line: the label that tells series apart. */
export function seriesLabel(labels: Record<string, string>): string {
  return (
    // A proxy's series name their upstream (HAProxy `server`, Caddy `upstream`, Envoy's
    // cluster); `pod` and `instance` there are the proxy's own, the same for all of them.
    labels['upstream'] ??
    labels['server'] ??
    labels['envoy_cluster_name'] ??
    labels['pod'] ??
    labels['replica'] ??
    labels['gpu'] ??
    labels['instance'] ??
    labels['node'] ??
    Object.values(labels).join(',')
  )
}

/** Turns fetched series into the panel's aligned lines. */
export function buildPanelData(
  lines: readonly MetricLine[],
  available: ReadonlySet<string>,
  fetched: ReadonlyMap<string, readonly FetchedSeries[]>,
  grid: readonly number[],
  stepMs: number
): PanelData {
  const out: PanelData = { labels: [], values: [], axes: [], dashes: [], offScale: [] }
  const limits: { label: string; values: (number | null)[]; dash: boolean }[] = []
  const aligned = (src: MetricSource, bucket: Aggregate) => {
    const name = pickMetricName(src.names, available)
    const series = name === null ? [] : (fetched.get(sourceKey(name, src.fn)) ?? [])
    return series.map((s) => ({
      labels: s.labels,
      values: alignPoints(s.points, grid, stepMs, bucket),
    }))
  }
  for (const line of lines) {
    const num = aligned(line.source, line.bucket)
    if (num.length === 0) {
      continue
    }
    const push = (label: string, values: (number | null)[]) => {
      out.labels.push(label)
      out.values.push(line.scale === undefined ? values : scaleAligned(values, line.scale))
      out.axes.push(line.axis ?? 'left')
      out.dashes.push(line.dash ?? false)
    }
    if (line.reduce === 'each') {
      if (num.length <= MAX_EACH) {
        num
          .slice()
          .sort((a, b) => seriesLabel(a.labels).localeCompare(seriesLabel(b.labels)))
          .forEach((s) => push(seriesLabel(s.labels), s.values))
      } else {
        push(
          `${line.label} mean`,
          combineAligned(
            num.map((s) => s.values),
            'mean'
          )
        )
        push(
          `${line.label} max`,
          combineAligned(
            num.map((s) => s.values),
            'max'
          )
        )
      }
      continue
    }
    const combined = combineAligned(
      num.map((s) => s.values),
      line.reduce
    )
    if (line.limit) {
      limits.push({ label: line.label, values: combined, dash: line.dash ?? false })
      continue
    }
    if (line.denominator) {
      const den = aligned(line.denominator, line.bucket)
      if (den.length === 0) {
        continue
      }
      push(
        line.label,
        ratioAligned(
          combined,
          combineAligned(
            den.map((s) => s.values),
            line.reduce
          )
        )
      )
    } else {
      push(line.label, combined)
    }
  }
  const peak = peakOf(out.values)
  for (const l of limits) {
    const value = peakOf([l.values])
    if (peak > 0 && value > peak * LIMIT_SQUASH_RATIO) {
      out.offScale.push({ label: l.label, value, peak })
    } else {
      out.labels.push(l.label)
      out.values.push(l.values)
      out.axes.push('left')
      out.dashes.push(l.dash)
    }
  }
  return out
}
