// What the HTTP apps need from the composition root (server/main.ts), in a module of its own so
// that routes depend on this description and never on app.ts, which imports them.
import type { Logger } from '../core/logger.js'
import type { IngestSink } from '../ingest/pipeline/types.js'
import type { SloService } from '../alerts/service.js'
import type { SpanStore } from '../storage/span-store.js'
import type { TokenGrant } from './auth.js'
import type { ApiLimits } from './limits.js'
import type { ServerMetrics } from './metrics/server-metrics.js'
import type { ClockSkewTracker } from './clock-skew.js'
import type { IngestTraffic } from './ingest-traffic.js'

/** What both HTTP apps need from the composition root. */
export interface AppDeps {
  store: SpanStore
  ingest: IngestSink
  logger: Logger
  /** Epoch milliseconds (a fake clock in tests). */
  now: () => number
  /**
   * Body limit of ingest routes, how far past `now()` an OTLP time may lie (`maxFutureSkewMs`,
   * default 1 h), and the query API's bounds (`api.*`; defaults when absent).
   */
  limits: { maxBodyBytes: number; maxFutureSkewMs?: number } & Partial<ApiLimits>
  version: string
  /** Folder of the built dashboard files; no static serving when absent. */
  webRoot?: string
  /**
   * A JSON file beside the database that keeps the last diagnoses across restarts (ADR 0225);
   * none for a store in memory.
   */
  diagnosisFile?: string
  /** SLOs, alerts and samples (docs/slo.md); the /api/slo routes answer empty without it. */
  slo?: SloService
  /** Tokens and browser checks (docs/security.md); without it: no tokens, loopback hosts only. */
  security?: SecurityOptions
  /** What `GET /metrics` exposes (docs/integrations.md); defaults when absent. */
  metrics?: ServerMetrics
  /** OTLP refusals and clients that gave up, counted and logged as rates. */
  ingestTraffic?: IngestTraffic
  /** Producers' clock offsets, shown in /api/health. */
  clockSkew?: ClockSkewTracker
}

/** Who may call the server, and from which pages. */
export interface SecurityOptions {
  /** Token grants; `null`: no authentication. */
  grants: readonly TokenGrant[] | null
  /** Host names answered (the loopback names included; `*` for any). */
  allowedHosts: readonly string[]
  /** Extra browser origins allowed to call the API. */
  allowedOrigins: readonly string[]
}

/** What a read-only query route needs: the store and the clock (for relative windows). */
export type ReadDeps = Pick<AppDeps, 'store' | 'now' | 'limits'>
