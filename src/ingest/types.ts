/**
 * The ingest port that the HTTP server, `tokenline import` and the scraper write through.
 * The pipeline behind it stores raw data durably, strips content attributes, groups spans into
 * traces and (re)assembles request timelines after a quiet period.
 */
import type { ChangeEvent } from '../core/model/event.js'
import type { MetricFamilyMeta, MetricSample } from '../core/model/metric.js'
import type { Span } from '../core/model/span.js'

export interface IngestCounters {
  spansAccepted: number
  requestsAssembled: number
  metricSamplesAccepted: number
  eventsAccepted: number
  /** Spans, samples or events waiting for the writer. */
  queueDepth: number
  /** Traces waiting for their quiet period to end before assembly. */
  pendingTraces: number
}

export interface IngestSink {
  /**
   * Cheap check before a request body of about `bodyBytes` is read: throws
   * `INGEST_MEMORY_LIMITED` (503) or `INGEST_OVERLOADED` (429), both with `retryAfterSeconds`,
   * when the request would be refused anyway or would push the bodies being read and decoded
   * past their budget, so an overloaded server spends neither memory nor CPU on it. Returns
   * the release to call once the request is answered.
   */
  admit?(bodyBytes: number): () => void
  /**
   * Resolves once the spans are committed to the store (a 2xx may then be sent).
   * Rejects with `AppError('INGEST_OVERLOADED', …, { retryAfterSeconds })` when the write queue
   * is full; nothing of the batch is stored in that case.
   */
  submitSpans(spans: readonly Span[]): Promise<void>
  submitMetrics(
    samples: readonly MetricSample[],
    families?: readonly MetricFamilyMeta[]
  ): Promise<void>
  submitEvents(events: readonly ChangeEvent[]): Promise<void>
  /** Assembles every pending trace now (end of an import, before a query that must see all). */
  flush(): Promise<void>
  counters(): IngestCounters
  /** Flushes, stops timers; the store stays open (its owner closes it). */
  close(): Promise<void>
}
