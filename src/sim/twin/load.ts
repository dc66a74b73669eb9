/**
 * Reads what the twin is fitted from, through the same narrow read port the diagnosis uses: the
 * window's requests (columnar scan) and, per replica, the engine metrics that say its capacity:
 * `vllm:cache_config_info` (KV blocks), SGLang's configuration gauges (`sglang:max_total_num_tokens`,
 * `sglang:max_running_requests`), running/waiting gauges (the `max_num_seqs` ceiling), KV usage
 * (to size the cache when no config is exported) and prefix-cache counters.
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
  /** SGLang's KV pool in tokens, `sglang:max_total_num_tokens` (ADR 0314). */
  kvTokens: { value: number; metric: string } | null
  /**
   * The engine's cap on running requests where the engine exports it: SGLang's
   * `sglang:max_running_requests` gauge (ADR 0314). vLLM exports no such series (its one info
   * gauge is the CacheConfig's, without `max_num_seqs`), so a vLLM window leaves it `null`.
   */
  maxNumSeqs: { value: number; metric: string } | null
  running: Point[] | null
  waiting: Point[] | null
  kvUsage: Point[] | null
  /** The preemption counter's scrapes: a rise says the KV pool, not the cap, bound (ADR 0315). */
  preemptions: Point[] | null
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
/**
 * SGLang's configured limits, gauges whose value is the limit. `max_running_requests` was
 * exported by SGLang's `metrics_collector.py` (2024, `multiprocess_mode="min"`, "static across
 * processes"); `max_total_num_tokens` by that one and by today's `collector.py`. Today's SGLang
 * has `max_running_requests_under_SLO` instead, with no setter: it is not read as a cap.
 */
const MAX_RUNNING_NAMES = ['sglang:max_running_requests']
const KV_TOKENS_NAMES = ['sglang:max_total_num_tokens']
/** How far back a configuration gauge is read: it may be written once, at start-up. */
const CONFIG_LOOKBACK_US = 366 * 86_400_000_000

function emptyMetrics(): ReplicaMetrics {
  return {
    cacheConfig: null,
    kvTokens: null,
    maxNumSeqs: null,
    running: null,
    waiting: null,
    kvUsage: null,
    preemptions: null,
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
  const capName = first(MAX_RUNNING_NAMES)
  const kvTokensName = first(KV_TOKENS_NAMES)
  const [config, caps, kvTokens, running, waiting, kv, preempt, queries, hits] = await Promise.all([
    // An info gauge is written once at start-up: read it from long before the window.
    read(first(CACHE_CONFIG_NAMES), CONFIG_LOOKBACK_US),
    read(capName, CONFIG_LOOKBACK_US),
    read(kvTokensName, CONFIG_LOOKBACK_US),
    read(first(metricNamesFor('requests_running'))),
    read(first(metricNamesFor('requests_waiting'))),
    read(first(metricNamesFor('kv_cache_usage'))),
    read(first(metricNamesFor('preemptions'))),
    read(first(metricNamesFor('prefix_cache_queries'))),
    read(first(metricNamesFor('prefix_cache_hits'))),
  ])
  for (const s of config) {
    const blocks = Number(s.labels['num_gpu_blocks'])
    const size = Number(s.labels['block_size'])
    const m = of(s.labels)
    if (m !== null && blocks > 0 && size > 0) {
      m.cacheConfig = { numGpuBlocks: blocks, blockSize: size }
    }
  }
  // The value in force at the window's end: a restart with another limit counts from then on.
  const lastValue = (s: Series): number => s.points[s.points.length - 1]?.value ?? NaN
  for (const [list, metric, key] of [
    [caps, capName, 'maxNumSeqs'],
    [kvTokens, kvTokensName, 'kvTokens'],
  ] as const) {
    for (const s of list) {
      const m = of(s.labels)
      const value = lastValue(s)
      if (m !== null && metric !== null && Number.isInteger(value) && value > 0) {
        m[key] = { value, metric }
      }
    }
  }
  for (const [list, key] of [
    [running, 'running'],
    [waiting, 'waiting'],
    [kv, 'kvUsage'],
    [preempt, 'preemptions'],
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
