/**
 * The ingest port that the HTTP server, `tokenline import` and the scraper write through.
 * The pipeline behind it stores raw data durably, strips content attributes, groups spans into
 * traces and (re)assembles request timelines after a quiet period.
 */
import type { ChangeEvent } from '../../core/model/event.js'
import type { MetricFamilyMeta, MetricSample } from '../../core/model/metric.js'
import type { Span } from '../../core/model/span.js'

export interface IngestCounters {
  spansAccepted: number
  /** Second copies of a span (same trace and span id) that were not stored again. */
  spansDuplicate: number
  /** Traces with recognised spans that are no LLM call (health checks, scrapes, other services). */
  tracesNotLlm: number
  requestsAssembled: number
  metricSamplesAccepted: number
  eventsAccepted: number
  /** Spans, samples or events waiting for the writer. */
  queueDepth: number
  /** Traces waiting for their quiet period to end before assembly. */
  pendingTraces: number
  /** Spans held in memory for the pending traces (absent from sinks that do not assemble). */
  heldSpans?: number
  /** Traces read back from the store to be assembled, and the seconds those reads took. */
  tracesReadFromStore?: number
  storeReadSeconds?: number
}

/** One kind of trace kept apart from the LLM requests, and how many were seen. */
export interface NotLlmSource {
  /** Resource `service.name` of the trace's root span (`null` when absent). */
  service: string | null
  /** Name of the trace's root span, e.g. `GET /metrics`. */
  name: string
  traces: number
}

/** How a batch is submitted. */
export interface SubmitOptions {
  /**
   * When the client must have its answer (epoch ms, the sink's clock): a batch still waiting for
   * the writer then is refused (429), not written, so the client hears back before it times out.
   */
  answerByMs?: number
  /**
   * Filled in by the sink as the batch moves on (epoch ms, the sink's clock), so a listener can
   * say where an answer's time went (`Server-Timing`): when its write round started and when it
   * was committed. Left unset by sinks that do not queue.
   */
  timing?: SubmitTiming
}

/**
 * When a submitted batch's write started and was committed (epoch ms), and what the queue
 * expected of its wait: the wait it predicted when the batch was queued and the longest single
 * step of the writer (a round, a background write) the batch then waited behind (ms).
 */
export interface SubmitTiming {
  writeStartMs?: number
  committedMs?: number
  expectedWaitMs?: number
  longestStepMs?: number
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
  submitSpans(spans: readonly Span[], options?: SubmitOptions): Promise<void>
  submitMetrics(
    samples: readonly MetricSample[],
    families?: readonly MetricFamilyMeta[]
  ): Promise<void>
  submitEvents(events: readonly ChangeEvent[]): Promise<void>
  /** Assembles every pending trace now (end of an import, before a query that must see all). */
  flush(): Promise<void>
  counters(): IngestCounters
  /**
   * Where the traces counted in `tracesNotLlm` came from (service and root span name), most
   * frequent first; optional for sinks that do not assemble.
   */
  notLlmSources?(): NotLlmSource[]
  /** Flushes, stops timers; the store stays open (its owner closes it). */
  close(): Promise<void>
}
