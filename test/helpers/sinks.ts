/** Ingest sinks for tests and benchmarks. */
import { zeroIngestCounters } from '../../src/ingest/pipeline/counters.js'
import type { IngestSink } from '../../src/ingest/pipeline/types.js'

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
