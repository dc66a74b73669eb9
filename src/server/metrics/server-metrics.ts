/**
 * Everything `GET /metrics` exposes, gathered at scrape time: the process, the server's own
 * telemetry, the derived request histograms, and the finding, SLO, alert and scrape-target series.
 */
import type { Logger } from '../../core/logger.js'
import type { ResolvedConfig } from '../../config/schema.js'
import type { SloService } from '../../alerts/service.js'
import type { ScrapeOutcome } from '../../ingest/scrape/scraper.js'
import type { WorkerHeap } from '../../ingest/otlp/decode-pool.js'
import type { IngestSink } from '../../ingest/pipeline/types.js'
import type { SpanStore } from '../../storage/span-store.js'
import { duckDbSharedOf } from '../../storage/duckdb/duckdb-store.js'
import type { MetricFamily } from './exposition.js'
import { gaugeFamily } from './instruments.js'
import { createRequestMetrics } from './request-metrics.js'
import { createStateSeries } from './state-series.js'
import { createServerTelemetry, type ServerTelemetry } from './telemetry.js'

export interface ServerMetrics {
  readonly telemetry: ServerTelemetry
  /** Every family, read now (runs the findings diagnosis when it is due). */
  collect(ingest: IngestSink): Promise<MetricFamily[]>
}

export interface ServerMetricsOptions {
  /** Reads (diagnosis); the writes are timed through `telemetry.instrumentStore`. */
  store: SpanStore
  slo?: SloService | undefined
  logger: Logger
  /** Epoch ms. */
  now: () => number
  settings: ResolvedConfig['metrics']
  version: string
  /** The scraper's last outcome per target; none when it does not run. */
  scrapeStatus?: () => readonly (ScrapeOutcome | null)[]
  /** Telemetry created earlier by the composition root (to wrap the store and sinks first). */
  telemetry?: ServerTelemetry
  /** The OTLP decode workers' V8 heaps summed; null when decoding is inline. */
  decodeWorkerHeap?: () => WorkerHeap | null
}

/** The telemetry a composition root creates before the pipeline, to wrap its store and sinks. */
export function createTelemetry(
  settings: ResolvedConfig['metrics'],
  now: () => number
): ServerTelemetry {
  return createServerTelemetry({
    now,
    requests: createRequestMetrics({
      dimensions: settings.dimensions,
      maxLabelSets: settings.maxLabelSets,
    }),
  })
}

/** The decode workers' heaps: the resident set's part that the main thread's heap counters miss. */
function workerHeapFamilies(heap: WorkerHeap | null): MetricFamily[] {
  return heap === null
    ? []
    : [
        gaugeFamily(
          'tokenline_decode_worker_heap_used_bytes',
          "The OTLP decode workers' V8 heaps in use (live objects and garbage not yet collected).",
          [{ labels: {}, value: heap.usedBytes }],
          'bytes'
        ),
        gaugeFamily(
          'tokenline_decode_worker_heap_size_total_bytes',
          "The OTLP decode workers' V8 heaps reserved (used or not).",
          [{ labels: {}, value: heap.totalBytes }],
          'bytes'
        ),
      ]
}

function processFamilies(version: string, startedMs: number): MetricFamily[] {
  const cpu = process.cpuUsage()
  const mem = process.memoryUsage()
  return [
    gaugeFamily('tokenline_build_info', 'The running version (always 1).', [
      { labels: { version, node: process.version }, value: 1 },
    ]),
    {
      name: 'process_cpu_seconds',
      type: 'counter',
      help: 'User and system CPU time of the process.',
      unit: 'seconds',
      samples: [{ labels: {}, value: (cpu.user + cpu.system) / 1e6 }],
    },
    gaugeFamily(
      'process_resident_memory_bytes',
      'Resident set size of the process.',
      [{ labels: {}, value: process.memoryUsage.rss() }],
      'bytes'
    ),
    gaugeFamily(
      'nodejs_heap_used_bytes',
      'V8 heap in use (live objects and garbage not yet collected).',
      [{ labels: {}, value: mem.heapUsed }],
      'bytes'
    ),
    gaugeFamily(
      'nodejs_heap_size_total_bytes',
      'V8 heap reserved by the main thread (used or not).',
      [{ labels: {}, value: mem.heapTotal }],
      'bytes'
    ),
    gaugeFamily(
      'nodejs_external_memory_bytes',
      'Memory of objects outside the V8 heap that JavaScript holds (buffers included).',
      [{ labels: {}, value: mem.external }],
      'bytes'
    ),
    gaugeFamily(
      'process_start_time_seconds',
      'When the process started, epoch seconds.',
      [{ labels: {}, value: startedMs / 1000 }],
      'seconds'
    ),
  ]
}

/**
 * DuckDB's own memory (its buffer manager's count: cached blocks, rows since the last checkpoint,
 * query state), beside the resident set it is part of; nothing for a store that is not DuckDB.
 */
async function storeMemoryFamilies(store: SpanStore): Promise<MetricFamily[]> {
  const shared = duckDbSharedOf(store)
  if (shared === null) {
    return []
  }
  const bytes = await shared
    .read(async (conn) => {
      const reader = await conn.runAndReadAll(
        'SELECT sum(memory_usage_bytes)::DOUBLE AS b FROM duckdb_memory()'
      )
      return Number(reader.getRowObjectsJS()[0]?.['b'] ?? Number.NaN)
    })
    .catch(() => Number.NaN)
  return Number.isFinite(bytes)
    ? [
        gaugeFamily(
          'tokenline_store_memory_bytes',
          "DuckDB's memory in use (duckdb_memory()).",
          [{ labels: {}, value: bytes }],
          'bytes'
        ),
      ]
    : []
}

/** Creates the metrics of one server. */
export function createServerMetrics(options: ServerMetricsOptions): ServerMetrics {
  const telemetry = options.telemetry ?? createTelemetry(options.settings, options.now)
  const startedMs = Date.now() - process.uptime() * 1000
  const state = createStateSeries({
    store: options.store,
    slo: options.slo,
    logger: options.logger,
    now: options.now,
    telemetry,
    scrapeStatus: options.scrapeStatus ?? (() => []),
    findingsWindowMs: options.settings.findingsWindowMs,
    findingsIntervalMs: options.settings.findingsIntervalMs,
  })
  return {
    telemetry,
    async collect(ingest) {
      const stateFamilies = await state.families()
      return [
        ...processFamilies(options.version, startedMs),
        ...workerHeapFamilies(options.decodeWorkerHeap?.() ?? null),
        ...(await storeMemoryFamilies(options.store)),
        ...telemetry.families(ingest),
        ...telemetry.requests.families(),
        ...stateFamilies,
      ]
    },
  }
}
