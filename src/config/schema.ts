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
      })
      .strict()
      .partial(),
    store: z
      .object({
        kind: z.enum(['duckdb', 'memory']),
        path: z.string().min(1),
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
  readonly server: {
    readonly host: string
    readonly apiPort: number
    readonly otlpPort: number
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
  }
  readonly store: { readonly kind: 'duckdb' | 'memory'; readonly path: string }
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
  /** Per-request bounds of the query API (docs/config.md, docs/api.md). */
  readonly api: {
    readonly maxWindowMs: number
    readonly maxBuckets: number
    readonly maxRows: number
    readonly maxFilterValues: number
    readonly maxDiagnosisBytes: number
    readonly maxImportBytes: number
  }
  readonly log: { readonly level: 'debug' | 'info' | 'warn' | 'error' | 'silent' }
  readonly slo: unknown
  readonly alerts: unknown
  readonly retention: unknown
}
