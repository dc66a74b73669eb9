/** Ingest sinks for tests and benchmarks. */
import type { SpanStore } from '../../storage/span-store.js'
import { zeroIngestCounters } from '../pipeline/counters.js'
import type { IngestCounters, IngestSink } from '../pipeline/types.js'

/**
 * An ingest sink that stores nothing and only counts the spans handed to it (`spans`; set it to
 * 0 to start over): the import's or the server's own work, without a store behind it.
 */
export function countingSink(): IngestSink & { spans: number } {
  const sink = {
    spans: 0,
    submitSpans: async (list: readonly unknown[]) => {
      sink.spans += list.length
    },
    submitMetrics: async () => {},
    submitEvents: async () => {},
    flush: async () => {},
    counters: () => ({ ...zeroIngestCounters(), spansAccepted: sink.spans }),
    close: async () => {},
  }
  return sink
}

/**
 * An IngestSink that writes straight into a store, without assembling requests: enough to check
 * what an import hands over. Tests of the full path use the real pipeline.
 */
export function createTestSink(store: SpanStore): IngestSink {
  const counters: IngestCounters = zeroIngestCounters()
  return {
    async submitSpans(spans) {
      await store.insertSpans(spans)
      counters.spansAccepted += spans.length
    },
    async submitMetrics(samples, families) {
      await store.insertMetricSamples(samples)
      if (families && families.length > 0) {
        await store.upsertMetricFamilies(families)
      }
      counters.metricSamplesAccepted += samples.length
    },
    async submitEvents(events) {
      await store.insertEvents(events)
      counters.eventsAccepted += events.length
    },
    async flush() {},
    counters: () => ({ ...counters }),
    async close() {},
  }
}
