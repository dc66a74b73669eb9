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
        kind: z.enum(['duckdb', 'memory']),
        path: z.string().min(1),
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
  readonly store: { readonly kind: 'duckdb' | 'memory'; readonly path: string }
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
