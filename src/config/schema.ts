import { z } from 'zod'
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

export interface ResolvedConfig {
  readonly server: { readonly host: string; readonly apiPort: number; readonly otlpPort: number }
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
  readonly log: { readonly level: 'debug' | 'info' | 'warn' | 'error' | 'silent' }
  /** The `slo:`, `alerts:` and `retention:` sections, validated and resolved once (docs/slo.md). */
  readonly slo: SloSettings
}
