import type { ResolvedConfig } from './schema.js'
import { parseSloSettings } from './slo.js'

/** Defaults: loopback only, OTLP on the standard 4318, UI/API on 4320, a DuckDB file under ./.tokenline. */
export const DEFAULTS: ResolvedConfig = {
  server: { host: '127.0.0.1', apiPort: 4320, otlpPort: 4318 },
  store: { kind: 'duckdb', path: '.tokenline/tokenline.duckdb' },
  ingest: {
    maxBodyBytes: 16 * 1024 * 1024,
    maxQueueItems: 200_000,
    quietMs: 5_000,
    keepContent: false,
  },
  scrape: { targets: [], intervalMs: 15_000, timeoutMs: 10_000 },
  log: { level: 'info' },
  // No tiers, no rules, keep data forever: the sections' own defaults (docs/slo.md).
  slo: parseSloSettings({}),
}
