import { z } from 'zod'

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
      })
      .strict()
      .partial(),
    store: z
      .object({
        kind: z.enum(['duckdb', 'memory', 'clickhouse']),
        path: z.string().min(1),
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
        quietMs: z.number().int().min(0),
        keepContent: z.boolean(),
      })
      .strict()
      .partial(),
    scrape: z
      .object({
        targets: z.array(z.string().url()),
        intervalMs: z.number().int().positive(),
        timeoutMs: z.number().int().positive(),
      })
      .strict()
      .partial(),
    log: z
      .object({ level: z.enum(['debug', 'info', 'warn', 'error', 'silent']) })
      .strict()
      .partial(),
    /** SLO tiers and alert rules; validated by their own module. */
    slo: z.unknown().optional(),
    alerts: z.unknown().optional(),
    retention: z.unknown().optional(),
  })
  .strict()
  .partial()

export type Config = z.infer<typeof configSchema>

export interface ResolvedConfig {
  readonly server: { readonly host: string; readonly apiPort: number; readonly otlpPort: number }
  readonly store: { readonly kind: 'duckdb' | 'memory' | 'clickhouse'; readonly path: string }
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
    readonly quietMs: number
    readonly keepContent: boolean
  }
  readonly scrape: {
    readonly targets: readonly string[]
    readonly intervalMs: number
    readonly timeoutMs: number
  }
  readonly log: { readonly level: 'debug' | 'info' | 'warn' | 'error' | 'silent' }
  readonly slo: unknown
  readonly alerts: unknown
  readonly retention: unknown
}
