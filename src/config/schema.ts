import { z } from 'zod'
import { DIMENSIONS, type Dimension } from '../core/model/request.js'
import type { SloSettings } from './slo.js'

/**
 * The configuration schema. Every duration and size key carries its unit in its name.
 * Users write `Config` (all optional); `resolveConfig` returns a frozen `ResolvedConfig`.
 */
export const configSchema = z
  .object({
    server: z
      .object({
        host: z.string().min(1),
        apiPort: z.number().int().min(0).max(65535),
        otlpPort: z.number().int().min(0).max(65535),
        /** OTLP/gRPC port; 0 = a free port, -1 = no gRPC listener. */
        otlpGrpcPort: z.number().int().min(-1).max(65535),
        authTokenFile: z.string().min(1).nullable(),
        tlsCert: z.string().min(1).nullable(),
        tlsKey: z.string().min(1).nullable(),
        allowedHosts: z.array(z.string().min(1)),
        allowedOrigins: z.array(z.string().min(1)),
        headersTimeoutMs: z.number().int().positive(),
        requestTimeoutMs: z.number().int().min(0),
        keepAliveTimeoutMs: z.number().int().positive(),
        maxConnections: z.number().int().positive(),
        maxConnectionsPerIp: z.number().int().positive(),
        grpcMaxConcurrentStreams: z.number().int().positive(),
        grpcKeepaliveTimeMs: z.number().int().positive(),
        grpcKeepaliveTimeoutMs: z.number().int().positive(),
        grpcMaxConnectionIdleMs: z.number().int().positive(),
        grpcMaxConnectionAgeMs: z.number().int().min(0),
      })
      .strict()
      .partial(),
    store: z
      .object({
        kind: z.enum(['duckdb', 'memory', 'clickhouse']),
        path: z.string().min(1),
        duckDbThreads: z.number().int().min(0).max(256),
      })
      .strict()
      .partial(),
    /** The ClickHouse store (`store.kind: clickhouse`); see docs/deployment-clickhouse.md. */
    clickhouse: z
      .object({
        /** clickhouse://host:8123, clickhouses://host:8443, http(s)://…, or chdb:///data/dir. */
        url: z.string(),
        database: z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/),
        user: z.string(),
        /** PEM file of the CA that signed the server's certificate (https). */
        caFile: z.string(),
        /** TTL on every table, in days (0: none). */
        ttlDays: z.number().int().min(0),
        tracesTable: z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/),
        metricsGaugeTable: z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/),
        metricsSumTable: z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/),
        metricsHistogramTable: z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/),
        /** Assemble requests from the spans a Collector writes into the traces table. */
        assemble: z.boolean(),
        assembleLookbackMs: z.number().int().positive(),
      })
      .strict()
      .partial(),
    ingest: z
      .object({
        maxBodyBytes: z.number().int().positive(),
        maxQueueItems: z.number().int().positive(),
        maxQueueSpans: z.number().int().positive(),
        maxQueueBytes: z.number().int().positive(),
        maxQueueDelayMs: z.number().int().positive(),
        maxInFlightBytes: z.number().int().positive(),
        memoryLimitBytes: z.number().int().min(0),
        maxFutureSkewMs: z.number().int().min(0),
        quietMs: z.number().int().min(0),
        keepContent: z.boolean(),
        llmRoutes: z.array(z.string().min(1)),
        /** Worker threads decoding OTLP/HTTP bodies; 0 = on the event loop. */
        decodeWorkers: z.number().int().min(0).max(64),
      })
      .strict()
      .partial(),
    scrape: z
      .object({
        /** `[NAME=]URL [label=value ...]`, or `{ url, replica, labels }` (docs/config.md). */
        targets: z.array(
          z.union([
            z.string().min(1),
            z
              .object({
                url: z.string().min(1),
                replica: z.string().min(1).optional(),
                labels: z.record(z.string(), z.string()).optional(),
              })
              .strict(),
          ])
        ),
        intervalMs: z.number().int().positive(),
        timeoutMs: z.number().int().positive(),
      })
      .strict()
      .partial(),
    api: z
      .object({
        maxWindowMs: z.number().int().positive(),
        maxBuckets: z.number().int().positive(),
        maxRows: z.number().int().positive(),
        maxFilterValues: z.number().int().positive(),
        maxDiagnosisBytes: z.number().int().positive(),
        maxImportBytes: z.number().int().positive(),
      })
      .strict()
      .partial(),
    /** `GET /metrics`: derived request metrics and finding series (docs/integrations.md). */
    metrics: z
      .object({
        /** Request dimensions that label the derived histograms (tenant and region opt in). */
        dimensions: z.array(z.enum(DIMENSIONS)),
        maxLabelSets: z.number().int().positive(),
        findingsWindowMs: z.number().int().positive(),
        findingsIntervalMs: z.number().int().min(0),
      })
      .strict()
      .partial(),
    log: z
      .object({ level: z.enum(['debug', 'info', 'warn', 'error', 'silent']) })
      .strict()
      .partial(),
    /** SLO tiers, alert rules and retention: validated by `parseSloSettings` (config/slo.ts). */
    slo: z.unknown().optional(),
    alerts: z.unknown().optional(),
    retention: z.unknown().optional(),
  })
  .strict()
  .partial()

