import { availableParallelism } from 'node:os'
import type { ResolvedConfig } from './schema.js'
import { parseSloSettings } from './slo.js'

/**
 * The database every command and the server use unless `--db` or `store.path` say otherwise;
 * relative to the working directory.
 */
export const DEFAULT_DB_PATH = '.tokenline/tokenline.duckdb'

/**
 * DuckDB's worker threads by default: one on a host with two cores or fewer, where a second
 * thread only competed with the first for ingest and reads alike (ADR 0249); DuckDB's own
 * choice (0, one per core) on larger hosts, where a long read can use the idle cores.
 */
export function defaultDuckDbThreads(cores = availableParallelism()): number {
  return cores <= 2 ? 1 : 0
}

/**
 * Defaults: loopback only, OTLP on the standard ports (4317 gRPC, 4318 HTTP, as the Collector),
 * UI/API on 4320, a DuckDB file under ./.tokenline.
 */
export const DEFAULTS: ResolvedConfig = {
  server: {
    host: '127.0.0.1',
    apiPort: 4320,
    otlpPort: 4318,
    otlpGrpcPort: 4317,
    authTokenFile: null,
    tlsCert: null,
    tlsKey: null,
    allowedHosts: [],
    allowedOrigins: [],
    headersTimeoutMs: 10_000,
    requestTimeoutMs: 300_000,
    keepAliveTimeoutMs: 5_000,
    maxConnections: 1024,
    maxConnectionsPerIp: 256,
    // OTLP/gRPC connections: the Collector's receiver defaults where it has one (ADR 0131).
    grpcMaxConcurrentStreams: 100,
    grpcKeepaliveTimeMs: 2 * 60 * 60 * 1000,
    grpcKeepaliveTimeoutMs: 20_000,
    grpcMaxConnectionIdleMs: 5 * 60 * 1000,
    grpcMaxConnectionAgeMs: 0,
  },
  // One: a query runs on the thread that asks for it; more workers cost CPU per span and per
  // query on a busy host for no gain (ADR 0249).
  store: { kind: 'duckdb', path: DEFAULT_DB_PATH, duckDbThreads: defaultDuckDbThreads() },
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
    maxQueueSpans: 100_000,
    maxQueueBytes: 256 * 1024 * 1024,
    maxQueueDelayMs: 1_000,
    maxInFlightBytes: 6 * 1024 * 1024,
    memoryLimitBytes: 2 * 1024 * 1024 * 1024,
    maxFutureSkewMs: 60 * 60 * 1000,
    quietMs: 5_000,
    keepContent: false,
    llmRoutes: [],
    // One worker: it costs CPU to move spans back, but keeps the event loop free to answer and
    // refuse in time under overload, which inline decoding did not on a busy host (ADR 0190).
    decodeWorkers: 1,
  },
  scrape: { targets: [], intervalMs: 15_000, timeoutMs: 10_000 },
  api: {
    maxWindowMs: 90 * 86_400_000,
    maxBuckets: 2000,
    maxRows: 1000,
    maxFilterValues: 100,
    maxDiagnosisBytes: 256 * 1024 * 1024,
    maxImportBytes: 1024 * 1024 * 1024,
  },
  // Tenant and region can hold thousands of values: opt in (docs/integrations.md).
  metrics: {
    dimensions: ['model', 'version', 'replica', 'route'],
    maxLabelSets: 100,
    findingsWindowMs: 30 * 60 * 1000,
    findingsIntervalMs: 60_000,
  },
  log: { level: 'info' },
  // No tiers, no rules, keep data forever: the sections' own defaults (docs/slo.md).
  slo: parseSloSettings({}),
}
