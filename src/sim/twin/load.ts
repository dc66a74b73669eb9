/**
 * Reads what the twin is fitted from, through the same narrow read port the diagnosis uses: the
 * window's requests (columnar scan) and, per replica, the engine metrics that say its capacity:
 * `vllm:cache_config_info` (KV blocks), running/waiting gauges (the `max_num_seqs` ceiling),
 * KV usage (to size the cache when no config is exported) and prefix-cache counters.
 */
import { DEFAULT_LABEL_JOIN, joinDimensions, metricNamesFor } from '../../core/metrics/aliases.js'
import type { DiagnosisReader } from '../../core/diagnosis/frame/read-port.js'
import type { Series } from '../../core/model/query.js'
import type { Micros } from '../../core/model/units.js'
import { observedFromColumns, TWIN_FIELDS, type ObservedRequests } from './observed.js'

type Point = { timeUs: number; value: number }

/** What one replica's metrics say about its engine; `null` where no series was stored. */
export interface ReplicaMetrics {
  cacheConfig: { numGpuBlocks: number; blockSize: number } | null
  /**
   * `max_num_seqs` where a config info gauge carries it as a label. vLLM's `cache_config_info`
   * does not (its only info gauge is the CacheConfig's); an engine or exporter that adds it is
   * read, since the cap decides a prediction that runs more sequences than the window did.
   */
  maxNumSeqs: number | null
  running: Point[] | null
  waiting: Point[] | null
  kvUsage: Point[] | null
  prefixQueries: number | null
  prefixHits: number | null
}

export interface TwinWindow {
  fromUs: number
  toUs: number
  requests: ObservedRequests
  /** Requests the store holds in the window (the twin reads a hash sample above `sample`). */
  total: number
  metrics: Map<string, ReplicaMetrics>
}

const CACHE_CONFIG_NAMES = ['vllm:cache_config_info', 'cache_config_info']

function emptyMetrics(): ReplicaMetrics {
  return {
    cacheConfig: null,
    maxNumSeqs: null,
    running: null,
    waiting: null,
    kvUsage: null,
    prefixQueries: null,
    prefixHits: null,
  }
}

/** The increase of a counter over the window, across resets. */
function increase(points: readonly Point[]): number {
  let sum = 0
  for (let i = 1; i < points.length; i++) {
    const d = points[i]!.value - points[i - 1]!.value
    sum += d >= 0 ? d : points[i]!.value
  }
  return sum
}

/** Loads the window (half-open, epoch µs) for {@link fitTwin}. */
export async function loadTwinWindow(
  store: DiagnosisReader,
  window: { fromUs: number; toUs: number },
  sample?: number
): Promise<TwinWindow> {
  const columns = await store.scanRequestColumns({
    fromUs: window.fromUs as Micros,
    toUs: window.toUs as Micros,
    fields: TWIN_FIELDS,
    ...(sample !== undefined ? { sample } : {}),
  })
  const requests = observedFromColumns(columns)
  const stored = new Set((await store.listMetrics()).map((m) => m.name))
  const first = (names: readonly string[]): string | null =>
    names.find((n) => stored.has(n)) ?? null
  const metrics = new Map<string, ReplicaMetrics>()
  const of = (labels: Record<string, string>): ReplicaMetrics | null => {
    const replica = joinDimensions(labels, DEFAULT_LABEL_JOIN).replica
    if (replica === null) {
      return null
    }
    let m = metrics.get(replica)
    if (m === undefined) {
      m = emptyMetrics()
      metrics.set(replica, m)
    }
    return m
  }
  const read = async (name: string | null, padUs = 0): Promise<Series[]> =>
    name === null
      ? []
      : store.querySeries({
          name,
          fromUs: (window.fromUs - padUs) as Micros,
          toUs: window.toUs as Micros,
          fn: 'raw',
        })
  const points = (s: Series): Point[] => s.points.map((p) => ({ timeUs: p.timeUs, value: p.value }))
  const [config, running, waiting, kv, queries, hits] = await Promise.all([
    // An info gauge is written once at start-up: read it from long before the window.
    read(first(CACHE_CONFIG_NAMES), 366 * 86_400_000_000),
    read(first(metricNamesFor('requests_running'))),
    read(first(metricNamesFor('requests_waiting'))),
    read(first(metricNamesFor('kv_cache_usage'))),
    read(first(metricNamesFor('prefix_cache_queries'))),
    read(first(metricNamesFor('prefix_cache_hits'))),
  ])
  for (const s of config) {
    const blocks = Number(s.labels['num_gpu_blocks'])
    const size = Number(s.labels['block_size'])
    const seqs = Number(s.labels['max_num_seqs'])
    const m = of(s.labels)
    if (m !== null && blocks > 0 && size > 0) {
      m.cacheConfig = { numGpuBlocks: blocks, blockSize: size }
    }
    if (m !== null && Number.isInteger(seqs) && seqs > 0) {
      m.maxNumSeqs = seqs
    }
  }
  for (const [list, key] of [
    [running, 'running'],
    [waiting, 'waiting'],
    [kv, 'kvUsage'],
  ] as const) {
    for (const s of list) {
      const m = of(s.labels)
      if (m !== null) {
        m[key] = [...(m[key] ?? []), ...points(s)].sort((a, b) => a.timeUs - b.timeUs)
      }
    }
  }
  for (const [list, key] of [
    [queries, 'prefixQueries'],
    [hits, 'prefixHits'],
  ] as const) {
    for (const s of list) {
      const m = of(s.labels)
      if (m !== null) {
        m[key] = (m[key] ?? 0) + increase(points(s))
      }
    }
  }
  return {
    fromUs: window.fromUs,
    toUs: window.toUs,
    requests,
    total: columns.total ?? columns.n,
    metrics,
  }
}