export type Config = z.infer<typeof configSchema>

/** A scrape target as configured (resolved and checked by the scraper at start). */
export type ScrapeTargetConfig =
  | string
  | { url: string; replica?: string | undefined; labels?: Record<string, string> | undefined }

export interface ResolvedConfig {
  readonly server: {
    readonly host: string
    readonly apiPort: number
    readonly otlpPort: number
    /** -1 = no OTLP/gRPC listener. */
    readonly otlpGrpcPort: number
    /** `scope token` lines (docs/security.md); `null`: no authentication. */
    readonly authTokenFile: string | null
    /** PEM files; both set: HTTPS on both listeners. */
    readonly tlsCert: string | null
    readonly tlsKey: string | null
    /** Host names the UI/API answers to besides the loopback names and `host`. */
    readonly allowedHosts: readonly string[]
    /** Browser origins allowed to call the API besides the allowed hosts themselves. */
    readonly allowedOrigins: readonly string[]
    readonly headersTimeoutMs: number
    readonly requestTimeoutMs: number
    readonly keepAliveTimeoutMs: number
    readonly maxConnections: number
    readonly maxConnectionsPerIp: number
    /** Calls in flight on one OTLP/gRPC connection (HTTP/2 max concurrent streams). */
    readonly grpcMaxConcurrentStreams: number
    /** The OTLP/gRPC server pings a connection idle this long. */
    readonly grpcKeepaliveTimeMs: number
    /** …and closes it when the ping is not answered within this. */
    readonly grpcKeepaliveTimeoutMs: number
    /** An OTLP/gRPC connection without a call for this long is closed (GOAWAY). */
    readonly grpcMaxConnectionIdleMs: number
    /** An OTLP/gRPC connection is closed (GOAWAY) after this long; 0 = never. */
    readonly grpcMaxConnectionAgeMs: number
  }
  readonly store: {
    readonly kind: 'duckdb' | 'memory' | 'clickhouse'
    readonly path: string
    /** DuckDB's worker threads for the server's database; 0 = DuckDB's default (one per core). */
    readonly duckDbThreads: number
  }
  readonly clickhouse: {
    readonly url: string
    readonly database: string
    readonly user: string
    readonly caFile: string
    readonly ttlDays: number
    readonly tracesTable: string
    readonly metricsGaugeTable: string
    readonly metricsSumTable: string
    readonly metricsHistogramTable: string
    readonly assemble: boolean
    readonly assembleLookbackMs: number
  }
  readonly ingest: {
    readonly maxBodyBytes: number
    readonly maxQueueItems: number
    /** Spans queued or being written before batches are refused (429). */
    readonly maxQueueSpans: number
    /** Estimated in-memory bytes of queued items before batches are refused (429). */
    readonly maxQueueBytes: number
    /** Refuse (429) once the queue would take longer than this to write at the measured rate. */
    readonly maxQueueDelayMs: number
    /** Request bodies being read, decoded or written at once before new ones are refused (429). */
    readonly maxInFlightBytes: number
    /** Process RSS budget; ingest answers 503 before RSS passes it (0 = no limit). */
    readonly memoryLimitBytes: number
    /** How far past the server clock an OTLP time may lie before its span is rejected. */
    readonly maxFutureSkewMs: number
    readonly quietMs: number
    readonly keepContent: boolean
    /** Routes that are LLM requests without GenAI attributes (exact, or a prefix ending in `*`). */
    readonly llmRoutes: readonly string[]
    /** Worker threads decoding OTLP/HTTP bodies; 0 = on the event loop. */
    readonly decodeWorkers: number
  }
  readonly scrape: {
    readonly targets: readonly ScrapeTargetConfig[]
    readonly intervalMs: number
    readonly timeoutMs: number
  }
  /** Per-request bounds of the query API (docs/config.md, docs/api.md). */
  readonly api: {
    readonly maxWindowMs: number
    readonly maxBuckets: number
    readonly maxRows: number
    readonly maxFilterValues: number
    readonly maxDiagnosisBytes: number
    readonly maxImportBytes: number
  }
  /** `GET /metrics` (docs/integrations.md). */
  readonly metrics: {
    /** Dimensions labelling the derived request histograms. */
    readonly dimensions: readonly Dimension[]
    /** Distinct dimension tuples with series of their own; the rest fold into one overflow series. */
    readonly maxLabelSets: number
    /** The window diagnosed for `tokenline_finding`, back from now. */
    readonly findingsWindowMs: number
    /** A diagnosis older than this is run again at the next scrape. */
    readonly findingsIntervalMs: number
  }
  readonly log: { readonly level: 'debug' | 'info' | 'warn' | 'error' | 'silent' }
  /** The `slo:`, `alerts:` and `retention:` sections, validated and resolved once (docs/slo.md). */
  readonly slo: SloSettings
}
