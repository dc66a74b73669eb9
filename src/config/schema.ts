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
        /** OTLP/gRPC port; 0 = a free port, -1 = no gRPC listener. */
        otlpGrpcPort: z.number().int().min(-1).max(65535),
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
  }
  readonly store: { readonly kind: 'duckdb' | 'memory'; readonly path: string }
  readonly ingest: {
    readonly maxBodyBytes: number
    readonly maxQueueItems: number
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
  readonly log: { readonly level: 'debug' | 'info' | 'warn' | 'error' | 'silent' }
  readonly slo: unknown
  readonly alerts: unknown
  readonly retention: unknown
}
