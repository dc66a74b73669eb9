/**
 * Test/script helper: runs a simulator scenario straight into an ingest pipeline over a memory
 * store (the same path `tokenline import` takes, minus the files), then diagnoses the whole run.
 */
import { runDiagnosis } from '../../src/analysis/run-diagnosis.js'
import type { DiagnoseResult } from '../../src/core/diagnosis/diagnose.js'
import { createSilentLogger } from '../../src/core/logger.js'
import { decodeTracesJson } from '../../src/core/otlp/decode-traces.js'
import { createIngestPipeline } from '../../src/ingest/pipeline.js'
import { createRun, type ExpectedOutcome } from '../../src/sim/index.js'
import { createMemoryStore } from '../../src/storage/memory/memory-store.js'

export interface SimDiagnosis {
  expected: ExpectedOutcome
  result: DiagnoseResult
}

/** Simulates `scenario` with `seed` and diagnoses it. */
export async function diagnoseScenario(
  scenario: string,
  seed: number,
  durationMs?: number,
  probeShare?: number
): Promise<SimDiagnosis> {
  const run = createRun({
    scenario,
    seed,
    ...(durationMs ? { durationMs } : {}),
    ...(probeShare !== undefined ? { probeShare } : {}),
  })
  const store = createMemoryStore()
  const clock = { ms: run.epochUs / 1000 }
  const sink = createIngestPipeline({
    store,
    logger: createSilentLogger(),
    now: () => clock.ms,
    sweepIntervalMs: 0,
  })
  try {
    for (const out of run.outputs()) {
      if (out.kind === 'requests') {
        const { spans } = decodeTracesJson(run.tracesJson(out.requests))
        await sink.submitSpans(spans)
      } else if (out.kind === 'metrics') {
        await sink.submitMetrics(out.samples, run.families)
      } else {
        await sink.submitEvents([out.event])
      }
    }
    await sink.flush()
    const result = await runDiagnosis(store)
    return { expected: run.expected, result }
  } finally {
    await sink.close()
    await store.close()
  }
}
