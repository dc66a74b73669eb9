import type { ResolvedConfig } from './schema.js'

/** Defaults: loopback only, OTLP on the standard 4318, UI/API on 4320, a DuckDB file under ./.tokenline. */
export const DEFAULTS: ResolvedConfig = {
  server: { host: '127.0.0.1', apiPort: 4320, otlpPort: 4318 },
  store: { kind: 'duckdb', path: '.tokenline/tokenline.duckdb' },
  ingest: {
    maxBodyBytes: 16 * 1024 * 1024,
    maxQueueItems: 200_000,
    maxQueueSpans: 100_000,
    maxQueueBytes: 256 * 1024 * 1024,
    maxQueueDelayMs: 1_000,
    maxInFlightBytes: 8 * 1024 * 1024,
    memoryLimitBytes: 2 * 1024 * 1024 * 1024,
    maxFutureSkewMs: 60 * 60 * 1000,
    quietMs: 5_000,
    keepContent: false,
  },
  scrape: { targets: [], intervalMs: 15_000, timeoutMs: 10_000 },
  log: { level: 'info' },
  slo: undefined,
  alerts: undefined,
  retention: undefined,
}
