// What the HTTP apps need from the composition root (server/main.ts), in a module of its own so
// that routes depend on this description and never on app.ts, which imports them.
import type { Logger } from '../core/logger.js'
import type { IngestSink } from '../ingest/types.js'
import type { SloService } from '../alerts/service.js'
import type { SpanStore } from '../storage/span-store.js'

/** What both HTTP apps need from the composition root. */
export interface AppDeps {
  store: SpanStore
  ingest: IngestSink
  logger: Logger
  /** Epoch milliseconds (a fake clock in tests). */
  now: () => number
  limits: { maxBodyBytes: number }
  version: string
  /** Folder of the built dashboard files; no static serving when absent. */
  webRoot?: string
  /** SLOs, alerts and samples (docs/slo.md); the /api/slo routes answer empty without it. */
  slo?: SloService
}

/** What a read-only query route needs: the store and the clock (for relative windows). */
export type ReadDeps = Pick<AppDeps, 'store' | 'now'>
