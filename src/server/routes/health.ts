import type { Hono } from 'hono'
import { millisFromMicros } from '../../core/model/units.js'
import type { AppDeps } from '../app-deps.js'

/** `GET /api/health`: version, uptime, store and ingest counters, data extent. */
export function registerHealthRoutes(
  app: Hono,
  deps: Pick<AppDeps, 'store' | 'ingest' | 'slo' | 'now' | 'version'> &
    Partial<Pick<AppDeps, 'ingestTraffic' | 'clockSkew'>>
): void {
  const startedMs = deps.now()
  app.get('/api/health', async function health(c) {
    const [stats, extent, sloStats] = await Promise.all([
      deps.store.stats(),
      deps.store.extent(),
      deps.slo?.sloStore.stats() ?? null,
    ])
    const counters = deps.ingest.counters()
    const traffic = deps.ingestTraffic?.counters() ?? null
    return c.json({
      status: 'ok',
      version: deps.version,
      uptime_s: Math.max(0, (deps.now() - startedMs) / 1000),
      store: {
        spans: stats.spans,
        requests: stats.requests,
        metric_samples: stats.metricSamples,
        events: stats.events,
        bytes: stats.bytes,
        ...(sloStats === null
          ? {}
          : {
              slo_samples: sloStats.samples,
              alert_history: sloStats.alertHistory,
              retention_last_run_ms: deps.slo?.retention.last()?.atMs ?? null,
              retention_deleted: deps.slo?.retention.totals() ?? {},
            }),
      },
      ingest: {
        spans_accepted: counters.spansAccepted,
        spans_duplicate: counters.spansDuplicate,
        traces_not_llm: counters.tracesNotLlm,
        traces_not_llm_by_source: (deps.ingest.notLlmSources?.() ?? []).slice(0, 20),
        requests_assembled: counters.requestsAssembled,
        metric_samples_accepted: counters.metricSamplesAccepted,
        events_accepted: counters.eventsAccepted,
        queue_depth: counters.queueDepth,
        pending_traces: counters.pendingTraces,
        // Unknown (null) where this server does not count them, e.g. an app without listeners.
        requests_refused: traffic === null ? null : traffic.refused,
        requests_refused_by_reason: traffic === null ? null : traffic.refusedByReason,
        clients_gave_up: traffic === null ? null : traffic.clientsGaveUp,
        resident_bytes: process.memoryUsage.rss(),
        clock_skew: deps.clockSkew?.report() ?? null,
      },
      extent:
        extent === null
          ? null
          : { start_ms: millisFromMicros(extent.startUs), end_ms: millisFromMicros(extent.endUs) },
    })
  })
}
