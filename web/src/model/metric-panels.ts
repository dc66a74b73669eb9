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
}

export interface MetricPanelDef {
  id: string
  title: string
  unit: string
  rightUnit?: string
  lines: MetricLine[]
  /** Alternative lines when the primary source of the first line is absent (SGLang). */
  fallback?: MetricLine[]
}

const WAITING = [
  'vllm:num_requests_waiting',
  'sglang:num_queue_reqs',
  'tgi_queue_size',
  'trtllm_num_requests_waiting',
]
const RUNNING = [
  'vllm:num_requests_running',
  'sglang:num_running_reqs',
  'tgi_batch_current_size',
  'trtllm_num_requests_running',
]
const KV = [
  'vllm:kv_cache_usage_perc',
  'vllm:gpu_cache_usage_perc',
  'sglang:token_usage',
  'trtllm_kv_cache_utilization',
]

/** The metric panels of the dashboard, with CONTRACT §2 names. */
export const METRIC_PANELS: MetricPanelDef[] = [
  {
    id: 'queue',
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
    title: 'KV cache usage',
    unit: '%',
    lines: [
      { label: 'kv', source: { names: KV, fn: 'raw' }, bucket: 'max', reduce: 'each', scale: 100 },
    ],
  },
  {
    id: 'cache',
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
          names: ['vllm:prefix_cache_hits_total', 'vllm:gpu_prefix_cache_hits_total'],
          fn: 'rate',
        },
        denominator: {
          names: ['vllm:prefix_cache_queries_total', 'vllm:gpu_prefix_cache_queries_total'],
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
    title: 'GPU utilisation · memory bandwidth',
    unit: '%',
    lines: [
      {
        label: 'GPU util (mean)',
        source: { names: ['DCGM_FI_DEV_GPU_UTIL'], fn: 'raw' },
        bucket: 'mean',
        reduce: 'mean',
      },
      {
        label: 'GPU util (max)',
        source: { names: ['DCGM_FI_DEV_GPU_UTIL'], fn: 'raw' },
        bucket: 'max',
        reduce: 'max',
        dash: true,
      },
      {
        label: 'DRAM active (mean)',
        source: { names: ['DCGM_FI_PROF_DRAM_ACTIVE'], fn: 'raw' },
        bucket: 'mean',
        reduce: 'mean',
        scale: 100,
      },
      {
        label: 'DRAM active (max)',
        source: { names: ['DCGM_FI_PROF_DRAM_ACTIVE'], fn: 'raw' },
        bucket: 'max',
        reduce: 'max',
        scale: 100,
        dash: true,
      },
    ],
  },
  {
    id: 'gateway',
    title: 'Gateway sessions vs limit',
    unit: 'sessions',
    lines: [
      {
        label: 'sessions',
        source: { names: ['haproxy_frontend_current_sessions'], fn: 'raw' },
        bucket: 'max',
        reduce: 'sum',
      },
      {
        label: 'limit',
        source: { names: ['haproxy_frontend_limit_sessions'], fn: 'raw' },
        bucket: 'last',
        reduce: 'sum',
        dash: true,
      },
      {
        label: 'backend queue',
        source: { names: ['haproxy_backend_current_queue'], fn: 'raw' },
        bucket: 'max',
        reduce: 'sum',
      },
    ],
  },
]

/** The first of `names` the server has, or null. */
export function pickMetricName(
  names: readonly string[],
  available: ReadonlySet<string>
): string | null {
  return names.find((n) => available.has(n)) ?? null
}

/** The lines a panel can draw with the metrics present (primary set, else the fallback set). */
export function resolvePanelLines(
  def: MetricPanelDef,
  available: ReadonlySet<string>
): MetricLine[] {
  const usable = (lines: readonly MetricLine[]) =>
    lines.filter((l) => pickMetricName(l.source.names, available) !== null)
  const primary = usable(def.lines)
  if (primary.length > 0 || !def.fallback) {
    return primary
  }
  return usable(def.fallback)
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
}

const MAX_EACH = 10

/** A short name for one series of an `each` line: the label that tells series apart. */
export function seriesLabel(labels: Record<string, string>): string {
  return (
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
  const out: PanelData = { labels: [], values: [], axes: [], dashes: [] }
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
  return out
}
