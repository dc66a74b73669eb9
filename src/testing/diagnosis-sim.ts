/**
 * Test/script helper: runs a simulator scenario straight into an ingest pipeline over a memory
 * store (the same path `tokenline import` takes, minus the files), then diagnoses the whole run.
 */
import { runDiagnosis } from '../core/diagnosis/run-diagnosis.js'
import type { DiagnoseResult } from '../core/diagnosis/diagnose.js'
import type { ExpectedOutcome } from '../sim/index.js'
import { simulateIntoStore } from '../sim/node/into-store.js'
import { createMemoryStore } from '../storage/memory/memory-store.js'

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
  const store = createMemoryStore()
  try {
    const { expected } = await simulateIntoStore(store, {
      scenario,
      seed,
      ...(durationMs ? { durationMs } : {}),
      ...(probeShare !== undefined ? { probeShare } : {}),
    })
    return { expected, result: await runDiagnosis(store) }
  } finally {
    await store.close()
  }
}
