import type { ResolvedConfig } from './schema.js'

/** Defaults: loopback only, OTLP on the standard 4318, UI/API on 4320, a DuckDB file under ./.tokenline. */
export const DEFAULTS: ResolvedConfig = {
  server: { host: '127.0.0.1', apiPort: 4320, otlpPort: 4318 },
  store: { kind: 'duckdb', path: '.tokenline/tokenline.duckdb' },
  clickhouse: {
    url: '',
    // The Collector's clickhouseexporter writes to database `otel` by default.
    database: 'otel',
    user: '',
    caFile: '',
    ttlDays: 0,
    tracesTable: 'otel_traces',
    metricsGaugeTable: 'otel_metrics_gauge',
    metricsSumTable: 'otel_metrics_sum',
    metricsHistogramTable: 'otel_metrics_histogram',
    assemble: true,
    assembleLookbackMs: 15 * 60 * 1000,
  },
  ingest: {
    maxBodyBytes: 16 * 1024 * 1024,
    maxQueueItems: 200_000,
    quietMs: 5_000,
    keepContent: false,
  },
  scrape: { targets: [], intervalMs: 15_000, timeoutMs: 10_000 },
  log: { level: 'info' },
  slo: undefined,
  alerts: undefined,
  retention: undefined,
}
