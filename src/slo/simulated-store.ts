/** Runs a simulator scenario into a fresh memory store (for `tokenline alerts test --simulate`). */
import { createSilentLogger } from '../core/logger.js'
import { decodeTracesJson } from '../core/otlp/decode-traces.js'
import { createIngestPipeline } from '../ingest/pipeline.js'
import { createRun } from '../sim/index.js'
import { createMemoryStore } from '../storage/memory/memory-store.js'
import type { SpanStore } from '../storage/span-store.js'

/** Simulates `scenario` (seeded) through the ingest pipeline into a memory store. */
export async function simulatedStore(options: {
  scenario: string
  seed: number
  durationMs: number
}): Promise<SpanStore> {
  const run = createRun(options)
  const store = createMemoryStore()
  const sink = createIngestPipeline({
    store,
    logger: createSilentLogger(),
    now: () => run.epochUs / 1000,
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
  return store
}
