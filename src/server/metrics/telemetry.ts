/**
 * The server's own telemetry for `GET /metrics`. Names follow the OpenTelemetry Collector's
 * internal metrics where one exists (`otelcol_receiver_accepted_spans`, …, with the Collector's
 * `receiver` and `transport` labels), so dashboards and alerts written for a Collector read
 * Tokenline's ingest too; everything else is `tokenline_*` (ADR 0140).
 *
 * It is gathered by decorating what the composition root already wires, so the ingest pipeline
 * and the stores stay unaware of it:
 *
 * ```
 * OTLP/HTTP, OTLP/gRPC, scraper, API ─► instrumentSink(receiver, transport) ─► IngestSink
 *    accepted / refused by error code, batches, commit latency, oldest batch not yet committed
 * IngestSink ─► instrumentStore ─► SpanStore
 *    write duration per operation, newest span end committed, requests → derived histograms
 * ```
 */
import { isAppError } from '../../core/errors.js'
import type { SpanStore } from '../../storage/span-store.js'
import type { IngestSink } from '../../ingest/pipeline/types.js'
import type { MetricFamily, ScalarSample } from './exposition.js'
import { createCounter, createHistogram, gaugeFamily } from './instruments.js'
import type { RequestMetrics } from './request-metrics.js'

/** Seconds, for the server's own latencies (a store write, a diagnosis, a commit). */
const LATENCY_BUCKETS_S = [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30]

function defaultCpuSeconds(): number {
  const { user, system } = process.cpuUsage()
  return (user + system) / 1e6
}

/** The reason label of a refusal: the error's code (`INGEST_OVERLOADED`, …) or `ERROR`. */
function reasonOf(err: unknown): string {
  return isAppError(err) ? err.code : 'ERROR'
}

export interface ServerTelemetry {
  /** Counts what passes through `sink` under the Collector's `receiver` and `transport` labels. */
  instrumentSink(sink: IngestSink, receiver: string, transport: string): IngestSink
  /** Times the writes of `store` and feeds its assembled requests to the derived metrics. */
  instrumentStore(store: SpanStore): SpanStore
  /** Spans an OTLP decode rejected (sent back as partial success; never stored). */
  spansRejected(receiver: string, transport: string, spans: number): void
  /** Runs a diagnosis and records its outcome and duration under `trigger` (metrics, alert). */
  timeDiagnosis<T>(trigger: string, run: () => Promise<T>): Promise<T>
  /** The derived request histograms fed by the instrumented store. */
  readonly requests: RequestMetrics
  /** Self-telemetry families; `ingest` gives the pipeline's own counters at scrape time. */
  families(ingest: IngestSink): MetricFamily[]
}

