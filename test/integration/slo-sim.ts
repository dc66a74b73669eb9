/** Runs a simulator scenario through the ingest pipeline into a store (SLO tests). */
import { createSilentLogger } from '../../src/core/logger.js'
import { decodeTracesJson } from '../../src/core/otlp/decode-traces.js'
import { createIngestPipeline } from '../../src/ingest/pipeline.js'
import { createRun, type ExpectedOutcome } from '../../src/sim/index.js'
import type { SpanStore } from '../../src/storage/span-store.js'

export interface Simulated {
  expected: ExpectedOutcome
  startUs: number
  endUs: number
}

/** Simulates `scenario` into `store`; returns the injected causes and the run's time span. */
export async function simulateInto(
  store: SpanStore,
  scenario: string,
  seed: number,
  durationMs: number
): Promise<Simulated> {
  const run = createRun({ scenario, seed, durationMs })
  const clock = { ms: run.epochUs / 1000 }
  const sink = createIngestPipeline({
    store,
    logger: createSilentLogger(),
    now: () => clock.ms,
    sweepIntervalMs: 0,
  })
  try {
    for (const out of run.outputs()) {
      if (out.kind === 'requests')
        await sink.submitSpans(decodeTracesJson(run.tracesJson(out.requests)).spans)
      else if (out.kind === 'metrics') await sink.submitMetrics(out.samples, run.families)
      else await sink.submitEvents([out.event])
    }
    await sink.flush()
  } finally {
    await sink.close()
  }
  return { expected: run.expected, startUs: run.epochUs, endUs: run.epochUs + run.durationUs }
}
