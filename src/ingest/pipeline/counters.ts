import type { IngestCounters } from './types.js'

/** Counters of a sink that has taken nothing yet (the pipeline and the test sinks start from it). */
export function zeroIngestCounters(): IngestCounters {
  return {
    spansAccepted: 0,
    spansDuplicate: 0,
    tracesNotLlm: 0,
    requestsAssembled: 0,
    metricSamplesAccepted: 0,
    eventsAccepted: 0,
    queueDepth: 0,
    pendingTraces: 0,
  }
}