/** Creates the telemetry of one server; `now` is epoch ms. */
export function createServerTelemetry(options: {
  now: () => number
  requests: RequestMetrics
  /** CPU the process has used so far, all threads (s); default `process.cpuUsage()`. */
  cpuSeconds?: () => number
}): ServerTelemetry {
  const { now } = options
  const accepted = {
    spans: createCounter(
      'otelcol_receiver_accepted_spans',
      'Spans committed to the store (acknowledged to the sender).',
      ['receiver', 'transport']
    ),
    points: createCounter(
      'otelcol_receiver_accepted_metric_points',
      'Metric samples committed to the store.',
      ['receiver', 'transport']
    ),
  }
  const refused = {
    spans: createCounter(
      'otelcol_receiver_refused_spans',
      'Spans refused (nothing of their batch stored), by the error code of the refusal.',
      ['receiver', 'transport', 'reason']
    ),
    points: createCounter(
      'otelcol_receiver_refused_metric_points',
      'Metric samples refused (nothing of their batch stored), by the error code of the refusal.',
      ['receiver', 'transport', 'reason']
    ),
  }
  const rejected = createCounter(
    'tokenline_receiver_rejected_spans',
    'Spans an OTLP decode rejected as invalid (returned as partial success, never stored).',
    ['receiver', 'transport']
  )
  const batches = createCounter(
    'tokenline_ingest_batches',
    'Batches submitted for storage, by signal and outcome (accepted, refused).',
    ['receiver', 'transport', 'signal', 'outcome']
  )
  const admissionRefused = createCounter(
    'tokenline_ingest_admission_refused',
    'Request bodies refused before they were read (overload or memory), by error code.',
    ['receiver', 'transport', 'reason']
  )
  const commitLatency = createHistogram(
    {
      name: 'tokenline_ingest_commit_duration_seconds',
      help: 'From a batch handed to the pipeline to its commit in the store (queue wait + write).',
      unit: 'seconds',
    },
    ['signal'],
    LATENCY_BUCKETS_S
  )
  const storeWrite = createHistogram(
    {
      name: 'tokenline_store_write_duration_seconds',
      help: 'Duration of one store write, by operation and outcome.',
      unit: 'seconds',
    },
    ['operation', 'outcome'],
    LATENCY_BUCKETS_S
  )
  // Beside a write's wall time, the process's CPU while it ran says whether a slow write worked
  // longer or waited longer (for a core on a saturated host, or for the disk). It counts every
  // thread, so work the loop did meanwhile (answering, decoding) is in it: an upper bound.
  const storeWriteCpu = createCounter(
    'tokenline_store_write_cpu_seconds',
    'CPU the process used (all threads) while store writes ran, by operation: at most their own.',
    ['operation']
  )
  const cpuSeconds = options.cpuSeconds ?? defaultCpuSeconds
  const diagnosis = createHistogram(
    {
      name: 'tokenline_diagnosis_duration_seconds',
      help: 'Duration of one diagnosis run, by trigger and outcome.',
      unit: 'seconds',
    },
    ['trigger', 'outcome'],
    LATENCY_BUCKETS_S
  )
  /** Start times (epoch ms) of batches handed to the pipeline and not yet answered. */
  const inFlight = new Map<number, number>()
  let nextId = 0
  let newestSpanEndUs: number | null = null

  async function track<T>(
    signal: string,
    labels: [string, string],
    items: number,
    ok: (n: number) => void,
    refuse: (reason: string, n: number) => void,
    run: () => Promise<T>
  ): Promise<T> {
    const id = nextId++
    const startMs = now()
    inFlight.set(id, startMs)
    try {
      const result = await run()
      ok(items)
      batches.inc([...labels, signal, 'accepted'])
      commitLatency.observe([signal], Math.max(0, now() - startMs) / 1000)
      return result
    } catch (err) {
      refuse(reasonOf(err), items)
      batches.inc([...labels, signal, 'refused'])
      throw err
    } finally {
      inFlight.delete(id)
    }
  }

  function timed<A extends unknown[]>(
    operation: string,
    fn: (...args: A) => Promise<void>,
    after?: (...args: A) => void
  ): (...args: A) => Promise<void> {
    return async function timedWrite(...args: A): Promise<void> {
      const startMs = now()
      const startCpuS = cpuSeconds()
      let outcome = 'error'
      try {
        await fn(...args)
        outcome = 'ok'
        after?.(...args)
      } finally {
        storeWrite.observe([operation, outcome], Math.max(0, now() - startMs) / 1000)
        storeWriteCpu.inc([operation], Math.max(0, cpuSeconds() - startCpuS))
      }
    }
  }

  return {
    requests: options.requests,
    instrumentSink(sink, receiver, transport) {
      const labels: [string, string] = [receiver, transport]
      const instrumented: IngestSink = {
        // The options carry the answer deadline (and timing) the write queue acts on: dropping
        // them here let a batch wait for the writer past its client's timeout.
        submitSpans: (spans, options) =>
          track(
            'traces',
            labels,
            spans.length,
            (n) => accepted.spans.inc(labels, n),
            (reason, n) => refused.spans.inc([...labels, reason], n),
            () => sink.submitSpans(spans, options)
          ),
        submitMetrics: (samples, families) =>
          track(
            'metrics',
            labels,
            samples.length,
            (n) => accepted.points.inc(labels, n),
            (reason, n) => refused.points.inc([...labels, reason], n),
            () => sink.submitMetrics(samples, families)
          ),
        submitEvents: (events) =>
          track(
            'events',
            labels,
            events.length,
            () => undefined,
            () => undefined,
            () => sink.submitEvents(events)
          ),
        flush: () => sink.flush(),
        counters: () => sink.counters(),
        close: () => sink.close(),
      }
      if (sink.admit !== undefined) {
        const admit = sink.admit.bind(sink)
        instrumented.admit = (bodyBytes) => {
          try {
            return admit(bodyBytes)
          } catch (err) {
            admissionRefused.inc([...labels, reasonOf(err)])
            throw err
          }
        }
      }
      if (sink.notLlmSources !== undefined) {
        instrumented.notLlmSources = sink.notLlmSources.bind(sink)
      }
      return instrumented
    },
    instrumentStore(store) {
      const wrappers: Partial<Record<keyof SpanStore, unknown>> = {
        insertSpans: timed('insert_spans', store.insertSpans.bind(store), (spans) => {
          for (const s of spans) {
            if (newestSpanEndUs === null || s.endUs > newestSpanEndUs) {
              newestSpanEndUs = s.endUs
            }
          }
        }),
        upsertRequests: timed('upsert_requests', store.upsertRequests.bind(store), (requests) =>
          options.requests.observe(requests)
        ),
        insertMetricSamples: timed('insert_metric_samples', store.insertMetricSamples.bind(store)),
        insertEvents: timed('insert_events', store.insertEvents.bind(store)),
      }
      return new Proxy(store, {
        get(target, prop, receiver) {
          if (typeof prop === 'string' && prop in wrappers) {
            return wrappers[prop as keyof SpanStore]
          }
          const value: unknown = Reflect.get(target, prop, receiver)
          return typeof value === 'function' ? (value as () => unknown).bind(target) : value
        },
      })
    },
    spansRejected(receiver, transport, spans) {
      rejected.inc([receiver, transport], spans)
    },
    async timeDiagnosis(trigger, run) {
      const startMs = now()
      let outcome = 'error'
      try {
        const result = await run()
        outcome = 'ok'
        return result
      } finally {
        diagnosis.observe([trigger, outcome], Math.max(0, now() - startMs) / 1000)
      }
    },
    families(ingest) {
      const c = ingest.counters()
      const one = (value: number): ScalarSample[] => [{ labels: {}, value }]
      const oldestStartMs = inFlight.size === 0 ? null : Math.min(...inFlight.values())
      return [
        accepted.spans.family(),
        refused.spans.family(),
        accepted.points.family(),
        refused.points.family(),
        rejected.family(),
        {
          name: 'tokenline_spans_duplicate',
          type: 'counter',
          help: 'Second copies of a span (same trace and span id) that were not stored again.',
          samples: one(c.spansDuplicate),
        },
        {
          name: 'tokenline_traces_not_llm',
          type: 'counter',
          help: 'Traces kept apart from the LLM requests (health checks, scrapes, other services).',
          samples: one(c.tracesNotLlm),
        },
        {
          name: 'tokenline_requests_assembled',
          type: 'counter',
          help: 'Request timelines written by the assembler (re-assemblies included).',
          samples: one(c.requestsAssembled),
        },
        {
          name: 'tokenline_events_accepted',
          type: 'counter',
          help: 'Change events committed to the store.',
          samples: one(c.eventsAccepted),
        },
        batches.family(),
        admissionRefused.family(),
        gaugeFamily(
          'tokenline_ingest_queue_items',
          'Spans, samples and events waiting for or inside a store write.',
          one(c.queueDepth)
        ),
        gaugeFamily(
          'tokenline_ingest_batches_in_flight',
          'Batches handed to the pipeline and not yet committed or refused.',
          one(inFlight.size)
        ),
        gaugeFamily(
          'tokenline_ingest_oldest_batch_age_seconds',
          'Age of the oldest batch not yet committed (0 when none waits).',
          one(oldestStartMs === null ? 0 : Math.max(0, now() - oldestStartMs) / 1000),
          'seconds'
        ),
        gaugeFamily(
          'tokenline_assembly_pending_traces',
          'Traces waiting for their quiet period to end before assembly.',
          one(c.pendingTraces)
        ),
        gaugeFamily(
          'tokenline_assembly_held_spans',
          'Spans held in memory for the traces waiting for assembly.',
          c.heldSpans === undefined ? [] : one(c.heldSpans)
        ),
        {
          name: 'tokenline_assembly_store_read_traces',
          type: 'counter',
          help: 'Traces read back from the store to be assembled (late spans, or spans let go).',
          samples: c.tracesReadFromStore === undefined ? [] : one(c.tracesReadFromStore),
        },
        {
          name: 'tokenline_assembly_store_read_seconds',
          type: 'counter',
          help: 'Time spent reading traces back from the store to assemble them.',
          unit: 'seconds',
          samples: c.storeReadSeconds === undefined ? [] : one(c.storeReadSeconds),
        },
        commitLatency.family(),
        storeWrite.family(),
        storeWriteCpu.family(),
        gaugeFamily(
          'tokenline_store_newest_span_end_timestamp_seconds',
          'End time of the newest span committed by this process (time() minus it is the lag).',
          newestSpanEndUs === null ? [] : one(newestSpanEndUs / 1_000_000),
          'seconds'
        ),
        diagnosis.family(),
      ]
    },
  }
}
