import { availableParallelism } from 'node:os'
import type { ResolvedConfig } from './schema.js'

/**
 * Defaults: loopback only, OTLP on the standard ports (4317 gRPC, 4318 HTTP, as the Collector),
 * UI/API on 4320, a DuckDB file under ./.tokenline.
 */
export const DEFAULTS: ResolvedConfig = {
  server: { host: '127.0.0.1', apiPort: 4320, otlpPort: 4318, otlpGrpcPort: 4317 },
  store: { kind: 'duckdb', path: '.tokenline/tokenline.duckdb' },
  ingest: {
    maxBodyBytes: 16 * 1024 * 1024,
    maxQueueItems: 200_000,
    quietMs: 5_000,
    keepContent: false,
    llmRoutes: [],
    // One per core but one: the event loop (HTTP, store writes) keeps a core to itself.
    decodeWorkers: Math.max(0, availableParallelism() - 1),
  },
  scrape: { targets: [], intervalMs: 15_000, timeoutMs: 10_000 },
  log: { level: 'info' },
  slo: undefined,
  alerts: undefined,
  retention: undefined,
}
