/**
 * Runs a simulator scenario straight through the ingest pipeline into a store: the path
 * `tokenline import` takes, minus the files. Used by `alerts test --simulate` and by tests.
 */
import { createSilentLogger } from '../../core/logger.js'
import { decodeTracesJson } from '../../core/otlp/decode-traces.js'
import { createIngestPipeline } from '../../ingest/pipeline/pipeline.js'
import { createRun, type ExpectedOutcome, type RunOptions } from '../index.js'
import type { SpanStore } from '../../storage/span-store.js'

export interface SimulatedIntoStore {
  expected: ExpectedOutcome
  /** The run's time span, epoch µs. */
  startUs: number
  endUs: number
}

/** Simulates the scenario into `store` and assembles every request before returning. */
export async function simulateIntoStore(
  store: SpanStore,
  options: RunOptions
): Promise<SimulatedIntoStore> {
  const run = createRun(options)
  const sink = createIngestPipeline({
    store,
    logger: createSilentLogger(),
    now: () => run.epochUs / 1000,
    sweepIntervalMs: 0,
  })
  try {
    for (const out of run.outputs()) {
      if (out.kind === 'requests') {
        await sink.submitSpans(decodeTracesJson(run.tracesJson(out.requests)).spans)
      } else if (out.kind === 'metrics') {
        await sink.submitMetrics(out.samples, run.families)
      } else {
        await sink.submitEvents([out.event])
      }
    }
    await sink.flush()
  } finally {
    await sink.close()
  }
  return { expected: run.expected, startUs: run.epochUs, endUs: run.epochUs + run.durationUs }
}
