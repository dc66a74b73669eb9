/**
 * Everything `GET /metrics` exposes, gathered at scrape time: the process, the server's own
 * telemetry, the derived request histograms, and the finding, SLO, alert and scrape-target series.
 */
import type { Logger } from '../../core/logger.js'
import type { ResolvedConfig } from '../../config/schema.js'
import type { SloService } from '../../alerts/service.js'
import type { ScrapeOutcome } from '../../ingest/scrape/scraper.js'
import type { IngestSink } from '../../ingest/pipeline/types.js'
import type { SpanStore } from '../../storage/span-store.js'
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

function processFamilies(version: string, startedMs: number): MetricFamily[] {
  const cpu = process.cpuUsage()
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
      'process_start_time_seconds',
      'When the process started, epoch seconds.',
      [{ labels: {}, value: startedMs / 1000 }],
      'seconds'
    ),
  ]
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
        ...telemetry.families(ingest),
        ...telemetry.requests.families(),
        ...stateFamilies,
      ]
    },
  }
}
