import type { IngestCounters, IngestSink } from '../../src/ingest/pipeline/types.js'
import type { SpanStore } from '../../src/storage/span-store.js'
import { zeroIngestCounters } from '../../src/ingest/pipeline/counters.js'

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
